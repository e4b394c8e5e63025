"""The Queen's Necklace's cards in Debian's Chromium, on a phone (390×844) and a laptop
(1366×768, and a window of it 560 high): a seeded table against the random bot (the same
game at every run, unlike one created in the lobby) is played by clicking until a sale has
been laid out, then every card of the market and of the hand is drawn as a card with its own
picture (an SVG, its gems cut by their type so that the outline tells a gem type without its
colour), every Gem tile and every card named in the sale has its small picture, no text of
the table is under 11 px (a board scaled down to fit a laptop's area counted at its scale),
and on the phone nothing is wider than the screen.  Screenshots go to /tmp/shots/."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tests.web.test_browser import changed, live  # noqa: F401  (fixture)
from tests.web.test_necklace_browser import FIND, STEPS

SHOTS = Path("/tmp/shots")
SEED = 11
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768},
         "low-laptop": {"width": 1366, "height": 560}}
"""A phone, a laptop, and a laptop's window too low for the board whole at a legible size
(which then scrolls rather than shrinks)."""

READY = """() => {
  const game = document.querySelector(".game");
  if (!game || game.getAttribute("data-status") === "over") return "over";
  return Boolean(document.querySelector("#nk-sale-table tbody .nk-chip") && document.querySelector("#hand .nk-card")
    && document.querySelector("#board [data-action], #mine [data-action], #actions [data-action]"));
}"""
"""Whether the table shows a sale's cards and one's hand, and waits for one's decision."""

CLICK = "(selector) => document.querySelector(selector)?.click()"

PICTURES = """() => {
  const cards = [...document.querySelectorAll(".nk-card")];
  const chips = [...document.querySelectorAll(".nk-chip, .nk-gemtile")];
  const drawn = (el, sel) => {
    const svg = el.querySelector(sel);
    return Boolean(svg && svg.getBoundingClientRect().width > 0);
  };
  const outlines = {};
  for (const card of document.querySelectorAll(".nk-card[class*='nk-gem-']")) {
    const gem = [...card.classList].find((c) => c.startsWith("nk-gem-")).slice(7);
    const cut = card.querySelector(`.nk-pic .nk-cut-${gem}`);
    const shape = cut && [...cut.children].reverse().find((e) => e.getAttribute("points") || e.getAttribute("d"));
    (outlines[gem] ||= new Set()).add(shape ? shape.getAttribute("points") || shape.getAttribute("d") : null);
  }
  return {
    cards: cards.length,
    unpictured: cards.filter((c) => !drawn(c, "svg.nk-pic")).map((c) => c.getAttribute("data-card")),
    chips: chips.length,
    chipless: chips.filter((c) => !drawn(c, "svg.nk-icon")).map((c) => c.getAttribute("data-key")),
    outlines: Object.fromEntries(Object.entries(outlines).map(([g, s]) => [g, [...s]])),
  };
}"""

SMALL = """() => {
  const small = [];
  for (const el of document.querySelectorAll(".game *")) {
    if (!(el instanceof HTMLElement) || !el.getClientRects().length || el.closest("[hidden], .sr")) continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const size = parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1);
    if (size < 11) small.push(`${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 20)}": ${size}px`);
  }
  for (const text of document.querySelectorAll(".game svg text")) {
    const m = text.getScreenCTM();
    const size = parseFloat(getComputedStyle(text).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
    if (text.getClientRects().length && size < 11) small.push(`svg text "${text.textContent}": ${size}px`);
  }
  return small;
}"""
"""Every text of the table under 11 px on the screen, at the zoom its board is drawn at."""

WIDE = """() => {
  const wide = [];
  for (const el of document.querySelectorAll("#board *, #mine *")) {
    if (!el.getClientRects().length) continue;
    const box = el.getBoundingClientRect();
    if (box.right > innerWidth + 1 || box.left < -1) wide.push(`${el.tagName}.${el.getAttribute("class")}`);
  }
  return {wide, scroll: document.scrollingElement.scrollWidth, width: innerWidth};
}"""

