"""The one loader of a game's rules: checks held in area modules (checks.py's AREAS), the link-out
rule for every module a game imports, one-line errors naming the file, and `referee check`'s
subcommands with the old forms as aliases."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.books.gameconf import discover_games, game_config
from referee.cli.check_commands import as_subcommand
from referee.cli.main import app
from referee.errors import RefereeError
from referee.rules.loading import load_rulebook, load_rules

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"

AREA = """
from referee.rules import Fact, Verdict, check


@check("{name}", "a check of the {name} area", [Fact("n", "int", "a number", 1)], example={{"n": 1}})
def {function}(f: dict) -> Verdict:
    return Verdict("value", f["n"], [], summary="{name}")
"""


def _game(folder: Path, areas: dict[str, list[str]], entry: str) -> Path:
    folder.mkdir(parents=True)
    for module, names in areas.items():
        (folder / f"{module}.py").write_text(
            "".join(AREA.format(name=n, function=n.replace("-", "_")) for n in names), encoding="utf-8"
        )
    (folder / "checks.py").write_text(entry, encoding="utf-8")
    return folder


def test_checks_come_from_checks_py_then_each_area_in_its_order(tmp_path: Path) -> None:
    entry = AREA.format(name="own", function="own") + "\nfrom . import area_a, area_b\n\nAREAS = (area_b, area_a)\n"
    folder = _game(tmp_path / "g", {"area_a": ["a-1", "a-2"], "area_b": ["b-1"]}, entry)
    rulebook = load_rulebook(folder)
    assert rulebook is not None
    assert [c.name for c in rulebook.checks] == ["own", "b-1", "a-1", "a-2"]


def test_a_check_imported_into_checks_py_and_listed_in_its_area_counts_once(tmp_path: Path) -> None:
    entry = "from . import area_a\nfrom .area_a import a_1\n\nAREAS = (area_a,)\n"
    folder = _game(tmp_path / "g", {"area_a": ["a-1"]}, entry)
    rulebook = load_rulebook(folder)
    assert rulebook is not None and [c.name for c in rulebook.checks] == ["a-1"]


def test_a_module_not_in_areas_holds_no_checks(tmp_path: Path) -> None:
    folder = _game(tmp_path / "g", {"area_a": ["a-1"]}, "from . import area_a  # noqa: F401\n")
    rulebook = load_rulebook(folder)
    assert rulebook is not None and rulebook.checks == []


def test_areas_that_are_not_modules_are_refused_naming_checks_py(tmp_path: Path) -> None:
    folder = _game(tmp_path / "g", {}, 'AREAS = ("area_a",)\n')
    with pytest.raises(RefereeError, match=r"checks\.py: AREAS must be a tuple of the game's modules"):
        load_rulebook(folder)


def test_an_area_module_linked_from_outside_is_refused_before_it_runs(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.py"
    ran = tmp_path / "RAN"
    outside.write_text(f"open({str(ran)!r}, 'w').write('ran')\n", encoding="utf-8")
    folder = _game(tmp_path / "g", {}, "from . import area_a\n\nAREAS = (area_a,)\n")
    os.symlink(outside, folder / "area_a.py")
    with pytest.raises(RefereeError) as caught:
        load_rulebook(folder)
    message = str(caught.value)
    assert "area_a.py" in message and "link out" in message and "\n" not in message
    assert not ran.exists()


def test_an_area_module_that_raises_is_one_line_naming_that_file(tmp_path: Path) -> None:
    folder = _game(tmp_path / "g", {}, "from . import area_a\n\nAREAS = (area_a,)\n")
    (folder / "area_a.py").write_text("X = 1\nraise ValueError('boom')\n", encoding="utf-8")
    with pytest.raises(RefereeError) as caught:
        load_rulebook(folder)
    message = str(caught.value)
    assert message.startswith(str(folder / "area_a.py")) and "ValueError: boom" in message
    assert "\n" not in message


def test_an_area_with_a_syntax_error_names_its_file_and_line(tmp_path: Path) -> None:
    folder = _game(tmp_path / "g", {}, "from . import area_a\n\nAREAS = (area_a,)\n")
    (folder / "area_a.py").write_text("X = 1\ndef broken(:\n", encoding="utf-8")
    with pytest.raises(RefereeError, match=r"area_a\.py: cannot be loaded \(line 2"):
        load_rulebook(folder)


def test_the_shipped_games_hold_no_python_file_over_650_lines() -> None:
    """The rules split by area (docs/records/2026-12-02-rules-split.md): no module of a game grows back."""
    sizes = {p.relative_to(CORPUS).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in CORPUS.glob("*/*.py")}  # fmt: skip
    assert sizes and not {path: n for path, n in sizes.items() if n > 650}


def test_every_area_module_of_a_shipped_game_is_listed_or_imported() -> None:
    """A checks_*.py no AREAS lists would hold checks nobody runs: each one with checks is listed."""
    for folder in sorted(p for p in CORPUS.iterdir() if (p / "checks.py").exists()):
        rulebook = load_rulebook(folder)
        assert rulebook is not None
        listed = {Path(c.function.__code__.co_filename).name for c in rulebook.checks}
        defined = {p.name for p in folder.glob("checks*.py") if "@check(" in p.read_text(encoding="utf-8")}
        assert defined == listed, folder.name


def test_load_rules_skips_a_later_folder_that_does_not_exist_yet(tmp_path: Path) -> None:
    rules = load_rules([CORPUS, tmp_path / "my-games"])
    assert "pass-target" in rules.checks and "takkure" in rules.states
    assert rules.checks["pass-target"].game == "takkure"


def test_load_rules_refuses_a_first_folder_that_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(RefereeError, match="corpus folder not found"):
        load_rules(tmp_path / "nowhere")


def test_a_game_without_a_folder_is_one_message() -> None:
    games = discover_games(CORPUS)
    assert game_config(games, "takkure").id == "takkure"
    with pytest.raises(RefereeError, match=r"^no corpus folder for gone-game$"):
        game_config(games, "gone-game")


# ---------------------------------------------------------------- referee check list | describe | run


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (["--list"], ["list"]),
        (["--list", "-g", "takkure", "--json"], ["list", "-g", "takkure", "--json"]),
        (["--describe", "pass", "--list"], ["list"]),
        (["--describe", "pass"], ["describe", "pass"]),
        (["--json", "--describe=takkure"], ["describe", "takkure", "--json"]),
        (["--describe"], ["describe"]),
        (["state.yaml", "--json"], ["run", "state.yaml", "--json"]),
        (["--check", "pass", "--fact", "p=3"], ["run", "--check", "pass", "--fact", "p=3"]),
        ([], ["run"]),
        (["list", "--json"], ["list", "--json"]),
        (["--help"], ["--help"]),
    ],
)
def test_the_old_forms_are_the_subcommands(old: list[str], new: list[str]) -> None:
    assert as_subcommand(old) == new


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (["check", "--list", "-g", "takkure", "--json"], ["check", "list", "-g", "takkure", "--json"]),
        (["check", "--describe", "pass-target"], ["check", "describe", "pass-target"]),
        (["check", "--describe", "takkure", "--json"], ["check", "describe", "takkure", "--json"]),
        (
            ["check", "--check", "pass-direction", "--fact", "passer=0,0", "--fact", "receiver=0,-1"],
            ["check", "run", "--check", "pass-direction", "--fact", "passer=0,0", "--fact", "receiver=0,-1"],
        ),
        (
            ["check", str(CORPUS / "takkure" / "states" / "pass-ahead.yaml")],
            ["check", "run", str(CORPUS / "takkure" / "states" / "pass-ahead.yaml")],
        ),
    ],
)
def test_an_old_form_prints_what_its_subcommand_prints(old: list[str], new: list[str]) -> None:
    runner = CliRunner()
    before, after = runner.invoke(app, old), runner.invoke(app, new)
    assert before.exit_code == after.exit_code == 0, (before.output, after.output)
    assert before.stdout == after.stdout and after.stdout.strip()


def test_check_help_lists_the_subcommands() -> None:
    done = CliRunner().invoke(app, ["check", "--help"])
    assert done.exit_code == 0
    assert all(f"  {name} " in done.stdout for name in ("list", "describe", "run"))
