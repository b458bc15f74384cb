"""Settling a disputed situation: `referee check`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from cli.common import JsonOption, friendly, print_json
from kb.errors import RefereeError
from kb.paths import default_corpus_dir

app = typer.Typer()


def _parse_fact(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise RefereeError(f"--fact {text!r}: expected name=value")
    name, value = text.split("=", 1)
    return name.strip(), value.strip()


def _print_verdict(data: dict[str, Any]) -> None:
    value = f" = {data['value']}" if data["value"] is not None else ""
    typer.echo(f"{data['game']} / {data['check']}: {data['verdict'].upper()}{value}")
    for reason in data["reasons"]:
        typer.echo(f"  because [{reason['entry']}] “{reason['quote']}”")
        typer.echo(f"          {reason['explanation']}")
    for reading in data["readings"]:
        typer.echo(f"  reading “{reading['reading']}”: {reading['verdict']} {reading['value'] or ''}")
        for reason in reading["reasons"]:
            typer.echo(f"      [{reason['entry']}] {reason['explanation']}")


def _describe(check) -> dict[str, Any]:
    return {
        "name": check.name,
        "game": check.game,
        "description": check.description,
        "facts": [fact.describe() for fact in check.facts],
        "example": check.example,
    }


@app.command()
@friendly
def check(
    situation: Annotated[
        str | None, typer.Argument(help="Situation file (YAML or JSON: {game, check, facts}); - reads stdin.")
    ] = None,
    name: Annotated[str | None, typer.Option("--check", "-c", help="Check name (instead of a file).")] = None,
    fact: Annotated[list[str] | None, typer.Option("--fact", "-f", help="A fact as name=value (repeatable).")] = None,
    list_: Annotated[bool, typer.Option("--list", help="List the checks.")] = False,
    describe: Annotated[str | None, typer.Option("--describe", help="Show a check's facts and an example.")] = None,
    game: Annotated[str | None, typer.Option("--game", "-g", help="Only this game's checks (with --list).")] = None,
    json_: JsonOption = False,
) -> None:
    """Check a described situation: legal, illegal, ambiguous, unknown, or a value, with the rules."""
    from kb.checks import discover_checks, situation_from, verdict_dict

    checks = discover_checks(default_corpus_dir())
    if list_:
        rows = [_describe(c) for c in checks.values() if game is None or c.game == game]
        if game and not rows:
            games = ", ".join(sorted({c.game for c in checks.values()}))
            raise RefereeError(f"no checks for game {game!r}; games with checks: {games}")
        if json_:
            print_json([{k: r[k] for k in ("name", "game", "description")} for r in rows])
        else:
            for row in rows:
                typer.echo(f"{row['game']:<17} {row['name']:<26} {row['description']}")
        return
    if describe:
        if describe not in checks:
            raise RefereeError(f"unknown check {describe!r}; see `referee check --list`")
        data = _describe(checks[describe])
        if json_:
            print_json(data)
            return
        typer.echo(f"{data['name']} ({data['game']}): {data['description']}\nfacts:")
        for f in data["facts"]:
            extra = ", ".join(f"{k}={v}" for k, v in f.items() if k not in ("name", "type", "help"))
            typer.echo(f"  {f['name']} ({f['type']}{', ' + extra if extra else ''}): {f['help']}")
        import yaml

        typer.echo(
            "example situation (YAML):\n"
            + yaml.safe_dump(data["example"], allow_unicode=True, sort_keys=False, default_flow_style=None)
        )
        return
    if situation is not None:
        text = sys.stdin.read() if situation == "-" else _read(Path(situation))
        doc = situation_from(text, "stdin" if situation == "-" else situation)
    elif name:
        doc = {"game": None, "check": name, "facts": {}}
    else:
        raise RefereeError("give a situation file, or --check NAME with --fact name=value; --list shows the checks")
    if name and situation is not None and name != doc["check"]:
        raise RefereeError(f"--check {name!r} disagrees with the situation's check {doc['check']!r}")
    if doc["check"] not in checks:
        raise RefereeError(f"unknown check {doc['check']!r}; see `referee check --list`")
    chosen = checks[doc["check"]]
    if doc.get("game") and doc["game"] != chosen.game:
        raise RefereeError(f"check {chosen.name!r} belongs to {chosen.game}, not {doc['game']}")
    facts = dict(doc["facts"])
    facts.update(_parse_fact(f) for f in fact or [])
    data = verdict_dict(chosen, chosen.run(facts))
    if json_:
        print_json(data)
    else:
        _print_verdict(data)


def _read(path: Path) -> str:
    if not path.is_file():
        raise RefereeError(f"{path}: situation file not found")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RefereeError(f"{path}: not UTF-8 text") from None
