"""The caps of one server (``salon serve``'s flags): what one client, one network and all of
them together may hold and ask for.

Apart from the guard that enforces them (salon.web.guard), so that the command line can
show their defaults without loading the web stack."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """The caps of one server; the defaults suit a public server (``salon serve`` flags)."""

    max_tables: int = 500
    """Unfinished tables in all."""
    max_tables_per_client: int = 5
    """Unfinished tables created from one address."""
    max_tables_per_network: int = 25
    """Unfinished tables created from one network (salon.web.guard.network_group): the addresses of one
    subscriber's or one hosting provider's network would otherwise each count apart."""
    abandon_after: float = 600.0
    """Seconds an unfinished table may go without a seated person connected before it is ended."""
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
    custom_bots: bool = False
    """Whether bots with parameters may be asked for (salon.web.bot_policy), not only the levels."""
    max_bot_think: float = 5.0
    """The longest think time a bot with parameters may be given, in seconds."""
    hint_rate: str = "10/minute"
    """Hints one seat may ask for, and one address."""
    replay_rate: str = "120/minute"
    """Steps of replays one address may ask for (each replays the game up to that step)."""
    letter_rate: str = "10/hour"
    """Sign-ups and password resets one address may ask for: each sends a letter
    (salon.web.accounts)."""
    session_idle: float = 14 * 86400.0
    """Seconds a signed-in session lasts without a request (salon.web.accounts)."""
    push_on_loopback: bool = False
    """Whether a push subscription may name an endpoint on this computer (salon.web.push): a
    server for this computer alone, where the operator's own push service may listen."""


UNLIMITED = Limits(max_tables=100_000, max_tables_per_client=100_000, max_tables_per_network=100_000,
                   max_spectators=10_000,
                   max_connections_per_client=100_000, create_rate="1000000/second", join_rate="1000000/second",
                   allow_bot_tables=True, custom_bots=True, hint_rate="1000000/second",
                   replay_rate="1000000/second", letter_rate="1000000/second", push_on_loopback=True)
"""For a server only its own operator uses: the load check, the tests of other features."""
