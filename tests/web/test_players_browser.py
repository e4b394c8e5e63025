"""A player's profile in Debian's Chromium on a phone (390×844): its rating charts are inline
SVG with one point per rated game, no text of the page is under 11 px, nothing scrolls
sideways, and a signed-in visitor follows the player with one tap."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import sqlalchemy as sa

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.storage import Database
from salon.web.storage.schema import RATING_CHANGES
from tests.web.helpers import serving
from tests.web.test_players import account_rows, add_accounts, add_game, add_rating

PHONE = {"width": 390, "height": 844}
ROCOCO_GAMES = 14
NECKLACE_GAMES = 3

SMALLEST = """() => {
  let least = Infinity;
  for (const el of document.querySelectorAll("body *")) {
    if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest("svg");
    if (svg) size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    least = Math.min(least, size);
  }
  return least;
}"""


def fill(url: str) -> None:
    """Ann, signed in, with a Rococo rating of 14 rated games and a Necklace one of 3; Bea."""
    Database(url).close()  # the tables, as a server makes them
    engine = sa.create_engine(url)
    now = time.time()
    with engine.begin() as conn:
        db: Any = SimpleNamespace(conn=conn)
        add_accounts(db, account_rows("ann", "Ann", now), account_rows("bea", "Bea"))
        for i in range(ROCOCO_GAMES + NECKLACE_GAMES):
            kind = "rococo" if i < ROCOCO_GAMES else "necklace"
            at = now - 86400 * (30 - i)
            add_game(db, f"g{i}", {"ann": 1 + i % 2, "bea": 2 - i % 2}, at, game=kind, kind=kind)
            conn.execute(RATING_CHANGES.insert().values(game_id=f"g{i}", account="id-ann", kind=kind, at=at, place=1,
                                                        mu_before=25.0 + i % 5, sigma_before=8.0 - i * .2,
                                                        mu_after=25.5 + i % 5, sigma_after=7.9 - i * .2))
        add_rating(db, "ann", "rococo", 27.0, 5.0, ROCOCO_GAMES)
        add_rating(db, "ann", "necklace", 25.0, 7.0, NECKLACE_GAMES)
    engine.dispose()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('players') / 'salon.db'}"
    fill(url)
    with serving(create_app(url, limits=UNLIMITED)) as base:
        yield base


def test_a_profile_with_its_charts_reads_on_a_phone(browser: Any, served: str, tmp_path: Path) -> None:
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "salon_session", "value": "cookie-ann", "url": served}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{served}/#/players/ann")
    page.wait_for_selector(".chart-box[data-kind=rococo] svg circle")
    page.wait_for_selector(".chart-box[data-kind=necklace] svg circle")
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    page.screenshot(path=str(tmp_path / "profile-phone.png"), full_page=True)
    assert page.locator(".chart-box[data-kind=rococo] svg circle").count() == ROCOCO_GAMES
    assert page.locator(".chart-box[data-kind=necklace] svg circle").count() == NECKLACE_GAMES
    assert page.locator(".chart-box[data-kind=rococo] svg text").count() >= 3, "the axes are labelled"
    assert page.locator("#profile-recent a[href^='#/replay/']").count() == ROCOCO_GAMES + NECKLACE_GAMES
    assert page.evaluate(SMALLEST) >= 11
    width, view = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert width <= view, "nothing scrolls sideways"
    page.goto(f"{served}/#/players/bea")
    page.click("#profile-follow")
    page.wait_for_selector("#profile-follow:not(.primary)")
    page.goto(f"{served}/#/my")
    page.wait_for_selector("#my-friends [data-handle=bea]")
    assert errors == []
    context.close()
