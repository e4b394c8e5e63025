"""The table's page on a laptop (1366×768) and on a phone (390×844), in Debian's Chromium, for
Rococo (four players, every expansion) and the Queen's Necklace.  On the laptop the page does
not scroll, every choice of the decision is on screen, one's own cards too, and no text of the
board is under 11 px at its default size, whatever the decision (several of a game are
measured).  On the phone nothing scrolls sideways, the status is one line, the board is seen
whole in the screen's width, a tap zooms in on the place tapped (legible there) and a button
goes back to the whole board, and the journal is one tap away.  Screenshots go to /tmp/shots/."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.web.helpers import PATIENT, POLLS, TOKEN
from tests.web.test_browser import live  # noqa: F401  (fixture)
from tests.web.test_necklace_browser import necklace_table
from tests.web.test_table import seated

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SHOTS = Path("/tmp/shots")
EXPANSIONS = ["jewelry_box", "noble", "festive", "exquisite"]

BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const board = document.querySelector("#board");
  return {area: box(board), drawing: box(board.firstElementChild), decision: box(document.querySelector("#decision")),
          mine: box(document.querySelector("#mine")), page: [document.scrollingElement.scrollWidth,
          document.scrollingElement.scrollHeight, innerWidth, innerHeight],
          scroll: [board.scrollWidth, board.clientWidth, board.scrollHeight, board.clientHeight]};
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

UNSEEN = """() => [...document.querySelectorAll("#decision button")].filter((b) => {
  const r = b.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const inside = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  return !inside || document.elementFromPoint(x, y)?.closest("button") !== b;
}).map((b) => b.textContent)"""
"""The decision's buttons that are not on screen as the page stands, unscrolled: out of the
window, or hidden (under another part, or scrolled away in their own box)."""

ONE_LINE = """() => {
  const shown = [...document.querySelector("#status").children].filter((el) => el.getClientRects().length);
  const boxes = shown.map((el) => el.getBoundingClientRect());
  const who = document.querySelector("#status .who");
  return {rows: Math.max(...boxes.map((r) => r.top)) < Math.min(...boxes.map((r) => r.bottom)),
          who: who.getBoundingClientRect().height / parseFloat(getComputedStyle(who).lineHeight)};
}"""
"""Whether the status bar's parts stand in one row, and the height of what is decided in lines."""


def rococo_table(browser: Any, live: str, seed: int | None = None) -> tuple[Any, str, str]:  # noqa: F811
    """A Rococo table of Ann against three bots with every expansion, opened at her seat on a
    laptop's screen: the page, the table's id and Ann's token."""
    created = httpx.post(f"{live}/api/games", json={
        "game": "rococo", "config": {"expansions": EXPANSIONS}, "seed": seed,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3,
        "join": {"seat": 0, "name": "Ann"}}).json()
    page = browser.new_page(viewport=LAPTOP, reduced_motion="reduce")  # measured and shown in place
    seated(page, live, created["id"], 0, created["token"])
    return page, created["id"], created["token"]


def inside(inner: list[float], outer: list[float]) -> bool:
    return (inner[0] >= outer[0] - 1 and inner[1] >= outer[1] - 1
            and inner[2] <= outer[2] + 1 and inner[3] <= outer[3] + 1)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def until_decision(live: str, game_id: str, token: str, kinds: set[str], prefer: tuple[str, ...] = ()) -> Any:  # noqa: F811
    """Ann's decisions made over HTTP (the first of ``prefer`` that is legal, else her first
    legal action) until she decides one of ``kinds``: her state then."""
    with httpx.Client(base_url=live, headers={TOKEN: token}, timeout=PATIENT) as http:
        for _ in range(POLLS):
            st = http.get(f"/api/games/{game_id}/state").json()
            decision = (st["observation"] or {}).get("decision") or {}
            if st["legal"] and not st.get("forced") and decision.get("kind") in kinds:
                return st
            if st["legal"] and not st.get("forced"):
                action = next((a for a in prefer if a in st["legal"]), st["legal"][0])
                http.post(f"/api/games/{game_id}/actions", json={"action": action, "version": st["version"]})
            else:
                time.sleep(0.01)
    raise AssertionError(f"Ann never decided {kinds} in {POLLS} polls")


