"""`ask`: the passage of the rule that answers a question, verbatim — or "the book does not say".

No generated prose: every quote is a slice of an entry's text, which is itself a slice of the
rulebook. The steps (docs/asking.md):

    question -> game (referee.names.choose_game: given > named in the question > remembered;
                       else the reader reads the likeliest books: referee.indexer.reader.choosing)
             -> candidates (hybrid search with the tuned encoder, referee.indexer.search):
                the passages of the first entries, at every grain (.passages)
             -> the reader (referee.indexer.reader): the passage that answers, whether the book
                answers at all, whether a check answers and with which facts (.facts)
"""

from __future__ import annotations

from collections.abc import Iterable

from referee import store
from referee.books.text import sentences
from referee.indexer.answering.types import Answer, Citation, Evidence
from referee.indexer.reader.checking import read_checks, suggestion
from referee.indexer.reader.choosing import GameReading, read_games
from referee.indexer.reader.reader import Reader, shipped_reader
from referee.indexer.search.results import Hit, SearchResult
from referee.indexer.search.searcher import Searcher
from referee.names import GameChoice, choose_game
from referee.rules.checks import Check
from referee.store import StoredEntry

HIGHER_PRIORITY_KINDS = frozenset({"faq", "card"})
RELATED = 3
LINKED_QUOTE = 300


def _cited_entry(entry: StoredEntry, why: str) -> Citation:
    """A linked entry, quoted whole when short, else by its first sentences (still verbatim)."""
    text = entry.text
    if len(text) > LINKED_QUOTE and entry.kind not in {"table", "procedure", "faq", "card"}:
        picked = " ".join(sentences(text)[:2])
        text = picked if picked and picked in entry.text else text
    return Citation(entry, text, why=why)


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


def game_note(result: SearchResult, game: str, odds: dict[str, float], titles: dict[str, str]) -> str:
    """How the game was chosen, in one short line (`odds`: the reader's, when it chose)."""
    title = titles.get(game, game)
    if not odds:
        source = "given with --game" if result.game_source == "given" else result.game_source
        return f"{title} ({source})"
    ranked = sorted(odds.items(), key=lambda item: -item[1])[:3]
    odds = ", ".join(f"{titles.get(g, g)} {p:.0%}" for g, p in ranked)
    return f"{title} (no game named; likeliest: {odds})"


def _related(
    searcher: Searcher, answer_id: str | None, hits: list[Hit], cited: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    pairs = [(eid, why) for eid, why in ((_first_entry(searcher, i), w) for i, w in cited) if eid]
    for hit in hits:
        why = "a FAQ on the same question" if hit.entry.kind == "faq" else "next best match"
        pairs.append((hit.entry.id, why))
    return [(eid, why) for eid, why in pairs if eid != answer_id]


def _pick(rows: dict[str, StoredEntry], pairs: list[tuple[str, str]], seen: set[str], limit: int) -> list[Citation]:
    out = []
    for eid, why in pairs:
        if eid in rows and eid not in seen and len(out) < limit:
            seen.add(eid)
            out.append(_cited_entry(rows[eid], why))
    return out


def _close_book(read: GameReading, odds: dict[str, float], titles: dict[str, str]) -> Citation:
    best = read.reading.best
    why = f"{titles.get(read.game, read.game)} is close ({odds[read.game]:.0%} likely): its best answer"
    return Citation(best.entry, best.quote, best.grain, row=best.row, why=why)


def ask(
    searcher: Searcher,
    question: str,
    checks: Iterable[Check],
    choice: GameChoice | None = None,
    reader: Reader | None = None,
) -> Answer:
    """The answer: `answered` (False when the book does not say), `confidence`, the `answer`
    passage (empty when not answered; `closest` then holds what came nearest), the check the
    question states (`checks`: the corpus's, loaded by the caller; the answering game's are
    read), the higher-priority texts linked to the answer, related rules, and how the game was
    chosen (`choice`, from `choose_game`; when None, from the question alone). `reader`: the
    trained reader (the shipped one unless a test passes another)."""
    reader = reader or shipped_reader()
    if choice is None:
        choice = choose_game(store.games(searcher.db), question)
    result = searcher.search(question, choice, limit=10)
    games = read_games(reader, searcher, result)
    odds = games.odds
    game, hits, reading = games.chosen.game, games.chosen.hits, games.chosen.reading
    best = reading.best
    game_odds = odds.get(game, 1.0)
    score = round(reader.confidence(reading) * game_odds, 3)
    answered = not reader.abstains(reading)
    rated = read_checks(
        reader, searcher, [c for c in checks if c.game == game], result.question, result.query, hits, reading
    )
    check = suggestion(reader, rated)
    if check and check.result is not None and check.result["verdict"] == "unknown":
        answered = False  # the check of this very situation says the text is silent
    higher, cited, precedence = _links_of(searcher, best.entry.id) if best else ([], [], [])
    related_pairs = _related(searcher, best.entry.id if best else None, hits[:6], cited)
    rows = store.entries_by_ids(searcher.db, [eid for eid, _ in higher + related_pairs])
    seen = {best.entry.id} if best else set()
    clarified_by = _pick(rows, higher, seen, RELATED) if answered else []
    titles = {g["id"]: g["title"] for g in store.games(searcher.db)}
    cited_best = [Citation(best.entry, best.quote, best.grain, score, best.row)] if best else []
    evidence = Evidence(
        reading.answerable,
        reading.right,
        game_odds,
        reader.abstain_below,
        rated[0].odds if rated else None,
        reader.check_at,
    )
    return Answer(
        question=result.query,
        game=game,
        game_title=titles.get(game, game),
        choice=result.choice,
        game_note=game_note(result, game, odds, titles),
        likelihood=odds or result.likelihood,
        answered=answered,
        confidence=score,
        answer=cited_best if answered else [],
        closest=[] if answered else cited_best,
        check=check,
        clarified_by=clarified_by,
        precedence=precedence if clarified_by else [],
        related=_pick(rows, related_pairs, seen, RELATED),
        close_books=[_close_book(r, odds, titles) for r in games.close],
        evidence=evidence,
    )
