"""The terminal client at 80×24, as players found it: the board takes the middle of the screen
in its turn (F3, or the ``board`` command), the pane the keys scroll is framed heavily and
named in the line of keys, every choice is in sight or counted below it, ``undo`` says in words
what it took back (never a move the game makes again by itself) and the board shows it, the
choices picked leave the numbers, and the replay's players' table is whole at 80 and 120
columns."""

from __future__ import annotations

import asyncio
import io
import random
import re
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from salon.bots.base import make_bot
from salon.cli.common import game_config
from salon.cli.panes import OPTION, Pane
from salon.cli.play import Seat, Session
from salon.cli.replay_view import Replay, ReplayApp
from salon.cli.support import support
from salon.cli.tui import PaneSession, TableApp
from salon.core.game import Game, game_class
from salon.i18n import languages

WAIT = 120
"""Seconds at most to wait for the session to ask (a safety net: the tests wait for states)."""
SIZE = (80, 24)
ALL = "jewelry_box,noble,festive,exquisite"


def _seats(players: int) -> list[Seat]:
    return [Seat("Player 1", None, "human")] + [Seat(f"Player {s + 1}", make_bot("random", s), "random")
                                                for s in range(1, players)]


def _app(name: str, config: dict[str, Any], seed: int) -> TableApp:
    game = game_class(name).new(config, seed)
    sup = support(name)
    assert sup.view is not None
    seats = _seats(game.num_players)
    titles = {key: key.title() for key in ("board", "players", "journal", "choices", "input", "over")}
    app = TableApp(titles, [f"Seed {seed}"])
    app.session = PaneSession(app, game, seats, sup.view(game, "en", [s.label for s in seats]), Console(), "en",
                              None, 0.0, sup, None)
    return app


def _game(app: TableApp) -> Game:
    assert app.session is not None
    return app.session.game


async def _asked(app: TableApp, pilot: Pilot[int]) -> None:
    """Until the session asks, and the panes have taken what it showed."""
    await asyncio.wait_for(app.asking.wait(), WAIT)
    await pilot.pause()
    await pilot.pause()


async def _type(app: TableApp, pilot: Pilot[int], line: str) -> None:
    """Type a line once the session asks, and wait until it asks again."""
    await _asked(app, pilot)
    app.query_one("#command", Input).value = line
    await pilot.press("enter")
    await _asked(app, pilot)


def _journal(app: TableApp) -> str:
    return " ".join(" ".join(line.text for line in app.query_one("#journal", RichLog).lines).split())


def _lines(pane: Pane) -> list[str]:
    """The pane's content as it draws it, one string a line."""
    return pane.drawn(pane.body.size.width)


def _highlighted(app: TableApp) -> list[str]:
    """The names the line of keys highlights."""
    keys = app.keys()
    return [keys.plain[span.start:span.end] for span in keys.spans if "reverse" in str(span.style)]


def _heavy(app: TableApp) -> list[str]:
    """The panes framed heavily."""
    return [name for name in ("choices", "board", "journal", "players")
            if app.query_one(f"#{name}").styles.border_top[0] == "heavy"]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "config", "regions"), [
    ("rococo", game_config(2, None),
     ("Halls", "Decorations", "Design display", "Resource drawers", "Employee display", "Your hand", "Your supply")),
    ("rococo", game_config(4, ALL),
     ("Halls", "Jeweler board", "Design display", "Resource drawers", "Jewels and exams", "Your hand",
      "Your specialized apprentice")),
    ("necklace", game_config(3, None), ("Fashion and rarity", "Market", "Your hand")),
])
def test_the_board_takes_the_middle_with_a_visible_focus(name: str, config: dict[str, Any],
                                                         regions: tuple[str, ...]) -> None:
    async def scenario() -> None:
        app = _app(name, config, 3)
        async with app.run_test(size=SIZE) as pilot:
            await _asked(app, pilot)
            choices, board = app.query_one("#choices", Pane), app.query_one("#board", Pane)
            assert choices.display and not board.display  # one pane at a time in the middle
            assert _heavy(app) == ["choices"] and _highlighted(app) == ["F2 Choices"]
            await pilot.press("f3")
            await pilot.pause()
            assert board.display and not choices.display and board.region.width == SIZE[0]
            assert _heavy(app) == ["board"] and _highlighted(app) == ["F3 Board"]
            players = len(_game(app).observe(None)["players"])
            # the screen less the players' strip, the journal's strip, the command line and the keys
            assert board.region.height == SIZE[1] - (players + 2) - 4 - 2 - 1
            drawn = _lines(board)
            height = board.scrollable_content_region.height
            assert all(region in "\n".join(drawn) for region in regions), drawn
            assert str(board.border_subtitle) == f"lines 1–{height} of {len(drawn)} — PgDn"
            await pilot.press("pagedown")
            await pilot.pause()
            assert str(board.border_subtitle).startswith(f"lines {height}–")  # a line of the last page stays
            await pilot.press("tab")  # the journal, then the choices again
            await pilot.pause()
            assert _heavy(app) == ["journal"] and not board.display and not choices.display
            await pilot.press("tab")
            await pilot.pause()
            assert choices.display and _heavy(app) == ["choices"]
            await _type(app, pilot, "board")
            assert board.display and _heavy(app) == ["board"] and _highlighted(app) == ["F3 Board"]
            await app.run_action("leave")

    asyncio.run(scenario())


