"""Names shown without what renders as nothing, and the key under which two names look alike.

What a name loses is checked against Unicode's own data (the ``Default_Ignorable_Code_Point``
and ``Variation_Selector`` properties, as the regex module reads them) over every code point
of the Basic Multilingual Plane and the supplementary planes, rather than against a list of
the characters known today (tests/web/test_who_is_who.py has the cleaning's other rules).
"""

from __future__ import annotations

import unicodedata

import pytest
import regex
from fastapi.testclient import TestClient

from salon.web.names import INVISIBLE, clean_text, likeness
from tests.web.helpers import create, error_code

PROPERTY = regex.compile(r"[\p{Default_Ignorable_Code_Point}\p{Variation_Selector}]")
EVERY_CODE_POINT = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
"""Every code point but the surrogates, which no Python text read from UTF-8 holds."""


def test_unicodes_data_lists_the_invisible_characters_names_were_dressed_up_with() -> None:
    ignorable = set(PROPERTY.findall(EVERY_CODE_POINT))
    assert {"\u034f", "\ufe0f", "\u17b4", "\u17b5", "\u180b", "\u3164", "\u200b", "\u00ad"} <= ignorable
    assert {chr(c) for c in range(0xE0100, 0xE01F0)} | {chr(c) for c in range(0xFE00, 0xFE10)} <= ignorable
    assert len(ignorable) > 4000


def test_every_default_ignorable_code_point_and_variation_selector_is_removed() -> None:
    for ch in PROPERTY.findall(EVERY_CODE_POINT):
        assert clean_text(f"ad{ch}min", 40) == "admin", f"U+{ord(ch):04X}"
        assert likeness(f"ad{ch}min") == "admin", f"U+{ord(ch):04X}"


@pytest.mark.heavy
def test_no_cleaned_text_holds_one_and_every_visible_character_is_kept() -> None:
    assert not PROPERTY.search(clean_text(EVERY_CODE_POINT, len(EVERY_CODE_POINT)))
    key = likeness(EVERY_CODE_POINT)
    assert not PROPERTY.search(key) and likeness(key) == key
    visible = " ".join(ch for ch in EVERY_CODE_POINT if unicodedata.category(ch)[0] in "LNPS"
                       and not PROPERTY.match(ch) and ch not in INVISIBLE)
    assert clean_text(visible, 3 * len(visible)) == unicodedata.normalize("NFC", visible)


@pytest.mark.parametrize("name", [
    "admin\u034f", "ad\u034fmin",  # combining grapheme joiner
    "admin\ufe0f", "a\ufe0edmin", "admi\U000e0100n", "admin\U000e01ef",  # variation selectors
    "admin\u17b4", "\u17b5admin",  # Khmer inherent vowels
    "adm\u180bin",  # a Mongolian free variation selector
    "ad\u200dmin\u2060", "\u2066admin\u2069", "admin\U000e0041",  # a joiner, bidi isolates, a tag
    "Admin", "ADMIN", "\uff41\uff44\uff4d\uff49\uff4e", "\uff21\uff24\uff2d\uff29\uff2e",  # fullwidth
    " admin ", "admin\u3000",  # white space around it
])
def test_names_that_render_as_admin_have_its_likeness(name: str) -> None:
    assert likeness(name) == likeness("admin") == "admin"


@pytest.mark.parametrize(("name", "other"), [
    ("\u2764\ufe0f", "\u2764"),  # a heart drawn as an emoji and as text: the same heart
    ("Stra\u00dfe", "STRASSE"),
    ("\ufb01sh", "fish"),  # a ligature
    ("Cafe\u0301", "caf\u00e9"),
    ("\u2167", "viii"),  # a Roman numeral
])
def test_other_look_alikes_share_their_likeness(name: str, other: str) -> None:
    assert likeness(name) == likeness(other)


@pytest.mark.parametrize(("name", "other"), [
    ("admin", "admln"), ("Ann", "Anna"), ("caf\u00e9", "cafe"), ("ad min", "admin"), ("admin1", "admin"),
])
def test_names_that_look_different_keep_apart(name: str, other: str) -> None:
    assert likeness(name) != likeness(other)


def test_the_shown_name_keeps_its_case_and_width() -> None:
    """The key is for comparing only: a name is shown as its player wrote it, cleaned."""
    assert clean_text("\uff21dmin\u034f\ufe0f", 40) == "\uff21dmin"
    assert likeness("\uff21dmin\u034f\ufe0f") == "admin"


def test_a_name_that_looks_like_one_at_the_table_cannot_sit_there(client: TestClient) -> None:
    """``admin`` sits; ``Admin`` and ``admin`` with a combining grapheme joiner are refused a
    seat at that table, in words; another name sits."""
    game_id, _ = create(client, [{"kind": "human"}] * 3, join=False)
    assert client.post(f"/api/games/{game_id}/join", json={"name": "admin"}).status_code == 200
    for alike in ("Admin", "admin\u034f", "ａｄｍｉｎ"):
        r = client.post(f"/api/games/{game_id}/join", json={"name": alike})
        assert r.status_code == 409 and error_code(r) == "name_taken", r.text
    assert client.post(f"/api/games/{game_id}/join", json={"name": "Adam"}).status_code == 200
    r = client.post("/api/games", json={"game": "rococo", "join": {"seat": 0, "name": "Random"},
                                        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 409 and error_code(r) == "name_taken"
