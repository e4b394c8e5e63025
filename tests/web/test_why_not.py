"""Why a choice is not offered, in the player's language: ``/explain`` gives the reason's key
and raw fields beside the rule and the engine's English reason, and a Necklace table in
Debian's Chromium lists the market cards too dear to buy and, on a click, says why in German
with the rule id and the way to the rules."""

from __future__ import annotations

import json
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import PATIENT, TOKEN, poll, state
from tests.web.test_browser import live  # noqa: F401  (fixture)


def _too_dear(st: dict[str, Any]) -> list[str]:
    """The market cards the deciding seat may not buy now, when its decision is the purchase."""
    d = st["observation"].get("decision") or {}
    if not st["legal"] or d.get("kind") != "buy":
        return []
    return [m["card"]["id"] for m in st["observation"]["market"] if m and f"buy:{m['card']['id']}" not in st["legal"]]


def at_a_dear_card(http: Any, game_id: str) -> tuple[dict[str, Any], str]:
    """Take the first legal choice (the server plays the bot) until the purchase shows a card
    too dear: the state then and that card."""
    found: list[tuple[dict[str, Any], str]] = []

    def reached() -> bool:
        r = http.get(f"/api/games/{game_id}/state")
        st = r.json()
        dear = _too_dear(st)
        if dear:
            found.append((st, dear[0]))
            return True
        if st["legal"]:
            http.post(f"/api/games/{game_id}/actions", json={"action": st["legal"][0], "version": st["version"]})
        return False

    poll(reached, "a purchase with a card too dear")
    return found[0]


class _Client:
    """The TestClient with the seat's token on every request (as httpx.Client has it)."""

    def __init__(self, client: TestClient, token: str) -> None:
        self.client, self.token = client, token

    def get(self, url: str) -> Any:
        return self.client.get(url, headers={TOKEN: self.token})

    def post(self, url: str, json: Any) -> Any:  # noqa: A002
        return self.client.post(url, json=json, headers={TOKEN: self.token})


def test_explain_gives_the_reasons_key_and_fields(client: TestClient) -> None:
    r = client.post("/api/games", json={
        "game": "necklace", "title": "why not", "seed": 3, "config": {"start_player": 0},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "join": {"seat": 0, "name": "Ann"}})
    assert r.status_code == 201, r.text
    game_id, token = r.json()["id"], r.json()["token"]
    st, card = at_a_dear_card(_Client(client, token), game_id)
    refused = client.get(f"/api/games/{game_id}/explain", params={"action": f"buy:{card}"},
                         headers={TOKEN: token}).json()
    assert refused["legal"] is False and refused["rule"] == "QN-BUY-1" and refused["key"] == "buy_too_dear"
    assert refused["fields"]["card"] == card and refused["fields"]["ducats"] == st["observation"]["decision"]["ducats"]
    assert refused["fields"]["cost"] > refused["fields"]["ducats"]
    fields = refused["fields"]
    assert refused["reason"] == f"{card} costs {fields['cost']} ducats, you have {fields['ducats']} left"
    assert state(client, game_id, token)["version"] == st["version"]  # asking changes nothing


def test_a_necklace_table_says_why_a_card_cannot_be_bought(browser: Any, live: str) -> None:  # noqa: F811
    created = httpx.post(f"{live}/api/games", json={
        "game": "necklace", "config": {"start_player": 0},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "join": {"seat": 0, "name": "Ann"}}).json()
    game_id, token = created["id"], created["token"]
    with httpx.Client(base_url=live, headers={TOKEN: token}, timeout=PATIENT) as http:
        _, card = at_a_dear_card(http, game_id)
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  ["salon.seats", json.dumps({game_id: {"seat": 0, "token": token}})])
    page.goto(f"{live}/#/game/{game_id}")
    page.wait_for_selector(".game[data-seat='0']")
    page.select_option("#lang", "de")
    page.wait_for_selector("html[lang='de']", state="attached")
    button = page.locator(f'#not-offered [data-explain="buy:{card}"]')
    button.wait_for()
    button.click()
    page.wait_for_selector("#why-not a")
    why = page.inner_text("#why-not")
    assert "(Regel QN-BUY-1)" in why and "ist jetzt nicht erlaubt" in why, why
    assert f"{card}" in why and "Preis" in why and "Dukaten" in why, why
    assert "ducats" not in why and "you have" not in why, why
    assert page.get_attribute("#why-not a", "href") == "#/rules/necklace"
    assert not errors, errors
    page.close()



@pytest.mark.slow
def test_a_refused_action_says_why_in_words_the_page_can_translate(client: TestClient) -> None:
    """An action refused at the table (sent by a stale page, say) carries its reason's key and
    fields, as /explain gives them, and nothing changes."""
    r = client.post("/api/games", json={
        "game": "necklace", "title": "refused", "seed": 3, "config": {"start_player": 0},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "join": {"seat": 0, "name": "Ann"}})
    game_id, token = r.json()["id"], r.json()["token"]
    st, card = at_a_dear_card(_Client(client, token), game_id)
    r = client.post(f"/api/games/{game_id}/actions", json={"action": f"buy:{card}", "version": st["version"]},
                    headers={TOKEN: token})
    error = r.json()["error"]
    assert r.status_code == 422 and error["code"] == "illegal_action" and error["rule"] == "QN-BUY-1"
    assert error["refusal"]["key"] == "buy_too_dear" and error["refusal"]["fields"]["card"] == card
    assert state(client, game_id, token)["version"] == st["version"]
