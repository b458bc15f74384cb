"""Whether a check answers the question: each of the game's checks, read against the question.

The fact reader (`referee.indexer.answering.facts`) still fills a check's facts from the words;
what decides whether the check answers is the reader's check head over what that reading found
and how near the question is to the rules the check cites. A check's verdict leads only when the
head says it answers and every fact it needs was read; a check the head rates but that lacks
facts comes after the quote with its command.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from referee.errors import RefereeError
from referee.indexer.answering.checks import command_for
from referee.indexer.answering.cues import word_beginnings, word_tokens
from referee.indexer.answering.facts import FactsRead, read_facts
from referee.indexer.answering.types import CheckSuggestion
from referee.indexer.reader.reader import Reader, ScoredPassages
from referee.indexer.search.results import Hit, ParsedQuestion
from referee.indexer.search.searcher import Searcher
from referee.rules.checks import Check, verdict_dict

CHECK_FEATURES = (
    "cited_entry_cosine",
    "cited_sentence_cosine",
    "cited_behind_best",
    "cited_rank_inverse",
    "cited_holds_best_passage",
    "facts_found",
    "facts_share",
    "required_missing",
    "all_required",
    "numbers_found",
    "named_words",
    "described_words",
    "weakly_read",
)


@dataclass
class CheckReading:
    check: Check
    facts: FactsRead
    features: np.ndarray
    odds: float = 0.0


@functools.lru_cache(maxsize=1024)
def _beginnings(description: str) -> frozenset[str]:
    """A check's description's word beginnings, found once per process, not once per ask."""
    return frozenset(word_beginnings(description))


def _cited(check: Check) -> set[str]:
    return {quote.entry for quote in check.quotes.values()}


def check_features(
    searcher: Searcher,
    check: Check,
    facts: FactsRead,
    question: ParsedQuestion,
    hits: list[Hit],
    reading: ScoredPassages,
    words: set[str],
    beginnings: set[str],
) -> np.ndarray:
    cited = _cited(check)
    vectors, mix = searcher.question_vectors(question, check.game)
    cosines = searcher.unit_cosines()
    whole, sentence = -1.0, -1.0
    for entry in cited:
        position = searcher.index.entry_index.get(entry)
        if position is None:
            continue
        w, per_sentence = cosines.of_entry(position, vectors, mix)
        whole = max(whole, w)
        sentence = max(sentence, max(per_sentence.values(), default=w))
    ranks = [n for n, hit in enumerate(hits) if hit.entry.id in cited]
    best_cosine = reading.passages[0].cosine if reading.passages else 0.0
    numeric = sum(1 for v in facts.found.values() if isinstance(v, (int, float)) and not isinstance(v, bool))
    return np.array(
        [
            whole,
            sentence,
            sentence - best_cosine,
            1.0 / (1.0 + ranks[0]) if ranks else 0.0,
            float(bool(reading.passages) and reading.passages[0].entry.id in cited),
            float(len(facts.found)),
            len(facts.found) / max(1, len(check.facts)),
            float(len(facts.missing)),
            float(not facts.missing),
            float(numeric),
            float(sum(1 for part in check.name.split("-") if len(part) >= 4 and part in words)),
            float(len(_beginnings(check.description) & beginnings)),
            float(len(facts.by_order)),
        ],
        dtype=np.float32,
    )


def read_checks(
    reader: Reader,
    searcher: Searcher,
    checks: list[Check],
    question: ParsedQuestion,
    query: str,
    hits: list[Hit],
    reading: ScoredPassages,
) -> list[CheckReading]:
    """Every check of the game with its facts read and the head's odds that it answers, best first."""
    words = set(word_tokens(query))
    beginnings = word_beginnings(query)
    out = []
    for check in checks:
        facts = read_facts(check, query)
        features = check_features(searcher, check, facts, question, hits, reading, words, beginnings)
        out.append(CheckReading(check, facts, features))
    if out:
        logits = reader.checks.logits(np.vstack([c.features for c in out]))
        for c, logit in zip(out, logits, strict=True):
            c.odds = float(1.0 / (1.0 + np.exp(-np.clip(logit, -40, 40))))
    return sorted(out, key=lambda c: -c.odds)


SUGGEST_AT = 0.5  # a check rated this likely but missing facts follows the quote with its command


def suggestion(reader: Reader, readings: list[CheckReading]) -> CheckSuggestion | None:
    """The check the head rates best: its verdict, when the head rates it at least `check_at`,
    every fact it needs was read and it runs; else, rated at least SUGGEST_AT with facts still
    missing, the command with them named (it follows the quote, never leads); else none."""
    for c in readings:
        found, missing = c.facts.found, c.facts.missing
        if missing:
            if c.odds < SUGGEST_AT:
                return None
            return CheckSuggestion(c.check.name, found, [f.name for f in missing], command_for(c.check, found, missing))
        if c.odds < reader.check_at:
            return None
        try:
            verdict = verdict_dict(c.check, c.check.run(found))
        except RefereeError:
            continue  # a value read out of the fact's range: not this check's situation
        return CheckSuggestion(c.check.name, found, [], command_for(c.check, found, []), verdict)
    return None
