"""Web Push: the notices a browser shows while no page of the server is open ("your turn",
a reminder, a game over, an invitation).

A browser subscribes with its push service (``PushManager.subscribe``), given the server's
public VAPID key, and hands the subscription to the server: an endpoint at the push service
and the keys a message to it is encrypted with (RFC 8291).  The server posts each notice to
that endpoint, encrypted and signed with its VAPID key pair (RFC 8292), which it makes once
and keeps in the database so that every process and every restart signs alike: a new key
would orphan every subscription.  Whether a notice is sent at all is the outbox's business
(salon.web.mail): the sender's round pushes the letters of the kinds in :data:`PUSH_KINDS`
that their account still wants, on push as by mail.

The modules: the key pair (``keys``), a subscription as a browser gives it and its checks
(``subscription``), the statements (``store``), the sending (``send``).  Nothing here reads
the mail's modules: the mail's sender calls on push, never the other way round.
"""

from salon.web.push.keys import VapidKeys, server_keys
from salon.web.push.send import Notice, Pusher
from salon.web.push.store import PUSH_KINDS
from salon.web.push.subscription import Subscription, check_subscription

__all__ = ["PUSH_KINDS", "Notice", "Pusher", "Subscription", "VapidKeys", "check_subscription", "server_keys"]
