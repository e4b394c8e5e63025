"""A letter as the mail it becomes: its subject and plain text in its language, from the
``mail`` catalogs (salon.i18n: ``<kind>.subject``, ``<kind>.body``), and its headers; and as
the notice pushed to its account's browsers (its subject, and ``<kind>.push``).

A letter of a kind an account may turn off carries the one-click unsubscribe of RFC 8058:
``List-Unsubscribe`` with the link's address, and ``List-Unsubscribe-Post:
List-Unsubscribe=One-Click``, by which a mail program turns that kind off with one POST and no
page to visit (salon.web.api.mail).  Its Message-ID is the letter's own id, so that the one
letter sent twice (salon.web.mail.claims says when) is the same message to the mail systems
that collapse copies.
"""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from urllib.parse import quote

from salon.i18n import DEFAULT, fill, languages, plural_category, surface
from salon.web.mail.claims import Claimed
from salon.web.mail.settings import MailSettings
from salon.web.push import Notice

MAIL = "mail"
"""The catalogs' domain of the letters' texts."""
WEB = "web"
"""The catalogs' surface of the games' names."""
UNSUBSCRIBE = "/api/mail/unsubscribe"
"""The path of the one-click unsubscribe (salon.web.api.mail)."""
DURATIONS = (("left.days", 86400), ("left.hours", 3600), ("left.minutes", 60))
"""How a duration is worded: in days from two days on, in hours from two hours on, else in minutes."""


def _lang(lang: str) -> str:
    return lang if lang in languages() else DEFAULT


def text(key: str, lang: str) -> str:
    """A letter's text in ``lang``, else in English, else its key."""
    return surface(_lang(lang), MAIL).plain.get(key) or surface(DEFAULT, MAIL).plain.get(key) or key


def duration(seconds: int, lang: str) -> str:
    """A time left, worded in ``lang`` ("2 days", "5 hours", "1 minute")."""
    lang = _lang(lang)
    key, unit = next(((key, unit) for key, unit in DURATIONS if seconds >= 2 * unit), DURATIONS[-1])
    n = max(1, seconds // unit)
    forms = surface(lang, MAIL).counted.get(key)
    if forms is None:
        lang, forms = DEFAULT, surface(DEFAULT, MAIL).counted[key]
    return fill(forms[plural_category(lang, n)], {"n": n})


def table_name(game: str, lang: str) -> str:
    """The name of a table named automatically, in ``lang``: its game's name as the browser
    words it (the ``web`` catalogs), in the letters' phrase ("Rococo table", "Table de Rococo")."""
    lang = _lang(lang)
    key = f"{game}.name"
    name = surface(lang, WEB).plain.get(key) or surface(DEFAULT, WEB).plain.get(key) or game
    return fill(text("table.automatic", lang), {"game": name})


def fields_of(letter: Claimed, settings: MailSettings) -> dict[str, str | int]:
    """What the letter's texts are filled with: its own fields (``left`` worded as a duration,
    a table named automatically worded in the letter's language) and the server's address (``site``)."""
    fields: dict[str, str | int] = {"site": settings.site_url, **letter.row.fields}
    left = fields.get("left")
    if isinstance(left, int):
        fields["left"] = duration(left, letter.row.lang)
    if fields.get("table") == "" and isinstance(game := fields.get("game"), str):
        fields["table"] = table_name(game, letter.row.lang)
    return fields


def body_of(letter: Claimed, settings: MailSettings) -> str:
    """The letter's plain text: its kind's text, the signature, and what to do to receive no
    more letters of its kind (for a letter that can be turned off)."""
    row, fields = letter.row, fields_of(letter, settings)
    parts = [fill(text(f"{row.kind}.body", row.lang), fields), "-- ", fill(text("letter.sign", row.lang), fields)]
    if letter.unsubscribe is not None:
        parts.append(fill(text("letter.unsubscribe", row.lang), fields))
    return "\n".join([parts[0], "", *parts[1:]]) + "\n"


def compose(letter: Claimed, settings: MailSettings, now: float) -> EmailMessage:
    """The mail of a letter, dated ``now`` (seconds since the epoch)."""
    row = letter.row
    subject = fill(text(f"{row.kind}.subject", row.lang), fields_of(letter, settings))
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = row.to
    message["Subject"] = " ".join(subject.split())  # a title's line breaks would end the header
    message["Date"] = format_datetime(datetime.fromtimestamp(now, UTC))
    message["Message-ID"] = f"<{row.id}@{settings.sender.rpartition('@')[2] or 'salon'}>"
    message["Auto-Submitted"] = "auto-generated"  # RFC 3834: no automatic replies to it
    if letter.unsubscribe is not None:
        message["List-Unsubscribe"] = f"<{settings.link(UNSUBSCRIBE)}?token={quote(letter.unsubscribe)}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(body_of(letter, settings))
    message["Content-Language"] = _lang(row.lang)  # after the content, which replaces every Content- header
    return message


def notice_of(letter: Claimed, settings: MailSettings) -> Notice:
    """The letter as a pushed notice (salon.web.push): its subject for a title, its kind's
    short text for a body, and the page of its table to open; one notice per table is shown."""
    row, fields = letter.row, fields_of(letter, settings)
    title = " ".join(fill(text(f"{row.kind}.subject", row.lang), fields).split())
    body = fill(text(f"{row.kind}.push", row.lang), fields)
    path = "/" if row.game_id is None else f"/#/game/{row.game_id}"
    return Notice(title, body, settings.link(path), f"salon-{row.game_id or row.kind}")
