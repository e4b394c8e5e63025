"""Rococo in the terminal: the board, the decisions and the log, in one language.

The view puts together what each part of it words: the components' names and the terminal's
templates (:mod:`salon.cli.rococo.text`), the board (:mod:`salon.cli.rococo.board`), the
decisions (:mod:`salon.cli.rococo.decisions`) and the log, whose lines
:mod:`salon.wording.rococo` chooses for the browser too.  In the solo mode the log tells each
of Madame du Barry's automatic turns as one sentence: the card she reveals, what it makes her
do, and why she picks the target she picks.
"""

from __future__ import annotations

from salon.cli.rococo.board import RococoBoard
from salon.cli.rococo.decisions import RococoDecisions
from salon.cli.rococo.text import term_fields
from salon.cli.support import GameSupport, WordedLog
from salon.core.game import Game
from salon.rococo.rules.scoring import STEPS
from salon.wording.rococo.events import RococoEvents
from salon.wording.rococo.words import rococo


class RococoView(RococoBoard, RococoDecisions, WordedLog):
    """Renders one Rococo game; ``labels`` names the seats (e.g. "Player 2 (random)").  A turn
    of Madame du Barry reads as one line for her card and what it made her do (the card, the
    target and why), one for the placement of a garment she tailored, and one per further
    consequence (a jewel, a task, an exam)."""

    def __init__(self, game: Game, lang: str, labels: list[str]) -> None:
        super().__init__(game, lang, labels)
        self.events = RococoEvents(game)


def _steps(game: Game) -> tuple[str, ...]:
    """The scoring steps in rulebook order; the jewels step only with the Jewelry Box, the
    step of Madame du Barry's resource tiles only in the solo mode."""
    found = rococo(game)
    left_out = set()
    if found.tables.ds.jewelry_box is None:
        left_out.add("jewels")
    if not found.config.solo:
        left_out.add("solo_tiles")
    return tuple(step for step in STEPS if step not in left_out)


def _tie_rule(game: Game) -> str | None:
    """R-SOLO-END-4: in the solo mode Madame du Barry wins every tie."""
    return "solo.tie_rule" if rococo(game).config.solo else None


SUPPORT = GameSupport(view=RococoView, score_steps=_steps, tie_rule=_tie_rule, text_fields=term_fields)
