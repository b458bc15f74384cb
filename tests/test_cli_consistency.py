"""The CLI behaves the same way everywhere: game names, the remembered game, option names,
one-line usage errors, and what `games` and `search` print."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.main import app
from referee.cli.search_commands import print_hits
from referee.indexer.search.results import Hit, SearchResult
from referee.names import INFERRED
from referee.store import StoredEntry

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(db: Path, *args: str, game: str | None = None):
    env = {"REFEREE_GAME": game} if game else {}
    return runner.invoke(app, [*args, "--db", str(db)], env=env)


def main_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee.cli.main", *args], capture_output=True, text=True, cwd=ROOT, check=False
    )


@pytest.mark.slow  # the CLI in a process of its own
def test_no_arguments_prints_the_help() -> None:
    done = main_process()
    assert done.returncode == 0 and done.stdout.startswith("Usage: referee")


@pytest.mark.slow  # the CLI in a process of its own
def test_a_usage_error_names_the_command_to_ask_for_help() -> None:
    done = main_process("search", "rules", "--limit", "many")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "'--limit'" in done.stderr and "(see 'referee search --help')" in done.stderr


def test_a_near_miss_game_name_gets_a_suggestion(built_db: Path) -> None:
    result = run(built_db, "toc", "takure")
    assert result.exit_code == 2
    assert "did you mean takkure" in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "command", [["toc", "--game"], ["doctor", "--game"], ["export", "--game"], ["define", "x", "--game"]]
)
def test_an_empty_game_name_is_an_error_not_every_game(built_db: Path, command: list[str]) -> None:
    args = [*command, ""] if command[0] != "toc" else ["toc", ""]
    result = run(built_db, *args)
    assert result.exit_code == 2 and "game name is empty" in result.stderr


def test_show_takes_an_id_without_its_game_from_the_remembered_game_or_game(built_db: Path) -> None:
    remembered = run(built_db, "show", "2.01/7", "--json", game="takkure")
    given = run(built_db, "show", "2.01/7", "--game", "Takkure: A Cyberpunk Rugby Game", "--json")
    assert remembered.exit_code == given.exit_code == 0, remembered.stderr + given.stderr
    assert '"id": "takkure/2.01/7"' in remembered.stdout and '"id": "takkure/2.01/7"' in given.stdout
    assert run(built_db, "show", "2.01/7").exit_code == 2  # no game anywhere: not an id


@pytest.mark.parametrize("command", ["toc", "terms"])
def test_game_commands_use_the_remembered_game(built_db: Path, command: str) -> None:
    remembered = run(built_db, command, "--json", game="tdh")
    named = run(built_db, command, "touchdown-heroes", "--json")
    assert remembered.exit_code == 0 and remembered.stdout == named.stdout
    missing = run(built_db, command)
    assert missing.exit_code == 2 and "which game?" in missing.stderr


def test_check_list_accepts_the_names_other_commands_accept() -> None:
    by_title = runner.invoke(app, ["check", "--list", "-g", "Takkure", "--json"])
    by_alias = runner.invoke(app, ["check", "--list", "-g", "cyberpunk rugby", "--json"])
    assert by_title.exit_code == by_alias.exit_code == 0, by_title.stderr
    assert by_title.stdout == by_alias.stdout and '"game": "takkure"' in by_title.stdout
    assert '"game": "tacocat"' not in by_title.stdout


def test_export_has_no_json_flag_it_would_ignore(built_db: Path) -> None:
    result = run(built_db, "export", "--json")
    assert result.exit_code == 2 and "No such option" in result.stderr


def test_search_and_eval_name_the_result_count_alike() -> None:
    for command in ("search", "eval"):
        help_text = runner.invoke(app, [command, "--help"]).stdout
        assert "-k, --limit" in help_text, command


def test_games_lists_the_aliases(built_db: Path) -> None:
    lines = {line.split()[0]: line for line in run(built_db, "games").stdout.splitlines()}
    assert "(also: tdh)" in lines["touchdown-heroes"]
    assert "cyberpunk rugby" in lines["takkure"]


def _hit(game: str, entry: str, score: float) -> Hit:
    stored = StoredEntry(
        f"{game}/{entry}",
        game,
        None,
        None,
        entry,
        [entry],
        "rule",
        "rulebook",
        True,
        "en",
        "text",
        1,
        None,
        f"{game}/{entry}",
    )
    return Hit(stored, score)


def test_search_prints_scores_sorted_within_each_game_and_says_what_they_are(capsys) -> None:
    ranked = [_hit("takkure", "a", 1.5), _hit("tacocat", "b", 1.7), _hit("takkure", "c", 1.6)]
    print_hits(SearchResult("q", "takkure", INFERRED, ranked, {"takkure": 0.7, "tacocat": 0.3}))
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("(score: cosine of the entry + cosine of its best sentence")
    shown = [line.split()[1] for line in out if line.startswith(" 1.")]
    assert shown == ["[takkure/c]", "[takkure/a]", "[tacocat/b]"]  # likelier game first, each sorted
    assert "takkure (likelihood 70%):" in out and "tacocat (likelihood 30%):" in out


@pytest.mark.slow  # lays a sheet out with WeasyPrint (shared with test_sheet.py's: conftest's shared_layouts)
def test_sheet_takes_its_format_from_the_output_file_name(built_db: Path, tmp_path: Path, shared_layouts) -> None:
    target = tmp_path / "ta-ke.html"
    result = run(built_db, "sheet", "ta-ke", "-o", str(target))
    assert result.exit_code == 0, result.stderr
    assert target.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")


def test_sheet_refuses_a_format_its_output_file_name_contradicts(built_db: Path, tmp_path: Path) -> None:
    result = run(built_db, "sheet", "ta-ke", "--format", "md", "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2 and "--format md but" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.slow  # lays a sheet out with WeasyPrint (shared with test_sheet.py's: conftest's shared_layouts)
def test_sheet_format_is_one_of_a_few_and_the_game_can_be_remembered(built_db: Path, shared_layouts) -> None:
    bad = main_process("sheet", "ta-ke", "--format", "docx")  # refused by the option's choices, in one line
    assert bad.returncode == 2 and "'docx' is not one of" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
    remembered = run(built_db, "sheet", game="TA-KE")
    assert remembered.exit_code == 0 and remembered.stdout.startswith("# TA-KE")
