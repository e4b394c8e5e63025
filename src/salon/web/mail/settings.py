"""How a server sends mail: its SMTP server, the address its letters come from, and the public
address its links point to.  ``create_app`` keeps them in the app's state (``app.state.mail``),
where the accounts read ``site_url`` and whether mail is ``on``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from salon.core.errors import ConfigError

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True)
class Smtp:
    """An SMTP server to submit letters to.  ``tls``: TLS from the first byte (port 465);
    otherwise STARTTLS, required unless the server is on this computer (a development inbox,
    which offers none), so that the password and the letters never cross a network in clear."""

    host: str
    port: int
    user: str | None = None
    password: str | None = None
    tls: bool = False

    def connection(self) -> dict[str, Any]:
        """aiosmtplib's arguments for this server."""
        start_tls = False if self.tls else None if self.host in LOOPBACK else True  # None: if offered
        return {"hostname": self.host, "port": self.port, "username": self.user, "password": self.password,
                "use_tls": self.tls, "start_tls": start_tls}

    def __repr__(self) -> str:  # never the password, in a log or a traceback
        return f"Smtp({self.host}:{self.port}, user={self.user!r}, tls={self.tls})"


@dataclass(frozen=True)
class MailSettings:
    """``smtp``: where letters go (None: mail is off, letters wait unsent and expire);
    ``sender``: the From address; ``site_url``: the server's public address, which every link
    of a letter starts with."""

    smtp: Smtp | None = None
    sender: str = ""
    site_url: str = "http://127.0.0.1:8000/"

    @property
    def on(self) -> bool:
        return self.smtp is not None

    @property
    def contact(self) -> str:
        """How a push service may reach the server's operator (VAPID's ``sub``, salon.web.push):
        the letters' From address when mail is on, else the server's public address."""
        return f"mailto:{self.sender}" if self.sender else self.site_url.rstrip("/")

    def link(self, path: str) -> str:
        """The public address of one of the server's paths (``/api/mail/unsubscribe?...``)."""
        return self.site_url.rstrip("/") + path

    def describe(self) -> str:
        """The server's start-up line about its mail."""
        if self.smtp is None:
            return "mail is off (no --smtp-host): letters wait unsent, and expire after a day."
        return (f"mail goes through {self.smtp.host}:{self.smtp.port} from {self.sender}; its links point to "
                f"{self.site_url}")

    @classmethod
    def from_options(cls, site_url: str, host: str | None = None, port: int | None = None, user: str | None = None,
                     password_file: Path | None = None, tls: bool = False, sender: str | None = None) -> MailSettings:
        """The settings ``salon serve``'s options give (ConfigError for options that do not
        go together): the password is read from the first line of ``password_file``, never
        taken from the command line, where every user of the computer can read it."""
        if not site_url.startswith(("http://", "https://")):
            raise ConfigError(f"--site-url {site_url!r} is no http:// or https:// address")
        if host is None:
            if port is not None or user is not None or password_file is not None or sender is not None:
                raise ConfigError("the SMTP options and --mail-from need --smtp-host")
            return cls(site_url=site_url)
        if sender is None or "@" not in sender:
            raise ConfigError("--smtp-host needs --mail-from, the address letters come from")
        if (user is None) != (password_file is None):
            raise ConfigError("--smtp-user and --smtp-password-file go together")
        password = None if password_file is None else _first_line(password_file)
        smtp = Smtp(host, port or (465 if tls else 587), user, password, tls)
        return cls(smtp=smtp, sender=sender, site_url=site_url)


def _first_line(file: Path) -> str:
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"cannot read the password file {file}: {e}") from None
    if not lines or not lines[0]:
        raise ConfigError(f"the password file {file} is empty")
    return lines[0]


MAIL_OFF = MailSettings()
