"""A push subscription as a browser gives it (``PushSubscription.toJSON()``), and what the
server takes of it.

The server posts to a subscription's endpoint whenever its account is told something, so an
endpoint is a request the server makes on a stranger's behalf: it must be an ``https://``
address of a named host (a push service), never one inside the server's own network.  A
server for this computer alone (salon.web.guard.Limits.push_on_loopback), and the tests' own
push service, may name an address on this computer, over plain HTTP too.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec

from salon.web.errors import Refused
from salon.web.push.keys import unb64url

BASE64URL = re.compile(r"[A-Za-z0-9_-]+={0,2}")
LOOPBACK_NAMES = ("localhost", "localhost.")
AUTH_BYTES = 16
"""The length of a subscription's authentication secret (RFC 8291)."""
POINT_BYTES = 65
"""The length of a P-256 public key as an uncompressed point."""


@dataclass(frozen=True)
class Subscription:
    """Where a browser's notices go (``endpoint``), and the browser's keys that encrypt them:
    ``p256dh``, its P-256 public key, and ``auth``, its secret, both base64url."""

    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, Any]:
        """The subscription as pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def check_subscription(endpoint: str, p256dh: str, auth: str, loopback: bool) -> Subscription:
    """The subscription, once its endpoint and keys are found sound; Refused
    ``bad_push_endpoint`` or ``bad_push_keys``.  ``loopback``: an endpoint on this computer is
    taken (see the module's docstring)."""
    _check_endpoint(endpoint, loopback)
    if not _point(p256dh) or len(_bytes(auth)) != AUTH_BYTES:
        raise Refused("bad_push_keys", "the subscription's keys are not a P-256 public key and a 16-byte secret")
    return Subscription(endpoint, p256dh, auth)


def _check_endpoint(endpoint: str, loopback: bool) -> None:
    if not _allowed(endpoint, loopback):
        raise Refused("bad_push_endpoint", "a push endpoint is an https:// address of a push service")


def _allowed(endpoint: str, loopback: bool) -> bool:
    try:
        parts = urlsplit(endpoint)
        host, _ = parts.hostname or "", parts.port  # a port that is no number raises
    except ValueError:
        return False
    if not host or "@" in parts.netloc:
        return False
    if _on_this_computer(host):
        return loopback and parts.scheme in ("https", "http")
    return parts.scheme == "https" and not _inner(host)


def _on_this_computer(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _inner(host: str) -> bool:
    """Whether ``host`` is an address of a private or reserved network."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return not address.is_global


def _bytes(text: str) -> bytes:
    if not BASE64URL.fullmatch(text):
        return b""
    try:
        return unb64url(text)
    except ValueError:
        return b""


def _point(text: str) -> bool:
    """Whether ``text`` is a P-256 public key as an uncompressed point, base64url."""
    raw = _bytes(text)
    if len(raw) != POINT_BYTES:
        return False
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        return False
    return True
