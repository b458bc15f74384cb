"""Bounds on what a request may carry, posts from other sites refused, the headers every response
gets, HEAD, and clients that leave.

Plain ASGI rather than a Starlette BaseHTTPMiddleware: a body declared too large is refused
before anything reads it, one sent without a length is cut off as it arrives, and a response
is not buffered on its way out. HEAD is answered as GET without the body, everywhere. A client
that hangs up while its request is read (a dropped upload) is one line in the log, not an error.
"""

from __future__ import annotations

import html
import json
import logging
from collections.abc import Callable
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect

log = logging.getLogger("referee.web")

MAX_URL_BYTES = 4096  # a settle link with every fact filled is well under 1 KB
MAX_BODY_BYTES = 16 * 1024  # the largest body the API takes is a situation: {check, facts}

# Nothing is loaded from another origin; the only inline style is a sheet's own (see pages.sheet).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


class LimitRequests:
    """`error_page(scope, status, message)`: the app's own error page for a refusal a person sees
    (web.app.refused_page); without it, one line of text."""

    def __init__(self, app: Any, error_page: Callable[[dict[str, Any], int, str], Any] | None = None) -> None:
        self.app = app
        self.error_page = error_page

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = _refusal(scope)
        if refusal is not None:
            await self._refuse(scope, receive, send, *refusal)
            return
        head = scope["method"] == "HEAD"
        if head:  # the GET route answers; the body is not sent (its length is kept)
            scope = {**scope, "method": "GET"}
        try:
            await self.app(scope, _bounded(receive), _with_headers(send, head))
        except ClientDisconnect:
            client = scope.get("client") or ("?", 0)
            log.warning("client %s:%s left before its request was read: %s %s", *client, scope["method"], scope["path"])

    async def _refuse(self, scope: dict[str, Any], receive: Any, send: Any, status: int, message: str) -> None:
        """Refused before routing: JSON for the API, the page's message area for a part of a page
        that htmx asked for (as pages.render_error does), the app's error page for everything else."""
        page = scope["path"].startswith("/api/") or any(name == b"hx-request" for name, _ in scope.get("headers", []))
        if self.error_page is not None and not page:
            try:
                response = self.error_page(scope, status, message)
            except Exception:  # the page itself failed: the line below still says why
                log.exception("error page failed for a refused request")
            else:
                await response(scope, receive, _with_headers(send, scope["method"] == "HEAD"))
                return
        await _refuse(scope, send, status, message)


SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def _refusal(scope: dict[str, Any]) -> tuple[int, str] | None:
    """The status and line a request is refused with before routing, or None."""
    url_bytes = len(scope.get("raw_path") or scope["path"].encode()) + len(scope.get("query_string") or b"")
    if url_bytes > MAX_URL_BYTES:
        return 414, f"the address is too long (at most {MAX_URL_BYTES} bytes)"
    declared = _content_length(scope)
    if declared is not None and declared > MAX_BODY_BYTES:
        return 413, f"the request body is too large (at most {MAX_BODY_BYTES} bytes)"
    refused = _cross_site(scope)
    return (403, refused) if refused else None


def _cross_site(scope: dict[str, Any]) -> str | None:
    """Why a browser's POST from another site is refused (CSRF), or None. A browser says where a
    request comes from (Sec-Fetch-Site; Origin on every POST); a script or curl sends neither and
    is let through, as a page of this server is. With `--learn` a POST writes: no other site's page
    may make a player's browser keep a choice (or settle anything) here behind their back."""
    if scope["method"] in SAFE_METHODS:
        return None
    headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope.get("headers", [])}
    if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return "a page of another site may not post to Referee"
    origin = headers.get("origin")
    if origin is not None and origin != f"{scope.get('scheme', 'http')}://{headers.get('host', '')}":
        return f"a page of another site ({origin}) may not post to Referee"
    return None


def _content_length(scope: dict[str, Any]) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return MAX_BODY_BYTES + 1  # unreadable: treated as too large
    return None


def _bounded(receive: Any) -> Any:
    """A body sent without a length (chunked) is refused once it passes the limit: an
    HTTPException, which FastAPI lets through its body parsing to the app's error handler."""

    seen = 0

    async def bounded() -> dict[str, Any]:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY_BYTES:
                raise HTTPException(413, f"the request body is too large (at most {MAX_BODY_BYTES} bytes)")
        return message

    return bounded


def _with_headers(send: Any, head: bool = False) -> Any:
    async def send_with_headers(message: dict[str, Any]) -> None:
        if head and message["type"] == "http.response.body":
            message = {**message, "body": b""}
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            names = {name.lower() for name, _ in headers}
            headers += [(name, value) for name, value in SECURITY_HEADERS if name not in names]
            if b"content-security-policy" not in names:
                headers.append((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()))
            message = {**message, "headers": headers}
        await send(message)

    return send_with_headers


async def _refuse(scope: dict[str, Any], send: Any, status: int, message: str) -> None:
    """Refused before routing: JSON for the API, the page's message area for a part of a page
    that htmx asked for (as pages.render_error does), one line of text for everything else."""
    extra: list[tuple[bytes, bytes]] = []
    if scope["path"].startswith("/api/"):
        body, kind = json.dumps({"error": message}).encode(), b"application/json"
    elif any(name == b"hx-request" for name, _ in scope.get("headers", [])):
        body = f'<div id="flash" class="error" role="alert">{html.escape(message)}</div>\n'.encode()
        kind = b"text/html; charset=utf-8"
        extra = [(b"hx-retarget", b"#flash"), (b"hx-reselect", b"#flash"), (b"hx-reswap", b"outerHTML")]
    else:
        body, kind = (message + "\n").encode(), b"text/plain; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS, *extra]
    headers.append((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
