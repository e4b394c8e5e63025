"""The lobby lists each section ten games a page, newest first, with buttons to the older
and newer pages, in Debian's Chromium (a server of its own, so that the counts are known)."""

from __future__ import annotations

from typing import Any

import httpx2 as httpx

from tests.web.test_browser import live  # noqa: F401  (fixture)

OPEN = 13
"""Tables waiting for a player: one page of ten and a second of three."""


def shown(page: Any) -> list[str]:
    cards = page.locator("#games-open .game-card")
    names: list[str] = cards.evaluate_all("(cards) => cards.map((c) => c.dataset.game)")
    return names


def test_the_lobby_pages_through_its_open_tables(browser: Any, live: str) -> None:  # noqa: F811
    created = [httpx.post(f"{live}/api/games", json={"game": "necklace", "title": f"Table {i}",
                                                     "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                                     "private": False})
               .json()["id"] for i in range(OPEN)]
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(live)
    page.wait_for_selector("#games-open .game-card")
    first = shown(page)
    assert first == created[::-1][:10]
    assert page.is_disabled("#newer-open") and page.is_enabled("#older-open")
    page.click("#older-open")
    page.wait_for_function("(id) => !document.querySelector(`#games-open [data-game='${id}']`)", arg=first[0])
    assert shown(page) == created[::-1][10:]
    assert page.is_enabled("#newer-open") and page.is_disabled("#older-open")
    page.click("#newer-open")
    page.wait_for_function("(id) => !!document.querySelector(`#games-open [data-game='${id}']`)", arg=first[0])
    assert shown(page) == first
    page.close()
