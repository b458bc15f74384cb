"""The headline a player reads first over a verdict or a state's ruling, in a player's words.

One place for it, so the CLI and the web say the same, and never a headline its own chain
contradicts: a ruling the state left unsettled because it gives a fact no rule reads is "not
settled", with what the rules alone would rule, never "the book does not say" (the book does; the
referee could not account for the fact). An outcome and its legality are one phrase ("illegal:
foul"), not two badges; a worked-out result with no single number is headed by what happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WORDS = {
    "legal": "legal",
    "illegal": "illegal",
    "ambiguous": "the book reads two ways",
    "unknown": "the book does not say",
    "incomplete": "not settled",
    "value": "worked out",
}
CONFIDENT = ("legal", "illegal", "value")
LONGEST_WORD = 48  # characters: a summary's first clause longer than this is no headline


@dataclass(frozen=True)
class Headline:
    word: str  # what the badge says: "illegal", "illegal: foul", "not settled", "no score"
    value: str  # a worked-out number or word shown beside it; "" when none
    detail: str  # one plain line under it: why it is not settled, what to give; "" when the word says it

    def to_json(self) -> dict[str, str]:
        return {"word": self.word, "value": self.value, "detail": self.detail}


def headline(verdict: dict[str, Any]) -> Headline:
    """The headline of a check's verdict or a state's ruling (a dict as `--json` prints it)."""
    kind = verdict.get("verdict", "")
    outcome = (verdict.get("outcome") or "").replace("-", " ")
    value = verdict.get("value")
    shown = _said(value) if kind == "value" and value is not None and not isinstance(value, dict) else ""
    detail = _why_not_settled(verdict)
    if kind == "unknown" and verdict.get("ruled") in CONFIDENT and verdict.get("unaccounted"):
        return Headline("not settled", "", detail)
    if kind == "unknown" and verdict.get("open"):
        return Headline("the book leaves this open", "", "")
    if outcome:
        word = outcome if kind in ("value", "") else f"{WORDS.get(kind, kind)}: {outcome}"
        return Headline(word, shown, detail)
    if kind == "value" and not shown:
        return Headline(_first_clause(verdict.get("summary") or "") or WORDS["value"], "", detail)
    return Headline(WORDS.get(kind, kind), shown, detail)


def _why_not_settled(verdict: dict[str, Any]) -> str:
    """What the ruling lacks, in a player's words: the facts to give, the words no action reads, the
    fact no rule reads (with what the rules alone would rule)."""
    parts = []
    for item in verdict.get("unrecognised") or []:
        parts.append(f"no action of this game reads “{item['text']}”")
    for lack in verdict.get("missing") or []:
        needs = lack.get("needs") or lack.get("facts") or []
        parts.append(f"give {', '.join(needs)}")
    ruled = verdict.get("ruled")
    if verdict.get("verdict") == "unknown" and ruled in CONFIDENT and verdict.get("unaccounted"):
        keys = ", ".join(f"`{k}`" for k in verdict["unaccounted"])
        alone = f"would rule {ruled}" if ruled != "value" else "would work it out"
        parts.append(f"the state gives {keys}, which no rule here reads — the rules alone {alone}")
    return "; ".join(parts)


def _first_clause(summary: str) -> str:
    first = summary.split(";")[0].split(" — ")[0].strip()
    return first if 0 < len(first) <= LONGEST_WORD else ""


def _said(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return ", ".join(_said(v) for v in value)
    return str(value)


def joined_summaries(summaries: list[str]) -> str:
    """Steps' summaries as one line, a clause dropped where the next says it again with more
    ("possession changes; possession changes: the ball goes to 4" says it once)."""
    clauses = [c.strip() for s in summaries if s for c in s.split(";") if c.strip()]
    # Each clause against the one after it (the last against nothing): zip(strict) needs equal lengths,
    # so an empty list of clauses pairs with nothing rather than with one "".
    kept = [c for c, after in zip(clauses, [*clauses[1:], ""][: len(clauses)], strict=True) if not after.startswith(c)]
    return "; ".join(kept)
