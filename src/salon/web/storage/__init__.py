"""Durable game records for the server: SQLite by default, PostgreSQL by URL.

A game is stored as its record (``salon.core.record``): the game's name, config and seed,
its seats, and the list of accepted actions, one row per action.  The server appends an
action and waits for the commit before it acknowledges it, so a crash never loses an
accepted action; on restart every unfinished game is rebuilt by replaying its actions.

The statements are SQLAlchemy Core, so that one text serves both databases; the schema
carries its Alembic revision and is moved forward on opening (``salon.web.migrations``).
The package's modules: the tables (``schema``), the records read from them (``records``),
the URLs (``urls``), opening a connection (``connection``), the statements (``database``) and
the thread that owns the connection (``thread``); what the server uses is named here.
"""

from salon.web.storage.database import Database, Stale, StorageError
from salon.web.storage.records import Appended, BrokenRecord, GameRecord, SeatRecord
from salon.web.storage.schema import (
    ACCOUNT_SESSIONS,
    ACCOUNT_TOKENS,
    ACCOUNTS,
    ACTIONS,
    CONNECTIONS,
    GAMES,
    IN_PLAY,
    METADATA,
    RATE_HITS,
    SEATS,
    SESSIONS,
    lock_key,
)
from salon.web.storage.thread import Storage
from salon.web.storage.urls import default_path, describe, is_postgres, password_of, with_password

__all__ = [
    "ACCOUNTS", "ACCOUNT_SESSIONS", "ACCOUNT_TOKENS",
    "ACTIONS", "CONNECTIONS", "GAMES", "IN_PLAY", "METADATA", "RATE_HITS", "SEATS", "SESSIONS", "Appended",
    "BrokenRecord", "Database", "GameRecord", "SeatRecord", "Stale", "Storage", "StorageError", "default_path",
    "describe", "is_postgres", "lock_key", "password_of", "with_password",
]
