"""The table's page on a laptop (1366×768) and on a phone (390×844), in Debian's Chromium, for
Rococo (four players, every expansion) and the Queen's Necklace: on the laptop the board fits
its area and the screen, the decision and one's own cards are on screen without scrolling the
page; on the phone nothing scrolls sideways, the journal is one tap away and no text of the
board is under 12 px.  Screenshots go to /tmp/layout-*.png."""

from __future__ import annotations

from typing import Any

import httpx2 as httpx
import pytest

from tests.web.test_browser import browser, live  # noqa: F401  (fixtures)
from tests.web.test_necklace_browser import necklace_table
from tests.web.test_table import seated

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const board = document.querySelector("#board");
  return {area: box(board), drawing: box(board.firstElementChild), decision: box(document.querySelector("#decision")),
          mine: box(document.querySelector("#mine")), page: [document.scrollingElement.scrollWidth,
          document.scrollingElement.scrollHeight, innerWidth, innerHeight]};
}"""

SMALLEST = """() => {
  let least = Infinity;
  for (const svg of document.querySelectorAll("#board svg")) {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    for (const t of svg.querySelectorAll("text"))
      least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * scale);
  }
  for (const el of document.querySelectorAll("#board *")) {
    if (el instanceof HTMLElement && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
      least = Math.min(least, parseFloat(getComputedStyle(el).fontSize));
  }
  return least;
}"""


def rococo_table(browser: Any, live: str) -> Any:  # noqa: F811
    """A Rococo table of Ann against three bots with every expansion, opened at her seat."""
    created = httpx.post(f"{live}/api/games", json={
        "game": "rococo", "config": {"expansions": ["jewelry_box", "noble", "festive", "exquisite"]},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3,
        "join": {"seat": 0, "name": "Ann"}}).json()
    page = browser.new_page(viewport=LAPTOP)
    seated(page, live, created["id"], 0, created["token"])
    return page


def inside(inner: list[float], outer: list[float]) -> bool:
    return (inner[0] >= outer[0] - 1 and inner[1] >= outer[1] - 1
            and inner[2] <= outer[2] + 1 and inner[3] <= outer[3] + 1)


@pytest.mark.parametrize("game", ["rococo", "necklace"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_table_fits_a_laptop_and_a_phone(browser: Any, live: str, game: str, size: str) -> None:  # noqa: F811
    page = rococo_table(browser, live) if game == "rococo" else necklace_table(browser, live)[0]
    page.wait_for_selector("#actions [data-action]")
    page.set_viewport_size(LAPTOP if size == "laptop" else PHONE)
    if game == "rococo" and size == "phone":
        page.wait_for_selector("#board .board-tiles")  # the board is laid out again for the narrow screen
    page.wait_for_function("document.querySelector('#board').getBoundingClientRect().width <= innerWidth")
    boxes = page.evaluate(BOXES)
    width, height, view_width, view_height = boxes["page"]
    assert width <= view_width, "the page does not scroll sideways"
    if size == "laptop":
        assert inside(boxes["drawing"], boxes["area"]), boxes
        assert inside(boxes["drawing"], [0, 0, view_width, view_height]), boxes
        assert height <= view_height, "the page does not scroll"
        assert inside(boxes["decision"], [0, 0, view_width, view_height]), boxes
        assert inside(boxes["mine"], [0, 0, view_width, view_height]), boxes
    else:
        assert boxes["drawing"][2] <= boxes["area"][2] + 1, boxes
        players = page.eval_on_selector("#players-box .players", "el => [el.scrollWidth, el.clientWidth]")
        assert players[0] <= players[1], players
        assert page.evaluate(SMALLEST) >= 12
        page.click("#journal-jump")
        page.wait_for_function("(() => { const r = document.querySelector('#log').getBoundingClientRect();"
                               " return r.top >= 0 && r.top < innerHeight; })()")
        page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=f"/tmp/layout-{game}-{size}.png")
    page.close()
