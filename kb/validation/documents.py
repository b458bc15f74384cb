"""The one guard for every document a user gives: YAML and JSON (situations, states, HTTP bodies,
question files) and TOML (game.toml), read safely and bounded.

Refused, each as one RefereeError line naming the source and the place (line and column where the
decoder knows it, else the key): a NUL or a control character (also one written as an escape, such
as "\\u0000"); a key given twice (YAML and JSON decoders keep the last silently, so a state's second
piece under one key replaced the first); a key that is not a word or a number (`on:` reads as
true in YAML 1.1); a number out of range (10^400, 1e400, inf, nan), so that no reader downstream
meets an OverflowError; YAML's types that JSON does not have (sets, binary; a date is read as the
text written); anchors and aliases (a "billion laughs" document expands exponentially through
them); nesting deeper than a state ever needs; files larger than a state ever is.

JSON is read by the same YAML loader (a JSON document is YAML; `1e5` is read as the number JSON
means), so its mistakes have a line and a column too.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from typing import Any

import yaml

from referee.errors import RefereeError
from referee.validation.text import NONPRINTABLE, describe_character, place, require_printable

MAX_CHARS = 200_000
MAX_DEPTH = 24
MAX_MAGNITUDE = 10**15  # no count, position, die or characteristic is near it; far inside a float's exact range
NOT_JSON_TAGS = ("binary", "set", "omap", "pairs")


class _Refused(Exception):
    """A refusal met while decoding; the loader adds the source."""


def _at(node: Any) -> str:
    mark = node.start_mark
    return f"line {mark.line + 1}, column {mark.column + 1}"


def _number_refused(node: Any, written: str) -> _Refused:
    shown = written if len(written) <= 20 else f"{written[:12]}… ({len(written)} characters)"
    return _Refused(f"{_at(node)}: the number {shown} is out of range (at most 10^15)")


class _GuardedLoader(yaml.SafeLoader):
    """The safe loader, refusing what the module says, with a nesting limit checked before recursing."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            raise _Refused(f"{_at(self.peek_event())}: anchors and aliases (&name, *name) are not allowed")
        event = self.peek_event()
        if getattr(event, "anchor", None) is not None:
            raise _Refused(f"{_at(event)}: anchors and aliases (&name, *name) are not allowed")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Refused(f"{_at(event)}: nested more than {MAX_DEPTH} levels deep")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        if not isinstance(node, yaml.MappingNode):
            return super().construct_mapping(node, deep)
        seen: dict[str, Any] = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _Refused(f"{_at(key_node)}: merge keys (<<) are not allowed")
            key = self.construct_object(key_node, deep=True)
            if isinstance(key, bool) or key is None or not isinstance(key, (str, int)):
                written = key_node.value if isinstance(key_node, yaml.ScalarNode) else "a list or mapping"
                raise _Refused(f"{_at(key_node)}: the key {written!r} is not a word or a number; quote it")
            if str(key) in seen:
                raise _Refused(f"{_at(key_node)}: the key {str(key)!r} is given twice (first at {seen[str(key)]})")
            seen[str(key)] = _at(key_node)
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: Any) -> int:
        written = str(node.value)
        if len(written.replace("_", "").lstrip("+-")) > 16:
            raise _number_refused(node, written)
        value = super().construct_yaml_int(node)
        if abs(value) > MAX_MAGNITUDE:
            raise _number_refused(node, written)
        return value

    def construct_yaml_float(self, node: Any) -> float:
        value = super().construct_yaml_float(node)
        if not math.isfinite(value) or abs(value) > MAX_MAGNITUDE:
            raise _number_refused(node, str(node.value))
        return value

    def construct_yaml_str(self, node: Any) -> str:
        value = super().construct_yaml_str(node)
        found = NONPRINTABLE.search(value)
        if found is not None:  # written as an escape ("\0", "\x07"): the raw text was printable
            raise _Refused(f"{_at(node)}: {describe_character(found.group())} is not allowed")
        return value

    def construct_yaml_timestamp(self, node: Any) -> str:  # type: ignore[override]
        return self.construct_yaml_str(node)  # a date is the text written: JSON has no dates

    def construct_not_json(self, node: Any) -> Any:
        raise _Refused(f"{_at(node)}: the YAML type {node.tag.rsplit(':', 1)[-1]} is not allowed")


_GuardedLoader.add_constructor("tag:yaml.org,2002:int", _GuardedLoader.construct_yaml_int)
_GuardedLoader.add_constructor("tag:yaml.org,2002:float", _GuardedLoader.construct_yaml_float)
_GuardedLoader.add_constructor("tag:yaml.org,2002:str", _GuardedLoader.construct_yaml_str)
_GuardedLoader.add_constructor("tag:yaml.org,2002:timestamp", _GuardedLoader.construct_yaml_timestamp)
for _tag in NOT_JSON_TAGS:
    _GuardedLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _GuardedLoader.construct_not_json)
