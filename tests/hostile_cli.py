"""`referee` with a cheap deterministic encoder instead of the embedding model (for tests).

    python tests/hostile_cli.py ARGS...      # same as `referee ARGS...`

The encoder goes in the way every caller hands one over: `main(encoders=...)`, no module of
Referee's is changed. Every index build appends a line to the file named by
REFEREE_TEST_BUILDS (if set), so a test can count how many processes rebuilt the index. A sheet
is fitted once a session, across processes (support/layouts.py, REFEREE_TEST_LAYOUTS).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from support.encoders import hash_encoders, log_builds_to
from support.layouts import LAYOUTS_ENV, share_layouts

from referee.cli.main import main

if __name__ == "__main__":
    sys.argv[0] = "referee"
    if os.environ.get(LAYOUTS_ENV):  # a sheet the session fitted before is not laid out again
        share_layouts(Path(os.environ[LAYOUTS_ENV]))
    main(encoders=hash_encoders(on_build=log_builds_to(os.environ.get("REFEREE_TEST_BUILDS"))))
