"""A game at the terminal for any mix of human seats and bots.

Humans see only their own observation.  With several human seats (hot seat) the terminal
is handed over between them: before a human's private information appears, the client
asks the next player to take the keyboard and clears the screen.  The log is rendered
from each event as the watching seat may see it, so secret draws stay secret.

Every human's decision starts with what happened since their last one, under the board and
right above the choices, so that the other seats' moves never scroll away behind the board.
A seat the game plays by itself (Madame du Barry in Rococo's solo mode) never decides: its
turns happen inside the human's ``apply``, so their log lines are shown only there.

Within their own turn a human may take actions back (``undo``): the game is rebuilt from
where the session started by replaying the history without them, as far as the engine's
``undoable`` allows (no draw or reveal since).  ``quit`` asks first when nothing keeps the game.

The session's input and output go through a few methods (:meth:`Session.read`,
:meth:`Session.show`, :meth:`Session.print_lines`...), so that the full-screen client
(salon.cli.tui) runs the very same loop with panes in place of the scrolling terminal.

A game's view words its texts in Rich console markup: it colours silk, gems and seats
(salon.cli.support.GameView).  What the session tells is therefore of two kinds, and each
output method says which it takes: the log's lines (:meth:`Session.print_lines`, a seat's
``history`` and ``pending``) and a text shown with ``markup=True`` are markup, every plain part
of them (a seat's label, an action text, what the player typed) escaped where it is put in;
a question (:meth:`Session.read`), a heading and a text shown without ``markup`` are plain
and printed as they are.  A view's text never goes where plain text is expected, so no tag
is ever printed as text.

The record written after every action keeps who sat where ("human" or the bot's name), so
a saved game continues with the same seats: a human's private view stays that human's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.text import Text

from salon.bots.base import Bot
from salon.bots.search import hint, hint_seed
from salon.cli import preferences
from salon.cli.answers import ranked, why
from salon.cli.common import breakdown_table, winners_line
from salon.cli.files import write_position
from salon.cli.listing import Listing
from salon.cli.support import GameSupport, GameView
from salon.core import record
from salon.core.choices import Preferences
from salon.core.events import Event
from salon.core.game import Game
from salon.i18n import game_key, has, text

LOG_LINES = 60
"""How many lines of the log the ``log`` command shows."""


class Stop(Exception):
    """The human ended the session (``quit`` or end of input)."""

    def __init__(self, message_key: str) -> None:
        super().__init__(message_key)
        self.message_key = message_key


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
    """Log lines since this seat's last decision, shown under the board at its next one."""
    history: list[str] = field(default_factory=list)
    hints: int = 0
    """How many hints this seat asked for."""
    prefs: Preferences = field(default_factory=Preferences)
    """What the session answers for this seat's person, and asks them twice (salon.cli.preferences)."""


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
        self.start = game.clone()
        self.start_length = len(game.history)
        """Where an undo replays from: the game as the session got it (a new game, a loaded
        record or a position, which has no history to replay)."""
        self.queue: list[str] = []
        """The rest of several choices a human confirmed on one line, played in turn."""
        self.marks: list[dict[int, tuple[int, int]]] = []
        """Per action applied in this session: every human's (history, pending) lengths before
        it, so that an undo also takes its log lines back."""
        self.made: list[bool] = []
        """Per action applied in this session: whether the session made it for a human (its
        only choice), which an undo takes back with the choice before it."""
        self.listing: Listing | None = None
        """The numbered choices of the decision being taken (:class:`Listing`)."""

    def _(self, key: str, **fields: object) -> str:
        return text(key, self.lang, **fields)

    def run(self) -> int:
        try:
            while not self.game.is_over():
                seat = self.game.current_player()
                assert seat is not None
                bot = self.seats[seat].bot
                forced = self.forced(seat) if bot is None else None
                if forced is not None:
                    action = forced
                elif bot is None:
                    chosen = self.ask(seat)
                    if chosen is None:
                        continue
                    action = chosen
                else:
                    action = bot.choose(self.game)
                self.marks.append({h: (len(self.seats[h].history), len(self.seats[h].pending)) for h in self.humans})
                self.made.append(forced is not None)
                events = self.game.apply(action)
                self.picked(seat, action)
                told = self.record(seat, events)
                # a pass made for a human waits as long as a bot's move: the pause tells nothing;
                # a move shown nowhere yet (it waits for the recap) is not waited for
                if (bot is not None or forced is not None) and self.humans and self.delay and told:
                    time.sleep(self.delay)
                # after an automatic seat's turn the board has changed: show it again; a move
                # made for a human is no decision of theirs, so the board they have not seen
                # yet is still shown at their next one
                moved = seat if forced is None else self.last_seat
                self.last_seat = next((e.seat for e in reversed(events) if e.seat in self.automatic), moved)
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
        self.show("")
        self.show(self._(message_key))
        for path in (self.save_path, self.position_path):
            if path is not None:
                self.show(self._("ui.saved", path=path))
        return code

    def saved(self) -> bool:
        return self.save_path is not None or self.position_path is not None

    def quit(self) -> None:
        """Stop, after asking when nothing keeps the game (no --save, --load or --save-position)."""
        if not self.saved():
            answer = self.read(self._("ui.quit_confirm")).strip().lower()
            if answer not in {w.strip() for w in self._("ui.yes_words").lower().split(",")}:
                self.show(self._("ui.quit_cancelled"))
                return
        raise Stop("ui.quit")

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

    def record(self, actor: int, events: list[Event]) -> bool:
        """Log an action's events for every human among the lines since their last decision,
        unless the action was their own; and live, once: the watching seat's own action, or
        what a spectator sees (only bots play, or a bot in a hot-seat game).  Another seat's
        move that the watching human will find in the recap of their next decision, right
        above the choices, is not told live as well (an automatic seat's turn neither: it is
        shown under the board at the next decision).  Whether anything was shown now."""
        viewer = self.live_viewer(actor)
        hold = viewer is not None and any(e.seat in self.automatic for e in events)
        for h in self.humans:
            lines = self.lines(events, h)
            self.seats[h].history.extend(lines)
            if h != actor or hold:
                self.seats[h].pending.extend(lines)
        if not hold and (viewer is None or viewer == actor):
            self.print_lines(self.lines(events, viewer))
            return True
        return False

    # --- input and output (the full-screen client replaces these)

    def print_lines(self, lines: list[str]) -> None:
        """Log lines, in markup (the view's words)."""
        for line in lines:
            self.console.print(f"  {line}", highlight=False)

    def show(self, renderable: RenderableType, markup: bool = False) -> None:
        """Print a text as it is (a typed text may hold brackets) unless ``markup`` says it is
        styled; a renderable keeps the styles of its parts."""
        self.console.print(renderable, markup=markup or not isinstance(renderable, str))

    def heading(self, title: str) -> None:
        """A plain title (it names seats by their labels) as a rule across the terminal."""
        self.console.rule(Text(title))

    def show_board(self, seat: int | None, part: str = "") -> None:
        """The whole board, or only its ``part`` (``board drawers``: one the board has now)."""
        self.console.print()
        shown = self.view.region(seat, part) if part else None
        self.console.print(self.view.board(seat) if shown is None else shown)

    def show_brief(self, seat: int | None) -> None:
        """What the line mode shows at each decision: the game's brief board (the whole one
        is a command away), so that the decision is not pages below its board."""
        self.console.print()
        self.console.print(self.view.brief(seat))

    def show_page(self, title: str, body: RenderableType) -> None:
        """A text to read whole (help, the rules, a hint's choices) under its title."""
        self.heading(title)
        self.console.print(body)

    def show_recap(self, lines: list[str]) -> None:
        self.heading(self._("ui.since_last"))
        self.print_lines(lines)

    # --- a human's decision

    def picked(self, seat: int, action: str) -> None:
        """Mark an action played by ``seat`` in the listing of its decision; any other action
        ends the listing."""
        if self.listing is None or not self.listing.pick(seat, action):
            self.listing = None

    def numbered(self, legal: list[str]) -> Listing:
        """The listing of the decision being taken: the one shown so far while the seat keeps
        picking from it (the legal actions not listed yet added at the end), else a new one."""
        if self.listing is None or not self.listing.follows(self.game):
            self.listing = Listing.of(self.game)
        return self.listing.update(legal, self.view)

    def forced(self, seat: int) -> str | None:
        """The move made for the human at ``seat``, told in one line, or None to ask them: a
        decision whose answers are all alike, and as their preferences say a lone ``pass`` or
        ``done`` and a free gain (salon.cli.preferences)."""
        return preferences.made_for(self, seat)

    def ask(self, seat: int) -> str | None:
        """The action a human chooses, or None when they took actions back (the loop then asks
        whoever decides after the undo); the next of several confirmed on one line first."""
        if self.queue:
            action = self.queue.pop(0)
            if action in self.game.legal_actions():
                return action
            self.queue.clear()
        me = self.seats[seat]
        handoff = len(self.humans) > 1 and self.last_human is not None and self.last_human != seat
        if handoff:
            # clear before and after: the previous human's hand stays hidden from the next one
            self.clear()
            if self.read(self._("ui.handoff", player=me.label)).strip().lower() == "quit":
                self.quit()
            self.clear()
        if handoff or self.last_seat != seat:
            self.show_brief(seat)
            if me.pending:
                self.show_recap(me.pending)
        me.pending.clear()
        self.last_human = seat
        legal = self.game.legal_actions()
        self.show_options(seat, legal)
        while True:
            raw = self.read(self._("ui.prompt")).strip()
            if not raw:
                continue
            choice = self.parse(raw, legal)
            if choice is not None:
                if preferences.confirmed(self, seat, choice):
                    return choice
                continue
            several = self.several(raw, legal, seat)
            if several is not None:
                if self.confirm(several):
                    self.queue = several[1:]
                    return several[0]
                continue
            command, _, rest = raw.partition(" ")
            command = command.lower()
            if command == "help":
                example = next((a for a in legal if ":" in a), legal[0])
                self.show_page(self._("ui.help_title"), Text(self._("ui.help", example=example, lines=LOG_LINES,
                                                                     parts=", ".join(self.view.parts))))
            elif command == "board":
                self.show_board(seat, self.board_part(seat, rest.strip().lower()))
                self.show_options(seat, legal)
            elif command == "log":
                self.heading(self._("ui.log_title"))
                self.print_lines(me.history[-LOG_LINES:] or [self._("ui.log_empty")])
            elif command in ("hint", "h"):
                self.hint(seat)
            elif command == "rules":
                self.show_page(self._("ui.rules_title"), Text(self.rules()))
            elif command == "why" and rest.strip():
                self.show(why(rest.strip(), legal, self.numbered(legal).actions, self.game, self.view, self.lang),
                          markup=True)
            elif command == "undo":
                if self.undo():
                    self.last_seat = None
                    return None
            elif command == "quit":
                self.quit()
            elif command == "settings":
                preferences.settings(self, seat, rest)
            else:
                # the options listed are every legal action; ``why`` tells why another is not
                key = "ui.bad_choice" if len(legal) > 1 else "ui.bad_choice_one"
                self.show(self._(key, text=raw, n=len(self.numbered(legal).actions)))

    def several(self, raw: str, legal: list[str], seat: int) -> list[str] | None:
        """Several choices on one line ("2 5 7 done": a presentation at once), by the numbers
        of the options shown or by action texts, in order; None unless each is legal in its
        turn and all of them are this seat's (tried on a copy of the game)."""
        words = raw.replace(",", " ").split()
        if len(words) < 2:
            return None
        game = self.game.clone()
        actions: list[str] = []
        for word in words:
            now = game.legal_actions()
            action = self.parse(word, legal) if word.isdigit() else self.parse(word, now)
            if game.current_player() != seat or action is None or action not in now:
                return None
            game.apply(action)
            actions.append(action)
        return actions

    def confirm(self, actions: list[str]) -> bool:
        """Show what a line of several choices plays and ask before playing any of it: until
        then the whole line can be taken back."""
        for i, action in enumerate(actions, 1):
            self.show(f"  {i}. {action}")
        answer = self.read(self._("ui.several_confirm", n=len(actions))).strip().lower()
        if answer in {w.strip() for w in self._("ui.yes_words").lower().split(",")}:
            return True
        self.show(self._("ui.several_cancelled"))
        return False

    def rules(self) -> str:
        """A short summary of the game's rules with their rule ids, from the game's own texts."""
        key = game_key(self.game.name, "rules.summary", self.lang)
        return self._(key if has(key, self.lang) else "rules.none", **self.support.text_fields(self.game, self.lang))

    def undo(self) -> bool:
        """Take back the deciding seat's latest choice, as the browser does (again for the one
        before, as far as the engine's ``undoable`` allows): rebuild the game from the session's
        start without it, and take its log lines back.  The moves the session made for the
        seat after it (a lone ``done``) go with it: taken back alone, such a move would be made
        again at once, and nothing would change.  What was taken back is told in words.  False
        (and why) when nothing can be taken back."""
        made = next((i for i, m in enumerate(reversed(self.made)) if not m), len(self.made))
        n = made + 1
        if self.game.undoable() < n or len(self.game.history) - self.start_length < n or len(self.marks) < n:
            self.show(self._("ui.undo_none"))
            return False
        taken = self.game.history[-n]
        game = self.start.clone()
        for action in self.game.history[self.start_length:-n]:
            game.apply(action)
        self.game = game
        self.view = self.support_view()
        for _ in range(n):  # the earliest mark last: the lengths before the choice
            for h, (history, pending) in self.marks.pop().items():
                del self.seats[h].history[history:]
                del self.seats[h].pending[pending:]
        del self.made[-n:]
        if self.listing is not None and self.listing.picked[-1:] == [taken]:  # the decision goes on without it
            self.listing.picked.pop()
        self.save()
        self.show(self._("ui.undone", action=escape(taken), explain=self.view.explain(taken)), markup=True)
        return True

    def support_view(self) -> GameView:
        """The view of the rebuilt game (a view reads the game it was made for)."""
        assert self.support.view is not None
        return self.support.view(self.game, self.lang, [s.label for s in self.seats])

    def hint(self, seat: int) -> None:
        """The search's best choices for ``seat``, from what it can see; every other player is
        told that it asked (in a hot-seat game, among the lines it has not seen yet)."""
        me = self.seats[seat]
        self.show(self._("hint.asking", player=me.label))
        estimates = hint(self.game, hint_seed(self.game.seed, seat, me.hints))
        me.hints += 1
        if len(estimates) == 1 and not estimates[0].worlds:
            self.show(self._("hint.only", action=estimates[0].action))
        else:
            listed = self.numbered(self.game.legal_actions()).actions
            answer = ranked(estimates, listed, self.view, self.support.score_unit, self.lang)
            self.show_page(self._("hint.title", player=me.label), answer)
        used = self._("hint.used", player=escape(me.label))  # a log line: markup
        for s, other in enumerate(self.seats):
            if s != seat and other.bot is None and not other.automatic:
                other.pending.append(used)
                other.history.append(used)

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()

    def read(self, prompt: str) -> str:
        """The player's answer to a plain question."""
        try:
            return self.console.input(Text.assemble((prompt, "bold"), " > "))
        except EOFError:
            raise Stop("ui.eof") from None

    def parse(self, raw: str, legal: list[str]) -> str | None:
        """An option number (1-based, as the decision's listing numbers it) or an action text
        (case does not matter); None for anything else."""
        if raw.isdigit():
            action = self.numbered_action(int(raw), legal)
            return action if action in legal else None
        by_text = {a.lower(): a for a in legal}
        return by_text.get(raw.lower())

    def numbered_action(self, n: int, legal: list[str]) -> str | None:
        """The action numbered ``n`` now, None for no such number."""
        actions = self.numbered(legal).actions
        return actions[n - 1] if 1 <= n <= len(actions) else None

    def board_part(self, seat: int, name: str) -> str:
        """The part of the board ``board NAME`` asks for; "" for the whole board (no name),
        and, with a line saying which parts there are, for a name the board has no part of now."""
        if name and self.view.region(seat, name) is None:
            self.print_lines([self._("ui.no_part", name=escape(name), parts=", ".join(self.view.parts))])
            return ""
        return name

    def show_options(self, seat: int, legal: list[str]) -> None:
        self.heading(self._("ui.your_turn", player=self.seats[seat].label))
        self.console.print(self.options(legal))
        self.console.print(Text(self._("ui.prompt_hint"), style="dim"))

    def options(self, legal: list[str]) -> RenderableType:
        """The decision's question and every legal action, numbered, with its explanation
        (:meth:`Listing.table`)."""
        grid = self.numbered(legal).table(self._("ui.choice_picked"))
        question = Text.from_markup(self.view.prompt(dict(self.game.decision())), style="bold")  # it names colours
        return Group(question, grid)

    # --- the end

    def finish(self) -> None:
        self.save()
        viewer = self.humans[0] if len(self.humans) == 1 else None
        result = self.game.result()
        labels = [s.label for s in self.seats]
        if viewer is not None and self.seats[viewer].pending:
            self.show_recap(self.seats[viewer].pending)
        self.show_board(viewer)
        self.heading(self._("ui.game_over"))
        self.show(breakdown_table(self.game, self.support, labels, self.lang))
        self.show(Text(winners_line(result, labels, self.lang), style="bold"))
        for path in (self.save_path, self.position_path):
            if path is not None:
                self.show(self._("ui.saved", path=path))
