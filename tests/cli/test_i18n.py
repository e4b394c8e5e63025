"""The message catalogue: lookups never fail, and every engine term has an English text, the
expansions' terms included (jewels, exams and tasks, hiring conditions, garment effects)."""

from __future__ import annotations

import re
from pathlib import Path

import salon.rococo.rules as rules_pkg
from salon.cli.rococo_view import term_fields
from salon.core.game import game_names
from salon.i18n import catalogue, count, game_key, has, languages, text
from salon.rococo.components import EXPANSIONS, packaged
from salon.rococo.game import Rococo
from salon.rococo.rules.registry import DECISIONS
from salon.rococo.rules.scoring import STEPS
from salon.rococo.rules.turn import MAIN_ACTIONS

EVERYTHING = packaged("1-3", frozenset(EXPANSIONS))
"""The data set with every expansion in play: every card, garment and jewel there is."""
TERMS = term_fields(Rococo.new({"players": 2}, 0), "en")
"""The term fields the Rococo view gives every template (the Deluxe words)."""


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
    """A shared key is "table.name"; a game's own key is "game.table.name" (its own file)."""
    games = set(game_names())
    for key, value in catalogue("en").items():
        assert re.fullmatch(r"([a-z]+\.)?[a-z_0-9]+\.[a-z_0-9]+", key), key
        if key.count(".") == 2:
            assert key.split(".")[0] in games, key
        assert isinstance(value, str) and value, key
        assert "[" not in value, f"{key}: square brackets are reserved for styling"


def test_a_games_own_file_is_no_language() -> None:
    assert languages() == ["en"]
    assert has("necklace.event.drawn")
    assert not has("event.drawn")
    assert game_key("necklace", "step.sale1") == "necklace.step.sale1"
    assert game_key("rococo", "step.money") == "step.money"
    assert game_key("necklace", "step.total") == "step.total"


def _emitted_event_types() -> set[str]:
    found = set()
    for path in Path(rules_pkg.__file__).parent.glob("*.py"):
        found |= set(re.findall(r'emit\(s, "([a-z_]+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_event_type_has_a_log_line() -> None:
    types = _emitted_event_types()
    assert {"tile_taken", "rented", "scored", "game_over"} <= types
    assert {"jewel", "jewel_display", "jewel_removed", "festive_added", "promoted", "exam_passed", "task",
            "replayed", "copied", "garment_effect"} <= types
    for t in types:
        assert has(f"event.{t}") or has(f"event.{t}_gain"), t


def test_every_bonus_has_a_description() -> None:
    ds = EVERYTHING
    jb = ds.jewelry_box
    assert jb is not None
    cards = [*ds.deck_cards, *ds.start_cards, *jb.exam_masters, *jb.exam_journeymen, *jb.specialists]
    bonuses = {c.bonus for c in cards}
    assert {"nj_copy_opponent", "nm_end_jewel_sets", "sa_vp3"} <= bonuses
    for bonus in bonuses:
        assert has(f"bonus.{bonus}"), bonus


def test_every_hiring_condition_has_a_text() -> None:
    jb = EVERYTHING.jewelry_box
    assert jb is not None
    conditions = {c.condition for c in jb.specialists}
    assert len(conditions) == 10
    for condition in conditions:
        assert has(f"condition.{condition}"), condition


def test_every_garment_effect_and_expansion_has_a_text() -> None:
    effects = {g.effect for g in EVERYTHING.garments if g.effect}
    assert {"fest_vp_per_dec", "exq_free_jewel"} <= effects
    for effect in effects:
        assert has(f"effect.{effect}"), effect
        filled = text(f"effect.{effect}", **TERMS, **(EVERYTHING.garment_params or {}))
        assert "{" not in filled, effect
    for expansion in EXPANSIONS:
        assert has(f"expansion.{expansion}"), expansion


def test_every_exam_task_has_a_meaning() -> None:
    jb = EVERYTHING.jewelry_box
    assert jb is not None
    for task in (*jb.journeyman_tasks, *jb.master_tasks):
        assert has(f"task.{task.lower()}"), task
    for exam in ("journeyman", "master"):
        assert has(f"exam.{exam}"), exam


def test_every_main_action_has_a_name_and_an_explanation() -> None:
    assert {"journeyman_exam", "master_exam"} <= set(MAIN_ACTIONS)
    for action in MAIN_ACTIONS:
        for key in (f"main.{action}", f"main_short.{action}", f"action.main_{action}"):
            assert has(key), key


def test_every_decision_kind_has_a_prompt() -> None:
    variants = {
        "acquire": ("acquire_main", "acquire_bonus", "acquire_reward"),
        "tailor": ("tailor", "tailor_bonus", "tailor_nj"),
        "jewel": ("jewel", "jewel_free"),
    }
    assert {"jewel", "promote", "task", "exq_send"} <= set(DECISIONS)
    for kind in DECISIONS:
        for key in variants.get(kind, (kind,)):
            assert has(f"decision.{key}"), kind


def test_every_scoring_step_has_a_name() -> None:
    assert "jewels" in STEPS
    for step in STEPS:
        assert has(f"step.{step}"), step
