"""One ruling per question: pairs of a game's checks that decide by the same sentence, and how each such
pair is declared — the same case, compared, or different questions.

Two checks of a game that cite one sentence as a reason (run on a fixed sample of their facts) may
answer the same case two ways. `overlapping` finds every such pair. The game's checks.py declares each
one in `OVERLAPS`: `same(a, b, why, facts=...)` maps a situation of `a` to the facts of `b` for the
same case and says how to compare their answers (`compare` runs both over the sample: they agree, or
one of them is `ambiguous` with a reading that agrees); `apart(a, [b, ...], why)` says they answer
different questions about the sentence, in words. tests/test_overlaps.py holds every game to it."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from referee.errors import RefereeError
from referee.rules.checks import Check, validate_facts
from referee.rules.verdicts import Verdict

Answer = Callable[[str, Any, str | None], Any]  # (verdict, value, outcome) -> what is compared


def plain(verdict: str, value: Any, outcome: str | None) -> Any:
    """What two answers compare by default: the verdict and its value, as text."""
    return (verdict, repr(value))


@dataclass(frozen=True)
class Overlap:
    a: str
    b: str
    why: str
    facts: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None  # a's facts -> b's (None: not b's case)
    answer_a: Answer = plain
    answer_b: Answer = plain

    @property
    def pair(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


def same(
    a: str,
    b: str,
    why: str,
    facts: Callable[[dict[str, Any]], dict[str, Any] | None],
    answer_a: Answer = plain,
    answer_b: Answer | None = None,
) -> Overlap:
    """`a` and `b` can be asked the same case: `facts` gives b's facts for a situation of a's."""
    return Overlap(a, b, why, facts, answer_a, answer_b or answer_a)


def apart(a: str, others: str | Iterable[str], why: str) -> list[Overlap]:
    """`a` and each of `others` cite a sentence in common for different questions (`why`)."""
    return [Overlap(a, b, why) for b in ([others] if isinstance(others, str) else others)]


# ---------------------------------------------------------------- a fixed sample of a check's facts


def _value(fact: Any, rnd: random.Random) -> Any:
    if fact.type == "bool":
        return rnd.random() < 0.5
    if fact.type == "choice":
        return rnd.choice(fact.choices)
    low = -50 if fact.low is None else max(fact.low, -50)
    high = 50 if fact.high is None else min(fact.high, 50)
    if fact.type == "int":
        return rnd.randint(int(low), int(high))
    if fact.type == "float":
        return round(rnd.uniform(low, high), 1)
    if fact.type == "point":
        return [round(rnd.uniform(low, high), 1), round(rnd.uniform(low, high), 1)]
    if fact.type == "ints":
        return [rnd.randint(int(low), int(high)) for _ in range(rnd.randint(1, 4))]
    if fact.type == "strs":
        return [rnd.choice(("a", "b")) for _ in range(rnd.randint(1, 4))]
    return "x"


def sample_facts(check: Check, size: int = 300) -> list[dict[str, Any]]:
    """The check's example and `size` situations drawn from its facts' declared ranges (the same every run)."""
    rnd = random.Random(check.name)
    return [dict(check.example_facts)] + [{f.name: _value(f, rnd) for f in check.facts} for _ in range(size)]


def _run(check: Check, facts: dict[str, Any]) -> Verdict | None:
    try:
        return check.run(facts)
    except RefereeError:  # facts the check refuses (inconsistent together): no answer to compare
        return None


def deciding_sentences(check: Check, size: int = 300) -> set[tuple[str, str]]:
    """(entry, quote) of every sentence the check gives as a reason (or a reading's) over its sample."""
    out: set[tuple[str, str]] = set()
    for facts in sample_facts(check, size):
        verdict = _run(check, facts)
        if verdict is not None:
            out |= {(r.entry, r.quote) for r in verdict.reasons}
            out |= {(r.entry, r.quote) for reading in verdict.readings for r in reading.reasons}
    return out


def overlapping(checks: Iterable[Check], size: int = 300) -> dict[frozenset[str], set[tuple[str, str]]]:
    """Every pair of checks of one game that give a sentence in common as a reason, with those sentences."""
    listed = sorted(checks, key=lambda c: c.name)
    sentences = {c.name: deciding_sentences(c, size) for c in listed}
    return {
        frozenset((a.name, b.name)): sentences[a.name] & sentences[b.name]
        for a, b in itertools.combinations(listed, 2)
        if a.game == b.game and sentences[a.name] & sentences[b.name]
    }


# ---------------------------------------------------------------- comparing a same-case pair


def answers(verdict: Verdict, answer: Answer) -> set[Any]:
    """What a verdict answers: its own answer, or each reading's when it is ambiguous."""
    if verdict.verdict == "ambiguous":
        return {answer(r.verdict, r.value, None) for r in verdict.readings}
    return {answer(verdict.verdict, verdict.value, verdict.outcome)}


def compare(checks: dict[str, Check], overlap: Overlap, size: int = 300) -> list[str]:
    """The situations of `a` (its sample) where `a` and `b`, asked the same case, do not agree."""
    if overlap.facts is None:
        return []
    problems = []
    for facts in sample_facts(checks[overlap.a], size):
        first = _run(checks[overlap.a], facts)
        if first is None:
            continue
        theirs = overlap.facts(validate_facts(checks[overlap.a], facts))  # with the defaults filled in
        if theirs is None:
            continue
        second = _run(checks[overlap.b], theirs)
        if second is None:
            continue
        mine, other = answers(first, overlap.answer_a), answers(second, overlap.answer_b)
        if not mine & other:
            problems.append(
                f"{overlap.a} {facts} -> {sorted(map(str, mine))}; {overlap.b} {theirs} -> {sorted(map(str, other))}"
            )
    return problems
