"""`referee` with a cheap deterministic encoder instead of the embedding model (for tests).

    python tests/hostile_cli.py ARGS...      # same as `referee ARGS...`

Every index build appends a line to the file named by REFEREE_TEST_BUILDS (if set), so a
test can count how many processes rebuilt the index.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.indexer.search import encoder


class HashEncoder(encoder.HashEncoder):
    """The cheap encoder under the default model's name, so that the index it builds is current."""

    def __init__(self, name: str = "multilingual-e5-small") -> None:
        super().__init__(name)


def install() -> None:
    from referee.indexer.search import index
    from referee.indexer.search import searcher as search

    index.SentenceTransformerEncoder = HashEncoder  # type: ignore[assignment]
    search.query_encoder = HashEncoder  # type: ignore[assignment]
    real_build = index.build_index

    def counted_build(*args, **kwargs):
        config = real_build(*args, **kwargs)
        log = os.environ.get("REFEREE_TEST_BUILDS")
        if log:
            with open(log, "a", encoding="utf-8") as handle:
                handle.write(f"{os.getpid()}\n")
        return config

    index.build_index = counted_build


if __name__ == "__main__":
    install()
    from referee.cli.main import main

    sys.argv[0] = "referee"
    main()
