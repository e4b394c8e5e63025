"""What keeps one client from spending a public server's capacity or acting from another site.

A table costs memory, a bot's thinking and a place in every lobby listing; a WebSocket costs
a descriptor and a share of every broadcast.  So a server bounds them: unfinished tables in
all, per creating address and per creating network, spectators per table, live connections
per address, and the rate at which one address may create tables or take seats.  A table
counts against its creator's caps for as long as it is unfinished, and a table that no
seated person holds (connected, on any process) for ``abandon_after`` is ended (salon.web.hub),
so that nobody can fill the server with tables and walk away.  The rates are moving windows;
both are counted in the server's database (salon.web.quota), which every process serving it
shares.

A state-changing request from a browser must come from the server's own pages: a request
whose ``Origin`` names another site is refused, and a body must be declared JSON, which a
cross-site form or a "simple" cross-origin request cannot declare without a preflight.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import secrets
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar
from urllib.parse import urlsplit

from limits import RateLimitItem, parse

from salon.web import quota
from salon.web.caps import Limits
from salon.web.errors import Refused
from salon.web.storage import Database, GameRecord, Storage, StorageError

T = TypeVar("T")

log = logging.getLogger("salon.web")

SECURITY_HEADERS = {
    # no inline script anywhere: the client is modules served from /static
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
                               "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""Sent with every response: what the pages may load, and that no other site may frame them."""


def address_group(host: str | None) -> str:
    """What one client is counted as: its IPv4 address, or its IPv6 address's /64 network (a
    single subscriber is usually given a whole /64, and may use any address in it)."""
    try:
        address = ipaddress.ip_address(host or "")
    except ValueError:
        return host or "unknown"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def network_group(host: str | None) -> str:
    """The network a client's address belongs to, as one provider would hand it out: an IPv4
    address's /24, an IPv6 address's /48 (a site's whole allocation)."""
    try:
        address = ipaddress.ip_address(host or "")
    except ValueError:
        return host or "unknown"
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    prefix = 24 if isinstance(address, ipaddress.IPv4Address) else 48
    return str(ipaddress.ip_network((address, prefix), strict=False))


def client_key(host: str | None) -> str:
    """An opaque key of a client (its address group): what the tables it created are counted
    by, stored without the address itself."""
    return hashlib.sha256(address_group(host).encode()).hexdigest()[:32]


def network_key(host: str | None) -> str:
    """An opaque key of a client's network (:func:`network_group`), stored without it."""
    return hashlib.sha256(f"network {network_group(host)}".encode()).hexdigest()[:32]


