"""Refusals in the players' words: every reason an engine gives for an action it does not offer
carries a key and raw fields (salon.core.errors.Refusal), every key has a text in each language
for the terminal and for the browser, and random games ask why of actions the rules forbid and
get an answer in German, French and Ukrainian with the rule it breaks."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import salon
from salon.cli.answers import refusal_text, why
from salon.cli.play import Seat, Session
from salon.cli.support import support
from salon.core.errors import Refusal
from salon.core.game import Game, game_class
from salon.i18n import languages, surface
from salon.rococo.game import Rococo

SRC = Path(salon.__file__).parent
GAMES = {"rococo": SRC / "rococo", "necklace": SRC / "necklace"}
ENGINE = SRC / "core" / "engine.py"


def _keys_in(paths: list[Path]) -> set[str]:
    """The keys of every ``Refusal(rule, reason, key, ...)`` the files construct (a key given
    by position or by name, always a literal: a key is a stable name, never computed)."""
    keys: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Refusal":
                given = node.args[2] if len(node.args) > 2 else next(
                    (k.value for k in node.keywords if k.arg == "key"), None)
                assert isinstance(given, ast.Constant) and isinstance(given.value, str) and given.value, \
                    f"{path}:{node.lineno}: a refusal without a literal key"
                keys.add(given.value)
    return keys


GAME_KEYS = {
    "rococo": _keys_in(sorted((GAMES["rococo"] / "rules").glob("*.py"))),
    "necklace": _keys_in(sorted((GAMES["necklace"] / "rules").glob("*.py"))),
}
ENGINE_KEYS = _keys_in([ENGINE])


def test_the_engines_name_their_reasons() -> None:
    assert ENGINE_KEYS == {"not_an_action", "game_over", "legal_now", "wrong_step"}
    assert len(GAME_KEYS["rococo"]) >= 45 and len(GAME_KEYS["necklace"]) >= 30
    assert {"buy_not_in_market", "buy_too_dear", "present_not_grey"} <= GAME_KEYS["necklace"]
    assert {"tailor_thimble_master", "pick_from_supply", "sets_too_many"} <= GAME_KEYS["rococo"]


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("surface_name", ["terminal", "web"])
def test_every_reason_has_a_text_in_every_language(lang: str, surface_name: str) -> None:
    """The language's own catalogs (no fallback to English) word every key."""
    texts = surface(lang, surface_name).plain
    wanted = {f"refusal.{k}" for k in ENGINE_KEYS}
    wanted |= {f"{game}.refusal.{k}" for game, keys in GAME_KEYS.items() for k in keys}
    assert sorted(wanted - set(texts)) == []


def test_the_old_rule_texts_are_gone() -> None:
    for lang in languages():
        assert not [k for k in surface(lang, "terminal").plain if k.startswith("rococo.rule.")]


def test_a_game_without_keys_still_explains() -> None:
    """The protocol's default refusal is the English explanation without a key."""

    g = Rococo.new({"players": 2}, 0)
    rule, reason = g.explain_illegal("main:hire:C999")
    assert Game.refusal(g, "main:hire:C999") == Refusal(rule, reason)  # no key, whatever the game's own say


CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("rococo", {"players": 2}, 1),
    ("rococo", {"players": 4, "expansions": "all"}, 2),
    ("rococo", {"players": 3, "expansions": "all"}, 5),
    ("rococo", {"players": 1, "solo": True}, 3),
    ("rococo", {"players": 3, "edition": "2013"}, 4),
    ("necklace", {"players": 2}, 1),
    ("necklace", {"players": 3}, 2),
    ("necklace", {"players": 4}, 3),
]
OTHERS = [lang for lang in languages() if lang != "en"]


def _session(game: Game, lang: str) -> Session:
    sup = support(game.name)
    assert sup.view is not None
    labels = [f"P{s + 1}" for s in range(game.num_players)]
    seats = [Seat(label, None, "human") for label in labels]
    return Session(game, seats, sup.view(game, lang, labels), Console(), lang, None, 0.0, sup)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "config", "seed"), CONFIGS)
def test_random_games_say_why_in_every_language(name: str, config: dict[str, Any], seed: int) -> None:
    cls = game_class(name)
    game = cls.new(config, seed)
    vocabulary = list(cls.describe(game.config_json()).action_space)
    rng = random.Random(seed)
    known = GAME_KEYS[name] | ENGINE_KEYS
    told: dict[str, int] = {}
    asked = 0
    while not game.is_over():
        legal = game.legal_actions()
        families = {a.split(":", 1)[0] for a in legal}
        refused = [a for a in vocabulary if a.split(":", 1)[0] in families and a not in legal]
        for action in rng.sample(refused, min(3, len(refused))):
            r = game.refusal(action)
            asked += 1
            assert r.rule != "PROTOCOL" and r.key in known, (action, r)
            assert all(isinstance(v, (str, int)) for v in r.fields.values()), r
            assert game.explain_illegal(action) == (r.rule, r.reason)
            if told.get(r.key, 0) >= 2:  # each reason worded a few times, not at every decision
                continue
            told[r.key] = told.get(r.key, 0) + 1
            english = refusal_text(r, game, _session(game, "en").view, "en")
            assert english != r.key and "{" not in english, (action, english)
            for lang in OTHERS:
                session = _session(game, lang)
                worded = refusal_text(r, game, session.view, lang)
                assert worded not in (english, r.reason) and "{" not in worded, (lang, action, worded)
                answer = why(action, legal, session.numbered(legal).actions, game, session.view, lang)
                assert r.rule in answer, (lang, action)
        game.apply(rng.choice(legal))
    assert asked > 50 and len(told) >= 5, told
