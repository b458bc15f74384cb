"""The pages players use: Ask, Rule, Settle, Sheets. Server-rendered; htmx swaps parts of them.

Each page renders the same dictionaries the API returns (web.api's builders). A page's address
carries everything it shows (question, game, facts), so any page can be shared as a link.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl, urlencode

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup

from referee import store
from referee.errors import RefereeError
from referee.rules.checks import refuse_unknown_facts
from referee.rules.settle import describe_check, find_check
from referee.validation.text import MAX_QUESTION_CHARS, checked_question, decode_text
from referee.web import api, present, words
from referee.web.backend import backend_of
from referee.web.render import page

router = APIRouter(include_in_schema=False)

SHEET_FORMATS = {"html": "text/html; charset=utf-8", "pdf": "application/pdf", "css": "text/css; charset=utf-8"}
SHEET_STYLE = re.compile(r"<style>(.*?)</style>", re.S)  # the printable page's one stylesheet (sheets.html.to_html)
# A sheet is the knowledge base's own standalone HTML document: its one inline <style> is allowed.
SHEET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'"


# ---------------------------------------------------------------- Ask


@router.get("/", response_class=HTMLResponse)
async def ask_page(
    request: Request, q: str | None = None, game: str | None = None, choice: str | None = None
) -> HTMLResponse:
    """The Ask page; `choice` (an id among the answer's `choices`) shows that answer instead of the first."""
    backend = backend_of(request)
    answer, error, status, question = None, None, 200, ""
    try:
        question = checked_question(q) if q is not None else ""  # no q: the page opened, nothing asked yet
        if game and len(game) > api.MAX_NAME_CHARS:
            raise RefereeError("game: the name is too long")
        if question:
            answer = await backend.run(api.ask_json, backend, question, game)
    except RefereeError as exc:
        error, status = str(exc), 400
    suggested = (answer or {}).get("check")
    check_words = None
    if suggested and suggested["check"] in backend.checks:
        described = api.describe_json(backend, suggested["check"])
        check_words = words.suggestion_words(described, suggested, question)
    return page(
        request,
        "ask.html",
        status,
        q=q or "",
        game=game or "",
        answer=answer,
        error=error,
        check_words=check_words,
        chosen=(choice or "")[: api.MAX_NAME_CHARS * 4],
        max_question=MAX_QUESTION_CHARS,
    )


@router.post("/learn", response_class=HTMLResponse)
async def learn_tap(request: Request) -> Response:
    """A tapped choice kept (`referee serve --learn`; else 403): what api.learn does, for the page's
    buttons (htmx posts the form fields q, game, choice; the reply is the line that says so)."""
    backend = backend_of(request)
    if not backend.settings.learn:
        raise HTTPException(403, api.NOT_LEARNING)
    try:
        fields = dict(parse_qsl(decode_text(await request.body(), "form"), keep_blank_values=True))
    except ValueError:
        raise RefereeError("form: not a form") from None
    typed, choice = fields.get("q") or "", (fields.get("choice") or "").strip()
    question = checked_question(typed) if typed.strip() else ""
    game = fields.get("game") or None
    if not question or not choice or len(choice) > 300 or (game and len(game) > api.MAX_NAME_CHARS):
        raise RefereeError("a tap to keep needs its question (q) and the choice's entry id (choice)")
    learned = await backend.run(api.learn_json, backend, question, game, choice)
    if not request.headers.get("hx-request"):  # a plain form post: back to the answer, that choice shown
        shown = urlencode({"q": question, "game": game or "", "choice": choice})
        return RedirectResponse(f"/?{shown}", status_code=303)
    return page(request, "_learned.html", kept=learned["kept"])


# ---------------------------------------------------------------- Settle


@router.get("/settle", response_class=HTMLResponse)
async def settle_index(request: Request, game: str = "") -> HTMLResponse:
    backend = backend_of(request)
    by_game: dict[str, list[dict[str, Any]]] = {}
    for check in backend.checks.values():
        title, details = words.check_title_parts(describe_check(check))
        by_game.setdefault(check.game, []).append({"name": check.name, "title": title, "details": details})
    return page(request, "settle_index.html", by_game=by_game, game=game if game in by_game else "")


@router.get("/settle/{name}", response_class=HTMLResponse)
async def settle_page(request: Request, name: str) -> Response:
    backend = backend_of(request)
    try:
        described = api.describe_json(backend, name)
    except RefereeError as exc:
        raise HTTPException(404, str(exc)) from None
    params = request.query_params
    facts = api.facts_from_query(params, reserved=VIEW_PARAMS)
    example = present.example_query(described)
    if not params and example:  # a check opens on its own example: a shareable link from the start
        return RedirectResponse(f"/settle/{name}?{urlencode(example)}", status_code=303)
    labels = words.fact_labels(described)
    needed = [f["name"] for f in described["facts"] if f.get("required") and f["name"] not in facts]
    verdict, error, status = None, None, 200
    try:  # a fact the check does not take: one line, before a missing fact is asked for (no field offers it)
        refuse_unknown_facts(find_check(backend.checks, name), facts)
    except RefereeError as exc:
        error, status, needed = str(exc), 400, []
    if not needed and error is None:  # a fact still missing is asked for in a sentence, not refused
        try:
            verdict = await backend.run_light(api.check_json, backend, name, None, facts)
        except RefereeError as exc:
            error, status = str(exc), 400
    translations = await backend.run_light(lambda: present.quote_translations(backend.db, verdict)) if verdict else {}
    kept = {k: v for k, v in params.items() if k not in VIEW_PARAMS}
    return page(
        request,
        "settle.html",
        status,
        check=described,
        title=words.check_title(described),
        form=present.fact_form(described, params),
        board=present.board(described, params, whole=params.get("view") == "whole"),
        whole_query=urlencode({**kept, "view": "whole"}),
        zoom_query=urlencode(kept),
        view=params.get("view") or "",
        needed=needed,
        needed_words=words.missing_sentence(needed, labels),
        verdict=verdict,
        translations=translations,
        error=error,
        # the facts are still the check's own example, not the player's: the verdict says so
        example=bool(example) and kept == example,
        api_url=f"/api/check?{urlencode({'check': name, **facts})}",
    )


VIEW_PARAMS = ("view",)  # how the page shows the board, not a fact


# ---------------------------------------------------------------- Sheets


@router.get("/sheets", response_class=HTMLResponse)
async def sheets_index(request: Request) -> HTMLResponse:
    backend = backend_of(request)
    return page(request, "sheets.html", translations={g: backend.translations(g) for g in backend.game_ids()})


@router.get("/sheets/{game}.{format_}")
async def sheet_file(request: Request, game: str, format_: str, lang: str | None = None) -> Response:
    backend = backend_of(request)
    if game not in backend.game_ids() or format_ not in SHEET_FORMATS:
        raise HTTPException(404, f"no sheet {game}.{format_}; sheets are GAME.html or GAME.pdf")
    if lang is not None and not re.fullmatch(r"[a-z]{2}", lang):
        raise RefereeError("lang: a two-letter language code, e.g. en")
    made = await backend.sheet(game, lang)  # seconds the first time, in the sheet process; this one answers on
    headers = {"Content-Security-Policy": SHEET_POLICY}
    if format_ == "pdf":
        headers["Content-Disposition"] = f'attachment; filename="{game}{"-" + lang if lang else ""}-sheet.pdf"'
    if format_ == "css":  # for the sheet's page printed: the printable page's own stylesheet, from this origin
        style = SHEET_STYLE.search(made.html)
        return Response(style.group(1) if style else "", media_type=SHEET_FORMATS[format_])
    return Response(made.pdf if format_ == "pdf" else made.html, media_type=SHEET_FORMATS[format_], headers=headers)


@router.get("/sheets/{game}", response_class=HTMLResponse)
async def sheet_page(request: Request, game: str, lang: str | None = None) -> Response:
    """The sheet in the page, one column on a phone, each citation a link to its rule."""
    backend = backend_of(request)
    if game not in backend.game_ids():
        raise HTTPException(404, f"no sheet for {game!r}")
    if lang is not None and not re.fullmatch(r"[a-z]{2}", lang):
        raise RefereeError("lang: a two-letter language code, e.g. en")
    made, progress = await backend.sheet_soon(game, lang, SHEET_WAIT)
    query = f"?lang={lang}" if lang else ""
    if made is None:  # still being made: a page that says so and comes back by itself
        return page(
            request, "sheet_making.html", game=backend.game(game), lang=lang, progress=progress, refresh=SHEET_REFRESH
        )
    return page(
        request,
        "sheet.html",
        game=backend.game(game),
        lang=lang,
        query=query,
        languages=backend.translations(game),
        # the knowledge base's own sheet, escaped when it was made; its citations say they come from it
        sheet_html=Markup(present.cited_from_sheet(made.body, game, lang)),
        left_out=made.left_out,
    )


SHEET_WAIT = 1.5  # seconds a sheet page waits for its sheet before it shows the progress instead
SHEET_REFRESH = 3  # seconds between two looks of the progress page


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
    toc = await backend.run_light(lambda: contents(backend.db, game))
    checks = [
        {"name": c.name, "title": words.check_title(describe_check(c))}
        for c in backend.checks.values()
        if c.game == game
    ]
    return page(request, "game.html", game=backend.game(game), toc=toc, checks=checks)


def contents(db: Any, game: str) -> list[dict[str, Any]]:
    """The book's headings, each with its English heading when the book has a translation."""
    toc = store.toc(db, game)
    english = store.translations_of(db, [s["id"] for s in toc], "en")
    return [{**s, "heading_en": english[s["id"]][0]["text"] if s["id"] in english else None} for s in toc]


def english_heading(db: Any, section_id: str | None, lang: str) -> str | None:
    if not section_id or lang == "en":
        return None
    return store.translation_of(db, section_id, "en")


@router.get("/{game}/{rest:path}", response_class=HTMLResponse)
async def rule_page(request: Request, game: str, rest: str) -> Response:
    backend = backend_of(request)
    if game not in backend.game_ids():
        raise HTTPException(404, f"no page {request.url.path}")
    try:
        item = await backend.run_light(api.entry_json, backend, f"{game}/{rest}")
    except RefereeError as exc:
        raise HTTPException(404, str(exc)) from None
    template = "section.html" if item["type"] == "section" else "rule.html"
    lang = backend.game(game).get("lang") or "en"
    heading_id = item["id"] if item["type"] == "section" else item.get("section_id")
    heading_en = await backend.run_light(lambda: english_heading(backend.db, heading_id, lang))
    titles = {
        n: words.check_title(describe_check(backend.checks[n])) for n in item.get("checks", []) if n in backend.checks
    }
    return page(
        request,
        template,
        item=item,
        game=backend.game(game),
        heading_en=heading_en,
        check_titles=titles,
        back_to_sheet=present.back_to_sheet(request.query_params, game),
    )
