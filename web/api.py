"""The JSON API: the same JSON as the CLI's `--json`, built by the same functions."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Query, Request
from pydantic import BaseModel, Field

from referee import store
from referee.errors import RefereeError
from referee.indexer.answering import answer
from referee.indexer.answering.types import Answer
from referee.indexer.memory.learning import remember
from referee.names import GameChoice, choose_game
from referee.rules.settle import checks_of_game, describe_check, find_check, settle
from referee.states.ruling import Ruling
from referee.states.settle import settle_state_text
from referee.validation.documents import load_document
from referee.validation.schema import validated
from referee.validation.text import MAX_QUESTION_CHARS, decode_text
from referee.web.backend import Backend, backend_of

MAX_NAME_CHARS = 80
MAX_LIMIT = 50

router = APIRouter(prefix="/api", tags=["api"])

QuestionQuery = Annotated[
    str, Query(min_length=1, max_length=MAX_QUESTION_CHARS, description="A question, any language.")
]
GameQuery = Annotated[
    str | None, Query(max_length=MAX_NAME_CHARS, description="Game id, title or alias; omitted: inferred.")
]


def game_choice(backend: Backend, q: str, game: str | None) -> GameChoice:
    """A game named by the client is given; else one the question names; else inferred (the
    server remembers no game: the picker's choice lives in the player's browser)."""
    given = game if game is not None and game.strip() else None
    return choose_game(backend.games, q, given=given)


# ---------------------------------------------------------------- the shared builders
# Each is what the CLI command prints with --json; the pages render the same dictionaries.


def asked(backend: Backend, q: str, game: str | None) -> Answer:
    checks = backend.checks.values()  # the corpus's, loaded once when the app started
    return answer.ask(backend.searcher, q, checks, game_choice(backend, q, game))


def search_json(backend: Backend, q: str, game: str | None, limit: int) -> list[dict[str, Any]]:
    return answer.search_as_asked(backend.searcher, q, game_choice(backend, q, game), limit=limit).hits_json()


def ask_json(backend: Backend, q: str, game: str | None) -> dict[str, Any]:
    return asked(backend, q, game).to_json()


NOT_LEARNING = "this server learns nothing from taps (start it with `referee serve --learn` to keep them)"


def learn_json(backend: Backend, q: str, game: str | None, choice: str) -> dict[str, Any]:
    """A tapped choice kept in this machine's memory, as `referee ask Q --right ID` keeps it: the
    question asked again here and `choice` looked up among the passages it shows, so only a
    passage offered for that question is kept (with the server's quote, not the client's)."""
    if not backend.settings.learn:
        raise HTTPException(403, NOT_LEARNING)
    shown = answer.passage_of(asked(backend, q, game), choice)
    kept = remember(backend.searcher.db, q, shown.id, shown.quote)
    return {"learned": True, "kept": kept.to_json()}


def entry_json(backend: Backend, item_id: str) -> dict[str, Any]:
    return store.show(backend.db, item_id)


def check_json(backend: Backend, check: str, game: str | None, facts: dict[str, Any]) -> dict[str, Any]:
    """A situation {game, check, facts} settled, as `referee check FILE --json` prints it."""

    situation = {"game": backend.resolve_game(game), "check": check, "facts": facts}
    return settle(backend.checks, situation, None, {}).to_json()


def settled_state(backend: Backend, text: str) -> tuple[Ruling, dict[str, Any]]:
    """A state document settled, with the document (to draw)."""

    return settle_state_text(backend.checks, backend.state_rules, text, "state")


def state_json(backend: Backend, text: str) -> dict[str, Any]:
    """A state document settled, as `referee check STATE --json` prints it."""
    return settled_state(backend, text)[0].to_json()


def describe_json(backend: Backend, name: str) -> dict[str, Any]:
    return describe_check(find_check(backend.checks, name))


def facts_from_query(params: Any, reserved: tuple[str, ...] = ("check", "game")) -> dict[str, str]:
    """`name=value` pairs of a URL as facts; an empty field means "not given" (its default)."""
    return {name: value.strip() for name, value in params.items() if name not in reserved and value.strip()}


# ---------------------------------------------------------------- routes


@router.get("/status", summary="How this server process is doing: its workers and its sheets")
async def status(request: Request) -> dict[str, Any]:
    """Each server process answers for itself: `workers` is how many the server runs, `sheets`
    what this process has ready (made in its sheet process, or read from the others')."""
    backend = backend_of(request)
    sheets = backend.sheets.status() if backend.sheets is not None else {}
    return {"workers": backend.settings.workers, "answering_threads": 1, "sheets": sheets}


@router.get("/games", summary="The games in the knowledge base (`referee games --json`)")
async def games(request: Request) -> list[dict[str, Any]]:
    return backend_of(request).games


@router.get("/search", summary="Ranked rule entries for a query (`referee search --json`)")
async def search(
    request: Request,
    q: QuestionQuery,
    game: GameQuery = None,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="How many entries.")] = 10,
) -> list[dict[str, Any]]:
    backend = backend_of(request)
    return await backend.run(search_json, backend, q, game, limit)


