"""A guest's preferences at the table in Debian's Chromium: kept by the browser and named in the
page's hello.  With ``auto_free`` off the bonus that only gains is asked (R-BON-l1_gain_1 and the
like, R-PH3-4 (c)); switched on from the table's gear, the server takes it at once and the page
says so.  With ``confirm_irrevocable`` on, declining a bonus (which ends the turn, R-PH3-4 (d))
is confirmed first: dismissed, nothing is played.  The game is driven over the API to the
question; the page is only looked at and clicked where the test says."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import expect

from tests.web.helpers import poll
from tests.web.test_account_pages import Site, check_page, page_of, sign_in, site  # noqa: F401  (a fixture)
from tests.web.test_browser import changed, live  # noqa: F401  (fixture)

SEED = 7
DECISIONS = 400
"""The most of the player's decisions the test plays to reach a free gain: a bound for a stuck game."""


def _table(page: Any, url: str, prefs: dict[str, bool]) -> tuple[str, str]:
    """A Rococo table of a guest at seat 0 and a random bot, open in ``page`` with ``prefs`` kept
    by the browser."""
    r = page.request.post(f"{url}/api/games", data={
        "game": "rococo", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": SEED,
        "config": {"start_player": 0}, "join": {"seat": 0, "name": "Ann"}, "private": True})
    assert r.status == 201, r.text()
    game_id, token = r.json()["id"], r.json()["token"]
    page.add_init_script(f"""localStorage.setItem("salon.seats", JSON.stringify({{
        {json.dumps(game_id)}: {{seat: 0, token: {json.dumps(token)}}}}}));
        localStorage.setItem("salon.preferences", {json.dumps(json.dumps(prefs))});""")
    page.goto(f"{url}/#/game/{game_id}")
    page.wait_for_selector(".game[data-version]")
    return game_id, token


def _to_free_gain(page: Any, url: str, game_id: str, token: str) -> dict[str, Any]:
    """Play the seat at random over the API until it is asked about a bonus that only gains: that
    state.  The page's hello asked the server to leave such bonuses to the player."""
    rng = random.Random(SEED)
    table = f"{url}/api/games/{game_id}"
    for _ in range(DECISIONS):
        st: dict[str, Any] = page.request.get(f"{table}/state", headers={"X-Seat-Token": token}).json()
        if st["current"] != 0 or st["forced"]:  # the bot, or the server for the seat, moves
            page.wait_for_timeout(20)
            continue
        if (st["observation"]["decision"] or {}).get("free_gain"):
            return st
        r = page.request.post(f"{table}/actions", headers={"X-Seat-Token": token},
                              data={"action": rng.choice(st["legal"]), "version": st["version"]})
        assert r.status == 200, r.text()
    raise AssertionError("no bonus that only gains in the game")


def test_a_free_gain_is_asked_only_when_switched_off_R_PH3_4(browser: Any, live: str) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    game_id, token = _table(page, live, {"auto_free": False, "auto_pass": True, "confirm_irrevocable": False})
    st = _to_free_gain(page, live, game_id, token)
    page.wait_for_selector(f".game[data-version='{st['version']}']")
    page.wait_for_selector('[data-action="bonus:use"]')
    page.screenshot(path="/tmp/shots/prefs-asked-1366.png")
    page.click("#table-preferences summary")
    switch = page.locator("#table-auto_free")
    assert not switch.is_checked()
    page.screenshot(path="/tmp/shots/prefs-menu-1366.png")
    switch.check()
    page.wait_for_selector("#toast.show:has-text('Taken for you: Use the bonus')")
    page.wait_for_selector('[data-action="bonus:use"]', state="detached")
    page.screenshot(path="/tmp/shots/prefs-taken-1366.png")
    assert json.loads(page.evaluate("localStorage.getItem('salon.preferences')"))["auto_free"] is True
    state = page.request.get(f"{live}/api/games/{game_id}/state", headers={"X-Seat-Token": token}).json()
    assert state["version"] > st["version"]
    page.close()
    assert not errors, errors


def test_a_move_that_cannot_be_taken_back_is_confirmed_first_R_PH3_4(browser: Any, live: str) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    game_id, token = _table(page, live, {"auto_free": False, "auto_pass": True, "confirm_irrevocable": True})
    st = _to_free_gain(page, live, game_id, token)
    assert "bonus:skip" in st["irrevocable"]
    page.wait_for_selector(f".game[data-version='{st['version']}']")
    asked: list[str] = []

    def answer(accept: bool) -> Any:
        def on(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()
        return on

    page.once("dialog", answer(False))
    page.click('[data-action="bonus:skip"]')
    assert asked and "cannot be taken back" in asked[-1], asked
    assert page.get_attribute(".game", "data-version") == str(st["version"]), "dismissed: nothing played"
    page.screenshot(path="/tmp/shots/prefs-confirm-390.png")
    page.once("dialog", answer(True))
    page.click('[data-action="bonus:skip"]')
    assert changed(page, str(st["version"])), "confirmed: played"
    assert len(asked) == 2
    page.close()
    assert not errors, errors


def test_an_accounts_preferences_are_kept_with_it_and_shown_at_its_tables(browser: Any, site: Site) -> None:  # noqa: F811
    """The account's page switches them (stored by the server: another client reads them back),
    and the gear of the account's table shows the same."""
    email, elsewhere = site.account("Jeanne")
    page = page_of(browser, site)
    sign_in(page, site, email)
    page.click("#nav-account")
    expect(page.locator("#account-preferences")).to_contain_text("Kept with your account")
    page.locator("#account-confirm_irrevocable").check()
    poll(lambda: elsewhere.get("/api/account").json()["preferences"]["confirm_irrevocable"], "stored", pause=0.1)
    check_page(page, "account-preferences")
    created = page.evaluate("""async () => (await (await fetch("/api/games", {method: "POST",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify({game: "rococo",
        seats: [{kind: "human"}, {kind: "bot", bot: "random"}], join: {seat: 0, name: "Jeanne"}})})).json())""")
    page.goto(f"{site.url}/#/game/{created['id']}")
    page.click("#table-preferences summary")
    expect(page.locator("#table-preferences")).to_contain_text("Kept with your account")
    assert page.locator("#table-confirm_irrevocable").is_checked() and page.locator("#table-auto_free").is_checked()
    check_page(page, "table-preferences")
    assert page.errors == []
    page.close()
