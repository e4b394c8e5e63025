"""The letters a table posts to its players' accounts (salon.web.mail): "your turn" and the
reminder at a table that lasts days, "game over", and an invitation to a seat kept for an
address.

Each is posted in the storage job of the change that causes it, so that it exists if and only
if the change was stored.  Whether a letter about a turn is still wanted is decided when it
is due, not when it is posted (:func:`their_turn_unseen`): it goes only while the decision is
still the account's and its player does not have the table open.  At most one "your turn" a
table goes out until its player looks: none is posted while one sent since the player last
opened the table (``seats.seen``, salon.web.quota.sit) is unanswered, and a second one posted
while the first waits is dropped (its ``dedupe`` key).  Only verified addresses get letters.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from salon.web.mail import Letter, MailSettings, OutboxRow, post, still_wanted
from salon.web.storage import Database
from salon.web.storage.schema import ACCOUNTS, CONNECTIONS, GAMES, OUTBOX, SEATS, SENT, UNFINISHED
from salon.web.tables.clocks import DAY


def table_link(mail: MailSettings, game_id: str) -> str:
    return mail.link(f"/#/game/{game_id}")


def holders(db: Database, game_id: str, seats: list[int] | None = None) -> list[Any]:
    """The verified accounts holding seats of the table (``seats`` only, when given): each
    row's ``seat``, ``seen`` and the account's ``id``, ``name``, ``email`` and ``lang``."""
    query = (sa.select(SEATS.c.seat, SEATS.c.seen, ACCOUNTS.c.id, ACCOUNTS.c.name, ACCOUNTS.c.email, ACCOUNTS.c.lang)
             .join(ACCOUNTS, ACCOUNTS.c.id == SEATS.c.account)
             .where(SEATS.c.game_id == game_id, SEATS.c.token_hash.is_not(None), ACCOUNTS.c.verified))
    if seats is not None:
        query = query.where(SEATS.c.seat.in_(seats))
    return list(db.conn.execute(query.order_by(SEATS.c.seat)).all())


def named(db: Database, game_id: str, title: str) -> dict[str, str]:
    """A letter's fields naming its table: the title, or for a table named automatically (an
    empty title) its game too, which the letter words in its own language (salon.web.mail.render)."""
    if title:
        return {"table": title}
    return {"table": "", "game": str(db.conn.execute(sa.select(GAMES.c.game).where(GAMES.c.id == game_id)).scalar())}


def your_turn(db: Database, mail: MailSettings, game_id: str, title: str, seat: int, days: int, now: float) -> None:
    """Tell the account holding ``seat`` that the decision at a table of ``days`` a move is
    theirs, unless a letter sent since they last looked is still unanswered."""
    for row in holders(db, game_id, [seat]):
        unanswered = db.conn.execute(sa.select(OUTBOX.c.id).where(
            OUTBOX.c.kind == "your_turn", OUTBOX.c.account == row.id, OUTBOX.c.game_id == game_id,
            OUTBOX.c.state == SENT, OUTBOX.c.finished > sa.func.coalesce(row.seen, 0.0)).limit(1)).first()
        if unanswered is None:
            post(db, Letter(row.email, "your_turn", row.lang,
                            {"name": row.name, **named(db, game_id, title), "left": round(days * DAY),
                             "link": table_link(mail, game_id)},
                            account=row.id, game_id=game_id, dedupe=f"your_turn:{game_id}:{row.id}"), now)


def reminder(db: Database, mail: MailSettings, game_id: str, title: str, seat: int, left: float, now: float) -> None:
    """Remind the account holding ``seat`` that ``left`` seconds of its decision are left."""
    for row in holders(db, game_id, [seat]):
        post(db, Letter(row.email, "reminder", row.lang,
                        {"name": row.name, **named(db, game_id, title), "left": round(left),
                         "link": table_link(mail, game_id)},
                        account=row.id, game_id=game_id, dedupe=f"reminder:{game_id}:{row.id}"), now)


def game_over(db: Database, mail: MailSettings, game_id: str, title: str, places: dict[int, int], now: float) -> None:
    """Tell every account holding a seat that the game is over, and its place."""
    for row in holders(db, game_id):
        post(db, Letter(row.email, "game_over", row.lang,
                        {"name": row.name, **named(db, game_id, title), "place": places.get(row.seat, 0),
                         "link": table_link(mail, game_id)},
                        account=row.id, game_id=game_id, dedupe=f"game_over:{game_id}:{row.id}"), now)


def invitation(db: Database, mail: MailSettings, game_id: str, title: str, by: str, address: str, lang: str,
               now: float) -> None:
    """Invite ``address`` to the seat kept for it: in its account's language and with its
    name where it has one (its letters then carry the account's unsubscribe link), else as
    the inviter's."""
    account = db.conn.execute(sa.select(ACCOUNTS.c.id, ACCOUNTS.c.name, ACCOUNTS.c.lang).where(
        ACCOUNTS.c.email == address)).first()
    post(db, Letter(address, "invitation", account.lang if account else lang,
                    {"name": account.name if account else address.split("@")[0], "by": by,
                     **named(db, game_id, title),
                     "link": table_link(mail, game_id)},
                    account=account.id if account else None, game_id=game_id,
                    dedupe=f"invitation:{game_id}:{address}"), now)


@still_wanted("your_turn")
@still_wanted("reminder")
def their_turn_unseen(db: Database, row: OutboxRow) -> bool:
    """A letter about a turn goes while the table is in play, the decision is a seat the
    account holds, and no connection plays that seat (its player has the table open)."""
    seat = db.conn.execute(sa.select(SEATS.c.seat).join(GAMES, GAMES.c.id == SEATS.c.game_id).where(
        GAMES.c.id == row.game_id, GAMES.c.over == UNFINISHED, GAMES.c.broken.is_(None),
        GAMES.c.turn_seat == SEATS.c.seat, SEATS.c.account == row.account)).scalar()
    if seat is None:
        return False
    return db.conn.execute(sa.select(CONNECTIONS.c.ticket).where(
        CONNECTIONS.c.game_id == row.game_id, CONNECTIONS.c.seat == seat).limit(1)).first() is None
