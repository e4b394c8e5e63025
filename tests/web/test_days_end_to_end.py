"""A table that lasts days, end to end in Debian's Chromium against a real server whose letters
go to a real SMTP server (aiosmtpd) and whose pushes go to a push service of the test's own on
127.0.0.1: Ann signs up in the page and follows the link of her letter, creates a Rococo table
of three days a move in the lobby with a seat invited to her friend Bea's address and a bot;
Bea gets the invitation and joins over the API; Ann subscribes to push and closes her browser.
Play goes on without her until it is her turn: the "your turn" letter and the push both lead
to the table.  On a phone, Ann signs in with her password, adds a passkey on her account's
page, signs out and in again with it, finds the table under "your turn" in My games and plays
it in the page.  At her next turn she goes on holiday: her seat shows it and the table's clock
stands still, then runs again once she is back.  My games and the table are legible on the
phone; screenshots go to /tmp/shots/.

The server runs in this process (a thread), so the minute a "your turn" letter waits for its
player to come by first is set to none for the test."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import expect

from salon.web.caps import UNLIMITED
from salon.web.mail.outbox import KINDS, Kind
from tests.web.helpers import TOKEN, poll
from tests.web.test_account_pages import LAPTOP, LEGIBLE, PASSWORD, PHONE, SHOTS, SLOW, WIDE, Site, served
from tests.web.test_passkeys_browser import AUTHENTICATOR
from tests.web.test_push import Device, PushService, service  # noqa: F401  (fixture)

TITLE = "Le salon bleu"
ANN, BEA, BOT = 0, 1, 2
"""The seats: Ann's, the one invited to Bea's address, the bot's."""
STEPS = 200
"""The most decisions a helper below plays to reach a seat's turn: a bound only a stuck table meets."""

FETCH = """async ([method, url, body]) => {
  const init = { method, headers: { "Content-Type": "application/json" } };
  if (body !== null) init.body = JSON.stringify(body);
  const r = await fetch(url, init);
  return [r.status, await r.json()];
}"""


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    """The real server on ``localhost`` (the one name a browser makes passkeys on without
    HTTPS); push endpoints on this computer are taken."""
    assert UNLIMITED.push_on_loopback
    yield from served("localhost")


