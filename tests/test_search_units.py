"""Search pieces that need no model: query sanitising, sentences, the eval scoring rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import store
from referee.books.text import sentences
from referee.errors import RefereeError
from referee.indexer.evaluate import hits_gold, load_questions, rank_of, summarise
from referee.indexer.search.lexical import bm25_scores, query_terms, weightless_terms
from referee.store.build import build_knowledge_base


@pytest.mark.parametrize("query", ['"', "*", "AND(", "NEAR", 'pass" OR *', "x" * 10_000, "NOT ball", "^start"])
def test_fts_syntax_in_a_query_is_just_text(built_db: Path, query: str) -> None:
    bm25_scores(store.open_db(built_db), query, "takkure")  # must not raise


def test_query_terms_drop_question_words() -> None:
    assert query_terms("How does the DODGE action work?") == ["dodge", "action", "work"]
    assert query_terms("Скільки карт у колоді?") == ["скільки", "карт", "колоді"]


def test_bm25_finds_the_word_in_its_game(built_db: Path) -> None:
    scores = bm25_scores(store.open_db(built_db), "scatter template", "takkure")
    assert scores and all(entry_id.startswith("takkure/") for entry_id in scores)
    best = sorted(scores, key=scores.get, reverse=True)[:3]
    assert "takkure/0.06/9" in best  # "Rulers and scatter template" (components)
    assert all(scores[e] > 0 for e in best)


@pytest.fixture(scope="module")
def ball_everywhere_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A book where every rule mentions the ball (and tackles, in one form or another)."""
    from referee.books.gameconf import discover_games

    folder = tmp_path_factory.mktemp("corpus") / "ballgame"
    folder.mkdir()
    (folder / "game.toml").write_text(
        'title = "Ball Game"\nlanguage = "en"\nrulebook = "rules.txt"\n'
        "[parse]\nheading_patterns = ['^\\d+\\.\\d+ [A-Z]']\n"
    )
    topics = ["dice", "scrum", "kick", "pass", "card", "token", "lineout", "maul"]
    rules = [f"Rule {n}: the ball tackles {topics[n % 8]} {topics[n * 3 % 8]}." for n in range(40)]
    (folder / "rules.txt").write_text("1.01 Rules\n\n" + "\n\n".join(rules) + "\n")
    db = tmp_path_factory.mktemp("kb") / "ball.db"
    build_knowledge_base(db, discover_games(folder.parent))
    return db


def test_words_in_half_the_entries_are_weightless_under_any_form(ball_everywhere_db: Path) -> None:
    db = store.open_db(ball_everywhere_db)
    # "tackling" and "tackles" share the stem the index holds ("tackl")
    assert weightless_terms(db, ["ball", "tackling", "scrum", "maul"]) == {"ball", "tackling"}


def test_leaving_weightless_words_out_changes_no_score(ball_everywhere_db: Path) -> None:
    db = store.open_db(ball_everywhere_db)
    pruned = bm25_scores(db, "ball scrum dice", "ballgame")  # the question's match_terms: "ball" left out
    full = bm25_scores(db, "ball scrum dice", "ballgame", terms=query_terms("ball scrum dice"))
    assert set(pruned) <= set(full) and len(pruned) >= 10
    assert all(abs(pruned[e] - full[e]) < 1e-4 for e in pruned)
    # a question of weightless words only still finds its entries
    assert bm25_scores(db, "ball", "ballgame")


def test_sentences_are_verbatim_pieces_of_the_entry() -> None:
    text = "Make a roll using the REFLEX (REF) attribute.\n\n  • If you fail: No adverse effect. Move on."
    found = sentences(text)
    assert found == ["Make a roll using the REFLEX (REF) attribute.", "If you fail: No adverse effect.", "Move on."]
    assert all(s in text for s in found)


def test_scoring_rule_normalises_like_the_eval_readme() -> None:
    assert hits_gold("2.02 Ball Reception", "+8\u2033-4 \u2212 “quoted”", ['+8\u2033-4 - "QUOTED"'])
    assert hits_gold("Pass", "text", ["pass text"])  # title and text are joined with a space
    assert not hits_gold("Pass", "text", ["nothing like it"])
    assert rank_of([{"title": "", "text": "a"}, {"title": "", "text": "gold here"}], ["Gold"]) == 2
    assert summarise([1, 2, None, 5]) == {
        "hit@1": 0.25,
        "hit@3": 0.5,
        "hit@5": 0.75,
        "mrr": (1 + 0.5 + 0.2) / 4,
        "n": 4,
    }


def test_bad_question_files_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(RefereeError, match="not found"):
        load_questions(tmp_path / "none.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\n')
    with pytest.raises(RefereeError, match=r"bad\.jsonl:1"):
        load_questions(bad)


def test_list_items_are_read_with_the_line_that_introduces_them() -> None:
    from referee.indexer.search.units import LeadIns

    lead_ins = LeadIns()

    def entry(line: int, text: str, section: str = "takkure/dodge") -> store.StoredEntry:
        return store.StoredEntry(
            f"{section}/{line}",
            "takkure",
            None,
            section,
            "Dodge",
            ["Dodge"],
            "rule",
            "rulebook",
            True,
            "en",
            text,
            line,
            None,
            f"{section}/{line}",
        )

    assert lead_ins.context(entry(10, "Make a roll using the REFLEX (REF) attribute.")) == "Dodge"
    assert lead_ins.context(entry(12, "Outcomes:")) == "Dodge"
    assert lead_ins.context(entry(14, "If you fail: No adverse effect.")) == "Dodge: Outcomes:"
    assert lead_ins.context(entry(15, 'If it is a critical success: Move 4".')) == "Dodge: Outcomes:"
    assert lead_ins.context(entry(20, "Once you've decided on the point, measure.")) == "Dodge"
    assert lead_ins.context(entry(22, "If you fail: again.", section="takkure/break-through")) == "Dodge"
