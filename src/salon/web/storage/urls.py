"""Which database a URL names, and its password kept off the command line."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TypeGuard

import sqlalchemy as sa
from sqlalchemy.engine import make_url

from salon.core.errors import ConfigError

POSTGRES_SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")


def default_path() -> Path:
    """The SQLite file in the user's data directory (XDG_DATA_HOME, else ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "salon" / "salon.db"


def is_postgres(url: str | None) -> TypeGuard[str]:
    return url is not None and url.split("://", 1)[0] in POSTGRES_SCHEMES


def describe(url: str | None) -> str:
    """The database a URL names, for the server's start-up line (a password is left out)."""
    if url is None:
        return str(default_path())
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://…@{rest.rsplit('@', 1)[1]}"
    return url


def password_of(url: str) -> str | None:
    """The password a database URL carries, if any."""
    try:
        return make_url(url).password if "://" in url else None
    except sa.exc.ArgumentError:
        return None


def with_password(url: str | None, file: Path) -> str:
    """A PostgreSQL URL with the password read from the first line of ``file``, so that the
    password needs to be neither on the command line nor in the environment."""
    if not is_postgres(url):
        raise ConfigError("--db-password-file is for a PostgreSQL database: give --db postgresql://USER@HOST/DB too")
    try:
        password = file.read_text(encoding="utf-8").splitlines()[0] if file.stat().st_size else ""
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"cannot read the password file {file}: {e}") from None
    if not password:
        raise ConfigError(f"the password file {file} is empty")
    return make_url(url).set(password=password).render_as_string(hide_password=False)
