"""What `ask` returns, typed: an Answer of Citations, with the CheckSuggestion a question states.

Each has one `to_json()`: what `referee ask --json` prints and `GET /api/ask` returns (the web
pages render the same dictionary). The CLI and the Python API read the objects themselves. This
is the surface another reader (a trained model) must keep when it replaces what `ask` calls.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from referee.books.translation import QuoteTranslation, translate_quote
from referee.names import GameChoice
from referee.store import StoredEntry

Json = dict[str, Any]

# How sure an answer is, as a player reads it first: "the book says" when the calibrated odds that
# the quote answers are at least SAYS_AT, else "probably" (one of the choices may be it), "silent"
# when `ask` abstained. Set so that "The book says" is right at least 90% of the time on the
# development question sets, game given or not (benchmarks/game_sureness.py: at 0.6 it was right
# 80% of the time with the game given, 74% with none; at 0.85, 92% and 92%;
# records/2026-12-02-phone-fixes.md). The one place the bound lives; the pages and
# the CLI show the level.
SAYS_AT = 0.85


# Under "Which game?" (no game named, none of the question's words one game's) the likeliest game's
# answer is shown as a preview only when it is at least "probably" AND its confidence (the game's
# odds included) is at least PREVIEW_AT. "Probably" alone let through a Takkure sentence that is no
# player count under "How many players?" (phone review 3, task 1): on the development sets such a
# preview was right 11 times in 39 under 0.5, 13 in 24 from 0.5 to 0.7, 27 in 29 at 0.7 or more
# (records/2026-12-02-phone-fixes-2.md).
PREVIEW_AT = 0.7

# When `ask` abstains because no passage is sure enough (not because a check of the situation says
# the text is silent, nor because the book never writes the word asked about), "the book does not
# say" is a claim too: on the sets this bound was chosen on (players test, silent test,
# questions-unanswerable-tune; game given) it was right 72% of the time over every abstention, and a
# third of the wrong ones showed the answering rule as "closest, not an answer" (phone review 4, tasks
# 14 and 21). At or above UNSURE_AT ("unsure") the page says the book may not say and that the closest
# rule may answer; below it, plainly that the book does not say. Chosen as the highest bound at which
# "the book does not say" is right at least 80% of the time there (81%; 0.08: 82%, 0.12: 79%); the
# judging sets were read once, after (records/2026-12-02-unsure.md).
UNSURE_AT = 0.10

# Why `ask` did not answer (`Answer.silence`): no passage sure enough ("abstained"), the same with
# most of the question's words not the book's ("unworded": off the book, `coverage.WORDED_AT`), the
# same while a check rules on the question's facts ("ruled": said as unsure, whatever the odds), a
# check of the very situation says the text is silent, or the book never writes the word asked about.
SILENCES = ("abstained", "unworded", "ruled", "checked", "never")


def sureness_level(confidence: float | None, answered: bool = True, silence: str | None = None) -> str:
    """ "says", "probably", "unsure" (not answered, and it may be: the closest rule may answer) or
    "silent" (the book does not say)."""
    if not answered:
        if silence == "ruled" or (silence == "abstained" and confidence is not None and confidence >= UNSURE_AT):
            return "unsure"
        return "silent"
    return "says" if confidence is not None and confidence >= SAYS_AT else "probably"


def shows_preview(confidence: float | None, answered: bool = True) -> bool:
    """Whether an answer given while asking which game is sure enough to show under the question."""
    return answered and confidence is not None and confidence >= PREVIEW_AT


@dataclass(frozen=True)
class Citation:
    """Words of one entry, verbatim, with where they stand in the book."""

    entry: StoredEntry
    quote: str  # a verbatim slice of the entry's text (the whole text for a table, a card, a FAQ)
    grain: str | None = None  # the answer's passage: sentence, sentences, row, list, whole
    confidence: float | None = None  # the answer's passage: how sure `ask` is that the book answers
    row: Json | None = None  # a table row the question's numbers selected: columns, cells, selected_by, caption
    why: str | None = None  # a linked entry: why it is shown ("clarifies it", "next best match")

    @property
    def id(self) -> str:
        return self.entry.id

    @property
    def quote_translation(self) -> QuoteTranslation | None:
        """What of the entry's aligned translation goes under the quote (`translate_quote`: the one
        decision; the CLI renders this, the web page its JSON under `translation`)."""
        if not self.entry.translations:
            return None
        given = self.entry.translations[0]
        return translate_quote(self.entry.text, self.quote, str(given["text"]), str(given.get("lang") or "en"))

    @property
    def translation(self) -> Json | None:
        """The entry's aligned translation, labelled; `quoted` is the quoted sentences' own when they
        line up (`quote_translation`), `text` the whole entry's."""
        translations, shown = self.entry.translations, self.quote_translation
        if not translations or shown is None:
            return None
        given = translations[0]
        return {**given, "of": shown.of, "quoted": shown.quoted, "heading": shown.heading, "why_whole": shown.why_whole}

    def to_json(self) -> Json:
        """The entry's one shape (`StoredEntry.to_json`) with the quote and what the answer adds."""
        data: Json = {**self.entry.to_json(), "quote": self.quote}
        for key in ("grain", "confidence", "row", "why"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.translation is not None:
            data["translation"] = self.translation
        return data


@dataclass(frozen=True)
class CheckSuggestion:
    """The check a question states the facts of: settled (its verdict), or the command to run
    with the facts still missing named. One shape either way; `result` is None until settled."""

    check: str
    facts: Json  # the facts read from the question
    missing: list[str]  # required facts the question does not state (empty when settled)
    command: str  # `referee check --check NAME --fact …`, the missing facts as placeholders
    result: Json | None = None  # the verdict, as `referee check --json` prints it

    @property
    def settled(self) -> bool:
        return self.result is not None

    def to_json(self) -> Json:
        return {"settled": self.settled, **asdict(self)}


@dataclass(frozen=True)
class Choice:
    """One of the two or three passages a question could be asking about, when `ask` cannot tell:
    the remembered question that tells it apart, and its quote."""

    question: str  # a question this passage answered before (or, with none, what the passage is about)
    citation: Citation
    confidence: float  # calibrated: this passage is the answer

    def to_json(self) -> Json:
        """The citation's shape (the entry's, with its quote), the question that tells it apart and its odds."""
        return {**self.citation.to_json(), "question": self.question, "confidence": round(self.confidence, 3)}


@dataclass(frozen=True)
class GameOption:
    """A game the question may be about, offered when nothing in it is one game's (`ask` asks back)."""

    game: str
    title: str
    likelihood: float  # the calibrated odds that the question is this game's

    def to_json(self) -> Json:
        return {"game": self.game, "title": self.title, "likelihood": self.likelihood}


@dataclass(frozen=True)
class Evidence:
    """What the reader computed for the answer (probabilities calibrated on the dev split)."""

    answerable: float  # that the book answers the question at all
    first_right: float  # that the first passage is the answer, if it does
    game: float  # that the answering game is the question's (1.0 when the game was given or named)
    abstain_below: float  # `answerable` under which the answer is "the book does not say"
    check: float | None = None  # that the best-rated check answers the question
    check_at: float | None = None  # the check head's odds at which a check's verdict leads

    def as_dict(self) -> dict[str, float | None]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in asdict(self).items()}


