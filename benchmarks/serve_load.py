"""A table of players on `referee serve`, on 127.0.0.1 only: does an answer stall while sheets are made?

    PYTHONPATH=. .venv/bin/python benchmarks/serve_load.py [--players 20] [--seconds 60] [--workers 2]

0. the baseline: the same table on the same app with no sheet made in the background and none
   asked for (a server of its own, over its own copy), just before;
1. the table: N players, each sending a request every second (a think time of one second after
   each answer, on a steady beat) for S seconds: asks, rule pages and settle pages, as a phone
   loads them; one of the players asks, instead, for every game's PDF sheet in turn. The
   knowledge base is copied to a scratch folder first, so no sheet is made yet when the table
   sits down: they are made while the others ask. Reported: requests, p50/p95/p99/max per kind,
   errors (must be 0), the asks sent while sheets were being made (none may take over 1 s);
2. the most answers per second: one client, then as many clients as players, sending /api/ask
   back to back (no think time) for `--burst` seconds each, after the table has left;
3. the machine: its load average before and after, the server's resident memory.

Targets (issue 26): 0 errors, ask p95 <= 300 ms, no ask over 1 s while sheets are made. The
server is the real command in its own processes; the clients share this process (asyncio,
httpx), on the same cores: on a 2-core machine the figures are a floor for the server alone.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # tests/support: the test doubles
HOST = "127.0.0.1"  # never anything else: this is not a tool for loading other people's servers
QUESTIONS = [
    ("takkure", "Can I pass to a teammate who is ahead of me?"),
    ("takkure", "What happens when I fail a dodge?"),
    ("takkure", "How many activation tokens does a coach have?"),
    ("rugby-world", "How far can a tackled player pass?"),
    ("rugby-world", "What happens at the seventh tackle?"),
    ("touchdown-heroes", "Who wins the trick?"),
    ("touchdown-heroes", "How many points is a touchdown?"),
    ("ta-ke", "How does the Ninja ability work?"),
    ("ta-ke", "When does the game end?"),
    ("tacocat", "What happens on a draw?"),
    ("tacocat", "How many cards can I replace?"),
    (None, "How many points is a try worth?"),
    (None, "Can I tackle a player who does not have the ball?"),
]
BEATS = {
    "table": ("ask", "rule", "ask", "settle", "ask", "rule", "ask", "settle"),  # half ask (issue 26)
    "ask": ("ask",),  # every player asks every second (issue 33)
}
BEAT = BEATS["table"]
QUESTION_SETS = "questions-*.jsonl"  # data/: every set but the judging ones (asked, never tuned on)


def distinct_questions() -> list[tuple[str | None, str]]:
    """Every question of the data sets once, in a fixed shuffled order, one in six with no game
    named (as two of QUESTIONS' 13 are): `--distinct` asks each at most once of a server, so no
    answer and no question's vector comes from a cache."""
    import json
    import random

    found: dict[str, str | None] = {}
    for path in sorted((ROOT / "data").glob(QUESTION_SETS)):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                found.setdefault(item["q"], item.get("game"))
    asks = [(None if n % 6 == 5 else game, q) for n, (q, game) in enumerate(found.items())]
    random.Random(26).shuffle(asks)
    return asks


OVER = 1.0  # seconds: an answer slower than this is counted
ASK_P95 = 0.300
ASK_MAX_WHILE_SHEETS = 1.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def rss_mib(pid: int) -> float:
    """Resident memory of a process and its children (worker processes, the sheet processes)."""
    total = 0.0
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            total += int(line.split()[1]) / 1024
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for child in children.read_text().split() if children.exists() else []:
        total += rss_mib(int(child))
    return total


def cpu_seconds(pid: int) -> dict[str, float]:
    """CPU seconds (user + system) of a process and its children so far: the answering processes'
    ("server") apart from the sheet process's (niceness above 0, "sheets"). Per answer, it says
    what an answer costs (and so how many a second the cores can answer) even on a busy machine,
    where the wall-clock figures also measure the other processes."""
    out = {"server": 0.0, "sheets": 0.0}
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return out
    ticks = os.sysconf("SC_CLK_TCK")
    # after the name: state is field 3, utime 14, stime 15, nice 19 (proc(5))
    seconds = (int(fields[11]) + int(fields[12])) / ticks
    out["sheets" if int(fields[16]) > 0 else "server"] += seconds
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for child in children.read_text().split() if children.exists() else []:
        for kind, value in cpu_seconds(int(child)).items():
            out[kind] += value
    return out


def spent(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {kind: after[kind] - before[kind] for kind in before}


# ---------------------------------------------------------------- the server, over a fresh copy


def fresh_copy(db: Path, into: Path) -> Path:
    """The knowledge base and its index in a scratch folder: no sheet made yet."""
    target = into / db.name
    shutil.copy2(db, target)
    index = db.with_name(f"{db.stem}.index")
    shutil.copytree(index, into / index.name)
    return target


def start_server(db: Path, port: int, workers: int, sheets: bool = True) -> subprocess.Popen:
    """`referee serve` itself; or, for the baseline (`sheets` false), the same app on the same
    protocol with no sheet made in the background (what `referee serve` runs, minus its sheets).
    Its data and configuration folders are the scratch folder's (as the tests' are): a run reads
    no one's kept answers or remembered game, and writes nothing outside it; the model's cache is
    the machine's (465 MB, read only)."""
    home = db.parent
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "OMP_NUM_THREADS": "1",
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
    }
    env.pop("REFEREE_GAME", None)
    referee = Path(sys.executable).parent / "referee"
    command = [str(referee), "serve", "--host", HOST, "--port", str(port), "--db", str(db), "--workers", str(workers)]
    if not sheets:
        env.update({"REFEREE_DB": str(db), "REFEREE_SERVE_WORKERS": str(workers)})
        env.pop("REFEREE_SERVE_SHEETS", None)
        run = (
            "import uvicorn; from referee.web.connections import KEEP_ALIVE_SECONDS, TimedH11Protocol; "
            f"uvicorn.run('referee.web.app:create_app_from_environment', factory=True, workers={workers}, "
            f"host={HOST!r}, port={port}, log_level='warning', http=TimedH11Protocol, "
            "timeout_keep_alive=KEEP_ALIVE_SECONDS)"
        )
        command = [sys.executable, "-c", run]
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


# ---------------------------------------------------------------- the table


def plan(
    player: int,
    entries: list[str],
    checks: list[dict[str, Any]],
    beat: tuple[str, ...] = BEAT,
    questions: list[tuple[str | None, str]] | None = None,
    players: int = 1,
) -> list[tuple[str, str, dict]]:
    """A player's requests, each player starting at another place in the beat and the lists.
    With `questions` (`--distinct`), the players share them out: player p asks p, p + players, …"""
    out = []
    for i in range(len(beat) * (len(questions) // players if questions else len(QUESTIONS))):
        kind = beat[(i + player) % len(beat)]
        if kind == "ask":
            if questions:
                game, question = questions[(i * players + player) % len(questions)]
            else:
                game, question = QUESTIONS[(i * 5 + player) % len(QUESTIONS)]
            out.append((kind, "/", {"q": question, **({"game": game} if game else {})}))
        elif kind == "rule":
            out.append((kind, "/" + entries[(i * 7 + player * 3) % len(entries)], {}))
        else:
            example = checks[(i + player) % len(checks)]
            facts = {k: ",".join(map(str, v)) if isinstance(v, list) else str(v) for k, v in example["facts"].items()}
            out.append((kind, f"/settle/{example['check']}", facts))
    return out


async def timed_get(client: Any, path: str, params: dict, timeout: float = 60) -> tuple[float, float, int]:
    start = time.monotonic()
    try:
        status = (await client.get(path, params=params, timeout=timeout)).status_code
    except Exception:
        status = 0
    return start, time.monotonic() - start, status


async def table(client: Any, players: int, seconds: float, entries: list[str], checks: list[dict],
                sheets: list[str], pattern: tuple[str, ...] = BEAT,
                questions: list[tuple[str | None, str]] | None = None) -> dict[str, Any]:  # fmt: skip
    times: list[tuple[str, float, float, int]] = []  # (kind, start, elapsed, status)
    began = time.monotonic()
    stop = began + seconds

    async def player(number: int) -> None:
        await asyncio.sleep(number / players)  # players do not all tap on the same instant
        requests = plan(number, entries, checks, pattern, questions, players)
        i = 0
        while time.monotonic() < stop:
            beat = began + number / players + i  # one request a second, on the player's beat
            if number == 0 and sheets:  # the player printing the sheets: every game's PDF, in turn
                path = sheets[i % len(sheets)]
                start, elapsed, status = await timed_get(client, path, {}, timeout=600)
                times.append(("sheet", start, elapsed, status))
            else:
                kind, path, params = requests[i % len(requests)]
                start, elapsed, status = await timed_get(client, path, params)
                times.append((kind, start, elapsed, status))
            i += 1
            await asyncio.sleep(max(0.0, beat + 1 - time.monotonic()))

    await asyncio.gather(*(player(n) for n in range(players)))
    return {"times": times, "elapsed": time.monotonic() - began, "began": began}


async def burst(
    client: Any, seconds: float, clients: int = 1, questions: list[tuple[str | None, str]] | None = None
) -> dict[str, Any]:
    """`clients` clients, no think time, each sending /api/ask back to back: answers per second.
    With `questions`, they are taken from its end (the table took its beginning)."""
    counts = {"answers": 0, "errors": 0}
    asked = list(reversed(questions)) if questions else QUESTIONS
    elapsed: list[float] = []
    stop = time.monotonic() + seconds
    began = time.monotonic()

    async def one(offset: int) -> None:
        i = 0 if questions else offset
        while time.monotonic() < stop:
            game, question = asked[(i * clients + offset) % len(asked)] if questions else asked[i % len(asked)]
            _, took, status = await timed_get(client, "/api/ask", {"q": question, **({"game": game} if game else {})})
            counts["answers" if status == 200 else "errors"] += 1
            elapsed.append(took)
            i += 1

    await asyncio.gather(*(one(n) for n in range(clients)))
    return {**counts, "clients": clients, "elapsed": time.monotonic() - began, "times": elapsed}


async def timed_burst(client: Any, server: subprocess.Popen, seconds: float, clients: int,
                      questions: list[tuple[str | None, str]] | None) -> dict[str, Any]:  # fmt: skip
    """A burst, with the server's CPU seconds it took."""
    before = cpu_seconds(server.pid)
    measured = await burst(client, seconds, clients, questions)
    return {**measured, "cpu": spent(before, cpu_seconds(server.pid))}


def sample_entries(db: Path) -> list[str]:
    from referee import store

    database = store.open_db(db)
    return [row[0] for row in database.execute("select id from entries order by game, position")][::13]


async def measure(server: subprocess.Popen, port: int, args: argparse.Namespace, entries: list[str],
                  sheets: bool = True) -> dict[str, Any]:  # fmt: skip
    import httpx

    limits = httpx.Limits(max_connections=args.players + 2, max_keepalive_connections=args.players + 2)
    async with httpx.AsyncClient(base_url=f"http://{HOST}:{port}", limits=limits) as client:
        await wait_ready(client, server)
        status = (await client.get("/api/status")).json()
        checks = [c["example"] for c in (await client.get("/api/checks")).json()]
        pdfs = [f"/sheets/{k.split('.')[0]}.pdf" + (f"?lang={k.split('.')[1]}" if "." in k else "")
                for k in status["sheets"]]  # fmt: skip
        rss_start = rss_mib(server.pid)
        questions = distinct_questions() if args.distinct else None
        cpu_start, client_start = cpu_seconds(server.pid), time.process_time()
        loaded = await table(
            client, args.players, args.seconds, entries, checks, pdfs if sheets else [], BEATS[args.beat], questions
        )
        loaded["cpu"] = {**spent(cpu_start, cpu_seconds(server.pid)), "clients": time.process_time() - client_start}
        ready = (await client.get("/api/status")).json()["sheets"]
        bursts = []
        if sheets:
            for clients in (1, args.players):  # each burst takes its questions from the end of the list
                bursts.append(await timed_burst(client, server, args.burst, clients, questions))
                used = bursts[-1]["answers"] + bursts[-1]["errors"]
                questions = questions[: max(0, len(questions) - used)] if questions else None
        rss_end = rss_mib(server.pid)
    return {"table": loaded, "bursts": bursts, "rss": (rss_start, rss_end), "status": status, "ready": ready}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.0f}"


def spread(elapsed: list[float]) -> str:
    return " ".join(ms(percentile(elapsed, q)) for q in (50, 95, 99)) + " " + ms(max(elapsed, default=0))


def cpu_line(cpu: dict[str, float], answered: int) -> str:
    """The server's CPU per request, and what that allows a second on this machine's cores."""
    if not answered:
        return "no request answered"
    per = cpu["server"] / answered
    cores = os.cpu_count() or 1
    return (f"server CPU {cpu['server']:.1f} s for {answered} requests = {per * 1000:.0f} ms each "
            f"(capacity {1 / per:.1f} a second per core, {cores / per:.1f} on {cores}); "
            f"sheet process {cpu['sheets']:.1f} s"
            + (f"; the players (this process) {cpu['clients']:.1f} s" if "clients" in cpu else ""))  # fmt: skip


def kinds(rows: list[tuple[str, float, float, int]], seconds: float) -> None:
    print(
        f"{'kind':<8}{'requests':>9}{'req/s':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}"
        f"{'over 1 s':>9}{'errors':>8}"
    )
    for kind in ("ask", "rule", "settle", "sheet", "all"):
        chosen = [r for r in rows if (kind == "all" and r[0] != "sheet") or r[0] == kind]  # "all": the players' own
        if chosen:
            errors = sum(r[3] != 200 for r in chosen)
            over = sum(r[2] > OVER for r in chosen)
            print(
                f"{kind:<8}{len(chosen):>9}{len(chosen) / seconds:>7.1f}{spread([r[2] for r in chosen])}"
                f"{over:>9}{errors:>8}"
            )


def ratios(baseline: list[tuple[str, float, float, int]], loaded: list[tuple[str, float, float, int]]) -> str:
    """The asks while sheets are made against the same asks with none: p50, p95 and max, as ratios."""
    quiet = [r[2] for r in baseline if r[0] == "ask"]
    busy = [r[2] for r in loaded if r[0] == "ask"]
    parts = []
    for name, q in (("p50", 50), ("p95", 95), ("max", 100)):
        before, after = percentile(quiet, q), percentile(busy, q)
        parts.append(f"{name} {after * 1000:.0f} / {before * 1000:.0f} ms = x{after / before:.2f}")
    return "; ".join(parts)


def report(args: argparse.Namespace, measured: dict[str, Any], baseline: dict[str, Any], loads: list[tuple]) -> bool:
    loaded = measured["table"]
    rows = loaded["times"]
    sheet_rows = [r for r in rows if r[0] == "sheet"]
    first_sheet = min((s for _, s, _, _ in sheet_rows), default=0.0)
    sheets_done = max((s + e for _, s, e, status in sheet_rows if status == 200), default=first_sheet)
    made_by = dict(measured["ready"])
    print(f"\nLoad average before: {' '.join(f'{x:.2f}' for x in loads[0])} (1, 5, 15 min); after the baseline: "
          f"{' '.join(f'{x:.2f}' for x in loads[1])}; at the end: {' '.join(f'{x:.2f}' for x in loads[2])}; "
          f"{os.cpu_count()} cores")  # fmt: skip
    print(f"Server: {measured['status']['workers']} worker process(es), sheets made by their own process")
    print(
        f"\nThe table: {args.players} players for {loaded['elapsed']:.0f} s, one request a second each, "
        f"beat {BEATS[args.beat]}"
    )
    asked = "distinct questions, none asked twice of a server" if args.distinct else f"{len(QUESTIONS)} questions"
    print(f"Asks: {asked}")
    print("\n1. The baseline: the same table on the same app, no sheet made and none asked for")
    kinds(baseline["table"]["times"], args.seconds)
    print("   " + cpu_line(baseline["table"]["cpu"], len(baseline["table"]["times"])))
    print(f"\n2. While the sheets are made: player 0 asks for every PDF sheet ({len(made_by)}) in turn")
    kinds(rows, args.seconds)
    print("   " + cpu_line(loaded["cpu"], len([r for r in rows if r[0] != "sheet"])))
    while_making = [r for r in rows if r[0] == "ask" and first_sheet <= r[1] <= sheets_done]
    slowest = max((r[2] for r in while_making), default=0.0)
    print(f"\nSheets asked for from {first_sheet - loaded['began']:.0f} s to {sheets_done - loaded['began']:.0f} s "
          f"into the table; status after: {made_by}")  # fmt: skip
    print(f"Asks sent meanwhile: {len(while_making)}, slowest {slowest * 1000:.0f} ms")
    print(f"Asks against the baseline (with sheets made / without): {ratios(baseline['table']['times'], rows)}")
    print("\n3. No think time, /api/ask back to back (after the table left):")
    for b in measured["bursts"]:
        print(f"  {b['clients']:>2} client(s) for {b['elapsed']:.0f} s: {b['answers'] / b['elapsed']:.1f} answers/s, "
              f"p50 {ms(percentile(b['times'], 50)).strip()} ms, p95 {ms(percentile(b['times'], 95)).strip()} ms "
              f"({b['answers']} answers, {b['errors']} errors)")  # fmt: skip
        print("     " + cpu_line(b["cpu"], b["answers"] + b["errors"]))
    start, end = measured["rss"]
    print(f"Server resident memory (all its processes): {start:.0f} MiB at the start, {end:.0f} MiB at the end")
    asks = [r[2] for r in rows if r[0] == "ask"]
    errors = sum(r[3] != 200 for r in rows) + sum(b["errors"] for b in measured["bursts"])
    met = {
        "0 errors": errors == 0,
        f"ask p95 <= {ASK_P95 * 1000:.0f} ms": percentile(asks, 95) <= ASK_P95,
        f"no ask over {ASK_MAX_WHILE_SHEETS:.0f} s while sheets are made": slowest <= ASK_MAX_WHILE_SHEETS,
    }
    ready = sum(v == "ready" for v in made_by.values())
    print(f"Sheets ready when the table left: {ready} of {len(made_by)} (made at the lowest priority)")
    print("Targets: " + "; ".join(f"{k}: {'met' if v else 'NOT met'}" for k, v in met.items()))
    return all(met.values())


def run(db: Path, scratch: Path, args: argparse.Namespace, entries: list[str], sheets: bool) -> dict[str, Any]:
    from support.served import free_port

    folder = scratch / ("sheets" if sheets else "baseline")
    folder.mkdir()
    copy = fresh_copy(db, folder)
    port = free_port(HOST)
    server = start_server(copy, port, args.workers, sheets)
    try:
        return asyncio.run(measure(server, port, args, entries, sheets))
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--burst", type=float, default=20, help="seconds of back-to-back asks, one client then all")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--beat", choices=sorted(BEATS), default="table", help="table: asks, rule and settle pages; ask: only asks"
    )
    parser.add_argument(
        "--distinct", action="store_true", help="ask the data sets' questions, none twice (no answer from a cache)"
    )
    parser.add_argument("--db", type=Path, default=None)
    args = parser.parse_args()
    os.environ["OMP_NUM_THREADS"] = "1"

    from referee.paths import default_db_path

    db = args.db or default_db_path()
    entries = sample_entries(db)
    loads = [os.getloadavg()]
    with tempfile.TemporaryDirectory(prefix="serve-load-") as scratch:
        baseline = run(db, Path(scratch), args, entries, sheets=False)
        loads.append(os.getloadavg())
        measured = run(db, Path(scratch), args, entries, sheets=True)
    loads.append(os.getloadavg())
    sys.exit(0 if report(args, measured, baseline, loads) else 1)


if __name__ == "__main__":
    main()
