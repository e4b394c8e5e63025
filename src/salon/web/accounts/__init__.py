"""Players' accounts, beside the guests' seats: signing up, in and out, the sessions a person
holds and may end, the links sent by mail (an address verified, a password reset), and the
seats an account holds on any device.

A guest's seat is a token its browser keeps; an account holds seats as well (``seats.account``),
so that a signed-in person finds them on every device, and the token keeps working.  How it
is guarded (the passwords' hashes, the sessions' cookies, the throttling of guesses, no way to
learn which addresses have accounts) is told where each is done: ``passwords``, ``sessions``,
``throttle``, ``enrolment``; passkeys, a second way to sign in, in ``passkeys``.  Nothing here
speaks HTTP: the routes (salon.web.api.accounts) set the cookie and give each refusal its
status.
"""

from salon.web.accounts.account import Account
from salon.web.accounts.service import Accounts
from salon.web.accounts.sessions import COOKIE

__all__ = ["COOKIE", "Account", "Accounts"]
