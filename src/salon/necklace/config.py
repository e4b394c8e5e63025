"""The configuration of one game of The Queen's Necklace.

The rulings of RULES.md §13 that a table might reasonably read otherwise are options here,
each defaulting to the ruled reading; the option's description names its ruling.  Unknown
keys and impossible values are refused with a ConfigError of one line.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from salon.core import options
from salon.core.options import refuse

PLAYERS = (2, 3, 4)
"""QN-SETUP-1: 2 to 4 players."""


class NecklaceConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    players: int = Field(default=PLAYERS[0], ge=PLAYERS[0], le=PLAYERS[-1],
                         description="number of players, 2-4 (QN-SETUP-1)")
    start_player: int | None = Field(
        default=None, ge=0, description="seat of the first player; None draws it at random (QN-SETUP-11, QN-AMB-30)"
    )
    conceal_holders: bool = Field(
        default=True,
        description="reaction windows and the presentation ask every seat that might hold a card by public "
                    "knowledge, so that being asked reveals nothing (QN-INFO-1); false asks only seats that can act",
    )
    cardinal_refill_at_once: bool = Field(
        default=True,
        description="QN-AMB-7: a market Merchant delayed by a Cardinal is replaced at once; false leaves its "
                    "slot empty until the next Devaluation refill",
    )
    cardinal_when_due: bool = Field(
        default=False,
        description="QN-AMB-8, the earlier reading: a delayed sale coming due opens a new Cardinal window, so "
                    "that it can be delayed again; false (the ruling) opens one window per drawn Merchant",
    )
    third_merchant_in_last_six: bool = Field(
        default=False,
        description="QN-SETUP-9 as set up before its correction: the third Merchant among the last six cards "
                    "of the pile rather than the last five; only so that games stored then replay",
    )
    queen_on_amber: bool = Field(default=True, description="QN-AMB-9: the Queen may take a freshly drawn amber card")
    queen_active_player: bool = Field(
        default=True, description="QN-AMB-9, QN-QUEEN-3: the active player may play the Queen too"
    )
    forger_names_amber: bool = Field(default=True, description="QN-AMB-12: the Forger may name amber")
    forger_victim_chooses: bool = Field(
        default=True,
        description="QN-AMB-12: the Forger's victim picks the discarded card; false discards one at random",
    )
    alchemist_any_column: bool = Field(
        default=True,
        description="QN-AMB-14: the Alchemist may turn a card into a type its player did not present; false "
                    "allows only types the player presented",
    )
    bankers_stack: bool = Field(default=True, description="QN-AMB-17: two Bankers of one player add 10 each")
    favorite_on_leader: bool = Field(
        default=True, description="QN-AMB-24: the Favorite may choose the gem already under Fashion tile 1"
    )

    @model_validator(mode="after")
    def _check(self) -> NecklaceConfig:
        if self.start_player is not None and self.start_player >= self.players:
            raise refuse("start_player",
                         f"start_player {self.start_player} is not a seat of a {self.players}-player game",
                         seat=self.start_player + 1, players=self.players)
        return self


BEFORE_OPTIONS = {"cardinal_when_due": True, "third_merchant_in_last_six": True}
"""Options added after games were first stored, with the values that reproduce those games.
A stored config (a record's, a snapshot's, a server table's) lists every option its salon
had, so one that lacks an option was stored before the option existed and is read with the
behaviour of its time: the earlier QN-AMB-8 window and the earlier QN-SETUP-9 procedure."""


def stored_config(raw: Any) -> Any:
    """``raw`` as a config stored by an earlier salon: the options it lacks take the values of
    :data:`BEFORE_OPTIONS`.  Anything but a mapping is left for :func:`parse_config` to refuse."""
    if not isinstance(raw, dict):
        return raw
    return {**{k: v for k, v in BEFORE_OPTIONS.items() if k not in raw}, **raw}


def parse_config(raw: Any) -> NecklaceConfig:
    if isinstance(raw, NecklaceConfig):
        return raw
    config: NecklaceConfig = options.parse(NecklaceConfig, raw, "necklace", "Queen's Necklace")
    return config
