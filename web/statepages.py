"""The page that settles a whole game state: a form built from the state (its pieces, players or
stacks, and the game's actions), the same state as YAML for the command line, and the ruling.

Declared before the pages' /settle/{name} (its router is included first): "state" is this page,
not a check."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from referee.errors import RefereeError, UnknownKey
from referee.rules.settle import describe_check
from referee.states.ruling import Ruling
from referee.states.settle import state_from
from referee.states.svg import render_state_svg
from referee.validation.text import decode_text
from referee.web import api, present, stateform, words
from referee.web.backend import backend_of
from referee.web.render import page

router = APIRouter(include_in_schema=False)
STATE_TEXT_CHARS = 8000  # the YAML editor's bound: a form-encoded state stays under the body limit (16 KB)
LINK_CHARS = 6000  # a state's link at most: well under the server's 16 KB for a request's line and headers


def examples_by_game(backend: Any) -> dict[str, list[dict[str, Any]]]:
    grouped: dict[str, list[dict[str, Any]]] = {}
    for example in backend.examples():
        grouped.setdefault(example["game"], []).append(example)
    return grouped


def _key(example: dict[str, Any]) -> str:
    return f"{example['game']}/{example['name']}"


def state_link(text: str, chosen: dict[str, Any] | None) -> str | None:
    """The page's address for a state as the player set it (the state in the address, so a reload or a
    shared link shows the same state), or None when it is too long for one."""
    query = {"state": text, **({"example": _key(chosen)} if chosen else {})}
    link = f"/settle/state?{urlencode(query)}"
    return link if len(link) <= LINK_CHARS else None


@router.get("/settle/state", response_class=HTMLResponse)
async def settle_state_page(request: Request, example: str | None = None, state: str | None = None) -> Response:
    """A documented example state loaded into the form and settled, or a state the player set (`state`, its
    YAML: the address a settled form leaves): a link to send to the table."""

    backend = backend_of(request)
    grouped = examples_by_game(backend)
    if state is not None:
        chosen = _example_or_none(backend, example or "")
        return await render_state(request, grouped, chosen, state, state_link(state, chosen))
    if example is None:
        first = next((e for examples in grouped.values() for e in examples), None)
        if first is not None:  # the page opens on an example, as a check's page does
            return RedirectResponse(f"/settle/state?{urlencode({'example': _key(first)})}", status_code=303)
        return await render_state(request, grouped, None, "")
    game, _, name = example.partition("/")
    try:
        chosen = backend.example(game, name)
    except (RefereeError, KeyError) as exc:
        raise HTTPException(404, str(exc)) from None
    link = f"/settle/state?{urlencode({'example': _key(chosen)})}"
    return await render_state(request, grouped, chosen, chosen["text"], link)


@router.post("/settle/state", response_class=HTMLResponse)
async def settle_state_form(request: Request) -> Response:
    """The state as the player set it: from the form's fields, or as YAML from the text editor (a form post
    either way: a state can be longer than an address). The answer's address then holds the state
    (`state_link`, pushed by htmx), so a reload or a shared link shows what was settled, not the example."""

    backend = backend_of(request)
    try:
        fields = parse_qsl(decode_text(await request.body(), "form"), keep_blank_values=True)
    except ValueError:
        raise RefereeError("form: not a form") from None
    values = dict(fields)
    chosen = _example_or_none(backend, values.get("example", ""))
    grouped = examples_by_game(backend)
    document = None
    if "state" in values:  # the YAML editor
        text = values["state"]
    else:
        document = stateform.document_of([(k, v) for k, v in fields if k not in ("example", "mode")])
        text = stateform.as_yaml(document)
    link = state_link(text, chosen)
    shown = await render_state(request, grouped, chosen, text, link, document=document)
    if link and request.headers.get("hx-request"):  # the address holds the state: a reload shows it again
        shown.headers["HX-Push-Url"] = link
    return shown


def _example_or_none(backend: Any, key: str) -> dict[str, Any] | None:
    """The example the player started from, or None: only the label of where they started, the state is what
    was sent."""
    game, _, name = key.partition("/")
    if not (game and name):
        return None
    try:
        found: dict[str, Any] = backend.example(game, name)
    except (RefereeError, KeyError):
        return None
    return found


def _steps_in_words(backend: Any, verdict: Ruling | None) -> dict[str, Any]:
    info: dict[str, Any] = {}
    for step in verdict.steps if verdict is not None else []:
        if step.check is not None and step.check in backend.checks:
            described = describe_check(backend.checks[step.check])
            info[step.check] = {"title": words.check_title(described), "labels": words.fact_labels(described)}
    return info


async def render_state(
    request: Request,
    grouped: dict[str, Any],
    chosen: dict[str, Any] | None,
    text: str,
    share: str | None = None,
    document: dict[str, Any] | None = None,
) -> HTMLResponse:
    backend = backend_of(request)
    verdict: Ruling | None = None
    drawing, error, status = None, None, 200
    refused: UnknownKey | None = None
    try:
        if not text.strip():
            raise RefereeError("the state is empty: load an example or write one (YAML or JSON)")
        if len(text) > STATE_TEXT_CHARS:
            raise RefereeError(f"the state is too long (at most {STATE_TEXT_CHARS} characters)")
        verdict, drawn = await backend.run_light(api.settled_state, backend, text)
        drawing = present.svg_data_uri(render_state_svg(drawn, verdict, said=False))
    except RefereeError as exc:
        error, status = str(exc), 400
        refused = exc if isinstance(exc, UnknownKey) else None
    if document is None:  # the form shows what was sent when it reads, else where the player started
        try:
            document = state_from(text, "state")
        except RefereeError:
            document = state_from(chosen["text"], "state") if chosen else None
    if refused is not None and isinstance(document, dict):
        # the form never offers a key the error says the game has no (phone review 4, task 13: a picker
        # for `active` under the one-line "a player has no 'active'")
        document = stateform.without(document, refused.path, refused.key)
    game = verdict.game if verdict else (document or {}).get("game") or (chosen["game"] if chosen else None)
    said = verdict.to_json() if verdict else None
    translations = await backend.run_light(lambda: present.quote_translations(backend.db, said)) if said else {}
    rules = backend.state_rules.get(game) if isinstance(game, str) else None
    return page(
        request,
        "settle_state.html",
        status,
        examples_by_game=grouped,
        chosen=_key(chosen) if chosen else None,
        about=chosen["about"] if chosen else None,
        game=game,
        fields=stateform.fields_of(document) if isinstance(document, dict) else [],
        actions=stateform.action_templates(rules.actions) if rules else [],
        piece_ids=stateform.piece_ids(document) if isinstance(document, dict) else [],
        text=text,
        max_chars=STATE_TEXT_CHARS,
        # its JSON, as the API gives it: the templates and their filters (`verdict_words`, `step_query`)
        # read a check's verdict and a state's steps alike, and a check's verdict is its JSON
        verdict=verdict.to_json() if verdict else None,
        translations=translations,
        check_info=_steps_in_words(backend, verdict),
        drawing=drawing,
        error=error,
        share_url=share,
    )
