"""`ask`: the passage of the rule that answers a question, verbatim — or "the book does not say".

No generated prose: every quote is a slice of an entry's text, which is itself a slice of the
rulebook. The steps (docs/asking.md):

    question -> game (referee.names.choose_game: given > named in the question > remembered;
                       else the likeliest books are ranked and the best-ranked answers)
             -> candidates (referee.indexer.memory.candidates): the passages of the search's
                first entries, at every grain (.passages), and of the entries that the nearest
                remembered questions were answered by (referee.indexer.memory)
             -> the ranker (referee.indexer.memory.ranker): which passage answers, how likely,
                whether the book answers at all, and the choices when it cannot tell
             -> the check head (referee.indexer.reader.checking): whether a check answers and
                with which facts (.facts)
"""

from __future__ import annotations

from collections.abc import Iterable
from copy import copy
from dataclasses import replace

from referee import store
from referee.books.text import norm, sentences
from referee.errors import RefereeError
from referee.indexer.answering.coverage import worded
from referee.indexer.answering.types import Answer, Choice, Citation, Evidence, GameOption, sureness_level
from referee.indexer.answering.wording import NEVER, premise_note, term_asked
from referee.indexer.memory.bank import Memory
from referee.indexer.memory.candidates import UNSEARCHED
from referee.indexer.memory.ranker import Ranker, shipped_ranker
from referee.indexer.memory.reading import (
    GameRanking,
    Option,
    book_words_of,
    memory_of,
    question_terms,
    rank_games,
)
from referee.indexer.reader.checking import read_checks, suggestion
from referee.indexer.reader.reader import Reader, gather, shipped_reader
from referee.indexer.search.results import Hit, SearchResult
from referee.indexer.search.searcher import Searcher
from referee.names import GameChoice, choose_game, without_game_names
from referee.rules.checks import Check
from referee.store import StoredEntry, graph

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
    likeliest = ", ".join(f"{titles.get(g, g)} {p:.0%}" for g, p in ranked)
    return f"{title} (no game named; likeliest: {likeliest})"