@dataclass(frozen=True)
class Answer:
    """The rule text that answers a question, verbatim, or that the book does not say."""

    question: str
    game: str
    game_title: str
    choice: GameChoice  # how the game was chosen
    game_note: str  # that, in one line for people
    likelihood: dict[str, float]  # per game, when the game was inferred
    answered: bool  # False: the book does not say (`closest` holds what came nearest)
    confidence: float
    answer: list[Citation] = field(default_factory=list)
    closest: list[Citation] = field(default_factory=list)
    check: CheckSuggestion | None = None
    clarified_by: list[Citation] = field(default_factory=list)  # higher-priority texts on the answer's rule
    precedence: list[Json] = field(default_factory=list)  # the book's rules that put them first
    related: list[Citation] = field(default_factory=list)
    close_books: list[Citation] = field(default_factory=list)  # no game named: another book nearly as likely
    evidence: Evidence | None = None
    choices: list[Choice] = field(default_factory=list)  # when unsure: the two or three it could be
    # no game named and nothing in the question is one game's: the games to ask back with,
    # likeliest first (the answer above is the likeliest game's, a guess until one is picked)
    game_choices: list[GameOption] = field(default_factory=list)
    game_terms: dict[str, list[str]] = field(default_factory=dict)  # the question's words that are one game's
    premise: str | None = None  # the question uses another game's word for this game ("touchdown" in Takkure)
    silence: str | None = None  # not answered: why (one of SILENCES); None when answered

    @property
    def sureness(self) -> str:
        """How sure the answer is, in one word a page turns into a player's words (`sureness_level`)."""
        return sureness_level(self.confidence, self.answered, self.silence)

    @property
    def game_source(self) -> str:
        return self.choice.label()

    @property
    def preview(self) -> bool:
        """Whether the answer is shown: always once the game is known; while asking which game,
        only when it is sure enough to be an answer (`shows_preview`)."""
        return not self.game_choices or shows_preview(self.confidence, self.answered)

    def to_json(self) -> Json:
        return {
            "question": self.question,
            "game": self.game,
            "game_title": self.game_title,
            "game_source": self.game_source,
            "game_note": self.game_note,
            "likelihood": self.likelihood,
            "answered": self.answered,
            "confidence": self.confidence,
            "answer": [c.to_json() for c in self.answer],
            "closest": [c.to_json() for c in self.closest],
            "check": self.check.to_json() if self.check else None,
            "clarified_by": [c.to_json() for c in self.clarified_by],
            "precedence": self.precedence,
            "related": [c.to_json() for c in self.related],
            "close_books": [c.to_json() for c in self.close_books],
            "evidence": self.evidence.as_dict() if self.evidence else {},
            "choices": [c.to_json() for c in self.choices],
            "sureness": self.sureness,
            "silence": self.silence,
            "game_choices": [g.to_json() for g in self.game_choices],
            "preview": self.preview,
            "game_terms": self.game_terms,
            "premise": self.premise,
        }
