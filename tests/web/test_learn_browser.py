"""The lessons in the browser, in Debian's Chromium: every tutorial the server lists is played to
its end on the table's own page (the coach's "Next" on a word, the taught move's button in the
decision on a move, and once per lesson another move first, which is answered with the step's
text again and changes nothing), then its closing panel opens a real table against a bot.  The
coach is legible (no text under 11 px) on a laptop and on a phone, where it is a bar at the
window's foot that leaves the decision free; the lobby leads to the lessons, and "How to play"
shows its rule ids as marks, the board of the first lesson and the part a step asks about.
Screenshots go to /tmp/shots/learn-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.web.test_browser import live  # noqa: F401  (fixture)

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SHOTS = Path("/tmp/shots")

SMALLEST = """() => {
  let least = Infinity;
  for (const el of document.querySelectorAll("#coach *, #learn-end *, #learn-wrong, #learn-wrong *")) {
    if (!(el instanceof HTMLElement) || !el.getClientRects().length) continue;
    if ([...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
      least = Math.min(least, parseFloat(getComputedStyle(el).fontSize));
  }
  return least;
}"""

BOARD = "document.querySelector('#board').textContent"
LEGAL = "els => els.map((e) => e.dataset.action)"


def lessons(live: str) -> list[dict[str, Any]]:  # noqa: F811
    found: list[dict[str, Any]] = httpx.get(f"{live}/api/learn").json()
    assert found, "the server lists no lesson"
    return found


def lesson_of(live: str, entry: dict[str, Any]) -> dict[str, Any]:  # noqa: F811
    lesson: dict[str, Any] = httpx.get(f"{live}/api/learn/{entry['game']}/{entry['name']}").json()
    assert lesson.get("components"), "the lesson comes without its game's components: its board cannot be drawn"
    return lesson


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"learn-{name}.png"))


def opened(browser: Any, live: str, entry: dict[str, Any], size: dict[str, int]) -> Any:  # noqa: F811
    """A page at the lesson's first step, refusing anything its policy forbids and any error."""
    page = browser.new_page(viewport=size)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.errors = errors
    page.goto(f"{live}/#/learn/{entry['game']}/{entry['name']}")
    page.wait_for_selector("#coach[data-step='0']")
    return page


def another_move(page: Any, taught: str) -> None:
    """A legal move the step does not teach: the step is said again, the table does not move,
    and the taught move is marked."""
    others = [a for a in page.eval_on_selector_all("#actions [data-action]", LEGAL) if a != taught]
    version = page.get_attribute(".game", "data-version")
    board = page.evaluate(BOARD)
    page.click(f'#actions [data-action="{others[0]}"]')
    page.wait_for_selector("#learn-wrong")
    said = page.inner_text("#coach-say")
    assert "This step teaches another move." in page.inner_text("#learn-wrong")
    assert said in page.inner_text("#learn-wrong")
    assert page.get_attribute(".game", "data-version") == version
    assert page.evaluate(BOARD) == board
    page.wait_for_selector(f'#actions [data-action="{taught}"].learn-taught')


def play_through(page: Any, lesson: dict[str, Any], shots: str = "") -> None:
    """Every step of the lesson, another move tried once; screenshots of its first move."""
    tried = False
    for at, frame in enumerate(lesson["frames"]):
        page.wait_for_selector(f"#coach[data-step='{at}']")
        assert page.inner_text("#coach-step") == f"Step {at + 1} of {len(lesson['frames'])}"
        assert page.locator(".learn-point").count() >= 1, f"step {at + 1} points at nothing"
        if not frame["action"]:
            page.click("#coach-next")
            continue
        page.wait_for_selector(f'#actions [data-action="{frame["action"]}"]')
        if not tried and page.locator("#actions [data-action]").count() > 1:
            another_move(page, frame["action"])
            tried = True
            assert page.evaluate(SMALLEST) >= 11, "text under 11 px in the coach"
            if shots:
                shot(page, shots)
        page.click(f'#actions [data-action="{frame["action"]}"]')
    assert tried, "no step offered another move to try"


def test_every_lesson_is_played_to_its_end_then_a_real_game(browser: Any, live: str) -> None:  # noqa: F811
    for entry in lessons(live):
        lesson = lesson_of(live, entry)
        page = opened(browser, live, entry, LAPTOP)
        play_through(page, lesson, shots=f"{entry['game']}-{entry['name']}-laptop")
        page.wait_for_selector("#learn-end")
        if entry == lessons(live)[0]:  # the lesson again, from its first step
            page.click("#learn-again")
            page.wait_for_selector("#learn-end", state="detached")
            play_through(page, lesson)
            page.wait_for_selector("#learn-end")
        assert page.inner_text("#learn-done").strip()
        assert page.evaluate(SMALLEST) >= 11, "text under 11 px in the closing panel"
        bots = lesson["then"]["config"].get("players", 1) - 1
        if bots:
            assert page.inner_text("#learn-play") == "Play a real game against Easy"
        shot(page, f"{entry['game']}-{entry['name']}-end")
        page.click("#learn-play")
        page.wait_for_function("() => location.hash.startsWith('#/game/')")
        page.wait_for_selector(".game[data-seat='0'][data-version]")
        table = httpx.get(f"{live}/api/games/{page.url.rsplit('/', 1)[1]}").json()
        assert table["game"] == entry["game"] and table["seats"][0]["kind"] == "human"
        assert [s["bot"] for s in table["seats"] if s["kind"] == "bot"] == [lesson["then"]["bot"]] * bots
        assert page.errors == []
        page.close()


def test_a_lesson_on_a_phone(browser: Any, live: str) -> None:  # noqa: F811
    """The coach is a bar at the foot of the screen: the taught move's button, brought into
    view, is above it; nothing scrolls sideways; no text under 11 px."""
    entry = lessons(live)[0]
    lesson = lesson_of(live, entry)
    page = opened(browser, live, entry, PHONE)
    shot(page, f"{entry['game']}-{entry['name']}-phone-start")
    first = next(at for at, frame in enumerate(lesson["frames"]) if frame["action"])
    for _ in range(first):
        page.click("#coach-next")
    page.wait_for_selector(f"#coach[data-step='{first}']")
    taught = lesson["frames"][first]["action"]
    another_move(page, taught)
    page.wait_for_function(
        """(taught) => {
          const coach = document.querySelector('#coach').getBoundingClientRect();
          const button = document.querySelector(`#actions [data-action="${taught}"]`).getBoundingClientRect();
          return Math.abs(coach.bottom - innerHeight) < 2 && button.top >= 0 && button.bottom <= coach.top;
        }""", arg=taught)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page.evaluate(SMALLEST) >= 11
    shot(page, f"{entry['game']}-{entry['name']}-phone")
    assert page.errors == []
    page.close()


ZOOMED_ON = """(name) => {
  const board = document.querySelector('#board');
  const drawing = board.firstElementChild.getBoundingClientRect();
  const area = board.getBoundingClientRect();
  const part = [...document.querySelectorAll('.learn-point')].find((el) => board.contains(el));
  if (!part) return false;
  const box = part.getBoundingClientRect();
  const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
  return drawing.width > area.width * 1.2 && x > area.left && x < area.right && y > area.top && y < area.bottom;
}"""


def test_on_a_phone_a_step_zooms_in_on_the_part_of_the_board_it_points_at(browser: Any, live: str) -> None:  # noqa: F811
    """The phone shows the whole board small; a step about the drawers shows them legible."""
    entry = next(e for e in lessons(live) if (e["game"], e["name"]) == ("rococo", "basics"))
    lesson = lesson_of(live, entry)
    page = opened(browser, live, entry, PHONE)
    at = next(i for i, frame in enumerate(lesson["frames"]) if frame["point"] == "drawers")
    for i, frame in enumerate(lesson["frames"][:at]):
        page.wait_for_selector(f"#coach[data-step='{i}']")
        page.click("#coach-next" if not frame["action"] else f'#actions [data-action="{frame["action"]}"]')
    page.wait_for_selector(f"#coach[data-step='{at}']")
    page.wait_for_function(ZOOMED_ON)
    shot(page, "rococo-basics-phone-zoomed")
    assert page.errors == []
    page.close()


def test_the_lobby_leads_to_every_lesson_and_a_step_to_its_rules(browser: Any, live: str) -> None:  # noqa: F811
    """"Learn to play" in the lobby lists every lesson; the coach follows the page's language; a
    step's "Why?" links to the rules page; an unknown lesson says so."""
    page = browser.new_page(viewport=LAPTOP)
    page.goto(live)
    page.click("#learn-to-play")
    page.wait_for_selector("#learn-list")
    listed = page.eval_on_selector_all("[data-lesson]", "els => els.map((e) => e.dataset.lesson)")
    assert listed == [f"{x['game']}/{x['name']}" for x in lessons(live)]
    page.click(f"[data-lesson='{listed[0]}'] a")
    page.wait_for_selector("#coach[data-step='0']")
    page.select_option("#lang", "fr")  # the coach speaks the page's language, at the same step
    page.wait_for_selector("#coach[data-step='0'] #coach-step:has-text('Étape 1 sur')")
    page.click("#coach-why summary")
    rule = page.get_attribute("#coach-why a", "data-rule")
    assert page.get_attribute("#coach-why a", "href") == f"#/rules/{listed[0].split('/')[0]}/{rule}"
    page.goto(f"{live}/#/learn/{listed[0].split('/')[0]}/no-such-lesson")
    page.wait_for_selector("#learn-missing")
    page.close()


@pytest.mark.parametrize("game", ["rococo", "necklace"])
def test_how_to_play_marks_its_rule_ids_and_draws_the_first_lesson(browser: Any, live: str, game: str) -> None:  # noqa: F811
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live}/#/rules/{game}")
    page.wait_for_selector("#rules-figure-1")
    assert "[" not in page.inner_text("#rules"), "rule ids are marks, not text in the sentences"
    assert page.locator(".rule-ref").count() >= page.locator(".rules-part").count()
    first = next(x for x in lessons(live) if x["game"] == game)
    assert page.get_attribute("#learn-by-playing", "href") == f"#/learn/{game}/{first['name']}"
    rule = page.get_attribute(".rules-part[data-part='2'] .rule-ref", "data-rules").split()[0]
    page.goto(f"{live}/#/rules/{game}/{rule}")
    page.wait_for_selector(".rules-part[data-part='2'].rules-focus #rules-focus")
    shot(page, f"rules-{game}")
    page.close()
