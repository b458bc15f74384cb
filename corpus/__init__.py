"""The rulebooks shipped with Referee: one folder per game (its book, game.toml and rule modules).

This package holds data, not code to import: `referee build` reads the folders, and
`referee.rules.loading` loads each game's rule modules by path (game ids such as
`rugby-world` are not Python names).

The checkout's `corpus/`, imported as `referee.corpus` (pyproject.toml's package-dir; docs/design.md, Layout).
"""
