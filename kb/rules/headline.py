"""The headline a player reads first over a verdict or a state's ruling, in a player's words.

One place for it, so the CLI and the web say the same, and never a headline its own chain
contradicts: a ruling the state left unsettled because it gives a fact no rule reads is "not
settled", with what the rules alone would rule, never "the book does not say" (the book does; the
referee could not account for the fact). An outcome and its legality are one phrase ("illegal:
foul"), not two badges; a worked-out result with no single number is headed by what happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from referee.rules.verdicts import CheckVerdict, Reading, RulingStep

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


class Ruled(Protocol):
    """What the headline reads of a state's ruling (`referee.states.ruling.Ruling`, a layer above this
    one): its verdicts, what it lacks and the keys no rule read."""

    @property
    def verdict(self) -> str: ...
    @property
    def ruled(self) -> str: ...
    @property
    def outcome(self) -> str | None: ...
    @property
    def value(self) -> Any: ...
    @property
    def summary(self) -> str: ...
    @property
    def unaccounted(self) -> list[str]: ...
    @property
    def unrecognised(self) -> Sequence[Any]: ...  # each with its `text`
    @property
    def missing(self) -> Sequence[Any]: ...  # each with the facts it `needs`
    @property
    def open(self) -> Sequence[Any]: ...
    @property
    def steps(self) -> Sequence[Any]: ...  # each with its `summary`: the chain's own words


@dataclass(frozen=True)
class Headline:
    word: str  # what the badge says: "illegal", "illegal: foul", "not settled", "no score"
    value: str  # a worked-out number or word shown beside it; "" when none
    detail: str  # one plain line under it: why it is not settled, what to give; "" when the word says it

    def to_json(self) -> dict[str, str]:
        return {"word": self.word, "value": self.value, "detail": self.detail}


def headline(verdict: Ruled | CheckVerdict | RulingStep | Reading) -> Headline:
    """The headline of a state's ruling, a check's verdict, a step of a ruling or a reading of one."""
    if isinstance(verdict, (CheckVerdict, RulingStep, Reading)):
        outcome = verdict.outcome if not isinstance(verdict, Reading) else None
        summary = verdict.summary if not isinstance(verdict, Reading) else ""
        return _headed(verdict.verdict, outcome, verdict.value, summary, "")
    unread = rules_say(verdict)
    if unread is not None:
        return unread
    if verdict.verdict == "unknown" and verdict.open:
        return Headline("the book leaves this open", "", "")
    return _headed(verdict.verdict, verdict.outcome, verdict.value, verdict.summary, "; ".join(_lacks(verdict)))


def rules_say(verdict: Ruled) -> Headline | None:
    """The headline of a ruling that is not earned only because the state gives a key no rule reads:
    what the chain rules and what nothing read, never a bare "not settled" over a chain that says
    illegal. None for any other ruling."""
    if not (verdict.verdict == "unknown" and verdict.ruled in CONFIDENT and verdict.unaccounted):
        return None
    # the chain's words, never the ruling's summary: that one starts with this headline (unearned_summary)
    ruled = _headed(verdict.ruled, verdict.outcome, verdict.value, chain_summary(verdict.steps), "")
    # a list and a word added to it ("#10's status", "#10's status: moved") are named once, by the word
    named = [k for k in verdict.unaccounted if not any(o.startswith(f"{k}.") for o in verdict.unaccounted)]
    keys = ", ".join(key_words(k) for k in named)
    detail = f"but nothing here reads {keys} — check it yourself"
    return Headline(f"the rules say {ruled.word}", ruled.value, "; ".join([*_lacks(verdict), detail]))


def unearned_summary(verdict: Ruled) -> str | None:
    """The one-line summary of such a ruling (`rules_say`): its headline's words, then the chain's, so
    `referee check STATE --json` says what the page and the CLI head it with. None for any other."""
    head = rules_say(verdict)
    if head is None:
        return None
    value = f" {head.value}" if head.value else ""
    return "; ".join(part for part in (f"{head.word}{value} — {head.detail}", chain_summary(verdict.steps)) if part)


def chain_summary(steps: Sequence[Any]) -> str:
    """What a ruling's steps say, in one line (under a headline that already says why it is not earned)."""
    return joined_summaries([s.summary or "" for s in steps])


def _headed(kind: str, outcome: str | None, value: Any, summary: str, detail: str) -> Headline:
    said = (outcome or "").replace("-", " ")
    shown = _said(value) if kind == "value" and value is not None and not isinstance(value, dict) else ""
    if said:
        word = said if kind in ("value", "") else f"{WORDS.get(kind, kind)}: {said}"
        return Headline(word, shown, detail)
    if kind == "value" and not shown:
        return Headline(_first_clause(summary) or WORDS["value"], "", detail)
    return Headline(WORDS.get(kind, kind), shown, detail)


def _lacks(verdict: Ruled) -> list[str]:
    """What the ruling lacks, in a player's words: the words no action reads, the facts to give."""
    parts = [f"no action of this game reads “{item.text}”" for item in verdict.unrecognised]
    parts += [f"give {', '.join(lack.needs or lack.facts)}" for lack in verdict.missing]
    return parts


def key_words(path: str) -> str:
    """A state's key as a player reads it: `pieces.7.status.active` is "7's status: active", `dice` "the
    dice" (never a dotted path in backticks)."""
    parts = path.split(".")
    if parts[0] == "actions" and len(parts) > 2 and parts[1].isdigit():
        return f"action {int(parts[1]) + 1}'s " + key_words(".".join(parts[2:])).removeprefix("the ")
    if parts == ["dice"]:
        return "the dice"
    if len(parts) >= 3:
        owner = parts[1]
        if parts[0] == "pieces":
            owner = f"#{owner}"
        elif owner.isdigit():
            owner = f"{parts[0].removesuffix('s')} {int(owner) + 1}"
        what = parts[2].replace("_", " ")
        said = f": {' '.join(parts[3:])}" if len(parts) > 3 else ""
        return f"{owner}'s {what}{said}"
    return path.replace(".", " ").replace("_", " ")


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
