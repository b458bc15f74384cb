"""The pages players use: Ask, Rule, Settle, Sheets. Server-rendered; htmx swaps parts of them.

Each page renders the same dictionaries the API returns (web.api's builders). A page's address
carries everything it shows (question, game, facts), so any page can be shared as a link.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import jinja2
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from kb.errors import RefereeError
from web import api, present
from web.app import HERE

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(
    env=jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,  # every template, whatever its name: user text is never rendered raw
        trim_blocks=True,
        lstrip_blocks=True,
    )
)
present.install(templates.env)

SHEET_FORMATS = {"html": "text/html; charset=utf-8", "pdf": "application/pdf"}
# A sheet is the knowledge base's own standalone HTML document: its one inline <style> is allowed.
SHEET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'"


def page(request: Request, name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    backend = api.backend_of(request)
    context.setdefault("games", backend.games)
    return templates.TemplateResponse(request, name, context, status_code=status_code)


def render_error(request: Request, status: int, message: str) -> HTMLResponse:
    response = page(request, "error.html", status, status=status, message=message)
    if request.headers.get("hx-request"):  # a part of a page asked: show the message in its flash area
        response.headers.update({"HX-Retarget": "#flash", "HX-Reselect": "#flash", "HX-Reswap": "outerHTML"})
    return response


def checked_question(q: str | None) -> str:
    """The question of the Ask box: what the API's `q` would accept, else a one-line error."""
    q = (q or "").strip()
    if len(q) > api.MAX_QUESTION_CHARS:
        raise RefereeError(f"the question is too long (at most {api.MAX_QUESTION_CHARS} characters)")
    return q


# ---------------------------------------------------------------- Ask


@router.get("/", response_class=HTMLResponse)
async def ask_page(request: Request, q: str | None = None, game: str | None = None) -> HTMLResponse:
    backend = api.backend_of(request)
    answer, error, status = None, None, 200
    try:
        question = checked_question(q)
        if game and len(game) > api.MAX_NAME_CHARS:
            raise RefereeError("game: the name is too long")
        if question:
            answer = await backend.run(api.ask_json, backend, question, game)
    except RefereeError as exc:
        error, status = str(exc), 400
    return page(request, "ask.html", status, q=q or "", game=game or "", answer=answer, error=error)


# ---------------------------------------------------------------- Settle


@router.get("/settle", response_class=HTMLResponse)
async def settle_index(request: Request) -> HTMLResponse:
    backend = api.backend_of(request)
    by_game: dict[str, list[dict[str, Any]]] = {}
    for check in backend.checks.values():
        by_game.setdefault(check.game, []).append({"name": check.name, "description": check.description})
    return page(request, "settle_index.html", by_game=by_game)


@router.get("/settle/{name}", response_class=HTMLResponse)
async def settle_page(request: Request, name: str) -> Response:
    backend = api.backend_of(request)
    try:
        described = api.describe_json(backend, name)
    except RefereeError as exc:
        raise HTTPException(404, str(exc)) from None
    facts = api.facts_from_query(request.query_params, reserved=())
    example = present.example_query(described)
    if not request.query_params and example:  # a check opens on its own example: a shareable link from the start
        return RedirectResponse(f"/settle/{name}?{urlencode(example)}", status_code=303)
    verdict, error, status = None, None, 200
    try:
        verdict = await backend.run(api.check_json, backend, name, None, facts)
    except RefereeError as exc:
        error, status = str(exc), 400
    return page(
        request,
        "settle.html",
        status,
        check=described,
        form=present.fact_form(described, request.query_params),
        board=present.board(described, request.query_params),
        verdict=verdict,
        error=error,
        api_url=f"/api/check?{urlencode({'check': name, **facts})}",
    )


# ---------------------------------------------------------------- Sheets


@router.get("/sheets", response_class=HTMLResponse)
async def sheets_index(request: Request) -> HTMLResponse:
    return page(request, "sheets.html")


@router.get("/sheets/{game}.{format_}")
async def sheet_file(request: Request, game: str, format_: str, lang: str | None = None) -> Response:
    backend = api.backend_of(request)
    if game not in backend.game_ids() or format_ not in SHEET_FORMATS:
        raise HTTPException(404, f"no sheet {game}.{format_}; sheets are GAME.html or GAME.pdf")
    if lang is not None and not re.fullmatch(r"[a-z]{2}", lang):
        raise RefereeError("lang: a two-letter language code, e.g. en")
    body = await backend.run(backend.sheet, game, format_, lang)
    headers = {"Content-Security-Policy": SHEET_POLICY}
    if format_ == "pdf":
        headers["Content-Disposition"] = f'attachment; filename="{game}{"-" + lang if lang else ""}-sheet.pdf"'
    return Response(body, media_type=SHEET_FORMATS[format_], headers=headers)


@router.get("/sheets/{game}", response_class=HTMLResponse)
async def sheet_page(request: Request, game: str) -> Response:
    backend = api.backend_of(request)
    if game not in backend.game_ids():
        raise HTTPException(404, f"no sheet for {game!r}")
    return page(request, "sheet.html", game=backend.game(game))


# ---------------------------------------------------------------- API documentation


@router.get("/api/docs", response_class=HTMLResponse)
async def api_docs(request: Request) -> HTMLResponse:
    """The OpenAPI schema as a page (Swagger UI would load its scripts from a CDN)."""
    return page(request, "api_docs.html", operations=present.operations(request.app.openapi()))


# ---------------------------------------------------------------- Rules: /<game> and /<game>/<entry id>


@router.get("/{game}", response_class=HTMLResponse)
async def game_page(request: Request, game: str) -> Response:
    from kb import store

    backend = api.backend_of(request)
    if game not in backend.game_ids():
        raise HTTPException(404, f"no page {request.url.path}")
    toc = await backend.run(store.toc, backend.db, game)
    checks = [c for c in backend.checks.values() if c.game == game]
    return page(request, "game.html", game=backend.game(game), toc=toc, checks=checks)


@router.get("/{game}/{rest:path}", response_class=HTMLResponse)
async def rule_page(request: Request, game: str, rest: str) -> Response:
    backend = api.backend_of(request)
    if game not in backend.game_ids():
        raise HTTPException(404, f"no page {request.url.path}")
    try:
        item = await backend.run(api.entry_json, backend, f"{game}/{rest}")
    except RefereeError as exc:
        raise HTTPException(404, str(exc)) from None
    template = "section.html" if item["type"] == "section" else "rule.html"
    return page(request, template, item=item, game=backend.game(game))
