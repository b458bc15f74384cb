"""A whole game state as a form a player fills on a phone, and the form's fields back into the state.

The form is built from the state document itself (an example of the game's, or what the player
posted): every piece, player or stack a card of fields, a position an "x, y" field, a yes/no a
choice, a list of words one field with commas, the declared action built from the game's own
actions. Nothing here knows a game: a new key in a game's state format becomes a field by itself.
The fields name where their value goes and what it is (`n:pieces/7/bac` is a number), so the form
reads back into the same document; YAML stays for the command line (`referee check STATE`).
"""

from __future__ import annotations

import json
import re
from copy import deepcopy
from typing import Any

import yaml

from referee.errors import RefereeError

HIDDEN_KEYS = ("game",)  # the game is the example's: another game is another example
MAX_FIELDS = 600
SHORT_WORD = re.compile(r"[^\s,]{1,24}")


# ---------------------------------------------------------------- paths: JSON pointers, lists as #i


def _escape(key: str) -> str:
    escaped = str(key).replace("~", "~0").replace("/", "~1")
    return "~2" + escaped[1:] if escaped.startswith("#") else escaped


def _unescape(part: str) -> str:
    return part.replace("~2", "#").replace("~1", "/").replace("~0", "~")


def _join(path: str, key: str | int) -> str:
    part = f"#{key}" if isinstance(key, int) else _escape(key)
    return f"{path}/{part}" if path else part


def _label(key: str) -> str:
    return str(key).replace("_", " ").replace("-", " ")


# ---------------------------------------------------------------- the document as fields


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _scalar_field(path: str, key: str, value: Any) -> dict[str, Any]:
    if isinstance(value, bool):
        return {"kind": "bool", "name": f"b:{path}", "label": _label(key), "value": "true" if value else "false"}
    if isinstance(value, (int, float)):
        shown = str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
        return {"kind": "number", "name": f"n:{path}", "label": _label(key), "value": shown}
    return {"kind": "text", "name": f"t:{path}", "label": _label(key), "value": "" if value is None else str(value)}


def _list_field(path: str, key: str, value: list[Any]) -> dict[str, Any]:
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        shown = ", ".join(str(int(v)) if isinstance(v, float) and v.is_integer() else str(v) for v in value)
        hint = "x, y" if len(value) == 2 and key in ("at", "position", "to", "from") else "numbers, with commas"
        return {"kind": "numbers", "name": f"ln:{path}", "label": _label(key), "value": shown, "hint": hint}
    if all(isinstance(v, str) and SHORT_WORD.fullmatch(v) for v in value):
        return {"kind": "words", "name": f"lw:{path}", "label": _label(key), "value": ", ".join(value),
                "hint": "words, with commas"}  # fmt: skip
    if all(isinstance(v, str) for v in value):
        items = [{"name": f"li:{_join(path, i)}", "value": v} for i, v in enumerate(value)]
        items.append({"name": f"li:{_join(path, len(value))}", "value": ""})  # one more, to add
        return {"kind": "lines", "label": _label(key), "items": items}
    return {"kind": "json", "name": f"j:{path}", "label": _label(key), "value": json.dumps(value, ensure_ascii=False)}


