"""Passwords: what a new one must be, and their hashes.

A password is hashed with Argon2id (pwdlib over argon2-cffi) with 64 MiB of memory, 3
passes and 4 lanes, RFC 9106's recommendation for servers short of memory, which is above
OWASP's least (19 MiB, 2 passes, 1 lane); the hash carries its parameters, so a stronger
setting later rehashes each password at its next sign-in.  A password is 8 to 256 characters
of any kind, without rules of composition (NIST SP 800-63B), and not one of the most common
(``common``); it is read in Unicode's compatibility form (NFKC), so that the same keys typed
on two devices give one password.  Passwords are never stored, logged or put in an error.

Hashing takes a tenth of a second of a core: it runs on threads, two at a time, so that the
event loop never waits for it and a flood of guesses costs at most two cores and 128 MiB; past
a queue of its own it is refused (``busy``) rather than made to wait.  A sign-in whose address
has no account checks its password against :data:`DUMMY`, so that it costs and answers what a
wrong password does.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from salon.web.accounts.common import COMMON
from salon.web.errors import Refused

P = ParamSpec("P")
T = TypeVar("T")

SHORTEST = 8
LONGEST = 256
AT_ONCE = 2
"""Hashes computed at once (each holds 64 MiB for a tenth of a second)."""
MOST_WAITING = 32
"""Hashes that may wait for a thread; more are refused ``busy``."""
HASHER = Argon2Hasher(time_cost=3, memory_cost=65536, parallelism=4)
DUMMY = ("$argon2id$v=19$m=65536,t=3,p=4$nqmXh8uMRYoWyTwwhx1u/A$"
         "2bZ5DO42zEvuRyjZNLc2DgE6Qie0UY/mKPSVlwlTFec")
"""The hash of a password nobody knows (random, and thrown away), with :data:`HASHER`'s
parameters: what a sign-in for an address without an account is checked against."""


def normalised(password: str) -> str:
    return unicodedata.normalize("NFKC", password)


def check_new(password: str) -> str:
    """A new password as it is hashed; Refused ``password_too_short``, ``password_too_long``
    or ``password_common`` (never with the password in the message)."""
    password = normalised(password)
    if len(password) < SHORTEST:
        raise Refused("password_too_short", f"a password has at least {SHORTEST} characters")
    if len(password) > LONGEST:
        raise Refused("password_too_long", f"a password has at most {LONGEST} characters")
    if password.lower() in COMMON:
        raise Refused("password_common", "that password is among the most common ones, which are tried first; "
                                         "choose another")
    return password


class Passwords:
    """Hashes and checks passwords off the event loop (see the module's docstring), and counts
    both, so that a test can tell that two requests did the same work."""

    def __init__(self) -> None:
        self.hasher = PasswordHash((HASHER,))
        self._threads = asyncio.Semaphore(AT_ONCE)
        self._waiting = 0
        self.checked = 0
        """Passwords checked against a hash (a real one or :data:`DUMMY`) since the start."""
        self.hashed = 0
        """New passwords hashed since the start."""

    async def hash(self, password: str) -> str:
        """The hash of a new password (checked already: :func:`check_new`)."""
        self.hashed += 1
        return await self._off_loop(self.hasher.hash, password)

    async def check(self, password: str, hashed: str | None) -> tuple[bool, str | None]:
        """Whether ``password`` is the one ``hashed`` was made from (None: no account, which
        :data:`DUMMY` stands for, and the answer is no), with its new hash when the hash's
        parameters are older than :data:`HASHER`'s."""
        self.checked += 1
        good, newer = await self._off_loop(self.hasher.verify_and_update, normalised(password), hashed or DUMMY)
        return (good and hashed is not None), newer if hashed is not None else None

    async def _off_loop(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        if self._waiting >= MOST_WAITING:
            raise Refused("busy", "the server is busy checking passwords; try again in a moment")
        self._waiting += 1
        try:
            async with self._threads:
                return await asyncio.to_thread(work, *args, **kwargs)
        finally:
            self._waiting -= 1
