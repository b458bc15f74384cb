"""The classes of failure the judged set (docs/records/2026-12-02-disputes-judged.md) found, one test each over
the class, not the case: (1) a ruling of a higher text (an FAQ answer) that decides an action's outcome runs with
that action, whichever route declares it; (2) a two-way text gives `ambiguous` with both readings whichever way it is
met, and a text that settles a case is not made ambiguous; (3) a key the documented examples use, given as its
default, never turns an earned verdict into `unknown` (it is read, or excused with a reason); (4) every action
wording the tool offers is one it reads."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from referee.rules.loading import discover_checks, discover_rulebooks
from referee.states.ruling import Ruling
from referee.states.settle import settle_state, state_rules
from referee.states.wording import did_you_mean, match, wordings

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
RULEBOOKS = discover_rulebooks(CORPUS)
CHECKS = discover_checks(CORPUS, RULEBOOKS)
RULES = state_rules(RULEBOOKS)
STATES = sorted(CORPUS.glob("*/states/**/*.yaml"))


def _settle(document: dict[str, Any]) -> Ruling:
    return settle_state(CHECKS, RULES, document, {}, "state")


def _faq(ruling: Ruling) -> list[tuple[dict, Any]]:
    return [(s.facts, s.value) for s in ruling.steps if s.check == "playbook-faq"]


# ---------------------------------------------------------------- (1) the FAQ's rulings run on every route

SEATS = [
    {"name": "A", "team": "attack"},
    {"name": "B", "team": "defence"},
    {"name": "C", "team": "attack"},
    {"name": "D", "team": "defence"},
]
# (the trick before the card, the card D or C plays as not follow, who plays it, the lead card's follow state,
# a hero face up for the player): each is a case the FAQ settles (playbook-faq)
FAQ_CASES = {
    "a later 5 is nullified": (["power 6", "tactics 5", "power 4"], "stamina 5", "D", None, False),
    "a 4 with the player's hero face up is not applied": (
        ["power 6", "power 2", "power 3"],
        "speed 4",
        "D",
        None,
        True,
    ),
    "a 9 on the lead": ([{"card": "power 6", "follow": False}, "power 2", "power 3"], "speed 9", "D", False, False),
    "a 3 by the attack still applies": (["power 6", "power 2"], "speed 3", "C", None, False),
    "a 10 by the attack still applies": (["power 6", "power 2"], "speed 10", "C", None, False),
}


@pytest.mark.parametrize("case", sorted(FAQ_CASES))
def test_the_faq_ruling_on_a_card_runs_when_it_is_played_as_when_the_trick_is_judged(case: str) -> None:
    """dj-tdh-05's class: the FAQ's nullification lived in the judgement only, so `D plays stamina 5` ruled 'its
    play-book effect applies'. Now the play runs the same FAQ ruling as the judgement, and says so."""
    trick, card, by, _, hero_up = FAQ_CASES[case]
    seats = [dict(p) for p in SEATS]
    player = next(p for p in seats if p["name"] == by)
    player["hand"] = [card]
    if hero_up:
        player["hero"] = {"name": "birdman", "up": True}
    base = {"game": "touchdown-heroes", "eagles": "attack", "players": seats, "lead": "A", "play": "run"}
    played = _settle({**base, "trick": trick, "action": f"{by} plays {card}"})
    full = [*trick, card] + (["power 1"] if len(trick) + 1 < 4 else [])
    judged = _settle({**base, "trick": full, "action": "judge the trick"})
    assert _faq(played), f"{case}: the play did not consult the FAQ"
    assert _faq(played)[-1] in _faq(judged)
    assert "its play-book effect applies" not in played.summary


# ---------------------------------------------------------------- (2) two readings, or one where the book settles

TAKE = {
    "game": "ta-ke",
    "hall": {
        "A": {"chips": ["ronin", "geisha", "daimyo"]},
        "B": {"chips": ["samurai", "geisha", "ninja"]},
        "C": {"chips": ["ninja", "geisha", "ronin"]},
        "D": {"chips": ["samurai", "ronin"]},
        "E": {"chips": ["daimyo", "samurai"]},
    },
    "players": {"adrian": {"bottom": {"ninja": 1, "geisha": 1}}, "bea": {"bottom": {"geisha": 1}}},
    "turn": "adrian",
}
THROUGH_NINJA = "adrian uses the ninja on bea's geisha to move the top of stack A onto stack B"
OWN = "adrian uses the geisha to move the top of stack C onto stack D"


