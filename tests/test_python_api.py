"""The Python API: `help(referee)` shows it, and every example in docs/python-api.md runs as written."""

from __future__ import annotations

import pydoc
import re
import shutil
from pathlib import Path

import pytest

import referee
from referee.indexer.search.index import index_dir

ROOT = Path(__file__).resolve().parent.parent


def test_help_shows_the_api() -> None:
    text = pydoc.render_doc(referee, renderer=pydoc.plaintext)
    for name in ("build(", "open(", "settle(", "settle_state(", "class KnowledgeBase", "ask(", "search(", "sheet("):
        assert name in text, name


def _examples() -> list[str]:
    page = (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", page, re.S)


def test_the_page_has_examples() -> None:
    assert len(_examples()) >= 5


def test_the_examples_run(indexed_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """In order, in one namespace, against a copy of the session's knowledge base and its index."""
    db = tmp_path / "referee.db"
    shutil.copy(indexed_db, db)
    shutil.copytree(index_dir(indexed_db), index_dir(db))
    monkeypatch.setenv("REFEREE_DB", str(db))
    namespace: dict = {}
    for number, example in enumerate(_examples(), 1):
        exec(compile(example, f"docs/python-api.md example {number}", "exec"), namespace)
    out = capsys.readouterr().out
    assert "fact 'p': expected a whole number, got 'three'" in out
    assert "score-a-try-target" in out and "takkure/2.01" in out
