"""Sheet layouts shared by the tests, in this process and in the CLI processes they start.

Fitting a sheet to its page is about eight WeasyPrint layouts (seconds of CPU), and many tests
fit the same sheet (ta-ke's, takkure's, Tacocat's English one) only to assert what the CLI does
with it: where it writes it, how it refuses a full disk or a symlink. `share_layouts(folder)`
puts a `referee.sheets.pages.fit` in place that keeps each sheet it fitted in `folder`, named by
the sheet and the pages asked for, and hands the same sheet back when it is fitted again. The
CLI finds it because its `sheet` command imports `fit` when it runs. tests/conftest.py names
the folder for the session (REFEREE_TEST_LAYOUTS); tests/hostile_cli.py shares it.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

LAYOUTS_ENV = "REFEREE_TEST_LAYOUTS"


def shared_fit(folder: Path, fit: Callable[..., Any]) -> Callable[..., Any]:
    """`fit`, kept in `folder`: a sheet with the same contents (its repr: every field) and pages
    is fitted once. A cache that cannot be written (a test's full disk) is only not kept."""

    def fitted(sheet: Any, pages: int | None = None) -> Any:
        path = folder / f"{hashlib.sha256(repr((sheet, pages)).encode()).hexdigest()}.pickle"
        try:
            return pickle.loads(path.read_bytes())
        except (OSError, EOFError, pickle.UnpicklingError):
            pass
        made = fit(sheet, pages)
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        try:
            part.write_bytes(pickle.dumps(made))
            part.replace(path)  # whole or not at all: another process may be reading it
        except OSError:
            part.unlink(missing_ok=True)
        return made

    return fitted


def share_layouts(folder: Path) -> Callable[[], None]:
    """Put the kept `fit` in place; returns what puts the real one back."""
    from referee.sheets import pages

    real = pages.fit
    pages.fit = shared_fit(folder, real)

    def undo() -> None:
        pages.fit = real

    return undo