@pytest.mark.heavy
def test_board_part_fills_the_board_pane_with_that_part_alone() -> None:
    """``board drawers`` at 80×24: the drawers in a page or two instead of pages 7 and 8 of 12."""
    async def scenario() -> None:
        app = _app("rococo", game_config(4, ALL), 3)
        async with app.run_test(size=SIZE) as pilot:
            await _type(app, pilot, "board drawers")
            board = app.query_one("#board", Pane)
            drawn = "\n".join(_lines(board))
            assert board.display and _heavy(app) == ["board"]
            assert "Resource drawers" in drawn and "Halls" not in drawn and "Design display" not in drawn
            assert len(_lines(board)) <= 2 * board.scrollable_content_region.height
            await app.run_action("leave")

    asyncio.run(scenario())


@pytest.mark.slow
def test_every_choice_is_in_sight_or_counted_below() -> None:
    async def scenario() -> None:
        app = _app("rococo", game_config(4, ALL), 5)
        seen = 0
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(40):
                await _asked(app, pilot)
                pane = app.query_one("#choices", Pane)
                legal = _game(app).legal_actions()
                drawn = _lines(pane)
                starts = [i for i, line in enumerate(drawn) if OPTION.match(line)]
                assert len(starts) == len(legal), drawn
                height = pane.scrollable_content_region.height
                below = sum(1 for i in starts if i >= height)
                if not below:
                    assert str(pane.border_subtitle) == ""
                    await _type(app, pilot, legal[0])
                    continue
                seen += 1
                assert str(pane.border_subtitle) == f"… {below} more — PgDn", drawn
                await pilot.press("pagedown")
                await pilot.pause()
                top = round(pane.scroll_y)
                after = sum(1 for i in starts if i >= top + height)
                assert top > 0 and after < below
                assert str(pane.border_subtitle) == (f"… {after} more — PgDn" if after else "")
                break
            assert seen
            await app.run_action("leave")

    asyncio.run(scenario())


@pytest.mark.slow
def test_undo_names_what_it_took_back_and_the_board_shows_it() -> None:
    async def scenario() -> None:
        app = _app("rococo", game_config(2, None), 8)
        async with app.run_test(size=SIZE) as pilot:
            await _asked(app, pilot)
            await _type(app, pilot, "2")
            assert _game(app).history == ["pick:S12"]
            hand = app.query_one("#players", Pane)
            assert _lines(hand)[1].split()[-3:-1] == ["1", "5"]  # Player 1's hand and staff
            await _type(app, pilot, "undo")
            assert _game(app).history == []
            assert "Taken back: pick:S12 — Take S12 Master start card into your hand (no bonus)" in _journal(app)
            assert _lines(hand)[1].split()[-3:-1] == ["0", "5"]
            numbered = [line for line in _lines(app.query_one("#choices", Pane)) if OPTION.match(line)]
            assert [line.split()[1] for line in numbered] == ["pick:S11", "pick:S12", "pick:S13", "pick:S14",
                                                              "pick:S15"]
            await app.run_action("leave")

    asyncio.run(scenario())


class Scripted(Session):
    """The line mode, its player's lines given in advance (a console in memory)."""

    script: list[str]

    def read(self, prompt: str) -> str:
        return self.script.pop(0)


def _scripted(name: str, seed: int, lines: list[str]) -> tuple[Scripted, io.StringIO]:
    game = game_class(name).new({"players": 2}, seed)
    sup = support(name)
    assert sup.view is not None
    out = io.StringIO()
    seats = _seats(2)
    session = Scripted(game, seats, sup.view(game, "en", [s.label for s in seats]), Console(file=out, width=200),
                       "en", None, 0.0, sup)
    session.script = lines
    return session, out


