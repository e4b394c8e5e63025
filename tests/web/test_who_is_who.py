"""Who a request comes from and what it calls itself: names shown to the others without the
characters that let one pass for another, the host names a server answers to, client
addresses counted by their IPv6 /64, and the proxies whose forwarded addresses count."""

from __future__ import annotations

import socket

import pytest

from salon.web.guard import Hosts, Proxies, address_group, client_key
from salon.web.names import clean_text


@pytest.mark.parametrize(("given", "shown"), [
    ("Ann", "Ann"),
    ("Ann\u202eeve", "Anneve"),  # right-to-left override: "Ann" would read "Annevε" backwards
    ("A\u200bn\u200dn\u2060", "Ann"),  # zero-width space, joiner, word joiner
    ("\u2066Ann\u2069", "Ann"),  # bidi isolates
    ("Ann\x00\x07", "Ann"),  # NUL, bell
    ("  Ann \t\n  Bea  ", "Ann Bea"),
    ("\u3164", ""),  # a Hangul filler: a name that shows as nothing
    ("Cafe\u0301", "Café"),  # composed (NFC): the same as the precomposed é
    ("e" + "\u0301\u0300\u0302\u0303\u0304", "é\u0300\u0302"),  # at most two marks on one letter
    ("\ue000Ann", "Ann"),  # private use
    ("Zoë " * 20, ("Zoë " * 10).strip()),  # cut at the limit
])
def test_names_are_cleaned(given: str, shown: str) -> None:
    assert clean_text(given, 40) == shown


def test_names_that_look_alike_are_alike() -> None:
    assert clean_text("Cafe\u0301", 40) == clean_text("Caf\u00e9", 40)


def test_a_loopback_server_answers_to_loopback_names_and_addresses_only() -> None:
    hosts = Hosts.listening_on("127.0.0.1")
    for good in ("127.0.0.1:8000", "localhost:8000", "LOCALHOST", "[::1]:8000", "localhost.", None):
        assert hosts.allows(good), good
    for bad in ("evil.example", "evil.example:8000", "127.0.0.1.nip.io", ""):
        assert not hosts.allows(bad), bad


def test_a_server_on_every_address_answers_to_this_computers_names_and_any_address() -> None:
    hosts = Hosts.listening_on("0.0.0.0", ["salon.example", "*.games.example"])
    for good in ("192.168.1.20:8080", "[2001:db8::1]:8080", socket.gethostname(), "salon.example",
                 "table.games.example:80"):
        assert hosts.allows(good), good
    for bad in ("evil.example", "games.example.evil.example", "salon.example.evil"):
        assert not hosts.allows(bad), bad
    assert Hosts.listening_on("0.0.0.0", ["*"]).allows("anything.example")


def test_a_server_on_a_name_answers_to_that_name() -> None:
    hosts = Hosts.listening_on("salon.lan")
    assert hosts.allows("salon.lan:8000") and not hosts.allows("other.lan")


@pytest.mark.parametrize(("a", "b", "same"), [
    ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", True),  # one /64
    ("2001:db8:1:2::1", "2001:db8:1:3::1", False),
    ("::ffff:203.0.113.5", "203.0.113.5", True),  # an IPv4 client on an IPv6 socket
    ("203.0.113.5", "203.0.113.6", False),
])
def test_clients_are_counted_by_address_and_ipv6_by_64(a: str, b: str, same: bool) -> None:
    assert (address_group(a) == address_group(b)) is same
    assert (client_key(a) == client_key(b)) is same


def test_proxies_are_addresses_or_networks() -> None:
    proxies = Proxies.parse(["10.0.0.0/8", "::1"])
    assert proxies.trusts("10.1.2.3") and proxies.trusts("::1") and not proxies.trusts("127.0.0.1")
    assert not Proxies.parse([]).trusts("127.0.0.1")  # none by default: nobody's header is believed
    with pytest.raises(ValueError, match="not an IP address"):
        Proxies.parse(["proxy.example"])
