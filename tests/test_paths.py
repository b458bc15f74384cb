"""Where Referee keeps things: a checkout keeps its own data/ and corpus/; an install uses the
user's data folder and the corpus shipped in the package (pyproject.toml's package data)."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

from referee import paths

ROOT = Path(__file__).resolve().parent.parent


def test_a_checkout_keeps_its_database_and_corpus_beside_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_DB", raising=False)
    assert paths.in_checkout()
    assert paths.default_db_path() == ROOT / "data" / "referee.db"
    assert paths.default_corpus_dir() == ROOT / "corpus"


def test_an_install_uses_the_user_data_folder_and_the_shipped_corpus(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    package = tmp_path / "site-packages" / "referee"
    package.mkdir(parents=True)
    monkeypatch.delenv("REFEREE_DB", raising=False)
    monkeypatch.delenv("REFEREE_CORPUS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert not paths.in_checkout(package)
    assert paths.default_db_path(package) == tmp_path / "data" / "referee" / "referee.db"
    assert paths.default_corpus_dir(package) == package / "corpus"


def test_environment_variables_win(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "x.db"))
    monkeypatch.setenv("REFEREE_CORPUS", str(tmp_path / "books"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    assert paths.default_db_path() == tmp_path / "x.db"
    assert paths.default_corpus_dir() == tmp_path / "books"
    assert paths.cache_dir() == tmp_path / "cache"


def _package_data() -> dict[str, list[str]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]


def _shipped(folder: Path, patterns: list[str]) -> set[Path]:
    return {
        p
        for p in folder.rglob("*")
        if p.is_file() and any(fnmatch.fnmatch(str(p.relative_to(folder)), pat.replace("**/", "*")) for pat in patterns)
    }


def test_every_corpus_file_is_shipped_with_the_package() -> None:
    corpus = ROOT / "corpus"
    files = {p for p in corpus.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert files - _shipped(corpus, _package_data()["referee.corpus"]) == set()


def test_the_runtime_data_read_by_the_indexer_is_package_data() -> None:
    from referee.indexer.search.bridge import LEXICON
    from referee.indexer.search.calibration import PROBES

    shipped = _shipped(ROOT / "indexer", _package_data()["referee.indexer"])
    assert {LEXICON, PROBES} <= shipped