class Guard:
    """The caps and rates of a server (see :class:`Limits`), counted in its database
    (salon.web.quota), so that the processes serving one database share them."""

    def __init__(self, limits: Limits, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.limits = limits
        self.storage = storage
        self.clock = clock
        """Seconds since the epoch, which the processes share: the rate windows' clock."""
        self._create: RateLimitItem = parse(limits.create_rate)
        self._join: RateLimitItem = parse(limits.join_rate)
        self._hint: RateLimitItem = parse(limits.hint_rate)
        self._replay: RateLimitItem = parse(limits.replay_rate)

    async def _count(self, job: Callable[[Database], T]) -> T:
        try:
            return await self.storage.run(job, alone=True)  # counts hold their locks to the commit
        except StorageError as e:
            log.error("storage: %s", e)
            raise Refused("storage", "the database refused the change; nothing changed, try again") from None

    async def _hit(self, *hits: tuple[RateLimitItem, str, str]) -> None:
        """Count a request in each of its rates, or in none if it is beyond one of them."""
        counted = [quota.Hit(kind, key, item.amount, item.get_expiry()) for item, kind, key in hits]
        now = self.clock()
        refused = await self._count(lambda db: quota.hit(db, counted, now))
        if refused is None:
            return
        item = next(item for item, kind, _ in hits if kind == refused.kind)
        whose = "for your seat" if refused.kind == "hint-seat" else "from your address"
        what = "hints" if refused.kind.startswith("hint") else f"{refused.kind} requests"
        raise Refused("rate_limited", f"too many {what} {whose} (at most {item}); try again later")

    async def creating(self, client: str) -> None:
        await self._hit((self._create, "create", client))

    async def joining(self, client: str) -> None:
        await self._hit((self._join, "join", client))

    async def hinting(self, client: str, seat: str) -> None:
        """A hint for ``seat`` (a table's seat) asked from ``client``: counted for both."""
        await self._hit((self._hint, "hint-seat", seat), (self._hint, "hint", client))

    async def replaying(self, client: str) -> None:
        await self._hit((self._replay, "replay", client))

    async def creating_table(self, rec: GameRecord, then: Callable[[Database], None] | None = None) -> None:
        """Store the new table ``rec``, unless it would pass the tables' caps for all, for its
        creator's address (``rec.creator``) or for its network (``rec.network``); ``then``,
        in the same job, what its creation causes (its invitations)."""
        caps = quota.TableCaps(self.limits.max_tables, self.limits.max_tables_per_client,
                               self.limits.max_tables_per_network)

        def create(db: Database) -> tuple[str, int] | None:
            full = quota.tables_full(db, rec.creator or "", rec.network or "", caps)
            if full is None:
                db.create_game(rec)
                if then is not None:
                    then(db)
            return full

        full = await self._count(create)
        if full is None:
            return
        code, count = full
        if code == "server_full":
            raise Refused(code, f"the server has {count} unfinished tables, its most; join one or try "
                                          "again later")
        if code == "too_many_tables":
            raise Refused(code, f"you have {count} unfinished tables, the most one address may have; "
                                          "finish or leave one first")
        raise Refused(code, f"{count} unfinished tables were created from your network, the most one "
                                      "network may have; finish or leave one first")

    async def connect(self, client: str) -> str:
        """Count a new live connection of ``client``, refused past the cap: the ticket it is
        counted under, to give back to :meth:`disconnect`."""
        ticket = secrets.token_hex(16)
        most = self.limits.max_connections_per_client
        if await self._count(lambda db: quota.connect(db, ticket, client, most)) is not None:
            raise Refused("too_many_connections", f"too many open connections from your address "
                                                            f"(at most {most})")
        return ticket

    async def watch(self, ticket: str | None, game_id: str) -> None:
        """Count the connection as a spectator of the table, refused past the table's cap."""
        most = self.limits.max_spectators
        watching = await self._count(lambda db: quota.watch(db, ticket, game_id, most))
        if watching is not None:
            raise Refused("too_many_spectators", f"this table has {watching} spectators, its most")

    async def sit(self, ticket: str, game_id: str, seat: int) -> None:
        """Store that the connection plays the table's seat: the other processes show its
        player online."""
        now = time.time()
        await self._count(lambda db: quota.sit(db, ticket, game_id, seat, now))

    async def disconnect(self, ticket: str) -> None:
        try:
            await self.storage.run(lambda db: quota.disconnect(db, ticket))
        except StorageError as e:  # the connection is gone anyway; its process's session ends with it
            log.warning("storage: a connection not counted out: %s", e)


def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether a request's ``Origin`` (absent for non-browser clients) names the host it was
    sent to."""
    if origin is None:
        return True
    return origin != "null" and urlsplit(origin).netloc.lower() == (host or "").lower()


@dataclass(frozen=True)
class Hosts:
    """The names the server answers to in a request's ``Host``, against DNS rebinding: a page
    of another site whose name is made to point at this server's address would otherwise
    reach the server as if it were one of its own pages (its requests name the other site's
    host, and its ``Origin`` matches).  An address written as digits cannot be such a name,
    so any IP address is answered; names only when listed: ``localhost``, the name the
    server listens on, this computer's own names when it listens on every address, and the
    operator's ``--allowed-host`` names (``*.example.org`` for a domain's names, ``*`` for
    any)."""

    names: frozenset[str]

    @classmethod
    def listening_on(cls, host: str, allowed: Sequence[str] = ()) -> Hosts:
        names = {"localhost", *(_host_name(a) for a in allowed)}
        if host in ("0.0.0.0", "::", ""):
            machine = socket.gethostname()
            names |= {machine, socket.getfqdn(), f"{machine}.local"}
        elif not _is_address(host):
            names.add(_host_name(host))
        return cls(frozenset(n.lower() for n in names if n))

    def allows(self, header: str | None) -> bool:
        if header is None:  # an HTTP/1.0 client that names no host is no browser
            return True
        name = _host_name(header)
        if _is_address(name) or name in self.names or "*" in self.names:
            return True
        return any(n.startswith("*.") and name.endswith(n[1:]) for n in self.names)


def _host_name(header: str) -> str:
    """The name of a ``Host`` value, without its port, brackets or final dot, in lower case."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    if header.count(":") == 1:
        header = header.split(":", 1)[0]
    return header.rstrip(".")


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Proxies:
    """The reverse proxies the operator names (``--proxy``): only their ``X-Forwarded-For``
    is believed, and their own connections are not capped as a client's.  None by default,
    so that a client cannot choose the address it is counted by."""

    networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]

    @classmethod
    def parse(cls, given: Sequence[str]) -> Proxies:
        """ValueError names an entry that is no address or network."""
        networks = []
        for entry in given:
            try:
                networks.append(ipaddress.ip_network(entry.strip(), strict=False))
            except ValueError:
                raise ValueError(f"{entry!r} is not an IP address or network") from None
        return cls(tuple(networks))

    def trusts(self, host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def __str__(self) -> str:
        return ",".join(str(n) for n in self.networks)


NO_PROXIES = Proxies(())
