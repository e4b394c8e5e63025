"""A page that draws more slowly than states come (game.js ``draw``), in Debian's Chromium:
of a burst of states it draws the newest once, with every journal entry of those it skipped.
The page's frames are held by the test (its ``requestAnimationFrame`` queues them until let
go), so that what it draws depends on no machine's speed."""

from __future__ import annotations

import json
from typing import Any

from tests.web.helpers import TOKEN, poll
from tests.web.test_browser import live  # noqa: F401  (fixture)

MOVES = 12
"""The moves made while the page's frames are held."""
HELD = """() => {
  window.__frames = [];
  window.requestAnimationFrame = (f) => window.__frames.push(f);
  window.__drawn = [];
  new MutationObserver(() => {
    const game = document.querySelector(".game[data-version]");
    const version = game && game.getAttribute("data-version");
    if (version && window.__drawn[window.__drawn.length - 1] !== version) window.__drawn.push(version);
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-version"] });
}"""
LET_GO = "() => { const held = window.__frames; window.__frames = []; held.forEach((f) => f(0)); return held.length; }"


def test_a_burst_of_states_is_drawn_once_as_the_newest_with_the_whole_journal(browser: Any,  # noqa: F811
                                                                            live: str) -> None:  # noqa: F811
    request = browser.new_context().request
    r = request.post(f"{live}/api/games", data={
        "game": "necklace", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3,
        "config": {"start_player": 0}, "join": {"seat": 0, "name": "Ann"}, "private": True})
    assert r.status == 201, r.text()
    game_id, ann = r.json()["id"], r.json()["token"]
    r = request.post(f"{live}/api/games/{game_id}/join", data={"seat": 1, "name": "Bea"})
    assert r.status == 200, r.text()
    tokens = [ann, r.json()["token"]]
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    received: list[int] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.extend(
        [m["version"]] if (m := json.loads(payload)).get("type") == "state" else [])))
    page.add_init_script(f"""localStorage.setItem("salon.seats", JSON.stringify({{
        {json.dumps(game_id)}: {{seat: 0, token: {json.dumps(ann)}}}}}));
        document.addEventListener("DOMContentLoaded", {HELD});""")
    page.goto(f"{live}/#/game/{game_id}")
    poll(lambda: heard(page, received), "the first state")
    page.evaluate(LET_GO)
    page.wait_for_selector(".game[data-version]", state="attached")
    first = page.evaluate("window.__drawn.length")

    made = 0
    while made < MOVES:
        state = poll_state(request, live, game_id, tokens)
        r = request.post(f"{live}/api/games/{game_id}/actions", headers={TOKEN: tokens[state["current"]]},
                         data={"action": state["legal"][0], "version": state["version"]})
        assert r.status in (200, 409), r.text()  # 409: the server made a lone move for the seat first
        made += r.status == 200
    newest = poll_state(request, live, game_id, tokens)["version"]
    poll(lambda: heard(page, received) and received[-1] == newest, "the page receives the newest state")
    assert page.evaluate("window.__drawn.length") == first, "nothing is drawn while the frames are held"
    assert page.evaluate(LET_GO) >= 1
    drawn: list[str] = page.evaluate("window.__drawn")
    assert drawn[first:] == [str(newest)], "of the burst, only the newest is drawn"
    journal = page.locator("#log li").all_inner_texts()

    again = browser.new_page(viewport={"width": 1366, "height": 768})
    again.add_init_script(f"""localStorage.setItem("salon.seats", JSON.stringify({{
        {json.dumps(game_id)}: {{seat: 0, token: {json.dumps(ann)}}}}}));""")
    again.goto(f"{live}/#/game/{game_id}")
    again.wait_for_selector(f".game[data-version='{newest}']", state="attached")
    assert journal == again.locator("#log li").all_inner_texts(), "the skipped states' journal entries are drawn"
    assert len(journal) > MOVES and not errors, errors
    page.close()
    again.close()


def heard(page: Any, received: list[int]) -> bool:
    """Whether the page has received a state; asking the page anything lets Playwright hand
    on the socket's frames, which it does only while it is called."""
    page.evaluate("0")
    return bool(received)


def poll_state(request: Any, url: str, game_id: str, tokens: list[str]) -> dict[str, Any]:
    """The state once a seat decides: one with a choice the server does not make for it (a
    lone move, which the server makes at once and which would be a newer state still)."""
    found: list[dict[str, Any]] = []

    def deciding() -> bool:
        state = request.get(f"{url}/api/games/{game_id}/state", headers={TOKEN: tokens[0]}).json()
        if state["current"] is not None:
            state = request.get(f"{url}/api/games/{game_id}/state", headers={TOKEN: tokens[state["current"]]}).json()
        found.append(state)
        return bool(state["legal"]) and not state["forced"]

    poll(deciding, "a seat's decision")
    return found[-1]
