"""Training: train (the memory and the ranker; with --reader, the older reader's heads)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee import store
from referee.cli.common import DbOption, JsonOption, corpus_checks, db_path, friendly, print_json
from referee.errors import RefereeError

app = typer.Typer()


@app.command()
@friendly
def train(
    sets: Annotated[
        Path | None,
        typer.Option(
            help="The question sets (players, silent, checks) with their splits.",
            show_default="data/reader/ in the checkout",
        ),
    ] = None,
    reader: Annotated[
        bool,
        typer.Option("--reader", help="Rebuild the older reader (encoder adapter and heads) instead of the ranker."),
    ] = False,
    seed: Annotated[int, typer.Option(help="The random seed (the shipped reader used 0).")] = 0,
    limit: Annotated[
        int | None, typer.Option(min=1, help="At most this many questions per kind and split (a trial).")
    ] = None,
    keep_examples: Annotated[
        Path | None,
        typer.Option(help="Also keep the gathered examples here, as .npz (benchmarks refit heads from them)."),
    ] = None,
    from_examples: Annotated[
        Path | None, typer.Option(help="Refit the heads from examples kept before (implies --heads-only).")
    ] = None,
    into: Annotated[
        Path | None,
        typer.Option(
            help="Write the trained files here (maintainers: `make train` rebuilds the shipped ones in indexer/data).",
            show_default="trained/ in the user's data folder",
        ),
    ] = None,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Rebuild the answer memory and the ranker from the question sets (about ten minutes on 2 cores)."""
    # the training's layers (numpy, torch): only `train` pays for them
    from referee.indexer.memory.pipeline import train_ranker
    from referee.indexer.reader.pipeline import SETS, train_all
    from referee.indexer.reader.reader import READER_FILE
    from referee.indexer.reader.train import training_items

    sets = sets or SETS
    if not (sets / "players.jsonl").is_file():
        raise RefereeError(f"{sets}: no question sets here (`referee train` runs from a checkout, or give --sets)")
    path = db_path(db)
    store.open_db(path)
    say = (lambda _line: None) if json_ else (lambda line: typer.echo(line, err=True))
    training_items(sets)  # the question sets validated at the edge, whichever is trained
    if not reader and from_examples is None and keep_examples is None:  # those two are the reader's
        ranked = train_ranker(path, sets=sets, seed=seed, say=say, limit=limit, into=into)
        figures = {k: v for k, v in ranked.report.__dict__.items()}
        if json_:
            print_json(
                {
                    "ranker": str(ranked.ranker),
                    "memory": ranked.memory,
                    "trained_on": ranked.trained_on,
                    "seconds": round(ranked.seconds, 1),
                    "figures": figures,
                }
            )
            return
        typer.echo(f"Ranker written to {ranked.ranker}, memory of {ranked.memory} questions ({ranked.seconds:.0f} s)")
        for name, value in figures.items():
            typer.echo(f"  {name}: {value:.3f}" if isinstance(value, float) else f"  {name}: {value}")
        return
    run = train_all(
        path,
        list(corpus_checks().values()),
        sets=sets,
        seed=seed,
        say=say,
        limit=limit,
        keep_examples=keep_examples,
        from_examples=from_examples,
        out=into / READER_FILE.name if into else None,
    )
    report = run.heads
    if json_:
        print_json(
            {
                "reader": str(report.path),
                "seconds": round(report.seconds, 1),
                "examples": report.examples,
                "figures": report.figures,
            }
        )
        return
    typer.echo(f"Reader written to {report.path} ({report.seconds:.0f} s for the heads)")
    for name, value in report.figures.items():
        typer.echo(f"  {name}: {value:.3f}")
