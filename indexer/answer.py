"""`ask`: the sentences of the rule that answer a question, verbatim, and what bears on them.

No generated prose: every quote is a substring of an entry's text, which is itself a
slice of the rulebook.
"""

from __future__ import annotations

from typing import Any

from indexer.search import Hit, Searcher
from kb import store
from kb.text import sentences

STRUCTURED_KINDS = frozenset({"table", "procedure", "faq", "card"})  # quoted whole: rows, steps, Q with its A, a card
HIGHER_PRIORITY_KINDS = frozenset({"faq", "card"})
SECOND_ANSWER_MARGIN = 0.01
SHORT_QUOTE = 40
LINKED_QUOTE = 300


def quote_of(hit: Hit) -> str:
    """The whole entry for what is read whole (a table's rows, a procedure's steps, a FAQ, a
    card), else its best sentence, with the next or previous one when that is the second best."""
    entry = hit.entry
    if entry["kind"] in STRUCTURED_KINDS or not hit.passage or len(hit.passage) < SHORT_QUOTE:
        return entry["text"]
    return hit.passage


def _citation(entry: dict[str, Any], quote: str, **extra: str) -> dict[str, Any]:
    keys = ("id", "number", "title", "path", "kind")
    return {**{key: entry[key] for key in keys}, "quote": quote, **extra}


def _cited(hit: Hit) -> dict[str, Any]:
    return _citation(hit.entry, quote_of(hit))


def _cited_entry(entry: dict[str, Any], why: str) -> dict[str, Any]:
    """A linked entry, quoted whole when short, else by its first sentences (still verbatim)."""
    text = entry["text"]
    if len(text) > LINKED_QUOTE and entry["kind"] not in STRUCTURED_KINDS:
        picked = " ".join(sentences(text)[:2])
        text = picked if picked and picked in entry["text"] else text
    return _citation(entry, text, why=why)


def _linked(searcher: Searcher, answer_ids: list[str]) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list]:
    """(higher-priority texts, cross-referenced rules, precedence) bearing on the answer."""
    higher: list[tuple[str, str]] = []
    references: list[tuple[str, str]] = []
    precedence: list[dict[str, Any]] = []
    for entry_id in answer_ids:
        shown = store.show(searcher.db, entry_id)
        for link in shown["overridden_by"]:
            higher.append((link["id"], "overrides it: " + (link.get("note") or link["anchor"])))
        for link in shown["clarified_by"]:
            higher.append((link["id"], "clarifies it"))
        for link in shown["refs"]:
            if link["id"]:
                references.append((link["id"], f"it cites this ({link['anchor'][:60]})"))
        for rule in shown["precedence"]:
            if rule not in precedence:
                precedence.append(rule)
    return higher, references, precedence


def _first_entry(searcher: Searcher, item_id: str) -> str | None:
    """A section stands for the text that opens it."""
    row = searcher.db.execute(
        "select id from entries where id = ? union all "
        "select id from (select id from entries where section_id = ? order by position limit 1)",
        [item_id, item_id],
    ).fetchone()
    return row[0] if row else None


def ask(searcher: Searcher, question: str, game: str | None = None, game_source: str = "given") -> dict[str, Any]:
    result = searcher.search(question, game=game, limit=10, game_source=game_source)
    # an answer comes from one book: the likeliest game's (others are named by `likelihood`)
    hits = [h for h in result.hits if h.entry["game"] == result.game]
    normative = [h for h in hits if h.entry["normative"]] or hits
    best = normative[0]
    answer = [best]
    if len(normative) > 1 and best.score - normative[1].score <= SECOND_ANSWER_MARGIN:
        answer.append(normative[1])  # two texts fit almost equally: show both, best first
    answered = [h.entry["id"] for h in answer]
    higher, references, precedence = _linked(searcher, answered)
    higher += [
        (h.entry["id"], "a FAQ answer or card that matches the question")
        for h in hits
        if h.entry["kind"] in HIGHER_PRIORITY_KINDS
    ]
    references = [(eid, why) for eid, why in ((_first_entry(searcher, i), w) for i, w in references) if eid]
    references += [(h.entry["id"], "also matches the question") for h in hits]
    wanted = [eid for eid, _ in higher + references]
    rows = store.entries_by_ids(searcher.db, wanted)
    seen = set(answered)

    def pick(pairs: list[tuple[str, str]], limit: int) -> list[dict[str, Any]]:
        out = []
        for eid, why in pairs:
            if eid in rows and eid not in seen and len(out) < limit:
                seen.add(eid)
                out.append(_cited_entry(rows[eid], why))
        return out

    clarified_by = pick(higher, 3)
    related = pick(references, 3)
    return {
        "game": result.game,
        "game_source": result.game_source,
        "likelihood": result.likelihood,
        "question": result.query,
        "answer": [_cited(h) for h in answer],
        "clarified_by": clarified_by,
        "precedence": precedence,
        "related": related,
    }
