"""CLI tests for building and browsing, through Typer's CliRunner."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import store
from referee.cli.main import app
from referee.validation.text import MAX_QUESTION_CHARS

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def run(*args: str):
    return runner.invoke(app, list(args))


def test_games_lists_the_five_books(built_db: Path) -> None:
    result = run("games", "--json", "--db", str(built_db))
    assert result.exit_code == 0
    games = {g["id"]: g for g in json.loads(result.stdout)}
    assert set(games) == {"takkure", "touchdown-heroes", "ta-ke", "rugby-world", "tacocat"}
    assert games["tacocat"]["lang"] == "uk"
    assert all(g["entries"] > 20 for g in games.values())


def test_toc_json_has_printed_numbers_and_titles(built_db: Path) -> None:
    result = run("toc", "takkure", "--json", "--db", str(built_db))
    sections = json.loads(result.stdout)
    pairs = {(s["number"], s["title"]) for s in sections}
    assert ("2.01", "Pass") in pairs and ("1.21", "Tackle (Execution)") in pairs


def test_toc_accepts_an_alias(built_db: Path) -> None:
    result = run("toc", "Taco Cat", "--db", str(built_db))
    assert result.exit_code == 0 and "НАЛАШТУВАННЯ" in result.stdout


def test_show_every_exported_id(built_db: Path) -> None:
    result = run("export", "--db", str(built_db))
    exported = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(exported) > 800
    db = store.open_db(built_db)
    for entry in exported:
        assert store.show(db, entry["id"]) == entry  # the same fields, links included
    one = json.loads(run("show", exported[0]["id"], "--json", "--db", str(built_db)).stdout)
    assert {"id", "game", "number", "section_id", "title", "path", "kind", "lang", "text"} <= one.keys()


def test_show_a_section_lists_its_entries(built_db: Path) -> None:
    result = run("show", "rugby-world/2f", "--json", "--db", str(built_db))
    section = json.loads(result.stdout)
    assert section["type"] == "section" and section["number"] == "2F"
    assert any("Kick success table" in e["text"] for e in section["entries"])


def test_show_prints_a_table_by_its_columns_under_the_verbatim_text(built_db: Path) -> None:
    entry = json.loads(run("show", "takkure/2.01/7", "--json", "--db", str(built_db)).stdout)
    assert entry["kind"] == "table" and entry["table"]["rows"]
    printed = run("show", "takkure/2.01/7", "--db", str(built_db)).stdout
    assert entry["text"] in printed  # the book's words first, verbatim
    rows = printed.split("as a table:\n", 1)[1].splitlines()
    columns = entry["table"]["columns"]
    assert [c.strip() for c in rows[0].split("|")] == columns
    for row, cells in zip(rows[1:], entry["table"]["rows"], strict=False):
        assert [c.strip() for c in row.split("|")] == cells


def test_unknown_id_exits_2_with_closest_ids(built_db: Path) -> None:
    result = run("show", "takkure/2.01/99", "--db", str(built_db))
    assert result.exit_code == 2
    assert "closest: takkure/2.01/" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_database_is_a_clear_error(tmp_path: Path) -> None:
    result = run("games", "--db", str(tmp_path / "none.db"))
    assert result.exit_code == 2 and "referee build" in result.stderr


def test_unknown_game_is_a_clear_error(built_db: Path) -> None:
    result = run("toc", "chess", "--db", str(built_db))
    assert result.exit_code == 2 and "unknown game 'chess'" in result.stderr


@pytest.mark.slow  # builds the whole corpus
def test_build_is_repeatable_with_the_same_ids(tmp_path: Path) -> None:
    db = tmp_path / "kb.db"
    assert run("build", "--db", str(db), "--json").exit_code == 0
    first = run("export", "--db", str(db)).stdout
    assert run("build", "--db", str(db), "--game", "ta-ke").exit_code == 0
    assert run("export", "--db", str(db)).stdout == first


@pytest.mark.slow  # builds the whole corpus
def test_build_report_lists_dropped_noise(tmp_path: Path) -> None:
    result = run("build", "--db", str(tmp_path / "kb.db"), "--json")
    reports = {r["game"]: r for r in json.loads(result.stdout)}
    reasons = {d["reason"] for d in reports["tacocat"]["dropped"]}
    assert any("advert" in r for r in reasons)
    kept = json.loads(run("report", "--db", str(tmp_path / "kb.db"), "--json").stdout)
    assert {r["game"] for r in kept} == set(reports)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


BREAKAGES = {
    "missing": (lambda f: f.unlink(), "rulebook file is missing"),
    "empty": (lambda f: f.write_text(""), "rulebook file is empty"),
    "not utf-8": (lambda f: f.write_bytes(b"\xff\xfe rules \xc3"), "not UTF-8"),
    "bad toml": (lambda f: (f.parent / "game.toml").write_text("title = [unclosed"), "invalid TOML"),
    "toml without title": (lambda f: (f.parent / "game.toml").write_text('language = "en"\nrulebook = "x"'), "'title'"),
}


@pytest.mark.slow  # builds the whole corpus twice
@pytest.mark.parametrize("breakage", list(BREAKAGES))
def test_bad_corpus_leaves_the_previous_database_untouched(tmp_path: Path, breakage: str) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    db = tmp_path / "kb.db"
    assert run("build", "--db", str(db), "--corpus", str(corpus)).exit_code == 0
    before = _digest(db)
    damage, message = BREAKAGES[breakage]
    damage(corpus / "ta-ke" / "ta-ke.en.txt")
    result = run("build", "--db", str(db), "--corpus", str(corpus))
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "ta-ke" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert _digest(db) == before
    assert not list(tmp_path.glob(".kb.db.tmp-*"))


@pytest.mark.slow  # the CLI in a process of its own
@pytest.mark.parametrize(
    ("args", "message"), [(["show"], "Missing argument 'ID'"), (["games", "--bogus"], "No such option")]
)
def test_command_line_mistakes_are_one_line(args: list[str], message: str) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", "from referee.cli.main import main; main()", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 2
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.slow  # builds the whole corpus
def test_empty_question_is_refused_before_any_index_work(tmp_path: Path) -> None:
    db = tmp_path / "kb.db"
    assert run("build", "--db", str(db)).exit_code == 0
    for command in ("search", "ask"):
        result = run(command, "  ", "--game", "takkure", "--db", str(db))
        assert result.exit_code == 2 and result.stderr.strip().startswith("Error: the question is empty: type")
        assert len(result.stderr.strip().splitlines()) == 1
    for command in ("search", "ask"):  # too long: refused, never cut (the web app's limit)
        result = run(command, "x" * (MAX_QUESTION_CHARS + 1), "--game", "takkure", "--db", str(db))
        assert result.exit_code == 2 and f"(at most {MAX_QUESTION_CHARS})" in result.stderr
    assert not (tmp_path / "kb.index").exists()


def test_unknown_game_to_build_is_one_line(tmp_path: Path) -> None:
    result = run("build", "--game", "chess", "--db", str(tmp_path / "kb.db"))
    assert result.exit_code == 2 and result.stderr.strip().startswith("Error: unknown game 'chess'")
    assert len(result.stderr.strip().splitlines()) == 1


def test_an_entry_before_the_first_heading_still_says_where_it_is() -> None:
    from referee.cli.common import breadcrumb

    assert breadcrumb(["01. First Steps", "Break Through"]) == "01. First Steps > Break Through"
    assert breadcrumb([]) == "(before the first heading)"
    assert breadcrumb([], "tacocat") == "tacocat"


def test_export_takes_the_game_as_toc_does(built_db: Path) -> None:
    positional = run("export", "ta-ke", "--db", str(built_db)).stdout.splitlines()
    assert positional and all(json.loads(line)["game"] == "ta-ke" for line in positional)
    assert run("export", "-g", "ta-ke", "--db", str(built_db)).stdout.splitlines() == positional
    both = CliRunner().invoke(app, ["export", "ta-ke", "-g", "takkure", "--db", str(built_db)])
    assert both.exit_code == 2 and "two games" in both.stderr
