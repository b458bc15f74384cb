"""Issue 32: no ruling contradicts its own quote. A quote whose words a check reads as a value declares it
beside the quote (`Quote(..., takes=Takes(words, value, agrees))`: 3 intersections, "takes precedence",
"roll again"); every ruling that cites it is held to it, over the checks' examples, over generated facts
(hypothesis) and over generated states."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_checks_property import valid_value

from referee.errors import RefereeError
from referee.rules import Quote, Reason, Verdict, again, no_effect, precedence
from referee.rules.checks import Check
from referee.rules.loading import discover_checks, discover_rulebooks
from referee.states.settle import settle_state, state_rules

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
RULEBOOKS = discover_rulebooks(CORPUS)
CHECKS = discover_checks(CORPUS, RULEBOOKS)
RULES = state_rules(RULEBOOKS)
TAKING = {
    name: [q for q in check.quotes.values() if q.takes is not None]
    for name, check in CHECKS.items()
    if any(q.takes is not None for q in check.quotes.values())
}
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def disagreements(check: Check, facts: dict[str, Any], verdict: Verdict) -> list[str]:
    """Each reason citing a quote whose value the ruling does not keep to."""
    taking = {(q.entry, q.text): q for q in check.quotes.values() if q.takes is not None}
    out = []
    for reason in verdict.cited():
        quote = taking.get((reason.entry, reason.quote))
        if quote is not None and not quote.takes.agrees(facts, verdict, reason):  # type: ignore[union-attr]
            out.append(
                f"{check.name} cites “{quote.takes.words}” ({quote.takes.value!r}) and rules {verdict.summary!r}"
            )  # type: ignore[union-attr]
    return out


def test_the_issues_quotes_declare_their_values() -> None:
    declared = {(q.entry, q.takes.value) for quotes in TAKING.values() for q in quotes}  # type: ignore[union-attr]
    assert ("rugby-world/2d/8", 3) in declared, "the Scrum: formed 3 intersections from the touchline"
    assert ("takkure/0.02/1", "takes precedence") in declared
    assert ("takkure/3.08/5", "roll again") in declared and ("takkure/1.15/5", "no effect") in declared
    assert ("tacocat/дуель/2", "duel again") in declared


def test_every_value_is_taken_from_the_quotes_own_words() -> None:
    for quotes in TAKING.values():
        for quote in quotes:
            assert quote.takes is not None and quote.takes.words in quote.text
            if isinstance(quote.takes.value, int):
                assert str(quote.takes.value) in quote.takes.words


@pytest.mark.parametrize("name", sorted(TAKING))
def test_each_checks_example_keeps_to_the_values_it_cites(name: str) -> None:
    check = CHECKS[name]
    assert disagreements(check, check.example_facts, check.run(check.example_facts)) == []


@pytest.mark.parametrize("name", sorted(TAKING))
def test_generated_facts_never_give_a_ruling_that_contradicts_its_quote(name: str) -> None:
    check = CHECKS[name]
    strategy = st.fixed_dictionaries(
        {f.name: valid_value(f) for f in check.facts if f.default is not None},
        optional={f.name: valid_value(f) for f in check.facts if f.default is None},
    )

    @PROPERTY
    @given(strategy)
    def holds(facts: dict[str, Any]) -> None:
        try:
            verdict = check.run(facts)
        except RefereeError:
            return  # facts the check refuses, with one line
        assert disagreements(check, facts, verdict) == []

    holds()


@pytest.mark.parametrize(("touchline", "placed"), [(0, 3), (1, 3), (2, 3), (3, 3), (7, 7)])
def test_the_scrum_after_an_obstruction_is_placed_3_intersections_out(touchline: int, placed: int) -> None:
    """The issue: it quoted "formed 3 intersections from the touchline" and placed the Scrum 2 from the line."""
    verdict = CHECKS["tackle"].run({"target_has_ball": False, "from_touchline": touchline, "from_try_line": 20})
    (where,) = [c for c in verdict.consequences if c.entry == "rugby-world/2d/8"]
    assert re.search(rf"\b{placed} intersections from the touchline", where.explanation)
    assert "20 intersections from the try area" in where.explanation


@settings(max_examples=60, deadline=None)
@given(x=st.integers(0, 35), y=st.integers(0, 50))
@example(x=0, y=50).via("the carrier on the try line: the tackler, in front, stands in the in-goal")
def test_generated_states_place_the_scrum_by_the_quote(x: int, y: int) -> None:
    """An obstruction anywhere on the pitch: the ruling's Scrum is 3 out from a nearer line, else at the foul. Only
    valid states are generated: the tackler stands one intersection in front of the carrier, never on his (a
    miniature never occupies another's intersection; the in-goal is on the grid)."""
    state = {
        "game": "rugby-world",
        "attack": "+y",
        "pieces": {"12": {"team": "attack", "at": [x, y]}, "d7": {"team": "defence", "at": [x, y + 1]}},
        "action": "d7 tackles #12",
    }
    ruling = settle_state(CHECKS, RULES, state, {}, "state")
    (where,) = [c for c in ruling.consequences if c.entry == "rugby-world/2d/8"]
    assert f"{max(min(x, 35 - x), 3)} intersections from the touchline" in where.explanation
    assert f"{max(min(y, 50 - y), 3)} intersections from the try area" in where.explanation


def _quote(entry: str) -> Quote:
    return next(q for quotes in TAKING.values() for q in quotes if q.entry == entry)


@pytest.mark.parametrize(
    ("entry", "verdict", "agrees"),
    [
        # the issue: a tie is "roll again" and the outcome said "cancelled"
        ("takkure/3.08/5", Verdict("value", {"result": "tie"}, outcome="cancelled", summary="a tie: cancelled"), False),
        ("takkure/3.08/5", Verdict("value", {"roll_again": [1, 2]}, outcome="draw", summary="roll again"), True),
        ("takkure/1.15/5", Verdict("value", None, outcome="draw", summary="a tie: roll again"), False),
        ("takkure/1.15/5", Verdict("value", None, outcome="cancelled", summary="a tie: no effect"), True),
        # the issue: "a card takes precedence over this rulebook", then the card's effect ruled illegal
        ("takkure/0.02/1", Verdict("illegal", summary="illegal: the book forbids it"), False),
        ("takkure/0.02/1", Verdict("unknown", summary="the card's text decides"), True),
    ],
)
def test_the_values_catch_the_issues_contradictions(entry: str, verdict: Verdict, agrees: bool) -> None:
    quote = _quote(entry)
    reason = Reason(quote.entry, quote.text, "")
    assert quote.takes is not None and quote.takes.agrees({}, verdict, reason) is agrees


def test_the_old_scrum_explanation_is_caught() -> None:
    """The explanation the issue found ("formed where the obstruction happened", 2 from the touchline)."""
    quote = _quote("rugby-world/2d/8")
    reason = Reason(quote.entry, quote.text, "formed where the obstruction happened")
    assert quote.takes is not None and not quote.takes.agrees({"from_touchline": 2}, Verdict("illegal"), reason)


def test_the_shared_readings_are_the_ones_documented() -> None:
    assert again.__doc__ and no_effect.__doc__ and precedence.__doc__
