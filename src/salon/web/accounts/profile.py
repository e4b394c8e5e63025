"""What a signed-in person changes of their account: its name, language, address and password,
the seats it holds, and the account itself, deleted.

A change of the address, of the password and the deletion ask for the password again
(throttled as a sign-in is), so that a session left open on a shared computer, or a stolen
cookie, cannot take the account over.  A new address is the account's only once the link sent
to it is followed (salon.web.accounts.enrolment), and the old address is told then; an address
that another account has is answered alike, and its owner gets a "registered" letter, so that
nobody learns from it which addresses have accounts.  A new password ends every other session
and gives this one a new cookie.

A deleted account leaves the tables in play as a player leaving does (Seats.leave: the seat is
free, offered to the remaining players first); its finished games keep its seats, under the
catalog's name for a deleted player; its sessions, tokens, letters, mail and push settings,
push subscriptions and passkeys go, and its name and address with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from salon.i18n import text
from salon.web.accounts import letters, store
from salon.web.accounts.account import Account, clean_name, normalise_address
from salon.web.accounts.enrolment import VERIFY_FOR, check_language
from salon.web.accounts.passwords import check_new
from salon.web.errors import Refused
from salon.web.storage import Database

if TYPE_CHECKING:
    from salon.web.accounts.service import Accounts


def wrong_password() -> Refused:
    return Refused("wrong_password", "that is not the account's password")


class Profile:
    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    async def _changed(self, account: Account, **values: str) -> Account:
        await self.accounts.run(lambda db: store.change(db, account.id, **values))
        row = await self.accounts.run(lambda db: store.by_id(db, account.id))
        if row is None:
            raise Refused("signed_out", "this account no longer exists")
        return store.account_of(row, account.session)

    async def rename(self, account: Account, name: str) -> Account:
        """The name the account's letters greet it by, and the one its new seats are offered."""
        return await self._changed(account, name=clean_name(name))

    async def set_language(self, account: Account, lang: str) -> Account:
        """The language of the account's letters."""
        return await self._changed(account, lang=check_language(lang))

    async def change_email(self, account: Account, email: str, password: str, client: str) -> None:
        """Send the link that makes ``email`` the account's address (see the module's docstring)."""
        email = normalise_address(email)
        accounts = self.accounts
        proven = await accounts.prove(account.email, password, client, wrong_password())
        now = accounts.clock()

        def change(db: Database) -> None:
            proven.accept(db)
            if email == proven.row.email:
                return
            other = store.by_email(db, email)
            if other is not None:
                letters.registered(db, accounts.mail, other, now)
                return
            token = store.issue(db, account.id, "verify", email, now + VERIFY_FOR)
            letters.verify(db, accounts.mail, proven.row, email, token, now)

        await accounts.run(change)

    async def change_password(self, account: Account, current: str, new: str, client: str, label: str) -> str:
        """Change the password: every other session ends, this one goes on under a new
        cookie, which is returned."""
        new = check_new(new)
        accounts = self.accounts
        proven = await accounts.prove(account.email, current, client, wrong_password())
        hashed = await accounts.passwords.hash(new)
        now = accounts.clock()
        cookie = store.secret()

        def change(db: Database) -> None:
            proven.accept(db)
            store.change(db, account.id, password_hash=hashed)
            store.close_all(db, account.id)
            store.drop_tokens(db, account.id)
            store.open_session(db, cookie, account.id, now, label)

        await accounts.run(change)
        return cookie

    async def claim(self, account: Account, held: list[tuple[str, str]]) -> list[tuple[str, int]]:
        """The seats whose tokens a browser held as a guest, the account's now (store.claim)."""
        return await self.accounts.run(lambda db: store.claim(db, account.id, held))

    async def seats(self, account: Account) -> list[tuple[str, int]]:
        return await self.accounts.run(lambda db: store.seats(db, account.id))

    async def delete(self, account: Account, password: str, client: str) -> None:
        """Delete the account (see the module's docstring)."""
        accounts = self.accounts
        hub = accounts.hub
        proven = await accounts.prove(account.email, password, client, wrong_password())
        for game_id, seat in await accounts.run(lambda db: store.seats_in_play(db, account.id)):
            try:
                await hub.seats.leave(await hub.rooms.get(game_id), seat)
            except Refused:  # over or left meanwhile: the seat is let go of below all the same
                continue
        shown_as = text("player.deleted")

        def delete(db: Database) -> list[str]:
            proven.accept(db)
            return store.delete(db, account.id, shown_as)

        for game_id in await accounts.run(delete):
            room = hub.rooms.held.get(game_id)
            if room is not None:
                async with room.lock:
                    await hub.sync.catch_up(room)
