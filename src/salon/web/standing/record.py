"""What a game's end writes, in the job that stores the end: its people's results, and for a
rated table their ratings' changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import sqlalchemy as sa

from salon.web.standing import ratings
from salon.web.standing.outcome import Outcome
from salon.web.storage.schema import RESULTS

if TYPE_CHECKING:
    from salon.web.storage import Database


def finish(db: Database, outcome: Outcome, now: float) -> list[ratings.Change]:
    """Store the outcome once (a second process that ends the same game finds it stored), and
    rate a rated game; the rating changes made."""
    if db.conn.execute(sa.select(RESULTS.c.seat).where(RESULTS.c.game_id == outcome.game_id).limit(1)).first():
        return []
    people = outcome.people
    for p in people:
        db.conn.execute(RESULTS.insert().values(
            game_id=outcome.game_id, seat=p.seat, account=p.account, game=outcome.game, kind=outcome.kind,
            players=len(outcome.seats), place=p.place, outcome=p.outcome, rated=outcome.rated, ended=now))
    return ratings.record(db, outcome, now) if outcome.rated and people else []
