"""Finding rules: index, search, ask, eval, use."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from cli.common import DbOption, GameOption, JsonOption, breadcrumb, db_path, friendly, print_json
from kb import settings, store
from kb.errors import RefereeError
from kb.validate import require_text

app = typer.Typer()


def _progress_bar(label: str):
    from rich.console import Console
    from rich.progress import Progress

    progress = Progress(transient=True, console=Console(stderr=True))
    task = progress.add_task(label, total=None)

    def update(done: int, total: int) -> None:
        progress.update(task, completed=done, total=total)

    return progress, update


def _fresh_index(path: Path) -> None:
    from indexer.index import ensure_index, staleness

    if staleness(path) is None:
        return

    def say(message: str) -> None:
        typer.echo(message, err=True)

    def starting(reason: str) -> None:
        say(f"Rebuilding the search index ({reason}); this takes about a minute.")

    progress, update = _progress_bar("Embedding rules")
    with progress:
        ensure_index(path, progress=update, on_wait=say, on_start=starting)


def _searcher(db: Path | None, query: str | None = None):
    from indexer.search import Searcher, clean_query

    if query is not None:
        require_text(query, "the question")
        clean_query(query)  # an empty question is refused before any index work
    path = db_path(db)
    store.open_db(path)
    _fresh_index(path)
    return Searcher(path)


def _target_game(searcher, game: str | None) -> tuple[str | None, str]:
    if game:
        return store.resolve_game(searcher.db, game), "given"
    remembered, origin = settings.default_game()
    if remembered:
        return store.resolve_game(searcher.db, remembered), f"default ({origin})"
    return None, "inferred"


def _say_assumed(result_game: str, source: str, likelihood: dict[str, float]) -> None:
    if source != "inferred":
        return
    ranked = sorted(likelihood.items(), key=lambda item: -item[1])[:3]
    odds = f"; games by likelihood: {', '.join(f'{g} {p:.0%}' for g, p in ranked)}" if ranked else ""
    typer.echo(f"(assuming {result_game}{odds}; name the game with --game or `referee use GAME`)", err=True)


@app.command()
@friendly
def index(
    db: DbOption = None,
    force: Annotated[bool, typer.Option("--force", help="Rebuild even when current.")] = False,
    json_: JsonOption = False,
) -> None:
    """Build the search index (vectors beside the database); skipped when it is current."""
    from dataclasses import asdict

    from indexer.index import build_index, read_config, staleness

    path = db_path(db)
    store.open_db(path)
    reason = "forced" if force else staleness(path)
    if reason is not None:
        progress, update = _progress_bar("Embedding rules")
        with progress:
            build_index(path, progress=update, on_wait=lambda message: typer.echo(message, err=True))
    config = asdict(read_config(path))  # type: ignore[arg-type]
    if json_:
        print_json({"rebuilt": reason is not None, "reason": reason, **config})
    else:
        state = f"rebuilt ({reason})" if reason else "already current"
        typer.echo(f"Search index {state}: {config['units']} units for {config['entries']} entries, {config['model']}")


@app.command()
@friendly
def search(
    query: Annotated[str, typer.Argument(help="Words or a question, in any language.")],
    game: GameOption = None,
    limit: Annotated[int, typer.Option("--limit", "-k", help="How many entries.")] = 10,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Ranked rule entries for a query, best first."""
    searcher = _searcher(db, query)
    target, source = _target_game(searcher, game)
    result = searcher.search(query, game=target, limit=limit, game_source=source)
    if json_:
        print_json(result.hits_json())
        return
    _say_assumed(result.game, result.game_source, result.likelihood)
    for hit in result.hits:
        where = breadcrumb(hit.entry["path"])
        typer.echo(f"{hit.score:6.3f}  [{hit.entry['id']}] {hit.entry['kind']} · {where}")
        typer.echo(f"        {hit.entry['text'][:200].replace(chr(10), ' ')}")


def _print_cited(label: str, items: list[dict[str, Any]]) -> None:
    if not items:
        return
    typer.echo(f"\n{label}:")
    for item in items:
        why = f" — {item['why']}" if item.get("why") else ""
        typer.echo(f"  [{item['id']}] {item['kind']} · {breadcrumb(item['path'])}{why}")
        typer.echo(f"    “{item['quote'][:300]}”")


@app.command()
@friendly
def ask(
    question: Annotated[str, typer.Argument(help="A question in plain words, in any language.")],
    game: GameOption = None,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Answer with the rule text itself, quoted verbatim with its section."""
    from indexer.answer import ask as answer_question

    searcher = _searcher(db, question)
    target, source = _target_game(searcher, game)
    answer = answer_question(searcher, question, game=target, game_source=source)
    if json_:
        print_json(answer)
        return
    _say_assumed(answer["game"], answer["game_source"], answer["likelihood"])
    for item in answer["answer"]:
        typer.echo(f"{breadcrumb(item['path'])}  [{item['id']}]")
        typer.echo(f"“{item['quote']}”")
    for rule in answer["precedence"]:
        typer.echo(f"\nRules priority [{rule['id']}]: {', '.join(rule['higher'])} text wins over the {rule['over']}.")
    _print_cited("Higher-priority texts that bear on it (FAQ, cards)", answer["clarified_by"])
    _print_cited("Related", answer["related"])


@app.command("eval")
@friendly
def eval_(
    questions: Annotated[Path, typer.Argument(help="Question set (JSON lines: id, game, q, gold).")],
    k: Annotated[int, typer.Option("--k", help="Results per question.")] = 5,
    no_game: Annotated[bool, typer.Option("--no-game", help="Only the run without the game given.")] = False,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Score search on a question set: hit@1/3/5 and MRR, overall and per game."""
    from indexer.evaluate import evaluate, load_questions

    if k < 1:
        raise RefereeError("--k must be at least 1")
    qs = load_questions(questions)
    searcher = _searcher(db)

    def retrieve(question, game_given: bool):
        result = searcher.search(question.q, game=question.game if game_given else None, limit=k)
        return [hit.to_dict() for hit in result.hits]

    report = evaluate(qs, retrieve, k=k, modes=(False,) if no_game else (True, False))
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
    elif game:
        settings.set_default_game(store.resolve_game(store.open_db(db_path(db)), game))
    current, origin = settings.default_game()
    if json_:
        print_json({"game": current, "from": origin or None})
    else:
        typer.echo(f"Default game: {current} (from {origin})" if current else "No default game.")
