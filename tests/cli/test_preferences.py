"""What the terminal answers for a person (salon.cli.preferences): a bonus that only gains is
taken and told in one line unless ``--auto`` leaves it out, ``--confirm`` asks before a move that
cannot be taken back, and ``settings`` shows and changes the preferences in the middle of a game.
The position: seat 0 has just played a card whose bonus takes 1 livre (R-BON-l1_gain_1), and
decides its main action.  And over whole games of both games with the default preferences, no
question whose every answer leads to the same position is put to the person."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from salon.bots.base import RandomBot
from salon.cli.play import Seat, Session
from salon.cli.preferences import from_options
from salon.cli.support import support
from salon.core.choices import Preferences
from salon.core.game import Game, game_class
from salon.core.position import dumps
from tests.cli.conftest import Run
from tests.rococo.test_bonuses import card_of, turn

TAKEN = "(taken for you: it only gains; settings free off to be asked)"
ASKED = "bonus:use"
CONFIRM = "cannot be taken back. Play it? (yes / no)"


def _flat(out: str) -> str:
    return " ".join(out.split())


@pytest.fixture
def bonus(tmp_path: Path) -> Path:
    """The position of a turn whose card's bonus only gains (R-PH3-4: main action, then bonus)."""
    path = tmp_path / "bonus.json"
    path.write_text(dumps(turn(card_of("l1_gain_1"), livres=0).to_position()), encoding="utf-8")
    return path


def _play(run: Run, position: Path, answers: list[str], *options: str) -> str:
    result = run("play", "rococo", "--position", str(position), "--bots", "human,random", "--plain", "--delay", "0",
                 *options, input="\n".join([*answers, "quit", "yes", ""]))
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return _flat(result.stdout)


def test_auto_names_what_the_game_answers() -> None:
    assert from_options(None, False) == Preferences()
    assert from_options("free", True) == Preferences(auto_free=True, auto_pass=False, confirm_irrevocable=True)
    assert from_options(" Pass ", False) == Preferences(auto_free=False, auto_pass=True)
    assert from_options("none", False) == Preferences(auto_free=False, auto_pass=False)
    assert from_options("free,pass", False) == Preferences()
    for wrong in ("free,nonsense", "none,pass"):
        with pytest.raises(ValueError):
            from_options(wrong, False)


def test_a_word_auto_does_not_know_is_refused_before_the_game(run: Run, bonus: Path) -> None:
    result = run("play", "rococo", "--position", str(bonus), "--auto", "everything", input="")
    assert result.exit_code != 0
    assert "--auto" in result.output and "'everything' is not one of free, pass or none" in _flat(result.output)


def test_a_bonus_that_only_gains_is_taken_and_told_R_BON_l1_gain_1(run: Run, bonus: Path) -> None:
    out = _play(run, bonus, ["main:skip"])
    assert f"Player 1: Use the bonus: take 1 livre {TAKEN} Player 1 uses the bonus" in out
    assert ASKED not in out.split(TAKEN)[0].split("main:skip")[-1]  # never listed as a choice


def test_auto_none_asks_for_the_bonus(run: Run, bonus: Path) -> None:
    out = _play(run, bonus, ["main:skip", "bonus:use"], "--auto", "none")
    assert TAKEN not in out
    assert ASKED in out.split("main:skip", 1)[1]


def test_confirm_asks_before_a_move_that_cannot_be_taken_back_R_PH3_4(run: Run, bonus: Path) -> None:
    """The main action leaves the seat deciding its bonus (it may be undone): not asked; declining
    the bonus ends the turn (R-PH3-4 (d)): asked, and a no plays nothing."""
    out = _play(run, bonus, ["main:skip", "bonus:skip", "no", "bonus:skip", "yes"], "--auto", "pass", "--confirm")
    asked = f"bonus:skip (Do not use the bonus) {CONFIRM}"
    assert out.count(CONFIRM) == 2 and out.count(asked) == 2
    assert f"{asked} > Not played: choose again." in out
    assert f"{asked} > Player 1 does not use the bonus" in out
    assert "main:skip (" not in out


def test_settings_shows_and_changes_the_preferences_in_play(run: Run, bonus: Path) -> None:
    out = _play(run, bonus, ["settings", "settings free off", "settings free maybe", "main:skip", "bonus:use"])
    assert "free: on (take a bonus that only gains without asking)" in out
    assert "free: off (take a bonus that only gains without asking)" in out
    assert "pass: on" in out and "confirm: off" in out
    assert "free maybe: type settings free, pass or confirm, then on or off" in out
    assert TAKEN not in out and ASKED in out.split("main:skip", 1)[1]


def test_settings_in_another_language(run: Run, bonus: Path) -> None:
    out = _play(run, bonus, ["settings confirm an", "quit", "ja"], "--lang", "de")
    assert "confirm: an (vor einem Zug nachfragen, der sich nicht zurücknehmen lässt)" in out


class Random(Session):
    """A session whose person answers every question at random, counting the questions and those
    whose every answer leads to the same position."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rng = random.Random(self.game.seed)
        self.asked = 0
        self.alike = 0

    def show_options(self, seat: int, legal: list[str]) -> None:
        self.asked += 1
        self.alike += _every_answer_alike(self.game)

    def show_brief(self, seat: int | None) -> None:
        pass

    def read(self, prompt: str) -> str:
        return self.rng.choice(self.game.legal_actions())


def _every_answer_alike(game: Game) -> bool:
    """Whether every legal action leads to the same state and the same next decision (tried
    however many they are)."""
    outcomes = []
    for action in game.legal_actions():
        after = game.clone()
        after.apply(action)
        outcomes.append((after.to_snapshot()["state"], after.current_player(), dict(after.decision())))
    return len(outcomes) > 1 and all(o == outcomes[0] for o in outcomes)


@pytest.mark.parametrize(("name", "config", "seed"), [
    ("rococo", {"players": 2}, 11),
    ("rococo", {"players": 1, "solo": True}, 12),
    ("rococo", {"players": 3, "expansions": ["jewelry_box", "noble", "festive", "exquisite"]}, 13),
    ("necklace", {"players": 3, "conceal_holders": True}, 14),
])
def test_with_the_defaults_no_question_decides_nothing(name: str, config: dict[str, Any], seed: int) -> None:
    """A whole game of a person (seat 0) against random bots with the default preferences: every
    question put to the person has answers that lead to different positions."""
    game = game_class(name).new(config, seed)
    sup = support(name)
    assert sup.view is not None
    automatic = game.description.automated_seats
    labels = [f"P{s + 1}" for s in range(game.num_players)]
    seats = [Seat(labels[s], None if s == 0 or s in automatic else RandomBot(seed + s),
                  "human" if s == 0 else "random", automatic=s in automatic) for s in range(game.num_players)]
    session = Random(game, seats, sup.view(game, "en", labels), Console(file=io.StringIO(), width=120), "en", None,
                     0.0, sup)
    assert session.run() == 0 and session.game.is_over()
    assert session.asked > 20 and session.alike == 0
