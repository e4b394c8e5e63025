"""The mail of the server: a durable outbox and its SMTP sender.

A letter ("your turn", a sign-up's verification) is posted in the transaction of the change
that causes it (:func:`post`), so that it is sent if and only if that change committed; every
server process runs a sender (:class:`Sender`) whose rounds claim the letters that are due, ask
whether each is still wanted (the checks registered with :func:`still_wanted`), send it through
the SMTP server and record it, so that each letter is sent once whatever process sends it and
however a process ends (salon.web.mail.claims says the one exception).  Letters are written in
the recipient's language from the ``mail`` catalogs, and those an account may turn off carry a
one-click unsubscribe link (salon.web.api.mail), which writes :func:`wants`' table.

The letters about tables are pushed to their account's browsers too (salon.web.push), by the
same rounds, mail on or off; and an account may read its turns in one letter a day.

The modules: posting and the checks (``outbox``), the accounts' choices and the links' tokens
(``prefs``), the sender's statements (``claims``), the letters' texts and headers (``render``),
the rounds (``sender``), the daily digest (``digest``), the configuration (``settings``).
"""

from salon.web.mail.outbox import KINDS, Letter, OutboxRow, post, still_wanted
from salon.web.mail.prefs import set_wants, unsubscribe, wants
from salon.web.mail.sender import Sender
from salon.web.mail.settings import MAIL_OFF, MailSettings, Smtp

__all__ = ["KINDS", "MAIL_OFF", "Letter", "MailSettings", "OutboxRow", "Sender", "Smtp", "post", "set_wants",
           "still_wanted", "unsubscribe", "wants"]
