"""A game at the terminal for any mix of human seats and bots.

Humans see only their own observation.  With several human seats (hot seat) the terminal
is handed over between them: before a human's private information appears, the client
asks the next player to take the keyboard and clears the screen.  The log is rendered
from each event as the watching seat may see it, so secret draws stay secret.

A seat the game plays by itself (Madame du Barry in Rococo's solo mode) never decides: its
turns happen inside the human's ``apply``.  Their log lines are held back and shown under
the board, right above the human's next decision, so nobody has to press a key to follow
them and they do not scroll away behind the board.

The record written after every action keeps who sat where ("human" or the bot's name), so
a saved game continues with the same seats: a human's private view stays that human's.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

from salon.bots.base import Bot, bot_names, check_bot
from salon.bots.search import hint, hint_seed
from salon.cli.common import HUMAN, breakdown_table, winners_line
from salon.cli.support import GameSupport, GameView
from salon.core import record
from salon.core.errors import ConfigError, PositionError, RecordError
from salon.core.events import Event
from salon.core.game import Game
from salon.core.position import dumps
from salon.i18n import count, text

LOG_LINES = 60
"""How many lines of the log the ``log`` command shows."""


class Stop(Exception):
    """The human ended the session (``quit`` or end of input)."""

    def __init__(self, message_key: str) -> None:
        super().__init__(message_key)
        self.message_key = message_key


def save_problem(path: Path) -> str | None:
    """Why a game cannot be saved to ``path`` (None when it can), asked before the game
    starts so that a mistyped path does not end the game at its first action.  The record
    is written through a temporary file beside ``path``, so its folder must be writable.  An
    existing file is overwritten only when it is empty or a salon record: a path typed by
    mistake must not destroy another file."""
    if path.is_dir():
        return f"{path} is a folder; give the path of a file"
    folder = path.parent
    if not folder.is_dir():
        return f"there is no folder {folder}"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} is not writable"
    if path.exists() and path.stat().st_size and not record.is_record(path):
        return f"{path} exists and is not a salon game record; it is left as it is (choose another file)"
    return None


def saved_players(path: Path, seats: Sequence[str], automatic: dict[int, str]) -> list[str]:
    """The names of the seats a person or a bot plays, from a record's seat list (the
    automatic seats are the game's own).  A list this salon cannot seat (an unknown bot, an
    automatic seat under another name) is refused as the record's fault, not the user's."""
    players = []
    for s, name in enumerate(seats):
        if s in automatic:
            if name != automatic[s]:
                raise RecordError(f"{path}: its seat list puts {name!r} in seat {s + 1}, which the game plays itself")
            continue
        if name != HUMAN:
            try:
                check_bot(name)
            except ConfigError:
                raise RecordError(f"{path}: its seat list names {name!r} for seat {s + 1}, which is neither "
                                  f"{HUMAN!r} nor a bot (available: {', '.join(bot_names())})") from None
        players.append(name)
    return players


def read_position(cls: type[Game], path: Path) -> Game:
    """The game of the position file ``path`` (docs/positions.md); a PositionError of one line
    saying what is wrong with the file: missing, unreadable, not JSON, or a refused position."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PositionError(f"there is no file {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise PositionError(f"{path} cannot be read: {e}") from None
    except json.JSONDecodeError as e:
        raise PositionError(f"{path} is not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    try:
        return cls.from_position(data)
    except PositionError as e:
        raise PositionError(f"{path}: {e}") from None


def position_problem(path: Path) -> str | None:
    """Why the position cannot be written to ``path`` (None when it can), asked before the game
    starts, as :func:`save_problem` asks for a record: an existing file is overwritten only
    when it is empty or a position."""
    if path.is_dir():
        return f"{path} is a folder; give the path of a file"
    if not path.parent.is_dir():
        return f"there is no folder {path.parent}"
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return f"the folder {path.parent} is not writable"
    if path.exists() and path.stat().st_size:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            data = None
        if not (isinstance(data, dict) and "game" in data and "format" in data):
            return f"{path} exists and is not a salon position; it is left as it is (choose another file)"
    return None


def write_position(game: Game, path: Path) -> None:
    """Write the game's position to ``path`` through a temporary file beside it, so that an
    interrupted write never leaves half a position."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(dumps(game.to_position()), encoding="utf-8")
    os.replace(temporary, path)


@dataclass
class Seat:
    label: str
    bot: Bot | None
    """None for a human (and for an automatic seat)."""
    name: str
    """What the record keeps of the seat: "human", the bot's name, the automatic seat's name."""
    automatic: bool = False
    """The game plays this seat by itself; it never decides."""
    pending: list[str] = field(default_factory=list)
    """Log lines this seat has not seen yet (hot seat)."""
    history: list[str] = field(default_factory=list)
    hints: int = 0
    """How many hints this seat asked for."""


class Session:
    """One game at the terminal.  ``delay`` pauses after each bot action while a human plays."""

    def __init__(self, game: Game, seats: list[Seat], view: GameView, console: Console, lang: str,
                 save: Path | None, delay: float, support: GameSupport, position: Path | None = None) -> None:
        self.game = game
        self.seats = seats
        self.view = view
        self.console = console
        self.lang = lang
        self.save_path = save
        self.position_path = position
        """Where the position is written after every action (``--save-position``)."""
        self.delay = delay
        self.support = support
        self.humans = [i for i, s in enumerate(seats) if s.bot is None and not s.automatic]
        self.automatic = {i for i, s in enumerate(seats) if s.automatic}
        self.last_seat: int | None = None
        self.last_human: int | None = None
        self.held: list[str] = []
        """The live viewer's log lines of automatic turns, shown under the board at the next decision."""

    def _(self, key: str, **fields: object) -> str:
        return text(key, self.lang, **fields)

    def run(self) -> int:
        try:
            while not self.game.is_over():
                seat = self.game.current_player()
                assert seat is not None
                bot = self.seats[seat].bot
                if bot is None:
                    action = self.ask(seat)
                else:
                    action = bot.choose(self.game)
                events = self.game.apply(action)
                self.record(seat, events)
                if bot is not None and self.humans and self.delay:
                    time.sleep(self.delay)
                # after an automatic seat's turn the board has changed: show it again
                self.last_seat = next((e.seat for e in reversed(events) if e.seat in self.automatic), seat)
                self.save()
        except Stop as stop:
            return self.stop(stop.message_key, 0)
        except KeyboardInterrupt:
            return self.stop("ui.interrupted", 130)
        self.finish()
        return 0

    def stop(self, message_key: str, code: int) -> int:
        """End before the game is over; the record keeps every action applied so far."""
        self.save()
        self.console.print()
        self.console.print(self._(message_key))
        for path in (self.save_path, self.position_path):
            if path is not None:
                self.console.print(self._("ui.saved", path=path))
        return code

    def save(self) -> None:
        if self.save_path is not None:
            record.save(self.game, self.save_path, [s.name for s in self.seats])
        if self.position_path is not None:
            write_position(self.game, self.position_path)

    # --- the log

    def live_viewer(self, actor: int) -> int | None:
        """Whose view the log shows as it happens: the only human's; in a hot seat game the
        acting human's, and a spectator's for the bots' actions; a spectator's when only bots
        play."""
        if len(self.humans) == 1:
            return self.humans[0]
        return actor if actor in self.humans else None

    def lines(self, events: list[Event], seat: int | None) -> list[str]:
        return self.view.log([e.view(seat) for e in events])

    def record(self, actor: int, events: list[Event]) -> None:
        viewer = self.live_viewer(actor)
        hold = viewer is not None and any(e.seat in self.automatic for e in events)
        for h in self.humans:
            lines = self.lines(events, h)
            self.seats[h].history.extend(lines)
            if h != viewer:
                self.seats[h].pending.extend(lines)
            elif hold:
                self.held.extend(lines)
        if not hold:
            self.print_lines(self.lines(events, viewer))

    def print_lines(self, lines: list[str]) -> None:
        for line in lines:
            self.console.print(f"  {line}", highlight=False)

    # --- a human's decision

    def ask(self, seat: int) -> str:
        me = self.seats[seat]
        handoff = len(self.humans) > 1 and self.last_human is not None and self.last_human != seat
        if handoff:
            # clear before and after: the previous human's hand stays hidden from the next one
            self.clear()
            if self.read(self._("ui.handoff", player=me.label)).strip().lower() == "quit":
                raise Stop("ui.quit")
            self.clear()
        if handoff or self.last_seat != seat:
            self.console.print()
            self.console.print(self.view.board(seat))
        if handoff and me.pending:
            self.console.rule(self._("ui.since_last"))
            self.print_lines(me.pending)
        me.pending.clear()
        self.show_held()
        self.last_human = seat
        legal = self.game.legal_actions()
        self.show_options(seat, legal)
        while True:
            raw = self.read(self._("ui.prompt")).strip()
            if not raw:
                continue
            choice = self.parse(raw, legal)
            if choice is not None:
                return choice
            command = raw.lower()
            if command == "help":
                self.console.print(self._("ui.help", example=next((a for a in legal if ":" in a), legal[0]),
                                          lines=LOG_LINES), markup=False)
            elif command == "board":
                self.console.print(self.view.board(seat))
                self.show_options(seat, legal)
            elif command == "log":
                self.console.rule(self._("ui.log_title"))
                self.print_lines(me.history[-LOG_LINES:] or [self._("ui.log_empty")])
            elif command in ("hint", "h"):
                self.hint(seat)
            elif command == "quit":
                raise Stop("ui.quit")
            else:
                # the options listed are every legal action, so the engine's reason (worded for
                # programs, with its decision names and rule ids) would tell the player no more
                key = "ui.bad_choice" if len(legal) > 1 else "ui.bad_choice_one"
                self.console.print(self._(key, text=raw, n=len(legal)), markup=False)

    def hint(self, seat: int) -> None:
        """The search's best choices for ``seat``, from what it can see; every other player is
        told that it asked (in a hot-seat game, among the lines it has not seen yet)."""
        me = self.seats[seat]
        with self.console.status(self._("hint.asking", player=me.label)):
            estimates = hint(self.game, hint_seed(self.game.seed, seat, me.hints))
        me.hints += 1
        if len(estimates) == 1 and not estimates[0].worlds:
            self.console.print(self._("hint.only", action=estimates[0].action), markup=False)
        else:
            self.console.rule(self._("hint.title", player=me.label))
            for e in estimates:
                self.console.print("  " + self._("hint.line", action=e.action, explain=self.view.explain(e.action),
                                                 value=self.worth(e.value)), markup=False)
        used = self._("hint.used", player=me.label)
        for s, other in enumerate(self.seats):
            if s != seat and other.bot is None and not other.automatic:
                other.pending.append(used)
                other.history.append(used)

    def worth(self, value: float) -> str:
        """An estimate in words: so many points (the game's unit) ahead of or behind the best
        opponent."""
        rounded = round(value) if abs(value) >= 10 else round(value, 1)
        if rounded == 0:
            return self._("hint.level")
        points = count(self.support.score_unit, abs(rounded), self.lang)
        return self._("hint.ahead" if rounded > 0 else "hint.behind", points=points)

    def show_held(self) -> None:
        """The held-back lines of the automatic turns, oldest first."""
        if self.held:
            self.console.rule(self._("ui.since_last"))
            self.print_lines(self.held)
            self.held.clear()

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()

    def read(self, prompt: str) -> str:
        try:
            return self.console.input(f"[bold]{prompt}[/] > ")
        except EOFError:
            raise Stop("ui.eof") from None

    @staticmethod
    def parse(raw: str, legal: list[str]) -> str | None:
        """An option number (1-based) or an action text (case does not matter)."""
        if raw.isdigit():
            i = int(raw)
            return legal[i - 1] if 1 <= i <= len(legal) else None
        by_text = {a.lower(): a for a in legal}
        return by_text.get(raw.lower())

    def show_options(self, seat: int, legal: list[str]) -> None:
        decision = self.game.decision()
        self.console.rule(self._("ui.your_turn", player=self.seats[seat].label))
        self.console.print(f"[bold]{self.view.prompt(decision)}[/]")
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", style="bold")
        grid.add_column(style="cyan", no_wrap=True)
        grid.add_column()
        for i, action in enumerate(legal, 1):
            grid.add_row(f"{i}.", action, self.view.explain(action))
        self.console.print(grid)
        self.console.print(f"[dim]{self._('ui.prompt_hint')}[/]")

    # --- the end

    def finish(self) -> None:
        self.save()
        viewer = self.humans[0] if len(self.humans) == 1 else None
        result = self.game.result()
        labels = [s.label for s in self.seats]
        self.show_held()
        self.console.print()
        self.console.print(self.view.board(viewer))
        self.console.rule(self._("ui.game_over"))
        self.console.print(breakdown_table(self.game, self.support, labels, self.lang))
        self.console.print(f"[bold]{winners_line(result, labels, self.lang)}[/]")
        for path in (self.save_path, self.position_path):
            if path is not None:
                self.console.print(self._("ui.saved", path=path))
