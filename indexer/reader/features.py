"""What the reader reads, as numbers: each candidate passage against the question, and the
question against what the best candidates say.

Features are cheap facts the search already has (cosines of the passage and of its entry, the
entry's place, how many of the question's words the passage holds) and a few cues that pair a
kind of question with a kind of sentence ("can I…" with a sentence that permits or forbids, "how
many…" with a number). No weight is set here: the heads in `.heads` are trained on them.
"""

from __future__ import annotations

import re

import numpy as np

from referee.indexer.answering.passages import Passage

GRAINS = ("sentence", "sentences", "list", "row", "whole")
KINDS = ("rule", "definition", "procedure", "table", "faq", "card", "example", "tip", "flavour", "note")

_DIGIT = re.compile(r"\d")
_ASKS_PERMISSION = re.compile(r"\b(can|could|may|allowed|legal|able|must|have to|need to|do i)\b", re.IGNORECASE)
_PERMITS = re.compile(
    r"\b(can|cannot|can't|may|must|not|never|only|allowed|forbidden|may not|have to)\b|може|не можна|повин",
    re.IGNORECASE,
)
_ASKS_COUNT = re.compile(
    r"\b(how (many|much|far|long)|what number|what do i need to roll|what('s| is) the)\b", re.IGNORECASE
)
_ASKS_CONSEQUENCE = re.compile(r"\b(what happens|if|when|after|then|what now)\b", re.IGNORECASE)
_CONDITIONS = re.compile(r"\b(if|when|unless|after|before|once|until)\b|якщо|коли", re.IGNORECASE)
_ASKS_WHO = re.compile(r"\b(who|whose|which (player|team|side|coach))\b", re.IGNORECASE)
_ASKS_WHAT_IS = re.compile(r"\b(what (is|are|does|do)|meaning|mean)\b", re.IGNORECASE)

PASSAGE_FEATURES = (
    "cosine",
    "cosine_behind_best",
    "cosine_behind_entry_best",
    "entry_score",
    "entry_behind_best",
    "first_entry",
    "entry_rank_inverse",
    "coverage",
    "coverage_behind_best",
    "normative",
    "log_length",
    "opens_entry",
    "number_pair",
    "count_pair",
    "permission_pair",
    "condition_pair",
    "who_pair",
    "definition_pair",
    *(f"grain_{g}" for g in GRAINS),
    *(f"kind_{k}" for k in KINDS),
)


def question_cues(query: str) -> tuple[bool, bool, bool, bool, bool, bool]:
    """(has a number, asks a count, asks permission, asks a consequence, asks who, asks what something is)."""
    return (
        bool(_DIGIT.search(query)),
        bool(_ASKS_COUNT.search(query)),
        bool(_ASKS_PERMISSION.search(query)),
        bool(_ASKS_CONSEQUENCE.search(query)),
        bool(_ASKS_WHO.search(query)),
        bool(_ASKS_WHAT_IS.search(query)),
    )


def passage_matrix(passages: list[Passage], query: str) -> np.ndarray:
    """One row of PASSAGE_FEATURES per candidate passage."""
    if not passages:
        return np.zeros((0, len(PASSAGE_FEATURES)), dtype=np.float32)
    number, count, permission, consequence, who, what_is = question_cues(query)
    best_cosine = max(p.cosine for p in passages)
    best_entry = max(p.entry_score for p in passages)
    best_coverage = max(p.coverage for p in passages)
    entry_best: dict[str, float] = {}
    for p in passages:
        entry_best[p.entry.id] = max(entry_best.get(p.entry.id, -1.0), p.cosine)
    rows = []
    for p in passages:
        text = p.quote
        digits = bool(_DIGIT.search(text))
        rows.append(
            [
                p.cosine,
                p.cosine - best_cosine,
                p.cosine - entry_best[p.entry.id],
                p.entry_score,
                p.entry_score - best_entry,
                float(p.rank == 0),
                1.0 / (1.0 + p.rank),
                p.coverage,
                p.coverage - best_coverage,
                float(p.entry.normative),
                float(np.log1p(len(text))),
                float(p.entry.text.startswith(text)),
                float(number and digits),
                float(count and digits),
                float(permission and bool(_PERMITS.search(text))),
                float(consequence and bool(_CONDITIONS.search(text))),
                float(who and bool(re.search(r"\b(player|team|coach|opponent|attacker|defender)s?\b", text, re.I))),
                float(what_is and p.entry.kind == "definition"),
                *(float(p.grain == g) for g in GRAINS),
                *(float(p.entry.kind == k) for k in KINDS),
            ]
        )
    return np.asarray(rows, dtype=np.float32)


QUESTION_FEATURES = (
    "top_logit",
    "top_margin",
    "top_share",
    "top_cosine",
    "top_coverage",
    "best_coverage",
    "book_coverage",
    "missing_words",
    "question_words",
    "cross_language",
    "guessed_game",
)


def question_vector(
    logits: np.ndarray,
    passages: list[Passage],
    book_coverage: float,
    missing_words: float,
    question_words: float,
    cross_language: bool,
    guessed_game: float,
) -> np.ndarray:
    """What says whether the book answers at all: how the best candidate reads (the passage
    head's logit, its lead and its share of the candidates' softmax) and how much of the
    question the book's words cover."""
    if not len(logits):
        return np.array(
            [-10.0, 0, 0, 0, 0, 0, book_coverage, missing_words, question_words, cross_language, guessed_game],
            dtype=np.float32,
        )
    order = np.argsort(-logits)
    top = passages[int(order[0])]
    shares = np.exp(logits - logits.max())
    shares /= shares.sum()
    margin = float(logits[order[0]] - logits[order[1]]) if len(order) > 1 else 5.0
    return np.array(
        [
            float(logits[order[0]]),
            margin,
            float(shares[order[0]]),
            top.cosine,
            top.coverage,
            max(p.coverage for p in passages),
            book_coverage,
            missing_words,
            question_words,
            float(cross_language),
            guessed_game,
        ],
        dtype=np.float32,
    )
