"""Tutorials as data (salon.core.tutorial): every tutorial of every game plays to its end, is
worded in every language, cites rules that exist and points at parts of the board the front ends
know; a wrong move changes nothing; a broken script is refused with its file and step."""

from __future__ import annotations

import re
from importlib.resources.abc import Traversable
from pathlib import Path

import pytest

from salon.core.errors import DataError
from salon.core.game import game_names
from salon.core.tutorial import NEXT, Lesson, Tutorial, read, tutorial, tutorials
from salon.i18n import EVENTS, languages, surface, text

SPEC = Path(__file__).parent.parent / "docs" / "spec"
EVERY = [(game, name) for game in game_names() for name in tutorials(game)]


def test_every_game_has_a_tutorial_and_rococo_has_its_solo_one() -> None:
    assert {game for game, _ in EVERY} == set(game_names())
    assert {"basics", "solo"} <= set(tutorials("rococo"))


def played(found: Tutorial) -> Lesson:
    lesson = Lesson(found)
    while (step := lesson.step) is not None:
        assert lesson.game.current_player() == found.seat or step.action == NEXT
        assert lesson.attempt(step.action), f"{found.name}: step {lesson.at} refused"
    return lesson


@pytest.mark.parametrize(("game", "name"), EVERY)
def test_a_tutorial_plays_to_its_end_waiting_only_on_the_learner(game: str, name: str) -> None:
    found = tutorial(game, name)
    lesson = played(found)
    assert lesson.over and lesson.step is None
    assert not lesson.game.is_over(), "a tutorial hands over before the game ends"
    learner = [s for s in found.steps if s.say]
    assert len(learner) >= 10, "a lesson of a handful of steps teaches nothing"
    assert sum(1 for s in learner if s.action != NEXT) >= 8


@pytest.mark.parametrize(("game", "name"), EVERY)
@pytest.mark.parametrize("lang", languages())
def test_every_text_of_a_tutorial_is_in_every_language(game: str, name: str, lang: str) -> None:
    found = tutorial(game, name)
    texts = surface(lang, EVENTS).plain
    keys = [found.key(s.say) for s in found.steps if s.say] + [found.key("title"), found.key("done")]
    missing = [k for k in keys if not texts.get(k)]
    assert missing == [], f"{lang}: {missing}"
    points = {s.point for s in found.steps if s.point}
    assert all(text(f"learn_point.{p}", lang) != f"learn_point.{p}" for p in points)


@pytest.mark.parametrize(("game", "name"), EVERY)
def test_a_step_cites_rules_of_its_game_s_reference(game: str, name: str) -> None:
    spec = (SPEC / ("rococo" if game == "rococo" else "queens-necklace") / "RULES.md").read_text(encoding="utf-8")
    cited = {r for s in tutorial(game, name).steps for r in s.rules}
    assert cited
    assert [r for r in cited if not re.search(re.escape(r) + r"\b", spec)] == []


def test_a_wrong_move_changes_nothing_and_the_taught_one_plays() -> None:
    lesson = Lesson(tutorial("rococo", "basics"))
    while (step := lesson.step) is not None and step.action == NEXT:
        lesson.attempt(NEXT)
    assert step is not None
    before = lesson.game.state_hash()
    other = next(a for a in lesson.game.legal_actions() if a != step.action)
    assert not lesson.attempt(other)
    assert not lesson.attempt(NEXT)
    assert lesson.game.state_hash() == before
    assert lesson.attempt(step.action) and lesson.game.state_hash() != before


def test_the_other_seats_moves_are_told_with_their_events() -> None:
    lesson = Lesson(tutorial("rococo", "basics"))
    while lesson.step is not None and not any(seat != 0 for seat, _ in lesson.played):
        lesson.attempt(lesson.step.action)
    assert any(seat == 1 and events for seat, events in lesson.played)


def test_a_tutorial_may_start_from_a_position_file() -> None:
    found = tutorial("necklace", "first-sale")
    assert "position" in found.start
    assert found.new_game().to_position()["fashion"] == found.start["position"]["fashion"]


class Script:
    """A tutorial file written by a test, with its folder (a position file may lie beside it)."""

    def __init__(self, folder: Path, body: str) -> None:
        self.folder = folder
        start = 'seat = 0\n[start]\nconfig = { players = 2, start_player = 0 }\nseed = 3\n'
        (folder / "lesson.toml").write_text(start + body)

    def read(self) -> Tutorial:
        place: Traversable = self.folder
        return read("rococo", place, "lesson.toml")


def test_a_script_with_an_illegal_move_is_refused_with_its_step(tmp_path: Path) -> None:
    script = Script(tmp_path, '[[step]]\ndo = "pick:S14"\nsay = "a"\n[[step]]\ndo = "pick:S14"\nsay = "b"\n')
    with pytest.raises(DataError, match=r"lesson.toml, step 2 \(pick:S14\): not a legal move"):
        script.read()


def test_a_learner_s_step_without_a_text_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="step 1 .*has no text"):
        Script(tmp_path, '[[step]]\ndo = "pick:S14"\n').read()


@pytest.mark.parametrize("body", ['[[step]]\ndo = "pick:S14"\nsay = "a"\nwhy = "typo"\n', 'nothing = 1\n',
                                  '[[step]]\ndo = 3\nsay = "a"\n'])
def test_a_malformed_script_is_refused_with_its_file(tmp_path: Path, body: str) -> None:
    with pytest.raises(DataError, match="lesson.toml"):
        Script(tmp_path, body).read()


def test_an_unknown_tutorial_names_the_ones_there_are() -> None:
    with pytest.raises(DataError, match="rococo has no tutorial 'nope' .*basics"):
        tutorial("rococo", "nope")
