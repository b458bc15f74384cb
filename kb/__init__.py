"""Referee: the rules of tabletop games, quoted from the books; disputes settled by executable rules.

The Python API (docs/python-api.md)::

    import referee

    referee.build()                                  # parse the corpus into the knowledge base
    kb = referee.open()                              # data/referee.db in a checkout, else the user's
    answer = kb.ask("Can I pass to a teammate who is ahead of me?", game="takkure")
    print(answer.answer[0].quote)                    # the book's words, verbatim
    for hit in kb.search("tackle", game="rugby-world", limit=3).hits:
        print(hit.entry.id, hit.score)
    verdict = referee.settle("pass", {"passer": [10, 30], "target": [13, 29], "p": 3})
    print(verdict.verdict, verdict.summary)
    print(kb.sheet("takkure"))                       # the quick-reference sheet, as Markdown

Every mistake a caller can make (an unknown game, a fact out of range, a broken game folder) is
a `referee.errors.RefereeError` with one line saying what is wrong.

This module is the facade only: `import referee.errors` (or any other module of the package)
runs it first, so it imports nothing of Referee's at import time. Each function imports the layer
that does the work when it is called: the search layer alone loads numpy, FAISS and the model.

The checkout's `kb/`, imported as `referee` (pyproject.toml's package-dir; docs/design.md, Layout).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the annotations only: the layers are imported when a function runs
    from referee.indexer.answering.types import Answer
    from referee.indexer.search.results import SearchResult
    from referee.indexer.search.searcher import Searcher
    from referee.names import GameChoice
    from referee.rules.checks import Check
    from referee.rules.verdicts import CheckVerdict
    from referee.states.ruling import Ruling
    from referee.store.build import GameReport

__all__ = ["KnowledgeBase", "build", "open", "settle", "settle_state"]


def build(corpus: str | Path | None = None, db: str | Path | None = None, game: str | None = None) -> list[GameReport]:
    """Parse the corpus's books (`corpus`: a folder of game folders; default the shipped one, or
    REFEREE_CORPUS) into the knowledge base at `db` (default as `referee build`), atomically; with
    `game`, that game only. Returns each game's build report."""
    from referee.books.gameconf import discover_games  # the facade imports its layers when called
    from referee.store.build import build_knowledge_base

    return build_knowledge_base(_db(db), discover_games(_corpus(corpus)), only=game)


def open(db: str | Path | None = None, corpus: str | Path | None = None) -> KnowledgeBase:
    """The knowledge base at `db` (default: data/referee.db in a checkout, else the user's data
    folder, or REFEREE_DB), with the checks of `corpus` (default: the shipped books, or
    REFEREE_CORPUS). It must have been built (`referee.build()` or `referee build`)."""
    from referee import store  # the facade imports its layers when called

    path = _db(db)
    store.open_db(path)  # a missing or foreign file is refused here, not at the first question
    return KnowledgeBase(path, _corpus(corpus))


def settle(check: str, facts: dict[str, Any], corpus: str | Path | None = None) -> CheckVerdict:
    """The verdict of the check named `check` on `facts` (name -> value): verdict, outcome, value,
    summary, reasons (each quoting the book), readings, consequences. Its `to_json()` is what
    `referee check --check NAME --fact name=value --json` prints."""
    from referee.rules.loading import load_rules  # the facade imports its layers when called
    from referee.rules.settle import settle as settle_situation

    return settle_situation(load_rules(_corpus(corpus)).checks, None, check, facts)


def settle_state(text: str, corpus: str | Path | None = None) -> Ruling:
    """A whole game state (a YAML or JSON document: docs/game-states.md) settled: every check its
    action needs, in rule order, with one verdict. The `Ruling`'s `to_json()` is what `referee check
    STATE --json` prints."""
    from referee.rules.loading import load_rules  # the facade imports its layers when called
    from referee.states.settle import settle_state_text

    rules = load_rules(_corpus(corpus))
    return settle_state_text(rules.checks, rules.states, text, "state")[0]


class KnowledgeBase:
    """A built knowledge base and the checks of its corpus: search, ask, show, sheets.

    The search index beside the database is built (about a minute) the first time `search` or
    `ask` needs it, when it is missing or stale, as the CLI does; the model loads once."""

    def __init__(self, db: Path, corpus: Path) -> None:
        self.db_path = db
        self.corpus_dir = corpus
        self._searcher: Searcher | None = None
        self._checks: dict[str, Check] | None = None

    def games(self) -> list[dict[str, Any]]:
        """The games in the knowledge base: id, title, language, aliases, counts."""
        from referee import store  # the facade imports its layers when called

        return store.games(store.open_db(self.db_path))

    def show(self, item_id: str) -> dict[str, Any]:
        """An entry (its text, links, checks, translations) or a section, as `referee show --json`."""
        from referee import store  # the facade imports its layers when called

        return store.show(store.open_db(self.db_path), item_id)

    def search(self, question: str, game: str | None = None, limit: int = 10) -> SearchResult:
        """The entries that best match `question`, best first: in `game` (an id, title or alias)
        when given or named in the question, else across every game (the likeliest first)."""
        searcher = self.searcher()
        return searcher.search(question, self._choice(searcher, question, game), limit=limit)

    def ask(self, question: str, game: str | None = None) -> Answer:
        """The rule text that answers `question`, verbatim, or that the book does not say
        (`answer.answered`), with the check the question states, when it states one."""
        from referee.indexer.answering.answer import ask  # the facade imports its layers when called

        searcher = self.searcher()
        return ask(searcher, question, self.checks().values(), self._choice(searcher, question, game))

    def sheet(self, game: str, format: str = "md", lang: str | None = None, pages: int | None = None) -> str | bytes:
        """The game's quick-reference sheet, every line the book's words and cited: Markdown or
        HTML text, or PDF bytes (`format`: md, html, pdf), in the book's language or `lang`,
        filling `pages` pages (default: as its [sheet] says; laying it out takes seconds:
        WeasyPrint measures every try)."""
        from referee import store  # the facade imports its layers when called
        from referee.books.gameconf import discover_games, game_config
        from referee.sheets.build import build_sheet
        from referee.sheets.pages import fit, formatted

        db = store.open_db(self.db_path)
        game_id = store.resolve_game(db, game)
        config = game_config(discover_games(self.corpus_dir), game_id)
        return formatted(fit(build_sheet(db, config, self.checks(), lang), pages), format)

    def checks(self) -> dict[str, Check]:
        """Every check of the corpus, by name (loaded once)."""
        if self._checks is None:
            from referee.rules.loading import load_rules  # the facade imports its layers when called

            self._checks = load_rules(self.corpus_dir).checks
        return self._checks

    def searcher(self) -> Searcher:
        """The search layer over this knowledge base (its index built first when stale)."""
        if self._searcher is None:
            from referee.indexer.search.index import ensure_index  # the facade imports its layers when called
            from referee.indexer.search.searcher import Searcher

            ensure_index(self.db_path)
            self._searcher = Searcher(self.db_path)
        return self._searcher

    def _choice(self, searcher: Searcher, question: str, game: str | None) -> GameChoice:
        from referee import store  # the facade imports its layers when called
        from referee.names import choose_game

        return choose_game(store.games(searcher.db), question, given=game)


def _db(db: str | Path | None) -> Path:
    from referee.paths import default_db_path  # the facade imports its layers when called

    return Path(db) if db is not None else default_db_path()


def _corpus(corpus: str | Path | None) -> Path:
    from referee.paths import default_corpus_dir  # the facade imports its layers when called

    return Path(corpus) if corpus is not None else default_corpus_dir()
