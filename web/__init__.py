"""Referee in a browser: `referee serve`.

The checkout's `web/`, imported as `referee.web` (pyproject.toml's package-dir; docs/design.md, Layout).
"""
