"""The question sets we ship: every gold passage can be found, in one entry of its game; the
unanswerable sets carry no gold and say why; the check sets name real checks and valid facts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee import store
from referee.indexer.evaluate import hits_gold, load_questions
from referee.rules.checks import validate_facts

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
UNANSWERABLE_SETS = sorted(DATA.glob("questions-unanswerable-*.jsonl"))
CHECK_SETS = sorted(DATA.glob("questions-checks-*.jsonl"))
QUESTION_SETS = sorted(set(DATA.glob("questions-*.jsonl")) - set(UNANSWERABLE_SETS) - set(CHECK_SETS))
GAMES = {p.name for p in (ROOT / "corpus").iterdir() if (p / "game.toml").exists()}


def _records(path: Path) -> list[dict]:
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len({r["id"] for r in records}) == len(records), "question ids repeat"
    return records


def test_the_shipped_sets_are_found() -> None:
    assert {p.name for p in QUESTION_SETS} >= {
        "questions-dev.jsonl",
        "questions-extra.jsonl",
        "questions-third.jsonl",
        "questions-uk.jsonl",
        "questions-fourth.jsonl",
        "questions-fifth.jsonl",
        "questions-sixth.jsonl",
    }
    assert {p.name for p in UNANSWERABLE_SETS} >= {
        "questions-unanswerable-dev.jsonl",
        "questions-unanswerable-test.jsonl",
        "questions-unanswerable-tune.jsonl",
    }
    assert {p.name for p in CHECK_SETS} >= {
        "questions-checks-dev.jsonl",
        "questions-checks-test.jsonl",
        "questions-checks-tune.jsonl",
    }


@pytest.mark.parametrize("path", QUESTION_SETS, ids=lambda p: p.name)
def test_every_gold_passage_sits_in_one_entry_of_its_game(path: Path, built_db: Path) -> None:
    questions = load_questions(path)
    assert len({q.id for q in questions}) == len(questions), "question ids repeat"
    db = store.open_db(built_db)
    entries: dict[str, list[store.StoredEntry]] = {}
    for entry in store.entries(db):
        entries.setdefault(entry.game, []).append(entry)
    for question in questions:
        assert question.game in entries, f"{question.id}: unknown game {question.game}"
        assert question.gold, f"{question.id}: an answerable question needs a gold passage"
        for passage in question.gold:
            found = any(hits_gold(e.title, e.text, [passage]) for e in entries[question.game])
            assert found, f"{question.id}: gold passage not in any entry: {passage!r}"


@pytest.mark.parametrize("path", UNANSWERABLE_SETS, ids=lambda p: p.name)
def test_unanswerable_questions_have_no_gold_and_say_why(path: Path) -> None:
    for record in _records(path):
        assert record["gold"] == [], f"{record['id']}: an unanswerable question has gold"
        assert record["game"] is None or record["game"] in GAMES, f"{record['id']}: unknown game"
        assert record["q"].strip() and record["why"].strip(), f"{record['id']}: empty question or why"


@pytest.mark.parametrize("path", CHECK_SETS, ids=lambda p: p.name)
def test_check_questions_name_a_check_of_their_game_with_valid_facts(checks, path: Path) -> None:
    for record in _records(path):
        check = checks.get(record["check"])
        assert check is not None, f"{record['id']}: no check {record['check']!r}"
        assert check.game == record["game"], f"{record['id']}: {check.name} is a {check.game} check"
        validate_facts(check, record["facts"])  # raises on an unknown, missing or out-of-range fact
        assert record["expect"]["verdict"] in {"legal", "illegal", "ambiguous", "unknown", "value"}
        if record["expect"]["verdict"] == "value":
            assert "value" in record["expect"], f"{record['id']}: a value verdict needs the value"
