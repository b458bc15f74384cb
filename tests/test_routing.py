"""Questions that name no game: language, calibration, game names and the diversified list."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.indexer.search.calibration import gap, load_probes, measure_gaps, question_language, script_of
from referee.indexer.search.ranking import Ranked, diversify, softmax
from referee.names import named_game, without_game_names

GAMES = [
    {"id": "takkure", "title": "Takkure: A Cyberpunk Rugby Game", "aliases": ["takkure", "cyberpunk rugby"]},
    {"id": "touchdown-heroes", "title": "Touchdown Heroes", "aliases": ["touchdown heroes", "tdh"]},
    {"id": "ta-ke", "title": "TA-KE", "aliases": ["ta-ke", "ta ke"]},
    {"id": "tacocat", "title": "Tacocat Spelled Backwards", "aliases": ["tacocat", "такокат"]},
]


def ranking(game: str, scores: list[float]) -> list[Ranked]:
    return [Ranked(game, n, score, -1) for n, score in enumerate(scores)]


@pytest.mark.parametrize(
    ("text", "language"),
    [("How many cards?", "en"), ("Скільки карт роздають?", "uk"), ("2 + 2?", "en"), ("Що таке Jumbo?", "uk")],
)
def test_question_language_follows_the_script_of_most_letters(text: str, language: str) -> None:
    assert question_language(text) == language


def test_script_of_text_without_letters_is_none() -> None:
    assert script_of("42 - 7 = ?") is None and script_of("Їжак") == "CYRILLIC"


def test_gap_is_zero_within_a_language_and_for_unmeasured_pairs() -> None:
    gaps = {"en>uk": 0.04, "uk>en": 0.08}
    assert gap(gaps, "en", "uk") == 0.04 and gap(gaps, "uk", "en") == 0.08
    assert gap(gaps, "en", "en") == 0.0 and gap(gaps, "en", "fr") == 0.0


class LanguageShiftEncoder:
    """Questions and answers of probe n share a topic axis; the other language loses `shift` of it."""

    name = "fake"

    def __init__(self, probes: list[dict], shift: float) -> None:
        self.topic = {}
        for n, probe in enumerate(probes):
            for lang in ("en", "uk"):
                self.topic[probe["question"][lang]] = (n, lang)
                self.topic[probe["answer"][lang]] = (n, lang)
        self.size = len(probes)
        self.shift = shift

    def _vectors(self, texts: list[str], answers: bool) -> np.ndarray:
        out = np.zeros((len(texts), self.size + 2), dtype=np.float32)
        for row, text in enumerate(texts):
            n, lang = self.topic[text]
            same = 1.0 - (self.shift if answers and lang == "uk" else 0.0)
            out[row, n] = same
            out[row, self.size + (lang == "uk")] = np.sqrt(1 - same**2)
        return out

    def queries(self, texts: list[str]) -> np.ndarray:
        # questions are written as if both languages were the same: all weight on the topic
        return self._vectors(texts, answers=False)

    def passages(self, texts: list[str], batch_size: int = 32, progress=None) -> np.ndarray:
        return self._vectors(texts, answers=True)


def test_measured_gap_is_what_the_other_language_loses() -> None:
    probes = load_probes()
    assert len(probes) >= 20
    gaps = measure_gaps(LanguageShiftEncoder(probes, shift=0.05), probes)
    assert gaps["en>uk"] == pytest.approx(0.05, abs=1e-3)
    assert gaps["uk>en"] == pytest.approx(-0.05, abs=1e-3)


def test_every_probe_is_written_in_both_languages() -> None:
    for probe in load_probes():
        for side in ("question", "answer"):
            assert question_language(probe[side]["en"]) == "en" and question_language(probe[side]["uk"]) == "uk"


@pytest.mark.parametrize(
    ("question", "stripped", "game"),
    [
        ("How do I tackle in Takkure?", "How do I tackle?", "takkure"),
        ("TDH: how do I score?", "how do I score?", "touchdown-heroes"),
        ("What is TA-KE's last step?", "What is last step?", "ta-ke"),
        ("How do I win in the game Touchdown Heroes?", "How do I win?", "touchdown-heroes"),
        ("Where does the tacocat token move?", "Where does the tacocat token move?", "tacocat"),
        ("Takkure", "Takkure", "takkure"),
        ("Can I pass forward?", "Can I pass forward?", None),
    ],
)
def test_game_names_route_the_question_and_leave_its_words(question: str, stripped: str, game: str | None) -> None:
    assert named_game(question, GAMES) == game
    assert without_game_names(question, GAMES) == stripped


def test_two_games_named_route_to_neither() -> None:
    assert named_game("Is a tackle in Takkure like a tackle in TDH?", GAMES) is None


@given(st.dictionaries(st.sampled_from("abcde"), st.floats(-5, 5), min_size=1))
def test_softmax_is_a_distribution_that_keeps_the_order(scores: dict[str, float]) -> None:
    p = softmax(scores, 0.03)
    assert sum(p.values()) == pytest.approx(1.0)
    best = max(scores, key=scores.__getitem__)
    assert p[best] == max(p.values())


def test_a_certain_game_fills_the_list_in_its_own_order() -> None:
    rankings = {"a": ranking("a", [1.8, 1.79, 1.75, 1.7, 1.6, 1.5]), "b": ranking("b", [1.9, 1.5])}
    picked = diversify(rankings, {"a": 1.0, "b": 0.0}, limit=5)
    assert [(r.game, r.entry) for r in picked] == [("a", n) for n in range(5)]


def test_close_games_share_the_head_of_the_list_likeliest_first() -> None:
    shape = [1.8, 1.78, 1.7, 1.6]
    rankings = {"a": ranking("a", shape), "b": ranking("b", shape), "c": ranking("c", shape)}
    picked = diversify(rankings, {"a": 0.5, "b": 0.4, "c": 0.1}, limit=4)
    assert [r.game for r in picked[:2]] == ["a", "b"]


def test_a_game_whose_best_result_stands_out_yields_the_next_slot() -> None:
    # a's first result holds nearly all of a's chance; b's best adds more than a's weaker ones
    rankings = {"a": ranking("a", [1.8, 1.7, 1.6]), "b": ranking("b", [1.8, 1.7])}
    picked = diversify(rankings, {"a": 0.9, "b": 0.1}, limit=3)
    assert [(r.game, r.entry) for r in picked] == [("a", 0), ("b", 0), ("a", 1)]


@given(
    st.dictionaries(
        st.sampled_from("abcd"),
        st.tuples(st.floats(0.0, 1.0), st.lists(st.floats(0.0, 2.0), max_size=12)),
        min_size=1,
    ),
    st.integers(1, 30),
)
def test_diversify_keeps_each_games_order_and_never_repeats(games: dict, limit: int) -> None:
    rankings = {g: ranking(g, sorted(scores, reverse=True)) for g, (_, scores) in games.items()}
    likelihood = {g: p for g, (p, _) in games.items()}
    picked = diversify(rankings, likelihood, limit=limit)
    assert len(picked) == min(limit, sum(len(r) for r in rankings.values()))
    assert len({(r.game, r.entry) for r in picked}) == len(picked)
    for game in rankings:
        order = [r.entry for r in picked if r.game == game]
        assert order == list(range(len(order)))


def test_diversify_stops_when_every_game_is_spent() -> None:
    rankings = {"a": ranking("a", [1.0]), "b": ranking("b", [0.9, 0.8]), "c": []}
    picked = diversify(rankings, {"a": 0.5, "b": 0.4, "c": 0.1}, limit=10)
    assert sorted((r.game, r.entry) for r in picked) == [("a", 0), ("b", 0), ("b", 1)]


def test_game_evidence_counts_only_terms_written_in_the_books_language(built_db) -> None:
    from referee import store
    from referee.indexer.search.ranking import term_table

    own = term_table(store.open_db(built_db), book_language_only=True)
    every = term_table(store.open_db(built_db))
    assert "set" in every["tacocat"] and "set" not in own["tacocat"]
    assert "набір" in own["tacocat"] and "strength rule" in own["rugby-world"]


def test_probes_absent_mean_no_calibration_and_malformed_probes_are_one_clear_error(tmp_path) -> None:
    from referee.errors import RefereeError

    assert load_probes(tmp_path / "none.jsonl") == []
    assert measure_gaps(LanguageShiftEncoder([], 0.0), []) == {}
    bad = tmp_path / "bad.jsonl"
    for text in ('{"question": "How?", "answer": {"en": "So."}}', "not json"):
        bad.write_text(text)
        with pytest.raises(RefereeError, match=r"bad\.jsonl"):
            load_probes(bad)
