"""Which words of a question belong to one game (`referee.names.game_terms`), and what `ask`
does with them: a question none of whose words is one game's is a guess, so the answer asks
which game; another game's word is said (phone review, round three: "How many players?" was
"Assuming Takkure (97% likely)")."""

from __future__ import annotations

from pathlib import Path

from referee import store
from referee.indexer.answering.answer import game_choices
from referee.indexer.answering.wording import premise_note
from referee.names import INFERRED, BookWords, GameChoice, foreign_terms, game_terms, term_heads

GAMES = [
    {"id": "rugby", "title": "Rugby", "aliases": []},
    {"id": "cyber", "title": "Cyber: A Game", "aliases": []},
    {"id": "cards", "title": "Cards", "aliases": []},
]
WORDS = {  # each book's word counts, as store.game_words gives them
    "rugby": {"scrum": 100, "ruck": 30, "player": 20, "tackle": 40, "kick": 70, "the": 900, "how": 3},
    "cyber": {"scrum": 2, "player": 290, "tackle": 60, "kick": 20, "modifier": 50, "the": 1500, "how": 22},
    "cards": {"duel": 2, "card": 40, "the": 300},
}


def test_a_word_one_book_writes_far_more_than_the_others_is_that_games() -> None:
    assert game_terms("How does a scrum work?", WORDS) == {"rugby": ["scrum"]}
    assert game_terms("What is a duel?", WORDS) == {"cards": ["duel"]}
    assert game_terms("pass modifier for 6 inches?", WORDS) == {"cyber": ["modifier"]}


def test_words_every_book_uses_or_no_book_uses_say_nothing_of_the_game() -> None:
    assert game_terms("How many players?", WORDS) == {}  # "players": a question word, and in two books
    assert game_terms("What happens after a tackle?", WORDS) == {}  # both rugby books tackle
    assert game_terms("How do I win?", WORDS) == {}  # "how": commoner in one book, still no game's word
    assert game_terms("Can I zorblax?", WORDS) == {}


def test_a_question_with_no_games_word_asks_which_game_and_one_with_its_word_does_not() -> None:
    odds = {"cyber": 0.7, "rugby": 0.2}
    asked = game_choices(INFERRED, "cyber", {}, odds, GAMES)
    assert [o.game for o in asked] == ["cyber", "rugby", "cards"]  # every game, likeliest first
    assert abs(sum(o.likelihood for o in asked) - 1.0) < 0.01  # a game not read shares what is left
    assert game_choices(INFERRED, "rugby", {"rugby": ["scrum"]}, odds, GAMES) == []
    assert [o.game for o in game_choices(INFERRED, "cyber", {"rugby": ["scrum"]}, odds, GAMES)][:1] == ["cyber"]
    assert game_choices(INFERRED, "cyber", {"cyber": ["modifier"], "rugby": ["ruck"]}, odds, GAMES) == []
    assert game_choices(GameChoice.given("cyber"), "cyber", {}, odds, GAMES) == []  # a game picked is not asked


BOOKS = BookWords(  # what store.book_words gives: every word written (translations too), defined terms' words
    written={**WORDS, "cards": {**WORDS["cards"], "dealing": 3}},
    defined={
        "rugby": frozenset({"ruck", "scrum", "penalty"}),
        "cyber": frozenset({"modifier"}),
        "cards": frozenset({"duel"}),
    },
    heads={"rugby": frozenset({"ruck", "scrum"}), "cyber": frozenset({"modifier"}), "cards": frozenset({"duel"})},
)


def test_another_games_word_asked_of_this_game_is_said() -> None:
    titles = {g["id"]: g["title"] for g in GAMES}
    sure = premise_note("cyber", {"rugby": ["ruck"]}, titles, BOOKS, sure=True)
    assert sure is not None and "“ruck”" in sure and "Rugby" in sure and "Cyber: A Game" in sure
    assert "may call it something else" in sure  # a sure answer: the book has another word for it
    unsure = premise_note("cyber", {"rugby": ["ruck"]}, titles, BOOKS, sure=False)
    assert unsure is not None and unsure.startswith("Cyber: A Game's book never mentions “ruck” (a word of Rugby)")
    qualifying = premise_note("cyber", {"rugby": ["penalty"]}, titles, BOOKS, sure=False)  # of "Penalty Kicks"
    assert qualifying is not None and "may call it something else" in qualifying  # the answer stays
    assert premise_note("cyber", {"cyber": ["modifier"], "rugby": ["ruck"]}, titles, BOOKS, sure=False) is None
    assert premise_note("cyber", {}, titles, BOOKS, sure=False) is None


def test_a_word_is_another_games_only_when_defined_there_and_never_written_here() -> None:
    assert foreign_terms("cyber", {"rugby": ["ruck", "scrums"]}, BOOKS) == {"rugby": ["ruck"]}  # cyber writes scrum
    assert foreign_terms("cards", {"rugby": ["tackle"]}, BOOKS) == {}  # rugby's most, but no term of rugby's
    books = BookWords(BOOKS.written, {**BOOKS.defined, "rugby": frozenset({"deal", "ruck"})})
    assert foreign_terms("cards", {"rugby": ["dealt", "ruck"]}, books) == {"rugby": ["ruck"]}  # cards writes dealing
    assert foreign_terms("cyber", {"rugby": ["ruck"], "cyber": ["modifier"]}, BOOKS) == {"rugby": ["ruck"]}


def test_a_term_names_the_last_word_of_each_of_its_parts() -> None:
    assert term_heads("Multiple Dice") == ["dice"]
    assert term_heads("Penalty Kicks, Conversion Kicks and Drops") == ["kicks", "kicks", "drops"]


def test_the_false_alarms_of_everyday_words_are_gone_from_the_knowledge_base(built_db: Path) -> None:
    db = store.open_db(built_db)
    words, books = store.game_words(db), store.book_words(db)
    for game, question in [("tacocat", "How many cards are dealt to each player?"), ("tacocat", "Who goes first?")]:
        assert foreign_terms(game, game_terms(question, words), books) == {}  # its translation deals
    dice = foreign_terms("ta-ke", game_terms("How many dice do I roll on my turn?", words), books)
    assert dice == {"takkure": ["dice"]}  # a Takkure term ("Multiple Dice") TA-KE never writes


def test_the_books_own_words_and_names_are_counted_from_the_knowledge_base(built_db: Path) -> None:
    db = store.open_db(built_db)
    words = store.game_words(db)
    assert game_terms("How many players?", words) == {}
    assert game_terms("How does a scrum work?", words) == {"rugby-world": ["scrum"]}
    assert "touchdown-heroes" in game_terms("How many points is a touchdown?", words)
    assert "tacocat" in game_terms("What is a duel?", words)  # a Ukrainian term's English name
