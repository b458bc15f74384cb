"""Issue 32: a claim written as an action ("ben wins the round", "the first half ends", "#7 scores a try") is
checked against the state, never taken as fact: the state contradicts it (illegal, the deciding rule quoted),
the rule leaves it open (unknown), the state gives part of what decides it but not enough (incomplete: what
to add), or the state gives nothing that bears on it (the ruling holds given the claim, and says so)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.rules import Action, StateRules
from referee.rules.loading import discover_checks, discover_rulebooks
from referee.states.ruling import Ruling
from referee.states.settle import settle_state, state_rules
from referee.states.settling import Claim

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
RULEBOOKS = discover_rulebooks(CORPUS)
CHECKS = discover_checks(CORPUS, RULEBOOKS)
RULES = state_rules(RULEBOOKS)


def _settle(document: dict[str, Any], rules: dict[str, StateRules] = RULES) -> Ruling:
    return settle_state(CHECKS, rules, document, {}, "state")


def _tacocat(**state: Any) -> dict[str, Any]:
    return {"game": "tacocat", "players": ["anna", "ben"], "cat": 0, "action": "ben wins the round", **state}


def _claim(ruling: Ruling) -> Claim:
    (claim,) = ruling.claims
    return claim


def test_every_claim_action_is_declared_a_claim() -> None:
    claims = {(game, a.name) for game, rules in RULES.items() for a in rules.actions if a.claim}
    assert {("tacocat", "round-won"), ("touchdown-heroes", "half-ends"), ("takkure", "score-a-try")} <= claims


def test_the_issues_round_won_with_three_cards_in_each_hand_is_illegal_quoting_the_rule() -> None:
    """The issue: "B wins the round" with three cards in each hand moved the cat."""
    ruling = _settle(_tacocat(cards={"anna": 3, "ben": 3}))
    assert ruling.verdict == "illegal" and _claim(ruling).status == "contradicted"
    assert ruling.follows["cat"] == 0, "the cat does not move on a contradicted claim"
    quoted = {r.entry for r in ruling.reasons}
    assert "tacocat/play/7" in quoted, "the rule that play goes on until one card each is quoted"


@pytest.mark.parametrize(
    ("hands", "status", "verdict"),
    [
        ({"anna": [8], "ben": [2]}, "checked", "value"),
        ({"anna": [2], "ben": [8]}, "contradicted", "illegal"),
        ({"anna": [3], "ben": [3]}, "contradicted", "illegal"),  # a draw: nobody wins the round
    ],
)
def test_round_won_with_the_last_cards_is_checked_by_the_lowest_card(
    hands: dict[str, list[int]], status: str, verdict: str
) -> None:
    ruling = _settle(_tacocat(hands=hands))
    assert _claim(ruling).status == status and _claim(ruling).check == "round-winner"
    assert ruling.verdict == verdict
    if verdict == "value":
        assert ruling.follows["cat"] == 1
    else:
        assert ruling.follows["cat"] == 0


def test_round_won_with_counts_but_no_cards_is_incomplete_naming_the_last_cards() -> None:
    ruling = _settle(_tacocat(cards={"anna": 1, "ben": 1}))
    assert ruling.verdict == "incomplete" and _claim(ruling).status == "unsupported"
    assert "last card of each player" in ruling.summary


def test_round_won_with_nothing_to_check_it_holds_given_the_claim_and_says_so() -> None:
    ruling = _settle(_tacocat())
    assert ruling.verdict == "value" and _claim(ruling).status == "premise"
    assert "given 'ben wins the round' as the state declares it" in ruling.summary


def _heroes(cards: list[int | None], action: str = "the first half ends") -> dict[str, Any]:
    players = [{"name": n, **({"cards": c} if c is not None else {})} for n, c in zip("ABCD", cards, strict=True)]
    return {"game": "touchdown-heroes", "players": players, "action": action}


@pytest.mark.parametrize(
    ("cards", "verdict", "status"),
    [
        ([3, 3, 3, 3], "illegal", "contradicted"),  # the issue: "the first half ends" with cards in every hand
        ([0, 0, 0, 0], "value", "checked"),
        ([2, 0, 0, 0], "unknown", "open"),  # the book says nothing of only some hands empty
        ([0, None, 0, 0], "incomplete", "unsupported"),
        ([None, None, None, None], "unknown", "premise"),  # nothing to check it, and no rule rules on it
    ],
)
def test_half_ends_is_checked_against_the_hands(cards: list[int | None], verdict: str, status: str) -> None:
    ruling = _settle(_heroes(cards))
    assert ruling.verdict == verdict and _claim(ruling).status == status
    if status == "contradicted":
        assert ruling.follows["half"] == 1 and ruling.follows["phase"] != "halftime"
        assert any(s.check == "half-end" and s.verdict == "illegal" for s in ruling.steps)


def test_the_second_half_ends_with_no_hands_given_is_ruled_given_the_claim() -> None:
    ruling = _settle({**_heroes([None] * 4, "the second half ends"), "half": 2, "score": {"eagles": 5, "bears": 5}})
    assert ruling.verdict == "value" and ruling.value == "draw" and _claim(ruling).status == "premise"
    assert "given 'the second half ends'" in ruling.summary


def test_a_try_by_a_player_without_the_ball_is_illegal_not_a_try() -> None:
    state = {
        "game": "takkure",
        "attack": "+y",
        "in_goal": 30,
        "pieces": {"7": {"team": "attack", "at": [0, 32]}, "9": {"team": "attack", "at": [2, 20]}},
        "ball": "9",
        "action": "#7 scores a try",
    }
    ruling = _settle(state)
    assert ruling.ruled == "illegal" and ruling.claims == []


def test_a_claim_action_that_checks_nothing_is_incomplete_never_accepted() -> None:
    """The engine's guard: an action declared a claim whose function checks nothing is not a verdict."""
    tacocat = RULES["tacocat"]
    idle = Action(
        "boast", (r"(?P<by>\w+) wins the game",), lambda state, args, s: None, "anna wins the game", claim=True
    )
    rules = {**RULES, "tacocat": StateRules(**{**vars(tacocat), "actions": [idle, *tacocat.actions]})}
    ruling = _settle({"game": "tacocat", "players": ["anna", "ben"], "action": "anna wins the game"}, rules)
    assert ruling.verdict == "incomplete" and _claim(ruling).status == "unsupported"
    assert "is not checked" in ruling.summary


def test_a_contradicted_claim_in_a_sequence_stays_illegal() -> None:
    state = _tacocat(cards={"anna": 3, "ben": 3})
    state.pop("action")
    ruling = _settle({**state, "actions": ["ben wins the round", "how many cards are dealt"]})
    assert ruling.verdict == "illegal"
