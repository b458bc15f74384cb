"""Finding rules: index, search, ask, eval, use."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee import settings, store
from referee.cli.common import (
    DbOption,
    GameOption,
    JsonOption,
    breadcrumb,
    corpus_checks,
    db_path,
    encoders_of,
    fresh_index,
    friendly,
    print_json,
    progress_bar,
)
from referee.errors import RefereeError
from referee.names import GameChoice, choose_game
from referee.validation.text import checked_question

# The search and answering layers (numpy, the model) are imported by the commands that use them,
# so that `referee --help`, `referee use` and the other groups' commands do not pay for them.
if TYPE_CHECKING:
    from referee.indexer.answering.types import Answer, CheckSuggestion, Citation
    from referee.indexer.search.results import SearchResult
    from referee.indexer.search.searcher import Searcher

app = typer.Typer()


def _searcher(ctx: typer.Context, db: Path | None, query: str | None = None) -> Searcher:
    from referee.indexer.search.searcher import Searcher  # numpy, the model: per command

    if query is not None:
        checked_question(query)  # empty or too long is refused before any index work, as the web app does
    path = db_path(db)
    store.open_db(path)
    encoders = encoders_of(ctx)
    fresh_index(path, encoders)
    return Searcher(path, encoders=encoders)


def _choice(searcher: Searcher, question: str, game: str | None) -> GameChoice:
    """--game, else a game the question names, else `referee use` / REFEREE_GAME, else inferred."""
    return choose_game(store.games(searcher.db), question, given=game, remembered=settings.default_game())


def _say_assumed(result: SearchResult) -> None:
    if not result.choice.inferred:
        return
    result_game, likelihood = result.game, result.likelihood
    ranked = sorted(likelihood.items(), key=lambda item: -item[1])[:3]
    odds = f"; games by likelihood: {', '.join(f'{g} {p:.0%}' for g, p in ranked)}" if ranked else ""
    typer.echo(f"(assuming {result_game}{odds}; name the game with --game or `referee use GAME`)", err=True)


@app.command()
@friendly
def index(
    ctx: typer.Context,
    db: DbOption = None,
    force: Annotated[bool, typer.Option("--force", help="Rebuild even when current.")] = False,
    json_: JsonOption = False,
) -> None:
    """Build the search index (vectors beside the database); skipped when it is current.

    Only the books that changed since the last index are embedded; --force embeds every book."""
    from referee.indexer.search.index import build_index, read_config, remove_index_leftovers, staleness  # per command

    path = db_path(db)
    store.open_db(path)
    reason = "forced" if force else staleness(path)
    if reason is not None:
        progress, update = progress_bar("Embedding rules")
        with progress:
            say = lambda message: typer.echo(message, err=True)  # noqa: E731
            build_index(path, progress=update, on_wait=say, encoders=encoders_of(ctx), force=force)
    else:
        for leftover in remove_index_leftovers(path):
            typer.echo(f"Removed {leftover.name}, left by an index build that was stopped", err=True)
    config = asdict(read_config(path))  # type: ignore[arg-type]
    if json_:
        print_json({"rebuilt": reason is not None, "reason": reason, **config})
    else:
        state = f"rebuilt ({reason})" if reason else "already current"
        typer.echo(f"Search index {state}: {config['units']} units for {config['entries']} entries, {config['model']}")
        if reason:
            embedded = config["embedded"]
            kept = len(config["books"]) - len(embedded)
            typer.echo(f"  embedded {sum(embedded.values())} units of {len(embedded)} books; {kept} books unchanged")


@app.command()
@friendly
def search(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="Words or a question, in any language.")],
    game: GameOption = None,
    limit: Annotated[int, typer.Option("--limit", "-k", help="How many entries.")] = 10,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Ranked rule entries for a query, best first."""
    from referee.indexer.answering.answer import search_as_asked  # per command

    searcher = _searcher(ctx, db, query)
    result = search_as_asked(searcher, query, _choice(searcher, query, game), limit=limit)
    if json_:
        print_json(result.hits_json())
        return
    _say_assumed(result)
    print_hits(result)


def print_hits(result: SearchResult) -> None:
    """Best first, game by game: a score is comparable within its game only (each game's
    scores are its own), so the games come in order of likelihood, each sorted by score."""

    from referee.indexer.search.scoring import SCORING  # per command

    typer.echo(
        f"(score: cosine of the entry + cosine of its best sentence + {SCORING.bm25_weight:g} x BM25"
        f" - {SCORING.informative_penalty:g} for examples, tips, flavour and notes; higher is closer)"
    )
    games = list(dict.fromkeys(hit.entry.game for hit in result.hits))
    games.sort(key=lambda g: -result.likelihood.get(g, 0.0))
    for game in games:
        if len(games) > 1:
            typer.echo(f"\n{game} (likelihood {result.likelihood.get(game, 0.0):.0%}):")
        for hit in sorted((h for h in result.hits if h.entry.game == game), key=lambda h: -h.score):
            where = breadcrumb(hit.entry.path)
            typer.echo(f"{hit.score:6.3f}  [{hit.entry.id}] {hit.entry.kind} · {where}")
            typer.echo(f"        {hit.entry.text[:200].replace(chr(10), ' ')}")