@pytest.mark.parametrize("game", ["rococo", "necklace"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_table_fits_a_laptop_and_a_phone(browser: Any, live: str, game: str, size: str) -> None:  # noqa: F811
    page = rococo_table(browser, live)[0] if game == "rococo" else necklace_table(browser, live)[0]
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_selector("#actions [data-action]")
    page.set_viewport_size(LAPTOP if size == "laptop" else PHONE)
    page.wait_for_function("() => document.querySelector('#board').firstElementChild.getBoundingClientRect().right"
                           " <= document.querySelector('#board').getBoundingClientRect().right + 1")
    boxes = page.evaluate(BOXES)
    width, height, view_width, view_height = boxes["page"]
    assert width <= view_width, "the page does not scroll sideways"
    area, drawing = boxes["area"], boxes["drawing"]
    assert drawing[0] >= area[0] - 1 and drawing[2] <= area[2] + 1, f"the board is as wide as its area at most: {boxes}"
    if size == "laptop":
        assert height <= view_height, "the page does not scroll"
        assert inside(area, [0, 0, view_width, view_height]), boxes
        assert inside(boxes["decision"], [0, 0, view_width, view_height]), boxes
        assert inside(boxes["mine"], [0, 0, view_width, view_height]), boxes
        assert page.evaluate(UNSEEN) == []
        assert page.evaluate(SMALLEST) >= 11
    else:
        players = page.eval_on_selector("#players-box .players", "el => [el.scrollWidth, el.clientWidth]")
        assert players[0] <= players[1], players
        if game == "necklace":
            assert page.evaluate(SMALLEST) >= 12  # its board flows to the screen's width
        page.click("#journal-jump")
        page.wait_for_function("() => { const r = document.querySelector('#log').getBoundingClientRect();"
                               " return r.top >= 0 && r.top < innerHeight; }")
        page.evaluate("scrollTo(0, 0)")
    shot(page, f"layout-{game}-{size}")
    page.close()


def test_every_rococo_decision_on_a_laptop_is_legible_and_in_view(browser: Any, live: str) -> None:  # noqa: F811
    """At 1366×768, through a game's decisions (choosing the hand, the main action, then the
    decoration to finance or the resources to acquire, with their many choices): no text of
    the board under 11 px as it first shows, every button of the decision on screen without
    scrolling the page, the page not scrolling."""
    page, game_id, token = rococo_table(browser, live, seed=5)
    steps = [("hand", {"hand"}, ()), ("main", {"main"}, ()),
             ("sub", {"finance", "acquire", "hire"}, ("main:finance", "main:acquire", "main:hire"))]
    seen = []
    for name, kinds, prefer in steps:
        st = until_decision(live, game_id, token, kinds, prefer)
        page.wait_for_selector(f".game[data-version='{st['version']}'] #actions [data-action]")
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        kind = st["observation"]["decision"]["kind"]
        seen.append(kind)
        assert page.evaluate(SMALLEST) >= 11, kind
        assert page.evaluate(UNSEEN) == [], kind
        width, height, view_width, view_height = page.evaluate(BOXES)["page"]
        assert width <= view_width and height <= view_height, f"{kind}: the page scrolls"
        shot(page, f"table-laptop-{name}")
    assert len(set(seen)) == 3, seen
    page.close()


def test_on_a_phone_the_board_is_seen_whole_and_a_tap_zooms_in(browser: Any, live: str) -> None:  # noqa: F811
    """At 390×844: the status in one line (the rest a tap away), the board's overview as wide
    as the screen and whole; a tap on a place to choose zooms in on it (legible there) rather
    than choosing it, and the whole board comes back with a button."""
    created = httpx.post(f"{live}/api/games", json={
        "game": "rococo", "config": {"expansions": EXPANSIONS}, "seed": 5,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3,
        "join": {"seat": 0, "name": "Ann"}}).json()
    st = until_decision(live, created["id"], created["token"], {"finance", "acquire"}, ("main:finance", "main:acquire"))
    page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                            reduced_motion="reduce")
    seated(page, live, created["id"], 0, created["token"])
    page.wait_for_selector(f".game[data-version='{st['version']}'] #board [data-action]")
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    line = page.evaluate(ONE_LINE)
    assert line["rows"] and line["who"] < 1.5, line
    assert not page.locator("#concede").is_visible()
    page.click("#status-toggle")
    page.locator("#concede").wait_for()  # the rest of the bar, a tap away
    page.click("#status-toggle")
    page.locator("#concede").wait_for(state="hidden")
    boxes = page.evaluate(BOXES)
    width, _, view_width, _ = boxes["page"]
    assert width <= view_width, "the page does not scroll sideways"
    assert inside(boxes["drawing"], boxes["area"]), f"the whole board in its area: {boxes}"
    assert boxes["drawing"][2] - boxes["drawing"][0] >= 0.9 * view_width - 30, f"as wide as the screen: {boxes}"
    scroll_width, client_width, scroll_height, client_height = boxes["scroll"]
    assert scroll_width <= client_width and scroll_height <= client_height, boxes
    page.wait_for_selector("#board.overview")
    shot(page, "table-phone")
    target = page.locator("#board [data-action]").first
    action = target.get_attribute("data-action")
    target.tap()
    page.wait_for_selector("#board.zoomed-in")
    assert page.get_attribute(".game", "data-version") == str(st["version"]), f"the tap chose {action}"
    assert page.evaluate(SMALLEST) >= 11
    frame, box = page.locator("#board").bounding_box(), target.bounding_box()
    assert frame is not None and box is not None
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert frame["x"] <= middle[0] <= frame["x"] + frame["width"], (frame, box)
    assert frame["y"] <= middle[1] <= frame["y"] + frame["height"], (frame, box)
    shot(page, "table-phone-zoom")
    target.tap()  # zoomed in, a tap chooses
    page.wait_for_selector(f".game:not([data-version='{st['version']}'])")
    page.click("#whole-board")
    page.wait_for_selector("#board.overview")
    assert inside(page.evaluate(BOXES)["drawing"], page.evaluate(BOXES)["area"])
    page.close()
