"""The `referee` command (Typer): it parses, calls the library and renders.

The checkout's `cli/`, imported as `referee.cli` (pyproject.toml's package-dir; docs/design.md, Layout).
"""
