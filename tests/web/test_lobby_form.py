"""The lobby's form in Debian's Chromium: the table being set up is kept through "How to play"
and back (by the page's link, by the browser's back button, and through a reload), and the game
selector shows each game's whole name on a laptop's and on a phone's screen, in the four
languages.  Screenshots go to /tmp/lobby-*.png."""

from __future__ import annotations

from typing import Any

from tests.web.test_browser import live  # noqa: F401  (fixture)

SEATS = {"#seat-1": "bot:easy", "#seat-2": "bot:hard", "#seat-3": "bot:expert"}
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
LANGUAGES = ("en", "fr", "de", "uk")


def set_up(page: Any) -> None:
    """Rococo, 4 players, three bots of chosen levels, an expansion, a timer, hints, a title."""
    page.select_option("#game", "rococo")
    page.wait_for_selector('#how-to-play[href="#/rules/rococo"]')
    page.select_option("#players", "4")
    page.wait_for_selector("#seat-3")
    for seat, bot in SEATS.items():
        page.select_option(seat, bot)
    page.check('[data-option="expansions:noble"]')
    page.wait_for_selector('[data-option="expansions:noble"]:checked')
    page.select_option("#turn-timer", "180")
    page.check("#hints")
    page.fill("#title", "Versailles")


def assert_set_up(page: Any) -> None:
    page.wait_for_selector("#create")
    assert page.input_value("#game") == "rococo"
    assert page.input_value("#players") == "4"
    assert {seat: page.input_value(seat) for seat in SEATS} == SEATS
    assert page.is_checked('[data-option="expansions:noble"]')
    assert not page.is_checked('[data-option="expansions:festive"]')
    assert page.input_value("#turn-timer") == "180"
    assert page.is_checked("#hints") and not page.is_checked("#listed")
    assert page.input_value("#title") == "Versailles"


def to_rules(page: Any) -> None:
    page.click("#how-to-play")
    page.wait_for_selector('#rules[data-game="rococo"]')


def test_the_form_is_kept_through_how_to_play_and_back(browser: Any, live: str) -> None:  # noqa: F811
    page = browser.new_page(viewport=SIZES["laptop"])
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live)
    page.wait_for_selector("#game")
    set_up(page)
    assert_set_up(page)
    to_rules(page)  # back by the page's own link
    page.click('#rules a[href="#/"]')
    assert_set_up(page)
    to_rules(page)  # back by the browser's back button
    page.go_back()
    assert_set_up(page)
    page.reload()  # and through a reload of the lobby
    assert_set_up(page)
    page.select_option("#seat-2", "open")  # a choice made after coming back is kept too
    to_rules(page)
    page.go_back()
    page.wait_for_selector("#create")
    assert page.input_value("#seat-2") == "open" and page.input_value("#seat-3") == "bot:expert"
    assert errors == []
    page.close()


SELECTOR = """() => {
  // the selector as the form lays it out, and as wide as it is of itself (its widest option's
  // whole name and its arrow): every name is shown whole if the first is at least the second
  const select = document.querySelector("#game");
  const alone = select.cloneNode(true);
  alone.removeAttribute("id");
  alone.style.cssText = "position: absolute; left: 0; top: 0; width: auto; max-width: none; min-width: 0; "
    + "flex: none; visibility: hidden";
  select.parentElement.append(alone);
  const needed = alone.getBoundingClientRect().width;
  alone.remove();
  const box = select.getBoundingClientRect();
  const how = document.querySelector("#how-to-play").getBoundingClientRect();
  return {width: box.width, needed, left: box.left, right: box.right, howRight: how.right,
          viewport: document.documentElement.clientWidth,
          names: [...select.options].map((o) => o.textContent)};
}"""


def test_the_game_selector_shows_whole_names(browser: Any, live: str) -> None:  # noqa: F811
    for size, viewport in SIZES.items():
        page = browser.new_page(viewport=viewport, is_mobile=size == "phone", has_touch=size == "phone")
        page.goto(live)
        page.wait_for_selector("#game")
        for lang in LANGUAGES:
            page.select_option("#lang", lang)
            page.wait_for_function(
                "(lang) => document.documentElement.lang === lang && !!document.querySelector('#game')", arg=lang)
            for game in ("necklace", "rococo"):
                page.select_option("#game", game)
                page.wait_for_selector(f'#how-to-play[href="#/rules/{game}"]')
                got = page.evaluate(SELECTOR)
                where = f"{size} {lang} {game}: {got}"
                assert len(got["names"]) == 2 and all(got["names"]), where
                assert got["width"] + 0.5 >= got["needed"], where
                assert got["left"] >= 0 and got["right"] <= got["viewport"], where
                assert got["howRight"] <= got["viewport"], where
        page.select_option("#lang", "en")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        page.select_option("#game", "necklace")
        page.wait_for_selector('#how-to-play[href="#/rules/necklace"]')
        page.screenshot(path=f"/tmp/lobby-{size}.png", full_page=False)
        print(f"screenshot: /tmp/lobby-{size}.png")
        page.close()
