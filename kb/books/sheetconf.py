"""The [sheet] section of game.toml, typed and validated: what a quick-reference sheet holds.

A sheet is a list of blocks, laid out in the order given and filled by priority:

- sequence: the turn (or activation) sequence as numbered steps, from a procedure, a list or
  one sentence split at its commas (`entry`, `split`), or quoted step by step (`steps`);
- rules: lines of the book's words (`lines`);
- table: a table whose cells are quotes (`columns`, `rows`), e.g. actions with their tests;
- computed: numbers worked out by calling a check (`check`, `facts`, `rows`, `columns`),
  printed as computed, never as the book's words;
- disputed: what players argue about (`items`), each a question in our words, the book's answer
  (an FAQ entry, or the rule a check cites) and the check that settles it.

The sheet's `checklist` names the key numbers a player needs from this book (what, and the quote
that gives it); the tests insist every one is on the fitted page(s). `pages` is how many pages the
sheet fills (1, or 2 for a dense book: type stays at 9 pt or more).

A reference to the book is "ID" (the entry, its first sentences) or "ID | quote" where the quote
is verbatim in the entry and " … " joins verbatim pieces; a third part "| quote" quotes the
aligned translation the same way. Labels (headings, column heads) are ours and may be given
per language: a string, or a table such as { uk = "…", en = "…" }.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.errors import RefereeError

BLOCK_KINDS = ("sequence", "rules", "table", "computed", "disputed")
BLOCK_KEYS = {
    "kind", "heading", "priority", "required", "sentences", "lines", "entry", "split", "steps",
    "columns", "rows", "check", "facts", "row_header", "transpose", "wide", "items",
}  # fmt: skip
SHEET_KEYS = {"title", "sentences", "blocks", "pages", "checklist"}


@dataclass(frozen=True)
class Labelled:
    """Our words (not the book's), possibly in several languages."""

    texts: dict[str, str]

    def get(self, lang: str, fallback: str) -> str:
        return self.texts.get(lang) or self.texts.get(fallback) or next(iter(self.texts.values()), "")


@dataclass(frozen=True)
class Step:
    step: str
    details: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Disputed:
    """A question players argue about (our words), the book's answer, the check that settles it."""

    ask: Labelled
    ref: str
    check: str | None = None


@dataclass(frozen=True)
class KeyNumber:
    """A number a player needs from the book (what it is, in our words) and the quote that gives it."""

    what: str
    ref: str


@dataclass(frozen=True)
class ComputedAxis:
    label: Labelled
    facts: dict[str, Any]
    value: str = ""  # the key of the check's value to print ('' = the value itself)
    check: str | None = None  # a column may call another check than the block's


@dataclass(frozen=True)
class BlockConf:
    kind: str
    heading: Labelled
    priority: int
    required: bool = False
    sentences: int | None = None
    lines: list[str] = field(default_factory=list)
    entry: str | None = None
    split: str | None = None
    steps: list[Step] = field(default_factory=list)
    columns: list[Labelled] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    check: str | None = None
    facts: dict[str, Any] = field(default_factory=dict)
    computed_rows: list[ComputedAxis] = field(default_factory=list)
    computed_columns: list[ComputedAxis] = field(default_factory=list)
    row_header: Labelled = field(default_factory=lambda: Labelled({}))
    transpose: bool = False
    wide: bool = False  # across the whole page width (a table with many columns)
    items: list[Disputed] = field(default_factory=list)


@dataclass(frozen=True)
class SheetConf:
    title: Labelled
    sentences: int
    blocks: list[BlockConf]
    pages: int = 1
    checklist: list[KeyNumber] = field(default_factory=list)


def _labelled(path: Path, where: str, value: Any) -> Labelled:
    if isinstance(value, str):
        return Labelled({"": value})
    if isinstance(value, dict) and value and all(isinstance(v, str) for v in value.values()):
        return Labelled(dict(value))
    raise RefereeError(f"{path}: {where} must be text or a table of texts by language")


def _strings(path: Path, where: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise RefereeError(f'{path}: {where} must be a list of references ("ID" or "ID | quote")')
    return list(value)


def _int(path: Path, where: str, value: Any, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RefereeError(f"{path}: {where} must be a whole number of at least {low}")
    return value


def _facts(path: Path, where: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RefereeError(f"{path}: {where} must be a table of fact names to values")
    return dict(value)


def _axis(path: Path, where: str, value: Any) -> list[ComputedAxis]:
    if not isinstance(value, list):
        raise RefereeError(f"{path}: {where} must be a list of {{ label = ..., facts = {{...}} }}")
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or "label" not in item or set(item) - {"label", "facts", "value", "check"}:
            raise RefereeError(f"{path}: {where}[{i}] needs 'label' and may have 'facts', 'value' and 'check' only")
        out.append(
            ComputedAxis(
                _labelled(path, f"{where}[{i}].label", item["label"]),
                _facts(path, f"{where}[{i}].facts", item.get("facts", {})),
                str(item.get("value", "")),
                str(item["check"]) if "check" in item else None,
            )
        )
    return out


def _steps(path: Path, where: str, value: Any) -> list[Step]:
    if not isinstance(value, list):
        raise RefereeError(f"{path}: {where} must be a list")
    steps = []
    for i, item in enumerate(value):
        if isinstance(item, str):
            steps.append(Step(item))
        elif isinstance(item, dict) and "step" in item and not set(item) - {"step", "details"}:
            steps.append(Step(item["step"], _strings(path, f"{where}[{i}].details", item.get("details", []))))
        else:
            raise RefereeError(f"{path}: {where}[{i}] must be a reference or {{ step = ..., details = [...] }}")
    return steps


def _disputed(path: Path, where: str, value: Any) -> list[Disputed]:
    if not isinstance(value, list):
        raise RefereeError(f"{path}: {where} must be a list of {{ ask = ..., ref = ..., check = ... }}")
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or "ref" not in item or set(item) - {"ask", "ref", "check"}:
            raise RefereeError(f"{path}: {where}[{i}] needs 'ref' and may have 'ask' and 'check' only")
        ask = _labelled(path, f"{where}[{i}].ask", item.get("ask", ""))
        out.append(Disputed(ask, _strings(path, f"{where}[{i}].ref", [item["ref"]])[0], item.get("check")))
    return out


def _checklist(path: Path, value: Any) -> list[KeyNumber]:
    if not isinstance(value, list):
        raise RefereeError(f'{path}: sheet.checklist must be a list of {{ what = ..., ref = "ID | quote" }}')
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or set(item) != {"what", "ref"} or not isinstance(item["what"], str):
            raise RefereeError(f"{path}: sheet.checklist[{i}] needs 'what' and 'ref' only")
        out.append(KeyNumber(item["what"], _strings(path, f"sheet.checklist[{i}].ref", [item["ref"]])[0]))
    return out


def _block(path: Path, i: int, raw: Any) -> BlockConf:
    where = f"sheet.blocks[{i}]"
    if not isinstance(raw, dict):
        raise RefereeError(f"{path}: {where} must be a table")
    unknown = sorted(set(raw) - BLOCK_KEYS)
    if unknown:
        raise RefereeError(f"{path}: {where}: unknown key {unknown[0]!r}")
    kind = raw.get("kind")
    if kind not in BLOCK_KINDS:
        raise RefereeError(f"{path}: {where}.kind must be one of {', '.join(BLOCK_KINDS)}")
    if "heading" not in raw:
        raise RefereeError(f"{path}: {where} needs a 'heading'")
    block = BlockConf(
        kind=kind,
        heading=_labelled(path, f"{where}.heading", raw["heading"]),
        priority=_int(path, f"{where}.priority", raw.get("priority", i + 1), 1),
        required=bool(raw.get("required", False)),
        sentences=_int(path, f"{where}.sentences", raw["sentences"], 1) if "sentences" in raw else None,
        lines=_strings(path, f"{where}.lines", raw.get("lines", [])) if kind == "rules" else [],
        entry=str(raw["entry"]) if "entry" in raw else None,
        split=str(raw["split"]) if "split" in raw else None,
        steps=_steps(path, f"{where}.steps", raw.get("steps", [])),
        columns=[_labelled(path, f"{where}.columns", c) for c in raw.get("columns", [])] if kind == "table" else [],
        rows=[_strings(path, f"{where}.rows", r) for r in raw.get("rows", [])] if kind == "table" else [],
        check=str(raw["check"]) if "check" in raw else None,
        facts=_facts(path, f"{where}.facts", raw.get("facts", {})),
        computed_rows=_axis(path, f"{where}.rows", raw.get("rows", [])) if kind == "computed" else [],
        computed_columns=_axis(path, f"{where}.columns", raw.get("columns", [])) if kind == "computed" else [],
        row_header=_labelled(path, f"{where}.row_header", raw.get("row_header", "")),
        transpose=bool(raw.get("transpose", False)),
        wide=bool(raw.get("wide", False)),
        items=_disputed(path, f"{where}.items", raw.get("items", [])) if kind == "disputed" else [],
    )
    _check_shape(path, where, block)
    return block


def _check_shape(path: Path, where: str, block: BlockConf) -> None:
    needs = {
        "sequence": block.entry or block.steps,
        "rules": block.lines,
        "table": block.columns and block.rows and all(len(r) == len(block.columns) for r in block.rows),
        "computed": block.check and block.computed_rows and block.computed_columns,
        "disputed": block.items,
    }[block.kind]
    if not needs:
        what = {
            "sequence": "'entry' or 'steps'",
            "rules": "'lines'",
            "table": "'columns' and 'rows' of as many cells",
            "computed": "'check', 'rows' and 'columns'",
            "disputed": "'items'",
        }[block.kind]
        raise RefereeError(f"{path}: {where} ({block.kind}) needs {what}")


def sheet_config(path: Path, raw: Any) -> SheetConf | None:
    """The typed [sheet] section (None when the game has no sheet)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RefereeError(f"{path}: [sheet] must be a table")
    unknown = sorted(set(raw) - SHEET_KEYS)
    if unknown:
        raise RefereeError(f"{path}: [sheet]: unknown key {unknown[0]!r}")
    blocks = raw.get("blocks", [])
    if not isinstance(blocks, list):
        raise RefereeError(f"{path}: [sheet] blocks must be [[sheet.blocks]] tables")
    pages = _int(path, "sheet.pages", raw.get("pages", 1), 1)
    if pages > 2:
        raise RefereeError(f"{path}: sheet.pages must be 1 or 2")
    return SheetConf(
        title=_labelled(path, "sheet.title", raw.get("title", "")),
        sentences=_int(path, "sheet.sentences", raw.get("sentences", 2), 1),
        blocks=[_block(path, i, b) for i, b in enumerate(blocks)],
        pages=pages,
        checklist=_checklist(path, raw.get("checklist", [])),
    )
