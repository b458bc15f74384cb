"""Settling a disputed situation: `referee check`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
import yaml
from typer.core import TyperGroup

from referee.cli.common import JsonOption, corpus_checks, friendly, print_json
from referee.errors import RefereeError
from referee.names import GameName, resolve_game_name
from referee.paths import default_corpus_dir
from referee.store.atomic import write_file
from referee.validation.text import decode_text

# The rules, the game configs (pydantic) and the settling are imported by the functions that use
# them, so that the other commands (and `referee --help`) do not pay for them.
if TYPE_CHECKING:
    from referee.rules.verdicts import CheckVerdict, Reason
    from referee.states.ruling import Ruling

SUBCOMMANDS = ("list", "describe", "run")


def as_subcommand(args: list[str]) -> list[str]:
    """The command line in the subcommand form: the old `--list` is `list`, `--describe NAME` is
    `describe NAME`, and a plain `referee check [SITUATION] [--check ...]` is `run` (so the forms of
    earlier versions, in scripts and docs, keep working)."""
    if args and (args[0] in SUBCOMMANDS or args[0] == "--help"):
        return args
    if "--list" in args:  # --list wins over --describe, as it did
        rest = [a for a in args if a != "--list"]
        at = next((i for i, a in enumerate(rest) if a == "--describe" or a.startswith("--describe=")), None)
        if at is not None:
            del rest[at : at + (1 if "=" in rest[at] else 2)]
        return ["list", *rest]
    for i, arg in enumerate(args):
        if arg.startswith("--describe="):
            return ["describe", arg.split("=", 1)[1], *args[:i], *args[i + 1 :]]
        if arg == "--describe":
            return ["describe", *args[i + 1 : i + 2], *args[:i], *args[i + 2 :]]
    return ["run", *args]


class _CheckGroup(TyperGroup):
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # typer's own (vendored) click Context
        return super().parse_args(ctx, as_subcommand(list(args)))


app = typer.Typer()
check_app = typer.Typer(
    cls=_CheckGroup,
    help="Check a described situation or a whole game state: legal, illegal, ambiguous, unknown, or a value, "
    "with the rules, the outcome and what follows. `referee check SITUATION` is `referee check run SITUATION`; "
    "`--list` and `--describe NAME` are `list` and `describe NAME`.",
)
app.add_typer(check_app, name="check")


def _parse_fact(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise RefereeError(f"--fact {text!r}: expected name=value")
    name, value = text.split("=", 1)
    return name.strip(), value.strip()


def _print_verdict(data: CheckVerdict) -> None:
    outcome = f", {data.outcome}" if data.outcome else ""
    value = f" = {data.value}" if data.value is not None else ""
    typer.echo(f"{data.game} / {data.check}: {data.verdict.upper()}{outcome}{value}")
    if data.summary:
        typer.echo(f"  {data.summary}")
    _print_reasons(data.reasons, "because")
    for reading in data.readings:
        typer.echo(f"  reading “{reading.reading}”: {reading.verdict} {reading.value or ''}")
        for reason in reading.reasons:
            typer.echo(f"      [{reason.entry}] “{reason.quote}”")
            typer.echo(f"          {reason.explanation}")
    _print_reasons(data.consequences, "then")


def _print_reasons(reasons: list[Reason], label: str, indent: int = 2) -> None:
    pad = " " * indent
    for reason in reasons:
        typer.echo(f"{pad}{label:<7} [{reason.entry}] “{reason.quote}”")
        if reason.row:
            typer.echo(f"{pad}        row: " + " | ".join(f"{k}: {v}" for k, v in reason.row.items()))
        typer.echo(f"{pad}        {reason.explanation}")


@check_app.command("list")
@friendly
def list_checks(
    game: Annotated[str | None, typer.Option("--game", "-g", help="Only this game's checks.")] = None,
    json_: JsonOption = False,
) -> None:
    """List the checks: game, name and what each decides."""
    _print_list(corpus_checks(), game, json_)


@check_app.command("describe")
@friendly
def describe(
    name: Annotated[str, typer.Argument(help="A check's name, or a game's (its state keys and actions).")],
    json_: JsonOption = False,
) -> None:
    """Show a check's facts and an example, or a game's state keys and actions."""
    if not _print_game(name, json_):
        _print_description(corpus_checks(), name, json_)


@check_app.command("run")
@friendly
def run(
    situation: Annotated[
        str | None,
        typer.Argument(
            help="A state (YAML/JSON: game, pieces, action) or a situation {game, check, facts}; - reads stdin."
        ),
    ] = None,
    name: Annotated[str | None, typer.Option("--check", "-c", help="Check name (instead of a file).")] = None,
    fact: Annotated[list[str] | None, typer.Option("--fact", "-f", help="A fact as name=value (repeatable).")] = None,
    svg: Annotated[
        str | None,
        typer.Option("--svg", help="Also draw the state (pieces, action, verdict) to this SVG file; - prints it."),
    ] = None,
    json_: JsonOption = False,
) -> None:
    """Check a described situation or a whole game state: legal, illegal, ambiguous, unknown, or a value,
    with the rules, the outcome and what follows."""
    _print_settled(situation, name, fact or [], json_, svg)


def _print_list(checks: dict[str, Any], game: str | None, json_: bool) -> None:
    from referee.books.gameconf import discover_games  # the game configs and the rules: per command
    from referee.rules.settle import checks_of_game

    if game is not None:  # the same names every other command accepts: id, title or alias
        games = [GameName(g.id, g.title, g.aliases) for g in discover_games(default_corpus_dir())]
        game = resolve_game_name(game, games)
    rows = [{"name": c.name, "game": c.game, "description": c.description} for c in checks_of_game(checks, game)]
    if json_:
        print_json(rows)
        return
    for row in rows:
        typer.echo(f"{row['game']:<17} {row['name']:<26} {row['description']}")


def _print_game(name: str, json_: bool) -> bool:
    """A game's state keys and actions, each with an example; False when the name is not a game's."""
    from referee.books.gameconf import discover_games  # the game configs and the rules: per command
    from referee.rules.loading import load_rules
    from referee.states.describe import describe_game, describe_text

    games = [GameName(g.id, g.title, g.aliases) for g in discover_games(default_corpus_dir())]
    try:
        game = resolve_game_name(name, games)
    except RefereeError:
        return False
    rules = load_rules(default_corpus_dir()).states
    if game not in rules:
        raise RefereeError(f"{game} settles no whole states; games that do: {', '.join(sorted(rules))}")
    data = describe_game(game, rules[game])
    if json_:
        print_json(data)
    else:
        typer.echo(describe_text(data))
    return True


def _print_description(checks: dict[str, Any], name: str, json_: bool) -> None:
    from referee.rules.settle import describe_check, find_check  # the rules: per command

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


def _print_settled(situation: str | None, name: str | None, facts: list[str], json_: bool, svg: str | None) -> None:
    from referee.states.settle import settle_text  # the rules and their settling: per command

    text = None
    source = "stdin" if situation == "-" else str(situation)
    if situation is not None:
        text = decode_text(sys.stdin.buffer.read(), "stdin") if situation == "-" else _read(Path(situation))
    data, document = settle_text(default_corpus_dir(), text, source, name, dict(_parse_fact(f) for f in facts))
    from referee.states.ruling import Ruling  # per command: a state's ruling, or a check's verdict (a dict)

    if svg is not None:
        if document is None or not isinstance(data, Ruling):
            raise RefereeError("--svg draws a state (a file with game and action), not a single check")
        _write_svg(svg, document, data)
        if svg == "-":
            return
    if json_:
        print_json(data.to_json())
    elif isinstance(data, Ruling):
        _print_state_verdict(data)
    else:
        _print_verdict(data)


def _write_svg(target: str, document: dict[str, Any], data: Ruling) -> None:
    from referee.states.svg import render_state_svg  # per command

    drawing = render_state_svg(document, data)
    if target == "-":
        sys.stdout.write(drawing + "\n")
        return
    path = Path(target)
    if not path.parent.is_dir():
        raise RefereeError(f"{path}: its folder does not exist")
    write_file(path, drawing)


def _print_state_verdict(data: Ruling) -> None:
    from referee.rules.headline import chain_summary, headline, rules_say  # per command

    head = headline(data)
    value = f" {head.value}" if head.value else ""
    typer.echo(f"{data.game}: {data.action['text']} — {head.word.upper()}{value}")
    if head.detail:
        typer.echo(f"  {head.detail}")
    # under a headline that says what the rules rule and what nothing read, the chain's words (the summary
    # begins with that headline: not said twice)
    line = chain_summary(data.steps) if rules_say(data) is not None else data.summary
    if line:
        typer.echo(f"  {line}")
    for i, step in enumerate(data.steps, 1):
        value = f" = {step.value}" if step.value is not None else ""
        note = f" ({step.note})" if step.note else ""
        name = step.check or "no check covers it, the closest rules"
        typer.echo(f"\n  {i}. {name}: {step.verdict.upper()}{value}{note}")
        derived = ", ".join(f"{k}={step.facts[k]}" for k in step.derived)
        given = ", ".join(f"{k}={step.facts[k]}" for k in step.given)
        if derived:
            typer.echo(f"     derived: {derived}")
        if given:
            typer.echo(f"     given:   {given}")
        _print_reasons(step.reasons, "because", indent=5)
        for reading in step.readings:
            typer.echo(f"     reading “{reading.reading}”: {reading.verdict} {reading.value or ''}")
        _print_reasons(step.consequences, "then", indent=5)
    _print_after(data)


def _print_after(data: Ruling) -> None:
    """What the ruling leaves: the state that follows, the facts still wanted, the keys that did not bear on it."""
    if data.follows:
        typer.echo("\n  what follows: " + ", ".join(f"{k}={_plain(v)}" for k, v in data.follows.items()))
    several = len(data.actions) > 1
    if several:
        for i, action in enumerate(data.actions, 1):
            after = ", ".join(f"{k}={_plain(v)}" for k, v in (action.get("after") or {}).items())
            typer.echo(f"\n  after {i}. {action['text']}: {after or 'nothing changes'}")
    for lack in data.missing:
        number = f" (action {lack.action + 1})" if several else ""
        typer.echo(f"\n  not settled{number}: {lack.check} needs {', '.join(lack.facts)}")
    for item in data.unrecognised:
        also = "; ".join(f"“{w}”" for w in item.did_you_mean)
        typer.echo(f"\n  not recognised: {item.text!r}" + (f" — did you mean {also}?" if also else ""))
    if data.unaccounted:
        unaccounted = ", ".join(data.unaccounted)
        typer.echo(f"\n  not accounted for (read by no rule, no reason it does not bear): {unaccounted}")
    if data.not_bearing:
        typer.echo(f"\n  not bearing on the ruling: {', '.join(data.not_bearing)}")
        for key, why in data.not_bearing_why.items():
            typer.echo(f"    {key}: {why}")


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(map(_plain, value)) + "]"
    return str(value)


def _read(path: Path) -> str:
    if not path.is_file():
        raise RefereeError(f"{path}: situation file not found")
    return decode_text(path.read_bytes(), str(path))
