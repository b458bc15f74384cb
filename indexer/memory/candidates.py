"""The candidates for one question in one game, and what the ranker reads of each.

Candidates are the passages of the search's first entries (every grain: `answering.passages`)
and of the entries the nearest remembered questions were answered by. Each passage gets one row
of FEATURES: how the search placed it, how the old reader scored it, how many of the nearest
remembered questions vote for it (their gold words lie inside it) and how close they are, whether
the question's numbers and negations agree with it, its grain and kind; and, per question, how
close the nearest answered and the nearest silent questions are (what abstention reads).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np

from referee import store
from referee.indexer.answering.coverage import book_coverage
from referee.indexer.answering.passages import Passage, by_search_rank, candidates, question_numbers
from referee.indexer.evaluate import hits_gold
from referee.indexer.memory.bank import Memory, Neighbour, Remembered
from referee.indexer.reader.features import passage_matrix
from referee.indexer.reader.reader import DEPTH, Reader
from referee.indexer.search.results import Hit, ParsedQuestion
from referee.indexer.search.searcher import Searcher

NEIGHBOURS = 12  # remembered questions read per game
GRAINS = ("sentence", "sentences", "list", "row", "whole")
KINDS = (("rule",), ("faq", "card"), ("table",), ("example", "flavour", "tip", "note"), ("definition", "procedure"))
_NEGATION = re.compile(
    r"\b(not|no|never|cannot|can't|cant|don't|doesn't|isn't|aren't|without|nobody|none|не|ні|без)\b", re.I
)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
UNSEARCHED = 20.0  # the rank given to an entry only the memory brought

FEATURES = (
    "reader_logit",
    "reader_gap",
    "rule_choice",
    "entry_rank",
    "entry_score",
    "cosine",
    "coverage",
    *(f"grain_{g}" for g in GRAINS),
    *(f"kind_{k[0]}" for k in KINDS),
    "vote_max",
    "vote_gap",
    "vote_sum",
    "votes",
    "vote_first",
    "entry_vote_max",
    "entry_vote_gap",
    "smallest",
    "answered_top",
    "silent_top",
    "silent_gap",
    "silent_share",
    "numbers_agree",
    "numbers_clash",
    "negation_agree",
    "log_length",
)


@dataclass
class Candidates:
    """One game's candidates for a question, with their feature rows."""

    game: str
    passages: list[Passage]
    features: np.ndarray
    neighbours: list[Neighbour]
    voters: list[list[Neighbour]] = field(default_factory=list)  # per passage, the remembered questions inside it
    answered_top: float = 0.0
    silent_top: float = 0.0
    silent_share: float = 0.0
    # What a book with no remembered questions of its own is read by (`ranker.new_book_row`):
    # how many of the question's words its book uses at all, and the nearest remembered questions
    # of every game (an off-topic question is near other games' silent ones).
    own_memory: int = 0  # the game's own remembered questions, the question's writer's left out
    book_words: float = 1.0
    elsewhere: tuple[float, float, float] = (0.0, 0.0, 0.0)  # answered top, silent top, silent share
    off_topic: float = 0.0  # the nearest remembered off-topic question (silent in every game)
    cross: bool = False  # the book is in another language than the question


def _numbers(text: str) -> set[str]:
    return {n.replace(",", ".").rstrip("0").rstrip(".") or "0" for n in _NUMBER.findall(text)}


def gather_candidates(
    searcher: Searcher,
    reader: Reader,
    memory: Memory,
    hits: list[Hit],
    question: ParsedQuestion,
    game: str,
    query: str,
    skip=None,
) -> Candidates:
    """`skip`: remembered questions not to read (training leaves a question's own writer out)."""
    neighbours = memory.nearest(question.vector, game, NEIGHBOURS, skip)
    answered = [n for n in neighbours if n.item.kind == "answerable"]
    searched = hits[:DEPTH]
    have = {h.entry.id for h in searched}
    wanted = [n.item.entry for n in answered if n.item.entry and n.item.entry not in have]
    rows = store.entries_by_ids(searcher.db, list(dict.fromkeys(wanted))) if wanted else {}
    low = min((h.score for h in searched), default=0.0)
    extra = [Hit(rows[e], low) for e in dict.fromkeys(wanted) if e in rows and e in searcher.index.entry_index]
    passages = candidates(searcher, searched + extra, question, game, query, depth=len(searched) + len(extra))
    for p in passages:
        if p.rank >= len(searched):
            p.rank = int(UNSEARCHED)
    out = _featured(reader, passages, neighbours, game, query)
    out.own_memory = memory.count(game, skip)
    if out.own_memory < OWN_MEMORY:
        covered, words = book_coverage(searcher, question.text, game, question.language)
        out.book_words = covered / words if words else 1.0
        near = memory.nearest(question.vector, None, ELSEWHERE, skip)
        out.elsewhere = _elsewhere(near)
        out.off_topic = memory.nearest_of(question.vector, is_off_topic, skip)
        out.cross = question.language != searcher.language_of(game)
    return out


