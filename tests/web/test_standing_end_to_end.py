"""Ratings, profiles, chat and reports end to end, in Debian's Chromium against a real server
on PostgreSQL: Ann creates a rated Rococo table in the lobby with its second seat invited to
Bea by her handle; Bea finds the invitation in My games and sits down; they greet each other
in the table's chat (Bea reports a rude message) and play the game to its end (over the API, each with her own session);
each sees her rating moved on her profile with its chart, and both on the leaderboard's
provisional list; Bea follows Ann, who shows online among her friends; Bea reports one of
Ann's messages, which the operator finds with ``salon admin`` on the running server's database
and handles.  Screenshots go to /tmp/shots/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import expect
from typer.testing import CliRunner

from salon.cli.main import app as salon
from salon.web.accounts import COOKIE
from tests.web.helpers import poll
from tests.web.test_account_pages import LAPTOP, LEGIBLE, PHONE, SHOTS, SLOW, Site, served

RUDE = "you play like a goose"
DECISIONS = 3000
"""The most decisions a whole game of two takes here: a bound only a stuck table meets."""


@pytest.fixture
def site(postgres_url: str) -> Iterator[Site]:
    yield from served(db=postgres_url)


def page_of(browser: Any, site: Site, client: httpx.Client, where: str) -> Any:
    """A page of its own, signed in as ``client``'s account, at ``where`` (a hash route)."""
    context = browser.new_context(viewport=LAPTOP)
    context.add_cookies([{"name": COOKIE, "value": client.cookies.get(COOKIE), "url": site.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(f"{site.url}/{where}")
    return page


def create_in_the_lobby(page: Any) -> str:
    """Ann's rated Rococo table of two, its second seat invited to @bea: its id."""
    page.fill("#your-name", "Ann")
    page.select_option("#game", "rococo")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "open")
    page.check("#rated")
    page.fill("#min-rating", "1400")
    page.fill("#invite-1", "@bea")
    page.click("#create")
    page.wait_for_url("**/#/game/*", timeout=SLOW)
    game_id: str = page.url.rsplit("/", 1)[1]
    return game_id


def play_out(people: list[httpx.Client], game_id: str) -> dict[str, Any]:
    """Each seat's first legal action, by its player's session, until the game is over: an
    action's answer is the state after it, so a seat that decides again needs no other read."""
    seat = 0
    state: dict[str, Any] = people[seat].get(f"/api/games/{game_id}/state").json()
    for _ in range(DECISIONS):
        if state["status"] != "running":
            return state
        if state["current"] != seat or not state["legal"]:
            seat = state["current"] if state["current"] is not None else seat
            state = people[seat].get(f"/api/games/{game_id}/state").json()  # or the server's lone move first
            continue
        r = people[seat].post(f"/api/games/{game_id}/actions",
                              json={"action": state["legal"][0], "version": state["version"]})
        assert r.status_code in (200, 409), r.text  # 409: the server made a lone move first
        state = r.json()["state"] if r.status_code == 200 else people[seat].get(f"/api/games/{game_id}/state").json()
    raise AssertionError("the game did not end")


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")
    expect(page.locator("#chat-lines .chat-line.mine .chat-text").last).to_have_text(text)


def open_chat(page: Any) -> None:
    page.locator("#chat > summary").click()
    expect(page.locator("#chat-input")).to_be_enabled(timeout=SLOW)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        assert page.evaluate(LEGIBLE) == [], f"{name} at {size}: text under 11 px"
        page.screenshot(path=str(SHOTS / f"standing-{name}-{size['width']}.png"), full_page=True)
    page.set_viewport_size(LAPTOP)


@pytest.mark.postgres
def test_two_accounts_play_a_rated_game_and_meet_on_the_boards(browser: Any, site: Site,
                                                                postgres_url: str) -> None:
    _, ann = site.account("Ann")
    _, bea = site.account("Bea")
    ann_page = page_of(browser, site, ann, "#/")
    game_id = create_in_the_lobby(ann_page)
    expect(ann_page.locator("#rated")).to_be_visible(timeout=SLOW)

    bea_page = page_of(browser, site, bea, "#/my")
    expect(bea_page.locator(f"a[href='#/game/{game_id}']").first).to_be_visible(timeout=SLOW)
    assert bea.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Bea"}).status_code == 200
    bea_page.goto(f"{site.url}/#/game/{game_id}")
    open_chat(ann_page)
    open_chat(bea_page)
    say(ann_page, "bonne chance")
    expect(bea_page.locator("#chat-lines .chat-text")).to_have_text(["bonne chance"], timeout=SLOW)
    say(ann_page, RUDE)
    line = bea_page.locator("#chat-lines .chat-line").filter(has_text=RUDE)
    expect(line).to_be_visible(timeout=SLOW)
    line.locator(".chat-menu summary").click()
    line.locator(".chat-report").click()
    line.locator(".chat-report-text").fill("rude to me")
    line.locator(".chat-report-text").press("Enter")
    listed = poll_reports(postgres_url)
    assert "bea reports ann" in listed and "they wrote: rude to me" in listed and f"> Ann: {RUDE}" in listed

    last = play_out([ann, bea], game_id)
    assert last["status"] == "over" and last["rated"]
    places = last["result"]["places"]
    expect(ann_page.locator("#rated")).to_be_visible()

    for page, handle, seat in ((ann_page, "ann", 0), (bea_page, "bea", 1)):
        page.goto(f"{site.url}/#/profile")
        rating = page.locator("#profile-ratings .profile-rating[data-kind='rococo'] .rating")
        expect(rating).to_be_visible(timeout=SLOW)
        figure = int(rating.inner_text())
        assert figure != 1500 and (figure > 1500) == (places[seat] < places[1 - seat]) or places[0] == places[1]
        expect(page.locator("#profile-ratings .chart-box[data-kind='rococo'] svg")).to_be_visible(timeout=SLOW)
        shot(page, f"profile-{handle}")
    ann_page.goto(f"{site.url}/#/leaderboard/rococo/provisional")
    expect(ann_page.locator("#board-rows")).to_contain_text("Bea", timeout=SLOW)
    expect(ann_page.locator("#board-rows")).to_contain_text("Ann")
    shot(ann_page, "leaderboard")

    bea_page.goto(f"{site.url}/#/players/ann")
    bea_page.click("#profile-follow")
    poll(lambda: bool(bea.get("/api/account/follows").json()["follows"]), "Bea follows Ann")
    bea_page.goto(f"{site.url}/#/my")
    friend = bea_page.locator("#my-friends .friend[data-handle='ann']")
    expect(friend).to_be_visible(timeout=SLOW)
    expect(friend.locator(".presence.online")).to_have_count(1)
    report = listed.split()[0]
    assert CliRunner().invoke(salon, ["admin", "handle", report, "--note", "warned", "--db", postgres_url]) \
        .exit_code == 0
    assert "no open reports" in CliRunner().invoke(salon, ["admin", "reports", "--db", postgres_url]).output
    assert ann_page.errors == [] and bea_page.errors == []


def poll_reports(db: str) -> str:
    """``salon admin reports`` once it lists a report."""
    found: list[str] = []

    def listed() -> bool:
        result = CliRunner().invoke(salon, ["admin", "reports", "--db", db])
        found.append(result.output)
        return result.exit_code == 0 and "reports" in result.output and "no open reports" not in result.output

    poll(listed, "the report listed")
    return found[-1]
