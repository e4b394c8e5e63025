"""The browser client's texts: every language has every key with the same fields, and the
English Rococo texts cover every bonus, condition, effect, decision and event the engine
produces (the events' texts in the journal's own catalog, salon.wording)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from salon.bots.base import bot_names
from salon.i18n import languages
from salon.rococo.game import Rococo
from salon.rococo.models import EXPANSIONS
from salon.rococo.plugin import PLUGIN as ROCOCO
from salon.rococo.rules.bonuses import KNOWN_BONUSES
from salon.rococo.rules.registry import DECISIONS
from salon.rococo.rules.scoring import STEPS
from salon.web.api.errors import STATUS

STATIC = Path(__file__).parents[2] / "src" / "salon" / "web" / "static"
LANGS = tuple(languages())
PLURAL = re.compile(r"_(one|few|many|other)$")
FIELD = re.compile(r"\{(\w+)\}")
TERM_FIELD = re.compile("^(?:{})(?:_\\w+)?$".format("|".join(
    f"[{t[0]}{t[0].upper()}]{t[1:]}" for t in sorted(ROCOCO.term_fields, key=len, reverse=True))))
"""The edition's term fields the client fills in every Rococo text ({thread}, {Drawer}...), a
language's inflected forms of them included ({drawer_in}, {blue_dress}, see renderer.js)."""


