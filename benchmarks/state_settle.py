"""Settling whole game states: the 45 documented example states, as the CLI settles them and as
the web app does, in one run.

    PYTHONPATH=. .venv/bin/python benchmarks/state_settle.py [--repeats 3] [--db data/referee.db]

1. baseline: `settle_text`, what `referee check STATE --json` runs (it finds the games' rulebooks
   and checks on every call, as a one-shot command must);
2. `settle_state_text` with the rulebooks and checks loaded once, what `POST /api/state` runs;
3. `render_state_svg`, the drawing the page adds;
4. `POST /api/state` and `POST /settle/state` through the app in this process (ASGI, no network:
   parsing, the worker thread, JSON or the page's HTML), warm.
Each row: median and p95 per state, and the ratio of its median to the baseline's.

    PYTHONPATH=. .venv/bin/python benchmarks/state_settle.py --disputes

instead scores the 204 disputes written blind from the books (data/disputes, each kept as a state
under corpus/<game>/states/disputes/) the way tests/test_disputes.py does: right / incomplete /
wrong / inexpressible / disputed per game, the built-from two thirds and the held-out third
(every number divisible by 3) apart, and the time to settle a state (p50, p95).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(function: Callable[[str], object], texts: list[str], repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        for text in texts:
            start = time.perf_counter()
            function(text)
            times.append(time.perf_counter() - start)
    return times


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def disputes() -> None:
    from referee.paths import default_corpus_dir
    from referee.rules.loading import discover_checks, discover_rulebooks
    from referee.states.disputes import CATEGORIES, score_states
    from referee.states.settle import state_rules

    corpus = default_corpus_dir()
    rulebooks = discover_rulebooks(corpus)
    checks, rules = discover_checks(corpus, rulebooks), state_rules(rulebooks)
    scored = score_states(checks, rules, corpus, ROOT / "data" / "disputes")
    print(f"{'game':<18}{'third':<10}{'n':>4}" + "".join(f"{c:>15}" for c in CATEGORIES))
    games = sorted({s.game for s in scored})
    for game in [*games, "all"]:
        for third, held in (("built", False), ("held-out", True), ("both", None)):
            rows = [s for s in scored if game in (s.game, "all") and held in (s.held_out, None)]
            counts = [sum(s.category == c for s in rows) for c in CATEGORIES]
            print(f"{game:<18}{third:<10}{len(rows):>4}" + "".join(f"{n:>15}" for n in counts))
    times = [s.seconds for s in scored if s.path]
    print(f"\ntime to settle a state: p50 {statistics.median(times) * 1000:.2f} ms, p95 {p95(times) * 1000:.2f} ms")
    for s in scored:
        if s.category != "right":
            print(f"{s.dispute} {s.category}: {'; '.join(s.why)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--disputes", action="store_true", help="score the blind disputes instead of timing")
    args = parser.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    if args.disputes:
        disputes()
        return

    from fastapi.testclient import TestClient

    from referee.paths import default_corpus_dir, default_db_path
    from referee.rules.loading import discover_checks, discover_rulebooks
    from referee.states.examples import example_states
    from referee.states.settle import settle_state_text, settle_text, state_rules
    from referee.states.svg import render_state_svg
    from referee.web.app import create_app
    from referee.web.backend import Settings

    corpus = default_corpus_dir()
    texts = [e["text"] for e in example_states(corpus)]
    rulebooks = discover_rulebooks(corpus)
    checks, rules = discover_checks(corpus, rulebooks), state_rules(rulebooks)
    settled = {text: settle_state_text(checks, rules, text) for text in texts}

    rows = {
        "settle_text (referee check --json)": timed(
            lambda t: settle_text(corpus, t, "s", None, {}), texts, args.repeats
        ),
        "settle_state_text, checks loaded once": timed(
            lambda t: settle_state_text(checks, rules, t), texts, args.repeats
        ),
        "render_state_svg": timed(lambda t: render_state_svg(settled[t][1], settled[t][0]), texts, args.repeats),
    }
    app = create_app(Settings(args.db or default_db_path(), corpus))
    with TestClient(app) as client:
        for text in texts:  # warm: one round unmeasured
            assert client.post("/api/state", content=text.encode()).status_code == 200
        rows["POST /api/state (in-process ASGI)"] = timed(
            lambda t: client.post("/api/state", content=t.encode()), texts, args.repeats
        )
        rows["POST /settle/state, the page (in-process ASGI)"] = timed(
            lambda t: client.post("/settle/state", data={"state": t}), texts, args.repeats
        )

    base = statistics.median(next(iter(rows.values())))
    print(f"{len(texts)} example states x {args.repeats} rounds\n")
    print(f"{'what':<48}{'median ms':>10}{'p95 ms':>10}{'vs baseline':>13}")
    for name, times in rows.items():
        median = statistics.median(times)
        print(f"{name:<48}{median * 1000:>10.2f}{p95(times) * 1000:>10.2f}{median / base:>12.2f}x")


if __name__ == "__main__":
    main()
