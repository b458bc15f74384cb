"""Configuration files typed by pydantic v2 models (game.toml and its [sheet]), refused in one line.

`Schema` is the base of every model: unknown keys are refused, values keep their types (no
"true" for true, no 3.0 for 3), and a model is frozen once read. `validated(model, data, where)`
reads one, and turns pydantic's first error into one line that names the file and the key:
`corpus/ta-ke/game.toml: parse.short_line_headings must be true or false, not 'no'`.

Why pydantic: it is already installed with the web app (FastAPI), well kept, and its errors carry
the location of every mistake; the import costs about 0.1 s, which `referee ask` does not pay
unless it reads a game.toml (the web app and `build` do).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, StrictStr, ValidationError

from referee.errors import RefereeError
from referee.validation import values
from referee.validation.documents import show

M = TypeVar("M", bound=BaseModel)


class Schema(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, arbitrary_types_allowed=True)


def _nonempty(value: str) -> str:
    if not value.strip():
        raise ValueError("must be a non-empty string")
    return value


def _regex(value: Any) -> re.Pattern[str]:
    if not isinstance(value, str):
        raise ValueError("must be a string regex")
    try:
        return re.compile(value)
    except re.error as exc:
        raise ValueError(f"is not a valid regex ({exc})") from None


def _whole(value: Any) -> int:
    try:
        return int(values.number(value, whole=True))
    except values.Refused as refused:
        raise ValueError(f"must be {refused.expected}, not {show(value)}") from None


def _flag(value: Any) -> bool:
    try:
        return values.flag(value)
    except values.Refused as refused:
        raise ValueError(f"must be {refused.expected}, not {show(value)}") from None


Text = Annotated[StrictStr, AfterValidator(_nonempty)]  # a non-empty string
Regex = Annotated[re.Pattern[str], BeforeValidator(_regex)]  # a string, compiled
# The value rules every reader shares (referee.validation.values), here for game.toml:
WholeNumber = Annotated[int, BeforeValidator(_whole)]  # finite, whole (3 or 3.0), never a bool or "3"
Flag = Annotated[bool, BeforeValidator(_flag)]  # true or false, never "no" or 0


def validated(model: type[M], data: Any, where: str) -> M:
    """`data` read as `model`; the first mistake is one RefereeError line: `where: key message`."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise RefereeError(f"{where}: {describe(model, exc.errors()[0])}") from None


def describe(model: type[BaseModel], error: Any) -> str:
    """One pydantic error as words: the key (`parse.noise[0].pattern`) and what it must be."""
    location = error.get("loc", ())
    key = dotted(location)
    kind = error.get("type", "")
    given = error.get("input")
    if kind == "extra_forbidden":
        known = known_keys(model, location[:-1])
        return f"unknown key '{key}'" + (f" (known: {', '.join(known)})" if known else "")
    if kind == "missing":
        return f"'{key}' is required"
    if kind == "bool_type":
        return f"{key} must be true or false, not {show(given)}"
    if kind in ("string_type", "string_too_short"):
        return f"{key} must be a non-empty string, not {show(given)}"
    if kind in ("int_type", "int_from_float"):
        return f"{key} must be a whole number, not {show(given)}"
    if kind in ("greater_than_equal", "greater_than"):
        return f"{key} must be at least {error['ctx'].get('ge', error['ctx'].get('gt'))}, not {show(given)}"
    if kind in ("list_type", "tuple_type"):
        return f"{key} must be a list, not {show(given)}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"{'[' + key + ']' if key else 'the file'} must be a table, not {show(given)}"
    if kind == "literal_error":
        return f"{key} must be one of {error['ctx']['expected']}, not {show(given)}"
    message = str(error.get("msg", "is not valid")).removeprefix("Value error, ")
    return f"{key} {message}" if key else message


def dotted(location: Sequence[Any]) -> str:
    """('parse', 'noise', 0, 'pattern') -> 'parse.noise[0].pattern' (union branch names dropped)."""
    out = ""
    for part in location:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and not part.startswith(("function-", "union[", "str", "dict[", "list[")):
            out += f".{part}" if out else part
    return out


def known_keys(model: type[BaseModel], location: Sequence[Any]) -> list[str]:
    """The keys the model (or the sub-model at `location`) knows, by their names in the file."""
    current: Any = model
    for part in location:
        if isinstance(part, int):
            continue
        field = getattr(current, "model_fields", {}).get(part)
        if field is None:
            return []
        current = _model_in(field.annotation)
        if current is None:
            return []
    fields = getattr(current, "model_fields", {})
    return sorted(field.alias or name for name, field in fields.items())


def _model_in(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for inner in getattr(annotation, "__args__", ()):
        found = _model_in(inner)
        if found is not None:
            return found
    return None
