"""Input checked at the edge: text that is valid UTF-8, documents of bounded size and depth."""

from __future__ import annotations

from typing import Any

from kb.errors import RefereeError

MAX_DOCUMENT_BYTES = 1_000_000  # a situation or question file; anything larger is not one
MAX_DEPTH = 20


def require_text(value: str, what: str) -> str:
    """`value` as given, refused if it holds what no UTF-8 text can (a lone surrogate, which is
    how Python passes on invalid bytes from the command line)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RefereeError(f"{what} is not valid UTF-8 text (character {exc.start + 1})") from None
    return value


def decode_text(data: bytes, what: str) -> str:
    if len(data) > MAX_DOCUMENT_BYTES:
        raise RefereeError(f"{what}: larger than {MAX_DOCUMENT_BYTES // 1_000_000} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RefereeError(f"{what}: not UTF-8 text (byte {exc.start})") from None


def check_depth(value: Any, what: str, limit: int = MAX_DEPTH) -> None:
    """Refuse documents nested deeper than any real situation (iteratively: no recursion limit)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            raise RefereeError(f"{what}: nested deeper than {limit} levels")
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def safe_yaml(text: str, what: str) -> Any:
    """YAML (or JSON) with the safe loader and no aliases: a document that refers to itself or
    expands ("billion laughs") is refused before it is expanded."""
    import yaml

    if len(text.encode("utf-8", "surrogatepass")) > MAX_DOCUMENT_BYTES:
        raise RefereeError(f"{what}: larger than {MAX_DOCUMENT_BYTES // 1_000_000} MB")
    require_text(text, what)
    try:
        depth = 0
        for event in yaml.parse(text, Loader=yaml.SafeLoader):  # events only: nothing is built yet
            if isinstance(event, yaml.AliasEvent):
                raise RefereeError(f"{what}: YAML aliases (*name) are not accepted")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise RefereeError(f"{what}: nested deeper than {MAX_DEPTH} levels")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise RefereeError(f"{what}: not YAML or JSON ({str(exc).splitlines()[0]})") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise RefereeError(f"{what}: a value cannot be read ({str(exc).splitlines()[0][:80]})") from None
