"""The Queen's Necklace in Debian's Chromium: a 2-player game against the random bot created in
the lobby and played to its end by clicking the market cards, one's own hand and the Gem
tiles where the decision has a place there (else the action list), then the final table and
the sale laid out column by column, in the four languages."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.test_browser import changed, live, shots, snap  # noqa: F401  (fixtures)

STEPS = 20_000
"""The most turns of the loop below a game may take: a bound that only a stuck game meets."""
FIND = """() => {
  for (const region of ["#board", "#mine", "#actions"]) {
    const found = [...document.querySelectorAll(region + " [data-action]")].map((e) => e.getAttribute("data-action"));
    if (found.length) return [region, found];
  }
  return null;
}"""
LANGUAGES = [("fr", "Troisième vente", "Vente 3"), ("de", "Dritter Verkauf", "Verkauf 3"),
             ("uk", "Третій продаж", "Продаж 3"), ("en", "Third sale", "Sale 3")]


def necklace_table(browser: Any, live: str) -> tuple[Any, list[str]]:  # noqa: F811
    """A new Necklace table of Anne against the random bot, opened from the lobby: the page
    and the list its script errors are gathered in."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live)
    page.wait_for_selector("#game")
    page.select_option("#game", "necklace")
    page.fill("#your-name", "Anne")
    page.select_option("#seat-1", "bot:random")
    page.click("#create")
    page.wait_for_selector(".game[data-version]")
    return page, errors


def test_a_whole_necklace_game_by_clicking(browser: Any, live: str, shots: Path) -> None:  # noqa: F811
    page, errors = necklace_table(browser, live)
    page.wait_for_selector("#nk-market [data-slot]")
    rng = random.Random(5)
    clicks = {"#board": 0, "#mine": 0, "#actions": 0}
    for _ in range(STEPS):
        if page.get_attribute(".game", "data-status") == "over":
            break
        version = page.get_attribute(".game", "data-version")
        found = page.evaluate(FIND)
        if found is None:
            page.wait_for_timeout(20)  # the bot decides
            continue
        region, actions = found
        if sum(clicks.values()) == 30:
            snap(page, shots, "necklace-midway")
        action = rng.choice(actions)
        try:
            page.locator(f'{region} [data-action="{action}"]').first.click(timeout=5000)
        except PlaywrightTimeout:
            continue
        if changed(page, version):
            clicks[region] += 1
    assert page.get_attribute(".game", "data-status") == "over", f"the game did not finish ({clicks})"
    assert not errors, errors
    print(f"clicks: {clicks}")
    assert clicks["#board"] >= 5 and clicks["#mine"] >= 3, clicks
    table = page.locator("#scoring-table")
    assert table.is_visible()
    assert table.locator("thead th").count() == 3
    totals = [int(x) for x in table.locator("tr.total td").all_inner_texts()[1:]]
    assert len(totals) == 2
    assert page.locator("#nk-sale-table tbody tr[data-seat]").count() == 2
    assert page.locator("#nk-sale-table thead th").count() == 5  # the players' column and four gem columns
    assert page.locator("#log li").count() > 50
    snap(page, shots, "necklace-final")
    for lang, step, sale in LANGUAGES:
        page.select_option("#lang", lang)
        page.wait_for_selector(f"html[lang='{lang}']", state="attached")
        assert step in page.inner_text("#scoring")
        assert sale in page.inner_text("#nk-sale")
        snap(page, shots, f"necklace-final-{lang}")
    page.close()


PICKABLE = "#hand .nk-card[role=button]:not([data-action])"


def test_a_presentation_is_chosen_taken_back_and_sent_in_one_step(browser: Any, live: str) -> None:  # noqa: F811
    """QN-SALE-7 in the browser: the grey cards are chosen in the hand (nothing is sent), the
    choice can be taken back, and one button presents them all and commits."""
    page, errors = necklace_table(browser, live)
    rng = random.Random(3)
    for _ in range(STEPS):
        assert page.get_attribute(".game", "data-status") != "over", "no presentation with a card to choose"
        if page.locator("#nk-pick").count() and page.locator(PICKABLE).count() >= 1:
            break
        version = page.get_attribute(".game", "data-version")
        found = page.evaluate(FIND)
        if found is None:
            page.wait_for_timeout(20)
            continue
        region, actions = found
        present = [a for a in actions if a.startswith("present:")]
        action = "done" if present and "done" in actions else rng.choice(actions)  # keep the cards for the test
        try:
            page.locator(f'{region} [data-action="{action}"]').first.click(timeout=5000)
        except PlaywrightTimeout:
            continue
        changed(page, version)
    version = page.get_attribute(".game", "data-version")
    page.locator(PICKABLE).first.click()
    assert page.locator("#hand .nk-picked").count() == 1
    assert page.get_attribute(".game", "data-version") == version  # nothing sent yet
    page.click("#nk-pick-clear")
    assert page.locator("#hand .nk-picked").count() == 0
    page.locator(PICKABLE).first.click()
    page.click("#nk-pick-send")
    assert changed(page, version)
    page.wait_for_selector("#nk-pick", state="detached")
    assert not errors, errors
    page.close()
