"""The pages players use: Ask, Rule, Settle, Sheets. Server-rendered; htmx swaps parts of them.

Each page renders the same dictionaries the API returns (web.api's builders). A page's address
carries everything it shows (question, game, facts), so any page can be shared as a link.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlencode

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from referee import store
from referee.errors import RefereeError
from referee.states.examples import example_state, example_states
from referee.states.svg import render_state_svg
from referee.validation.text import decode_text
from referee.web import api, present
from referee.web.backend import backend_of
from referee.web.render import page

router = APIRouter(include_in_schema=False)

SHEET_FORMATS = {"html": "text/html; charset=utf-8", "pdf": "application/pdf"}
# A sheet is the knowledge base's own standalone HTML document: its one inline <style> is allowed.
SHEET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'"


def checked_question(q: str | None) -> str:
    """The question of the Ask box: what the API's `q` would accept, else a one-line error."""
    q = (q or "").strip()
    if len(q) > api.MAX_QUESTION_CHARS:
        raise RefereeError(f"the question is too long (at most {api.MAX_QUESTION_CHARS} characters)")
    return q


# ---------------------------------------------------------------- Ask


@router.get("/", response_class=HTMLResponse)
async def ask_page(request: Request, q: str | None = None, game: str | None = None) -> HTMLResponse:
    backend = backend_of(request)
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
    backend = backend_of(request)
    by_game: dict[str, list[dict[str, Any]]] = {}
    for check in backend.checks.values():
        by_game.setdefault(check.game, []).append({"name": check.name, "description": check.description})
    return page(request, "settle_index.html", by_game=by_game)


# ---------------------------------------------------------------- Settle a whole state
# Declared before /settle/{name}: "state" is this page, not a check.

STATE_TEXT_CHARS = 8000  # the textarea's bound: a form-encoded state stays under the body limit (16 KB)


def examples_by_game(backend: Any) -> dict[str, list[dict[str, Any]]]:
    grouped: dict[str, list[dict[str, Any]]] = {}
    for example in example_states(backend.settings.corpus_dir):
        if example["game"] in backend.state_rules:
            grouped.setdefault(example["game"], []).append(example)
    return grouped


@router.get("/settle/state", response_class=HTMLResponse)
async def settle_state_page(request: Request, example: str | None = None) -> Response:
    """A documented example state loaded into the editor and settled: a link to send to the table."""

    backend = backend_of(request)
    grouped = examples_by_game(backend)
    if example is None:
        first = next((e for examples in grouped.values() for e in examples), None)
        if first is not None:  # the page opens on an example, as a check's page does
            return RedirectResponse(f"/settle/state?{urlencode({'example': _key(first)})}", status_code=303)
        return await render_state(request, grouped, None, "")
    game, _, name = example.partition("/")
    try:
        chosen = example_state(backend.settings.corpus_dir, game, name)
    except RefereeError as exc:
        raise HTTPException(404, str(exc)) from None
    share = f"/settle/state?{urlencode({'example': _key(chosen)})}#verdict"  # opens on the ruling
    return await render_state(request, grouped, chosen, chosen["text"], share)


@router.post("/settle/state", response_class=HTMLResponse)
async def settle_state_form(request: Request) -> Response:
    """The state as the player edited it (a form post: a state is too long for an address)."""

    backend = backend_of(request)
    fields = _form_fields(await request.body())
    chosen = None
    game, _, name = fields.get("example", "").partition("/")
    if game and name:
        try:
            chosen = example_state(backend.settings.corpus_dir, game, name)
        except RefereeError:
            chosen = None  # only the label of where the player started: the state is the text
    return await render_state(request, examples_by_game(backend), chosen, fields.get("state", ""))


def _key(example: dict[str, Any]) -> str:
    return f"{example['game']}/{example['name']}"


def _form_fields(body: bytes) -> dict[str, str]:
    try:
        parsed = parse_qs(decode_text(body, "form"), keep_blank_values=True, max_num_fields=4)
    except ValueError:
        raise RefereeError("form: expected the fields 'state' and 'example'") from None
    return {name: values[0] for name, values in parsed.items()}


async def render_state(
    request: Request, grouped: dict[str, Any], chosen: dict[str, Any] | None, text: str, share: str | None = None
) -> HTMLResponse:
    backend = backend_of(request)
    verdict, drawing, error, status = None, None, None, 200
    try:
        if not text.strip():
            raise RefereeError("the state is empty: load an example or write one (YAML or JSON)")
        if len(text) > STATE_TEXT_CHARS:
            raise RefereeError(f"the state is too long (at most {STATE_TEXT_CHARS} characters)")
        verdict, document = await backend.run(api.settled_state, backend, text)
        drawing = present.svg_data_uri(render_state_svg(document, verdict))
    except RefereeError as exc:
        error, status = str(exc), 400
    game = verdict["game"] if verdict else (chosen["game"] if chosen else None)
    rules = backend.state_rules.get(game)
    return page(
        request,
        "settle_state.html",
        status,
        examples_by_game=grouped,
        chosen=_key(chosen) if chosen else None,
        about=chosen["about"] if chosen else None,
        game=game,
        actions=[{"name": a.name, "help": a.help} for a in rules.actions] if rules else [],
        text=text,
        max_chars=STATE_TEXT_CHARS,
        verdict=verdict,
        drawing=drawing,
        error=error,
        share_url=share,
    )


@router.get("/settle/{name}", response_class=HTMLResponse)
async def settle_page(request: Request, name: str) -> Response:
    backend = backend_of(request)
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
    backend = backend_of(request)
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
    backend = backend_of(request)
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
    backend = backend_of(request)
    if game not in backend.game_ids():
        raise HTTPException(404, f"no page {request.url.path}")
    toc = await backend.run(store.toc, backend.db, game)
    checks = [c for c in backend.checks.values() if c.game == game]
    return page(request, "game.html", game=backend.game(game), toc=toc, checks=checks)


@router.get("/{game}/{rest:path}", response_class=HTMLResponse)
async def rule_page(request: Request, game: str, rest: str) -> Response:
    backend = backend_of(request)
    if game not in backend.game_ids():
        raise HTTPException(404, f"no page {request.url.path}")
    try:
        item = await backend.run(api.entry_json, backend, f"{game}/{rest}")
    except RefereeError as exc:
        raise HTTPException(404, str(exc)) from None
    template = "section.html" if item["type"] == "section" else "rule.html"
    return page(request, template, item=item, game=backend.game(game))
