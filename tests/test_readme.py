"""The README's command reference must match the CLI's help (regenerate with `make docs`)."""

from __future__ import annotations

import os
from pathlib import Path

from cogapp import Cog

ROOT = Path(__file__).resolve().parent.parent


def test_readme_command_reference_is_current() -> None:
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        status = Cog().main(["cog", "--check", "README.md"])
    finally:
        os.chdir(cwd)
    assert status == 0, "README command reference is stale: run `make docs`"
