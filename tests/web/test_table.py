"""The table as players expect it, in Debian's Chromium: the players' bar and the journal in
view on common screens, the last move of the bot marked, the tab's title on one's turn, a
name asked before taking a seat, the end screen with places, rematch and the way back to
the lobby, the replay of a finished game to its final scoring (and of a record file), the
rules page in each language, the lobby's remembered choices and translated help, why a main
action is not offered, a phone's places to choose brought into view, legible board texts."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.web.helpers import PATIENT, POLLS, TOKEN, poll
from tests.web.test_browser import live, shots, snap  # noqa: F401  (fixtures)


def seated(page: Any, live: str, game_id: str, seat: int, token: str) -> None:  # noqa: F811
    """Open the game in ``page`` as the holder of ``seat``."""
    page.goto(live)
    seats = json.dumps({game_id: {"seat": seat, "token": token}})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["salon.seats", seats])
    page.goto(f"{live}/#/game/{game_id}")
    page.wait_for_selector(f".game[data-seat='{seat}']")


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (box is not None and box["height"] >= 60 and box["y"] >= 0
            and box["y"] + box["height"] <= size["height"] + 1 and box["x"] + box["width"] <= size["width"] + 1)


@pytest.fixture(scope="module")
def over(live: str) -> tuple[str, str]:  # noqa: F811
    """A game of Ann (seat 0, played here at random over HTTP) against the random bot, played
    to its end: its id and Ann's token."""
    created = httpx.post(f"{live}/api/games", json={"game": "rococo", "seed": 11, "config": {"start_player": 0},
                                                   "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                                   "join": {"seat": 0, "name": "Ann"}}).json()
    game_id, token = created["id"], created["token"]
    rng = random.Random(2)
    with httpx.Client(base_url=live, headers={TOKEN: token}, timeout=PATIENT) as http:
        for _ in range(POLLS):
            st = http.get(f"/api/games/{game_id}/state").json()
            if st["status"] == "over":
                return game_id, token
            if st["legal"]:
                http.post(f"/api/games/{game_id}/actions",
                          json={"action": rng.choice(st["legal"]), "version": st["version"]})
            else:
                time.sleep(0.01)
    raise AssertionError(f"the game did not finish in {POLLS} polls")


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_players_and_journal_in_view_and_the_bots_last_move(browser: Any, live: str, shots: Path,  # noqa: F811
                                                           size: tuple[int, int]) -> None:
    """The bot starts: when it is the player's turn, the bot's last move shows in its panel,
    the tab's title says so, and the players' bar and the journal are on screen unscrolled."""
    created = httpx.post(f"{live}/api/games", json={"game": "rococo", "config": {"start_player": 1},
                                                   "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                                   "join": {"seat": 0, "name": "Ann"}}).json()
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    seated(page, live, created["id"], 0, created["token"])
    page.wait_for_selector("#actions [data-action]")
    page.wait_for_selector(".player[data-seat='1'] .last-move-line")
    assert page.get_attribute(".game", "data-last-moves") == "1"
    assert "Your turn" in page.title()
    assert page.locator("#players-box .player").count() == 2
    assert page.locator("#score-track .score-marker").count() == 2
    assert in_view(page, "#players-box") and in_view(page, "#log") and in_view(page, "#decision")
    assert page.locator("#log li").count() > 0
    snap(page, shots, f"table-{size[0]}", full_page=False)
    page.close()


def test_joining_by_the_invitation_asks_a_name(browser: Any, live: str) -> None:  # noqa: F811
    created = httpx.post(f"{live}/api/games", json={"game": "rococo", "seats": [{"kind": "human"}, {"kind": "human"}],
                                                   "join": {"seat": 0, "name": "Ann"}}).json()
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{live}/#/game/{created['id']}")
    page.click("[data-take-seat='1']")
    page.fill("#ask-name", "Bea")
    page.click("#ask-name-ok")
    page.wait_for_selector(".game[data-seat='1']")
    assert "Bea" in page.inner_text(".player[data-seat='1']")
    assert page.evaluate("localStorage.getItem('salon.name')") == "Bea"
    page.close()


def test_the_end_screen_rematch_and_lobby(browser: Any, live: str, over: tuple[str, str], shots: Path) -> None:  # noqa: F811
    game_id, token = over
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    seated(page, live, game_id, 0, token)
    page.wait_for_selector("#end #places li")
    assert page.locator("#end").is_visible()
    assert page.locator("#places li").count() == 2
    assert "Your place:" in page.inner_text("#your-place")
    assert page.locator("#scoring-table tr.total td").count() == 3
    snap(page, shots, "end-screen", full_page=False)
    page.click("#close-end")
    assert page.locator("#end").is_hidden()
    page.click("#show-end")
    page.click("#rematch")
    page.wait_for_url(lambda url: game_id not in url)
    page.wait_for_selector(".game[data-seat='0'][data-status='running']")
    again = page.evaluate("location.hash").split("/")[-1]
    summary = httpx.get(f"{live}/api/games/{again}").json()
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot"]
    assert summary["config"] == httpx.get(f"{live}/api/games/{game_id}").json()["config"]
    page.goto(f"{live}/#/game/{game_id}")
    page.click("#to-lobby")
    page.wait_for_selector(f"[data-result='{game_id}']")
    page.close()


def test_a_replay_steps_to_the_final_scoring(browser: Any, live: str, over: tuple[str, str], tmp_path: Path) -> None:  # noqa: F811
    game_id, _ = over
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{live}/#/replay/{game_id}")
    page.wait_for_selector(".replay[data-step='0']")
    assert page.locator(".replay-seat").count() == 2  # every seat's cards
    page.click("#replay-next")
    page.wait_for_selector(".replay[data-step='1']")
    total = page.get_attribute(".replay", "data-total")
    actions = httpx.get(f"{live}/api/games/{game_id}/record").json()["actions"]
    financed = next(i for i, a in enumerate(actions, 1) if a.startswith("finance:"))
    page.fill("#replay-step", str(financed))
    page.dispatch_event("#replay-step", "change")
    page.wait_for_selector(f".replay[data-step='{financed}'] #board .last-move[data-deco]")  # the move just made
    page.click("#replay-last")
    page.wait_for_selector(f".replay[data-step='{total}'] #scoring-table")
    assert page.locator("#places li").count() == 2
    assert page.locator("#log li").count() > 100
    record = tmp_path / "game.json"
    record.write_text(httpx.get(f"{live}/api/games/{game_id}/record").text)
    page.goto(live)
    page.set_input_files("#record-file", str(record))
    page.wait_for_selector(".replay[data-step='0'] #board svg")
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    page.goto(live)
    page.set_input_files("#record-file", str(bad))
    page.wait_for_selector("#replay-error")
    assert "This file is not a saved game of salon." in page.inner_text("#replay-error")
    page.close()


RULES = [("en", "How to play Rococo"), ("de", "So spielt man Rococo"), ("fr", "Comment jouer à Rococo"),
         ("uk", "Як грати в «Рококо»")]


def cited(page: Any) -> list[str]:
    """Every rule id the rules page's § marks name."""
    marks: list[str] = page.eval_on_selector_all("#rules .rule-ref", "els => els.map(e => e.dataset.rules)")
    return " ".join(marks).split()


def test_the_rules_page_in_each_language(browser: Any, live: str) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{live}/#/rules/rococo")
    page.wait_for_selector("#rules .rules-part")
    for lang, title in RULES:
        page.select_option("#lang", lang)
        page.wait_for_selector(f"html[lang='{lang}']", state="attached")
        assert title in page.inner_text("#rules h1")
        assert "R-ACT-TAILOR-1" in cited(page), "a part's rule ids are in its § mark"
        assert "[R-" not in page.inner_text("#rules"), "no bracketed rule id is left in a sentence"
    page.goto(f"{live}/#/rules/necklace")
    page.wait_for_selector("#rules[data-game='necklace'] .rules-part")
    assert "QN-SELL-1" in cited(page)
    page.close()


def test_the_lobby_remembers_the_table_and_offers_seats_in_words(browser: Any, live: str) -> None:  # noqa: F811
    """The start player is chosen among the seats (or left to chance), the option's tooltip is
    the translated help (beside its element, gone on a click), and the next visit finds the
    table set up as the last one."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(live)
    page.wait_for_selector("#create")
    page.fill("#your-name", "Ann")
    page.select_option("#game", "necklace")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "bot:random")
    page.select_option("#seat-2", "bot:random")
    assert page.locator('[data-option="start_player"] option').all_inner_texts() == [
        "Chance decides", "You", "Seat 2", "Seat 3"]
    page.click("details.more summary")
    label = "label[for='opt-forger_victim_chooses']"
    page.hover(label)  # the tooltip shows beside its element, and goes once it is clicked
    page.wait_for_selector("#tip", state="visible")
    assert "QN-AMB-12" in page.inner_text("#tip")
    tip, box = page.locator("#tip").bounding_box(), page.locator(label).bounding_box()
    assert tip is not None and box is not None and abs(tip["y"] - (box["y"] + box["height"])) < 40
    page.click(label)
    page.wait_for_selector("#tip", state="hidden")
    page.click("#create")
    page.wait_for_selector(".game[data-version]")
    page.goto(f"{live}/#/")
    page.wait_for_selector("#create")
    assert page.input_value("#game") == "necklace"
    assert page.input_value("#players") == "3"
    assert page.input_value("#seat-2") == "bot:random"
    page.close()


def at_main_action(live: str, seed: int | None = None) -> tuple[str, str, Any]:  # noqa: F811
    """A game of Ann against the random bot (of ``seed``, else a secret one) where Ann, having
    taken the first legal choice until then, now chooses her main action: its id, her token
    and her state."""
    created = httpx.post(f"{live}/api/games", json={"game": "rococo", "config": {"start_player": 0}, "seed": seed,
                                                   "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                                   "join": {"seat": 0, "name": "Ann"}}).json()
    game_id, token = created["id"], created["token"]
    with httpx.Client(base_url=live, headers={TOKEN: token}, timeout=PATIENT) as http:
        for _ in range(POLLS):
            st = http.get(f"/api/games/{game_id}/state").json()
            if any(a.startswith("main:") for a in st["legal"]):
                return game_id, token, st
            if st["legal"]:
                http.post(f"/api/games/{game_id}/actions", json={"action": st["legal"][0], "version": st["version"]})
            else:
                time.sleep(0.01)
    raise AssertionError(f"no main action came in {POLLS} polls")


def test_the_decision_tells_why_a_main_action_is_not_offered(browser: Any, live: str) -> None:  # noqa: F811
    """Each main action says what it does; one the rules do not allow now names its rule."""
    game_id, token, _ = at_main_action(live)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    seated(page, live, game_id, 0, token)
    page.wait_for_selector("#not-offered [data-explain]")
    assert "drawer" in (page.get_attribute('#actions [data-action="main:acquire"]', "data-tip") or "")
    page.locator("#not-offered [data-explain]").first.click()
    page.wait_for_selector("#why-not a")
    why = page.inner_text("#why-not")
    assert "is not allowed now: " in why and "(rule R-" in why and "the decision now is 'main'" not in why, why
    page.close()


def test_a_decision_on_the_board_tells_why_a_place_is_not_offered(browser: Any, live: str) -> None:  # noqa: F811
    """Financing: the free decoration spaces the player may not take now are listed, and one
    names its rule and reason (too dear, or a kitchen already used)."""
    game_id, token, st = at_main_action(live, seed=4)
    assert "main:finance" in st["legal"]
    httpx.post(f"{live}/api/games/{game_id}/actions", json={"action": "main:finance", "version": st["version"]},
               headers={TOKEN: token})
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    seated(page, live, game_id, 0, token)
    page.wait_for_selector('#not-offered [data-explain^="finance:"]')
    page.locator('#not-offered [data-explain^="finance:"]').first.click()
    page.wait_for_selector("#why-not a")
    why = page.inner_text("#why-not")
    assert "(rule R-ACT-FIN-5)" in why and "livres" in why, why
    page.close()


def test_on_a_phone_the_places_to_choose_are_scrolled_into_view(browser: Any, live: str) -> None:  # noqa: F811
    """The board is zoomed in on a phone: the first place to choose is brought to the middle of
    its frame (as far as the board scrolls); a long press shows a tooltip."""
    game_id, token, st = at_main_action(live)
    main = next(a for a in ("main:finance", "main:acquire") if a in st["legal"])
    httpx.post(f"{live}/api/games/{game_id}/actions", json={"action": main, "version": st["version"]},
               headers={TOKEN: token})
    page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                            has_touch=True)
    seated(page, live, game_id, 0, token)
    target = page.locator("#board [data-action]").first
    target.wait_for()
    frame, box = page.locator("#board").bounding_box(), target.bounding_box()
    assert frame is not None and box is not None
    centre = box["x"] + box["width"] / 2 - (frame["x"] + frame["width"] / 2)
    scrolled = page.eval_on_selector("#board", "el => [el.scrollLeft, el.scrollWidth - el.clientWidth]")
    left, most = scrolled
    assert abs(centre) < 20 or (left == 0 and centre < 0) or (left == most and centre > 0), (centre, scrolled)
    page.dispatch_event("#players-box .stats [data-tip]", "touchstart")  # a long press shows the tooltip
    page.wait_for_selector("#tip", state="visible")
    page.close()


SMALLEST = """() => {
  const svg = document.querySelector("#board svg");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return Math.min(...[...svg.querySelectorAll("text")].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
}"""


def test_board_texts_are_legible_and_exam_tasks_named(browser: Any, live: str) -> None:  # noqa: F811
    """At 1366 px on a 1× screen no text of the board is smaller than 9 px, at the start and at
    the end of the game (values on garments and tiles, rewards, prices), and the players' exam
    tasks (Jewelry Box) are named, their codes in the tooltip."""
    game_id = httpx.post(f"{live}/api/games", json={
        "game": "rococo", "seed": 3, "config": {"expansions": ["jewelry_box"]},
        "seats": [{"kind": "bot", "bot": "random"}] * 2}).json()["id"]
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    poll(lambda: httpx.get(f"{live}/api/games/{game_id}").json()["status"] == "over", "the bots did not finish")
    page.goto(f"{live}/#/replay/{game_id}")
    page.wait_for_selector(".replay[data-step='0'] #board svg text")
    assert page.evaluate(SMALLEST) >= 9
    page.click("#replay-last")
    page.wait_for_selector(".replay[data-step]:not([data-step='0']) #board")
    assert page.evaluate(SMALLEST) >= 9
    tasks = page.locator("#players-box .exam-tasks[data-tip]").first
    assert "an Apprentice" in tasks.inner_text()
    assert (tasks.get_attribute("data-tip") or "").startswith("J")
    page.close()