@pytest.fixture
def your_turn_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A "your turn" letter due as soon as it is posted (the server's thread reads KINDS then)."""
    monkeypatch.setitem(KINDS, "your_turn", Kind(optional=True, wait=0.0))


def letter(site: Site, to: str, subject: str) -> str:
    """The text of the latest letter to ``to`` with ``subject``, once it came."""
    found: list[str] = []

    def arrived() -> bool:
        for mail in reversed(site.inbox.received):
            body = mail.get_body(("plain",))
            if mail["To"] == to and mail["Subject"] == subject and body is not None:
                found.append(body.get_content())
                return True
        return False

    poll(arrived, f"a letter to {to}: {subject}", pause=0.05)
    return found[0]


def links(text: str) -> list[str]:
    return re.findall(r"\S*/#/game/[A-Za-z0-9_-]+", text)


def call(page: Any, method: str, url: str, body: Any = None) -> tuple[int, Any]:
    """A request made by the page (its cookies), its status and JSON answer."""
    status, answer = page.evaluate(FETCH, [method, url, body])
    return status, answer


def table_state(site: Site, game_id: str, client: httpx.Client | None = None, token: str | None = None
                ) -> dict[str, Any]:
    r = (client or httpx).get(f"{site.url}/api/games/{game_id}/state", headers={TOKEN: token} if token else {})
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def play_until(site: Site, game_id: str, bea: httpx.Client, token: str, seat: int) -> dict[str, Any]:
    """Bea plays her first legal action whenever she decides (the bot plays by itself) until
    ``seat`` decides; the table's state then."""
    shown: dict[str, Any] = {}

    def settled() -> bool:
        shown.update(table_state(site, game_id, bea, token))
        return shown["current"] == seat or (shown["current"] == BEA and bool(shown["legal"]))

    for _ in range(STEPS):
        poll(settled, f"seat {seat} or Bea decides", pause=0.05)
        if shown["current"] == seat:
            return shown
        r = bea.post(f"/api/games/{game_id}/actions", json={"action": shown["legal"][0], "version": shown["version"]},
                     headers={TOKEN: token})
        assert r.status_code == 200, r.text
    raise AssertionError(f"seat {seat} never decides")


def legible(page: Any, name: str) -> None:
    """On the phone: no text under 11 px, nothing wider than the screen; a screenshot."""
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    assert page.evaluate(LEGIBLE) == [], f"{name}: text under 11 px"
    wide = page.evaluate(WIDE)
    assert wide["scroll"] <= wide["width"] and wide["wide"] == [], f"{name}: {wide}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"days-{name}-phone.png"), full_page=True)


def watched(context: Any) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def sign_up_in_the_page(site: Site, page: Any) -> str:
    """Ann's account, made in the sign-up page and confirmed by the link of its letter."""
    email = site.address()
    page.goto(f"{site.url}/#/sign-up")
    page.fill("#name", "Ann")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("#sign-up-form-submit")
    expect(page.locator("#sign-up-done")).to_contain_text(email, timeout=SLOW)
    page.goto(site.link(email, "/#/verify/"))
    expect(page.locator("#verify-done")).to_contain_text("Your address is confirmed", timeout=SLOW)
    expect(page.locator("#nav-account")).to_have_text("Ann", timeout=SLOW)
    return email


def create_in_the_lobby(site: Site, page: Any, invited: str) -> str:
    """A Rococo table of three days a move made in the lobby's form: Ann, a seat invited to
    ``invited``, the easy bot; the invited seat decides first.  Its id."""
    page.goto(f"{site.url}/#/")
    page.wait_for_selector("#create")
    page.select_option("#game", "rococo")
    page.fill("#your-name", "Ann")
    page.fill("#title", TITLE)
    page.select_option("#players", "3")
    page.select_option("#seat-1", "open")
    expect(page.locator("#invite-1")).to_be_enabled()
    page.fill("#invite-1", invited)
    page.select_option("#seat-2", "bot:easy")
    page.select_option("#pace", "3")
    page.click("details.more summary")
    page.select_option('[data-option="start_player"]', str(BEA))
    expect(page.locator("#create")).to_be_enabled()
    page.click("#create")
    page.wait_for_selector(".game[data-seat='0']")
    game_id: str = page.evaluate("location.hash").split("/")[-1]
    return game_id


def sign_in_by_passkey(site: Site, page: Any, email: str) -> None:
    """Ann, signed in with her password on the phone, adds a passkey on her account's page,
    signs out, and signs in again with the passkey."""
    page.goto(f"{site.url}/#/sign-in")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("#sign-in-form-submit")
    expect(page.locator("#nav-account")).to_have_text("Ann", timeout=SLOW)
    page.click("#nav-account")
    page.fill("#passkey-label", "my phone")
    page.fill("#passkey-password", PASSWORD)
    page.click("#passkey-form-submit")
    expect(page.locator("#passkey-list li")).to_have_count(1, timeout=SLOW)
    expect(page.locator("#passkey-list li .what")).to_have_text("my phone")
    page.click("#sign-out")
    expect(page.locator("#nav-sign-in")).to_be_visible()
    assert call(page, "GET", "/api/account")[0] == 401
    page.click("#nav-sign-in")
    page.click("#passkey-sign-in")
    expect(page.locator("#nav-account")).to_have_text("Ann", timeout=SLOW)
    status, me = call(page, "GET", "/api/account")
    assert status == 200 and me["email"] == email
    [passkey] = call(page, "GET", "/api/account/passkeys")[1]["passkeys"]
    assert passkey["label"] == "my phone" and passkey["used"] is not None


def move_in_the_page(page: Any) -> int:
    """Ann's decisions made in the page, each the first of the list of every legal action,
    until the table's clock is another seat's; how many she made."""
    made = 0
    for _ in range(STEPS):
        page.wait_for_selector("#clock")
        if page.get_attribute("#clock", "data-seat") != str(ANN):
            return made
        version = page.get_attribute(".game", "data-version")
        button = page.locator("#actions [data-action]").first
        if button.count():
            button.click()
            made += 1
        page.wait_for_selector(f".game:not([data-version='{version}'])", state="attached", timeout=SLOW)
    raise AssertionError("Ann's turn never ends")


def test_a_table_that_lasts_days_from_sign_up_to_holiday(
        browser: Any, site: Site, service: PushService, your_turn_at_once: None) -> None:  # noqa: F811
    # 2. Ann signs up in the page; Bea's account is made over the API
    laptop = browser.new_context(viewport=LAPTOP)
    page = watched(laptop)
    ann = sign_up_in_the_page(site, page)
    bea_email, bea = site.account("Bea")

    # 3. the table, made in the lobby's form; Bea's invitation; Bea joins
    game_id = create_in_the_lobby(site, page, bea_email)
    table = f"{site.url}/#/game/{game_id}"
    summary = httpx.get(f"{site.url}/api/games/{game_id}").json()
    assert (summary["game"], summary["title"], summary["pace_days"], summary["status"]) == ("rococo", TITLE, 3, "open")
    assert summary["config"]["start_player"] == BEA
    assert [(s["kind"], s["bot"], s["invited"]) for s in summary["seats"]] == [
        ("human", None, False), ("human", None, True), ("bot", "easy", False)]
    invitation = letter(site, bea_email, f"Ann invites you to {TITLE}")
    assert table in links(invitation)
    assert [g["id"] for g in bea.get("/api/account/games").json()["invitations"]] == [game_id]

    # 4. Ann subscribes to push, and closes her browser
    device = Device(service.endpoint("ann"))
    assert call(page, "POST", "/api/account/push", device.subscription()) == (201, {"ok": True})
    assert page.errors == []
    laptop.close()
    poll(lambda: not table_state(site, game_id)["seats"][ANN]["online"], "Ann's table closed", pause=0.05)

    joined = bea.post(f"/api/games/{game_id}/join", json={"seat": BEA, "name": "Bea"})
    assert joined.status_code == 200, joined.text
    bea_token: str = joined.json()["token"]
    shown = table_state(site, game_id)
    assert shown["status"] == "running" and shown["current"] == BEA and shown["clock"]["seat"] == BEA

    # 5. Bea and the bot play until Ann decides: her letter and her push lead to the table
    shown = play_until(site, game_id, bea, bea_token, ANN)
    assert shown["clock"]["seat"] == ANN and not shown["clock"]["paused"]
    your_turn = letter(site, ann, f"Your turn at {TITLE}")
    assert links(your_turn) == [table], your_turn
    poll(lambda: bool(service.to("ann")), "the push to Ann's browser", pause=0.05)
    notices = [device.read(m) for m in service.to("ann")]
    assert [n["url"] for n in notices] == [table], notices
    assert notices[0]["title"] == f"Your turn at {TITLE}" and notices[0]["tag"] == f"salon-{game_id}"

    # 6. on a phone: the password, then a passkey; My games; a move made in the page
    phone = browser.new_context(viewport=PHONE)
    page = watched(phone)
    page.goto(site.url)
    devtools = phone.new_cdp_session(page)
    devtools.send("WebAuthn.enable", {"enableUI": False})
    authenticator = devtools.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})["authenticatorId"]
    sign_in_by_passkey(site, page, ann)
    [credential] = devtools.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert credential["isResidentCredential"] and credential["rpId"] == "localhost"

    page.goto(f"{site.url}/#/my")
    entry = page.locator(f"#my-your-turn [data-game='{game_id}']")
    expect(entry).to_be_visible(timeout=SLOW)
    expect(entry.locator(".title")).to_have_text(TITLE)
    expect(entry.locator(".chip.left")).to_contain_text("left")
    expect(page.locator("#nav-turns")).to_have_text("1")
    legible(page, "my")
    entry.locator("a.btn").click()
    page.wait_for_selector(".game[data-seat='0'][data-status='running']")
    page.wait_for_selector("#actions [data-action]")
    expect(page.locator("#clock")).to_have_attribute("data-seat", str(ANN))
    legible(page, "table")
    assert move_in_the_page(page) >= 1
    assert call(page, "GET", "/api/account/turns") == (200, {"count": 0, "next": None, "games": []})
    assert table_state(site, game_id)["current"] != ANN
    page.goto(f"{site.url}/#/my")
    expect(page.locator(f"#my-waiting [data-game='{game_id}']")).to_be_visible(timeout=SLOW)
    expect(page.locator(f"#my-your-turn [data-game='{game_id}']")).to_have_count(0)

    # 7. Ann's turn again: her holiday stands her clock still, and it runs once she is back
    shown = play_until(site, game_id, bea, bea_token, ANN)
    assert not shown["seats"][ANN]["holiday"] and not shown["clock"]["paused"]
    page.click("#nav-account")
    switch = page.locator("#holiday-on")
    expect(switch).not_to_be_checked(timeout=SLOW)
    switch.check()
    expect(switch).to_be_checked()
    expect(switch).to_be_enabled()
    shown = table_state(site, game_id)
    assert shown["seats"][ANN]["holiday"] and shown["clock"]["seat"] == ANN and shown["clock"]["paused"], shown
    assert call(page, "GET", "/api/account")[1]["holiday"]["on"] is True
    switch.uncheck()
    expect(switch).not_to_be_checked()
    expect(switch).to_be_enabled()
    shown = table_state(site, game_id)
    assert not shown["seats"][ANN]["holiday"] and shown["clock"]["seat"] == ANN, shown
    assert not shown["clock"]["paused"], shown
    assert call(page, "GET", "/api/account")[1]["holiday"]["on"] is False
    assert page.errors == []
    phone.close()