_GuardedLoader.add_constructor(None, _GuardedLoader.construct_not_json)  # any other tag (!python/…, !foo)
# JSON's `1e5` is a number (YAML 1.1 wants a dot in a float and would read it as text)
_GuardedLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float", re.compile(r"^[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?[eE][-+]?[0-9]+$"), list("-+0123456789")
)


def load_document(text: str, source: str) -> Any:
    """The data of a YAML/JSON document, or one clear error naming the source and the place."""
    if len(text) > MAX_CHARS:
        raise RefereeError(f"{source}: {len(text)} characters; a situation or state is at most {MAX_CHARS}")
    require_printable(text, source)
    loader = _GuardedLoader(text)
    try:
        return loader.get_single_data()
    except _Refused as exc:
        raise RefereeError(f"{source}: {exc}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        why = exc.problem or exc.context or "unreadable"
        raise RefereeError(f"{source}: {where}not YAML or JSON ({why})") from None
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise RefereeError(f"{source}: not YAML or JSON ({first[:120]})") from None
    except (RecursionError, OverflowError, ValueError) as exc:
        raise RefereeError(f"{source}: cannot be read ({type(exc).__name__})") from None
    finally:
        loader.dispose()


def load_json(text: str, source: str) -> Any:
    """One JSON value (a line of a question file), guarded as documents are."""
    require_printable(text, source)
    try:
        return json.loads(
            text, object_pairs_hook=_unique_pairs, parse_constant=_no_constant, parse_int=_int, parse_float=_float
        )
    except _Refused as exc:
        raise RefereeError(f"{source}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise RefereeError(f"{source}: line {exc.lineno}, column {exc.colno}: not JSON ({exc.msg})") from None
    except RecursionError:
        raise RefereeError(f"{source}: nested too deeply") from None


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {key!r} is given twice")
        if isinstance(value, str):
            _printable_value(value, key)
        out[key] = value
    return out


def _printable_value(value: str, key: Any) -> None:
    found = NONPRINTABLE.search(value)
    if found is not None:
        raise _Refused(f"{key}: {describe_character(found.group())} is not allowed")


def _no_constant(name: str) -> float:
    raise _Refused(f"{name} is not a number JSON allows")


def _int(written: str) -> int:
    if len(written.lstrip("-")) > 16 or abs(int(written)) > MAX_MAGNITUDE:
        raise _Refused(f"the number {written[:12]}{'…' if len(written) > 12 else ''} is out of range (at most 10^15)")
    return int(written)


def _float(written: str) -> float:
    value = float(written)
    if not math.isfinite(value) or abs(value) > MAX_MAGNITUDE:
        raise _Refused(f"the number {written[:20]} is out of range (at most 10^15)")
    return value


def load_toml(text: str, source: str) -> dict[str, Any]:
    """A TOML file (game.toml) as data: tomllib already refuses control characters and keys given
    twice (with their line); numbers out of range, inf, nan and control characters written as escapes
    are refused here, naming the key and its line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RefereeError(f"{source}: invalid TOML ({exc})") from None
    problem = _toml_problem(data, ())
    if problem is not None:
        keys, why = problem
        raise RefereeError(f"{source}: {_toml_place(text, keys)}{_dotted(keys)} {why}")
    return data


def _toml_problem(value: Any, keys: tuple[Any, ...]) -> tuple[tuple[Any, ...], str] | None:
    if isinstance(value, dict):
        for key, inner in value.items():
            found = _toml_problem(key, (*keys, key)) or _toml_problem(inner, (*keys, key))
            if found:
                return found
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found = _toml_problem(inner, (*keys, index))
            if found:
                return found
    elif isinstance(value, bool):
        return None
    elif isinstance(value, (int, float)) and (not math.isfinite(value) or abs(value) > MAX_MAGNITUDE):
        return keys, f"is {show(value)}, out of range (at most 10^15)"
    elif isinstance(value, str) and NONPRINTABLE.search(value):
        return keys, f"holds {describe_character(NONPRINTABLE.search(value).group())}"  # type: ignore[union-attr]
    return None


def _dotted(keys: tuple[Any, ...]) -> str:
    return "".join(f"[{k}]" if isinstance(k, int) else (f".{k}" if i else str(k)) for i, k in enumerate(keys))


def _toml_place(text: str, keys: tuple[Any, ...]) -> str:
    """The line where the last named key is set, when it can be found ('line 7: ')."""
    names = [k for k in keys if isinstance(k, str)]
    if not names:
        return ""
    found = re.search(rf"(?m)^[ \t]*[\"']?{re.escape(names[-1])}[\"']?[ \t]*=", text)
    return f"{place(text, found.start()).split(',')[0]}: " if found else ""


def show(value: Any, limit: int = 40) -> str:
    """A user's value for an error message: short, and never itself an error (huge ints, nan)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"a number of about {digits} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 1] + "…"
