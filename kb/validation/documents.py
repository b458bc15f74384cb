"""Reading a situation or state document (YAML or JSON) that a user wrote: safely and bounded.

YAML is loaded with the safe loader, refusing anchors and aliases (a "billion laughs"
document expands exponentially through them), nesting deeper than a state ever needs, and
files larger than a state ever is. Every refusal is one RefereeError line.
"""

from __future__ import annotations

from typing import Any

import yaml

from referee.errors import RefereeError

MAX_CHARS = 200_000
MAX_DEPTH = 24


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader, without anchors/aliases and with a nesting limit checked before recursing."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            raise RefereeError("anchors and aliases (&name, *name) are not allowed")
        event = self.peek_event()
        if getattr(event, "anchor", None) is not None:
            raise RefereeError("anchors and aliases (&name, *name) are not allowed")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise RefereeError(f"nested more than {MAX_DEPTH} levels deep")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def load_document(text: str, source: str) -> Any:
    """The data of a YAML/JSON document, or one clear error naming the source."""
    if len(text) > MAX_CHARS:
        raise RefereeError(f"{source}: {len(text)} characters; a situation or state is at most {MAX_CHARS}")
    loader = _BoundedLoader(text)
    try:
        return loader.get_single_data()
    except RefereeError as exc:
        raise RefereeError(f"{source}: {exc}") from None
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise RefereeError(f"{source}: not YAML or JSON ({first[:120]})") from None
    except ValueError as exc:
        # Python refuses to read integer literals of thousands of digits
        why = "a number too long to read" if "digits" in str(exc) else type(exc).__name__
        raise RefereeError(f"{source}: cannot be read ({why})") from None
    except (RecursionError, OverflowError) as exc:
        raise RefereeError(f"{source}: cannot be read ({type(exc).__name__})") from None
    finally:
        loader.dispose()


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