def flat(data: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in data.items():
        if isinstance(v, dict):
            out.update(flat(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = str(v)
    return out


def load(folder: Path, lang: str) -> dict[str, str]:
    return flat(json.loads((folder / f"{lang}.json").read_text(encoding="utf-8")))


def base_keys(texts: dict[str, str]) -> dict[str, set[str]]:
    """Keys with the plural suffix folded, each with the fields its texts use."""
    out: dict[str, set[str]] = {}
    for key, text in texts.items():
        out.setdefault(PLURAL.sub("", key), set()).update(FIELD.findall(text))
    return out


EVENTS = STATIC / "games" / "rococo" / "events"


@pytest.mark.parametrize("folder", [STATIC / "i18n", STATIC / "games" / "rococo" / "i18n", EVENTS],
                         ids=["shell", "rococo", "rococo-events"])
@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_language_has_every_key_with_the_same_fields(folder: Path, lang: str) -> None:
    english = base_keys(load(folder, "en"))
    other = base_keys(load(folder, lang))
    assert sorted(set(english) - set(other)) == [], "missing"
    # a language's own tables of inflected words: colour_dress, term_from...
    own_tables = {k for k in other if k.split(".")[-2].startswith(("colour_", "term_"))}
    assert sorted(set(other) - set(english) - own_tables) == []
    for key, fields in english.items():
        terms = {f for f in other[key] if TERM_FIELD.match(f)}
        assert other[key] - terms <= fields | {"n"}, f"{lang} {key} uses fields the client does not fill"
        assert {f for f in fields - {"n"} if not TERM_FIELD.match(f)} <= other[key] | {"price"} \
            or key.startswith("rococo.action.bonus_"), f"{lang} {key} drops {fields - other[key]}"


def test_english_covers_the_engine() -> None:
    en = load(STATIC / "games" / "rococo" / "i18n", "en")
    for bonus in KNOWN_BONUSES:
        assert f"rococo.bonus.{bonus}" in en, bonus
    g = Rococo.new({"players": 3, "expansions": list(EXPANSIONS)}, 1)
    t = g.s.t
    for card in t.cards:
        if card.condition:
            assert f"rococo.condition.{card.condition}" in en, card.condition
    for garment in t.ds.garments:
        if garment.effect:
            assert f"rococo.effect.{garment.effect}" in en, garment.effect
    for kind in DECISIONS:
        assert f"rococo.doing.{kind}" in en, kind
    for step in STEPS:
        assert f"rococo.step.{step}" in en, step
    events: set[str] = set()
    for seed in range(6):
        game = Rococo.new({"players": 2 + seed % 3, "expansions": list(EXPANSIONS)}, seed)
        events |= {e.type for e in game.s.events}
        rng = random.Random(seed)
        while not game.is_over():
            events |= {e.type for e in game.apply(rng.choice(game.legal_actions()))}
    told = load(EVENTS, "en")
    missing = {e for e in events if f"rococo.event.{e}" not in told and f"rococo.event.{e}_gain" not in told}
    assert missing == set(), missing


def test_english_covers_the_solo_mode_and_the_2013_edition() -> None:
    """Madame du Barry's turns read as sentences (her reasons included), and every text the
    2013 edition words its own way replaces a text the client has."""
    en = load(STATIC / "games" / "rococo" / "i18n", "en")
    events: set[str] = set()
    whys: set[str] = set()
    fallbacks: set[str] = set()
    for seed in range(3):
        game = Rococo.new({"solo": True, "expansions": list(EXPANSIONS)} if seed else {"solo": True}, seed)
        rng = random.Random(seed)
        while not game.is_over():
            for e in game.apply(rng.choice(game.legal_actions())):
                events.add(e.type)
                if e.type == "mdb_fallback":
                    fallbacks.add(e.data["why"])
                elif e.type in ("vp", "livres", "goods"):
                    whys.add(e.data["why"])
    told = load(EVENTS, "en")
    missing = {e for e in events if f"rococo.event.{e}" not in told and f"rococo.event.{e}_gain" not in told}
    assert missing == set(), missing
    assert {"mdb_card", "mdb_hand"} <= events
    assert {w for w in whys if w.startswith("mdb") and f"rococo.why.{w}" not in told} == set()
    assert {w for w in fallbacks if f"rococo.solo.fallback_{w}" not in told} == set()
    # the 2013 edition's words are the term fields' words (no duplicated texts per edition)
    assert not any(k.startswith("rococo.edition_") for k in en)
    terms = Rococo.new({"players": 2, "edition": "2013"}, 1).s.t.ds.terms or {}
    assert all(f"rococo.colour.{terms[c]}" in en for c in ("blue", "pink", "green", "orange"))


SCRIPT_ONLY = {"too_large", "bad_json", "bad_frame", "seed_not_allowed", "bad_origin", "not_json",
               "bad_host", "method_not_allowed", "bad_step"}
"""Refusals the browser client cannot provoke (it sends small JSON text frames, listed
actions and no seed, from the server's own pages); scripts read the server's English
message."""


def test_every_refusal_a_player_can_meet_is_translated() -> None:
    """Each code the server refuses with (the API's table of statuses, which
    test_every_code_raised_has_a_status holds complete) has a text in every language (the
    client shows the server's English message only for codes it does not know)."""
    for lang in LANGS:
        texts = load(STATIC / "i18n", lang)
        assert sorted(c for c in set(STATUS) - SCRIPT_ONLY if f"error.{c}" not in texts) == [], lang


def test_every_code_raised_has_a_status() -> None:
    """Every code of a ``Refused`` written in the server's sources is in the API's table, so
    that no refusal becomes a 500; the codes chosen at run time are listed beside it."""
    web = STATIC.parent
    raised = set()
    for source in sorted(web.rglob("*.py")):
        raised |= set(re.findall(r'Refused\(\s*"(\w+)"', source.read_text(encoding="utf-8")))
    assert {"bad_config", "seat_is_bot", "not_found", "stale"} <= raised  # the pattern still finds them
    chosen = {"server_full", "too_many_tables", "network_full", "illegal_action", "malformed_action",
              "method_not_allowed"}
    assert sorted((raised | chosen) - set(STATUS)) == []


def test_every_bot_the_lobby_offers_has_a_name_in_every_language() -> None:
    for lang in LANGS:
        texts = load(STATIC / "i18n", lang)
        assert sorted(b for b in bot_names() if f"bot.{b}" not in texts) == [], lang