LAYOUT = """() => {
  const board = document.querySelector("#board"), drawing = board.firstElementChild;
  const size = (el) => {
    const r = el.getBoundingClientRect();
    return `${el.className}: ${Math.round(r.width)}x${Math.round(r.height)}`;
  };
  return {area: `${board.clientWidth}x${board.clientHeight}`, zoom: drawing.style.zoom,
          parts: [...drawing.querySelectorAll(".nk-board > *, .nk-top > *")].map(size)};
}"""
"""The board's area, its zoom and the size of its parts: what a failure needs to be understood."""

SETTLED = """() => {
  const board = document.querySelector("#board"), drawing = board && board.firstElementChild;
  if (!drawing || !drawing.querySelector(".nk-card")) return false;
  const fits = drawing.getBoundingClientRect().width <= board.clientWidth + 1;
  const moving = document.getAnimations().some((a) => a.playState === "running" && a.effect
    && a.effect.getTiming().iterations !== Infinity);
  return fits && !moving && document.fonts.status === "loaded";
}"""
"""The board drawn for the screen's size, no card gliding and no sale column still appearing."""


def necklace_seat(browser: Any, live: str, seed: int) -> tuple[Any, list[str]]:  # noqa: F811
    """A Necklace table of Anne against the random bot, dealt from ``seed`` so that the game
    (the bot's moves are drawn from it too) and the table it shows are the same at every run:
    the page at her seat and the list its script errors are gathered in."""
    page = browser.new_page(viewport=SIZES["laptop"])
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    r = page.request.post(f"{live}/api/games", data={
        "game": "necklace", "title": "Cards", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "seed": seed, "join": {"seat": 0, "name": "Anne"}, "private": True})
    assert r.status == 201, r.text()
    game_id, token = r.json()["id"], r.json()["token"]
    seats = json.dumps({game_id: {"seat": 0, "token": token}})
    page.add_init_script(f"localStorage.setItem('salon.seats', {json.dumps(seats)});")
    page.goto(f"{live}/#/game/{game_id}")
    page.wait_for_selector("#nk-market [data-slot]")
    return page, errors


def play_to_a_sale(page: Any) -> None:
    """Click random legal choices until the table shows a sale's cards at one's own decision."""
    rng = random.Random(SEED)
    for _ in range(STEPS):
        ready = page.evaluate(READY)
        assert ready != "over", "the game ended before a sale was shown at one's decision"
        if ready:
            return
        found = page.evaluate(FIND)
        if found is None:
            page.wait_for_timeout(20)  # the bot decides
            continue
        region, actions = found
        version = page.get_attribute(".game", "data-version")
        page.evaluate(CLICK, f'{region} [data-action="{rng.choice(actions)}"]')
        changed(page, version)
    raise AssertionError("no sale after the most steps a game takes")


def test_the_cards_are_drawn_legibly_on_a_phone_and_a_laptop(browser: Any, live: str) -> None:  # noqa: F811
    page, errors = necklace_seat(browser, live, SEED)
    play_to_a_sale(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in SIZES.items():
        page.set_viewport_size(size)
        page.wait_for_function(SETTLED)
        pictures = page.evaluate(PICTURES)
        assert pictures["cards"] >= 2 and pictures["unpictured"] == [], (label, pictures)
        assert pictures["chips"] >= 5 and pictures["chipless"] == [], (label, pictures)
        outlines = pictures["outlines"]
        assert len(outlines) >= 2, outlines
        for gem, shapes in outlines.items():
            assert None not in shapes, (gem, shapes)
            for other, theirs in outlines.items():
                assert gem == other or not set(shapes) & set(theirs), f"{gem} and {other} are cut alike"
        if label == "phone":
            page.screenshot(path=str(SHOTS / "necklace-phone-full.png"), full_page=True)
            page.evaluate("document.querySelector('#nk-info').scrollIntoView(); scrollBy(0, -6)")
            page.screenshot(path=str(SHOTS / "necklace-cards-phone.png"))
            wide = page.evaluate(WIDE)
            assert wide["scroll"] <= wide["width"] and wide["wide"] == [], wide
        else:
            page.screenshot(path=str(SHOTS / f"necklace-{label}.png"))
        small = page.evaluate(SMALL)
        assert small == [], f"{label}: text under 11 px: {small[:5]}, {page.evaluate(LAYOUT)}"
    assert not errors, errors
    page.close()