def _one_line(text: str, width: int = 100) -> str:
    """A quote on one line, cut at a word boundary with an ellipsis."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    cut = flat[:width].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def _print_passage(item: Citation) -> None:
    where = breadcrumb(item.entry.path)
    grain = " · table row" if item.grain == "row" else ""
    typer.echo(f"{where}  [{item.id}]{grain}")
    typer.echo(f"“{item.quote}”")
    row = item.row
    if row:
        cells = " · ".join(f"{c}: {v}" for c, v in zip(row["columns"], row["cells"], strict=False))
        typer.echo(f"  ({cells} — the row for {row['selected_by']:g}, from “{row['caption']}”)")
    shown = item.quote_translation  # the library's decision, rendered
    if shown is not None:
        typer.echo(f"  {shown.heading}: {shown.text}")
        if shown.quoted is not None:  # the whole entry's translation is one command away, as on the page one tap
            typer.echo(f"  the whole entry, translated: referee show {item.id}")


def _print_related(label: str, items: list[Citation], long: bool) -> None:
    if not items:
        return
    typer.echo(f"\n{label}:")
    for item in items:
        if long:
            typer.echo(f"  [{item.id}] {item.entry.kind} · {breadcrumb(item.entry.path)} — {item.why}")
            typer.echo(f"    “{item.quote}”")
        else:
            typer.echo(f"  [{item.id}] {_one_line(item.quote, 114 - len(item.id))}")  # the line within 120


def _print_check(check: CheckSuggestion) -> None:
    if check.result is None:
        typer.echo(f"A check settles this once you give {', '.join(check.missing)}:\n  {check.command}")
        return
    result = check.result
    value = result.get("value")
    shown = "" if value is None else f" = {json.dumps(value, ensure_ascii=False)}"
    facts = ", ".join(f"{k}={v}" for k, v in check.facts.items())
    typer.echo(f"Check {result['check']} ({facts}): {result['verdict'].upper()}{shown}")
    for reason in result.get("reasons", [])[:3]:
        typer.echo(f"  [{reason['entry']}] “{_one_line(reason['quote'], 90)}” — {reason['explanation']}")
    typer.echo("")


def render_answer(answer: Answer, long: bool = False) -> None:
    typer.echo(f"{answer.game_note} · confidence {answer.confidence:.0%}")
    if answer.game_choices:  # nothing in the question is one game's: the answer below is a guess
        typer.echo("Which game? The question fits several; ask again with --game GAME:")
        for option in answer.game_choices:
            typer.echo(f"  {option.game:<18} {option.title} ({option.likelihood:.0%})")
        if not answer.preview:  # the library's call: the likeliest game's answer is not sure enough to show
            typer.echo("No answer is sure enough to show before you choose the game.")
            return
        typer.echo(f"If it is {answer.game_title}:")
    if answer.premise:
        typer.echo(answer.premise)
    if not answer.answered:
        if answer.sureness == "unsure":  # the library's call: the closest rule may answer
            typer.echo("Referee is not sure that the book answers this.", nl=False)
        else:
            typer.echo(f"Nothing in {answer.game_title} answers this.", nl=False)
        if answer.closest:
            typer.echo(" Closest (it may answer):" if answer.sureness == "unsure" else " Closest:")
            _print_passage(answer.closest[0])
        else:
            typer.echo("")
    check = answer.check
    if check and check.settled:  # the verdict is the answer; a check still missing facts comes after it
        _print_check(check)
    for item in answer.answer:
        _print_passage(item)
    if check and not check.settled:
        typer.echo("")
        _print_check(check)
    for item in answer.close_books:  # no game named and another book nearly as likely
        typer.echo(f"\n{item.why}:")
        _print_passage(item)
    for rule in answer.precedence:
        typer.echo(f"\nRules priority [{rule['id']}]: {', '.join(rule['higher'])} text wins over the {rule['over']}.")
    if answer.choices:
        typer.echo("\nNot sure which you mean — or one of these:")
        for number, choice in enumerate(answer.choices, 1):
            typer.echo(f"  {number}. {choice.question}  [{choice.citation.id}] {choice.confidence:.0%}")
            typer.echo(f"     “{_one_line(choice.citation.quote, 96)}”")
        typer.echo("  (answer with one: add --pick N)")
    _print_related("Higher-priority texts on this rule", answer.clarified_by, long)
    _print_related("Related", answer.related, long)
    if long and answer.evidence is not None:
        typer.echo("\nEvidence: " + ", ".join(f"{k} {v}" for k, v in answer.evidence.as_dict().items()))


@app.command()
@friendly
def ask(
    ctx: typer.Context,
    question: Annotated[str, typer.Argument(help="A question in plain words, in any language.")],
    game: GameOption = None,
    long: Annotated[bool, typer.Option("--long", help="Related rules quoted in full, and the evidence.")] = False,
    pick: Annotated[
        int | None, typer.Option("--pick", min=1, help="Answer with choice N of those offered (and remember it).")
    ] = None,
    right: Annotated[
        str | None, typer.Option("--right", help="This entry's passage answered it: remember that on this machine.")
    ] = None,
    wrong: Annotated[
        bool, typer.Option("--wrong", help="The first answer was wrong: do not put it first again.")
    ] = False,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Answer with the rule text itself, quoted verbatim with its section — or say the book does not."""
    from referee.indexer.answering.answer import ask as answer_question  # per command
    from referee.indexer.answering.answer import passage_of, with_choice
    from referee.indexer.memory.learning import remember

    if sum(x is not None and x is not False for x in (pick, right, wrong)) > 1:
        raise RefereeError("give one of --pick, --right and --wrong")
    searcher = _searcher(ctx, db, question)
    checks = corpus_checks()  # the corpus in use; a broken rule module is an error here, not "no checks"
    answer = answer_question(searcher, question, checks.values(), _choice(searcher, question, game))
    if pick is None and answer.choices and not json_ and sys.stdin.isatty() and sys.stdout.isatty():
        render_answer(answer, long)
        picked = typer.prompt("Which one? (number, Enter to keep the first)", default="", show_default=False)
        pick = int(picked) if picked.strip().isdigit() else None
        if pick is None:
            return
    if pick is not None:
        answer = with_choice(answer, pick)
        remember(searcher.db, question, answer.answer[0].id, answer.answer[0].quote)
    elif right is not None:
        shown = passage_of(answer, right)
        remember(searcher.db, question, shown.id, shown.quote)
    elif wrong:
        shown_first = [*answer.answer, *answer.closest]
        if not shown_first:
            raise RefereeError("there is no answer to mark wrong")
        first = shown_first[0]
        remember(searcher.db, question, first.id, first.quote, right=False)
    if json_:
        print_json(answer.to_json())
        return
    render_answer(answer, long)


