"""The configuration of one Rococo game.

Rulings that RULES.md §17 marks [config] are options here, with the ruled reading as the
default.  Unknown keys and impossible values are refused with a clear message.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from salon.core import options
from salon.core.options import refuse
from salon.rococo.models import EXPANSIONS

MDB: Final = 1
"""Madame du Barry's seat in the solo mode (RULES.md §14); she is its start player (R-SOLO-SETUP-5)."""
PLAYERS: Final = (2, 3, 4, 5)
"""The player counts of a game among players (R-SETUP-1 gives a board side for each)."""
SOLO_PLAYERS: Final = (1,)
"""The solo mode's one player against Madame du Barry (RULES.md §14)."""
SOLO_ONLY: Final = ("solo_two_player_rules", "mdb_exam_removal", "mdb_inspect_tiles")
"""The rulings' options that only the solo mode uses (A-30, A-3, A-37): set without it they
would do nothing, so a config that sets them is refused."""


class RococoConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    players: int = Field(default=2, description="number of players (2-5; 1 with solo)")
    edition: Literal["deluxe", "2013"] = Field(
        default="deluxe", description="deluxe, or 2013 for the original edition's rules (RULES.md §16)"
    )
    solo: bool = Field(default=False, description="solo mode against Madame du Barry (RULES.md §14)")
    expansions: tuple[str, ...] = Field(
        default=(), description="expansions in play: any of jewelry_box, noble, festive, exquisite"
    )
    start_player: int | None = Field(
        default=None, ge=0, description="seat of the first start player; None draws it at random (R-SETUP-10)"
    )
    dismiss_self_retrigger: bool = Field(
        default=False,
        description="A-5: a level-I dismissal that sends itself away triggers its own bonus once more",
    )
    granted_tailoring_never_master: bool = Field(
        default=False,
        description="A-26: a tailoring granted by a bonus never counts as made by a Master",
    )

    exquisite_tile_source: Literal["display", "bag"] = Field(
        default="display",
        description="A-4: where the Exquisite dress's free resource tile comes from",
    )

    solo_two_player_rules: bool = Field(
        default=True, description="A-30: the two-player scoring rules apply in the solo mode"
    )
    mdb_exam_removal: Literal["random", "human"] = Field(
        default="random", description="A-3: who picks the employee Madame du Barry loses in an exam"
    )
    mdb_inspect_tiles: bool = Field(
        default=False, description="A-37: Madame's Journeyman tasks follow the contents of the tiles she acquires"
    )

    @model_validator(mode="before")
    @classmethod
    def _solo_players(cls, v: Any) -> Any:
        if isinstance(v, dict) and v.get("solo") and "players" not in v:
            return {**v, "players": 1}
        return v

    @field_validator("players")
    @classmethod
    def _players(cls, v: int) -> int:
        if v not in SOLO_PLAYERS + PLAYERS:
            raise refuse("players", "a game needs 2-5 players (1 in the Deluxe Edition's solo mode)", low=2, high=5)
        return v

    @field_validator("expansions", mode="before")
    @classmethod
    def _expansions(cls, v: Any) -> tuple[str, ...]:
        if isinstance(v, str):
            v = [x for x in v.split(",") if x]
        if not isinstance(v, list | tuple | set | frozenset) or not all(isinstance(x, str) for x in v):
            raise refuse("expansions_list", "a list of expansion names")  # a list of lists would not hash
        names = set(v)
        if "all" in names:
            names = set(EXPANSIONS)
        unknown = names - set(EXPANSIONS)
        if unknown:
            known = ", ".join(EXPANSIONS)
            raise refuse("unknown_expansion", f"unknown expansion {sorted(unknown)[0]!r}; choose from {known} or all",
                         name=sorted(unknown)[0], known=known)
        return tuple(x for x in EXPANSIONS if x in names)  # a canonical order keeps records stable

    @model_validator(mode="after")
    def _check(self) -> RococoConfig:
        if self.edition == "2013" and self.solo:
            raise refuse("edition_no_solo", "the 2013 edition has no solo mode (D-2)")
        if self.edition == "2013" and self.expansions:
            raise refuse("edition_no_expansions",
                         "the 2013 edition has no expansions: they belong to the Deluxe Edition (D-2)")
        if self.solo and self.players not in SOLO_PLAYERS:
            raise refuse("solo_players", "the solo mode has exactly one player (against Madame du Barry)")
        if not self.solo and self.players not in PLAYERS:
            if self.edition == "2013":
                raise refuse("players", "a game needs 2-5 players", low=2, high=5)
            raise refuse("players_not_solo", "a game needs 2-5 players; for one player use the solo mode")
        if self.start_player is not None and self.start_player >= self.seats:
            raise refuse("start_player",
                         f"start_player {self.start_player} is not a seat of a {self.players}-player game",
                         seat=self.start_player + 1, players=self.seats)
        if self.solo and self.start_player not in (None, MDB):
            raise refuse("solo_start_player",
                         f"in the solo mode Madame du Barry (seat {MDB}) is the start player (R-SOLO-SETUP-5)")
        if not self.solo:
            moved = [k for k in SOLO_ONLY if getattr(self, k) != type(self).model_fields[k].default]
            if moved:
                raise refuse("solo_option", f"{moved[0]} is an option of the solo mode; this game is not a solo game",
                             option=moved[0])
        if not self.has("exquisite") and self.exquisite_tile_source != "display":
            raise refuse("exquisite_option",
                         "exquisite_tile_source is an option of the exquisite expansion, which is not in play",
                         option="exquisite_tile_source")
        return self

    def has(self, expansion: str) -> bool:
        return expansion in self.expansions

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts this config's other options accept."""
        return SOLO_PLAYERS if self.solo else PLAYERS

    @property
    def seats(self) -> int:
        """Seats at the table: the players, and Madame du Barry in the solo mode (seat 1)."""
        return self.players + 1 if self.solo else self.players

    @property
    def side(self) -> str:
        """R-SETUP-1: the board side for the player count (D-14: the 2013 board's sides are
        "2-3" and "4-5")."""
        if self.edition == "2013":
            return "2-3" if self.players <= 3 else "4-5"
        return "1-3" if self.players <= 3 else "4-5"


def parse_config(raw: Any) -> RococoConfig:
    if isinstance(raw, RococoConfig):
        return raw
    config: RococoConfig = options.parse(RococoConfig, raw, "rococo", "Rococo")
    return config
