"""Per-test CPU time, for finding where the suite's time goes (benchmarks/test_times.py per-file).

Registered by tests/conftest.py when REFEREE_TEST_CPU names a file: one JSON line per test with
its CPU (user + sys of pytest and of every child process it waited for, setup and teardown
included, so a session fixture is charged to the first test that asks for it) and its wall time;
a line for collection too. Off by default: the suite pays nothing for it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


class CpuTimes:
    def __init__(self, path: Path) -> None:
        self.out = path.open("a", encoding="utf-8")
        self.start = _cpu()

    def _write(self, nodeid: str, cpu: float, wall: float, marks: list[str] | None = None) -> None:
        line = {"test": nodeid, "cpu": round(cpu, 4), "wall": round(wall, 4), "marks": marks or []}
        self.out.write(json.dumps(line) + "\n")
        self.out.flush()

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self._write("<collection>", _cpu() - self.start, 0.0)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        cpu, wall = _cpu(), time.perf_counter()
        yield
        marks = [m for m in ("model", "slow") if item.get_closest_marker(m)]
        self._write(item.nodeid, _cpu() - cpu, time.perf_counter() - wall, marks)

    def pytest_unconfigure(self) -> None:
        self.out.close()
