"""The incremental index: units embedded and seconds for a full build against an incremental one.

    .venv/bin/python benchmarks/index_incremental.py [--added GAME] [--hash]

Every step is a new `referee` process on a scratch knowledge base, as a user runs it (the model's
start-up included):

1. baseline: the shipped books but one, built, then `referee index --force` (every book embedded);
2. `referee add` of the remaining book (parsed, built and indexed: what the user waits for);
3. `referee index` with nothing changed;
4. `referee remove` of that book, then `referee index` (skipped where `remove` is not there), and
   the book added again in two steps: `add --no-index` (parse and build), then `index`;
5. `referee index --force` on all five books: what every `add` cost before the index was incremental.

The units embedded are the index's own count (`embedded` in its config), each step's seconds the
wall clock of its processes. `--hash` swaps the model for the tests' hash encoder (the machinery
alone, in seconds).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ("rugby-world", "ta-ke", "tacocat", "takkure", "touchdown-heroes")
HASH_CLI = ROOT / "tests" / "hostile_cli.py"  # the CLI with the tests' hash encoder


def referee(use_hash: bool, *args: str, env: dict[str, str]) -> tuple[float, str]:
    command = [sys.executable, str(HASH_CLI)] if use_hash else [str(ROOT / ".venv" / "bin" / "referee")]
    start = time.perf_counter()
    done = subprocess.run([*command, *args], capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"referee {' '.join(args)} failed: {done.stderr.strip()[-400:]}")
    return seconds, done.stdout


def config_of(db: Path) -> tuple[tuple[int, int], dict]:
    """The index's config and which file it is (a rebuild writes a new one)."""
    path = db.with_name(db.stem + ".index") / "config.json"
    stat = path.stat()
    return (stat.st_ino, stat.st_mtime_ns), json.loads(path.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--added", default="rugby-world", choices=BOOKS, help="the book added last")
    parser.add_argument("--hash", action="store_true", help="the tests' hash encoder instead of the model")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="referee-incremental-"))
    env = {**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1"), "PYTHONPATH": str(ROOT)}
    corpus, db = work / "corpus", work / "kb" / "referee.db"
    env["REFEREE_CORPUS"] = str(corpus)  # the books read and the folder `add` writes to
    try:
        for book in BOOKS:
            if book != options.added:
                shutil.copytree(ROOT / "corpus" / book, corpus / book)
        where = ["--db", str(db)]

        def step(name: str, *commands: list[str]) -> None:
            before = config_of(db)[0] if db.exists() and db.with_name("referee.index").exists() else None
            seconds = sum(referee(options.hash, *command, *where, env=env)[0] for command in commands)
            which, config = config_of(db)
            units = sum(config["embedded"].values()) if which != before else 0  # not rebuilt: none
            load = os.getloadavg()[0]  # the machine is shared: how busy it was as the step ended
            print(
                f"{name:<48} {units:>6} of {config['units']:>5} units embedded {seconds:7.1f} s  load {load:.1f}",
                flush=True,
            )

        referee(options.hash, "build", *where, env=env)
        print(f"{'step':<48} {'units embedded':>31} {'seconds':>8}", flush=True)
        step(f"full: index --force, {len(BOOKS) - 1} books (baseline)", ["index", "--force"])
        added = str(ROOT / "corpus" / options.added)
        step(f"add {options.added} (parse, build, index)", ["add", added])
        step("index, nothing changed", ["index"])
        has_remove = "remove" in referee(options.hash, "--help", env=env)[1]
        if has_remove:
            step(f"remove {options.added}, then index", ["remove", options.added], ["index"])
            step(f"add {options.added} again, --no-index (parse, build)", ["add", "--no-index", added])
            step("then index (the new book embedded)", ["index"])
        step(f"full: index --force, {len(BOOKS)} books (an add before)", ["index", "--force"])
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
