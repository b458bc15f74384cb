"""The English-Ukrainian word bridge of the lexical side (no model needed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee import store
from referee.errors import RefereeError
from referee.indexer.search.bridge import (
    LEXICON,
    bridge,
    load_lexicon,
    read_lexicon,
    terms_held,
)
from referee.indexer.search.lexical import bm25_scores, stems

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def db(built_db: Path):
    return store.open_db(built_db)


def test_english_question_words_become_ukrainian_word_beginnings(db) -> None:
    terms = bridge(db, load_lexicon(db), "Who wins the round?", "en", "uk").terms
    assert {"вигра*", "перемаг*", "раунд*"} <= set(terms)
    # "wins" and "winner" reach the lexicon through their stems, as FTS5 indexes English
    assert "перемож*" in bridge(db, load_lexicon(db), "Who is the winner?", "en", "uk").terms


def test_short_ukrainian_forms_match_whole_words_only(db) -> None:
    terms = bridge(db, load_lexicon(db), "Which action may I take?", "en", "uk").terms
    assert "дія" in terms and "дія*" not in terms


def test_ukrainian_question_words_become_english_words(db) -> None:
    assert {"win", "round"} <= set(bridge(db, load_lexicon(db), "Хто виграє раунд?", "uk", "en").terms)


def test_no_bridge_for_a_pair_the_lexicon_does_not_cover(db) -> None:
    assert bridge(db, load_lexicon(db), "Who wins?", "en", "de").terms == []
    assert bridge(db, load_lexicon(db, Path("/nonexistent.tsv")), "Who wins?", "en", "uk").terms == []


def test_bridged_words_find_the_ukrainian_rule(db) -> None:
    terms = bridge(db, load_lexicon(db), "What if I cannot defend?", "en", "uk").terms
    assert not bm25_scores(db, "What if I cannot defend?", "tacocat")  # the English words alone find nothing
    found = bm25_scores(db, "What if I cannot defend?", "tacocat", terms=terms)
    assert {"tacocat/play/2", "tacocat/play/3"} <= set(found)  # "Захищати атакувати...", "не може захиститися"


def test_every_english_word_of_the_lexicon_occurs_in_an_english_rulebook(db) -> None:
    """The lexicon's header says it was written from the English books' own words."""
    words = sorted(read_lexicon())
    db.execute("create virtual table if not exists temp.bridge_vocabulary using fts5vocab(main, entries_fts, row)")
    vocabulary = {row[0] for row in db.execute("select term from temp.bridge_vocabulary")}
    missing = [w for w, found in zip(words, stems(db, words), strict=True) if not set(found) & vocabulary]
    assert not missing


def test_a_malformed_lexicon_line_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "lexicon.tsv"
    path.write_text("# comment\nwin\tвигра\nplayer\n", encoding="utf-8")
    with pytest.raises(RefereeError, match=r"lexicon.tsv:3: expected an English word, a tab"):
        read_lexicon(path)


def test_the_shipped_lexicon_reads() -> None:
    assert len(read_lexicon(LEXICON)) > 150


def test_terms_are_held_as_word_beginnings_or_whole_words() -> None:
    terms = ["перемаг*", "раунд*", "гри"]
    assert terms_held("Гравець, який має найнижчий перемагає в раунді.", terms) == 2
    assert terms_held("Кінець гри.", terms) == 1
    assert terms_held("Правила гравця.", ["гра"]) == 0  # a short form is a whole word, not a beginning


BRIDGE_IN_A_FRESH_PROCESS = """
import json, sys
from pathlib import Path
from referee.indexer.search.bridge import Lexicon, bridge
from referee import store
forms = {"зустріч", "бій", "двобій", "сутичка", "поєдинок", "дуель"}
lexicon = Lexicon(english={"duel": forms, "card": {"карт", "картк"}})
bridged = bridge(store.open_db(Path(sys.argv[1])), lexicon, "Which card wins the duel?", "en", "uk")
print(json.dumps([bridged.terms, bridged.reading], ensure_ascii=False))
"""


@pytest.mark.parametrize("seed", ["0", "1", "2", "12345"])
def test_bridged_words_come_in_the_questions_order_whatever_the_hash_seed(built_db: Path, seed: str) -> None:
    """The model reads them as a text, so their order must not follow a set's: each seed is a
    process of its own, since a set's order is fixed for the life of one process."""
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", BRIDGE_IN_A_FRESH_PROCESS, str(built_db)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=ROOT,
    )
    terms, reading = json.loads(run.stdout)
    assert terms == ["карт*", "картк*", "бій", "двобій*", "дуель*", "зустріч*", "поєдинок*", "сутичка*"]
    assert reading == "карт картк wins бій двобій дуель зустріч поєдинок сутичка"  # "wins": no rendering, kept


def test_a_question_the_lexicon_renders_no_word_of_has_no_reading(db) -> None:
    assert bridge(db, load_lexicon(db), "Xylophone zebras?", "en", "uk").reading == ""
    assert bridge(db, load_lexicon(db), "Who wins the round?", "en", "de").reading == ""
    reading = bridge(db, load_lexicon(db), "Хто виграє раунд?", "uk", "en").reading
    assert "win" in reading.split() and "round" in reading.split()