# A game with fewer remembered questions of its own than this is read as a book a player added:
# its abstention reads what does not depend on its own memory (`ranker.new_book_row`).
OWN_MEMORY = 100
ELSEWHERE = 10  # remembered questions of any game read for a book without its own
# The writers' packets of off-topic questions (data/memory/mem-offtopic.jsonl): written silent for
# every game, so unlike a game's own silent questions they say something about any book, an added
# one too.
OFF_TOPIC_SOURCES = frozenset({"mem-offtopic"})


def is_off_topic(item: Remembered) -> bool:
    return item.source in OFF_TOPIC_SOURCES


def _elsewhere(near: list[Neighbour]) -> tuple[float, float, float]:
    near = [n for n in near if n.item.kind in ("answerable", "silent")]
    answered = max((n.similarity for n in near if n.item.kind == "answerable"), default=0.0)
    silent = max((n.similarity for n in near if n.item.kind == "silent"), default=0.0)
    share = sum(n.item.kind == "silent" for n in near[:5]) / 5.0 if near else 0.0
    return answered, silent, share


def _featured(
    reader: Reader, passages: list[Passage], neighbours: list[Neighbour], game: str, query: str
) -> Candidates:
    answered = [n for n in neighbours if n.item.kind == "answerable"]
    silent = [n for n in neighbours if n.item.kind == "silent"]
    a_top = answered[0].similarity if answered else 0.0
    s_top = silent[0].similarity if silent else 0.0
    s_share = sum(1 for n in neighbours[:5] if n.item.kind == "silent") / 5.0
    if not passages:
        return Candidates(game, [], np.zeros((0, len(FEATURES)), np.float32), neighbours, [], a_top, s_top, s_share)
    old = reader.passages.logits(passage_matrix(passages, query))
    searched = [n for n, p in enumerate(passages) if p.rank < UNSEARCHED]
    chosen = by_search_rank([passages[n] for n in searched], query) if searched else None
    chosen = searched[chosen] if chosen is not None else -1
    q_numbers = {str(int(x)) if x == int(x) else str(x) for x in question_numbers(query)} | _numbers(query)
    q_negated = bool(_NEGATION.search(query))
    voters: list[list[Neighbour]] = []
    # the entry first: normalising every passage against every neighbour's gold was a fifth of an ask
    contains = [
        [n.item.entry == p.entry.id and hits_gold("", p.quote, n.item.gold) for n in answered] for p in passages
    ]
    rows = []
    best_logit = float(old.max())
    for i, p in enumerate(passages):
        mine = [n for n, inside in zip(answered, contains[i], strict=True) if inside]
        voters.append(mine)
        same_entry = [n.similarity for n in answered if n.item.entry == p.entry.id]
        # the smallest passage of its entry that holds a voter's words: the answer's own grain
        smallest = any(
            all(
                not (contains[j][k] and len(passages[j].quote) < len(p.quote))
                for j in range(len(passages))
                if passages[j].entry.id == p.entry.id
            )
            for k, inside in enumerate(contains[i])
            if inside
        )
        sims = [n.similarity for n in mine]
        p_numbers = _numbers(p.quote)
        rows.append(
            [
                float(old[i]),
                float(old[i]) - best_logit,
                float(i == chosen),
                float(p.rank),
                float(p.entry_score),
                float(p.cosine),
                float(p.coverage),
                *(float(p.grain == g) for g in GRAINS),
                *(float(p.entry.kind in k) for k in KINDS),
                max(sims, default=0.0),
                max(sims, default=0.0) - a_top,
                sum(sims),
                float(len(sims)),
                1.0 / (1 + min((n.rank for n in mine), default=30)),
                max(same_entry, default=0.0),
                max(same_entry, default=0.0) - a_top,
                float(smallest),
                a_top,
                s_top,
                s_top - a_top,
                s_share,
                float(len(q_numbers & p_numbers)),
                float(bool(q_numbers) and bool(p_numbers) and not (q_numbers & p_numbers)),
                float(q_negated == bool(_NEGATION.search(p.quote))),
                math.log(1 + len(p.quote)),
            ]
        )
    features = np.asarray(rows, dtype=np.float32)
    return Candidates(game, passages, features, neighbours, voters, a_top, s_top, s_share)