def test_undo_takes_back_a_choice_with_the_move_made_for_it() -> None:
    """The Courtesan played, the influence ends by itself (the only choice left): undo takes
    both back and names the Courtesan; the influence is asked again, not ended again."""
    session, out = _scripted("necklace", 10, ["play:courtesan", "undo", "quit", "yes"])
    session.run()
    said = " ".join(out.getvalue().split())
    assert "Taken back: play:courtesan — Courtesan: +3 ducats this turn" in said, said
    assert "Taken back: done" not in said and session.game.history == []
    assert said.count("the only choice, made for you") == 1


def test_undo_never_takes_back_only_a_move_the_game_would_make_again() -> None:
    """Nothing to play at the start: the influence ends by itself, and undo has nothing to take
    back rather than a move made again at once."""
    session, out = _scripted("necklace", 4, ["undo", "quit", "yes"])
    session.run()
    said = " ".join(out.getvalue().split())
    assert "Nothing can be taken back now" in said and "Taken back" not in said
    assert session.game.history == ["done"]


@pytest.mark.slow
def test_the_choices_picked_leave_the_numbers() -> None:
    async def scenario() -> None:
        app = _app("rococo", game_config(2, None), 8)  # the first decision: three cards of five for the hand
        async with app.run_test(size=SIZE) as pilot:
            await _asked(app, pilot)
            listed = _game(app).legal_actions()
            await _type(app, pilot, "2")
            assert _game(app).history == [listed[1]]
            shown = _lines(app.query_one("#choices", Pane))
            assert shown[1].split()[:3] == ["✓", listed[1], "chosen"]
            left = [listed[0], *listed[2:]]
            assert [line.split()[:2] for line in shown if OPTION.match(line)] == [
                [f"{n}.", action] for n, action in enumerate(left, 1)]
            await _type(app, pilot, "2")  # now the third card
            assert _game(app).history == [listed[1], listed[2]]
            await _type(app, pilot, "4")
            assert "'4' is not one of your choices now: type a number from 1 to 3" in _journal(app)
            await app.run_action("leave")

    asyncio.run(scenario())


def test_the_line_mode_numbers_what_is_left() -> None:
    session, _ = _scripted("rococo", 8, [])
    game = session.game
    seat = game.current_player()
    assert seat is not None
    listed = game.legal_actions()
    session.options(listed)
    game.apply(listed[0])
    session.picked(seat, listed[0])
    legal = game.legal_actions()
    assert session.parse("1", legal) == listed[1] and session.parse("5", legal) is None
    assert session.several("3 1", legal, seat) == [listed[3], listed[1]]
    out = io.StringIO()
    Console(file=out, width=200).print(session.options(legal))
    shown = out.getvalue().splitlines()
    assert shown[1].split()[:3] == ["✓", listed[0], "chosen"] and shown[2].split()[:2] == ["1.", listed[1]]
    assert re.search(r"\b5\.", out.getvalue()) is None


@pytest.fixture(scope="module")
def finished() -> Replay:
    """A whole game of five seats with long labels, all the expansions."""
    game = game_class("rococo").new(game_config(5, ALL), 11)
    rng = random.Random(11)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    labels = [f"Player {s + 1} (heuristic)" for s in range(5)]
    return Replay.of(game, labels, support("rococo"), "en")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.heavy
def test_the_replays_players_table_is_whole(finished: Replay, size: tuple[int, int]) -> None:
    app = ReplayApp(finished, finished.total)
    result = finished.start.clone()
    for action in finished.actions:
        result.apply(action)

    async def drive() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            pane = app.query_one("#players", Pane)
            drawn = _lines(pane)
            assert len(drawn) == 6 <= pane.scrollable_content_region.height and pane.region.width == size[0]
            assert drawn[0].split() == ["Player", "Livres", "VP", "Thread", "Lace", "Rack", "Hand", "Staff", "Notes"]
            assert "…" not in "\n".join(drawn), drawn
            for p in result.observe(None)["players"]:
                row = drawn[1 + p["seat"]].split()
                assert row[:3] == ["Player", str(p["seat"] + 1), "(heuristic)"]
                assert row[3:6] == [str(p["livres"]), str(p["vp"]), str(p["thread"])], row
            await pilot.press("q")

    asyncio.run(drive())


@pytest.mark.parametrize("lang", languages())
def test_the_line_of_keys_fits_80_columns(lang: str) -> None:
    """The panes with their keys, Tab and the page keys, in every language, on one line of an
    80-column screen (its padding left out)."""
    keys = TableApp({}, [], lang).keys().plain
    assert cell_len(keys) <= SIZE[0] - 2 and "F3" in keys and "Tab" in keys, keys
