"""The store's tables as the newest migration leaves them (the migrations build them, these
describe them: tests/web/test_storage.py checks that the two agree), and what the statements
share: which games are in play, PostgreSQL's sessions and advisory locks."""

from __future__ import annotations

import hashlib

import sqlalchemy as sa

UNFINISHED, FINISHED, ENDED = 0, 1, 2
"""The values of ``games.over``: in play, played to its end, ended early by its players."""

METADATA = sa.MetaData()
GAMES = sa.Table(
    "games", METADATA,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("game", sa.Text, nullable=False),
    sa.Column("title", sa.Text, nullable=False),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("seed", sa.Text, nullable=False),  # decimal digits: seeds go up to 2**256
    sa.Column("created", sa.Double, nullable=False),
    sa.Column("over", sa.Integer, nullable=False),
    sa.Column("creator", sa.Text),
    sa.Column("options", sa.Text, nullable=False, server_default="{}"),
    sa.Column("broken", sa.Text),
    sa.Column("undos", sa.Integer, nullable=False, server_default="0"),
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("writes", sa.Integer, nullable=False, server_default="0"),
    sa.Column("network", sa.Text),  # an opaque hash of the network it was created from
    sa.Column("attended", sa.Double),  # when a seated person was last known connected (seconds since the epoch)
    sa.Index("games_by_over", "over", "created"),
)
SEATS = sa.Table(
    "seats", METADATA,
    sa.Column("game_id", sa.Text, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("bot", sa.Text),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("token_hash", sa.Text),
    sa.Column("undos", sa.Integer, nullable=False, server_default="0"),
    sa.Column("hints", sa.Integer, nullable=False, server_default="0"),
)
ACTIONS = sa.Table(
    "actions", METADATA,
    sa.Column("game_id", sa.Text, primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("action", sa.Text, nullable=False),
)
RATE_HITS = sa.Table(
    "rate_hits", METADATA,
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("key", sa.Text, nullable=False),
    sa.Column("until", sa.Double, nullable=False),  # when the hit leaves its window (seconds since the epoch)
    sa.Index("rate_hits_by_key", "kind", "key", "until"),
    sa.Index("rate_hits_by_until", "until"),
)
CONNECTIONS = sa.Table(
    "connections", METADATA,
    sa.Column("ticket", sa.Text, primary_key=True),
    sa.Column("holder", sa.Text, nullable=False),  # the database session of the process serving it
    sa.Column("client", sa.Text, nullable=False),
    sa.Column("game_id", sa.Text),  # the table it watches or plays at
    sa.Column("seat", sa.Integer),  # the seat it plays; none for a spectator
    sa.Index("connections_by_client", "client"),
    sa.Index("connections_by_game", "game_id"),
)

IN_PLAY = sa.and_(GAMES.c.over == UNFINISHED, GAMES.c.broken.is_(None))
"""The games in play: unfinished and not quarantined."""
GAME_COLUMNS = (GAMES.c.id, GAMES.c.game, GAMES.c.title, GAMES.c.config, GAMES.c.seed, GAMES.c.created,
                GAMES.c.over, GAMES.c.creator, GAMES.c.options, GAMES.c.undos, GAMES.c.listed, GAMES.c.writes)
"""What a :class:`GameRecord` is made of (``broken`` leads to a :class:`BrokenRecord` instead)."""



def lock_key(name: str) -> int:
    """The advisory lock of a name (a game's id, say): 64 bits of its hash, as PostgreSQL's signed bigint."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big", signed=True)


_ACTIVITY = sa.table("pg_stat_activity", sa.column("pid"), sa.column("backend_start"))
SESSIONS = sa.select(sa.cast(_ACTIVITY.c.pid, sa.Text) + "@"
                     + sa.cast(sa.func.extract("epoch", _ACTIVITY.c.backend_start), sa.Text))
"""The names of PostgreSQL's open sessions: each one's server process and when it started (a
process id alone may be given again to a later session)."""
OWN_SESSION = SESSIONS.where(_ACTIVITY.c.pid == sa.func.pg_backend_pid())
"""The name of the asking session."""
