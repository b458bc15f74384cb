"""`ask`: the sentences of the rule that answer a question, verbatim, and what bears on them.

No generated prose: every quote is a substring of an entry's text, which is itself a
slice of the rulebook.
"""

from __future__ import annotations

from typing import Any

from indexer.search import Hit, Searcher

STRUCTURED_KINDS = frozenset({"table", "procedure"})
HIGHER_PRIORITY_KINDS = frozenset({"faq", "card"})
SECOND_ANSWER_MARGIN = 0.01
SHORT_QUOTE = 40


def quote_of(hit: Hit) -> str:
    """The whole entry for tables and procedures (rows belong together), else its best sentence."""
    entry = hit.entry
    if entry["kind"] in STRUCTURED_KINDS or not hit.best_sentence or len(hit.best_sentence) < SHORT_QUOTE:
        return entry["text"]
    return hit.best_sentence


def _cited(hit: Hit) -> dict[str, Any]:
    e = hit.entry
    return {
        "id": e["id"],
        "section": e["section"],
        "title": e["title"],
        "path": e["path"],
        "kind": e["kind"],
        "quote": quote_of(hit),
    }


def ask(searcher: Searcher, question: str, game: str | None = None, game_source: str = "given") -> dict[str, Any]:
    result = searcher.search(question, game=game, limit=10, game_source=game_source)
    normative = [h for h in result.hits if h.entry["normative"]] or result.hits
    best = normative[0]
    answer = [best]
    if len(normative) > 1 and best.score - normative[1].score <= SECOND_ANSWER_MARGIN:
        answer.append(normative[1])  # two texts fit almost equally: show both, best first
    answered = {h.entry["id"] for h in answer}
    clarified_by = [
        h for h in result.hits if h.entry["kind"] in HIGHER_PRIORITY_KINDS and h.entry["id"] not in answered
    ][:3]
    shown = answered | {h.entry["id"] for h in clarified_by}
    related = [h for h in result.hits if h.entry["id"] not in shown][:3]
    return {
        "game": result.game,
        "game_source": result.game_source,
        "question": result.query,
        "answer": [_cited(h) for h in answer],
        "clarified_by": [_cited(h) for h in clarified_by],
        "related": [_cited(h) for h in related],
    }
