"""The Rococo view explains every legal action, prompts every decision and renders every
event of many random games in words, never as a raw action or a template field."""

from __future__ import annotations

import re

from rich.console import Console
from rich.text import Text

from salon.bots.base import RandomBot
from salon.cli.rococo_view import RococoView
from salon.i18n import has, text
from salon.rococo.game import Rococo

GAMES = [(players, seed) for players in (2, 3, 4, 5) for seed in range(6)]


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def _check_words(line: str, what: str) -> None:
    assert "{" not in line, f"{what}: unfilled field in {line!r}"
    assert not re.search(r"\b[a-z]+\.[a-z_]+\b", line), f"{what}: a message key leaked into {line!r}"


def test_random_games_are_told_in_words() -> None:
    kinds: set[str] = set()
    whys: set[str] = set()
    for players, seed in GAMES:
        g = Rococo.new({"players": players}, seed)
        view = RococoView(g, "en", [f"Player {i + 1}" for i in range(players)])
        bot = RandomBot(seed)
        while not g.is_over():
            decision = g.decision()
            kinds.add(decision["kind"])
            prompt = plain(view.prompt(decision))
            assert not prompt.startswith("Decide:"), decision
            _check_words(prompt, decision["kind"])
            for action in g.legal_actions():
                explained = plain(view.explain(action))
                assert explained != action, action
                _check_words(explained, action)
            events = g.apply(bot.choose(g))
            for e in events:
                if "why" in e.data:
                    whys.add(e.data["why"])
                for seat in [None, *range(players)]:
                    line = view.event(e.view(seat))
                    assert line is not None
                    line = plain(line)
                    assert not line.startswith(f"{e.type}:"), f"no template for {e.type}"
                    _check_words(line, e.type)
    assert {"hand", "play", "main", "acquire", "fate", "tailor", "give", "dispose", "hire", "finance",
            "bonus"} <= kinds
    for why in whys:
        assert has(f"why.{why}") or has(f"bonus.{why}"), why


def test_secret_draws_stay_secret_in_the_log() -> None:
    g = Rococo.new({"players": 2}, 3)
    view = RococoView(g, "en", ["Player 1", "Player 2"])
    seat = g.current_player()
    assert g.decision()["kind"] == "hand"
    action = g.legal_actions()[0]
    card = action.split(":")[1]
    (event,) = g.apply(action)
    assert card in plain(view.event(event.view(seat)) or "")
    assert card not in plain(view.event(event.view(1 - seat)) or "")
    assert card not in plain(view.event(event.view(None)) or "")


def test_take_is_explained_with_silk_lower_part_and_price() -> None:
    g = Rococo.new({"players": 2, "start_player": 0}, 1)
    bot = RandomBot(0)
    while g.decision()["kind"] != "main":
        g.apply(bot.choose(g))
    g.apply("main:acquire")
    view = RococoView(g, "en", ["Player 1", "Player 2"])
    action = g.legal_actions()[0]
    tile = g.s.t.ds.tiles[g.s.t.tile_index[action[5:]]]
    explained = plain(view.explain(action))
    assert explained.startswith(f"Take tile {tile.id} (")
    assert "silk" in explained and "; below: " in explained
    assert re.search(r"for (\d+ livres?|free)$", explained), explained


def test_board_shows_only_the_viewers_secrets() -> None:
    g = Rococo.new({"players": 3, "start_player": 0}, 2)
    view = RococoView(g, "en", ["Player 1", "Player 2", "Player 3"])
    console = Console(width=100, record=True)
    console.print(view.board(1))
    shown = console.export_text()
    assert "Your supply" in shown
    assert "S21" in shown
    assert "S11" not in shown and "S31" not in shown
    for heading in ("Design display", "Resource drawers", "Employee display", "Halls", "Decorations",
                    "All-halls bonus", "Queen's favour"):
        assert heading in shown
    console = Console(width=100, record=True)
    console.print(view.board(None))
    assert "Your supply" not in console.export_text()


def test_board_fits_a_hundred_columns() -> None:
    g = Rococo.new({"players": 5, "start_player": 0}, 4)
    bot = RandomBot(1)
    for _ in range(400):
        g.apply(bot.choose(g))
    view = RococoView(g, "en", [text("player.with_bot", name=f"Player {i + 1}", bot="heuristic") for i in range(5)])
    console = Console(width=100, record=True)
    console.print(view.board(g.current_player()))
    lines = console.export_text().splitlines()
    assert max(len(line) for line in lines) <= 100
    assert not any("…" in line for line in lines)
