"""Every check, whatever the facts: a wrong value is an error naming the fact; a valid
situation gets a verdict (or a clear error), never a crash, and every reason quotes the book."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.rules import all_checks

from referee import store
from referee.errors import RefereeError
from referee.rules.checks import Check, validate_facts
from referee.rules.facts import Fact
from referee.rules.verdicts import VERDICTS

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _number(fact: Fact, integer: bool) -> st.SearchStrategy[Any]:
    low = -1e6 if fact.low is None else fact.low
    high = 1e6 if fact.high is None else fact.high
    if integer:
        return st.integers(math.ceil(low), math.floor(high))
    return st.floats(low, high, allow_nan=False, allow_infinity=False)


def valid_value(fact: Fact) -> st.SearchStrategy[Any]:
    """A value the fact's declaration admits (type and range)."""
    return {
        "int": lambda: _number(fact, integer=True),
        "float": lambda: _number(fact, integer=False),
        "bool": st.booleans,
        "str": lambda: st.text(max_size=20),
        "choice": lambda: st.sampled_from(fact.choices),
        "point": lambda: st.lists(_number(fact, integer=False), min_size=2, max_size=2),
        "ints": lambda: st.lists(_number(fact, integer=True), max_size=6),
        "strs": lambda: st.lists(st.text(max_size=10), max_size=6),
    }[fact.type]()


NOT_A_NUMBER = st.one_of(
    st.none(),
    st.dictionaries(st.text(max_size=3), st.integers(), min_size=1, max_size=2),
    st.text(st.characters(categories=["Lu", "Ll"]), min_size=1, max_size=8),
)
NOT_A_LIST = st.one_of(st.none(), st.booleans(), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def wrong_value(fact: Fact) -> st.SearchStrategy[Any]:
    """A value of the wrong type, or out of the declared range."""
    out_of_range = []
    if fact.type in ("int", "float", "point", "ints"):
        if fact.high is not None:
            out_of_range.append(st.floats(fact.high + 1, fact.high + 1e6).map(math.ceil))
        if fact.low is not None:
            out_of_range.append(st.floats(fact.low - 1e6, fact.low - 1).map(math.floor))
    if fact.type in ("point", "ints"):
        out_of_range = [s.map(lambda n: [n, n]) for s in out_of_range]
    wrong_type = {
        "int": st.one_of(NOT_A_NUMBER, st.booleans(), st.floats(0.1, 0.9)),
        "float": st.one_of(NOT_A_NUMBER, st.booleans()),
        "bool": st.one_of(NOT_A_NUMBER.filter(lambda v: str(v).lower() not in ("true", "yes", "false", "no"))),
        "str": st.one_of(st.none(), st.booleans(), st.lists(st.integers(), max_size=2)),
        "choice": st.one_of(st.none(), st.text(max_size=8).filter(lambda v: v not in fact.choices)),
        "point": st.one_of(NOT_A_LIST, st.lists(st.integers(0, 5), min_size=3, max_size=4)),
        "ints": st.one_of(NOT_A_LIST, st.lists(st.text(st.characters(categories=["Ll"]), min_size=1), min_size=1)),
        "strs": NOT_A_LIST,
    }[fact.type]
    return st.one_of(wrong_type, *out_of_range)


@st.composite
def a_check_and_one_wrong_fact(draw: st.DrawFn) -> tuple[Check, Fact, dict[str, Any]]:
    check = all_checks()[draw(st.sampled_from(sorted(all_checks())))]
    fact = draw(st.sampled_from(check.facts))
    return check, fact, {**check.example["facts"], fact.name: draw(wrong_value(fact))}


@st.composite
def a_valid_situation(draw: st.DrawFn) -> tuple[Check, dict[str, Any]]:
    check = all_checks()[draw(st.sampled_from(sorted(all_checks())))]
    return check, {fact.name: draw(valid_value(fact)) for fact in check.facts}


@PROPERTY
@given(a_check_and_one_wrong_fact())
def test_a_wrong_fact_value_is_an_error_naming_the_fact(case: tuple[Check, Fact, dict[str, Any]]) -> None:
    check, fact, facts = case
    try:
        check.run(facts)
    except RefereeError as exc:
        assert repr(fact.name) in str(exc) and "\n" not in str(exc)
    else:
        raise AssertionError(f"{check.name}: {fact.name}={facts[fact.name]!r} was accepted")


@pytest.fixture(scope="module")
def entry_text(built_db: Path):
    db = store.open_db(built_db)
    return lambda entry: store.show(db, entry)["text"]


@PROPERTY
@given(case=a_valid_situation())
def test_a_valid_situation_gets_a_verdict_quoting_the_book_verbatim(entry_text, case) -> None:
    check, facts = case
    validate_facts(check, facts)  # each fact is valid on its own: a refusal below is about them together
    try:
        verdict = check.run(facts)
    except RefereeError as exc:  # facts valid one by one can still contradict each other, and say so
        named = re.findall(r"'(\w+)'", str(exc).split(":", 1)[0])
        assert re.match(r"facts? '", str(exc)) and "\n" not in str(exc), str(exc)
        assert named and set(named) <= {f.name for f in check.facts}, str(exc)
        return  # a contradiction, named as one: there is no verdict to check
    assert verdict.verdict in VERDICTS
    reasons = verdict.reasons + [r for reading in verdict.readings for r in reading.reasons]
    for reason in reasons:
        assert reason.quote in entry_text(reason.entry), (check.name, reason.entry)
