"""The account's pages in Debian's Chromium, against a real server that sends its letters to a
real SMTP server (aiosmtpd): signing up in the page and following the link of the letter,
signing out and in (a guest seat moved into the account), the account's page (its name, its
sessions ended elsewhere), "My games" with the count of one's turns in the tab's title, a table
that lasts days created from the lobby with its clock, and conceding.  Each page is checked
for legibility (no text under 11 px) and, on a phone, for nothing wider than the screen;
screenshots at 1366×768 and 390×844 go to /tmp/shots/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import expect

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.mail import MailSettings, Smtp
from tests.web.helpers import PATIENT, free_port, poll, serving
from tests.web.smtp_inbox import SENDER, Inbox

PASSWORD = "a walk along the Seine"
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SHOTS = Path("/tmp/shots")
SLOW = 30_000
"""Milliseconds to wait for a request that hashes a password (Argon2id: slow on purpose)."""

LEGIBLE = """() => {
  const small = [];
  for (const el of document.querySelectorAll("body *")) {
    if (!(el instanceof HTMLElement) || !el.getClientRects().length) continue;
    if (el.closest("#board, .sr, [hidden]")) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (own && size < 11) small.push(`${el.tagName}#${el.id}.${el.className}: ${size}px`);
  }
  return small;
}"""

WIDE = """() => {
  const wide = [];
  for (const el of document.querySelectorAll("#top *, #view *")) {
    if (!(el instanceof HTMLElement) || !el.getClientRects().length || el.closest("#board")) continue;
    const box = el.getBoundingClientRect();
    if (box.right > innerWidth + 1 || box.left < -1) wide.push(`${el.tagName}#${el.id}.${el.className}`);
  }
  return {wide, scroll: document.scrollingElement.scrollWidth, width: innerWidth};
}"""


class Site:
    """The server under test, the inbox of its letters, and the addresses handed out."""

    def __init__(self, url: str, inbox: Inbox) -> None:
        self.url = url
        self.inbox = inbox
        self.made = 0

    def address(self) -> str:
        self.made += 1
        return f"player{self.made}@example.org"

    def link(self, to: str, path: str) -> str:
        """The link to ``path`` (``/#/verify/``) in the latest letter to ``to``, once it came."""
        found: list[str] = []

        def arrived() -> bool:
            for mail in reversed(self.inbox.received):
                body = mail.get_body(("plain",))
                text = body.get_content() if body is not None else ""
                links = re.findall(r"\S*" + re.escape(path) + r"[A-Za-z0-9_-]+", text)
                if mail["To"] == to and links:
                    found.append(links[0])
                    return True
            return False

        poll(arrived, f"a letter to {to} with a {path} link", pause=0.05)
        return found[0]

    def account(self, name: str) -> tuple[str, httpx.Client]:
        """A verified account made over the API: its address, and a client signed in to it."""
        email = self.address()
        client = httpx.Client(base_url=self.url, timeout=PATIENT)
        assert client.post("/api/account/sign-up", json={"name": name, "email": email, "password": PASSWORD,
                                                         "lang": "en"}).status_code == 202
        token = self.link(email, "/#/verify/").rsplit("/", 1)[1]
        assert client.post("/api/account/verify", json={"token": token}).status_code == 200
        assert client.post("/api/account/sign-in", json={"email": email, "password": PASSWORD}).status_code == 200
        return email, client


def served(host: str = "127.0.0.1", db: str = "sqlite://") -> Iterator[Site]:
    """The real server (uvicorn) in a thread on ``db`` (an in-memory database by default),
    reached by the name ``host``, its letters sent to an SMTP server on this computer, its
    links pointing at itself."""
    inbox = Inbox()
    smtp_port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    port = free_port()
    url = f"http://{host}:{port}"
    mail = MailSettings(Smtp("127.0.0.1", smtp_port), SENDER, url + "/")
    app = create_app(db, bot_delay=0, allow_seed=True, limits=UNLIMITED, mail=mail)
    with serving(app, host, port):
        yield Site(url, inbox)
    controller.stop()


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    yield from served()


def page_of(browser: Any, site: Site, size: dict[str, int] = LAPTOP) -> Any:
    page = browser.new_page(viewport=size)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def check_page(page: Any, name: str) -> None:
    """No text under 11 px, nothing wider than a phone's screen; screenshots at both sizes."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        assert page.evaluate(LEGIBLE) == [], f"{name} at {label}: text under 11 px"
        if label == "phone":
            wide = page.evaluate(WIDE)
            assert wide["scroll"] <= wide["width"] and wide["wide"] == [], f"{name} at {label}: {wide}"
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
    page.set_viewport_size(LAPTOP)


def sign_in(page: Any, site: Site, email: str) -> None:
    page.goto(f"{site.url}/#/sign-in")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("#sign-in-form-submit")
    expect(page.locator("#nav-account")).to_be_visible(timeout=SLOW)


def guest_table(site: Site, page: Any) -> str:
    """A table created by a guest, its seat's token kept in the page's browser as the lobby keeps it."""
    created = httpx.post(f"{site.url}/api/games", json={
        "game": "necklace", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "join": {"seat": 0, "name": "Guest"}}).json()
    page.evaluate("([id, seat, token]) => { const all = JSON.parse(localStorage.getItem('salon.seats') || '{}');"
                  " all[id] = {seat, token}; localStorage.setItem('salon.seats', JSON.stringify(all)); }",
                  [created["id"], created["seat"], created["token"]])
    game_id: str = created["id"]
    return game_id


def held(page: Any) -> list[str]:
    seats = page.evaluate("async () => (await (await fetch('/api/account/seats')).json()).seats")
    return [s["game"] for s in seats]


def test_sign_up_by_the_letter_then_out_and_in_with_a_guest_seat_moved(browser: Any, site: Site) -> None:
    page = page_of(browser, site)
    page.goto(site.url)
    expect(page.locator("#nav-sign-in")).to_be_visible()
    first = guest_table(site, page)
    page.click("#nav-sign-up")
    email = site.address()
    page.fill("#name", "Adélaïde")
    page.fill("#email", email)
    page.fill("#password", "short")
    page.click("#sign-up-form-submit")
    expect(page.locator("#password-error")).to_contain_text("at least 8 characters", timeout=SLOW)
    page.fill("#password", PASSWORD)
    page.click("#sign-up-form-submit")
    expect(page.locator("#sign-up-done")).to_contain_text(email, timeout=SLOW)
    page.goto(site.link(email, "/#/verify/"))
    expect(page.locator("#verify-done")).to_contain_text("Your address is confirmed", timeout=SLOW)
    expect(page.locator("#nav-account")).to_have_text("Adélaïde", timeout=SLOW)
    poll(lambda: first in held(page), "the guest seat moved into the account", pause=0.1)

    page.click("#nav-account")
    page.click("#sign-out")
    expect(page.locator("#nav-sign-in")).to_be_visible()
    second = guest_table(site, page)
    page.click("#nav-sign-in")
    check_page(page, "sign-in")
    page.fill("#email", email)
    page.fill("#password", "not my password")
    page.click("#sign-in-form-submit")
    expect(page.locator("#password-error")).to_contain_text("Wrong address or password", timeout=SLOW)
    page.fill("#password", PASSWORD)
    page.click("#sign-in-form-submit")
    expect(page.locator("#nav-account")).to_have_text("Adélaïde", timeout=SLOW)
    poll(lambda: {first, second} <= set(held(page)), "the second guest seat moved into the account", pause=0.1)
    assert page.errors == []
    page.close()


def test_the_account_page_renames_and_ends_another_session(browser: Any, site: Site) -> None:
    email, elsewhere = site.account("Marie")
    page = page_of(browser, site)
    sign_in(page, site, email)
    page.click("#nav-account")
    expect(page.locator("#session-list li")).to_have_count(2)
    page.fill("#account-name", "Marie-Antoinette")
    page.click("#name-form-submit")
    expect(page.locator("#nav-account")).to_have_text("Marie-Antoinette")
    check_page(page, "account")
    other = page.locator("#session-list li:not(.current) [data-revoke]")
    other.click()
    expect(page.locator("#session-list li")).to_have_count(1)
    assert elsewhere.get("/api/account").status_code == 401
    page.fill("#delete-password", "wrong one")
    page.once("dialog", lambda d: d.accept())
    page.click("#delete-form-submit")
    expect(page.locator("#delete-password-error")).to_contain_text("not your password", timeout=SLOW)
    assert page.errors == []
    page.close()


def test_a_page_left_before_its_answer_came_neither_draws_over_the_next_nor_asks_again(
        browser: Any, site: Site) -> None:
    """My games asks for the account's tables as it opens.  Its answer, held back until the
    account's page is shown, must not draw My games over that page, and My games, once left,
    must not ask again every half minute (the page's clock is run on two minutes to see)."""
    email, _ = site.account("Sophie")
    page = page_of(browser, site)
    page.clock.install()
    held: list[Any] = []
    page.route("**/api/account/games", lambda route: held.append(route))
    with page.expect_request("**/api/account/games"):
        sign_in(page, site, email)  # signing in leads to My games
    page.click("#nav-account")
    expect(page.locator("#session-list li")).to_have_count(2)
    with page.expect_request("**/api/account/follows"):  # My games drew its list, then asks this
        for route in held:
            route.continue_()
    expect(page.locator("#account-name")).to_be_visible()
    assert page.locator("#page-my").count() == 0, "My games drew over the account's page"
    # what the page's timers ask for, noted as they ask (they run within fast_forward)
    page.evaluate("() => { const fetch = window.fetch; window.asked = [];"
                  " window.fetch = (url, init) => { window.asked.push(String(url)); return fetch(url, init); }; }")
    page.clock.fast_forward("02:00")
    asked = page.evaluate("() => window.asked")
    assert "/api/account/turns" in asked, "the timers ran: the count of turns is asked every minute"
    assert "/api/account/games" not in asked, "My games asked again once left"
    assert page.errors == []
    page.close()


def test_a_table_that_lasts_days_from_the_lobby_in_my_games_and_conceded(browser: Any, site: Site) -> None:
    page = page_of(browser, site)
    page.goto(site.url)
    page.wait_for_selector("#pace")
    page.select_option("#pace", "3")
    expect(page.locator("#pace-sign-in")).to_be_visible()
    expect(page.locator("#create")).to_be_disabled()
    page.select_option("#seat-1", "open")
    expect(page.locator("#invite-1")).to_be_disabled()

    email, _ = site.account("Louise")
    sign_in(page, site, email)
    page.goto(f"{site.url}/#/my")
    expect(page.locator("#my-empty")).to_be_visible()
    check_page(page, "my-empty")
    page.click("#my-new-table")
    page.fill("#your-name", "Louise")
    page.select_option("#pace", "3")
    expect(page.locator("#create")).to_be_enabled()
    page.select_option("#on-timeout", "out")
    page.select_option("#seat-1", "open")
    expect(page.locator("#invite-1")).to_be_enabled()
    page.select_option("#seat-1", "bot:random")
    expect(page.locator("#invite-1")).to_have_count(0)
    page.click("#create")
    page.wait_for_selector(".game[data-seat='0']")
    game_id = page.evaluate("location.hash").split("/")[-1]
    summary = httpx.get(f"{site.url}/api/games/{game_id}").json()
    assert summary["pace_days"] == 3 and summary["on_timeout"] == "out"
    expect(page.locator("#pace")).to_contain_text("3 days a move")
    page.wait_for_selector(".game[data-status='running']")
    expect(page.locator("#clock")).to_be_visible()
    page.wait_for_function("() => document.title.startsWith('(1) ')")
    check_page(page, "table-days")

    page.goto(f"{site.url}/#/my")
    entry = page.locator(f"#my-your-turn [data-game='{game_id}']")
    expect(entry).to_be_visible()
    expect(entry.locator(".chip.left")).to_contain_text("left")
    page.wait_for_function("() => document.title.startsWith('(1) ')")
    expect(page.locator("#nav-turns")).to_have_text("1")
    check_page(page, "my")

    entry.locator("a.btn").click()
    page.wait_for_selector(".game[data-status='running']")
    page.once("dialog", lambda d: d.accept())
    page.click("#concede")
    page.wait_for_selector(".game:not([data-status='running'])")
    page.wait_for_function("() => !document.title.startsWith('(')")
    assert page.errors == []
    page.close()


def test_the_table_links_to_the_next_game_where_it_is_my_turn(browser: Any, site: Site) -> None:
    """Two live tables where it is the account's turn: each links to the other."""
    email, client = site.account("Jeanne")
    tables = []
    for _ in range(2):
        r = client.post("/api/games", json={"game": "necklace", "seats": [{"kind": "human"}, {"kind": "bot",
                                             "bot": "random"}], "config": {"start_player": 0},
                                             "join": {"seat": 0, "name": "Jeanne"}})
        assert r.status_code == 201, r.text
        tables.append(r.json()["id"])
    assert client.get("/api/account/turns").json() == {"count": 2, "next": tables[0], "games": tables}
    page = page_of(browser, site)
    sign_in(page, site, email)
    page.goto(f"{site.url}/#/game/{tables[1]}")
    expect(page.locator("#next-game")).to_have_attribute("href", f"#/game/{tables[0]}", timeout=SLOW)
    page.click("#next-game")
    expect(page).to_have_url(re.compile(f"#/game/{tables[0]}$"))
    expect(page.locator("#next-game")).to_have_attribute("href", f"#/game/{tables[1]}", timeout=SLOW)
    assert page.errors == []
