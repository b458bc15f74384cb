"""A state's ruling, typed (`Ruling` of `RulingStep`s): its one `to_json()` is the JSON `referee check
STATE --json` prints and `POST /api/state` returns, with the keys in their documented order, and
`Ruling.from_json` reads it back whole, for every example and dispute state shipped."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from referee.rules.checks import verdict_dict
from referee.rules.settle import settle
from referee.rules.verdicts import CheckVerdict, RulingStep
from referee.states.ruling import Ruling
from referee.states.settle import settle_state_text

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
STATES = sorted(CORPUS.glob("*/states/**/*.yaml"))
RULING_KEYS = [
    "game",
    "action",
    "actions",
    "verdict",
    "outcome",
    "value",
    "summary",
    "steps",
    "reasons",
    "consequences",
    "start",
    "follows",
    "missing",
    "not_bearing",
    "not_bearing_why",
    "claims",
    "ruled",
    "unrecognised",
    "unaccounted",
    "open",
    "earned",
]
STEP_EXTRAS = ["facts", "derived", "given", "note", "action"]  # after a check's verdict_dict keys


@pytest.fixture(scope="module")
def rulings(checks, state_rules) -> dict[str, Ruling]:
    rules = {game: states for game, states in state_rules.items() if states}
    ruled = {
        str(path.relative_to(CORPUS)): settle_state_text(checks, rules, path.read_text(encoding="utf-8"), str(path))[0]
        for path in STATES
    }
    # and an action no check covers (no shipped state has one): its step quotes the closest rules
    text = 'game: takkure\npieces:\n  "7": {team: attack, at: [0, 0]}\nball: "7"\naction: "#7 dances the fandango"\n'
    ruled["unrecognised"] = settle_state_text(checks, rules, text)[0]
    return ruled


def test_every_shipped_state_is_ruled(rulings: dict[str, Ruling]) -> None:
    assert len(rulings) >= 251  # 46 examples, the 204 disputes' states and one action not recognised
    assert sum("/disputes/" in name for name in rulings) == 204
    assert rulings["unrecognised"].steps[0].check is None and rulings["unrecognised"].unrecognised


def test_the_json_round_trips_through_the_types(rulings: dict[str, Ruling]) -> None:
    for name, ruling in rulings.items():
        data = ruling.to_json()
        assert json.loads(json.dumps(data, ensure_ascii=False)) == data, name  # JSON data, nothing else
        again = Ruling.from_json(data)
        assert again.to_json() == data, name
        assert again.steps and all(isinstance(s, RulingStep) for s in again.steps), name


def test_the_json_keeps_its_keys_in_order(rulings: dict[str, Ruling], checks) -> None:
    step_keys = {}
    for name, ruling in rulings.items():
        data = ruling.to_json()
        assert list(data) == RULING_KEYS, name
        for step, shown in zip(ruling.steps, data["steps"], strict=True):
            if step.check is not None:  # a check's step is its verdict_dict, then how the state ran it
                check = checks[step.check]
                verdict = check.run(shown["facts"])
                assert list(shown) == list(verdict_dict(check, verdict)) + STEP_EXTRAS, name
            step_keys[step.check is None] = list(shown)
    assert step_keys[True] == step_keys[False]  # an action no check covers has the same shape


def test_the_attributes_are_what_the_json_says(rulings: dict[str, Ruling]) -> None:
    for name, ruling in rulings.items():
        data = ruling.to_json()
        assert (data["verdict"], data["ruled"], data["earned"]) == (ruling.verdict, ruling.ruled, ruling.earned)
        assert data["summary"] == ruling.summary and data["outcome"] == ruling.outcome, name
        assert [s["check"] for s in data["steps"]] == [s.check for s in ruling.steps], name
        assert [r["entry"] for r in data["reasons"]] == [r.entry for s in ruling.steps for r in s.reasons], name
        assert [c["status"] for c in data["claims"]] == [c.status for c in ruling.claims], name
        assert [m["check"] for m in data["missing"]] == [m.check for m in ruling.missing], name


def test_a_checks_verdict_is_typed_and_its_json_is_what_it_was(checks) -> None:
    """`referee.settle` gives a `CheckVerdict`; its JSON is byte for byte the dictionary the check command
    printed before it was typed (the game, the check, then the `Verdict`'s fields as JSON gives them), for
    every check's example, and `from_json` reads it back whole."""
    examples = [c for c in checks.values() if c.example]
    assert len(examples) >= 40
    for check in examples:
        typed = settle(checks, check.example, None, {})
        assert isinstance(typed, CheckVerdict)
        before = {"game": check.game, "check": check.name, **asdict(check.run(check.example["facts"]))}
        printed = json.dumps(before, ensure_ascii=False)
        assert json.dumps(typed.to_json(), ensure_ascii=False) == printed, check.name
        assert CheckVerdict.from_json(typed.to_json()) == typed, check.name
