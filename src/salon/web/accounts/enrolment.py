"""Signing up, and the links sent by mail: an address verified, a password reset.

Nobody learns from these whether an address has an account.  A sign-up is answered alike
whether its address is new or not: the same status and body, a session cookie in both cases
(of the new account, which counts only once its address is verified; or of nothing), the
same work (its password is hashed either way); the new address gets the link that verifies
it, and an address that has an account a "registered" letter instead, which tells its owner
how to choose a new password.  A request for a reset is answered alike too, and only an
address with an account gets the link.

A sign-up's session becomes a signed-in one when its browser follows the verification link:
that session is ended and a new one opened (the session id changes with the privilege), and
any other session opened before the address was verified is ended, so that only the browser
that signed up and then proved the address is signed in by the link.  A link's token is
single-use (one statement marks it used) and expires: the verification after
:data:`VERIFY_FOR`, the reset after salon.web.accounts.letters.RESET_MINUTES; a new link of
either kind ends the account's earlier one.  A reset ends every session of the account and
does not sign in: the new password signs in, as any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from salon.i18n import languages
from salon.web.accounts import letters, store
from salon.web.accounts.account import Account, clean_name, normalise_address
from salon.web.accounts.passwords import check_new
from salon.web.accounts.throttle import forgive
from salon.web.errors import Refused
from salon.web.storage import Database

if TYPE_CHECKING:
    from salon.web.accounts.service import Accounts

VERIFY_FOR = 2 * 86400.0
"""Seconds a verification link works."""
RESET_FOR = letters.RESET_MINUTES * 60.0


def check_language(lang: str) -> str:
    """A language the server speaks (its letters are written in it); Refused ``bad_language``."""
    if lang not in languages():
        raise Refused("bad_language", f"no language {lang!r}; the server speaks {', '.join(languages())}")
    return lang


def bad_link() -> Refused:
    return Refused("bad_link", "this link was used already, has expired, or is no link of this server")


class Enrolment:
    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    async def sign_up(self, name: str, email: str, password: str, lang: str, client: str, old: str | None,
                      label: str) -> str:
        """Sign up (see the module's docstring): the cookie of the browser's new session,
        which counts once the address is verified; ``old``, the request's session, is ended."""
        name, email, password, lang = clean_name(name), normalise_address(email), check_new(password), \
            check_language(lang)
        accounts = self.accounts
        await accounts.asked_for_letter(client)
        hashed = await accounts.passwords.hash(password)
        now = accounts.clock()
        cookie = store.secret()

        def enrol(db: Database) -> None:
            if old:
                store.close(db, store.digest(old))
            row = store.by_email(db, email)
            if row is not None:
                letters.registered(db, accounts.mail, row, now)
                return
            account = store.create(db, name, email, hashed, lang, now)
            store.open_session(db, cookie, account, now, label)
            token = store.issue(db, account, "verify", email, now + VERIFY_FOR)
            letters.verify(db, accounts.mail, store.by_id(db, account), email, token, now)

        await accounts.run(enrol)
        return cookie

    async def verify(self, token: str, cookie: str | None, client: str,
                     label: str) -> tuple[Account | None, str | None]:
        """Follow a verification link: the address it was sent to is the account's, verified.
        The account signed in if the request is (a new cookie if the link signed it in: see
        the module's docstring); Refused ``bad_link``, or ``address_taken`` for a new address
        that another account took meanwhile."""
        now = self.accounts.clock()
        session = store.digest(cookie) if cookie else None
        new = store.secret()

        def follow(db: Database) -> tuple[str, Any, bool]:
            used = store.use(db, token, "verify", now)
            row = store.by_id(db, used.account) if used is not None else None
            if used is None or row is None:
                return "bad_link", None, False
            ours = session is not None and any(s.hash == session for s in store.sessions(db, row.id))
            if used.address != row.email:
                if store.by_email(db, used.address) is not None:
                    return "address_taken", None, False
                letters.changed(db, row, used.address, now)
                store.change(db, row.id, email=used.address, verified=True)
                return "changed", store.by_id(db, row.id), ours
            if row.verified:
                return "verified", row, ours
            store.change(db, row.id, verified=True)
            store.close_all(db, row.id)
            if ours:
                store.open_session(db, new, row.id, now, label)
                store.remember(db, row, client)
            return "signed_in", store.by_id(db, row.id), ours

        outcome, row, ours = await self.accounts.run(follow)
        if outcome == "bad_link":
            raise bad_link()
        if outcome == "address_taken":
            raise Refused("address_taken", "another account took that address meanwhile")
        if not ours:
            return None, None
        if outcome == "signed_in":
            return store.account_of(row, store.digest(new)), new
        return store.account_of(row, session or ""), None

    async def ask_reset(self, email: str, client: str) -> None:
        """Send the account of ``email`` a reset link, if it has an account (the answer is the
        same whether it has one or not)."""
        email = normalise_address(email)
        accounts = self.accounts
        await accounts.asked_for_letter(client)
        now = accounts.clock()

        def ask(db: Database) -> None:
            row = store.by_email(db, email)
            if row is not None:
                token = store.issue(db, row.id, "reset", row.email, now + RESET_FOR)
                letters.reset(db, accounts.mail, row, token, now)

        await accounts.run(ask)

    async def reset(self, token: str, password: str, client: str) -> None:
        """Follow a reset link with the new ``password``: every session of the account ends,
        its address counts as verified (the link reached it), and ``client`` is known to it
        (salon.web.accounts.throttle).  Refused ``bad_link``."""
        password = check_new(password)
        accounts = self.accounts
        if not await accounts.run(lambda db: store.usable(db, token, "reset", accounts.clock())):
            raise bad_link()  # before the hash: a made-up link costs no hashing
        hashed = await accounts.passwords.hash(password)
        now = accounts.clock()

        def reset(db: Database) -> bool:
            used = store.use(db, token, "reset", now)
            row = store.by_id(db, used.account) if used is not None else None
            if used is None or row is None:
                return False
            store.change(db, row.id, password_hash=hashed, verified=row.verified or used.address == row.email)
            store.close_all(db, row.id)
            store.remember(db, row, client)
            forgive(db, row.email, client)
            return True

        if not await accounts.run(reset):
            raise bad_link()
