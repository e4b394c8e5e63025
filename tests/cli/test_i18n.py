"""The message catalogue: lookups never fail, and every engine term has an English text."""

from __future__ import annotations

import re
from pathlib import Path

import salon.rococo.rules as rules_pkg
from salon.i18n import catalogue, count, has, languages, text
from salon.rococo.components import packaged
from salon.rococo.game import Rococo  # noqa: F401  (registers every decision)
from salon.rococo.rules.registry import DECISIONS
from salon.rococo.rules.scoring import STEPS


def test_missing_key_is_the_key_itself() -> None:
    assert text("event.no_such_event") == "event.no_such_event"
    assert text("no.such.key", lang="xx", n=3) == "no.such.key"


def test_fields_are_filled_and_unknown_fields_stay() -> None:
    assert text("player.name", n=2) == "Player 2"
    assert text("player.name") == "Player {n}"
    assert text("event.round") == "Round {round} begins"
    assert text("event.played", player="P1") == "P1 plays {card}"


def test_counted_phrases() -> None:
    assert count("unit.livres", 1) == "1 livre"
    assert count("unit.livres", 0) == "0 livres"
    assert count("unit.livres", 12) == "12 livres"


def test_unknown_language_falls_back_to_english() -> None:
    assert "en" in languages()
    assert text("player.name", lang="xx", n=1) == "Player 1"


def test_keys_are_flat_dotted_strings() -> None:
    for key, value in catalogue("en").items():
        assert re.fullmatch(r"[a-z_0-9]+\.[a-z_0-9]+", key), key
        assert isinstance(value, str) and value, key
        assert "[" not in value, f"{key}: square brackets are reserved for styling"


def _emitted_event_types() -> set[str]:
    found = set()
    for path in Path(rules_pkg.__file__).parent.glob("*.py"):
        found |= set(re.findall(r'emit\(s, "([a-z_]+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_event_type_has_a_log_line() -> None:
    types = _emitted_event_types()
    assert {"tile_taken", "rented", "scored", "game_over"} <= types
    for t in types:
        assert has(f"event.{t}") or has(f"event.{t}_gain"), t


def test_every_bonus_has_a_description() -> None:
    ds = packaged("1-3")
    for bonus in {c.bonus for c in ds.deck_cards} | {c.bonus for c in ds.start_cards}:
        assert has(f"bonus.{bonus}"), bonus


def test_every_decision_kind_has_a_prompt() -> None:
    variants = {"acquire": ("acquire_main", "acquire_bonus", "acquire_reward")}
    for kind in DECISIONS:
        for key in variants.get(kind, (kind,)):
            assert has(f"decision.{key}"), kind


def test_every_scoring_step_has_a_name() -> None:
    for step in STEPS:
        assert has(f"step.{step}"), step
