"""Training the reader: train."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee import store
from referee.cli.common import DbOption, JsonOption, corpus_checks, db_path, friendly, print_json
from referee.errors import RefereeError
from referee.indexer.reader.pipeline import SETS, train_all
from referee.indexer.reader.tuning import EPOCHS

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
    heads_only: Annotated[
        bool, typer.Option("--heads-only", help="Keep the shipped encoder; retrain the heads (minutes).")
    ] = False,
    epochs: Annotated[int, typer.Option(min=1, max=20, help="Epochs of encoder tuning.")] = EPOCHS,
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
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Rebuild the reader (the tuned encoder and its heads) from the question sets; about an hour on 2 cores."""
    sets = sets or SETS
    if not (sets / "players.jsonl").is_file():
        raise RefereeError(f"{sets}: no question sets here (`referee train` runs from a checkout, or give --sets)")
    path = db_path(db)
    store.open_db(path)
    say = (lambda _line: None) if json_ else (lambda line: typer.echo(line, err=True))
    run = train_all(
        path,
        list(corpus_checks().values()),
        sets=sets,
        seed=seed,
        say=say,
        epochs=epochs,
        limit=limit,
        tune=not heads_only and from_examples is None,
        keep_examples=keep_examples,
        from_examples=from_examples,
    )
    report = run.heads
    if json_:
        print_json(
            {
                "tuned_model": run.tuned_model,
                "pairs": run.pairs,
                "reader": str(report.path),
                "seconds": round(report.seconds, 1),
                "examples": report.examples,
                "figures": report.figures,
            }
        )
        return
    typer.echo(f"Reader written to {report.path} ({report.seconds:.0f} s for the heads)")
    if run.tuned_model:
        typer.echo(f"Encoder tuned on {run.pairs} questions: {run.tuned_model}")
    for name, value in report.figures.items():
        typer.echo(f"  {name}: {value:.3f}")
