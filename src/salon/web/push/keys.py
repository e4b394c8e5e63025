"""The server's VAPID key pair (RFC 8292): what a push service knows the server's messages by.

A browser's subscription is bound to the public key it was made with, so the pair is made
once, by whichever process first needs it, and kept in ``push_keys``: two processes making
one at the same moment each insert theirs only if none is there, then both read back the one
that was kept.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid
from sqlalchemy.dialects import postgresql, sqlite

from salon.web.storage import Database
from salon.web.storage.schema import PUSH_KEYS

KEY_ID = "vapid"
"""The one row of ``push_keys``."""


def b64url(raw: bytes) -> str:
    """Bytes as the Web Push texts carry them: URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    """The bytes of URL-safe base64, padded or not (ValueError for what is none)."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class VapidKeys:
    """``private``: the P-256 private key's 32 bytes; ``public``: the public key's uncompressed
    point (65 bytes), the ``applicationServerKey`` a browser subscribes with; both base64url."""

    private: str
    public: str

    def signer(self) -> Vapid:
        """What signs a message's VAPID claims.  Its contact (``sub``) is checked for form by
        the push services, not here: a server on this computer has no https address to give."""
        key = ec.derive_private_key(int.from_bytes(unb64url(self.private), "big"), ec.SECP256R1())
        return Vapid(key, conf={"no-strict": True})


def new_keys() -> VapidKeys:
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return VapidKeys(b64url(key.private_numbers().private_value.to_bytes(32, "big")), b64url(public))


def insert_or_skip(db: Database, table: sa.Table) -> Any:
    """An INSERT that skips a row clashing with a key, in one statement whatever another
    process writes at the same time."""
    dialect = postgresql if db.engine.dialect.name == "postgresql" else sqlite
    return dialect.insert(table).on_conflict_do_nothing()


def server_keys(db: Database, now: float) -> VapidKeys:
    """The server's key pair, made and kept at ``now`` if it has none yet (see the module's
    docstring)."""
    found = _kept(db)
    if found is None:
        made = new_keys()
        db.conn.execute(insert_or_skip(db, PUSH_KEYS).values(id=KEY_ID, private_key=made.private,
                                                             public_key=made.public, created=now))
        found = _kept(db)
        assert found is not None
    return found


def _kept(db: Database) -> VapidKeys | None:
    row = db.conn.execute(sa.select(PUSH_KEYS.c.private_key, PUSH_KEYS.c.public_key)
                          .where(PUSH_KEYS.c.id == KEY_ID)).first()
    return None if row is None else VapidKeys(row.private_key, row.public_key)
