"""Movement at the table in Debian's Chromium (static/motion.js): a card taken from one's supply
into one's hand glides there, and a player who asks for reduced motion sees nothing move.  The
page's calls to ``Element.animate`` are recorded as they are made, so nothing here waits on the
clock."""

from __future__ import annotations

import json
from typing import Any

from tests.web.test_browser import live  # noqa: F401  (fixture)

RECORD = """() => {
  window.__moved = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    window.__moved.push({ key: this.getAttribute("data-key"), first: JSON.stringify(frames[0]) });
    return animate.call(this, frames, options);
  };
}"""


def _pick_a_card(browser: Any, live: str, reduced: str) -> tuple[str, list[dict[str, Any]]]:  # noqa: F811
    """At a new Rococo table, the first card one picks from one's supply into one's hand: its
    key, and the movements the page made meanwhile."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, reduced_motion=reduced)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    r = page.request.post(f"{live}/api/games", data={
        "game": "rococo", "title": "Motion", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "seed": 4, "join": {"seat": 0, "name": "Anne"}, "private": True})
    assert r.status == 201, r.text()
    game_id, token = r.json()["id"], r.json()["token"]
    page.add_init_script(f"""localStorage.setItem("salon.seats", JSON.stringify({{
        {json.dumps(game_id)}: {{seat: 0, token: {json.dumps(token)}}}}}));
        ({RECORD})();""")
    page.goto(f"{live}/#/game/{game_id}")
    card = page.wait_for_selector("#supply [data-action^='pick:']")
    key = card.get_attribute("data-key")
    assert key and key.startswith("card:")
    card.click()
    page.wait_for_selector(f"#hand [data-key='{key}']")
    moved: list[dict[str, Any]] = page.evaluate("window.__moved")
    context.close()
    assert not errors
    return key, moved


def test_a_card_glides_from_the_supply_into_the_hand(browser: Any, live: str) -> None:  # noqa: F811
    key, moved = _pick_a_card(browser, live, "no-preference")
    assert any(m["key"] == key and "translate(" in m["first"] for m in moved), moved


def test_nothing_moves_for_a_player_who_asks_for_reduced_motion(browser: Any, live: str) -> None:  # noqa: F811
    _, moved = _pick_a_card(browser, live, "reduce")
    assert moved == []
