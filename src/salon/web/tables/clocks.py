"""The clocks of tables that last days: how long the deciding player of a correspondence table
has left, when to remind them, and when their time is out.

A correspondence table gives each decision a number of days (its pace, chosen at its
creation).  The time runs from when the decision became the player's (``turn_since``, seconds
since the epoch, stored with every write, so that every process and every restart agree) and
stops while the player's account is on holiday: a holiday that ended has moved ``turn_since``
on by its length (salon.web.tables.holidays), and one under way counts as paused time.  A
player is reminded once a quarter of the time is left; at the end of it, the table does what
its creator chose: a bot takes the seat (``bot``), or the player is out and finishes last
(``out``), a bot playing the seat on for the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DAY = 86400.0
PACES = (1, 2, 3, 5, 7, 14)
"""The days a move a correspondence table may give."""
ON_TIMEOUT = ("bot", "out")
"""What happens to a player whose time runs out: a bot takes the seat, or the player is out."""
REMIND_AT = 0.25
"""The share of a decision's time left when its player is reminded."""


@dataclass(frozen=True)
class Clock:
    """The time of one decision of a correspondence table."""

    days: int
    since: float
    """When the decision became the player's, moved on by the holidays that ended since."""
    holiday_since: float | None = None
    """When the player's holiday under way began; None when they are not on holiday."""

    def paused(self, now: float) -> float:
        """The seconds of the holiday under way that fall within this decision."""
        if self.holiday_since is None:
            return 0.0
        return max(0.0, now - max(self.since, self.holiday_since))

    def deadline(self, now: float) -> float:
        """When the time runs out, as of ``now`` (a holiday under way keeps moving it)."""
        return self.since + self.days * DAY + self.paused(now)

    def left(self, now: float) -> float:
        return max(0.0, self.deadline(now) - now)

    def to_remind(self, now: float) -> bool:
        """Whether a quarter of the time or less is left (and some)."""
        return self.holiday_since is None and 0 < self.left(now) <= self.days * DAY * REMIND_AT

    def out(self, now: float) -> bool:
        """Whether the time ran out (never while the player is on holiday)."""
        return self.holiday_since is None and self.left(now) <= 0


def pace_of(options: dict[str, Any]) -> int | None:
    """A table's days a move, from its options; None for a live table."""
    days = options.get("pace_days")
    return days if isinstance(days, int) and days in PACES else None


def clock_json(clock: Clock, seat: int, now: float) -> dict[str, Any]:
    """What every client is shown of the deciding player's clock."""
    return {"seat": seat, "days": clock.days, "deadline": round(clock.deadline(now)), "left": round(clock.left(now)),
            "paused": clock.holiday_since is not None}
