"""Holidays: days a year an account may stop the clocks of all its tables that last days.

An account has :data:`ALLOWANCE` days each calendar year (UTC).  Switched on, its holiday
stands the clock of every decision of its at those tables still (salon.web.tables.clocks:
the time of the holiday under way is paused time), and the other players see it on its
seats.  Switched off, or once its days are spent, the time it took is taken from the days
left, and every clock it stood still is moved on by the part of the holiday that fell within
its decision (salon.web.storage.turns.holiday_over), so that each process and each restart
reads the same deadlines from the database.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from salon.web.errors import Refused
from salon.web.storage import Database
from salon.web.storage import turns as stored_turns
from salon.web.storage.schema import ACCOUNTS
from salon.web.tables.clocks import DAY

if TYPE_CHECKING:
    from salon.web.accounts.service import Accounts
    from salon.web.tables.hub import Hub

ALLOWANCE = 14.0
"""Days of holiday each account has a year."""


def days_left(row: Any, now: float) -> float:
    """The days of holiday ``row``'s account has left this year as of ``now``, the one under
    way counted as taken so far."""
    year = time.gmtime(now).tm_year
    left = ALLOWANCE if row.holiday_year != year or row.holiday_left is None else float(row.holiday_left)
    if row.holiday_since is not None:
        left -= (now - row.holiday_since) / DAY
    return max(0.0, left)


def view(row: Any, now: float) -> dict[str, Any]:
    return {"on": row.holiday_since is not None, "days_left": round(days_left(row, now), 2),
            "since": row.holiday_since, "allowance": ALLOWANCE}


def _row(db: Database, account: str) -> Any:
    return db.conn.execute(sa.select(ACCOUNTS.c.holiday_left, ACCOUNTS.c.holiday_year, ACCOUNTS.c.holiday_since)
                           .where(ACCOUNTS.c.id == account)).one()


def begin(db: Database, account: str, now: float) -> bool:
    """Switch the holiday on; False once the year's days are spent."""
    row = _row(db, account)
    if row.holiday_since is not None:
        return True
    if days_left(row, now) <= 0:
        return False
    db.conn.execute(ACCOUNTS.update().where(ACCOUNTS.c.id == account).values(
        holiday_since=now, holiday_left=days_left(row, now), holiday_year=time.gmtime(now).tm_year))
    return True


def end(db: Database, account: str, now: float) -> dict[str, float]:
    """Switch the holiday off at ``now``, or when its days ran out if that was earlier: the
    tables whose clocks moved on, with the time each decision now runs from."""
    row = _row(db, account)
    if row.holiday_since is None:
        return {}
    until = min(now, row.holiday_since + float(row.holiday_left or 0.0) * DAY)
    db.conn.execute(ACCOUNTS.update().where(ACCOUNTS.c.id == account).values(
        holiday_since=None, holiday_left=days_left(row, until)))
    return stored_turns.holiday_over(db, account, row.holiday_since, until)


def spent(db: Database, now: float) -> list[str]:
    """The accounts on holidays whose days ran out by ``now``."""
    return list(db.conn.scalars(sa.select(ACCOUNTS.c.id).where(
        ACCOUNTS.c.holiday_since.is_not(None),
        ACCOUNTS.c.holiday_since + sa.func.coalesce(ACCOUNTS.c.holiday_left, 0.0) * DAY <= now)))


class Holidays:
    """Switching an account's holiday, and showing it at the tables this process holds."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    async def view(self, account: str) -> dict[str, Any]:
        now = self.accounts.clock()
        return view(await self.accounts.run(lambda db: _row(db, account)), now)

    async def switch(self, account: str, on: bool) -> dict[str, Any]:
        """Switch the account's holiday on or off; its view after."""
        now = self.accounts.clock()
        if on:
            if not await self.accounts.run(lambda db: begin(db, account, now)):
                raise Refused("no_holiday_left", f"the {ALLOWANCE:g} days of holiday of this year are spent")
            moved: dict[str, float] = {}
        else:
            moved = await self.accounts.run(lambda db: end(db, account, now))
        show(self.accounts.hub, account, now if on else None, moved)
        return await self.view(account)


def show(hub: Hub, account: str, since: float | None, moved: dict[str, float]) -> None:
    """Bring the tables this process holds up to the account's holiday (``since``; None: over)
    and the clocks it ``moved``, and show them to their clients."""
    for room in list(hub.rooms.held.values()):
        seats = [s for s in room.seats if s.account == account]
        if not seats:
            continue
        for s in seats:
            s.holiday_since = since
        room.turn_since = moved.get(room.id, room.turn_since)
        room.broadcast(hub.clock())
