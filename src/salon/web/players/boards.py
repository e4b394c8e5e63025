"""The leaderboards: per rating kind, the established players (at least
:data:`~salon.web.players.figures.PROVISIONAL_GAMES` rated games) by their shown rating, best
first, and the provisional ones in a list apart, a page at a time.

A page is read along the index ``ratings_board`` (kind, shown) from its top, so it costs its
offset and its length, never the whole board; whether a next page exists is told by reading
one row more rather than by counting the board.  Hidden and suspended accounts are left out.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from salon.web.players.figures import PROVISIONAL_GAMES
from salon.web.storage import ACCOUNTS, Database
from salon.web.storage.schema import RATINGS


def page(db: Database, kind: str, provisional: bool, offset: int, limit: int) -> tuple[list[dict[str, Any]], bool]:
    """The rows of a board's page (rank, handle, name, rating, games) and whether more follow."""
    counted = RATINGS.c.games < PROVISIONAL_GAMES if provisional else RATINGS.c.games >= PROVISIONAL_GAMES
    rows = db.conn.execute(
        sa.select(ACCOUNTS.c.handle, ACCOUNTS.c.name, RATINGS.c.shown, RATINGS.c.games)
        .join(ACCOUNTS, ACCOUNTS.c.id == RATINGS.c.account)
        .where(RATINGS.c.kind == kind, counted, ~ACCOUNTS.c.hidden, ~ACCOUNTS.c.suspended)
        .order_by(RATINGS.c.shown.desc(), RATINGS.c.account).offset(offset).limit(limit + 1)).all()
    listed = [{"rank": offset + i + 1, "handle": r.handle, "name": r.name, "rating": round(r.shown),
               "games": r.games} for i, r in enumerate(rows[:limit])]
    return listed, len(rows) > limit
