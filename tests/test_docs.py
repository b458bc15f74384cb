"""The documents: the CLI reference matches the CLI's help, and every page is linked."""

from __future__ import annotations

import os
import re
from pathlib import Path

from cogapp import Cog

ROOT = Path(__file__).resolve().parent.parent


def test_cli_reference_is_current(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    status = Cog().main(["cog", "--check", "docs/cli.md"])
    assert status == 0, "docs/cli.md is stale: run `make docs`"


def _links(page: Path) -> set[Path]:
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8"))
    return {(page.parent / t).resolve() for t in targets if "://" not in t}


def _linked_pages(page: Path) -> set[Path]:
    """The Markdown pages a page links to; a link to a folder is a link to its README.md."""
    targets = {t / "README.md" if t.is_dir() else t for t in _links(page)}
    return {t for t in targets if t.suffix == ".md" and t.is_file()}


def test_every_doc_page_is_reachable_from_the_readme() -> None:
    pages = {p.resolve() for p in (ROOT / "docs").rglob("*.md")} | {(ROOT / "CHANGELOG.md").resolve()}
    seen: set[Path] = set()
    todo = [(ROOT / "README.md").resolve()]
    while todo:
        page = todo.pop()
        if page not in seen:
            seen.add(page)
            todo.extend(_linked_pages(page))
    assert sorted(str(p.relative_to(ROOT)) for p in pages - seen) == []


def test_every_relative_link_in_the_docs_resolves() -> None:
    broken = [
        f"{page.relative_to(ROOT)} -> {os.path.relpath(target, ROOT)}"
        for page in [ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").rglob("*.md")]
        for target in _links(page)
        if not target.exists()
    ]
    assert broken == []


def test_no_relative_link_leaves_the_repository() -> None:
    """A link out of the checkout resolves on the machine that wrote it and nowhere else (CI's clone, s42)."""
    outside = [
        f"{page.relative_to(ROOT)} -> {os.path.relpath(target, ROOT)}"
        for page in [ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").rglob("*.md")]
        for target in _links(page)
        if not target.is_relative_to(ROOT)
    ]
    assert outside == []


def test_readme_stays_a_short_user_guide() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 200
