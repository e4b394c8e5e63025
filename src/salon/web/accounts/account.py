"""An account as the rest of the server sees it, and what a person types for one: a name and
an e-mail address, each checked and made canonical before it is stored."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from salon.web.errors import Refused
from salon.web.names import clean_text

NAME_LIMIT = 40
"""The longest name, as a table's seat takes it (salon.web.tables.seats.NAME_LIMIT)."""
ADDRESS_LIMIT = 254
"""The longest address a mail server takes (RFC 5321's path, less its brackets)."""
LOCAL_LIMIT = 64
LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
"""One label of a domain name, in ASCII (IDNA's form for the others)."""
NOT_IN_LOCAL = frozenset('@"(),:;<>[\\]')
"""What the local part of an address may not hold unquoted; quoted local parts are refused
(no mail provider hands them out, and they make two spellings of one address)."""


@dataclass(frozen=True)
class Account:
    """A signed-in person (salon.web.api.deps.Person), or the account a change is made to."""

    id: str
    name: str
    email: str
    verified: bool
    lang: str
    created: float
    session: str = ""
    """The hash of the session the request came with ("" when none did)."""


def clean_name(name: str) -> str:
    """A name as the others will read it (salon.web.names.clean_text); Refused ``bad_name``
    for one that is nothing once cleaned."""
    cleaned = clean_text(name, NAME_LIMIT)
    if not cleaned:
        raise Refused("bad_name", "give a name the others will see")
    return cleaned


def normalise_address(text: str) -> str:
    """The canonical form of an e-mail address, under which it is stored and looked for: its
    composed Unicode form, the domain in IDNA's ASCII and the whole in lower case (mail
    providers do not tell ``Ann@`` from ``ann@``).  Refused ``bad_address`` for what is not
    an address."""
    address = unicodedata.normalize("NFC", text).strip()
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain or len(local) > LOCAL_LIMIT or NOT_IN_LOCAL & set(local):
        raise _not_an_address()
    if any(ch.isspace() or unicodedata.category(ch).startswith("C") for ch in address):
        raise _not_an_address()
    try:
        domain = domain.rstrip(".").encode("idna").decode("ascii").lower()
    except UnicodeError:
        raise _not_an_address() from None
    labels = domain.split(".")
    normal = f"{local.lower()}@{domain}"
    if len(labels) < 2 or not all(LABEL.fullmatch(label) for label in labels) or len(normal) > ADDRESS_LIMIT:
        raise _not_an_address()
    return normal


def _not_an_address() -> Refused:
    return Refused("bad_address", "that is not an e-mail address")


BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"),
            ("Chromium/", "Chromium"), ("Safari/", "Safari"))
"""The browsers a user agent names, the first found first (Edge's names Chrome and Safari too)."""
SYSTEMS = (("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"),
           ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))
LABEL_LIMIT = 60


def device_label(user_agent: str | None) -> str:
    """What a session's owner recognises it by in the list of their sessions: the browser and
    system its user agent names ("Firefox · Linux"), else the user agent itself, cleaned (it
    is shown to its owner only, but written by whoever made the request)."""
    agent = user_agent or ""
    browser = next((name for mark, name in BROWSERS if mark in agent), None)
    system = next((name for mark, name in SYSTEMS if mark in agent), None)
    if browser or system:
        return " · ".join(part for part in (browser, system) if part)
    return clean_text(agent[:4 * LABEL_LIMIT], LABEL_LIMIT)
