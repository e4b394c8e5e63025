"""The Queen's Necklace at the terminal: the session passes for a human who has nothing to
decide, and says so in one line (the polls that hide who holds a Cardinal, a Queen or the
Alchemist ask every seat alike, QN-INFO-1)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from salon.bots.base import RandomBot
from salon.cli.play import Seat, Session, Stop
from salon.cli.support import support
from salon.necklace.game import Necklace
from tests.necklace.positions import begin_sale, find, set_hand

MADE_FOR_YOU = "(the only choice, made for you)"


class Scripted(Session):
    """A session that answers every question with the first option and keeps what it offered."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.offered: list[tuple[int, list[str]]] = []

    def show_options(self, seat: int, legal: list[str]) -> None:
        self.offered.append((seat, list(legal)))

    def show_board(self, seat: int | None, part: str = "") -> None:
        pass

    def read(self, prompt: str) -> str:
        """The first option offered, by its text: a number stays with its action within a decision
        of several picks, so "1" may be one picked already (a hand-over takes any answer)."""
        return self.offered[-1][1][0] if self.offered else ""


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


@pytest.mark.heavy
def test_a_lone_pass_or_done_is_made_for_the_human_and_told_in_one_line() -> None:
    session, out = _session({0})
    assert session.run() == 0 and session.game.is_over()
    lone = [legal for _, legal in session.offered if len(legal) == 1 and legal[0] in ("pass", "done")]
    assert not lone, "a human was asked to type a lone pass or done"
    told = [line for line in session.seats[0].history if MADE_FOR_YOU in line]
    assert told and all(line.startswith("P1: ") for line in told)
    assert " ".join(out.getvalue().split()).count(MADE_FOR_YOU) == len(told)  # shown as it happens
    assert session.offered, "the human still decides where there is a choice"


@pytest.mark.slow
def test_at_a_shared_keyboard_the_lone_pass_of_another_seat_is_still_asked() -> None:
    """Handing the keyboard only to the seats that can react would show who they are."""
    session, _ = _session({0, 1}, players=2, seed=3)
    session.run()
    offered = session.offered
    lone = [i for i, (_, legal) in enumerate(offered) if legal in (["pass"], ["done"])]
    assert lone, "this game polls the seats"
    assert all(i == 0 or offered[i - 1][0] != offered[i][0] for i in lone), "asked without a handover"


class Typed(Scripted):
    """A session that reads its answers from a list (then the first option each time)."""

    def __init__(self, answers: list[str], *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.answers = answers
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.answers:
            return self.answers.pop(0)
        raise Stop("ui.eof")


def test_a_presentation_on_one_line_is_confirmed_and_can_be_taken_back_first_QN_SALE_7() -> None:
    game = Necklace.new({"players": 2, "start_player": 0}, 8)
    rubies, amber = find(game, "gem", "ruby")[:2], find(game, "gem", "amber")[:1]
    set_hand(game, 0, [*rubies, *amber])
    set_hand(game, 1, find(game, "gem", "emerald")[:1])
    begin_sale(game, 0)
    sup = support("necklace")
    assert sup.view is not None
    seats = [Seat("P1", None, "human"), Seat("P2", RandomBot(1), "random")]
    view = sup.view(game, "en", ["P1", "P2"])
    out = io.StringIO()
    ids = [game.data.cards[c].id for c in (*rubies, *amber)]
    legal = game.legal_actions()
    first, second = legal.index(f"present:{ids[0]}") + 1, legal.index(f"present:{ids[2]}") + 1
    line = f"{first} {second} done"
    session = Typed([line, "no", line, "yes"], game, seats, view, Console(file=out, width=200), "en", None, 0.0,
                    sup)
    session.run()
    assert "Nothing was played: choose again." in out.getvalue()  # the first line taken back
    assert game.history[:3] == [f"present:{ids[0]}", f"present:{ids[2]}", "done"]
    asked = ["Play these 3 choices" in p for p in session.prompts[:4]]
    assert asked == [False, True, False, True]  # the line, its confirmation; again after taking it back


def test_a_line_of_choices_that_cannot_all_be_played_is_refused_whole() -> None:
    game = Necklace.new({"players": 2, "start_player": 0}, 8)
    set_hand(game, 0, find(game, "gem", "ruby")[:1])
    begin_sale(game, 0)
    sup = support("necklace")
    assert sup.view is not None
    session = Scripted(game, [Seat("P1", None, "human"), Seat("P2", RandomBot(1), "random")],
                       sup.view(game, "en", ["P1", "P2"]), Console(file=io.StringIO()), "en", None, 0.0, sup)
    legal = game.legal_actions()
    assert session.several("1 1", legal, 0) is None  # the same card twice
    assert session.several("done done", legal, 0) is None  # the second is the other seat's
    assert session.several(f"{legal[0]} DONE", legal, 0) == [legal[0], "done"]


@pytest.mark.heavy
def test_the_question_shows_its_colours_not_their_markup() -> None:
    """Prompts name gems in colour (rich markup): the options panel renders it, never prints it."""
    session, _ = _session({0, 1, 2}, seed=6)
    game = session.game
    shown: list[str] = []
    while not game.is_over() and len(shown) < 200:
        out = io.StringIO()
        Console(file=out, width=200, force_terminal=False).print(session.options(game.legal_actions()))
        shown.append(out.getvalue())
        game.apply(game.legal_actions()[0])
    assert len(shown) > 20
    assert not [text for text in shown if "[/" in text]
