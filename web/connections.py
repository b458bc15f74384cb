"""Connections that do not hold the server: a request must arrive whole within a few seconds.

uvicorn closes a kept-alive connection left idle after a response (`timeout_keep_alive`), but a
connection opened and never used, or one that sends its request a byte at a time, is kept for
ever: a handful of those (or of phones that lost the network mid-request) hold sockets and
memory. This protocol gives every request, from the connection's first byte to the end of its
body, `REQUEST_SECONDS` to arrive; past that the connection is closed, with one line in the log.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger("referee.web")
REQUEST_SECONDS = 10.0  # a 16 KB body on a poor table Wi-Fi arrives in well under a second
KEEP_ALIVE_SECONDS = 5  # idle between requests (uvicorn's own setting)


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on receiving each request."""

    request_seconds = REQUEST_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._settle()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()  # the next request on this connection has its own deadline

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self._deadline = self.loop.call_later(self.request_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _settle(self) -> None:
        """The request has arrived whole (or the connection is done): no deadline until the next."""
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._disarm()

    def _too_slow(self) -> None:
        self._deadline = None
        state = self.conn.their_state
        if self.transport.is_closing() or state not in (h11.IDLE, h11.SEND_BODY):
            return  # closing already, or the request is in and being answered: that time is not the client's
        client = f"{self.client[0]}:{self.client[1]}" if self.client else "a client"
        if state is h11.IDLE and not self.conn.trailing_data[0]:
            # a browser opens spare connections it may never use: not worth a line at the default level
            log.debug("closed an idle connection from %s (no request in %g s)", client, self.request_seconds)
        else:
            log.warning("closed a connection from %s: its request did not arrive in %g s", client, self.request_seconds)
        self.transport.close()
