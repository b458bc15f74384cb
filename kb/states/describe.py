"""A game's state format from what it declares: its state keys (each with what it says, where the game
declares it, and an example value from a shipped state) and its actions (each with its wording and an
example from a shipped state). `referee check --describe GAME` prints it; docs/game-states.md's per-game
part is generated from it (cog, `make docs`), so the page and the code cannot drift apart."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.paths import default_corpus_dir
from referee.rules.actions import StateRules
from referee.rules.loading import load_rules
from referee.states.wording import match
from referee.validation.documents import load_document


def _shipped(folder: str) -> list[tuple[str, dict[str, Any]]]:
    """The game's shipped states (examples first, then disputes), by name."""
    root = Path(folder) / "states"
    paths = sorted(root.glob("*.yaml")) + sorted(root.glob("*/*.yaml")) if folder else []
    out = []
    for path in paths:
        data = load_document(path.read_text(encoding="utf-8"), str(path))
        if isinstance(data, dict):
            out.append((path.relative_to(root).with_suffix("").as_posix(), data))
    return out


def _texts(document: dict[str, Any]) -> list[str]:
    items = [document["action"]] if "action" in document else document.get("actions") or []
    return [item["do"] if isinstance(item, dict) else item for item in items if isinstance(item, (str, dict))]


def describe_game(game: str, rules: StateRules) -> dict[str, Any]:
    """The game's declared keys and actions, each with one example (a shipped state's, else none)."""
    shipped = _shipped(rules.folder)
    keys = []
    for key in rules.keys:
        found = next(((name, doc[key]) for name, doc in shipped if key in doc), None)
        keys.append(
            {
                "key": key,
                "help": rules.key_help.get(key, ""),
                "example": found[1] if found else None,
                "from": found[0] if found else None,
            }
        )
    examples: dict[str, tuple[str, str]] = {}
    for name, document in shipped:
        for text in _texts(document):
            matched = match(text, rules) if isinstance(text, str) else None
            if matched is not None:
                examples.setdefault(matched[0].name, (text, name))
    actions = [
        {
            "action": action.name,
            "wording": action.help,
            "claim": action.claim,
            "example": examples.get(action.name, (action.help, None))[0],
            "from": examples.get(action.name, ("", None))[1],
        }
        for action in rules.actions
    ]
    return {"game": game, "keys": keys, "actions": actions}


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def describe_text(description: dict[str, Any]) -> str:
    """The description as the CLI prints it."""
    lines = [f"{description['game']}: state keys (besides game, action/actions, dice, facts, asks)"]
    for item in description["keys"]:
        example = f" (e.g. {_value(item['example'])})" if item["from"] else ""
        help_ = f" — {item['help']}" if item["help"] else ""
        lines.append(f"  {item['key']}{help_}{example}")
    lines.append("actions (the wording each reads, and an example)")
    for item in description["actions"]:
        claim = " [a claim: checked against the state]" if item["claim"] else ""
        lines.append(f"  {item['action']}: “{item['wording']}”{claim}")
        if item["from"]:
            lines.append(f"      e.g. “{item['example']}” ({item['from']})")
    return "\n".join(lines)


def corpus_markdown() -> str:
    """The generated part for the games of the corpus (what cog writes into docs/game-states.md)."""
    return games_markdown(load_rules(default_corpus_dir()).states)


def games_markdown(rules_by_game: dict[str, StateRules]) -> str:
    """docs/game-states.md's generated part: every game's keys and actions, in the games' order."""
    return "".join(describe_markdown(describe_game(game, rules_by_game[game])) for game in sorted(rules_by_game))


def describe_markdown(description: dict[str, Any]) -> str:
    """The description as docs/game-states.md's generated part for one game."""
    out = [
        f"\n### {description['game']}: keys and actions\n",
        "| key | what it says | example |",
        "| --- | --- | --- |",
    ]
    for item in description["keys"]:
        example = f"`{_value(item['example'])}` ({item['from']})" if item["from"] else "—"
        out.append(f"| `{item['key']}` | {item['help'] or '—'} | {example.replace('|', '/')} |")
    out += ["", "| action | wording | example |", "| --- | --- | --- |"]
    for item in description["actions"]:
        claim = " (a claim)" if item["claim"] else ""
        example = f"“{item['example']}” ({item['from']})" if item["from"] else "—"
        out.append(f"| `{item['action']}`{claim} | “{item['wording']}” | {example.replace('|', '/')} |")
    return "\n".join(out) + "\n"
