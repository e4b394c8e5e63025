"""Who may sit at a rated table that chooses its players: its minimum rating and reliability
(the blocks between accounts are salon.web.chat's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from salon.web.players.figures import BASE
from salon.web.standing.outcome import ENDED, FINISHED
from salon.web.storage.schema import RATINGS, RESULTS

if TYPE_CHECKING:
    from salon.web.storage import Database


def rating(db: Database, account: str, kind: str) -> float:
    """The figure an account is shown for ``kind`` (a newcomer's, 1,500, where it has none)."""
    value = db.conn.execute(sa.select(RATINGS.c.shown).where(RATINGS.c.account == account,
                                                             RATINGS.c.kind == kind)).scalar()
    return float(value) if value is not None else BASE


def reliability(db: Database, account: str) -> float:
    """The share, in per cent, of the account's games that it stayed in to the end (100 for
    one that has played none)."""
    stayed = sa.func.sum(sa.case((RESULTS.c.outcome.in_((FINISHED, ENDED)), 1), else_=0))
    row = db.conn.execute(sa.select(sa.func.count(), stayed).where(RESULTS.c.account == account)).first()
    started, finished = (row[0], row[1] or 0) if row is not None else (0, 0)
    return 100.0 * finished / started if started else 100.0


def shortfall(db: Database, account: str, kind: str, options: dict[str, Any]) -> str | None:
    """Why an account falls short of a rated table's minimum rating or reliability, if it does
    (the caller refuses it ``below_minimum``: a job of the storage thread refuses nothing)."""
    least = options.get("min_rating")
    if least is not None and (have := rating(db, account, kind)) < least:
        return f"this table asks for a rating of {least} at least; yours is {round(have)}"
    least = options.get("min_reliability")
    if least is not None and (have := reliability(db, account)) < least:
        return f"this table asks for {least}% of games finished at least; yours is {round(have)}%"
    return None