def _related(
    searcher: Searcher, answer_id: str | None, hits: list[Hit], cited: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    pairs = [(eid, why) for eid, why in ((_first_entry(searcher, i), w) for i, w in cited) if eid]
    for hit in hits:
        why = "a FAQ on the same question" if hit.entry.kind == "faq" else "next best match"
        pairs.append((hit.entry.id, why))
    return [(eid, why) for eid, why in pairs if eid != answer_id]


def _pick(rows: dict[str, StoredEntry], pairs: list[tuple[str, str]], seen: set[str], limit: int) -> list[Citation]:
    out: list[Citation] = []
    for eid, why in pairs:
        if eid in rows and eid not in seen and len(out) < limit:
            seen.add(eid)
            out.append(_cited_entry(rows[eid], why))
    return out


def _close_book(ranked: GameRanking, odds: dict[str, float], titles: dict[str, str]) -> Citation:
    best = ranked.best
    assert best is not None
    why = f"{titles.get(ranked.game, ranked.game)} is close ({odds[ranked.game]:.0%} likely): its best answer"
    return Citation(best.entry, best.quote, best.grain, row=best.row, why=why)


def _citation(option: Option, confidence: float | None = None) -> Citation:
    p = option.passage
    return Citation(p.entry, p.quote, p.grain, confidence, p.row)


def game_choices(
    choice: GameChoice, game: str, terms: dict[str, list[str]], odds: dict[str, float], games: list[dict]
) -> list[GameOption]:
    """With no game named: every game, likeliest first, when nothing in the question is the
    answering game's own word ("How many players?" fits every book): the answer is then a guess
    (on the development sets the likeliest game was right 76% of the time for such a question, 96%
    for the others), and the player is asked which game. Empty when a game was given, named or
    remembered, or the question holds a word of the answering game's own."""
    if not choice.inferred or len(games) < 2 or terms.get(game):
        return []
    rest = (1.0 - sum(odds.values())) / max(1, len(games) - len(odds))  # a game not read shares what is left
    options = [GameOption(g["id"], g["title"], round(odds.get(g["id"], max(rest, 0.0)), 3)) for g in games]
    return sorted(options, key=lambda o: -o.likelihood)


def definition(searcher: Searcher, question: str, game: str) -> Citation | None:
    """The entry that defines the term the question asks the meaning of (what `referee define`
    finds: the term's name or an alias, not a part of one), quoted as a linked entry is."""
    term = term_asked(question)
    if term is None:
        return None
    try:
        found = graph.define(searcher.db, term, game)
    except RefereeError:  # no such term: the question is answered as any other
        return None
    wanted = norm(term)
    named = [f for f in found if wanted in {norm(n) for n in (f["term"], *f["aliases"])}]
    rows = store.entries_by_ids(searcher.db, [named[0]["id"]]) if named else {}
    entry = rows.get(named[0]["id"]) if named else None
    return _cited_entry(entry, f"the book's definition of {named[0]['term']}") if entry else None


CHOICE_AT = 0.15  # a passage less likely than this to be the answer is not worth a player's tap


def _label(option: Option) -> str:
    """What a choice's button says: the remembered question, else the entry's place in the book."""
    return option.asked.q if option.asked is not None else f"About {' > '.join(option.passage.entry.path[-2:])}?"


def told_apart(options: list[Option]) -> list[Option]:
    """The options a player can tell apart: one per button. Two sentences of one entry with no
    remembered question each are the same button ("About <section>?"), and so are two entries of
    one section; offering both showed one choice twice or three times (phone reviews 2 and 3, a Fate
    question). Two with remembered questions of their own read differently and both stay: keeping
    one per entry instead dropped right sentences from the choices ("first or a choice" 0.81 → 0.78
    on the older sets, docs/records/2026-12-02-choices-told-apart.md)."""
    seen: set[str] = set()
    kept = []
    for option in options:  # best first (rank_game)
        label = _label(option)
        if label not in seen:
            seen.add(label)
            kept.append(option)
    return kept


def _choices(ranked: GameRanking, ranker: Ranker, sure: float) -> list[Choice]:
    """The two or three passages it could be, when the first is not clearly the answer; each
    with its odds on the answer's own scale (`sure`: that the book answers, from this game)."""
    options = [o for o in told_apart(ranked.options) if o.right >= CHOICE_AT]
    if len(options) < 2 or ranked.right >= ranker.choices_below:
        return []
    out = []
    for option in options:
        out.append(Choice(_label(option), _citation(option), round(option.right * sure, 3)))
    return out


def ask(
    searcher: Searcher,
    question: str,
    checks: Iterable[Check],
    choice: GameChoice | None = None,
    reader: Reader | None = None,
    ranker: Ranker | None = None,
    memory: Memory | None = None,
) -> Answer:
    """The answer: `answered` (False when the book does not say), `confidence`, the `answer`
    passage (empty when not answered; `closest` then holds what came nearest), the `choices` when
    it cannot tell between two or three, the check the question states (`checks`: the corpus's,
    loaded by the caller; the answering game's are read), the higher-priority texts linked to the
    answer, related rules, and how the game was chosen (`choice`, from `choose_game`; when None,
    from the question alone). `reader` (the check head), `ranker` and `memory`: the shipped ones
    unless a test passes others."""
    reader = reader or shipped_reader()
    ranker = ranker or shipped_ranker()
    memory = memory if memory is not None else memory_of(searcher)
    if choice is None:
        choice = choose_game(store.games(searcher.db), question)
    result = searcher.search(question, choice, limit=10)
    ranked, odds, close = rank_games(searcher, reader, ranker, memory, result)
    game, hits, best = ranked.game, ranked.hits, ranked.best
    game_odds = odds.get(game, 1.0)
    score = round(ranked.answerable * ranked.right * game_odds, 3)
    answered = best is not None and ranked.answerable >= ranked.abstain_below
    silence = None if answered else "abstained"
    assert result.question is not None
    # the ranker's passages of the searched entries are the reader's (the same hits, DEPTH of them):
    # copies, so that nothing the reader does reaches the ranking shown
    searched = [copy(p) for p in ranked.candidates.passages if p.rank < UNSEARCHED]
    reading = reader.read(gather(searcher, hits, result.question, game, result.query, passages=searched))
    rated = read_checks(
        reader, searcher, [c for c in checks if c.game == game], result.question, result.query, hits, reading
    )
    check = suggestion(reader, rated)
    if check and check.result is not None and check.result["verdict"] == "unknown":
        answered, silence = False, "checked"  # the check of this very situation says the text is silent
    terms = question_terms(searcher, question)
    titles = {g["id"]: g["title"] for g in store.games(searcher.db)}
    sure = answered and sureness_level(score, answered) == "says"
    premise = premise_note(game, terms, titles, book_words_of(searcher), sure)
    if premise is not None and NEVER in premise:
        answered, silence = False, "never"  # the book never writes the word asked about, and no passage is sure
    defined = definition(searcher, without_game_names(question, store.games(searcher.db)), game)
    if defined is not None and premise is None:
        answered, silence = True, None  # the book defines the very word asked about
    ruling = check.result["verdict"] if check and check.settled and check.result else None
    if silence in ("abstained", "never") and ruling not in (None, "unknown"):
        # a check rules on what the question says: "the book does not say" under its verdict was a
        # contradiction on the page (phone review 5, task 21); the rules say something, no passage is sure
        silence = "ruled"
    if silence == "abstained" and not worded(searcher, result.query, game, result.question.language):
        silence = "unworded"  # most of the question's words are not the book's: plainly silent
    higher, cited, precedence = _links_of(searcher, best.entry.id) if best else ([], [], [])
    related_pairs = _related(searcher, best.entry.id if best else None, hits[:6], cited)
    rows = store.entries_by_ids(searcher.db, [eid for eid, _ in higher + related_pairs])
    seen = {best.entry.id} if best else set()
    clarified_by = _pick(rows, higher, seen, RELATED) if answered else []
    games = store.games(searcher.db)
    cited_best = [_citation(ranked.options[0], score)] if best else []
    if defined is not None and premise is None:
        # the definition first ("grounded": the exception sentence led, the rule it excepts missing:
        # phone review 4, task 11), then the ranker's passage when it is another entry's
        lead = replace(defined, confidence=score, why=None)
        rest = [c for c in cited_best if c.id != lead.id]
        if best is not None and rest and best.entry.section_id == lead.entry.section_id:
            # the definition's own section goes on with it: its opening, not an exception further on
            rest = [replace(_cited_entry(best.entry, "the definition goes on"), confidence=score, why=None)]
        cited_best = [lead, *rest]
    evidence = Evidence(
        ranked.answerable,
        ranked.right,
        game_odds,
        ranked.abstain_below,
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
        close_books=[_close_book(r, odds, titles) for r in close],
        evidence=evidence,
        choices=_choices(ranked, ranker, ranked.answerable * game_odds) if answered and defined is None else [],
        game_choices=game_choices(result.choice, game, terms, odds, games),
        game_terms=terms,
        premise=premise,
        silence=silence,
    )


def with_choice(answer: Answer, number: int) -> Answer:
    """The answer with its choice `number` (1-based) as the answer: what a tap on it shows."""
    if not answer.choices:
        raise RefereeError("this answer offers no choices to pick from")
    if not 1 <= number <= len(answer.choices):
        raise RefereeError(f"--pick takes 1 to {len(answer.choices)} for this answer")
    picked = answer.choices[number - 1]
    citation = Citation(
        picked.citation.entry, picked.citation.quote, picked.citation.grain, picked.confidence, picked.citation.row
    )
    return replace(
        answer,
        answered=True,
        answer=[citation],
        closest=[],
        confidence=round(picked.confidence, 3),
        choices=[],
        silence=None,
    )


def passage_of(answer: Answer, entry_id: str) -> Citation:
    """The passage of `entry_id` that this answer showed (its quote, a choice, the closest or a related rule)."""
    shown = [
        *answer.answer,
        *(c.citation for c in answer.choices),
        *answer.closest,
        *answer.related,
        *answer.clarified_by,
    ]
    for citation in shown:
        if citation.id == entry_id:
            return citation
    ids = ", ".join(dict.fromkeys(c.id for c in shown)) or "none"
    raise RefereeError(f"{entry_id!r} is not among this answer's passages (shown: {ids})")


def search_as_asked(
    searcher: Searcher,
    query: str,
    choice: GameChoice,
    limit: int = 10,
    reader: Reader | None = None,
    ranker: Ranker | None = None,
    memory: Memory | None = None,
) -> SearchResult:
    """`searcher.search`, with the game `ask` would answer from when none was named (and its
    odds): `referee search` and `referee ask` never pick different games for one question."""
    result = searcher.search(query, choice, limit=limit)
    if not result.choice.inferred or len(result.likelihood) < 2:
        return result
    reader = reader or shipped_reader()
    ranker = ranker or shipped_ranker()
    memory = memory if memory is not None else memory_of(searcher)
    ranked, odds, _close = rank_games(searcher, reader, ranker, memory, result)
    likelihood = {g: odds.get(g, 0.0) for g in result.likelihood}
    if ranked.game == result.game:
        return replace(result, likelihood=likelihood)
    own = searcher.search(query, GameChoice.given(ranked.game), limit=limit)
    return replace(result, game=ranked.game, likelihood=likelihood, game_hits=own.hits)
