"""The app served from a thread of this process, on a free loopback port: for the browser tests,
the screenshots and the load benchmark, which drive the real server over real HTTP."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")  # Debian's; Playwright's own download is not reachable here
# Chromium's own calls home are refused by a closed network: switch them off.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


class ServedApp:
    """`with ServedApp(app) as url:` serves `app` at `url` until the block ends."""

    def __init__(
        self,
        app: Any,
        host: str = "127.0.0.1",
        port: int | None = None,
        startup_timeout: float = 120,
        http: Any = "auto",
    ) -> None:
        import uvicorn

        self.host = host
        self.port = port or free_port(host)
        config = uvicorn.Config(app, host=host, port=self.port, log_level="warning", lifespan="on", http=http)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="referee-web", daemon=True)
        self.startup_timeout = startup_timeout

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + self.startup_timeout
        while not self.server.started:  # the lifespan (model, index) has run once `started` is set
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web app did not start")
            time.sleep(0.05)
        return self.url

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


def launch_chromium(playwright: Any) -> Any:
    """Debian's chromium, headless, through a started Playwright (`sync_playwright()`)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))


DEV_QUESTIONS = Path(__file__).resolve().parents[2] / "data" / "questions-dev.jsonl"


def question_with_choices(ask: Any) -> tuple[str, str, dict[str, Any]] | None:
    """The first dev question whose answer offers choices, with that answer (`ask(q, game)` gives
    the API's JSON): found, not written down, since the choices follow the ranker."""
    import json

    for line in DEV_QUESTIONS.read_text(encoding="utf-8").splitlines():
        question = json.loads(line)
        answer = ask(question["q"], question["game"])
        if answer.get("choices"):
            return question["q"], question["game"], answer
    return None
