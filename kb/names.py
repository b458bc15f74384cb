"""Naming a game: by its id, its title or an alias people use, case-insensitive; a near miss
gets the closest names ("did you mean takkure?"). And which game answers a question, decided
here and nowhere else (`choose_game`): the game given, else one the question names, else the
remembered one, else every game is scored and the likeliest answers. And which words of a
question are one game's own (`game_terms`: "scrum", "touchdown"), so that a question with none is
known to fit several games."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from referee.errors import RefereeError


class GameName(NamedTuple):
    id: str
    title: str
    aliases: list[str]


def _names(games: Iterable[GameName]) -> dict[str, str]:
    """Every accepted name, folded, to its game id."""
    return {name.casefold(): g.id for g in games for name in (g.id, g.title, *g.aliases)}


def closest_games(name: str, games: Iterable[GameName]) -> list[str]:
    """Ids of the games one of whose names is close to `name`, closest first."""
    names = _names(games)
    close = difflib.get_close_matches(name.strip().casefold(), list(names), n=5, cutoff=0.6)
    return list(dict.fromkeys(names[n] for n in close))


def resolve_game_name(name: str, games: Iterable[GameName]) -> str:
    """The id of the game `name` names; an empty or unknown name is a RefereeError."""
    games = list(games)
    wanted = name.strip().casefold()
    if not wanted:
        raise RefereeError("the game name is empty; `referee games` lists the games and their aliases")
    found = _names(games).get(wanted)
    if found is not None:
        return found
    close = closest_games(name, games)
    hint = f"did you mean {' or '.join(close[:2])}? " if close else ""
    raise RefereeError(f"unknown game {name!r}; {hint}known games: {', '.join(g.id for g in games)}")


# ---------------------------------------------------------------- a game named in a question


def _names_in_games(games: list[dict[str, Any]]) -> Iterator[tuple[str, str]]:
    for game in games:
        for name in {game["id"], game["title"], *game["aliases"]}:
            yield game["id"], name


def _name_pattern(name: str) -> str:
    return rf"(?<!\w){re.escape(name.casefold())}(?!\w)"


def named_game(query: str, games: list[dict[str, Any]]) -> str | None:
    """The one game the question names by id, title or alias (word boundaries, any case)."""
    text = query.casefold()
    found = {game for game, name in _names_in_games(games) if re.search(_name_pattern(name), text)}
    return found.pop() if len(found) == 1 else None


def without_game_names(query: str, games: list[dict[str, Any]]) -> str:
    """The question without the words that only say which game it is about ("in Takkure",
    "TDH:", "Ta-Ke's"): they name the book, not the rule, and pull the search towards every
    sentence that mentions the game. A name used as a thing ("the tacocat token") stays."""
    stripped = query
    for _, name in sorted(_names_in_games(games), key=lambda pair: -len(pair[1])):
        name = _name_pattern(name)
        stripped = re.sub(rf"(?i)\b(?:in|of|for|from|at|under)\s+(?:the\s+game\s+)?{name}", "", stripped)
        stripped = re.sub(rf"(?i)^\s*{name}\s*[:,-]\s*|{name}['’]s\b", "", stripped)
    stripped = re.sub(r"\s+([?.!,])", r"\1", re.sub(r"\s+", " ", stripped)).strip()
    return stripped if re.search(r"\w", stripped) else query


# ---------------------------------------------------------------- words that belong to one game

# Words every book's questions use ("how many players", "can I"): however the books' sizes make
# one of them commoner in one book, they never say which game a question is about.
_QUESTION_WORDS = (
    "a an and any are as at be by can could did do does for from get gets has have how i if in is it its may me "
    "my of on or so than that the then there they this to was what when where which who why will with you your "
    "many much more most after before during while into out up down not no yes one two each every game games "
    "rule rules player players team teams book"
)
QUESTION_WORDS = frozenset(_QUESTION_WORDS.split())
SPECIFIC_SHARE = 0.9  # a word belongs to a game when this share of its use (per word of each book) is that book's
MIN_USES = 2  # ... and that book writes it at least this often (one stray use is no vocabulary)


def word_list(text: str) -> list[str]:
    """The words of a text as `game_terms` counts them: folded, letters only, a plural's "s" kept."""
    return re.findall(r"[^\W\d_]{2,}", text.casefold())


def game_terms(question: str, words: dict[str, dict[str, int]]) -> dict[str, list[str]]:
    """The words of the question that belong to one game (`words`: each game's word counts,
    `store.game_words`): its own vocabulary ("scrum", "touchdown", "duel"), which no other book
    uses as much. Game -> its words in the question; empty when nothing in the question is one
    game's, so that which game it is about is a guess."""
    sizes = {game: max(1, sum(counts.values())) for game, counts in words.items()}
    found: dict[str, list[str]] = {}
    for word in dict.fromkeys(word_list(question)):
        if word in QUESTION_WORDS:
            continue
        forms = (word, word[:-1]) if word.endswith("s") and len(word) > 3 else (word,)
        rates = {g: sum(counts.get(f, 0) for f in forms) / sizes[g] for g, counts in words.items()}
        total = sum(rates.values())
        if not total:
            continue
        game = max(rates, key=lambda g: rates[g])
        uses = sum(words[game].get(f, 0) for f in forms)
        if rates[game] >= SPECIFIC_SHARE * total and uses >= MIN_USES:
            found.setdefault(game, []).append(word)
    return found


# ---------------------------------------------------------------- another game's word, asked of this one


