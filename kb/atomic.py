"""Derived folders (the model, the index) are written beside their target and swapped in."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def replacing_folder(target: Path) -> Iterator[Path]:
    """Yield a staging folder; on success it replaces `target`, on any failure it is removed."""
    staging = target.with_name(target.name + f".tmp-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        yield staging
        shutil.rmtree(target, ignore_errors=True)
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
