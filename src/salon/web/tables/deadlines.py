"""The clocks of tables that last days, kept by a round every process runs: a player whose
decision has a quarter of its time left is reminded once (a letter, salon.web.tables.notices),
and one whose time ran out meets what the table's creator chose (Departures.time_out).

The round reads every table's clock from the database (salon.web.storage.turns), so that a
table nobody holds in memory times out too: it is loaded for it.  Two processes running the
round at once remind once (the reminder is marked where the table's count of writes is the
one read) and time out once (Departures.time_out acts only on the decision it was asked
about, under the table's lock and the writes' count).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

from salon.web.accounts import holidays
from salon.web.errors import Refused
from salon.web.storage import Database
from salon.web.storage import turns as stored_turns
from salon.web.tables import notices
from salon.web.tables.clocks import DAY, PACES, REMIND_AT, Clock

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub

log = logging.getLogger("salon.web")


class Deadlines:
    """Reminders and timeouts at the tables that last days."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def round(self, now: float) -> tuple[list[str], list[str]]:
        """End the holidays whose days are spent, remind the players whose time is nearly out
        and time out those whose time is out, as of ``now`` (seconds since the epoch); the
        tables reminded and those timed out."""
        for account in await self.hub.storage.run(lambda db: holidays.spent(db, now)):
            holidays.show(self.hub, account, None, await self.hub.storage.run(partial(holidays.end, account=account,
                                                                                      now=now)))
        rows = await self.hub.storage.run(lambda db: stored_turns.nearly_due(db, now, REMIND_AT, DAY, PACES))
        reminded, timed_out = [], []
        for row in rows:
            clock = Clock(row.pace_days, float(row.turn_since), row.holiday_since)
            if clock.out(now):
                if await self._time_out(row.id, row.turn_seat):
                    timed_out.append(row.id)
            elif clock.to_remind(now) and row.reminded != row.writes:
                if await self.hub.storage.run(partial(self._remind, row=row, left=clock.left(now), now=now)):
                    reminded.append(row.id)
        return reminded, timed_out

    def _remind(self, db: Database, row: Any, left: float, now: float) -> bool:
        if not stored_turns.mark_reminded(db, row.id, row.writes):
            return False
        notices.reminder(db, self.hub.mail, row.id, row.title, row.turn_seat, left, now)
        return True

    async def _time_out(self, game_id: str, seat: int) -> bool:
        try:
            room = await self.hub.rooms.get(game_id)
        except Refused as e:  # gone, or damaged: nothing to time out
            log.warning("game %s: not timed out: %s", game_id, e.message)
            return False
        return await self.hub.departures.time_out(room, seat)
