"""Build time against a book's length: synthetic rulebooks from 0.5 MB to 50 MB.

    .venv/bin/python benchmarks/build_scale.py [--sizes 0.5,1,2,5,10,20,50]

Each book is one game whose text has what the real books have, in the same proportions:
a table of contents, numbered sections, paragraphs with cross-references ("see section
3.07", "(described later)", "see option b"), lead-in lists, numbered procedures, tab-separated
tables, examples, tips, editor's notes, named rules and FAQ pairs. The smallest size is the
baseline of the same run: a linear build keeps seconds per MB flat (ratio ~1 in the last
column), a quadratic one doubles it with every doubling of size. Times are the process's CPU
seconds (SQLite runs in the process too), so other work on the machine does not count.
"""

from __future__ import annotations

import argparse
import gc
import shutil
import tempfile
import time
from pathlib import Path

from referee.books.gameconf import load_game
from referee.books.links import link_book
from referee.books.parse import parse_book
from referee.store.build import build_knowledge_base

ROOT = Path(__file__).resolve().parent.parent


WORDS = [
    *("ball", "player", "token", "pitch", "tackle", "pass", "kick", "scrum", "card", "die", "roll", "move"),
    *("turn", "round", "team", "opponent", "square", "zone", "line", "defender", "attacker", "range"),
    *("modifier", "result", "phase", "action", "rest", "fatigue", "score", "try"),
]


def _sentence(n: int, length: int = 14) -> str:
    words = [WORDS[(n * 7 + i * 13 + (n >> 3)) % len(WORDS)] for i in range(length)]
    return f"The {' '.join(words)}."


def _section(n: int) -> tuple[str, str]:
    """A numbered section of about 1.2 KB in the shapes the real books use."""
    number = f"{n // 100 + 1}.{n % 100:02d}"
    title = f"{WORDS[n % len(WORDS)].title()} {WORDS[(n // 7) % len(WORDS)]} {n}"
    target = f"{(n // 2) // 100 % 9 + 1}.{(n // 2) % 100:02d}"
    body = [
        f"{_sentence(n)} {_sentence(n + 1)} See section {target} for the {WORDS[n % 5]}.",
        f"When a {WORDS[n % 9]} moves, it is called the {WORDS[n % 11]} step {n}. {_sentence(n + 2)}",
        "Each player does the following:",
        f"• {WORDS[n % 4]} the ball",
        f"• {WORDS[n % 6]} a token",
        f"1. {_sentence(n + 3, 8)}",
        f"2. {_sentence(n + 4, 8)} If in doubt, see option b.",
        f"Roll\tResult {n}",
        f"1-3\t{_sentence(n + 5, 5)}",
        f"4-6\t{_sentence(n + 6, 5)}",
        f"Example: {_sentence(n + 7)} The {WORDS[n % 13]} {WORDS[n % 3]} (described later) applies.",
        f"b. {_sentence(n + 8, 10)}",
        f"Tip: {_sentence(n + 9, 10)}",
    ]
    if n % 10 == 0:
        body.append(f"Editor's note: {_sentence(n + 10, 12)}")
    if n % 20 == 0:
        body.append(f"Q: Can the {WORDS[n % 7]} {WORDS[n % 8]} after a {WORDS[n % 10]}? A: {_sentence(n + 11, 9)}")
    return f"{number} {title}", "\n\n".join(body)


def write_book(folder: Path, megabytes: float) -> int:
    """Write game.toml and a rulebook of about `megabytes` MB; return its size in bytes."""
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(
        'title = "Synthetic"\nlanguage = "en"\nrulebook = "book.en.txt"\n'
        '[parse]\ntoc_markers = ["Table of Contents"]\n',
        encoding="utf-8",
    )
    target = int(megabytes * 1_000_000)
    sections: list[tuple[str, str]] = []
    size = 0
    while size < target:
        heading, body = _section(len(sections))
        sections.append((heading, body))
        size += len(heading) * 2 + len(body) + 12
    toc = "\n".join(f"  • {heading}" for heading, _ in sections)
    text = "Synthetic Rulebook\n\nTable of Contents\n\n" + toc + "\n\n"
    text += "\n\n".join(f"{heading}\n\n{body}" for heading, body in sections) + "\n"
    path = folder / "book.en.txt"
    path.write_text(text, encoding="utf-8")
    return path.stat().st_size


def measure(megabytes: float, work: Path) -> dict[str, float]:
    folder = work / f"synthetic-{megabytes:g}".replace(".", "-")
    size = write_book(folder, megabytes)
    game = load_game(folder)
    text = game.read_rulebook()
    gc.collect()
    start = time.process_time()
    book = parse_book(game, text)
    parse_s = time.process_time() - start
    start = time.process_time()
    link_book(game, book)
    link_s = time.process_time() - start
    del book
    gc.collect()
    db = work / f"kb-{folder.name}.db"
    start = time.process_time()
    reports = build_knowledge_base(db, [game])
    build_s = time.process_time() - start
    shutil.rmtree(folder)
    for leftover in work.glob(f"kb-{folder.name}*"):
        leftover.unlink()
    return {
        "mb": size / 1e6,
        "entries": reports[0].entries,
        "parse_s": parse_s,
        "link_s": link_s,
        "build_s": build_s,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="0.5,1,2,5,10,20,50", help="book sizes in MB, smallest first")
    args = parser.parse_args()
    sizes = [float(s) for s in args.sizes.split(",")]
    work = Path(tempfile.mkdtemp(prefix="referee-build-scale-"))
    rows = []
    try:
        print(
            f"{'MB':>6} {'entries':>8} {'parse s':>8} {'link s':>7} {'build s':>8} {'MB/s':>6} "
            f"{'size x':>7} {'time x':>7} {'s/MB x':>7}",
            flush=True,
        )
        for megabytes in sizes:
            row = measure(megabytes, work)
            rows.append(row)
            base = rows[0]
            size_ratio = row["mb"] / base["mb"]
            time_ratio = row["build_s"] / base["build_s"]
            print(
                f"{row['mb']:>6.1f} {row['entries']:>8} {row['parse_s']:>8.2f} {row['link_s']:>7.2f} "
                f"{row['build_s']:>8.2f} {row['mb'] / row['build_s']:>6.2f} {size_ratio:>7.1f} {time_ratio:>7.1f} "
                f"{time_ratio / size_ratio:>7.2f}",
                flush=True,
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("\nCPU seconds of this process. build s: the whole `referee build` of the book (parse, links, checks,")
    print("SQLite, FTS5), timed alone;")
    print("parse s and link s are the first two steps timed on their own. s/MB x: seconds per MB against the")
    print("smallest book of this run (1.0 = linear).")


if __name__ == "__main__":
    main()
