"""The replay page in Debian's Chromium, on a record file written as ``salon play --save``
writes it: the seats keep their bots' names, 30 quick presses of → step 30 moves (none lost
while the steps are fetched), and the keys and buttons jump to the next turn and round and
back.  The screenshot goes to /tmp/replay-browser.png."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from salon.core import record
from salon.core.game import game_class
from salon.landmarks import following, landmarks, preceding
from tests.web.test_browser import live  # noqa: F401  (fixture)


def recorded(path: Path) -> list[int]:
    """A finished two-player game of random moves saved with its seats' bots; its turns'
    and rounds' landmarks."""
    start = game_class("rococo").new({"players": 2}, 11)
    game = start.clone()
    rng = random.Random(11)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    record.save(game, path, ["random", "heuristic"])
    marks = landmarks(start, game.history)
    return [*marks.turns, -1, *marks.rounds]


def at(page: Any, step: int) -> None:
    page.wait_for_selector(f".replay[data-step='{step}']")


def test_a_record_file_is_stepped_by_move_turn_and_round(browser: Any, live: str, tmp_path: Path) -> None:  # noqa: F811
    file = tmp_path / "game.json"
    found = recorded(file)
    turns, rounds = found[:found.index(-1)], found[found.index(-1) + 1:]
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live)
    page.set_input_files("#record-file", str(file))
    at(page, 0)
    names = [page.inner_text(f".replay-seat[data-seat='{s}'] h2") for s in (0, 1)]
    assert "Random" in names[0] and "Normal (heuristic)" in names[1], names
    headings = page.locator(".replay-seat[data-seat='1'] h3").all_inner_texts()
    assert "Hand" in headings and not [x for x in headings if "Your" in x], "a bot's cards are its own, not yours"
    for _ in range(30):
        page.keyboard.press("ArrowRight")
    at(page, 30)
    assert "Move 30 of" in page.inner_text("#replay-where")
    step = following(turns, 30)
    assert step is not None
    page.keyboard.press("ArrowDown")
    at(page, step)
    round_start = following(rounds, step)
    assert round_start is not None
    page.click("#replay-next-round")
    at(page, round_start)
    assert f"round {rounds.index(round_start) + 1}" in page.inner_text("#replay-where")
    page.screenshot(path="/tmp/replay-browser.png")
    page.keyboard.press("ArrowUp")
    back = preceding(turns, round_start)
    assert back is not None
    at(page, back)
    page.keyboard.press("PageUp")
    at(page, preceding(rounds, back) or 0)
    assert errors == []
    page.close()
