"""The 204 disputes written blind from the books (data/disputes), each kept as a state with its expected
ruling: every one settles right (the writer's verdict, the value and what follows, every deciding
sentence quoted), and the scoring itself tells a wrong, an incomplete and a refused ruling apart."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from referee.rules.verdicts import Reason, RulingStep
from referee.states.disputes import Scored, held_out, load_disputes, score, score_states
from referee.states.ruling import Ruling

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
DISPUTES = ROOT / "data" / "disputes"
WRITTEN = load_disputes(DISPUTES)  # the written disputes (JSON lines, read, not settled): one test each


@pytest.fixture(scope="module")
def scored(checks, state_rules) -> dict[str, Scored]:
    """Every dispute state settled and scored, once for the module (never at import)."""
    rules = {game: states for game, states in state_rules.items() if states}
    return {s.dispute: s for s in score_states(checks, rules, CORPUS, DISPUTES)}


def test_every_dispute_written_is_kept_as_a_state(scored: dict[str, Scored]) -> None:
    assert len(WRITTEN) == 204
    assert set(scored) == set(WRITTEN)
    assert all(s.path for s in scored.values()), [s.dispute for s in scored.values() if not s.path]
    per_game = Counter(s.game for s in scored.values())
    assert min(per_game.values()) >= 15 and len(per_game) == 5


def test_the_held_out_third_is_every_number_divisible_by_3() -> None:
    held = sorted(d for d in WRITTEN if held_out(d))
    assert len(held) == 66 and "dp-tk-03" in held and "dp-tk-04" not in held


@pytest.mark.parametrize("dispute", sorted(WRITTEN))
def test_a_dispute_settles_right(scored: dict[str, Scored], dispute: str) -> None:
    assert dispute in scored, "no state settles this dispute"
    assert scored[dispute].category == "right", (scored[dispute].path, scored[dispute].why)


# ---- the scoring can tell a ruling apart from the one expected

DISPUTE = {
    "id": "dp-xx-01",
    "expect": {"verdict": "illegal"},
    "deciding": [{"entry": "g/1/1", "quote": "You may not pass forward. Offside players are out."}],
}
CITED = "Passing: you may not pass forward. You may not pass forward. Offside players are out."


def _ruling(verdict: str, quote: str, value: object = None, follows: dict | None = None) -> Ruling:
    reasons = [Reason("g/1/1", quote, "")]
    step = RulingStep("g", "pass", verdict, value, reasons)
    nothing: dict = {}
    return Ruling(
        "g",
        nothing,
        [],
        verdict,
        None,
        value,
        "",
        [step],
        reasons,
        [],
        nothing,
        follows or {},
        [],
        [],
        {},
        [],
        verdict,
        [],
        [],
    )


def test_a_ruling_with_the_verdict_and_every_deciding_sentence_is_right() -> None:
    assert score(_ruling("illegal", CITED), {}, DISPUTE) == ("right", [])


def test_another_verdict_is_wrong() -> None:
    category, why = score(_ruling("legal", CITED), {}, DISPUTE)
    assert category == "wrong" and why == ["verdict: expected illegal, got legal"]


def test_a_deciding_sentence_left_unquoted_is_incomplete() -> None:
    category, why = score(_ruling("illegal", "You may not pass forward."), {}, DISPUTE)
    assert category == "incomplete" and why == ["not quoted: g/1/1: Offside players are out."]


def test_a_value_or_what_follows_that_disagrees_is_incomplete() -> None:
    ruling = _ruling("illegal", CITED, value={"winner": "attack"}, follows={"phase": "scrum"})
    assert score(ruling, {"value": {"winner": "ATTACK"}, "follows": {"phase": "scrum"}}, DISPUTE)[0] == "right"
    category, why = score(ruling, {"follows": {"phase": "kick-off"}}, DISPUTE)
    assert category == "incomplete" and why[0].startswith("follows: expected")


def test_a_refused_state_is_inexpressible_and_a_misreading_counted_apart() -> None:
    assert score(None, {}, DISPUTE) == ("inexpressible", ["the state was refused"])
    assert score(_ruling("legal", CITED), {"disputed": "the book says so"}, DISPUTE)[0] == "disputed"
