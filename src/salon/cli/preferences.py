"""What the terminal answers for the people playing, and what it asks them twice.

The engine asks every decision (docs/architecture.md principle 3); the session spares a person
the questions that decide nothing (salon.core.choices): a decision whose every answer comes to
the same is always taken for them, and each person's preferences say whether a bonus that only
gains (``auto_free``) and a lone pass or done (``auto_pass``) are taken too, and whether a move
that cannot be taken back is confirmed first (``confirm_irrevocable``).  ``salon play`` sets
them for every person at the table (``--auto free,pass``, ``--confirm``); the ``settings``
command changes the deciding person's during the game.  Every move made for a person is told
in one line of their log, so that nothing happens unseen.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.markup import escape
from rich.text import Text

from salon.core import choices
from salon.core.choices import Preferences

if TYPE_CHECKING:
    from salon.cli.play import Session

AUTO = ("free", "pass")
"""What ``--auto`` names, comma-separated (``none``: neither)."""
LINES = {choices.ALIKE: "ui.taken_alike", choices.LONE_MOVE: "ui.auto_pass", choices.FREE: "ui.taken_free"}
"""The log's line of a move made for a person, by why it was made (salon.core.choices.taken)."""
SETTINGS = {"free": "auto_free", "pass": "auto_pass", "confirm": "confirm_irrevocable"}
"""The ``settings`` command's words, and the preference each one switches."""


def from_options(auto: str | None, confirm: bool) -> Preferences:
    """The preferences of ``--auto`` (None: the defaults) and ``--confirm``; ValueError naming
    a word that is neither ``free``, ``pass`` nor ``none``."""
    if auto is None:
        return Preferences(confirm_irrevocable=confirm)
    words = {w.strip().lower() for w in auto.split(",") if w.strip()}
    unknown = sorted(words - {*AUTO, "none"})
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not one of free, pass or none")
    if "none" in words and len(words) > 1:
        raise ValueError("none stands alone")
    return Preferences("free" in words, "pass" in words, confirm)


def made_for(session: Session, seat: int) -> str | None:
    """The move the session makes for the person at ``seat`` (None: they are asked), with the
    line of their log that says so.  A queued choice comes first; and at a shared keyboard the
    seat is asked all the same when the keyboard would change hands: handing it only to the
    seats with something to decide would show the table who they are (the Queen's Necklace's
    ``conceal_holders`` polls every seat alike, QN-INFO-1)."""
    if session.queue:
        return None
    prefs = session.seats[seat].prefs
    found = choices.taken(session.game, prefs)
    if found is None or (len(session.humans) > 1 and session.last_human != seat):
        return None
    action, why = found
    line = session._(LINES[why], player=escape(session.seats[seat].label), action=session.view.explain(action))
    session.print_lines([line])
    session.seats[seat].history.append(line)
    return action


def confirmed(session: Session, seat: int, action: str) -> bool:
    """Whether ``action`` may be played: at once, unless the person asked to confirm the moves
    that cannot be taken back and this is one."""
    if not session.seats[seat].prefs.confirm_irrevocable or not choices.irrevocable(session.game, action):
        return True
    explained = Text.from_markup(session.view.explain(action)).plain
    answer = session.read(session._("ui.confirm_irrevocable", action=action, explain=explained)).strip().lower()
    if answer in {w.strip() for w in session._("ui.yes_words").lower().split(",")}:
        return True
    session.show(session._("ui.confirm_cancelled"))
    return False


def settings(session: Session, seat: int, rest: str) -> None:
    """The ``settings`` command: ``settings`` shows the person's preferences, ``settings free
    off`` (``pass``, ``confirm``; ``on``, ``off``) changes one and shows them."""
    me = session.seats[seat]
    words = rest.lower().split()
    if words:
        on, off = session._("ui.settings_on").lower(), session._("ui.settings_off").lower()
        if len(words) != 2 or words[0] not in SETTINGS or words[1] not in ("on", "off", on, off):
            session.show(session._("ui.settings_bad", text=rest))
            return
        me.prefs = replace(me.prefs, **{SETTINGS[words[0]]: words[1] in ("on", on)})
    prefs = me.prefs
    state = {name: session._("ui.settings_on" if getattr(prefs, field) else "ui.settings_off")
             for name, field in SETTINGS.items()}
    lines = [session._(f"ui.settings_{name}", state=value) for name, value in state.items()]
    session.show_page(session._("ui.settings_title"), Text("\n".join([*lines, "", session._("ui.settings_how")])))
