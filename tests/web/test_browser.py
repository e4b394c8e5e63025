"""The browser client, driven by Playwright in Debian's Chromium: a whole game against a bot
played by clicking on the board, the final scoring table, the four languages, a spectator
without a hand, and a phone-width screen.  Screenshots go to a temporary folder whose
paths are printed (run with -s to see them).

Without /usr/bin/chromium these tests are skipped (``scripts/browser-deps`` installs it);
under CI=true a missing browser is a failure.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from tests.web.helpers import serving

STEPS = 20_000
"""The most turns of the game loop below a game may take: a bound that only a stuck game meets."""


@pytest.fixture(scope="module")
def live() -> Iterator[str]:
    """The real server (uvicorn) in a thread, on an in-memory database, bots without delay."""
    with serving(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED)) as url:
        yield url


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


def snap(page: Any, folder: Path, name: str, full_page: bool = True) -> None:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    print(f"screenshot: {path}")


REGIONS = (("board", "#board"), ("hand", "#mine"), ("list", "#actions"))
FIND = """(regions) => {
  for (const [where, region] of regions) {
    const found = [...document.querySelectorAll(region + " [data-action]")].map((e) => e.getAttribute("data-action"));
    if (found.length) return [where, region, found];
  }
  return null;
}"""


def clickable(page: Any) -> tuple[str, str, list[str]] | None:
    """Where the actions are clickable now (the board, one's cards, or else the action list),
    read in one step so that a re-render in between cannot mix two states."""
    found = page.evaluate(FIND, [list(r) for r in REGIONS])
    return None if found is None else (found[0], found[1], found[2])


def changed(page: Any, version: str | None, timeout: float = 10000) -> bool:
    try:
        page.wait_for_selector(f".game:not([data-version='{version}'])", state="attached", timeout=timeout)
    except PlaywrightTimeout:
        return False
    return True


LANGUAGES = [("fr", "Décompte final", "Journal"), ("de", "Endwertung", "Spielverlauf"),
             ("uk", "Фінальний підрахунок", "Журнал"), ("en", "Final scoring", "Journal")]


def test_a_whole_game_by_clicking_on_the_board(browser: Any, live: str, shots: Path) -> None:
    """A 2-player game against the random bot, created in the lobby and played by clicking:
    on the board (or one's own cards) where the action has a place, else in the action list;
    then the final scoring, in every language."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def console(message: Any) -> None:
        """The page runs under the server's Content-Security-Policy: anything it forbids is an error."""
        if "Content Security Policy" in message.text:
            errors.append(message.text)

    page.on("console", console)
    page.goto(live)
    page.fill("#your-name", "Ann")
    page.select_option("#seat-1", "bot:random")
    snap(page, shots, "lobby")
    page.click("#create")
    page.wait_for_selector(".game[data-version]")
    rng = random.Random(3)
    clicks = {"board": 0, "hand": 0, "list": 0}
    undone = False
    for _ in range(STEPS):
        if page.get_attribute(".game", "data-status") == "over":
            break
        version = page.get_attribute(".game", "data-version")
        choice = clickable(page)
        if choice is None:
            page.wait_for_timeout(20)  # a bot decides
            continue
        where, region, actions = choice
        if not undone and page.locator("#undo").count():
            page.click("#undo")  # take the latest action back, then go on
            undone = changed(page, version)
            continue
        if sum(clicks.values()) == 40:
            snap(page, shots, "game-midway")
        # a player who mostly tailors, buys and finances meets more of the board
        busy = [a for a in actions if a in ("main:tailor", "main:acquire", "main:finance", "main:hire")]
        action = rng.choice(busy) if busy and rng.random() < 0.85 else rng.choice(actions)
        try:
            page.locator(f'{region} [data-action="{action}"]').first.click(timeout=5000)
        except PlaywrightTimeout:
            continue  # the position moved on meanwhile
        if changed(page, version):
            clicks[where] += 1
    assert page.get_attribute(".game", "data-status") == "over", f"the game did not finish ({clicks})"
    assert not errors, errors
    assert undone, "the undo button never showed"
    print(f"clicks: {clicks}")
    # most choices live on the board or in the hand; the list is the fallback (the exact share
    # depends on the game the bot's replies lead to)
    assert 3 * (clicks["board"] + clicks["hand"]) > sum(clicks.values()), clicks
    assert clicks["board"] >= 5 and clicks["hand"] >= 5, clicks
    table = page.locator("#scoring-table")
    assert table.is_visible()
    assert table.locator("thead th").count() == 3  # the step column and one per seat
    assert table.locator("tr.total td").count() == 3
    totals = [int(x) for x in table.locator("tr.total td").all_inner_texts()[1:]]
    assert max(totals) > 0
    snap(page, shots, "final-scoring")
    for lang, title, journal in LANGUAGES:
        page.select_option("#lang", lang)
        page.wait_for_selector(f"html[lang='{lang}']", state="attached")
        assert title in page.inner_text("#scoring")
        assert journal in page.inner_text("#log h2")
        assert page.locator("#log li").count() > 100
        snap(page, shots, f"final-{lang}")
    page.close()


def test_the_lobby_offers_only_the_options_of_the_chosen_mode(browser: Any, live: str) -> None:
    """An option the config would refuse is not offered: the solo rulings (A-30, A-3, A-37)
    only with the solo mode, where the start player is hers (R-SOLO-SETUP-5); A-4 only with
    the Exquisite garments; neither solo nor expansions in the 2013 edition (D-2)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(live)
    page.wait_for_selector("#create")
    page.select_option("#game", "rococo")

    def shown(*keys: str) -> list[bool]:
        return [page.locator(f'[data-option="{key}"]').count() == 1 for key in keys]

    solo_keys = ("mdb_exam_removal", "mdb_inspect_tiles", "solo_two_player_rules")
    assert shown(*solo_keys, "start_player", "exquisite_tile_source") == [False, False, False, True, False]
    page.click("details.more summary")  # opened, the panel stays open while options change
    page.check('[data-option="solo"]')
    assert shown(*solo_keys, "start_player") == [True, True, True, False]
    assert page.locator("details.more").get_attribute("open") is not None
    page.check('[data-option="expansions:exquisite"]')
    assert shown("exquisite_tile_source") == [True]
    page.select_option('[data-option="edition"]', "2013")
    assert shown("solo", "expansions:exquisite", *solo_keys, "exquisite_tile_source", "start_player") == [
        False, False, False, False, False, False, True]
    page.close()


def test_a_spectator_sees_no_hand(browser: Any, live: str, shots: Path) -> None:
    import httpx2 as httpx

    created = httpx.post(f"{live}/api/games", json={"game": "rococo", "seats": [{"kind": "human"}, {"kind": "human"}],
                                                   "join": {"seat": 0, "name": "Ann"}, "config": {"start_player": 0}})
    game_id = created.json()["id"]
    httpx.post(f"{live}/api/games/{game_id}/join", json={"seat": 1, "name": "Bea"})
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    page.goto(f"{live}/#/game/{game_id}")
    page.wait_for_selector(".game[data-version]")
    assert page.locator("#hand").count() == 0
    assert page.locator("#mine").is_hidden()
    assert page.locator("#board [data-action], #actions [data-action]").count() == 0
    assert "You are watching" in page.inner_text("#status")
    states = [json.loads(f) for f in frames if '"type":"state"' in f]
    assert states and all("hand" not in p for s in states for p in s["observation"]["players"])
    snap(page, shots, "spectator")
    page.close()


def test_a_phone_width_screen(browser: Any, live: str, shots: Path) -> None:
    import httpx2 as httpx

    created = httpx.post(f"{live}/api/games", json={"game": "rococo", "config": {"expansions": ["jewelry_box"]},
                                                   "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                                   "join": {"seat": 0, "name": "Ann"}})
    game_id, token = created.json()["id"], created.json()["token"]
    page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                            has_touch=True)
    page.goto(live)
    seats = json.dumps({game_id: {"seat": 0, "token": token}})
    page.evaluate(f"localStorage.setItem('salon.seats', '{seats}')")
    page.goto(f"{live}/#/game/{game_id}")
    page.wait_for_selector(".game[data-seat='0']")
    page.wait_for_selector("#actions [data-action]")
    overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, "the page itself does not scroll sideways; the board scrolls in its frame"
    box = page.locator("#board").bounding_box()
    assert box is not None and box["width"] <= 390
    assert page.locator("#hand, #supply").count() >= 1
    assert page.locator("#board [data-jewel]").count() > 0, "the jeweler's display is drawn"
    snap(page, shots, "phone", full_page=False)
    page.close()


def test_a_timed_table_shows_its_clock_and_a_player_may_leave(browser: Any, live: str, shots: Path) -> None:
    """A table created in the lobby with a time per decision shows the deciding player's clock;
    a player who leaves the seat watches on, and the seat is free for someone else."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(live)
    page.wait_for_selector("#create")
    page.select_option("#game", "rococo")
    page.fill("#your-name", "Ann")
    page.select_option("#seat-1", "bot:random")
    page.select_option("#turn-timer", "600")
    page.click("#create")
    page.wait_for_selector("#timer")
    assert "Time left" in page.inner_text("#timer")
    snap(page, shots, "timer")
    page.click("#leave")
    page.wait_for_selector("[data-take-seat='0']")
    assert "You are watching" in page.inner_text("#status")
    assert page.locator("#leave").count() == 0
    page.close()


def test_a_hint_lists_the_searchs_choices_on_a_table_that_allows_them(browser: Any, live: str) -> None:
    import httpx2 as httpx

    created = httpx.post(f"{live}/api/games", json={"game": "rococo", "hints": True, "config": {"start_player": 0},
                                                   "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                                   "join": {"seat": 0, "name": "Ann"}})
    game_id, token = created.json()["id"], created.json()["token"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(live)
    seats = json.dumps({game_id: {"seat": 0, "token": token}})
    page.evaluate(f"localStorage.setItem('salon.seats', '{seats}')")
    page.goto(f"{live}/#/game/{game_id}")
    page.wait_for_selector("#actions [data-action]")
    page.click("#hint")
    page.wait_for_selector("#hints li")
    legal = set(page.eval_on_selector_all("#actions [data-action]", "els => els.map((e) => e.dataset.action)"))
    hinted = page.eval_on_selector_all("#hints li", "els => els.map((e) => e.dataset.hint)")
    assert hinted and set(hinted) <= legal
    assert "best opponent" in page.inner_text("#hints")
    page.wait_for_selector("#hints-used")
    assert "Ann 1" in page.inner_text("#hints-used")
    page.close()
