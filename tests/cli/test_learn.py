"""``salon learn``: every tutorial played to its end at the terminal, a wrong move answered with
the step's explanation and changing nothing, the rules of a step on request, the list of
tutorials, and the real game offered at the end."""

from __future__ import annotations

import pytest

from salon.core.game import game_names
from salon.core.tutorial import NEXT, Lesson, Tutorial, tutorial, tutorials
from salon.i18n import EVENTS, surface
from tests.cli.conftest import Run

EVERY = [(game, name) for game in game_names() for name in tutorials(game)]


def answers(found: Tutorial) -> list[str]:
    """What a learner types to take every step: the taught move's number, Enter on a word."""
    lesson = Lesson(found)
    typed = []
    while (step := lesson.step) is not None:
        typed.append("" if step.action == NEXT else str(lesson.game.legal_actions().index(step.action) + 1))
        lesson.attempt(step.action)
    return typed


def wrong(found: Tutorial) -> tuple[int, str]:
    """The first move step and the number of another choice than the taught one."""
    lesson = Lesson(found)
    while (step := lesson.step) is not None and step.action == NEXT:
        lesson.attempt(NEXT)
    assert step is not None
    legal = lesson.game.legal_actions()
    return lesson.at, str(next(n for n, a in enumerate(legal, 1) if a != step.action))


@pytest.mark.parametrize(("game", "name"), EVERY)
def test_a_tutorial_is_played_to_its_end_at_the_terminal(run: Run, game: str, name: str) -> None:
    found = tutorial(game, name)
    typed = answers(found)
    at, other = wrong(found)
    typed = [*typed[:at], other, "rules", *typed[at:]]
    result = run("learn", game, name, "--lang", "en", "--no-then", input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    english = surface("en", EVENTS).plain
    out = " ".join(result.output.split())
    assert " ".join(english[found.key("title")].split()) in out
    assert "this step teaches another one" in out
    assert "Rules of this step: " + ", ".join(found.steps[at].rules) in out
    assert out.count("▶ Look at") >= sum(1 for s in found.steps if s.say and s.point)
    assert " ".join(english[found.key("done")].split())[:40] in out


def test_the_lesson_speaks_the_learner_s_language(run: Run) -> None:
    found = tutorial("rococo", "basics")
    result = run("learn", "rococo", "--lang", "de", "--no-then", input="\n".join(answers(found)) + "\n")
    assert result.exit_code == 0, result.output
    assert "Schau auf" in result.output and "Dein Zug" in result.output


def test_the_automatic_opponent_is_named_as_in_a_game(run: Run) -> None:
    found = tutorial("rococo", "solo")
    result = run("learn", "rococo", "solo", "--lang", "en", "--no-then", input="\n".join(answers(found)) + "\n")
    assert "Madame du Barry, the automatic opponent" in result.output
    assert "(easy)" not in result.output


def test_quitting_stops_the_lesson(run: Run) -> None:
    result = run("learn", "rococo", "basics", "--lang", "en", input="quit\n")
    assert result.exit_code == 0
    assert "Play a real game" not in result.output


def test_the_end_offers_a_real_game_against_the_tutorial_s_bot(run: Run) -> None:
    found = tutorial("necklace", "first-sale")
    result = run("learn", "necklace", "--lang", "en", input="\n".join([*answers(found), "n"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Play a real game against the easy bot now?" in result.output


def test_without_a_game_it_lists_the_tutorials(run: Run) -> None:
    result = run("learn", "--lang", "en")
    assert result.exit_code == 0
    for game, name in EVERY:
        assert f"salon learn {game} {name}:" in result.output


def test_an_unknown_tutorial_or_game_is_one_error_line(run: Run) -> None:
    result = run("learn", "rococo", "nope")
    assert result.exit_code != 0 and "has no tutorial 'nope'" in result.output
    assert run("learn", "chess").exit_code != 0
