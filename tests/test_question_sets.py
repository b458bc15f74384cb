"""The question sets we ship: every gold passage can be found, in one entry of its game."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.evaluate import hits_gold, load_questions
from kb import store

ROOT = Path(__file__).resolve().parent.parent
QUESTION_SETS = sorted((ROOT / "data").glob("questions-*.jsonl"))


def test_the_shipped_sets_are_found() -> None:
    assert {p.name for p in QUESTION_SETS} >= {
        "questions-dev.jsonl",
        "questions-extra.jsonl",
        "questions-third.jsonl",
        "questions-uk.jsonl",
    }


@pytest.mark.parametrize("path", QUESTION_SETS, ids=lambda p: p.name)
def test_every_gold_passage_sits_in_one_entry_of_its_game(path: Path, built_db: Path) -> None:
    questions = load_questions(path)
    assert len({q.id for q in questions}) == len(questions), "question ids repeat"
    db = store.open_db(built_db)
    entries: dict[str, list[dict]] = {}
    for entry in store.entries(db):
        entries.setdefault(entry["game"], []).append(entry)
    for question in questions:
        assert question.game in entries, f"{question.id}: unknown game {question.game}"
        for passage in question.gold:
            found = any(hits_gold(e["title"], e["text"], [passage]) for e in entries[question.game])
            assert found, f"{question.id}: gold passage not in any entry: {passage!r}"
