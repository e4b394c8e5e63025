"""A tutorial at the terminal, line by line: each step says what to do and why, points at the
part of the board it is about, and takes only the taught move (salon.core.tutorial).

The choices are numbered as in a game (salon.cli.play), so what the lesson teaches is what a
game asks; a wrong choice changes nothing and gets the step's explanation again, with the
rules it applies one word away (``rules``).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from salon.cli.support import GameView
from salon.core.tutorial import NEXT, Lesson, Step, Tutorial
from salon.i18n import DEFAULT, EVENTS, surface, text

Reader = Callable[[str], str]
"""Reads one line after a prompt; EOFError when the input ends."""


def lesson_text(key: str, lang: str) -> str:
    """A tutorial's text: the game's ``events`` catalog, which the browser reads too."""
    for code in (lang, DEFAULT):
        found = surface(code, EVENTS).plain.get(key)
        if found:
            return found
    return key


class LessonSession:
    """One tutorial played at the terminal."""

    def __init__(self, tutorial: Tutorial, view: Callable[[Lesson], GameView], lang: str, console: Console,
                 read: Reader) -> None:
        self.tutorial = tutorial
        self.lesson = Lesson(tutorial)
        self.view = view(self.lesson)
        self.lang = lang
        self.console = console
        self.read = read

    def _(self, key: str, **fields: object) -> str:
        return text(key, self.lang, **fields)

    def run(self) -> bool:
        """Play the tutorial to its end (True) or until the learner quits or the input ends (False)."""
        t = self.tutorial
        self.console.print(f"[bold]{escape(lesson_text(t.key('title'), self.lang))}[/]")
        self.console.print(self._("learn.keys"))
        self.console.print(self.view.board(t.seat))
        try:
            while (step := self.lesson.step) is not None:
                self._tell_played()
                if not self._take(step):
                    return False
        except EOFError:
            return False
        self._tell_played()
        return True

    def _tell_played(self) -> None:
        """The moves made since the learner's last step, as the journal words them."""
        others = False
        for seat, events in self.lesson.played:
            others = others or seat != self.tutorial.seat
            for line in self.view.log([e.view(self.tutorial.seat) for e in events]):
                self.console.print(f"  {line}")
        if others:
            self.console.print(self.view.board(self.tutorial.seat))
        self.lesson.played = []

    def _take(self, step: Step) -> bool:
        """One step, asked until the learner makes the taught move; False when they quit."""
        if step.point:
            self.console.print(self._("learn.look", part=self._(f"learn_point.{step.point}")))
            if (part := self.view.region(self.tutorial.seat, step.point)) is not None:
                self.console.print(part)
        self.console.print(f"[bold cyan]{escape(lesson_text(self.tutorial.key(step.say), self.lang))}[/]")
        choices = [] if step.action == NEXT else self.lesson.game.legal_actions()
        if choices:
            self.console.print(self.view.prompt(dict(self.lesson.game.decision())))
            for n, action in enumerate(choices, 1):
                self.console.print(f"  [bold]{n}[/]. {self.view.explain(action)}")
        while True:
            answer = self.read(self._("learn.next") if not choices else self._("learn.choose")).strip()
            if answer.lower() == "quit":
                return False
            if answer.lower() == "rules":
                self.console.print(self._("learn.rules", rules=", ".join(step.rules) or "—"))
                continue
            if answer.lower() == "board":
                self.console.print(self.view.board(self.tutorial.seat))
                continue
            if self.lesson.attempt(_chosen(answer, choices)):
                return True
            self.console.print(self._("learn.not_this"))
            self.console.print(f"[bold cyan]{escape(lesson_text(self.tutorial.key(step.say), self.lang))}[/]")


def _chosen(answer: str, choices: list[str]) -> str:
    """The action an answer names: an option's number, an action text, or "Next" (empty)."""
    if not choices:
        return NEXT
    if answer.isdigit() and 1 <= int(answer) <= len(choices):
        return choices[int(answer) - 1]
    return answer
