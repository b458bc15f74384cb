"""The [sheet] section of game.toml, typed and validated: what a quick-reference sheet holds.

A sheet is a list of blocks, laid out in the order given and filled by priority:

- sequence: the turn (or activation) sequence as numbered steps, from a procedure, a list or
  one sentence split at its commas (`entry`, `split`), or quoted step by step (`steps`);
- rules: lines of the book's words (`lines`);
- table: a table whose cells are quotes (`columns`, `rows`), e.g. actions with their tests;
  `reading` labels one whose row labels ("= 2-4") are the Referee's reading of a table the
  book prints broken: the note says so, and where the reading comes from, over the table;
- computed: numbers worked out by calling a check (`check`, `facts`, `rows`, `columns`),
  printed as computed, never as the book's words;
- disputed: what players argue about (`items`), each a question in our words, the book's answer
  (an FAQ entry, or the rule a check cites) and the check that settles it.

The sheet's `checklist` names the key numbers a player needs from this book (what, and the quote
that gives it); the tests insist every one is on the fitted page(s). `pages` is how many pages the
sheet fills (1, or 2 for a dense book: type stays at 9 pt or more). A block's `brief` is how
many of its units a sheet squeezed onto fewer pages than it declares (`--pages 1` of a two-page
book) keeps at the block's priority; the rest then come after every block's brief units.

A reference to the book is "ID" (the entry, its first sentences) or "ID | quote" where the quote
is verbatim in the entry and " … " joins verbatim pieces; a third part "| quote" quotes the
aligned translation the same way. Labels (headings, column heads) are ours and may be given
per language: a string, or a table such as { uk = "…", en = "…" }.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    StrictStr,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from referee.validation.schema import Flag, Schema, Text, WholeNumber, describe, dotted


@dataclass(frozen=True)
class Labelled:
    """Our words (not the book's), possibly in several languages."""

    texts: dict[str, str]

    def get(self, lang: str, fallback: str) -> str:
        return self.texts.get(lang) or self.texts.get(fallback) or next(iter(self.texts.values()), "")


def _labelled(value: Any) -> Labelled:
    if isinstance(value, Labelled):
        return value
    if isinstance(value, str):
        return Labelled({"": value})
    if isinstance(value, dict) and value and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return Labelled(dict(value))
    raise ValueError("must be text or a table of texts by language")


Label = Annotated[Labelled, BeforeValidator(_labelled)]
Reference = Text  # "ID" or "ID | quote" (checked against the book when the sheet is built)


def _step(value: Any) -> Any:
    return {"step": value} if isinstance(value, str) else value


class Step(Schema):
    step: Reference
    details: list[Reference] = Field(default_factory=list)
    # the book's own number or name for the step ("3" where the book says 'return to "3: Play"'):
    # when any step has one, the sheet prints these instead of counting 1, 2, 3 itself
    label: StrictStr | None = None


class ComputedAxis(Schema):
    """A row or a column of a computed table: its label and the facts it gives the check."""

    label: Label
    facts: dict[str, Any] = Field(default_factory=dict)
    value: StrictStr = ""  # the key of the check's value to print ('' = the value itself)
    check: StrictStr | None = None  # a column may call another check than the block's


class Disputed(Schema):
    """A question players argue about (our words), the book's answer, the check that settles it."""

    ask: Label = Labelled({"": ""})
    ref: Reference
    check: StrictStr | None = None


class KeyNumber(Schema):
    """A number a player needs from the book (what it is, in our words) and the quote that gives it."""

    what: Text
    ref: Reference


def _pages(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value not in (1, 2):
        raise ValueError(f"must be 1 or 2, not {value}")
    return value


NEEDS = {
    "sequence": "'entry' or 'steps'",
    "rules": "'lines'",
    "table": "'columns' and 'rows' of as many cells",
    "computed": "'check', 'rows' and 'columns'",
    "disputed": "'items'",
}
_TABLE_COLUMNS: TypeAdapter[list[Labelled]] = TypeAdapter(list[Label])
_TABLE_ROWS: TypeAdapter[list[list[str]]] = TypeAdapter(list[list[Reference]])
_AXES: TypeAdapter[list[ComputedAxis]] = TypeAdapter(list[ComputedAxis])


BlockKind = Literal["sequence", "rules", "table", "computed", "disputed"]


class BlockConf(Schema):
    kind: BlockKind
    heading: Label
    priority: Annotated[WholeNumber, Field(ge=1)]  # when not given, the block's place in the layout (SheetConf)
    required: Flag = False
    sentences: Annotated[WholeNumber, Field(ge=1)] | None = None
    lines: list[Reference] = Field(default_factory=list)
    entry: StrictStr | None = None
    split: StrictStr | None = None
    steps: list[Annotated[Step, BeforeValidator(_step)]] = Field(default_factory=list)
    columns: list[Any] = Field(default_factory=list)  # labels (table) or axes (computed): read by kind
    rows: list[Any] = Field(default_factory=list)  # rows of references (table) or axes (computed)
    check: StrictStr | None = None
    facts: dict[str, Any] = Field(default_factory=dict)
    row_header: Label = Labelled({"": ""})
    transpose: Flag = False
    wide: Flag = False  # across the whole page width (a table with many columns)
    items: list[Disputed] = Field(default_factory=list)  # disputed: the questions, in the order printed
    reading: Label | None = None  # table: the Referee's reading, said over it (not the book's words)
    brief: Annotated[WholeNumber, Field(ge=0)] | None = None  # units kept first on a squeezed sheet

    @model_validator(mode="after")
    def _kind_and_shape(self) -> BlockConf:
        for key, adapter in self._adapters().items():
            try:
                adapter.validate_python(getattr(self, key))
            except ValidationError as exc:
                error = exc.errors()[0]
                inner = dotted(error["loc"])
                if error["type"] == "extra_forbidden":
                    raise ValueError(f"({self.kind}): unknown key '{key}{inner}'") from None
                said = describe(Schema, error).removeprefix(inner).strip()
                raise ValueError(f"({self.kind}): {key}{inner} {said}") from None
        if not self._has_its_parts():
            raise ValueError(f"({self.kind}) needs {NEEDS[self.kind]}")
        return self

    def _adapters(self) -> dict[str, TypeAdapter[Any]]:
        if self.kind == "table":
            return {"columns": _TABLE_COLUMNS, "rows": _TABLE_ROWS}
        if self.kind == "computed":
            return {"columns": _AXES, "rows": _AXES}
        return {}

    def _has_its_parts(self) -> bool:
        if self.kind == "sequence":
            return bool(self.entry or self.steps)
        if self.kind == "rules":
            return bool(self.lines)
        if self.kind == "table":
            return bool(self.columns and self.rows) and all(len(r) == len(self.columns) for r in self.rows)
        if self.kind == "disputed":
            return bool(self.items)
        return bool(self.check and self.rows and self.columns)

    @property
    def table_columns(self) -> list[Labelled]:
        return _TABLE_COLUMNS.validate_python(self.columns) if self.kind == "table" else []

    @property
    def table_rows(self) -> list[list[str]]:
        return _TABLE_ROWS.validate_python(self.rows) if self.kind == "table" else []

    @property
    def computed_rows(self) -> list[ComputedAxis]:
        return _AXES.validate_python(self.rows) if self.kind == "computed" else []

    @property
    def computed_columns(self) -> list[ComputedAxis]:
        return _AXES.validate_python(self.columns) if self.kind == "computed" else []


class SheetConf(Schema):
    title: Label = Labelled({"": ""})
    sentences: Annotated[WholeNumber, Field(ge=1)] = 2
    blocks: list[BlockConf] = Field(default_factory=list)  # none: the first sheet (referee.sheets.auto) with this title
    pages: Annotated[WholeNumber, AfterValidator(_pages)] = 1  # 2 for a dense book (type stays at 9 pt)
    checklist: list[KeyNumber] = Field(default_factory=list)  # the key numbers, each on the fitted page(s)
    # a translator's note said in a sheet's language (lang -> entry -> words), printed under Marked in
    # place of the translation's English [tr.: …] remark (a blind grader: English notes on the Ukrainian sheet)
    remarks: dict[StrictStr, dict[StrictStr, StrictStr]] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _priorities(cls, raw: Any) -> Any:
        """A block without a priority has its place in the layout (1 first)."""
        if isinstance(raw, dict) and isinstance(raw.get("blocks"), list):
            blocks = [{"priority": i + 1, **b} if isinstance(b, dict) else b for i, b in enumerate(raw["blocks"])]
            return {**raw, "blocks": blocks}
        return raw


SHEET_KEYS = frozenset(SheetConf.model_fields)  # the keys [sheet] may hold (docs/adding-a-game.md)
BLOCK_KEYS = frozenset(BlockConf.model_fields)  # and each [[sheet.blocks]]
