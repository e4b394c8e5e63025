"""The Queen's Necklace at the terminal: the session passes for a human who has nothing to
decide, and says so in one line (the polls that hide who holds a Cardinal, a Queen or the
Alchemist ask every seat alike, QN-INFO-1)."""

from __future__ import annotations

import io

from rich.console import Console

from salon.bots.base import RandomBot
from salon.cli.play import Seat, Session
from salon.cli.support import support
from salon.necklace.game import Necklace

MADE_FOR_YOU = "(the only choice, made for you)"


class Scripted(Session):
    """A session that answers every question with the first option and keeps what it offered."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.offered: list[tuple[int, list[str]]] = []

    def show_options(self, seat: int, legal: list[str]) -> None:
        self.offered.append((seat, list(legal)))

    def show_board(self, seat: int) -> None:
        pass

    def read(self, prompt: str) -> str:
        return "1"


def _session(humans: set[int], players: int = 3, seed: int = 4) -> tuple[Scripted, io.StringIO]:
    game = Necklace.new({"players": players, "conceal_holders": True}, seed)
    sup = support("necklace")
    labels = [f"P{i + 1}" for i in range(players)]
    seats = [Seat(labels[i], None if i in humans else RandomBot(seed + i), "human" if i in humans else "random")
             for i in range(players)]
    out = io.StringIO()
    console = Console(file=out, width=200, force_terminal=False)
    assert sup.view is not None
    return Scripted(game, seats, sup.view(game, "en", labels), console, "en", None, 0.0, sup), out


def test_a_lone_pass_or_done_is_made_for_the_human_and_told_in_one_line() -> None:
    session, out = _session({0})
    assert session.run() == 0 and session.game.is_over()
    lone = [legal for _, legal in session.offered if len(legal) == 1 and legal[0] in ("pass", "done")]
    assert not lone, "a human was asked to type a lone pass or done"
    told = [line for line in session.seats[0].history if MADE_FOR_YOU in line]
    assert told and all(line.startswith("P1: ") for line in told)
    assert " ".join(out.getvalue().split()).count(MADE_FOR_YOU) == len(told)  # shown as it happens
    assert session.offered, "the human still decides where there is a choice"


def test_at_a_shared_keyboard_the_lone_pass_of_another_seat_is_still_asked() -> None:
    """Handing the keyboard only to the seats that can react would show who they are."""
    session, _ = _session({0, 1}, players=2, seed=3)
    session.run()
    offered = session.offered
    lone = [i for i, (_, legal) in enumerate(offered) if legal in (["pass"], ["done"])]
    assert lone, "this game polls the seats"
    assert all(i == 0 or offered[i - 1][0] != offered[i][0] for i in lone), "asked without a handover"