@router.get("/ask", summary="The rule text that answers a question, verbatim (`referee ask --json`)")
async def ask(request: Request, q: QuestionQuery, game: GameQuery = None) -> dict[str, Any]:
    backend = backend_of(request)
    return await backend.run(ask_json, backend, q, game)


@router.get("/entry/{item_id:path}", summary="One entry or section with its links (`referee show ID --json`)")
async def entry(
    request: Request,
    item_id: Annotated[str, Path(max_length=300, description="Entry or section id, e.g. takkure/2.01/7")],
) -> dict[str, Any]:
    backend = backend_of(request)
    try:
        return await backend.run_light(entry_json, backend, item_id)
    except RefereeError as exc:
        raise HTTPException(404, str(exc)) from None


@router.get("/checks", summary="Every check with its facts (`referee check --describe NAME --json` for each)")
async def checks(request: Request, game: GameQuery = None) -> list[dict[str, Any]]:
    backend = backend_of(request)
    chosen = await backend.run_light(lambda: checks_of_game(backend.checks, backend.resolve_game(game)))
    return [describe_check(c) for c in chosen]


@router.get("/checks/{name}", summary="A check's facts and an example (`referee check --describe NAME --json`)")
async def describe(request: Request, name: Annotated[str, Path(max_length=MAX_NAME_CHARS)]) -> dict[str, Any]:
    try:
        return describe_json(backend_of(request), name)
    except RefereeError as exc:
        raise HTTPException(404, str(exc)) from None


@router.get(
    "/check",
    summary="Settle a situation given in the address (`referee check --check NAME --fact name=value --json`)",
    description="Every query parameter other than `check` and `game` is a fact: `?check=pass&p=3&passer=10,30`.",
)
async def check(
    request: Request,
    check: Annotated[str, Query(max_length=MAX_NAME_CHARS, description="Check name (see /api/checks).")],
    game: GameQuery = None,
) -> dict[str, Any]:
    backend = backend_of(request)
    return await backend.run_light(check_json, backend, check, game, facts_from_query(request.query_params))


class Situation(BaseModel):
    """A situation document, as `referee check FILE` reads it."""

    check: str = Field(max_length=MAX_NAME_CHARS, examples=["pass"])
    game: str | None = Field(default=None, max_length=MAX_NAME_CHARS)
    facts: dict[str, Any] = Field(default_factory=dict, examples=[{"passer": [10, 30], "target": [13, 29], "p": 3}])


SITUATION_BODY = {
    "required": True,
    "content": {"application/json": {"schema": Situation.model_json_schema()}},
}


@router.post(
    "/check",
    summary="Settle a situation document (`referee check FILE --json`)",
    openapi_extra={"requestBody": SITUATION_BODY},
)
async def check_document(request: Request) -> dict[str, Any]:
    # read by the one guard every document passes (a key twice, NaN, 10^400, a NUL: 400 with the
    # place), not by FastAPI's json.loads, which keeps the last of two keys and reads NaN
    situation = validated(Situation, load_document(decode_text(await request.body(), "body"), "body"), "body")
    backend = backend_of(request)
    return await backend.run_light(check_json, backend, situation.check, situation.game, situation.facts)


class Tapped(BaseModel):
    """A choice a player tapped under an answer: the question as asked and the choice's entry id."""

    q: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS, examples=["How far can I pass?"])
    game: str | None = Field(default=None, max_length=MAX_NAME_CHARS, examples=["takkure"])
    choice: str = Field(min_length=1, max_length=300, examples=["takkure/2.01/7"])


TAPPED_BODY = {"required": True, "content": {"application/json": {"schema": Tapped.model_json_schema()}}}


@router.post(
    "/learn",
    summary="Keep a tapped choice as the answer to its question (`referee ask Q --right ID`); only with --learn",
    openapi_extra={"requestBody": TAPPED_BODY},
)
async def learn(request: Request) -> dict[str, Any]:
    """403 unless the server was started with `referee serve --learn`. The question is asked again
    and `choice` must be one of the passages its answer shows."""  # the docstring is the API docs' description
    backend = backend_of(request)
    if not backend.settings.learn:  # before the body is read: nothing to check when nothing is kept
        raise HTTPException(403, NOT_LEARNING)
    tapped = validated(Tapped, load_document(decode_text(await request.body(), "body"), "body"), "body")
    return await backend.run(learn_json, backend, tapped.q, tapped.game, tapped.choice)


STATE_BODY = {
    "required": True,
    "description": "A game state, YAML or JSON, as docs/game-states.md describes (at most 16 KB).",
    "content": {
        "application/yaml": {"schema": {"type": "string"}},
        "application/json": {"schema": {"type": "object"}},
    },
}


@router.post(
    "/state",
    summary="Settle a whole game state (`referee check STATE --json`)",
    openapi_extra={"requestBody": STATE_BODY},
)
async def state(request: Request) -> dict[str, Any]:
    """The body is the state document itself (YAML or JSON: game, pieces, action…); the answer is
    the verdict with every step, as the CLI prints it."""
    text = decode_text(await request.body(), "state")
    if not text.strip():
        raise RefereeError("state: the body is empty; send a state document (YAML or JSON)")
    backend = backend_of(request)
    return await backend.run_light(state_json, backend, text)
