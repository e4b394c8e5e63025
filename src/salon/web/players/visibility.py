"""Who may see whose profile.

A profile is public unless its account hides it; a hidden profile shows to its owner and to
the accounts the owner follows, and to nobody else.  A suspended account shows to nobody.  An
account nobody may see is answered exactly as one that does not exist (``no_such_player``), so
that nobody learns which handles are taken by trying them.  The same rule leaves hidden and
suspended accounts out of others' head-to-head lists and friends lists; the leaderboards
leave every hidden account out (salon.web.players.boards).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from salon.web.accounts import store
from salon.web.storage import ACCOUNTS, Database
from salon.web.storage.schema import FOLLOWS


def seen_by(viewer: str | None, accounts: Any = ACCOUNTS) -> sa.ColumnElement[bool]:
    """The condition on ``accounts`` (the table or an alias of it) that its row is shown to
    ``viewer`` (an account's id; None for a signed-out visitor)."""
    if viewer is None:
        return sa.and_(~accounts.c.suspended, ~accounts.c.hidden)
    back = FOLLOWS.alias("back")  # an alias of its own: the query it joins may read FOLLOWS too
    follows_viewer = sa.select(back.c.account).where(back.c.account == accounts.c.id,
                                                     back.c.followed == viewer).exists()
    return sa.and_(~accounts.c.suspended, sa.or_(~accounts.c.hidden, accounts.c.id == viewer, follows_viewer))


def find(db: Database, handle: str, viewer: str | None) -> Any:
    """The account row of ``handle`` if ``viewer`` may see it, else None (unknown, suspended,
    or hidden from them alike)."""
    row = store.by_handle(db, handle)
    if row is None or row.suspended:
        return None
    if not row.hidden or viewer == row.id:
        return row
    if viewer is None:
        return None
    follows = db.conn.execute(sa.select(FOLLOWS.c.at).where(FOLLOWS.c.account == row.id,
                                                            FOLLOWS.c.followed == viewer)).first()
    return row if follows is not None else None
