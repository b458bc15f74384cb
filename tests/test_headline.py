"""The headline over a verdict says what happened in a player's words, the same in the CLI and on
the web, and never contradicts the chain of rules under it (#33 task 13)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from support.rules import all_checks, all_state_rules
from typer.testing import CliRunner

from referee.cli.main import app
from referee.rules.headline import headline, joined_summaries
from referee.states.settle import settle_state
from referee.web import words

ROOT = Path(__file__).resolve().parent.parent
STATES = sorted((ROOT / "corpus").glob("*/states/*.yaml"))
runner = CliRunner()

# The phone review's state: #7 is the active player and dodges; no rule of the DODGE reads `active`.
DODGE = yaml.safe_load((ROOT / "corpus/takkure/states/tackle-the-carrier.yaml").read_text(encoding="utf-8"))
DODGE.update(action="#7 dodges", active="7")
DODGE.pop("expect")


def _settle(document: dict) -> dict:
    """The ruling as `--json` prints it and the web's templates read it (the headline reads that)."""
    return settle_state(all_checks(), all_state_rules(), document, {}, "test").to_json()


def test_a_fact_no_rule_reads_leaves_the_ruling_not_settled_with_what_the_rules_alone_rule() -> None:
    ruling = _settle(DODGE)
    chain = {s["verdict"] for s in ruling["steps"] if s["check"]}
    assert ruling["verdict"] == "unknown" and ruling["unaccounted"] == ["active"] and chain == {"illegal"}
    head = headline(ruling)
    assert head.word == "not settled" and "does not say" not in head.word
    assert "`active`" in head.detail and "would rule illegal" in head.detail


def test_the_cli_and_the_web_head_a_ruling_alike(tmp_path: Path) -> None:
    path = tmp_path / "dodge.yaml"
    path.write_text(yaml.safe_dump(DODGE), encoding="utf-8")
    printed = runner.invoke(app, ["check", str(path)]).stdout.splitlines()
    shown = words.verdict_words(_settle(DODGE))
    assert printed[0].endswith("— NOT SETTLED") and printed[1].strip() == shown["detail"]
    assert shown["word"] == "not settled"


@pytest.mark.parametrize("path", STATES, ids=[f"{p.parent.parent.name}/{p.stem}" for p in STATES])
def test_no_headline_contradicts_its_chain(path: Path) -> None:
    """A state whose chain rules legal or illegal is never headed "the book does not say"; a
    confident ruling is headed by its own verdict, an illegal one never by "legal"."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    document.pop("expect", None)
    ruling = _settle(document)
    head = headline(ruling)
    confident = {s["verdict"] for s in ruling["steps"] if s["check"]} & {"legal", "illegal", "value"}
    if confident:
        assert head.word != "the book does not say"
    if ruling["verdict"] in ("legal", "illegal"):
        assert head.word.split(":")[0] == ruling["verdict"]


@pytest.mark.parametrize(
    ("verdict", "word"),
    [
        ({"verdict": "illegal", "outcome": "foul"}, "illegal: foul"),
        ({"verdict": "legal", "outcome": "cancelled"}, "legal: cancelled"),
        ({"verdict": "value", "outcome": "scored", "value": {"try": True}}, "scored"),
        ({"verdict": "value", "value": {"moves": True}, "summary": "no score; possession changes"}, "no score"),
        ({"verdict": "value", "value": 7, "summary": "must roll 7 or less"}, "worked out"),
        ({"verdict": "unknown", "ruled": "unknown", "open": [{"check": "x"}]}, "the book leaves this open"),
        ({"verdict": "unknown"}, "the book does not say"),
    ],
    ids=["outcome-illegal", "outcome-legal", "outcome-value", "no-single-value", "a-number", "open", "silent"],
)
def test_the_headline_is_one_phrase(verdict: dict, word: str) -> None:
    assert headline(verdict).word == word


def test_a_clause_said_again_with_more_is_said_once() -> None:
    line = joined_summaries(["0 series card(s) left; possession changes", "possession changes: the ball goes to 4"])
    assert line == "0 series card(s) left; possession changes: the ball goes to 4"
    assert joined_summaries(["no score", "", "the lead marker passes"]) == "no score; the lead marker passes"
