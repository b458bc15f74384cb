"""Every fact of a state accounted for: read by a check of the ruling, or shown, with its reason, not to
bear on it. A key nothing read is excused only by a reason: it is empty; it belongs to a piece or player
no action involves; or the game declares why it does not bear (`StateRules.ignores` for every action,
`Action.ignores` for one), and then for every action of the sequence. What is left is unaccounted, and a
ruling with an unaccounted key is not a verdict (`referee.states.ruling`)."""

from __future__ import annotations

import re
from fnmatch import fnmatchcase
from typing import Any

from referee.rules.actions import Action, StateRules
from referee.states.tracking import not_bearing, value_at

_SEVERAL = re.compile(r"\s*(?:,|\band\b|\bagainst\b|\bon\b|\bto\b)\s*")
SHAPE = "part of the state's shape (every state of the game gives it), not a fact added; no rule here reads it"
PARTIES = ("ball", "active", "lead", "carrier")  # top-level keys that name the piece or player acting


def involved(document: dict[str, Any], actions: list[dict[str, Any]]) -> set[str]:
    """The pieces and players the actions name (their arguments) or the state names as acting."""
    names: set[str] = set()
    for action in actions:
        for key, value in action.items():
            if key not in ("type", "text", "after") and isinstance(value, str):
                names |= {n.strip().lstrip("#").casefold() for n in _SEVERAL.split(value) if n.strip()}
        for word in re.findall(r"#?(\w+)", action["text"]):
            names.add(word.casefold())
    for key in PARTIES:
        if isinstance(document.get(key), (str, int)) and not isinstance(document.get(key), bool):
            names.add(str(document[key]).lstrip("#").casefold())
    return names


def _owner(document: dict[str, Any], path: str) -> str | None:
    """The piece or player a key belongs to (`pieces.7.at` is 7's, `players.0.hand` the first player's)."""
    parts = path.split(".")
    if len(parts) < 3:
        return None
    entity = value_at(document, ".".join(parts[:2]))
    if parts[1].isdigit() and isinstance(entity, dict) and isinstance(entity.get("name"), str):
        return entity["name"].casefold()
    return parts[1].lstrip("#").casefold()


def _declared(paths: tuple[str, ...], globs: Any, action: str, ruled: str) -> str | None:
    """The reason declared for the key: `glob`, or `when,…:glob` where each `when` is an action's name or
    `illegal` (the ruling found the declaration illegal, so the rest of the action is not played)."""
    for declared, why in dict(globs).items():
        when, _, glob = declared.rpartition(":")
        if when and not {action, ruled} & {w.strip() for w in when.split(",")}:
            continue
        if any(fnmatchcase(path, glob) for path in paths):
            return why
    return None


def unread_by_any_rule(document: dict[str, Any], rules: StateRules) -> list[str]:
    """The words of the game's word lists that no rule of the game reads (`StateRules.words`), as keys
    (`pieces.4.status.active`): whatever read the list, such a word bore on nothing."""
    out = []
    for glob, known in rules.words.items():
        parts = glob.split(".")
        for leaf in _matching(document, parts, []):
            words = value_at(document, leaf)
            if isinstance(words, list):
                out += [f"{leaf}.{w}" for w in words if isinstance(w, str) and w not in known]
    return out


def _matching(item: Any, parts: list[str], at: list[str]) -> list[str]:
    """The dotted paths of the document that a glob of dotted parts (`pieces.*.status`) matches."""
    if not parts:
        return [".".join(at)]
    if not isinstance(item, dict):
        return []
    head, rest = parts[0], parts[1:]
    return [p for k, v in item.items() if fnmatchcase(str(k), head) for p in _matching(v, rest, [*at, str(k)])]


def _measured(document: dict[str, Any], owner: str, read: set[str]) -> bool:
    """Whether a rule of the ruling read some key of this piece or player (where it stands, a status)."""
    return any(_owner(document, p) == owner for p in read)


def reason(
    document: dict[str, Any],
    path: str,
    rules: StateRules,
    actions: list[Action],
    parties: set[str],
    ruled: str,
    read: set[str],
    never: frozenset[str] = frozenset(),
) -> str | None:
    """Why a key nothing read does not bear on the ruling, or None when nothing shows that it does not."""
    if value_at(document, path) in (None, "", [], {}):
        return "empty: it gives no fact"
    owner = _owner(document, path)
    # a word no rule of the game reads, on a piece a rule measured (#4 pressuring the carrier), is named: that
    # piece is not one "no rule measures" (phone review 4, task 13: `active` beside `pressure` passed silently)
    measured = path in never and owner is not None and _measured(document, owner, read)
    if owner is not None and owner not in parties and not measured:
        return f"of {owner}, whom no action names and no rule of these actions measures"
    if any(fnmatchcase(path, glob) for glob in rules.shape):
        return SHAPE
    whys = []
    # a word of a word list is excused as its list is (`pieces.*.status` excuses `pieces.7.status.active`)
    listed, _, word = path.rpartition(".")
    words = value_at(document, listed)
    paths = (path, listed) if isinstance(words, list) and word in words else (path,)
    for action in actions:
        why = _declared(paths, action.ignores, action.name, ruled) or _declared(
            paths, rules.ignores, action.name, ruled
        )
        if why is None:
            return None
        whys.append(why)
    return "; ".join(dict.fromkeys(whys)) or None


def account(
    document: dict[str, Any],
    read: set[str],
    common: tuple[str, ...],
    rules: StateRules,
    actions: list[Action],
    named: list[dict[str, Any]],
    ruled: str,
) -> tuple[list[str], dict[str, str], list[str]]:
    """The keys nothing read, the reason each of them does not bear, and those no reason excuses."""
    keys = not_bearing(document, read, common)
    unread_words = unread_by_any_rule(document, rules)
    keys += [k for k in unread_words if k not in keys]
    never = frozenset(unread_words)
    parties = involved(document, named)
    why, unaccounted = {}, []
    for key in keys:
        found = reason(document, key, rules, actions, parties, ruled, read, never)
        if found is None:
            unaccounted.append(key)
        else:
            why[key] = found
    return keys, why, unaccounted
