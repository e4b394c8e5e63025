"""The full-screen client at 80×24, driven through Textual's pilot: the four panes are there
and filled, another seat's move reaches the journal, a typed number plays an action, ``undo``
and ``why`` answer in the journal, and leaving stops the game."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from salon.bots.base import make_bot
from salon.cli.panes import Pane
from salon.cli.play import Seat
from salon.cli.support import support
from salon.cli.tui import PaneSession, TableApp
from salon.core import record
from salon.core.game import game_class

WAIT = 120
"""Seconds at most to wait for the session to ask (a safety net: the tests wait for states)."""


def _app(game: str, seed: int, save: Path | None = None, players: int = 2) -> TableApp:
    g = game_class(game).new({"players": players}, seed)
    sup = support(game)
    assert sup.view is not None
    labels = [f"Player {s + 1}" for s in range(players)]
    seats = [Seat(labels[0], None, "human")] + [Seat(labels[s], make_bot("random", s), "random")
                                                for s in range(1, players)]
    titles = {key: key.title() for key in ("board", "players", "journal", "choices", "input", "over")}
    app = TableApp(titles, ["Seed " + str(seed)])
    app.session = PaneSession(app, g, seats, sup.view(g, "en", labels), Console(), "en", save, 0.0, sup, None)
    return app


async def _asked(app: TableApp) -> None:
    await asyncio.wait_for(app.asking.wait(), WAIT)


async def _left(app: TableApp) -> None:
    """Until the session, told to leave, has saved the game and closed the app (its thread
    takes its own time to get there)."""

    async def closed() -> None:
        while app.return_value is None:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(closed(), WAIT)


def _text(app: TableApp, pane: str) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(app.query_one(f"#{pane}", Pane).content)
    return console.export_text()


def _journal(app: TableApp) -> str:
    return " ".join(" ".join(line.text for line in app.query_one("#journal", RichLog).lines).split())


async def _type(app: TableApp, pilot: Pilot[int], text: str) -> None:
    await _asked(app)
    command = app.query_one("#command", Input)
    command.value = text
    await pilot.press("enter")


async def _pick_first(app: TableApp, pilot: Pilot[int]) -> None:
    """Play the first legal action by its text (a number stays with its action within a decision
    of several picks, so "1" may be one played already)."""
    await _asked(app)
    assert app.session is not None
    await _type(app, pilot, app.session.game.legal_actions()[0])


@pytest.mark.slow
def test_the_panes_fit_80_by_24_and_another_seats_move_reaches_the_journal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"

    async def scenario() -> None:
        app = _app("necklace", 4, save)
        async with app.run_test(size=(80, 24)) as pilot:
            await _asked(app)
            await pilot.pause()  # the players' strip takes the height of its table
            for pane in ("players", "choices", "board"):
                if pane == "board":  # at 80×24 the board takes the middle in its turn
                    await pilot.press("f3")
                    await pilot.pause()
                widget = app.query_one(f"#{pane}")
                assert widget.region.width > 0 and widget.region.height > 2, pane
                assert widget.region.right <= 80 and widget.region.bottom <= 24, pane
                assert _text(app, pane).strip(), pane
            assert "1." in _text(app, "choices")
            journal = app.query_one("#journal")
            assert journal.region.height > 2 and "Seed 4" in _journal(app)
            for _ in range(40):  # the first options until the bot has played
                if "Since your last decision" in _journal(app):
                    break
                await _pick_first(app, pilot)
                await _asked(app)
                await pilot.pause()
            told = _journal(app)
            recap = told[told.index("Since your last decision"):]
            assert "Player 2" in recap and "[bold" not in told
            await _type(app, pilot, "why nonsense")
            await _asked(app)
            await pilot.pause()
            assert "'nonsense' is no action of this game" in _journal(app)
            await _type(app, pilot, "why 1")  # what the player sees: a choice's number, its short name
            await _asked(app)
            await pilot.pause()
            first = re.findall(r"(\S+) is one of your choices now \(number 1\)", " ".join(_journal(app).split()))
            assert first and ":" in first[-1], _journal(app)
            await _type(app, pilot, f"why {first[-1].split(':')[-1]}")
            await _asked(app)
            await pilot.pause()
            assert " ".join(_journal(app).split()).count(f"{first[-1]} is one of your choices now (number 1)") == 2
            await app.run_action("leave")
            await _left(app)
        assert app.return_value == 0
        assert record.load(save).history

    asyncio.run(scenario())


@pytest.mark.slow
def test_undo_and_quit_in_the_panes() -> None:
    async def scenario() -> None:
        app = _app("rococo", 8)
        async with app.run_test(size=(80, 24)) as pilot:
            await _asked(app)
            board = app.query_one("#board")
            await pilot.press("f3", "pagedown")
            await pilot.pause()
            assert board.scroll_y > 0  # the board is longer than its pane; the keys stay in the command line
            await _type(app, pilot, "1")
            await pilot.pause()
            await _type(app, pilot, "undo")
            await _asked(app)
            await pilot.pause()
            assert "Taken back: pick:S11" in _journal(app)
            assert app.session is not None and app.session.game.history == []
            await _type(app, pilot, "quit")
            await _asked(app)
            await pilot.pause()
            assert "Quit and lose this game? (yes/no)" in str(app.query_one("#command").border_title)
            await _type(app, pilot, "yes")
            await pilot.pause()
        assert app.return_value == 0

    asyncio.run(scenario())


@pytest.mark.slow
def test_a_shared_keyboard_empties_the_panes_before_the_hand_over() -> None:
    async def scenario() -> None:
        app = _app("rococo", 2)
        session = app.session
        assert session is not None
        session.seats[1] = Seat("Player 2", None, "human")
        session.humans = [0, 1]
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(10):  # Player 1's picks, until the keyboard changes hands
                await _pick_first(app, pilot)
                await _asked(app)
                await pilot.pause()
                if "Pass the terminal" in str(app.query_one("#command").border_title):
                    break
            assert "Pass the terminal to Player 2" in str(app.query_one("#command").border_title)
            assert not _text(app, "board").strip() and not _text(app, "choices").strip()
            assert "pick:" not in _journal(app)
            await _type(app, pilot, "")
            await _asked(app)
            await pilot.pause()
            assert "Player 2, your decision" in str(app.query_one("#choices").border_title)
            await app.run_action("leave")
            await _left(app)

    asyncio.run(scenario())