def _cleared(fields: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The same fields with nothing in them: the row that adds a member like the others."""
    out = []
    for field in fields:
        field = dict(field)
        if "value" in field:
            field["value"] = ""
        if "items" in field:
            field["items"] = field["items"][-1:]
        for inner in ("fields",):
            if inner in field:
                field[inner] = _cleared(field[inner])
        if field["kind"] == "group":
            field["cards"], field["add"] = [], None
        out.append(field)
    return out


def without(document: dict[str, Any], path: str, key: str) -> dict[str, Any]:
    """A copy of the document without the key at a dotted path (`pieces.7`, `active`); the same document
    when the path leads nowhere."""
    copy = deepcopy(document)
    item: Any = copy
    for part in [p for p in path.split(".") if p]:
        found = [k for k in item if str(k) == part] if isinstance(item, dict) else []
        if not found:
            return document
        item = item[found[0]]
    if isinstance(item, dict):
        item.pop(key, None)
    return copy


def fields_of(value: Any, path: str = "", key: str = "") -> list[dict[str, Any]]:
    """The fields of a mapping, in its order: scalars, lists, and groups of members as cards."""
    out: list[dict[str, Any]] = []
    for name, item in value.items():
        here = _join(path, name)
        if not path and name in HIDDEN_KEYS:
            out.append({"kind": "hidden", "name": f"t:{here}", "value": str(item)})
        elif _is_scalar(item):
            out.append(_scalar_field(here, name, item))
        elif isinstance(item, list) and (not item or all(_is_scalar(v) for v in item)):
            out.append(_list_field(here, name, item))
        elif isinstance(item, dict) and item and all(isinstance(v, dict) for v in item.values()):
            out.append(_group(here, name, item))
        elif isinstance(item, list) and all(isinstance(v, dict) for v in item):
            out.append(_sequence(here, name, item))
        elif isinstance(item, dict):
            out.append({"kind": "mapping", "label": _label(name), "fields": fields_of(item, here)})
        else:
            out.append({"kind": "json", "name": f"j:{here}", "label": _label(name), "value": json.dumps(item)})
    return out


def _suggest(fields: list[dict[str, Any]], seen: dict[str, list[str]]) -> None:
    """A text field whose key the other members fill with a few words (team: attack, defence)
    suggests them (a phone shows them above its keyboard)."""
    for field in fields:
        key = field.get("name", "").rsplit("/", 1)[-1]
        if field["kind"] == "text" and key in seen:
            field["choices"] = seen[key]


def _seen_words(members: list[dict]) -> dict[str, list[str]]:
    seen: dict[str, list[str]] = {}
    for member in members:
        for key, value in member.items():
            if isinstance(value, str) and SHORT_WORD.fullmatch(value) and value not in seen.setdefault(key, []):
                seen[key].append(value)
    return {k: v for k, v in seen.items() if 2 <= len(v) <= 6}


def _group(path: str, key: str, members: dict[str, dict]) -> dict[str, Any]:
    cards: list[dict[str, Any]] = [
        {
            "id": str(k),
            "keep": f"k:{_join(path, k)}",
            "remove": f"rm:{_join(path, k)}",
            "fields": fields_of(v, _join(path, k)),
        }
        for k, v in members.items()
    ]
    first = next(iter(members.values()))
    add = {"id_field": f"id:{path}", "fields": _cleared(fields_of(first, _join(path, "+")))}
    seen = _seen_words(list(members.values()))
    for card in [*cards, add]:
        _suggest(card["fields"], seen)
    return {"kind": "group", "label": _label(key), "cards": cards, "add": add, "path": path}


def _sequence(path: str, key: str, items: list[dict]) -> dict[str, Any]:
    cards = [
        {
            "id": str(i + 1),
            "keep": f"k:{_join(path, i)}",
            "remove": f"rm:{_join(path, i)}",
            "fields": fields_of(v, _join(path, i)),
        }
        for i, v in enumerate(items)
    ]
    add = {"fields": _cleared(fields_of(items[0], _join(path, "+")))} if items else None
    return {"kind": "group", "label": _label(key), "cards": cards, "add": add, "path": path, "ordered": True}


# ---------------------------------------------------------------- fields back into the document


def _number(text: str, where: str) -> int | float:
    try:
        number = float(text)
    except ValueError:
        raise RefereeError(f"{where}: {text!r} is not a number") from None
    return int(number) if number.is_integer() and not re.search(r"[.eE]", text) else number


def _word(text: str) -> Any:
    """A list's item as YAML would read it unquoted: 3 is a number, ronin a word."""
    try:
        return _number(text, "")
    except RefereeError:
        return text


def _value(tag: str, text: str, where: str) -> tuple[bool, Any]:
    """(keep it, the value): an empty field leaves the key out (the game's default applies)."""
    text = text.strip()
    if tag == "t":
        return bool(text), text
    if tag == "n":
        return bool(text), _number(text, where) if text else None
    if tag == "b":
        return text in ("true", "false"), text == "true"
    if tag == "ln":
        return True, [_number(p.strip(), where) for p in re.split(r"[,\s]+", text) if p.strip()]
    if tag == "lw":
        return True, [_word(p.strip()) for p in text.split(",") if p.strip()]
    if tag == "li":
        return bool(text), text
    if tag == "j":
        try:
            return bool(text), json.loads(text) if text else None
        except ValueError:
            raise RefereeError(f"{where}: not JSON: {text[:40]!r}") from None
    raise RefereeError(f"form: unknown field kind {tag!r}")


_KEEP = object()  # a member with no fields of its own (a player who holds nothing yet) is still there


def _put(root: dict[str, Any], parts: list[str], value: Any) -> None:
    node: Any = root
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if last and value is _KEEP:
            key_ = int(part[1:]) if part.startswith("#") else _unescape(part)
            if isinstance(node, dict):
                node.setdefault(key_, {})
            else:
                node.extend([None] * (int(key_) + 1 - len(node)))
                node[int(key_)] = node[int(key_)] if node[int(key_)] is not None else {}
            return
        key: str | int = int(part[1:]) if part.startswith("#") else _unescape(part)
        if isinstance(node, dict):
            if last:
                node[key] = value
            else:
                node = node.setdefault(key, [] if parts[i + 1].startswith("#") else {})
        else:  # a list, filled by index (a gap left by a removed item closes up afterwards)
            assert isinstance(key, int)
            node.extend([None] * (key + 1 - len(node)))
            if last:
                node[key] = value
            else:
                if node[key] is None:
                    node[key] = [] if parts[i + 1].startswith("#") else {}
                node = node[key]


def document_of(fields: list[tuple[str, str]]) -> dict[str, Any]:
    """The state a form describes. Members marked for removal are left out; a new member is added
    when its id (a group's) or any of its fields (a sequence's) is filled in."""
    if len(fields) > MAX_FIELDS:
        raise RefereeError(f"form: at most {MAX_FIELDS} fields")
    removed = {name.partition(":")[2] for name, value in fields if name.startswith("rm:") and value}
    new_ids = {name.partition(":")[2]: value.strip() for name, value in fields if name.startswith("id:")}
    root: dict[str, Any] = {}
    added: dict[str, dict[str, Any]] = {}
    for name, text in fields:
        tag, _, path = name.partition(":")
        if tag in ("rm", "id", "example", "") or not path:
            continue
        parts = path.split("/")
        if any(path == r or path.startswith(r + "/") for r in removed):
            continue
        if tag == "k":
            _put(root, parts, _KEEP)
            continue
        keep, value = _value(tag, text, _label(parts[-1]))
        if "+" in parts:
            plus = parts.index("+")
            group = "/".join(parts[:plus])
            if keep and (value or value == 0 or value is False):
                _put(added.setdefault(group, {}), parts[plus + 1 :], value)
            continue
        if keep:
            _put(root, parts, value)
        elif tag == "li":
            continue
    for group, member in added.items():
        parts = group.split("/")
        node: Any = root
        for part in parts[:-1]:
            node = node.setdefault(_unescape(part), {})
        last = _unescape(parts[-1])
        if new_ids.get(group):
            node.setdefault(last, {})[new_ids[group].lstrip("#")] = member
        elif group not in new_ids and member:
            node.setdefault(last, []).append(member)
    _drop_list_gaps(root)
    return root


def _drop_list_gaps(node: Any) -> None:
    """List items left empty (a removed one, the blank line to add) close up."""
    if isinstance(node, dict):
        for value in node.values():
            _drop_list_gaps(value)
    elif isinstance(node, list):
        node[:] = [v for v in node if v is not None and v != {}]
        for value in node:
            _drop_list_gaps(value)


def as_yaml(document: dict[str, Any]) -> str:
    """The same state as the command line reads it (`referee check STATE`)."""
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


# ---------------------------------------------------------------- the action, from the game's own


def action_templates(actions: list[Any]) -> list[dict[str, Any]]:
    """Each action with the words it is declared in ("#7 passes to #9"): the pieces it names
    (#7, #9) become choices of the state's pieces, the rest stays as the game words it."""
    out = []
    for action in actions:
        template = action.help.split(" / ")[0].strip()
        parts = re.split(r"(#\w+)", template)
        out.append({"name": action.name, "help": action.help, "template": template, "parts": parts})
    return out


def piece_ids(document: dict[str, Any]) -> list[str]:
    """The ids an action names with '#': the members of the state's pieces (or first group)."""
    pieces = document.get("pieces")
    if not isinstance(pieces, dict):
        pieces = next((v for v in document.values() if isinstance(v, dict) and v and
                       all(isinstance(m, dict) for m in v.values())), {})  # fmt: skip
    return [str(k) for k in pieces]
