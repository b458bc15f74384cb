"""`referee` with a cheap deterministic encoder instead of the embedding model (for tests).

    python tests/hostile_cli.py ARGS...      # same as `referee ARGS...`

The encoder goes in the way every caller hands one over: `main(encoders=...)`, no module of
Referee's is changed. Every index build appends a line to the file named by
REFEREE_TEST_BUILDS (if set), so a test can count how many processes rebuilt the index.
"""

from __future__ import annotations

import os
import sys

from support.encoders import hash_encoders, log_builds_to

from referee.cli.main import main

if __name__ == "__main__":
    sys.argv[0] = "referee"
    main(encoders=hash_encoders(on_build=log_builds_to(os.environ.get("REFEREE_TEST_BUILDS"))))
