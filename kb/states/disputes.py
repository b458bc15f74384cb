"""Disputes kept as example states, scored against what their writers expected.

A dispute (data/disputes/<game>.jsonl, written blind from the book) is kept as a state under
`corpus/<game>/states/disputes/`, naming it (`dispute: dp-tk-01`) and ending with an `expect:`
block: the writer's verdict (never changed), and the value, outcome and what follows, in the
state's own terms. Scoring a ruling against it (the brief of issue 25):

- right: the verdict, the value (and what follows, where the dispute gives it) agree, and every
  sentence of every deciding quote is quoted in the ruling;
- incomplete: the verdict agrees, but a deciding sentence is not quoted or a value or what follows does not;
- wrong: another verdict;
- inexpressible: the state format cannot say it (`expect: {inexpressible: why}`, or a refused state);
- disputed: the writer's expectation is kept, but the book's sentence (`expect: {disputed: why}`)
  shows a misreading; counted apart, never as right."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.books.text import sentences
from referee.errors import RefereeError
from referee.rules.actions import StateRules
from referee.rules.checks import Check
from referee.states.ruling import Ruling
from referee.states.settle import settle_state, state_from

CATEGORIES = ("right", "incomplete", "wrong", "inexpressible", "disputed")


def load_disputes(folder: Path) -> dict[str, dict[str, Any]]:
    """Every dispute of every game file in the folder, by id."""
    out = {}
    for path in sorted(Path(folder).glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                out[item["id"]] = item
    return out


def dispute_states(corpus_dir: Path, game: str | None = None) -> list[Path]:
    return sorted(Path(corpus_dir).glob(f"{game or '*'}/states/disputes/*.yaml"))


def matches(expected: Any, actual: Any) -> bool:
    """Whether a ruling's value agrees with what was expected: a mapping agrees key by key (the
    ruling may say more), a list item by item, words without regard to case, numbers by value."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(matches(v, actual.get(k)) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(map(matches, expected, actual))
    if isinstance(expected, str) and isinstance(actual, str):
        return expected.casefold() == actual.casefold()
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return float(expected) == float(actual)
    return expected == actual


def cited_quotes(ruling: Ruling) -> list[tuple[str, str]]:
    """(entry, quote) of every reason, consequence and reading of a ruling."""
    out = []
    for step in ruling.steps:
        out += [(r.entry, r.quote) for r in step.reasons + step.consequences]
        out += [(r.entry, r.quote) for reading in step.readings for r in reading.reasons]
    return out


def unquoted(ruling: Ruling, deciding: list[dict[str, Any]]) -> list[str]:
    """The deciding sentences the ruling does not quote (each must be inside a quote of its entry)."""
    cited = cited_quotes(ruling)
    out = []
    for item in deciding:
        texts = [quote for entry, quote in cited if entry == item["entry"]]
        for sentence in sentences(item["quote"]) or [item["quote"]]:
            if not any(sentence in text for text in texts):
                out.append(f"{item['entry']}: {sentence}")
    return out


def _step_value(ruling: Ruling, check: str) -> Any:
    values = [s.value for s in ruling.steps if s.check == check]
    return values[-1] if values else None


def disagreements(ruling: Ruling, expect: dict[str, Any]) -> list[str]:
    """What of the expected value, outcome and what follows the ruling does not say."""
    out = []
    if "value" in expect and not matches(expect["value"], ruling.value):
        out.append(f"value: expected {expect['value']!r}, got {ruling.value!r}")
    for check, value in (expect.get("values") or {}).items():
        if not matches(value, _step_value(ruling, check)):
            out.append(f"{check}: expected {value!r}, got {_step_value(ruling, check)!r}")
    if "outcome" in expect and expect["outcome"] != ruling.outcome:
        out.append(f"outcome: expected {expect['outcome']!r}, got {ruling.outcome!r}")
    if "follows" in expect and not matches(expect["follows"], ruling.follows):
        out.append(f"follows: expected {expect['follows']!r}, got {ruling.follows!r}")
    if ruling.verdict == "ambiguous":
        readings = max((len(s.readings) for s in ruling.steps), default=0)
        if readings < 2:
            out.append("ambiguous without two readings")
    return out


def score(ruling: Ruling | None, expect: dict[str, Any], dispute: dict[str, Any]) -> tuple[str, list[str]]:
    """The category of a ruling (None: the state was refused) and why it is not right."""
    if expect.get("inexpressible") or ruling is None:
        return "inexpressible", [str(expect.get("inexpressible") or "the state was refused")]
    wanted = dispute["expect"]["verdict"]
    if ruling.verdict != wanted:
        category, why = "wrong", [f"verdict: expected {wanted}, got {ruling.verdict}"]
    else:
        why = disagreements(ruling, expect) + [f"not quoted: {s}" for s in unquoted(ruling, dispute["deciding"])]
        category = "incomplete" if why else "right"
    if expect.get("disputed"):
        return "disputed", [str(expect["disputed"]), *why]
    return category, why


# ---------------------------------------------------------------- every dispute state, scored


def held_out(dispute_id: str) -> bool:
    """The held-out third (docs/records/2026-12-01-disputes.md): every dispute whose number is a multiple of 3."""
    return int(dispute_id.rsplit("-", 1)[-1]) % 3 == 0


@dataclass(frozen=True)
class Scored:
    game: str
    dispute: str
    path: str
    held_out: bool
    category: str
    why: list[str]
    seconds: float  # the time to settle the state


def score_states(
    checks: dict[str, Check], rules_by_game: dict[str, StateRules], corpus_dir: Path, disputes_dir: Path
) -> list[Scored]:
    """Every dispute state of the corpus settled and scored against the dispute it names; a dispute
    with no state is scored inexpressible."""
    disputes = load_disputes(disputes_dir)
    out, seen = [], set()
    for path in dispute_states(corpus_dir):
        document = state_from(path.read_text(encoding="utf-8"), str(path))
        dispute = disputes.get(str(document.get("dispute")))
        if dispute is None:
            raise RefereeError(f"{path}: 'dispute' names no dispute of {disputes_dir}: {document.get('dispute')!r}")
        start = time.perf_counter()
        ruling: Ruling | None
        try:
            ruling = settle_state(checks, rules_by_game, document, {}, str(path))
        except RefereeError:
            ruling = None
        seconds = time.perf_counter() - start
        category, why = score(ruling, document.get("expect") or {}, dispute)
        seen.add(dispute["id"])
        out.append(Scored(dispute["game"], dispute["id"], str(path), held_out(dispute["id"]), category, why, seconds))
    for dispute in disputes.values():
        if dispute["id"] not in seen:
            out.append(
                Scored(dispute["game"], dispute["id"], "", held_out(dispute["id"]), "inexpressible", ["no state"], 0.0)
            )
    return sorted(out, key=lambda s: (s.game, s.dispute))
