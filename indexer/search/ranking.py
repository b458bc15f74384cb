"""Ranking over games and terms: the term table, the odds of each game, and a list that covers them."""

from __future__ import annotations

import json
import math
from typing import NamedTuple

from referee import store
from referee.books.text import norm
from referee.indexer.search.calibration import question_language
from referee.indexer.search.scoring import SCORING

MAX_TERM_WORDS = 4


class Ranked(NamedTuple):
    game: str
    entry: int  # position in the index's entry list
    score: float
    unit: int  # the entry's best sentence unit, -1 if none
    second: int = -1  # its second-best sentence unit


def term_table(db, book_language_only: bool = False) -> dict[str, dict[str, tuple[str, float]]]:
    """game -> normalised term or alias -> (defining entry, specificity 0..1).

    With `book_language_only`, only the forms written in the book's own language: a term's
    rarity is counted in the book, so it says nothing of a translation ("set" for "Набір" is
    never used in the Ukrainian book, and common in English questions about setting up)."""
    games = store.games(db)
    sizes = {g["id"]: max(2, g["entries"]) for g in games}
    languages = {g["id"]: g["lang"] for g in games}
    table: dict[str, dict[str, tuple[str, float]]] = {}
    for row in db.query("select game, term, entry, aliases, uses from terms"):
        n = sizes.get(row["game"], 2)
        weight = max(0.0, math.log(n / (1 + (row["uses"] or 0))) / math.log(n))
        for form in {norm(row["term"]), *(norm(a) for a in json.loads(row["aliases"]))}:
            if len(form) < 3 or (book_language_only and question_language(form) != languages[row["game"]]):
                continue
            table.setdefault(row["game"], {})[form] = (row["entry"], weight)
    return table


def named_terms(query: str, table: dict[str, tuple[str, float]]) -> dict[str, float]:
    """Defining entries of the terms the question names, weighted by how rare the term is."""
    words = norm(query).split()
    found: dict[str, float] = {}
    for size in range(1, MAX_TERM_WORDS + 1):
        for i in range(len(words) - size + 1):
            hit = table.get(" ".join(words[i : i + size]))
            if hit:
                found[hit[0]] = max(found.get(hit[0], 0.0), hit[1])
    return found


def softmax(scores: dict[str, float], temperature: float) -> dict[str, float]:
    top = max(scores.values(), default=0.0)
    weights = {key: math.exp((value - top) / temperature) for key, value in scores.items()}
    total = sum(weights.values()) or 1.0
    return {key: weight / total for key, weight in weights.items()}


def diversify(
    rankings: dict[str, list[Ranked]],
    likelihood: dict[str, float],
    limit: int,
    depth: int = SCORING.diversity_depth,
    temperature: float = SCORING.game_temperature,
) -> list[Ranked]:
    """Intent-aware selection (xQuAD, IA-Select) over games: each next result is the one that adds
    most to the chance that the list holds the answer, given how likely its game is and how much
    of that chance the game's results already taken cover. A clear game fills the list alone;
    close games share it, best of each first."""
    relevance = {game: _relevance(items, depth, temperature) for game, items in rankings.items()}
    taken = dict.fromkeys(rankings, 0)
    uncovered = dict.fromkeys(rankings, 1.0)
    out: list[Ranked] = []
    while len(out) < limit:
        open_games = [g for g in rankings if taken[g] < len(rankings[g])]
        if not open_games:
            break
        game = max(open_games, key=lambda g: likelihood[g] * relevance[g][taken[g]] * uncovered[g])
        share = relevance[game][taken[game]]
        out.append(rankings[game][taken[game]])
        uncovered[game] *= 1.0 - share
        taken[game] += 1
    return out


def _relevance(items: list[Ranked], depth: int, temperature: float) -> list[float]:
    """How the chance of holding the answer spreads over a game's results (softmax of the head)."""
    if not items:
        return []
    top = items[0].score
    weights = [math.exp((r.score - top) / temperature) for r in items]
    total = sum(weights[:depth])
    return [min(1.0, w / total) for w in weights]
