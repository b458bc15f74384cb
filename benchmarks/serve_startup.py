"""How soon `referee serve` answers after it is typed, on 127.0.0.1 only.

    PYTHONPATH=. .venv/bin/python benchmarks/serve_startup.py [--runs 3] [--workers 2]

Each run starts the real command over a fresh copy of this checkout's knowledge base (no sheet
made yet, as after `referee build`) and measures, from the moment the process is started:

- port open: the first TCP connection accepted (before it, a browser says ERR_CONNECTION_REFUSED);
- first answer: the first HTTP response of any status to GET / (a "starting" page is an answer);
- real page: the first 200 for GET / (the Ask page, the knowledge base loaded);
- longest wait: the longest any request sent meanwhile waited for its answer (a request that waits
  long with no answer is a browser spinner; the phone review's task 17 met 9 s of it).

A client sends GET / from the start, each with its own connection as a reloading browser does,
`--every` seconds after the last answer (a refused connection is tried again at once), and another
probes the port every 10 ms. Reported per run and as the median, with
the machine's load average before each run (2 shared cores: figures are a loaded machine's).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
from serve_load import HOST, ROOT, fresh_copy, start_server  # it puts tests/ on the path: support
from support.served import free_port


def port_open_after(port: int, started: float, stop: threading.Event) -> float | None:
    while not stop.is_set():
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.settimeout(1)
            if probe.connect_ex((HOST, port)) == 0:
                return time.monotonic() - started
        time.sleep(0.01)
    return None


def one_run(db: Path, workers: int, timeout: float, every: float) -> dict[str, float | None]:
    port = free_port()
    started = time.monotonic()
    server = start_server(db, port, workers)
    stop = threading.Event()
    opened: list[float | None] = []
    prober = threading.Thread(target=lambda: opened.append(port_open_after(port, started, stop)))
    prober.start()
    first_answer = real_page = None
    longest = 0.0
    try:
        while real_page is None and time.monotonic() - started < timeout and server.poll() is None:
            sent = time.monotonic()
            try:
                response = httpx.get(f"http://{HOST}:{port}/", timeout=timeout)
            except httpx.TransportError:  # refused: nothing listens yet (not a wait, the browser says so)
                time.sleep(0.01)
                continue
            now = time.monotonic()
            longest = max(longest, now - sent)
            first_answer = first_answer if first_answer is not None else now - started
            if response.status_code == 200:
                real_page = now - started
            else:
                time.sleep(every)
    finally:
        stop.set()
        prober.join()
        server.terminate()
        server.wait(timeout=60)
    return {"port": opened[0] if opened else None, "first": first_answer, "real": real_page, "longest": longest}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=180)
    parser.add_argument("--every", type=float, default=0.25, help="seconds between two requests once answered")
    args = parser.parse_args()
    db = ROOT / "data" / "referee.db"
    runs = []
    for number in range(args.runs):
        load = os.getloadavg()[0]
        with tempfile.TemporaryDirectory() as scratch:
            run = one_run(fresh_copy(db, Path(scratch)), args.workers, args.timeout, args.every)
        runs.append(run)
        shown = ", ".join(f"{k} {v:.2f} s" if v is not None else f"{k} never" for k, v in run.items())
        print(f"run {number + 1} (load {load:.1f}): {shown}", flush=True)
    for key in ("port", "first", "real", "longest"):
        values = [r[key] for r in runs if r[key] is not None]
        if values:
            print(f"median {key}: {statistics.median(values):.2f} s (of {len(values)})")


if __name__ == "__main__":
    main()