@app.command("eval")
@friendly
def eval_(
    ctx: typer.Context,
    questions: Annotated[Path, typer.Argument(help="Question set (JSON lines: id, game, q, gold).")],
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="The game of lines without a 'game' key (and of every line).")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-k", help="Results per question.")] = 5,
    no_game: Annotated[bool, typer.Option("--no-game", help="Only the run without the game given.")] = False,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Score search on a question set: hit@1/3/5 and MRR, overall and per game.

    Lines with an empty gold are unanswerable: scored as abstentions (does `ask` say the book
    does not say?), never as misses."""

    from referee.indexer.answering.answer import ask as answer_question  # per command
    from referee.indexer.evaluate import evaluate, load_questions

    if limit < 1:
        raise RefereeError("--limit must be at least 1")
    searcher = _searcher(ctx, db)
    qs = load_questions(questions, store.resolve_game(searcher.db, game) if game is not None else None)

    games = store.games(searcher.db)

    def retrieve(question, game_given: bool):  # a question set names its games: no remembered one
        choice = choose_game(games, question.q, given=question.game if game_given else None)
        result = searcher.search(question.q, choice, limit=limit)
        return [hit.to_json() for hit in result.hits]

    checks = corpus_checks()

    def abstains(question, game_given: bool) -> bool:
        choice = choose_game(games, question.q, given=question.game if game_given else None)
        return not answer_question(searcher, question.q, checks.values(), choice).answered

    report = evaluate(qs, retrieve, k=limit, modes=(False,) if no_game else (True, False), abstains=abstains)
    if json_:
        print_json(report)
        return
    for mode, data in report["modes"].items():
        typer.echo(f"{mode}:")
        rows = [("overall", data["overall"]), *data["per_game"].items()]
        typer.echo(f"  {'':<18} {'n':>3} {'hit@1':>6} {'hit@3':>6} {'hit@5':>6} {'MRR':>6}")
        for name, s in rows:
            typer.echo(
                f"  {name:<18} {s['n']:>3} {s['hit@1']:>6.2f} {s['hit@3']:>6.2f} {s['hit@5']:>6.2f} {s['mrr']:>6.3f}"
            )
        if "unanswerable" in data:
            silent = data["unanswerable"]
            typer.echo(f"  unanswerable       {silent['n']:>3} abstained {silent['abstained']:.2f}")


@app.command()
@friendly
def use(
    game: Annotated[str | None, typer.Argument(help="Game id or alias; omit to show the current default.")] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Forget the default game.")] = False,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Remember the game being played, so questions need not name it (REFEREE_GAME overrides)."""
    if clear:
        settings.set_default_game(None)
    elif game is not None:
        settings.set_default_game(store.resolve_game(store.open_db(db_path(db)), game))
    current, origin = settings.default_game()
    if json_:
        print_json({"game": current, "from": origin or None})
    else:
        typer.echo(f"Default game: {current} (from {origin})" if current else "No default game.")
