"""The ASGI app behind `referee serve`: pages for players, a JSON API for scripts.

The app only parses requests, calls kb/ and indexer/ (through `Backend`) and renders; it writes
nothing, except, when started with `--learn`, the choices players tap (into this machine's answer
memory, as `referee ask --right` does). Every user mistake is a 4xx with one line, never a traceback.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from referee.errors import RefereeError
from referee.indexer.search.encoder import MODEL_ENCODERS, Encoder, Encoders
from referee.paths import corpus_dirs, default_db_path
from referee.web import api, pages, statepages
from referee.web.backend import Backend, Settings
from referee.web.limits import LimitRequests
from referee.web.render import HERE, page, render_error
from referee.web.starting import RETRY_SECONDS, STARTED_ENV, starting_page

log = logging.getLogger("referee.web")


def create_app(settings: Settings, encoder: Encoder | None = None, encoders: Encoders = MODEL_ENCODERS) -> FastAPI:
    """The app for one knowledge base; `encoder` lets tests share a loaded model, `encoders` says
    where one comes from otherwise (the CLI passes what it was given)."""
    backend = Backend(settings, encoder, encoders)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await backend.start()
        try:
            yield
        finally:
            await backend.stop()

    app = FastAPI(
        title="Referee",
        summary="Rules of tabletop games, quoted from the books; disputes settled by executable rules.",
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,  # Swagger UI loads from a CDN: pages.api_docs renders the schema itself
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.backend = backend
    app.add_middleware(FollowKnowledgeBase)
    app.add_middleware(LimitRequests, error_page=refused_page)  # outermost: before anything else reads the request
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    app.include_router(api.router)
    app.include_router(statepages.router)  # before pages' /settle/{name}
    app.include_router(pages.router)  # last: it ends with the /<game>/<entry id> permalinks
    _install_error_handlers(app)
    return app


WORKERS_ENV = "REFEREE_SERVE_WORKERS"  # set by `referee serve` for its worker processes
SHEETS_ENV = "REFEREE_SERVE_SHEETS"  # "prepare": make every sheet in the background at start
LEARN_ENV = "REFEREE_SERVE_LEARN"  # "1": keep the choices players tap (`referee serve --learn`)
READY_ENV = "REFEREE_SERVE_READY"  # the file a process creates once it answers (`referee serve`, web.starting)


def create_app_from_environment() -> FastAPI:
    """For `uvicorn --factory referee.web.app:create_app_from_environment` (several worker processes)."""
    workers = int(os.environ.get(WORKERS_ENV) or 1)
    prepare = os.environ.get(SHEETS_ENV) == "prepare"
    learn = os.environ.get(LEARN_ENV) == "1"
    ready = Path(os.environ[READY_ENV]) if os.environ.get(READY_ENV) else None
    started = float(os.environ[STARTED_ENV]) if os.environ.get(STARTED_ENV) else None
    # under `referee serve` a process answers ("starting") while its model loads, never silently
    settings = Settings(
        default_db_path(),
        corpus_dirs(),
        prepare_sheets=prepare,
        workers=workers,
        learn=learn,
        load_in_background=ready is not None,
        ready_file=ready,
        started_at=started,
    )
    return create_app(settings)


STARTING_REFRESH_SECONDS = RETRY_SECONDS  # the "starting" page looks again this often, as the port's stand-in's


class FollowKnowledgeBase:
    """Every request but a static file: answered at once with a page that refreshes itself while
    the knowledge base loads (`referee serve` listens before the model is in), and served from the
    reloaded knowledge base once `referee add` changed it (Backend.follow_changes)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return
        backend: Backend = scope["app"].state.backend
        waiting = backend.starting()
        if waiting is None:
            await backend.follow_changes()
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        status = 500 if backend.failed is not None else 503
        if wants_json(request):
            response: Response = JSONResponse({"error": waiting}, status_code=status)
        elif backend.failed is None:  # the stand-in's page, as it was: only the seconds go on
            response = HTMLResponse(starting_page(waiting), status_code=status)
        else:
            response = page(request, "error.html", status, status=status, message=waiting, refresh=None)
        if status == 503:
            response.headers["retry-after"] = str(STARTING_REFRESH_SECONDS)
        await response(scope, receive, send)


def refused_page(scope: dict[str, Any], status: int, message: str) -> Response:
    """The styled one-line error page for a request refused before routing (web.limits)."""
    plain = {**scope, "path": "/", "raw_path": b"/", "query_string": b""}  # the refused address is never echoed
    return render_error(Request(plain), status, message)


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def error_response(request: Request, status: int, message: str) -> Response:
    message = one_line(message)
    if wants_json(request):
        return JSONResponse({"error": message}, status_code=status)
    try:
        return render_error(request, status, message)
    except Exception:  # the error page itself failed: still one line, never a traceback
        log.exception("error page failed on %s", request.url.path)
        return PlainTextResponse(message + "\n", status_code=status)


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RefereeError)
    async def referee_error(request: Request, exc: RefereeError) -> Response:
        return error_response(request, 400, str(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        return error_response(request, 400, describe_validation_error(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        detail = exc.detail if isinstance(exc.detail, str) else "bad request"
        return error_response(request, exc.status_code, detail)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        # a bug, not the user's doing: logged with its traceback here, one line to the client
        log.exception("unexpected error on %s", request.url.path)
        return error_response(request, 500, "internal error: the server could not answer this request")


def describe_validation_error(exc: RequestValidationError) -> str:
    """FastAPI's list of validation errors as one line a person can act on."""
    errors = exc.errors()
    if not errors:
        return "bad request"
    first = errors[0]
    where = [str(part) for part in first.get("loc", ()) if part not in ("query", "body", "path")]
    name = ".".join(where) or "request"
    message = first.get("msg", "is not valid")
    context = first.get("ctx") or {}
    if first.get("type") == "string_too_long":
        message = f"is too long (at most {context.get('max_length')} characters)"
    elif first.get("type") == "missing":
        message = "is required"
    elif first.get("type") == "string_too_short" and context.get("min_length") == 1:
        message = "is empty"
    return f"{name}: {message}"
