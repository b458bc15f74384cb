"""`ask`: the passage of the rule that answers a question, verbatim — or "the book does not say".

No generated prose: every quote is a slice of an entry's text, which is itself a slice of the
rulebook. The steps (docs/design.md, "Answers"):

    question -> game (given > named in the question > remembered > inferred, said in one line)
             -> candidates (hybrid search)
             -> the passage that answers, at its grain (indexer.passages)
             -> a check, when the question carries the facts a linked check needs (indexer.ask_checks)
             -> confidence, and abstention when nothing answers (indexer.confidence)
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from referee import store
from referee.books.text import sentences
from referee.errors import RefereeError
from referee.indexer.answering.checks import settle_question
from referee.indexer.answering.confidence import Evidence, abstains, confidence
from referee.indexer.answering.passages import Passage, choose
from referee.indexer.search.searcher import Hit, Searcher, SearchResult
from referee.names import named_game
from referee.paths import default_corpus_dir
from referee.rules.loading import discover_checks

HIGHER_PRIORITY_KINDS = frozenset({"faq", "card"})
RELATED = 3
CHECK_DEPTH = 3  # deeper, checks citing a neighbouring rule ran on unrelated numbers
LINKED_QUOTE = 300


def _citation(entry: dict[str, Any], quote: str, **extra: Any) -> dict[str, Any]:
    keys = ("id", "game", "number", "title", "path", "kind", "lang")
    cited = {**{key: entry.get(key) for key in keys}, "quote": quote, **extra}
    translations = entry.get("translations") or []
    if translations:  # the whole entry's, labelled: an aligned translation is kept per entry
        cited["translation"] = {**translations[0], "of": "the whole entry"}
    return cited


def _cited_passage(passage: Passage, score: float) -> dict[str, Any]:
    extra: dict[str, Any] = {"grain": passage.grain, "confidence": round(score, 3)}
    if passage.row is not None:
        extra["row"] = passage.row
    return _citation(passage.entry, passage.quote, **extra)


def _cited_entry(entry: dict[str, Any], why: str) -> dict[str, Any]:
    """A linked entry, quoted whole when short, else by its first sentences (still verbatim)."""
    text = entry["text"]
    if len(text) > LINKED_QUOTE and entry["kind"] not in {"table", "procedure", "faq", "card"}:
        picked = " ".join(sentences(text)[:2])
        text = picked if picked and picked in entry["text"] else text
    return _citation(entry, text, why=why)


def _links_of(searcher: Searcher, entry_id: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list]:
    """(higher-priority texts linked to the entry, the rules it cites, the precedence rules that
    put those texts first)."""
    shown = store.show(searcher.db, entry_id)
    higher = [(link["id"], "overrides it: " + (link.get("note") or link["anchor"])) for link in shown["overridden_by"]]
    higher += [(link["id"], "clarifies it") for link in shown["clarified_by"]]
    cited = [(link["id"], f"cited by the answer ({link['anchor'][:60]})") for link in shown["refs"] if link["id"]]
    return higher, cited, shown["precedence"] if higher else []


def _first_entry(searcher: Searcher, item_id: str) -> str | None:
    """A section stands for the text that opens it."""
    row = searcher.db.execute(
        "select id from entries where id = ? union all "
        "select id from (select id from entries where section_id = ? order by position limit 1)",
        [item_id, item_id],
    ).fetchone()
    return row[0] if row else None


def choose_game(searcher: Searcher, query: str, game: str | None, game_source: str) -> tuple[str | None, str]:
    """A game the question names wins over the remembered one (`referee use`, REFEREE_GAME)."""
    if game is not None and game_source.startswith("default"):
        named = named_game(query, store.games(searcher.db))
        if named is not None and named != game:
            return named, f"named in the question (over the remembered {game})"
    if game is None:
        named = named_game(query, store.games(searcher.db))
        if named is not None:
            return named, "named in the question"
    return game, game_source


def game_note(result: SearchResult, titles: dict[str, str]) -> str:
    """How the game was chosen, in one short line."""
    title = titles.get(result.game, result.game)
    if result.game_source != "inferred":
        source = "given with --game" if result.game_source == "given" else result.game_source
        return f"{title} ({source})"
    ranked = sorted(result.likelihood.items(), key=lambda item: -item[1])[:3]
    odds = ", ".join(f"{titles.get(g, g)} {p:.0%}" for g, p in ranked)
    return f"{title} (no game named; likeliest: {odds})"


def _related(
    searcher: Searcher, answer_id: str | None, hits: list[Hit], cited: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    pairs = [(eid, why) for eid, why in ((_first_entry(searcher, i), w) for i, w in cited) if eid]
    for hit in hits:
        why = "a FAQ on the same question" if hit.entry["kind"] == "faq" else "next best match"
        pairs.append((hit.entry["id"], why))
    return [(eid, why) for eid, why in pairs if eid != answer_id]


def _pick(rows: dict[str, dict], pairs: list[tuple[str, str]], seen: set[str], limit: int) -> list[dict[str, Any]]:
    out = []
    for eid, why in pairs:
        if eid in rows and eid not in seen and len(out) < limit:
            seen.add(eid)
            out.append(_cited_entry(rows[eid], why))
    return out


def _game_checks(game: str) -> list:
    """The game's checks; none when the corpus is not at hand."""

    return [c for c in _corpus_checks(default_corpus_dir()).values() if c.game == game]


