"""A game's outcome for its people, worked out from the room when it ends: each seat's place,
why a person went early, and the rating kind it counts for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from salon.web.players.figures import SOLO
from salon.web.tables.room import AUTOMATON

if TYPE_CHECKING:
    from salon.web.tables.room import Room

FINISHED, ENDED = "finished", "ended"
CONCEDED, TIMED_OUT, LEFT = "conceded", "timed_out", "left"
"""Why a person went before the end (``options["departed"]``)."""
AUTOMATON_PREFIX = "@"
"""What a seat the game plays itself is rated under (``@madame_du_barry``): no account's id
holds the character."""


@dataclass(frozen=True)
class Placed:
    """One seat's outcome: its account (None: a bot or a guest), its place (1: the best; a
    shared place counts once for each seat it spans), and how it ended for its person."""

    seat: int
    account: str | None
    place: int
    outcome: str


@dataclass(frozen=True)
class Outcome:
    game_id: str
    game: str
    kind: str
    rated: bool
    seats: tuple[Placed, ...]

    @property
    def people(self) -> list[Placed]:
        """The seats of accounts: the ones with results."""
        return [p for p in self.seats if p.account is not None and not p.account.startswith(AUTOMATON_PREFIX)]


def kind_of(room: Room) -> str:
    """The rating kind of a table: its game, or the game's solo mode where the game plays a
    seat itself (Rococo against Madame du Barry)."""
    return room.name + SOLO if room.game.description.automated_seats else room.name


def departed(room: Room) -> dict[int, str]:
    """The seats whose people went before the end, and why."""
    gone: dict[str, str] = room.options.get("departed", {})
    return {int(seat): why for seat, why in gone.items()}


def lineup(room: Room) -> list[str | None]:
    """The accounts that held the seats when the game started (``options["lineup"]``), else
    those holding them now (a table started before lineups were kept)."""
    kept: list[str | None] | None = room.options.get("lineup")
    return list(kept) if kept is not None else [s.account for s in room.seats]


def with_departure(options: dict[str, Any], seat: int, why: str) -> dict[str, Any]:
    """The table's options once ``seat``'s person went, for ``why`` (the first reason stays)."""
    gone = dict(options.get("departed", {}))
    gone.setdefault(str(seat), why)
    return {**options, "departed": gone}


def outcome_of(room: Room, scores: list[int] | None = None) -> Outcome:
    """The outcome of a room whose game is over or was ended: the game's ranking (or, for a
    game ended early by its players' vote, ``scores`` as it stood), with everyone who went
    early last, tied; a game ended without a vote ties everyone who stayed."""
    gone = departed(room)
    stayed = [s.seat for s in room.seats if s.seat not in gone]
    if room.game.is_over():
        groups = [[s for s in group if s in stayed] for group in room.game.result().ranking]
    elif scores is not None:
        values = sorted({scores[s] for s in stayed}, reverse=True)
        groups = [[s for s in stayed if scores[s] == value] for value in values]
    else:
        groups = [stayed]
    groups = [g for g in groups if g] + ([sorted(gone)] if gone else [])
    place_of, place = {}, 1
    for group in groups:
        for s in group:
            place_of[s] = place
        place += len(group)
    accounts = lineup(room)
    over = room.game.is_over()
    rated = bool(room.options.get("rated"))
    placed = tuple(Placed(s.seat, _rated_as(s.kind, room, s.seat, accounts), place_of[s.seat],
                          gone.get(s.seat, FINISHED if over else ENDED)) for s in room.seats)
    return Outcome(room.id, room.name, kind_of(room), rated, placed)


def _rated_as(kind: str, room: Room, seat: int, accounts: list[str | None]) -> str | None:
    if kind == AUTOMATON:
        return AUTOMATON_PREFIX + room.game.description.automated_seats[seat]
    return accounts[seat] if seat < len(accounts) else None
