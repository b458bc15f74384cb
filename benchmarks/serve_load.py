"""Load on `referee serve`, on 127.0.0.1 only, against the same questions asked in-process.

    PYTHONPATH=. .venv/bin/python benchmarks/serve_load.py [--clients 20] [--seconds 30] [--workers 1]

1. baseline: the CLI's warm path in this process (a loaded `Searcher`, as `referee search`/`ask`
   run once loaded): search and ask over the questions below;
2. warm /api/ask and /api/search from one client, one request at a time: the latency a player
   sees when the table is quiet, and its ratio to the baseline;
3. load: N clients for S seconds, each sending a fixed mix (ask, search, entry, check) as fast
   as the server answers; requests/s, p50/p95/p99 per kind, errors (must be 0), the server's
   resident memory before and after.

The server is the real command (`referee serve`) in its own process; the clients share this
process with the baseline, so on a 2-core machine they take CPU from the server: the figures
are a floor for what the server does alone.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # tests/support: the test doubles
HOST = "127.0.0.1"  # never anything else: this is not a tool for loading other people's servers
QUESTIONS = [
    ("takkure", "Can I pass to a teammate level with me?"),
    ("rugby-world", "How far can a tackled player pass?"),
    ("touchdown-heroes", "Who wins the trick?"),
    ("ta-ke", "How does the Ninja ability work?"),
    ("tacocat", "What happens on a draw?"),
    (None, "How many points is a try worth?"),
    (None, "Can I tackle a player who does not have the ball?"),
]
MIX = ("ask", "ask", "ask", "ask", "search", "search", "search", "entry", "entry", "check")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def rss_mib(pid: int) -> float:
    """Resident memory of a process and its children (the worker processes of `--workers`)."""
    total = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            total += int(line.split()[1]) / 1024
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for child in children.read_text().split() if children.exists() else []:
        total += rss_mib(int(child))
    return total


# ---------------------------------------------------------------- 1. baseline in this process


def baseline(db: Path, repeats: int) -> dict[str, list[float]]:
    from referee import store
    from referee.indexer.answering.answer import ask
    from referee.indexer.search.searcher import Searcher
    from referee.names import choose_game
    from referee.paths import default_corpus_dir
    from referee.rules.loading import discover_checks

    searcher = Searcher(db)
    games, checks = store.games(searcher.db), discover_checks(default_corpus_dir())
    searcher.search("warm up", game="takkure")
    times: dict[str, list[float]] = {"search": [], "ask": []}
    for _ in range(repeats):
        for game, question in QUESTIONS:
            start = time.perf_counter()
            searcher.search(question, choose_game(games, question, given=game), limit=10)
            times["search"].append(time.perf_counter() - start)
            start = time.perf_counter()
            ask(searcher, question, checks.values(), choose_game(games, question, given=game))
            times["ask"].append(time.perf_counter() - start)
    return times


# ---------------------------------------------------------------- the server


def start_server(db: Path, port: int, workers: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OMP_NUM_THREADS": "1"}
    referee = Path(sys.executable).parent / "referee"
    command = [str(referee), "serve", "--host", HOST, "--port", str(port), "--db", str(db), "--workers", str(workers)]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def wait_ready(client: Any, server: subprocess.Popen, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped: {server.stderr.read().decode()[-500:]}")
        try:
            if (await client.get("/api/games")).status_code == 200:
                return
        except Exception:  # not listening yet
            pass
        await asyncio.sleep(0.2)
    raise SystemExit("the server did not start in time")


def requests_for(client_number: int, entries: list[str], checks: list[dict[str, Any]]) -> list[tuple[str, str, dict]]:
    """The fixed mix, each client starting at another place in it."""
    out = []
    for i in range(len(MIX) * len(QUESTIONS)):
        kind = MIX[(i + client_number) % len(MIX)]
        game, question = QUESTIONS[(i + client_number) % len(QUESTIONS)]
        params: dict[str, Any] = {"q": question, **({"game": game} if game else {})}
        if kind == "ask":
            out.append((kind, "/api/ask", params))
        elif kind == "search":
            out.append((kind, "/api/search", params))
        elif kind == "entry":
            out.append((kind, f"/api/entry/{entries[(i * 7 + client_number) % len(entries)]}", {}))
        else:
            check = checks[(i + client_number) % len(checks)]
            facts = {k: ",".join(map(str, v)) if isinstance(v, list) else str(v) for k, v in check["facts"].items()}
            out.append((kind, "/api/check", {"check": check["check"], **facts}))
    return out


async def timed_get(client: Any, path: str, params: dict) -> tuple[float, int]:
    start = time.perf_counter()
    try:
        status = (await client.get(path, params=params)).status_code
    except Exception:
        status = 0
    return time.perf_counter() - start, status


async def sequential(client: Any, path: str, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        for game, question in QUESTIONS:
            elapsed, status = await timed_get(client, path, {"q": question, **({"game": game} if game else {})})
            if status != 200:
                raise SystemExit(f"{path} answered {status}")
            times.append(elapsed)
    return times


async def load(client: Any, clients: int, seconds: float, entries: list[str], checks: list[dict]) -> dict[str, Any]:
    results: dict[str, list[float]] = {kind: [] for kind in set(MIX)}
    errors: dict[str, int] = {kind: 0 for kind in set(MIX)}
    stop = time.monotonic() + seconds

    async def one_client(number: int) -> None:
        plan = requests_for(number, entries, checks)
        i = 0
        while time.monotonic() < stop:
            kind, path, params = plan[i % len(plan)]
            elapsed, status = await timed_get(client, path, params)
            results[kind].append(elapsed)
            errors[kind] += status != 200
            i += 1

    started = time.monotonic()
    await asyncio.gather(*(one_client(n) for n in range(clients)))
    return {"results": results, "errors": errors, "elapsed": time.monotonic() - started}


def sample_entries(db: Path) -> list[str]:
    from referee import store

    database = store.open_db(db)
    return [row[0] for row in database.execute("select id from entries order by game, position")][::17]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=5, help="rounds of the questions for the warm latencies")
    parser.add_argument("--db", type=Path, default=None)
    args = parser.parse_args()
    os.environ["OMP_NUM_THREADS"] = "1"

    from support.served import free_port

    from referee.paths import default_db_path

    db = args.db or default_db_path()
    base = baseline(db, args.repeats)
    entries = sample_entries(db)
    port = free_port(HOST)
    server = start_server(db, port, args.workers)
    try:
        measured = asyncio.run(measure(server, port, args, entries))
    finally:
        server.terminate()
        server.wait(timeout=30)
    report(args, base, measured)


async def measure(server: subprocess.Popen, port: int, args: argparse.Namespace, entries: list[str]) -> dict[str, Any]:
    import httpx

    limits = httpx.Limits(max_connections=args.clients, max_keepalive_connections=args.clients)
    async with httpx.AsyncClient(base_url=f"http://{HOST}:{port}", limits=limits, timeout=60) as client:
        await wait_ready(client, server)
        checks = [c["example"] for c in (await client.get("/api/checks")).json()]
        await sequential(client, "/api/ask", 1)  # warm the server's caches once
        rss_start = rss_mib(server.pid)
        warm = {
            "ask": await sequential(client, "/api/ask", args.repeats),
            "search": await sequential(client, "/api/search", args.repeats),
        }
        loaded = await load(client, args.clients, args.seconds, entries, checks)
        rss_end = rss_mib(server.pid)
    return {"warm": warm, "load": loaded, "rss": (rss_start, rss_end)}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def report(args: argparse.Namespace, base: dict[str, list[float]], measured: dict[str, Any]) -> None:
    print(f"\nWarm latency, one request at a time ({args.repeats} x {len(QUESTIONS)} questions; ms)")
    print(f"{'what':<44}{'p50':>8}{'p95':>8}{'x baseline p50':>16}")
    for kind in ("search", "ask"):
        reference = statistics.median(base[kind])
        print(
            f"{'in-process ' + kind + ' (baseline: the CLI, warm)':<44}{ms(reference)}{ms(percentile(base[kind], 95))}"
        )
        served = measured["warm"][kind]
        ratio = statistics.median(served) / reference
        print(
            f"{'GET /api/' + kind + ' (referee serve)':<44}{ms(statistics.median(served))}{ms(percentile(served, 95))}"
            f"{ratio:>16.2f}"
        )
    loaded = measured["load"]
    total = sum(len(v) for v in loaded["results"].values())
    print(f"\nLoad: {args.clients} clients for {loaded['elapsed']:.0f} s, {args.workers} server process(es), mix {MIX}")
    print(f"{'kind':<10}{'requests':>10}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
    everything: list[float] = []
    for kind in ("ask", "search", "entry", "check"):
        times = loaded["results"][kind]
        everything += times
        print(
            f"{kind:<10}{len(times):>10}{len(times) / loaded['elapsed']:>8.1f}{ms(percentile(times, 50))} "
            f"{ms(percentile(times, 95))} {ms(percentile(times, 99))}{loaded['errors'][kind]:>8}"
        )
    errors = sum(loaded["errors"].values())
    print(
        f"{'all':<10}{total:>10}{total / loaded['elapsed']:>8.1f}{ms(percentile(everything, 50))} "
        f"{ms(percentile(everything, 95))} {ms(percentile(everything, 99))}{errors:>8}"
    )
    start, end = measured["rss"]
    print(
        f"\nServer resident memory: {start:.0f} MiB after warm-up, {end:.0f} MiB after the load"
        + (" (all processes)" if args.workers > 1 else "")
    )
    warm_ask = measured["warm"]["ask"]
    ok = statistics.median(warm_ask) <= 0.030 and percentile(warm_ask, 95) <= 0.100
    print(
        f"Targets: warm /api/ask p50 <= 30 ms and p95 <= 100 ms: {'met' if ok else 'NOT met'}; errors = 0: "
        f"{'met' if errors == 0 else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