@lru_cache(maxsize=4)
def _corpus_checks(corpus: Path) -> dict:
    """Every check of a corpus, loaded once per process (loading imports each game's checks.py)."""

    try:
        return discover_checks(corpus)
    except (RefereeError, OSError, SyntaxError):
        return {}


def ask(searcher: Searcher, question: str, game: str | None = None, game_source: str = "given") -> dict[str, Any]:
    """The answer as data: `answered` (False when the book does not say), `confidence`, the
    `answer` passages (empty when not answered; `closest` then holds what came nearest), the
    higher-priority texts linked to the answer, related rules, and how the game was chosen."""
    game, game_source = choose_game(searcher, question, game, game_source)
    result = searcher.search(question, game=game, limit=10, game_source=game_source)
    hits = result.game_hits or [h for h in result.hits if h.entry["game"] == result.game]
    passages = choose(searcher, hits, result.question, result.game, result.query) if result.question else []
    best = passages[0] if passages else None
    evidence = Evidence.of(searcher, result, hits, best)
    score = confidence(evidence)
    answered = best is not None and not abstains(score)
    # a check whose rule is the answer's, or one of the first three entries'
    linked = list(dict.fromkeys([best.entry["id"], *(h.entry["id"] for h in hits[:CHECK_DEPTH])])) if best else []
    check = settle_question(_game_checks(result.game), result.query, linked)
    if check and check["settled"] and check["result"]["verdict"] == "unknown":
        answered = False  # the check of this very situation says the text is silent
    higher, cited, precedence = _links_of(searcher, best.entry["id"]) if best else ([], [], [])
    related_pairs = _related(searcher, best.entry["id"] if best else None, hits[:6], cited)
    rows = store.entries_by_ids(searcher.db, [eid for eid, _ in higher + related_pairs])
    seen = {best.entry["id"]} if best else set()
    clarified_by = _pick(rows, higher, seen, RELATED) if answered else []
    titles = {g["id"]: g["title"] for g in store.games(searcher.db)}
    cited_best = [_cited_passage(best, score)] if best else []
    return {
        "question": result.query,
        "game": result.game,
        "game_title": titles.get(result.game, result.game),
        "game_source": result.game_source,
        "game_note": game_note(result, titles),
        "likelihood": result.likelihood,
        "answered": answered,
        "confidence": round(score, 3),
        "answer": cited_best if answered else [],
        "closest": [] if answered else cited_best,
        "check": check,
        "clarified_by": clarified_by,
        "precedence": precedence if clarified_by else [],
        "related": _pick(rows, related_pairs, seen, RELATED),
        "evidence": evidence.as_dict(),
    }
