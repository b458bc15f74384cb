"""The sheet process yields the cores to the answers: niceness 19 and, on Linux, the idle class."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from referee.web.sheets import lowest_priority


@pytest.mark.slow  # starts a process
@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="the idle scheduling class is Linux's")
def test_the_sheet_process_is_put_in_the_idle_scheduling_class() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert os.sched_getscheduler(child.pid) == os.SCHED_OTHER
        lowest_priority(child.pid)
        assert os.sched_getscheduler(child.pid) == os.SCHED_IDLE
        lowest_priority(child.pid)  # again: nothing to change, nothing raised
    finally:
        child.kill()
        child.wait()
