"""Tutorials: the lessons of every installed game, and one lesson as the frames its page plays
(salon.web.learn).  A lesson is the same for everyone and reveals nothing of any real game, so
it is served to anyone, worked out once per process."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path

from salon.web.api.models import ApiModel
from salon.web.api.routing import router
from salon.web.learn import catalogue, lesson_frames

learn = router("learn")

Name = Annotated[str, Path(max_length=60, description="A game's or a tutorial's name.")]


class TutorialEntry(ApiModel):
    """A tutorial as the list of lessons shows it."""

    game: str
    name: str
    title: str
    """The catalog key of its title (the game's catalog)."""
    steps: int
    """How many steps the learner takes."""


class Frame(ApiModel):
    """One learner's step: what the table shows, and what the step teaches."""

    action: str
    """The taught move; empty for a word between moves, answered with "Next"."""
    say: str
    """The catalog key of the step's text (the game's catalog)."""
    point: str
    """The part of the board the step is about (a region the game's renderer names)."""
    rules: list[str]
    """The rule ids the step applies."""
    state: dict[str, Any]
    """The table's ``state`` message at this step, from the learner's seat."""


class Handover(ApiModel):
    """The real game the lesson hands over to."""

    config: dict[str, Any]
    bot: str


class LessonFrames(ApiModel):
    """A tutorial, played: its frames in order."""

    game: str
    name: str
    title: str
    seat: int
    """The learner's seat."""
    frames: list[Frame]
    then: Handover
    components: dict[str, Any]
    """The game's component descriptions its browser renderer draws from (as
    ``GET /api/games/{id}/components`` gives them for a table)."""


@learn.get("/api/learn", response_model=list[TutorialEntry])
async def lessons() -> list[dict[str, Any]]:
    """Every installed game's tutorials."""
    return catalogue()


@learn.get("/api/learn/{game}/{name}", response_model=LessonFrames)
async def lesson(game: Name, name: Name) -> dict[str, Any]:
    """A tutorial's frames; 404 ``no_such_tutorial`` for an unknown game or tutorial."""
    return lesson_frames(game, name)
