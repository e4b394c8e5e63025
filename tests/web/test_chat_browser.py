"""A table's chat in Debian's Chromium against a real server: Ann and Bea, two accounts, sit at
one table, each in a page of her own.  Ann's message reaches Bea's page as text (an HTML tag in
it stays literal); Bea blocks Ann from the message's menu, and Ann's next message reaches
neither Bea's WebSocket (every frame it receives is read) nor her page.  The chat is legible
at 1366×768 and 390×844; screenshots go to /tmp/shots/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import expect

from salon.web.accounts import COOKIE
from tests.web.test_account_pages import LAPTOP, LEGIBLE, PHONE, SHOTS, SLOW, Site, served

TAGGED = "<b>bold</b> & hello"
AFTER = "do you still hear me?"


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    yield from served()


def page_of(browser: Any, site: Site, client: httpx.Client, game_id: str) -> Any:
    """A page of its own signed in as ``client``'s account, at the table."""
    context = browser.new_context(viewport=LAPTOP)
    context.add_cookies([{"name": COOKIE, "value": client.cookies.get(COOKIE), "url": site.url}])
    page = context.new_page()
    page.goto(f"{site.url}/#/game/{game_id}")
    page.locator("#chat > summary").click()  # folded at first; open from then on, in this browser
    expect(page.locator("#chat-input")).to_be_enabled(timeout=SLOW)
    return page


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")
    expect(page.locator("#chat-lines .chat-line.mine .chat-text").last).to_have_text(text)


def legible(page: Any, name: str) -> None:
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        page.evaluate("() => { document.querySelector('#chat').open = true; }")
        page.locator("#chat").scroll_into_view_if_needed()
        assert [x for x in page.evaluate(LEGIBLE) if "chat" in x] == [], size
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"chat-{name}-{size['width']}.png"))


def test_a_message_reaches_the_other_player_as_text_until_she_blocks_its_author(
        browser: Any, site: Site) -> None:
    _, ann = site.account("Ann")
    _, bea = site.account("Bea")
    created = ann.post("/api/games", json={"game": "rococo", "title": "a word at the table", "seed": 3,
                                           "seats": [{"kind": "human"}, {"kind": "human"}],
                                           "join": {"seat": 0, "name": "Ann"}})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    assert bea.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Bea"}).status_code == 200
    ann_page = page_of(browser, site, ann, game_id)
    frames: list[str] = []
    bea_page = page_of(browser, site, bea, game_id)
    bea_page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    bea_page.reload()  # a socket opened with the frames listened to
    expect(bea_page.locator("#chat-input")).to_be_enabled(timeout=SLOW)

    say(ann_page, TAGGED)
    line = bea_page.locator("#chat-lines .chat-line").filter(has_text="hello")
    expect(line.locator(".chat-text")).to_have_text(TAGGED)
    expect(line.locator(".chat-name")).to_have_text("Ann")
    assert bea_page.locator("#chat-lines b").count() == 0
    assert any(TAGGED in frame for frame in frames)
    legible(bea_page, "bea")

    bea_page.set_viewport_size(LAPTOP)
    line.locator(".chat-menu summary").click()
    line.locator(".chat-block").click()
    expect(bea_page.locator("#chat-lines .chat-text")).to_have_count(0)
    say(ann_page, AFTER)
    say(bea_page, "anyone there?")  # her own message comes back after anything queued for her before it
    expect(bea_page.locator("#chat-lines .chat-text")).to_have_text(["anyone there?"])
    assert any("anyone there?" in frame for frame in frames)
    assert not any(AFTER in frame for frame in frames)
    assert AFTER not in bea_page.locator("body").inner_text()
    bea_page.reload()
    expect(bea_page.locator("#chat-lines .chat-text")).to_have_text(["anyone there?"], timeout=SLOW)
    assert [b["handle"] for b in bea.get("/api/account/blocks").json()["blocks"]] == ["ann"]

    bea_page.goto(f"{site.url}/#/account")  # the account's page lists whom she blocks, and lifts it
    blocked = bea_page.locator("#account-blocks li.blocked[data-handle='ann']")
    expect(blocked).to_be_visible(timeout=SLOW)
    blocked.locator("button").click()  # a DELETE, sent as JSON as every change is
    expect(bea_page.locator("#account-blocks li.blocked")).to_have_count(0, timeout=SLOW)
    assert bea.get("/api/account/blocks").json()["blocks"] == []
