"""Settling a disputed situation: `referee check`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from cli.common import JsonOption, friendly, print_json
from kb.errors import RefereeError
from kb.paths import default_corpus_dir
from kb.validate import decode_text

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
    from kb.checks import discover_checks

    checks = discover_checks(default_corpus_dir())
    if list_:
        _print_list(checks, game, json_)
    elif describe:
        _print_description(checks, describe, json_)
    else:
        _print_settled(checks, situation, name, fact or [], json_)


def _print_list(checks: dict[str, Any], game: str | None, json_: bool) -> None:
    from kb.checks import checks_of_game

    rows = [{"name": c.name, "game": c.game, "description": c.description} for c in checks_of_game(checks, game)]
    if json_:
        print_json(rows)
        return
    for row in rows:
        typer.echo(f"{row['game']:<17} {row['name']:<26} {row['description']}")


def _print_description(checks: dict[str, Any], name: str, json_: bool) -> None:
    import yaml

    from kb.checks import describe_check, find_check

    data = describe_check(find_check(checks, name))
    if json_:
        print_json(data)
        return
    typer.echo(f"{data['name']} ({data['game']}): {data['description']}\nfacts:")
    for f in data["facts"]:
        extra = ", ".join(f"{k}={v}" for k, v in f.items() if k not in ("name", "type", "help"))
        typer.echo(f"  {f['name']} ({f['type']}{', ' + extra if extra else ''}): {f['help']}")
    typer.echo(
        "example situation (YAML):\n"
        + yaml.safe_dump(data["example"], allow_unicode=True, sort_keys=False, default_flow_style=None)
    )


def _print_settled(
    checks: dict[str, Any], situation: str | None, name: str | None, facts: list[str], json_: bool
) -> None:
    from kb.checks import settle, situation_from

    document = None
    if situation is not None:
        text = decode_text(sys.stdin.buffer.read(), "stdin") if situation == "-" else _read(Path(situation))
        document = situation_from(text, "stdin" if situation == "-" else situation)
    data = settle(checks, document, name, dict(_parse_fact(f) for f in facts))
    if json_:
        print_json(data)
    else:
        _print_verdict(data)


def _read(path: Path) -> str:
    if not path.is_file():
        raise RefereeError(f"{path}: situation file not found")
    return decode_text(path.read_bytes(), str(path))
