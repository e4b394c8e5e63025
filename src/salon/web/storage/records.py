"""A stored game as the server reads it: its record, or why its rows cannot be read (a
damaged row costs only its own game), and what a notification of a write carries."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from salon.core.choices import DEFAULTS, Preferences
from salon.web.storage.schema import ENDED, FINISHED


@dataclass
class SeatRecord:
    seat: int
    kind: str  # "human", "bot" or "automaton" (a seat the game plays by itself)
    bot: str | None
    name: str
    token_hash: str | None = None
    undos: int = 0
    """Undos of this seat's private actions, which only this seat saw (see ``GameRecord.undos``)."""
    hints: int = 0
    """How many hints the seat's player asked for (the others are shown it)."""
    account: str | None = None
    """The account that holds the seat besides its token (salon.web.accounts), if any."""
    invited: str | None = None
    """The address the seat is kept for (an invitation): only the account of that verified
    address may take it."""
    holiday_since: float | None = field(default=None, compare=False)
    """Since when the holding account's holiday under way runs (read with the seat, never
    written with it: the account's)."""
    preferences: Preferences = field(default=DEFAULTS, compare=False)
    """What the holding account asks the server to answer for it (read with the seat, never
    written with it: the account's; the defaults for a seat no account holds)."""


@dataclass
class GameRecord:
    id: str
    game: str
    title: str
    config: dict[str, Any]
    seed: int
    created: float
    seats: list[SeatRecord]
    actions: list[str] = field(default_factory=list)
    over: bool = False
    """No longer played: finished, or ended early (``ended``)."""
    ended: bool = False
    """Ended early by its players rather than played to its end."""
    creator: str | None = None
    """An opaque hash of whoever created the game, as the server chose to store it."""
    options: dict[str, Any] = field(default_factory=dict)
    """The table's server options (a turn timer, say), as opposed to the game's config."""
    undos: int = 0
    """Undos of public actions.  The versions the server shows count undos, so that no version
    is shown twice; the counts are stored so that this holds across a restart."""
    listed: bool = True
    """Shown in the lobby; a private table is not."""
    writes: int = 0
    """How many times its actions were written (an action, several at once, or an undo): every
    write names the count it follows (:class:`Stale`)."""
    network: str | None = None
    """An opaque hash of the network it was created from (salon.web.guard.network_key): stored
    to be counted, never read back."""
    turn_seat: int | None = None
    """The seat deciding when the game is created (stored to be queried, never read back)."""
    turn_since: float = -1.0
    """Since when the seat deciding now decides (seconds since the epoch): a correspondence
    table's clock runs from it.  Left out, since the game was created."""

    def __post_init__(self) -> None:
        if self.turn_since < 0:
            self.turn_since = self.created


@dataclass
class BrokenRecord:
    """A stored game that cannot be turned into a :class:`GameRecord` (a damaged row, or one
    quarantined earlier), so that it costs only itself and not the games stored beside it."""

    id: str
    reason: str
    quarantined: bool = False
    """Set aside already (:meth:`Database.quarantine`), rather than found damaged just now."""


def record_of(row: Any, seat_rows: list[Any], action_rows: list[Any], since: int = 0) -> GameRecord | BrokenRecord:
    """A game's rows checked and decoded, or why they cannot be."""
    try:
        config = _json_object(row.config, "config")
        options = _json_object(row.options, "options")
        if not isinstance(row.seed, str) or not re.fullmatch(r"-?[0-9]{1,100}", row.seed):  # 2**256: 78 digits
            raise ValueError(f"cannot read its seed {row.seed!r}: not an integer")
        if [s.seat for s in seat_rows] != list(range(len(seat_rows))):
            raise ValueError("cannot read its seats: not numbered 0, 1, 2...")
        if [a.n for a in action_rows] != list(range(since, since + len(action_rows))):
            raise ValueError("cannot read its actions: not numbered 0, 1, 2...")
        text = (str, type(None))
        for s in seat_rows:
            if not (isinstance(s.kind, str) and isinstance(s.name, str) and isinstance(s.bot, text)
                    and isinstance(s.token_hash, text) and isinstance(s.undos, int) and isinstance(s.hints, int)):
                raise ValueError(f"cannot read its seat {s.seat}")
        moves = [a.action for a in action_rows]
        if not all(isinstance(a, str) for a in moves):
            raise ValueError("cannot read its actions: not all text")
        if not isinstance(row.undos, int):
            raise ValueError(f"cannot read its count of undos {row.undos!r}")
        if row.listed not in (True, False):
            raise ValueError(f"cannot read whether it is listed ({row.listed!r})")
        if not isinstance(row.writes, int):
            raise ValueError(f"cannot read its count of writes {row.writes!r}")
        return GameRecord(row.id, row.game, row.title, config, int(row.seed), float(row.created),
                          [SeatRecord(s.seat, s.kind, s.bot, s.name, s.token_hash, s.undos, s.hints, s.account,
                                      s.invited, s.holiday_since, preferences_of(s.preferences))
                           for s in seat_rows],
                          moves, row.over in (FINISHED, ENDED), row.over == ENDED, row.creator, options, row.undos,
                          bool(row.listed), row.writes,
                          turn_since=float(row.turn_since if row.turn_since is not None else row.created))
    except (ValueError, TypeError) as e:
        return BrokenRecord(row.id, str(e))


def preferences_of(text: Any) -> Preferences:
    """An account's stored preferences (``accounts.preferences``): what the column holds, each
    choice it does not hold (or holds as no truth value) at its default, and all of them where
    it holds none."""
    try:
        stored = json.loads(text) if text is not None else {}
    except (TypeError, ValueError):
        stored = {}
    if not isinstance(stored, dict):
        stored = {}
    return Preferences(**{f.name: stored[f.name] for f in fields(Preferences) if isinstance(stored.get(f.name), bool)})


def preferences_text(prefs: Preferences) -> str:
    """How an account's preferences are stored (:func:`preferences_of` reads it back)."""
    return json.dumps(asdict(prefs), separators=(",", ":"), sort_keys=True)


def _json_object(text: Any, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except (ValueError, TypeError):
        raise ValueError(f"cannot read its {what}: not JSON") from None
    if not isinstance(value, dict):
        raise ValueError(f"cannot read its {what}: not a JSON object")
    return value


@dataclass(frozen=True)
class Appended:
    """A write that only appended actions to a game: the count of writes it made, the number
    of its first action, and the actions (in a notification, as JSON)."""

    writes: int
    first: int
    actions: list[str]

    def text(self) -> str:
        return json.dumps([self.writes, self.first, self.actions], separators=(",", ":"))

    @classmethod
    def parse(cls, text: str) -> Appended | None:
        """The write a notification tells of; None if it tells only which game changed."""
        try:
            writes, first, actions = json.loads(text)
        except (ValueError, TypeError):
            return None
        return cls(writes, first, actions)
