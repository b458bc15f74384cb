"""Issue 32: a referee that is never confidently wrong. A verdict is earned (every action recognised,
every key read or shown with its reason not to bear, nothing missing), else `incomplete` or `unknown`;
one state is carried through a sequence, shown after each step, and no later step changes an earlier one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from referee.rules.loading import discover_checks, discover_rulebooks
from referee.states.ruling import Ruling
from referee.states.settle import settle_state, state_rules

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
RULEBOOKS = discover_rulebooks(CORPUS)
CHECKS = discover_checks(CORPUS, RULEBOOKS)
RULES = state_rules(RULEBOOKS)
STATES = sorted(CORPUS.glob("*/states/**/*.yaml"))
SEQUENCES = [p for p in STATES if len(yaml.safe_load(p.read_text(encoding="utf-8")).get("actions") or []) > 1]


def _settle(document: dict[str, Any]) -> Ruling:
    return settle_state(CHECKS, RULES, document, {}, "state")


PASS = {
    "game": "takkure",
    "attack": "+y",
    "pieces": {"7": {"team": "attack", "at": [0, 10], "bac": 6}, "9": {"team": "attack", "at": [-6, 8]}},
    "ball": "7",
    "action": "#7 passes to #9",
}


def test_a_ruling_whose_every_key_is_read_is_earned() -> None:
    ruling = _settle(PASS)
    assert ruling.verdict == ruling.ruled == "legal" and ruling.earned
    assert ruling.unaccounted == [] and ruling.unrecognised == []


def test_a_die_no_check_rolls_leaves_the_ruling_unknown_not_a_guess() -> None:
    """The issue's pass with a die but no BaC: the die was ignored and the pass ruled; now it is not."""
    pieces = {"7": {"team": "attack", "at": [0, 10]}, "9": {"team": "attack", "at": [-6, 8]}}
    ruling = _settle({**PASS, "pieces": pieces, "dice": [4]})
    assert ruling.ruled == "legal" and ruling.verdict == "unknown" and not ruling.earned
    assert ruling.unaccounted == ["dice"] and "dice" in ruling.summary


def test_a_fact_of_a_named_piece_nothing_reads_and_nothing_excuses_is_unaccounted() -> None:
    pieces = {**PASS["pieces"], "9": {"team": "attack", "at": [-6, 8], "wounds": 2}}
    ruling = _settle({**PASS, "pieces": pieces, "facts": {}})
    assert "pieces.9.wounds" not in ruling.not_bearing_why


def test_every_key_not_bearing_says_why() -> None:
    for path in STATES:
        ruling = _settle(yaml.safe_load(path.read_text(encoding="utf-8")))
        assert set(ruling.not_bearing) == set(ruling.not_bearing_why) | set(ruling.unaccounted), path
        assert all(ruling.not_bearing_why.values()), path


def test_a_piece_no_action_names_does_not_bear_and_says_so() -> None:
    pieces = {**PASS["pieces"], "12": {"team": "defence", "at": [20, -20], "str": 5}}
    ruling = _settle({**PASS, "pieces": pieces})
    assert ruling.verdict == "legal"
    assert "no action names" in ruling.not_bearing_why["pieces.12.str"]


def test_an_unread_key_a_game_does_not_excuse_makes_the_verdict_unknown() -> None:
    document = {
        "game": "tacocat",
        "players": ["anna", "ben"],
        "round": 3,
        "replaced": {"ben": 2},
        "action": "anna replaces 3 cards",
    }
    assert _settle(document).verdict == "illegal"
    rules = RULES["tacocat"]
    saved = dict(rules.ignores)
    try:
        rules.ignores.clear()
        ruling = _settle({**document, "arrows": ["ben"]})
    finally:
        rules.ignores.update(saved)
    assert ruling.ruled == "illegal" and ruling.verdict == "unknown" and ruling.unaccounted == ["arrows"]


def test_facts_the_first_action_lacks_make_it_incomplete_naming_them() -> None:
    document = {"game": "tacocat", "players": ["anna", "ben"], "action": "anna attacks with 4"}
    with pytest.raises(Exception, match="hand"):  # a hand is part of the state: a bad state stays a refusal
        _settle(document)


def test_an_action_not_recognised_is_incomplete_with_the_closest_actions_in_their_wording() -> None:
    ruling = _settle({**PASS, "action": "#7 throws it to #9"})
    wording = "#7 passes to #9"  # one of the action's wordings, exactly, and one it reads
    assert ruling.verdict == "incomplete" and ruling.unrecognised[0].did_you_mean[0] == wording
    assert f"did you mean “{wording}”" in ruling.summary


def test_where_a_check_rules_the_book_silent_the_ruling_says_it_leaves_it_open() -> None:
    ruling = _settle({"game": "tacocat", "players": ["anna", "ben"], "action": "anna looks through the discard pile"})
    assert ruling.verdict == "unknown" and ruling.open[0].check == "tacocat-silent"
    assert ruling.open[0].quotes and "leaves this open" in ruling.summary


# ---- one state carried through a sequence


def test_every_shipped_sequence_shows_the_state_after_each_step() -> None:
    assert len(SEQUENCES) >= 20
    for path in SEQUENCES:
        ruling = _settle(yaml.safe_load(path.read_text(encoding="utf-8")))
        assert all("after" in action for action in ruling.actions), path
        if not ruling.missing:
            assert ruling.actions[-1]["after"] == ruling.follows, path


def _steps(ruling: dict[str, Any], upto: int) -> list[tuple]:
    return [(s.action, s.check, s.verdict, repr(s.value), s.outcome) for s in ruling.steps if s.action < upto]


@pytest.mark.parametrize("path", SEQUENCES, ids=lambda p: p.stem)
def test_no_later_step_of_a_shipped_sequence_changes_an_earlier_one(path: Path) -> None:
    """Replaying the first k actions alone gives the same steps and the same state after them as the whole
    sequence does: a later action never rewrites what an earlier one ruled."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    whole = _settle(document)
    for k in range(1, len(document["actions"])):
        prefix = _settle({**document, "actions": document["actions"][:k]})
        assert _steps(prefix, k) == _steps(whole, k), (path, k)
        assert prefix.actions[k - 1]["after"] == whole.actions[k - 1]["after"], (path, k)


@pytest.mark.parametrize("path", SEQUENCES, ids=lambda p: p.stem)
def test_nothing_is_ruled_legal_after_the_game_is_over(path: Path) -> None:
    ruling = _settle(yaml.safe_load(path.read_text(encoding="utf-8")))
    over = [i for i, a in enumerate(ruling.actions) if a["after"].get("game_over") or a["after"].get("phase") == "over"]
    if over:
        later = [s for s in ruling.steps if s.action > over[0] and s.check]
        assert all(s.verdict != "legal" for s in later), path
