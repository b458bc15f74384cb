"""The templates, and the responses built from them: a page, and the error page.

Every page gets the games (for the picker); user text is always escaped (autoescape on every
template, whatever its name)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jinja2
from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from referee.web import present
from referee.web.backend import backend_of

HERE = Path(__file__).resolve().parent


class KeysFirst(jinja2.Environment):
    """`f.items` is the key "items" when the dictionary has one, never `dict.items`: a key our code
    or a game's data names like a dict method (items, keys, values, get, copy…) is data, and
    Jinja's default (the attribute first) iterates a bound method instead. Templates therefore
    never call a dictionary's methods for iterating (`| items`, not `.items()`; a test checks it)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if isinstance(obj, Mapping):
            try:
                return obj[attribute]
            except (KeyError, TypeError):
                pass
        return super().getattr(obj, attribute)


templates = Jinja2Templates(
    env=KeysFirst(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,  # every template, whatever its name: user text is never rendered raw
        trim_blocks=True,
        lstrip_blocks=True,
    )
)
present.install(templates.env)


def page(request: Request, name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    backend = backend_of(request)
    context.setdefault("games", backend.games)
    context.setdefault("learn", backend.settings.learn)  # the footer and the answer's choices say whether taps are kept
    return templates.TemplateResponse(request, name, context, status_code=status_code)


def render_error(request: Request, status: int, message: str) -> HTMLResponse:
    response = page(request, "error.html", status, status=status, message=message)
    if request.headers.get("hx-request"):  # a part of a page asked: show the message in its flash area
        response.headers.update({"HX-Retarget": "#flash", "HX-Reselect": "#flash", "HX-Reswap": "outerHTML"})
    return response
