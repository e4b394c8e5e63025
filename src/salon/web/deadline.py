"""Bounds on plain HTTP connections, which uvicorn does not have: time, pipelining and number.

uvicorn's keep-alive timeout covers only the idle time between requests, and every byte that
arrives cancels it; so a client that sends half a request, or trickles it a byte at a time
(slowloris), holds a connection, and with it a file descriptor, for as long as it likes, and
a thousand such clients stop the server from accepting anyone.  A client that pipelines
requests and never reads the responses holds one as well, and makes the server keep every
response it cannot send.  So this protocol:

* gives a connection ``seconds`` to deliver each request whole (headers and body), from the
  moment it opens or its previous response is sent; then it is closed.  The deadline ends
  when the request is complete or becomes a WebSocket, so a long game over a WebSocket, or a
  slow response, is never cut;
* gives a response that the client does not read ``seconds`` to get moving again, once the
  connection's send buffer is full; then the connection is dropped with whatever it holds;
* drops a connection with more than :data:`MAX_PIPELINE` requests waiting behind the one
  being answered (a browser pipelines none);
* refuses (429) a client address past ``max_per_client`` open connections, counting an IPv6
  client by its /64 like the server's other caps, and not counting the reverse proxies the
  operator names (their clients are counted by the server's caps instead).  A connection
  that becomes a WebSocket is counted by the server with the other WebSockets instead.

Each connection dropped for these reasons is one line of the log (salon.web.drops), never a
traceback: uvicorn marks only the newest request of a connection as gone when it is lost, so
the one still being answered of a pipelined connection would write to a closed transport and
log a traceback; this protocol marks them all.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import ClassVar

from uvicorn._types import ASGI3Application
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle

from salon.web.drops import dropped
from salon.web.guard import NO_PROXIES, Proxies, address_group

MAX_PIPELINE = 16
"""Requests a connection may have waiting behind the one being answered."""


class DeadlineProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with the bounds above (:func:`with_deadline` sets them)."""

    seconds: ClassVar[float] = 5.0
    max_per_client: ClassVar[int] = 32
    proxies: ClassVar[Proxies] = NO_PROXIES
    open_by_client: ClassVar[Counter[str]] = Counter()
    _deadline: asyncio.TimerHandle | None = None
    _stalled: asyncio.TimerHandle | None = None
    _counted: str | None = None
    _client = "an unknown address"
    _answering: RequestResponseCycle | None = None
    """The request being answered: with others pipelined behind it, not ``self.cycle``."""
    _begun = False
    """Whether a byte of the next request has come since the deadline was armed."""

    def _arm(self) -> None:
        self._disarm()
        self._begun = False
        self._deadline = self.loop.call_later(self.seconds, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        """A request begun and not whole in time is dropped; an idle connection just closed."""
        self._deadline = None
        if self._begun:
            self._drop(f"a request not whole within {self.seconds:g} s")
        elif not self.transport.is_closing():
            self.transport.close()

    def _drop(self, reason: str) -> None:
        if not self.transport.is_closing():
            dropped(reason, self._client)
        self._gone()
        self.transport.abort()

    def _gone(self) -> None:
        """Mark every request of the connection as gone, so that none writes to it again."""
        for cycle in (self._answering, self.cycle, *(c for c, _ in self.pipeline)):
            if cycle is not None and not cycle.response_complete:
                cycle.disconnected = True
                cycle.message_event.set()

    def _uncount(self) -> None:
        if self._counted is not None:
            self.open_by_client[self._counted] -= 1
            if self.open_by_client[self._counted] <= 0:
                del self.open_by_client[self._counted]
            self._counted = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else None
        if host is not None and not self.proxies.trusts(host):
            client = self._client = address_group(host)
            if self.open_by_client[client] >= self.max_per_client:
                self._refuse()
                return
            self.open_by_client[client] += 1
            self._counted = client
        self._arm()

    def _refuse(self) -> None:
        body = json.dumps({"error": {"code": "too_many_connections", "status": 429, "message":
                                     f"too many open connections from your address (at most {self.max_per_client})"}})
        self.transport.write(b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
                             b"connection: close\r\ncontent-length: %d\r\n\r\n%s" % (len(body), body.encode()))
        self.transport.close()
        dropped(f"more than {self.max_per_client} connections open", self._client)

    def connection_lost(self, exc: Exception | None) -> None:
        self._gone()
        self._disarm()
        self._unstall()
        self._uncount()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self.transport.is_closing():  # nothing more is read from a connection being dropped
            self._begun = self._begun or self._deadline is not None
            super().data_received(data)

    def on_headers_complete(self) -> None:
        if self.transport.is_closing():  # the rest of a dropped connection's last read
            return
        super().on_headers_complete()
        if len(self.pipeline) > MAX_PIPELINE:
            self._drop(f"more than {MAX_PIPELINE} requests pipelined")

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def _start_asgi_task(self, cycle: RequestResponseCycle, app: ASGI3Application) -> None:
        self._answering = cycle
        super()._start_asgi_task(cycle, app)

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        self._uncount()
        super().handle_websocket_upgrade()

    def on_response_complete(self) -> None:
        waiting = not self.pipeline  # else the next request, already whole, starts now
        super().on_response_complete()
        if waiting and not self.transport.is_closing():
            self._arm()

    def pause_writing(self) -> None:
        super().pause_writing()
        self._unstall()
        self._stalled = self.loop.call_later(self.seconds, self._drop, f"a response not read for {self.seconds:g} s")

    def resume_writing(self) -> None:
        self._unstall()
        super().resume_writing()

    def _unstall(self) -> None:
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None


def with_deadline(seconds: float, max_per_client: int = 32, proxies: Proxies = NO_PROXIES
                  ) -> type[DeadlineProtocol]:
    """The protocol class with a deadline of ``seconds`` per request (and per stalled
    response), at most ``max_per_client`` connections per address but ``proxies``'."""
    return type("DeadlineProtocol", (DeadlineProtocol,), {
        "seconds": seconds, "max_per_client": max_per_client, "proxies": proxies, "open_by_client": Counter()})
