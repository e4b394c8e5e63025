"""What keeps one client from spending a public server's capacity or acting from another site.

A table costs memory, a bot's thinking and a place in every lobby listing; a WebSocket costs
a descriptor and a share of every broadcast.  So a server bounds them: unfinished tables in
all and per creating address, spectators per table, live connections per address, and the
rate at which one address may create tables or take seats.  The rates are moving windows of
the ``limits`` library, kept in memory (one server process).

A state-changing request from a browser must come from the server's own pages: a request
whose ``Origin`` names another site is refused, and a body must be declared JSON, which a
cross-site form or a "simple" cross-origin request cannot declare without a preflight.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlsplit

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from salon.web.errors import ServiceError

SECURITY_HEADERS = {
    # no inline script anywhere: the client is modules served from /static
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                               "form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""Sent with every response: what the pages may load, and that no other site may frame them."""


@dataclass(frozen=True)
class Limits:
    """The caps of one server; the defaults suit a public server (``salon serve`` flags)."""

    max_tables: int = 500
    """Unfinished tables in all."""
    max_tables_per_client: int = 5
    """Unfinished tables created from one address."""
    max_spectators: int = 50
    """Connections without a seat watching one table."""
    max_connections_per_client: int = 32
    """Live WebSocket connections from one address."""
    create_rate: str = "20/hour"
    """Tables one address may create."""
    join_rate: str = "60/hour"
    """Seats one address may take (joining, and taking a table's first seat)."""
    allow_bot_tables: bool = False
    """Whether a table may have no human seat: bots playing bots spend the server for nobody."""
    page_size: int = 20
    """Games per status in one lobby listing (and the most a client may ask for)."""


UNLIMITED = Limits(max_tables=100_000, max_tables_per_client=100_000, max_spectators=10_000,
                   max_connections_per_client=100_000, create_rate="1000000/second", join_rate="1000000/second",
                   allow_bot_tables=True)
"""For a server only its own operator uses: the load check, the tests of other features."""


def client_key(host: str | None) -> str:
    """An opaque key of a client address: what the tables it created are counted by, stored
    without the address itself."""
    return hashlib.sha256((host or "unknown").encode()).hexdigest()[:32]


class Guard:
    """The caps and rates of one server process (see :class:`Limits`)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._rates = MovingWindowRateLimiter(MemoryStorage())
        self._create: RateLimitItem = parse(limits.create_rate)
        self._join: RateLimitItem = parse(limits.join_rate)
        self._connections: Counter[str] = Counter()

    def _hit(self, item: RateLimitItem, kind: str, client: str) -> None:
        if not self._rates.hit(item, kind, client):
            raise ServiceError(429, "rate_limited", f"too many {kind} requests from your address "
                                                    f"(at most {item}); try again later")

    def creating(self, client: str) -> None:
        self._hit(self._create, "create", client)

    def joining(self, client: str) -> None:
        self._hit(self._join, "join", client)

    def connect(self, client: str) -> None:
        """Count a new live connection of ``client``; refused past the cap."""
        if self._connections[client] >= self.limits.max_connections_per_client:
            raise ServiceError(429, "too_many_connections", "too many open connections from your address "
                                                            f"(at most {self.limits.max_connections_per_client})")
        self._connections[client] += 1

    def disconnect(self, client: str) -> None:
        self._connections[client] -= 1
        if self._connections[client] <= 0:
            del self._connections[client]


def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether a request's ``Origin`` (absent for non-browser clients) names the host it was
    sent to."""
    if origin is None:
        return True
    return origin != "null" and urlsplit(origin).netloc.lower() == (host or "").lower()
