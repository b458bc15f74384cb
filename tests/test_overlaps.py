"""One ruling per question: every pair of a game's checks that give a sentence in common as a reason is
declared in the game's OVERLAPS, and each pair declared to answer the same case agrees over a sample of
its facts (or one of them is ambiguous with a reading that agrees)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from support.rules import all_rulebooks

from referee.errors import RefereeError
from referee.rules import same
from referee.rules.overlaps import compare, overlapping
from referee.rules.rulebook import Rulebook


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """One test per game with rules, and per pair declared to answer the same case: the rules are
    loaded at collection (once a session), not at import."""
    if "ruled_game" in metafunc.fixturenames:
        metafunc.parametrize("ruled_game", sorted(all_rulebooks()))
    if "same_case" in metafunc.fixturenames:
        pairs = [(g, o.a, o.b) for g, rulebook in sorted(all_rulebooks().items()) for o in rulebook.overlaps]
        metafunc.parametrize("same_case", [p for p in pairs if _overlap(*p).facts is not None], ids="-".join)


def _overlap(game: str, a: str, b: str):
    (overlap,) = [o for o in all_rulebooks()[game].overlaps if (o.a, o.b) == (a, b)]
    return overlap


def _checks(game: str) -> dict:
    return {c.name: c for c in all_rulebooks()[game].checks}


def test_every_pair_of_checks_deciding_by_one_sentence_is_declared(ruled_game: str) -> None:
    found = overlapping(all_rulebooks()[ruled_game].checks)
    declared = Counter(o.pair for o in all_rulebooks()[ruled_game].overlaps)
    undeclared = sorted(sorted(pair) for pair in set(found) - set(declared))
    assert not undeclared, f"{ruled_game}: declare these in OVERLAPS (same or apart): {undeclared}"
    stale = sorted(sorted(pair) for pair in set(declared) - set(found))
    assert not stale, f"{ruled_game}: OVERLAPS declares pairs that share no deciding sentence: {stale}"
    assert max(declared.values()) == 1


def test_two_checks_asked_the_same_case_agree(same_case: tuple[str, str, str]) -> None:
    assert compare(_checks(same_case[0]), _overlap(*same_case)) == []


def test_the_issues_two_disagreements_are_compared() -> None:
    pairs = {(o.a, o.b) for o in all_rulebooks()["rugby-world"].overlaps if o.facts is not None}
    assert {("hard-tackle", "strength-rule"), ("conversion", "kick-success")} <= pairs
    found = overlapping(all_rulebooks()["rugby-world"].checks)
    assert any(entry == "rugby-world/1d/7" for entry, _ in found[frozenset(("hard-tackle", "strength-rule"))])


def test_f6_against_f8_the_hard_tackle_has_the_strength_rules_reading() -> None:
    checks = _checks("rugby-world")
    strength = checks["strength-rule"].run({"declarer": 6, "opponent": 8, "compare": "strength", "die": 5})
    assert strength.value["declarer_wins"] == "1-4" and strength.value["winner"] == "opponent"
    hard = checks["hard-tackle"].run({"defender_f": 6, "carrier_f": 8, "die": 5})
    assert hard.verdict == "ambiguous"
    assert {r.value for r in hard.readings} == {
        "defender placed 2 away, loses token",
        "carrier pushed back, ball grounded",
    }


@pytest.mark.parametrize(
    ("a", "b", "wrong"),
    [
        # the carrier as the declarer: the ranges turn round
        (
            "hard-tackle",
            "strength-rule",
            lambda f: {"declarer": f["carrier_f"], "opponent": f["defender_f"], "die": f["die"]},
        ),
        # the other row of the table
        ("conversion", "kick-success", lambda f: {"zone": "42-50", "kicker": not f["kicker"], "die": f["die"]}),
    ],
)
def test_the_comparison_finds_a_disagreement_when_there_is_one(a: str, b: str, wrong) -> None:
    overlap = _overlap("rugby-world", a, b)
    assert len(compare(_checks("rugby-world"), replace(overlap, facts=wrong))) > 10


def test_overlaps_naming_no_check_are_refused() -> None:
    rulebook = all_rulebooks()["rugby-world"]
    stray = same("hard-tackle", "no-such-check", "a typo", lambda f: f)
    with pytest.raises(RefereeError, match="OVERLAPS names 'no-such-check', which is no check of rugby-world"):
        Rulebook("rugby-world", rulebook.quotes, rulebook.checks, overlaps=[stray])
