"""The full-screen client's layout at 80×24: the players' table stays in view with every seat
and whole headings, the journal and the board scroll, help, the rules and a hint open over the
panes, and the board shows the state the decision is taken in (a decision of several picks:
tests/cli/test_terminal_small.py)."""

from __future__ import annotations

import asyncio
import io

import pytest
from rich.console import Console, RenderableType
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from salon.bots.base import make_bot
from salon.bots.search import Estimate
from salon.cli.panes import Page, Pane
from salon.cli.play import Seat
from salon.cli.support import support
from salon.cli.tui import PaneSession, TableApp
from salon.core.game import Game, game_class

WAIT = 120
"""Seconds at most to wait for the session to ask (a safety net: the tests wait for states)."""


def _seats(players: int) -> list[Seat]:
    return [Seat("Player 1", None, "human")] + [Seat(f"Player {s + 1}", make_bot("random", s), "random")
                                                for s in range(1, players)]


def _app(game: str, seed: int, players: int) -> TableApp:
    g = game_class(game).new({"players": players}, seed)
    sup = support(game)
    assert sup.view is not None
    titles = {key: key.title() for key in ("board", "players", "journal", "choices", "input", "over")}
    app = TableApp(titles, ["Seed " + str(seed)])
    labels = [s.label for s in _seats(players)]
    app.session = PaneSession(app, g, _seats(players), sup.view(g, "en", labels), Console(), "en", None, 0.0, sup,
                              None)
    return app


def _game(app: TableApp) -> Game:
    assert app.session is not None
    return app.session.game


def _lines(renderable: RenderableType, width: int = 200) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


async def _type(app: TableApp, pilot: Pilot[int], text: str) -> None:
    """Type a line once the session asks, and wait until it asks again."""
    await asyncio.wait_for(app.asking.wait(), WAIT)
    app.query_one("#command", Input).value = text
    await pilot.press("enter")
    await asyncio.wait_for(app.asking.wait(), WAIT)
    await pilot.pause()


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "headings"), [
    ("rococo", 4, ("Player", "Livres", "VP", "Thread", "Lace", "Rack", "Hand", "Staff")),
    ("necklace", 3, ("Player", "Livres", "Ducats", "Cards in hand")),
])
def test_the_players_table_is_in_view_with_every_seat(game: str, players: int, headings: tuple[str, ...]) -> None:
    async def scenario() -> None:
        app = _app(game, 3, players)
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(app.asking.wait(), WAIT)
            await pilot.pause()
            pane = app.query_one("#players", Pane)
            lines = _lines(pane.content, pane.scrollable_content_region.width)
            assert pane.region.bottom <= 24 and len(lines) == players + 1 <= pane.scrollable_content_region.height
            assert all(h in lines[0].split() or h in lines[0] for h in headings) and "…" not in lines[0], lines[0]
            for p in _game(app).observe(None)["players"]:
                row = lines[1 + p["seat"]]
                money = p["livres"] if game == "rococo" else p["score"]
                assert f"Player {p['seat'] + 1}" in row and str(money) in row.split(), row
            assert lines[1 + _game(app).decision()["seat"]].startswith("▶")
            await app.run_action("leave")

    asyncio.run(scenario())


@pytest.mark.slow
def test_the_journal_follows_its_newest_line_and_the_panes_scroll() -> None:
    async def scenario() -> None:
        app = _app("rococo", 8, 2)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(8):
                await _type(app, pilot, "why nonsense")
            journal = app.query_one("#journal", RichLog)
            assert 0 < journal.max_scroll_y == journal.scroll_y
            await pilot.press("tab", "tab")  # the page keys now scroll the journal
            await pilot.press("pageup")
            await pilot.pause()
            assert journal.has_class("scrolled") and journal.scroll_y < journal.max_scroll_y
            board = app.query_one("#board", Pane)
            await pilot.press("shift+tab", "pagedown")  # the board's turn
            await pilot.pause()
            assert board.has_class("scrolled") and board.scroll_y > 0
            await app.run_action("leave")

    asyncio.run(scenario())


@pytest.mark.slow
def test_a_hint_opens_over_the_panes_best_choice_first(monkeypatch: pytest.MonkeyPatch) -> None:
    def found(game: Game, seed: int) -> list[Estimate]:
        legal = game.legal_actions()
        return [Estimate(legal[2], 4.0, 9, 0.0), Estimate(legal[0], -1.0, 9, 0.0)]

    monkeypatch.setattr("salon.cli.play.hint", found)

    async def scenario() -> None:
        app = _app("rococo", 8, 2)
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(app.asking.wait(), WAIT)
            best = _game(app).legal_actions()[2]
            await _type(app, pilot, "hint")
            page = app.screen
            assert isinstance(page, Page)
            body = page.query_one("#page-body")
            assert page.query_one("#page").scroll_y == 0
            # ranked first, with the number that picks it beside
            assert _lines(page.body)[0].startswith(f"1. option 3: {best} (") and "ahead" in _lines(page.body)[0]
            assert _lines(page.body)[1].startswith("2. option 1: ")
            assert body.region.y == page.query_one("#page").scrollable_content_region.y
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, Page)
            await app.run_action("leave")

    asyncio.run(scenario())


@pytest.mark.slow
def test_the_rules_open_over_the_panes_scroll_and_close() -> None:
    async def scenario() -> None:
        app = _app("rococo", 8, 2)
        async with app.run_test(size=(80, 24)) as pilot:
            await _type(app, pilot, "rules")
            page = app.screen
            assert isinstance(page, Page)
            scroll = page.query_one("#page")
            assert scroll.max_scroll_y > 0 and scroll.scroll_y == 0
            await pilot.press("pagedown")
            await pilot.pause()
            assert scroll.scroll_y > 0
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, Page) and app.query_one("#command", Input).has_focus
            await app.run_action("leave")

    asyncio.run(scenario())


@pytest.mark.slow
def test_the_necklace_board_shows_the_ducats_of_the_decision() -> None:
    async def scenario() -> None:
        app = _app("necklace", 4, 2)
        async with app.run_test(size=(80, 24)) as pilot:
            checked = 0
            for _ in range(30):
                await asyncio.wait_for(app.asking.wait(), WAIT)
                await pilot.pause()
                decision = _game(app).decision()
                if decision["kind"] in ("influence", "buy"):
                    board = " ".join(" ".join(_lines(app.query_one("#board", Pane).content)).split())
                    assert f"To spend this turn: {decision['ducats']} ducats" in board, (decision, board)
                    assert f"bought so far: {decision['bought']} card" in board, (decision, board)
                    table = _lines(app.query_one("#players", Pane).content)
                    assert str(decision["ducats"]) in table[1 + decision["seat"]].split()
                    checked += decision["bought"] > 0
                if checked:
                    break
                await _type(app, pilot, _game(app).legal_actions()[0])
            assert checked
            await app.run_action("leave")

    asyncio.run(scenario())
