"""The checkout's folders and the import names they become agree in every place that says so
(issue 34: 5): pyproject.toml's package-dir, the table in docs/design.md ("Layout and data flow"),
each folder's __init__.py docstring, and where Python actually imports each name from."""

from __future__ import annotations

import ast
import importlib
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"^\| `(?P<folder>[\w-]+)/` \| `(?P<name>referee[\w.]*)` \|", re.M)


def _package_dir() -> dict[str, str]:
    """folder -> import name, from pyproject.toml (the one place that maps them)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {folder: name for name, folder in config["tool"]["setuptools"]["package-dir"].items()}


def _design_table() -> dict[str, str]:
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    return {m["folder"]: m["name"] for m in ROW.finditer(text)}


def test_the_design_table_is_pyproject_package_dir() -> None:
    mapped = _package_dir()
    assert mapped and _design_table() == mapped


def test_each_name_is_imported_from_its_folder() -> None:
    for folder, name in _package_dir().items():
        module = importlib.import_module(name)
        assert Path(module.__file__).parent == ROOT / folder, f"{name} is imported from {module.__file__}"


def test_each_folder_says_at_its_top_what_it_is_imported_as() -> None:
    for folder, name in _package_dir().items():
        docstring = ast.get_docstring(ast.parse((ROOT / folder / "__init__.py").read_text(encoding="utf-8"))) or ""
        assert f"`{folder}/`, imported as `{name}`" in docstring, f"{folder}/__init__.py does not name {name}"
