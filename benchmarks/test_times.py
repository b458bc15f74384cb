"""How long `make test-fast` and `make test` take: wall time, CPU time (ours and every process we
wait for: pytest, the CLI processes it starts, ruff), the machine's load, and the tests per marker.

    .venv/bin/python benchmarks/test_times.py              # both targets, test-fast first
    .venv/bin/python benchmarks/test_times.py test-fast    # one of them
    make test-times                                        # the same, both

The README and docs/contributing.md quote these figures. Wall time depends on the load the
machine carries (other suites, servers, training on the same two cores): the load average before
and after is printed beside it, and CPU time is the figure to compare across runs. Python's
compiled files are removed from the checkout first, as on a clean clone.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTEST = ROOT / ".venv" / "bin" / "pytest"
TARGETS = ("test-fast", "test")
MARKERS = {
    "all": [],
    "fast (not model and not slow)": ["-m", "not model and not slow"],
    "model": ["-m", "model"],
    "slow, not model": ["-m", "slow and not model"],
}
SUMMARY = re.compile(r"(\d+) (passed|failed|skipped|xfailed|xpassed|deselected|errors?)")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def forget_compiled() -> None:
    """The checkout's __pycache__ folders removed (not the venv's): a run compiles as a clean clone does."""
    for folder in ROOT.rglob("__pycache__"):
        if ".venv" not in folder.relative_to(ROOT).parts:
            shutil.rmtree(folder, ignore_errors=True)


def counts() -> dict[str, int]:
    """Tests collected for each marker selection."""
    out = {}
    for name, args in MARKERS.items():
        listed = subprocess.run(
            [str(PYTEST), "--collect-only", "-q", "-p", "no:cacheprovider", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout
        out[name] = sum(int(n) for n in re.findall(r"^tests/\S+: (\d+)$", listed, re.MULTILINE))
    return out


def timed(target: str) -> dict[str, object]:
    forget_compiled()
    load = os.getloadavg()[0]
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(["make", target], cwd=ROOT, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - start, children_cpu() - cpu
    last = (done.stdout.strip().splitlines() or [""])[-1]
    return {
        "target": target,
        "exit": done.returncode,
        "wall": wall,
        "cpu": cpu,
        "load": (load, os.getloadavg()[0]),
        "result": ", ".join(f"{n} {what}" for n, what in SUMMARY.findall(last)) or last,
    }


def main(targets: list[str]) -> int:
    os.environ["OMP_NUM_THREADS"] = "1"
    print(f"{os.cpu_count()} CPUs; tests per marker: " + "; ".join(f"{k} {v}" for k, v in counts().items()))
    print("| target | wall | CPU (user+sys) | load before / after | result |")
    print("|---|---|---|---|---|")
    failed = 0
    for target in targets:
        run = timed(target)
        failed |= run["exit"] != 0
        wall, cpu, (before, after) = run["wall"], run["cpu"], run["load"]
        print(
            f"| make {target} | {wall // 60:.0f} min {wall % 60:.0f} s | {cpu:.0f} s ({cpu / 60:.1f} min) "
            f"| {before:.1f} / {after:.1f} | {run['result']} |",
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    chosen = sys.argv[1:] or list(TARGETS)
    unknown = sorted(set(chosen) - set(TARGETS))
    if unknown:
        sys.exit(f"test_times.py: no target {unknown[0]!r} (choose from {', '.join(TARGETS)})")
    sys.exit(main(chosen))
