"""A deadline for receiving a whole request, which uvicorn does not have.

uvicorn's keep-alive timeout covers only the idle time between requests, and every byte that
arrives cancels it; so a client that sends half a request, or trickles it a byte at a time
(slowloris), holds a connection, and with it a file descriptor, for as long as it likes, and
a thousand such clients stop the server from accepting anyone.  This protocol gives a
connection ``seconds`` to deliver each request whole (headers and body), from the moment it
opens or its previous response is sent; then it is closed.  The deadline ends when the
request is complete or becomes a WebSocket, so a long game over a WebSocket, or a slow
response, is never cut.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class DeadlineProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a request deadline (:func:`with_deadline` sets it)."""

    seconds = 5.0
    _deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.seconds, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()

    def on_response_complete(self) -> None:
        waiting = not self.pipeline  # else the next request, already whole, starts now
        super().on_response_complete()
        if waiting and not self.transport.is_closing():
            self._arm()


def with_deadline(seconds: float) -> type[DeadlineProtocol]:
    """The protocol class with a deadline of ``seconds`` per request."""
    return type("DeadlineProtocol", (DeadlineProtocol,), {"seconds": seconds})
