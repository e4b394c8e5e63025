"""QN-INFO-1 in Debian's Chromium: with ``conceal_holders`` the server makes a person's lone
``pass`` or ``done`` for them.  The page never shows that move as the player's choice (no
"Your turn" with a Pass button, a waiting line instead), and offers no Undo for it; an Undo
it does offer takes something back.  What the page showed for each version is recorded as it
is drawn (a MutationObserver), so that a state shown for a moment is checked too."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.test_browser import changed, live  # noqa: F401  (fixture)
from tests.web.test_necklace_browser import FIND

CLICKS = 400
"""The most of Anne's decisions the test plays: enough for many polls, a bound for a stuck game."""
ENOUGH = 12
"""Lone moves of Anne's after which the test stops, once she has also decided right after a
few of them and taken moves back: a whole game has about sixty, each like the others."""
RECORD = """() => {
  window.__shown = [];
  new MutationObserver(() => {
    const game = document.querySelector(".game[data-version]");
    const status = document.querySelector("#status");
    if (!game || !status) return;
    const decision = document.querySelector("#decision");
    window.__shown.push({
      version: game.getAttribute("data-version"),
      status: status.innerText,
      lone: !!document.querySelector("#lone-move"),
      undo: !!document.querySelector("#undo"),
      offered: [...document.querySelectorAll("#board [data-action], #mine [data-action], #actions [data-action]")]
        .map((e) => e.getAttribute("data-action")),
      decision: !!decision && !decision.hidden,
    });
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}"""


def lone_moves(states: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Of the states sent to Anne: those of the lone moves the server made for her, and those
    in which she decides right after one."""
    mine = [m for m in states if m["seat"] == 0]
    lone = [m for m in mine if m["forced"]]
    after = [m for m in mine if m["current"] == 0 and not m["forced"]
             and any(p["forced"] and p["version"] == m["version"] - 1 for p in lone)]
    return lone, after


def enough(states: list[dict[str, Any]]) -> bool:
    lone, after = lone_moves(states)
    return len(lone) >= ENOUGH and len(after) >= ENOUGH // 4


def test_a_lone_move_is_never_shown_as_the_players_nor_offered_to_undo_QN_INFO_1(
        browser: Any, live: str) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    r = page.request.post(f"{live}/api/games", data={
        "game": "necklace", "title": "QN-INFO-1", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "config": {"conceal_holders": True}, "seed": 7, "join": {"seat": 0, "name": "Anne"}, "private": True})
    assert r.status == 201, r.text()
    game_id, token = r.json()["id"], r.json()["token"]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    states: list[dict[str, Any]] = []

    def frame(payload: Any) -> None:
        msg = json.loads(payload)
        if msg.get("type") == "state":
            states.append(msg)

    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    page.add_init_script(f"""localStorage.setItem("salon.seats", JSON.stringify({{
        {json.dumps(game_id)}: {{seat: 0, token: {json.dumps(token)}}}}}));
        document.addEventListener("DOMContentLoaded", {RECORD});""")
    page.goto(f"{live}/#/game/{game_id}")
    page.wait_for_selector(".game[data-version]")
    rng = random.Random(7)
    undos = 0
    for _ in range(CLICKS):
        if page.get_attribute(".game", "data-status") == "over" or (undos >= 3 and enough(states)):
            break
        version = page.get_attribute(".game", "data-version")
        if page.locator("#undo").count() and rng.random() < 0.3:
            try:
                page.click("#undo", timeout=5000)
            except PlaywrightTimeout:  # the state moved on, and its Undo went with it
                continue
            assert changed(page, version), "an Undo that took nothing back"
            undos += 1
            continue
        found = page.evaluate(FIND)
        if found is None:
            page.wait_for_selector(f".game:not([data-version='{version}']), #board [data-action], #mine [data-action], "
                                   "#actions [data-action]", state="attached")
            continue
        region, actions = found
        try:
            page.locator(f'{region} [data-action="{rng.choice(actions)}"]').first.click(timeout=5000)
        except PlaywrightTimeout:
            continue
        changed(page, version)
    shown: list[dict[str, Any]] = page.evaluate("window.__shown")
    page.close()
    assert not errors, errors
    by_version: dict[str, list[dict[str, Any]]] = {}
    for s in shown:
        by_version.setdefault(s["version"], []).append(s)
    lone, after = lone_moves(states)
    assert lone, "no lone move of Anne's in the game: nothing was checked"
    for m in lone:
        for s in by_version.get(str(m["version"]), []):
            assert s["lone"] and not s["offered"] and not s["decision"] and not s["undo"], s
            assert "Your turn" not in s["status"], s
    # the state right after each lone move the server made: no Undo of it
    assert after, "Anne never decided right after a lone move of hers"
    for m in after:
        assert m["undoable"] == 0
        assert not any(s["undo"] for s in by_version.get(str(m["version"]), [])), m
    print(f"lone moves {len(lone)}, decisions right after one {len(after)}, undos {undos}")