@dataclass(frozen=True)
class BookWords:
    """What each book says, for telling a question that it uses another game's word
    (`store.book_words`): `written`, every word of its text, its translations and its terms'
    names; `defined`, the words of its defined terms' names and aliases."""

    written: dict[str, dict[str, int]]
    defined: dict[str, frozenset[str]]
    heads: dict[str, frozenset[str]] = field(default_factory=dict)  # what a term names: "dice" of "Multiple Dice"


def term_heads(name: str) -> list[str]:
    """The words a term's name names: the last word of each of its parts ("Multiple Dice": dice;
    "Penalty Kicks, Conversion Kicks and Drops": kicks, drops), not the words that qualify them."""
    parts = re.split(r",|\band\b|&|/", name.casefold())
    return [words[-1] for words in (word_list(part) for part in parts) if words]


def named_by_a_term(game: str, word: str, book: BookWords) -> bool:
    """Whether `word` is what one of `game`'s terms names, not a word qualifying it."""
    return any(_same_word(word, head) for head in book.heads.get(game, ()))


def _same_word(a: str, b: str) -> bool:
    """Two forms of one word, told without a dictionary: both are one stem of at least four
    letters with an ending of up to three ("deal", "dealt", "dealing"; "defence", "defense"); a
    short word is only itself."""
    if a == b:
        return True
    stem = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return stem >= 4 and len(a) - stem <= 3 and len(b) - stem <= 3


def _script(word: str) -> str:
    """The alphabet a word is written in ("LATIN", "CYRILLIC"), by its first letter."""
    return unicodedata.name(word[0], "?").split()[0]


def _uses(word: str, counts: dict[str, int]) -> int:
    return sum(n for w, n in counts.items() if _same_word(word, w))


def foreign_terms(game: str, terms: dict[str, list[str]], book: BookWords) -> dict[str, list[str]]:
    """The question's words (`terms`: `game_terms`) that are another game's and not `game`'s: a
    word is another game's only when it is that game's own, a word of one of its defined terms
    ("dice": Takkure's "Multiple Dice"), and `game`'s book never writes it in any form, in its
    text or its translations ("dealt" asked of Tacocat, whose translation says "deal", is no
    other game's word). An everyday word that one book happens to use most ("goes", "past",
    "thing") is not another game's (phone review 4, task 3): a word one book writes often and
    no other ever still flagged "thing", "straight" and "extra", so the defined terms alone decide."""
    mine = book.written.get(game, {})
    scripts = {_script(w) for w in mine}
    found: dict[str, list[str]] = {}
    for other, words in terms.items():
        if other == game:
            continue
        for word in words:
            if len(word) < 3 or _uses(word, mine):  # "ve", "re": what is left of "we've", "we're"
                continue
            if _script(word) not in scripts:
                continue  # asked in a language the book is not written in: it could not have written it
            if any(_same_word(word, w) for w in book.defined.get(other, ())):
                found.setdefault(other, []).append(word)
    return found


# ---------------------------------------------------------------- which game answers


class GameSource(StrEnum):
    """How the game that answers was chosen."""

    GIVEN = "given"  # named by the user: --game, the web app's picker, the API's game=
    REMEMBERED = "default"  # remembered: `referee use` or REFEREE_GAME
    NAMED = "named in the question"  # "in Takkure, …", "TDH: …"
    INFERRED = "inferred"  # no game named: every game is scored and the likeliest answers


@dataclass(frozen=True)
class GameChoice:
    """The game a question is answered from, and how it was chosen (`choose_game`)."""

    game: str | None  # None when inferred: the search finds the likeliest
    source: GameSource
    remembered: str | None = None  # the remembered game, when there was one (NAMED may win over it)
    origin: str | None = None  # where it was remembered: "REFEREE_GAME" or "referee use"

    @classmethod
    def given(cls, game: str) -> GameChoice:
        return cls(game, GameSource.GIVEN)

    @property
    def inferred(self) -> bool:
        return self.source is GameSource.INFERRED

    def label(self) -> str:
        """How the game was chosen, as `game_source` in `ask --json` says it."""
        if self.source is GameSource.REMEMBERED:
            return f"default ({self.origin})"
        if self.source is GameSource.NAMED and self.remembered is not None:
            return f"named in the question (over the remembered {self.remembered})"
        return self.source.value

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "source": self.source.value, "label": self.label(), "remembered": self.remembered}


INFERRED = GameChoice(None, GameSource.INFERRED)


def choose_game(
    games: list[dict[str, Any]],
    question: str,
    given: str | None = None,
    remembered: tuple[str | None, str] = (None, ""),
) -> GameChoice:
    """The one place that decides which game answers: `given` (a name the user gave: id, title or
    alias) wins; else a game the question names, which also wins over the `remembered` one
    (`referee use`, REFEREE_GAME: (game, where it came from)); else the remembered game; else
    every game is scored (INFERRED). A name that is no game's is an error naming the games."""
    known = [GameName(g["id"], g["title"], g["aliases"]) for g in games]
    if given is not None:
        return GameChoice.given(resolve_game_name(given, known))
    named = named_game(question, games)
    game, origin = remembered
    if game:
        kept = resolve_game_name(game, known)
        if named is not None and named != kept:
            return GameChoice(named, GameSource.NAMED, remembered=kept, origin=origin)
        return GameChoice(kept, GameSource.REMEMBERED, remembered=kept, origin=origin)
    if named is not None:
        return GameChoice(named, GameSource.NAMED)
    return INFERRED
