"""An account's preferences at the table (salon.core.choices.Preferences): what the server
answers for its player (a bonus that only gains, a lone pass or done) and whether its pages ask
before a move that cannot be taken back.

They are stored with the account (``accounts.preferences``) and read with its seats whenever a
table is loaded (salon.web.storage.records), so that the server moves for the player as they
asked even while they are away from a table that lasts days; a change is brought at once to
the tables this process holds, and to the others' by the player's next connection, whose
``hello`` names the preferences its page uses.  A guest's live in their browser alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from salon.core.choices import Preferences
from salon.web.storage.records import preferences_text
from salon.web.storage.schema import ACCOUNTS

if TYPE_CHECKING:
    from salon.web.accounts.service import Accounts
    from salon.web.tables.hub import Hub


async def view(accounts: Accounts, account: str) -> Preferences:
    return await accounts.run(lambda db: db.preferences(account))


async def change(accounts: Accounts, account: str, prefs: Preferences) -> Preferences:
    """Store the account's new preferences and bring them to the tables this process holds."""
    text = preferences_text(prefs)
    await accounts.run(lambda db: db.conn.execute(ACCOUNTS.update().where(ACCOUNTS.c.id == account)
                                                  .values(preferences=text)))
    show(accounts.hub, account, prefs)
    return prefs


def show(hub: Hub, account: str, prefs: Preferences) -> None:
    """The account's seats at the tables this process holds take ``prefs``: each seat is sent
    its state again (what the server takes for it, which moves its page confirms), and the
    server moves for it where it now should."""
    now = hub.clock()
    for room in list(hub.rooms.held.values()):
        seats = [s for s in room.seats if s.account == account]
        for s in seats:
            s.prefs = prefs
            room.broadcast(now, only=s.seat)
        if seats:
            hub.bots.wake(room)