@pytest.mark.parametrize("order", [(OWN, THROUGH_NINJA), (THROUGH_NINJA, OWN)], ids=["own-first", "ninja-first"])
def test_a_two_way_text_is_ambiguous_with_both_readings_whichever_way_it_is_met(order: tuple[str, str]) -> None:
    """dj-take-06's class: the once-per-turn limit read one way as the rule when the Ninja came first."""
    ruling = _settle({**TAKE, "actions": list(order)})
    assert ruling.verdict == "ambiguous"
    (step,) = [s for s in ruling.steps if s.verdict == "ambiguous"]
    assert sorted(r.verdict for r in step.readings) == ["illegal", "legal"]


@pytest.mark.parametrize(
    ("hand", "laid", "verdict"),
    [
        ([2, 5, 6], 6, "illegal"),  # not his lowest: the book settles it ("must lay down their lowest card")
        ([5, 6, 9], 5, "ambiguous"),  # his lowest, and it could defend: the book reads both ways (dp-tc-13)
        ([2, 5, 6], 2, "value"),  # his lowest, below the attack: a sacrifice
    ],
)
def test_a_sacrifice_is_ambiguous_only_where_the_book_reads_two_ways(hand: list[int], laid: int, verdict: str) -> None:
    """dj-tacocat-04's class: a card that is not the lowest, laid as a sacrifice, was given two readings."""
    state = {
        "game": "tacocat",
        "players": ["ana", "bo"],
        "cat": 0,
        "hands": {"ana": [4, 8, 11], "bo": hand},
        "actions": ["ana attacks with 4", f"bo sacrifices {laid}"],
        "asks": "outcome",
    }
    ruling = _settle(state)
    (step,) = [s for s in ruling.steps if s.check == "defence"]
    assert step.verdict == verdict


# ---------------------------------------------------------------- (3) the documented keys are read or excused


def _with_documented_defaults(document: dict[str, Any]) -> dict[str, Any]:
    """The state with the keys every documented example gives, at the value the state already implies: the
    direction of play (+y) and, in Rugby World, each miniature's shirt number its name carries."""
    out = copy.deepcopy(document)
    if out["game"] in ("rugby-world", "takkure"):
        out.setdefault("attack", "+y")
    if out["game"] == "rugby-world":
        for name, piece in (out.get("pieces") or {}).items():
            digits = "".join(ch for ch in str(name) if ch.isdigit())
            if isinstance(piece, dict) and digits and 1 <= int(digits) <= 15:
                piece.setdefault("number", int(digits))
    return out


DIRECTED = [p for p in STATES if p.relative_to(CORPUS).parts[0] in ("rugby-world", "takkure")]


@pytest.mark.parametrize("path", DIRECTED, ids=lambda p: p.stem)
def test_a_documented_key_given_as_its_default_never_demotes_a_verdict(path: Path) -> None:
    """The judged set's class: `attack: +y`, a defender's `number:`, a kicker's `at` are in every example, yet
    right rulings became `unknown` because "no rule read them". Writing out what the state already implies must
    leave the verdict as it was: the deciding check reads the key, or the game says truly why it does not bear."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    before = _settle(document)
    after = _settle(_with_documented_defaults(document))
    assert after.verdict == before.verdict, after.unaccounted


# ---------------------------------------------------------------- (4) every wording offered is read


@pytest.mark.parametrize("game", sorted(RULES))
def test_every_wording_the_tool_offers_is_one_it_reads(game: str) -> None:
    """The judged set's finding: `did_you_mean` offered `#10 kicks long (into touch)` and then refused it. Every
    wording an action shows (its help, split at " / ") is read by that very action, and so is every suggestion."""
    rules = RULES[game]
    for action in rules.actions:
        for wording in wordings(action):
            found = match(wording, rules)
            assert found is not None and found[0] is action, f"{game}: {action.name} does not read {wording!r}"
        for suggestion in did_you_mean(action.name.replace("-", " ") + " something else", rules):
            assert match(suggestion, rules) is not None, f"{game}: offers {suggestion!r} and refuses it"
