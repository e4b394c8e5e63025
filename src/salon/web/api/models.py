"""The shapes the API shares between its routes and its WebSocket messages.

Every model forbids fields it does not list, both ways: a request with an unknown field is
refused, and a response the server builds must fit its documented shape (a field the server
adds is documented here first, or its tests fail).  What only a game knows (its observation,
its events, its config and components) is an open object: each game has its own.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictBool

from salon.core.choices import Preferences


class ApiModel(BaseModel):
    """The base of every model of the API (see the module's docstring); attribute docstrings
    describe the fields in the OpenAPI document."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class Empty(ApiModel):
    """An empty JSON object: the body of a request that needs nothing more than its path and token."""


class TablePreferences(ApiModel):
    """What a player asks the server to answer for them at the table, and their page to ask
    twice (salon.core.choices): a decision whose every answer leads to the same position is
    always taken for them."""

    auto_free: StrictBool = True
    """Take a free gain without asking: what the game declares can only help (a bonus that only gains)."""
    auto_pass: StrictBool = True
    """Pass, or be done, without asking when that is the only choice."""
    confirm_irrevocable: StrictBool = False
    """The page asks before playing a move that cannot be taken back."""

    def preferences(self) -> Preferences:
        return Preferences(self.auto_free, self.auto_pass, self.confirm_irrevocable)

    @classmethod
    def of(cls, prefs: Preferences) -> TablePreferences:
        return cls(auto_free=prefs.auto_free, auto_pass=prefs.auto_pass, confirm_irrevocable=prefs.confirm_irrevocable)


TableStatus = Literal["open", "running", "over", "ended"]


class SeatView(ApiModel):
    """A seat as everyone sees it."""

    seat: int
    kind: Literal["human", "bot", "automaton"]
    """A person's seat, a bot's, or one the game plays by itself (never taken, never waited for)."""
    bot: str | None
    """The bot playing the seat."""
    name: str
    """The player's name (a bot's: its name); empty for a free seat."""
    taken: bool
    online: bool
    """Whether the seat's player is connected (a bot always is)."""
    hints: int
    """How many hints the seat's player asked for."""
    vacant: bool
    """Left during the game: its remaining players decide first whether a bot or someone else takes it."""
    out: bool
    """Its player gave the game up, or ran out of time where that puts them out: they finish last."""
    holiday: bool
    """Its player's account is on holiday: the clocks of its tables that last days stand still."""
    invited: bool
    """Kept for an invited address: only that address's account may take it."""


class SeatState(SeatView):
    """A seat as a state shows it: with the wait before the host may replace its player."""

    replaceable_in: float | None
    """Seconds until the host may hand the seat to a bot or open it (0: now); null while its
    player is here and playing, and for a seat that is not a person's or is the host's."""


class GameResult(ApiModel):
    """A finished game's standing."""

    scores: list[int]
    """Per seat."""
    ranking: list[list[int]]
    """Groups of seats, best first; a group shares its place."""
    winners: list[int]
    tie_break: list[int]
    """Per seat, the value that decided ties."""
    breakdown: list[dict[str, int]]
    """Per seat, where the score came from (each game its own headings)."""
    places: list[int] | None
    """Per seat, a table's place (1 the best; a shared place counts once for each seat), the
    players who went out last; a replay's result has none."""


class Summary(ApiModel):
    """A table as the lobby lists it."""

    id: str
    game: str
    title: str
    status: TableStatus
    """``open``: a seat waits for a player; ``over``: played to its end; ``ended``: ended early
    by its players (a timed-out seat)."""
    config: dict[str, Any]
    """The game's config (each game its own keys)."""
    seats: list[SeatView]
    version: int
    """The version a spectator is shown."""
    current: int | None
    """The seat deciding now."""
    created: float
    """When the table was created (seconds since the epoch)."""
    turn_timer: int | None
    """Seconds each person has for a decision; null: no timer."""
    hints: bool
    """Whether the players may ask for hints."""
    private: bool
    """Left out of the lobby: joined through the table's link only."""
    host: int | None
    """The seat of the table's host, who may replace an absent or idle player."""
    pace_days: int | None
    """A table that lasts days: the days each decision may take; null for a live table."""
    on_timeout: Literal["bot", "out"] | None
    """At a table that lasts days, what a player whose time runs out meets: a bot takes the
    seat (``bot``), or they are out as well, finishing last (``out``)."""
    rated: bool
    """The result moves its players' ratings."""
    min_rating: int | None
    """A rated table's least rating to sit down."""
    min_reliability: int | None
    """A rated table's least share, in per cent, of a player's games finished."""
    result: GameResult | None


class Timer(ApiModel):
    """The turn timer of the seat deciding now."""

    seat: int
    seconds: int
    """The timer's length."""
    left: float
    """Seconds left."""
    expired: bool
    """The time ran out: the other seated players may hand the seat to a bot or end the game."""


class LogEntry(ApiModel):
    """The events of one action (entry 0: the setup's) as the seat sees them."""

    n: int
    """The entry's number among those the seat may see."""
    actor: int | None
    """The seat that acted; null for the setup."""
    events: list[dict[str, Any]]
    """Each event as the seat sees it: its ``type`` and the game's own fields."""


class Clock(ApiModel):
    """The deciding player's clock at a table that lasts days."""

    seat: int
    days: int
    """The days a decision may take."""
    deadline: float
    """When the time runs out (seconds since the epoch), as of now: a holiday moves it on."""
    left: float
    """Seconds left."""
    paused: bool
    """The player's account is on holiday: the clock stands still."""


class State(ApiModel):
    """What one seat (or a spectator) may see now, with the log entries from number
    ``log_from`` on: all of them when a seat asks for its state, only those it has not had
    yet after its own action or over the WebSocket."""

    type: Literal["state"]
    id: str
    game: str
    title: str
    version: int
    """The version the seat must send back with its next action or undo."""
    status: TableStatus
    """As the table's summary says."""
    seat: int | None
    """The seat the token holds; null for a spectator."""
    seats: list[SeatState]
    host: int | None
    current: int | None
    """The seat deciding now."""
    observation: dict[str, Any]
    """What the seat may see of the game (each game its own shape)."""
    legal: list[str]
    """The seat's legal actions, when it decides; else empty."""
    forced: str | None
    """The move the server makes for the seat (a decision whose answers are all alike; as its
    player's preferences say, its lone pass or done or a free gain): the client waits for it."""
    irrevocable: list[str]
    """The seat's legal actions that cannot be taken back once played, when its player asked to
    confirm them (`confirm_irrevocable`); else empty."""
    undoable: int
    """How many of its latest actions the deciding seat may take back."""
    timer: Timer | None
    clock: Clock | None
    log_from: int
    """The number of the first log entry sent."""
    log: list[LogEntry]
    result: GameResult | None
    rated: bool
    """The result moves its players' ratings."""
    end_votes: list[int]
    """The seats whose players voted to end the game now, scored as it stands (it ends once
    every person at the table has)."""


class Reason(ApiModel):
    """Why the engine refuses an action, for a client to word in its player's language."""

    key: str
    """The reason among the game's reasons (empty where the game gives none)."""
    fields: dict[str, Any]
    """The values the wording needs (ids and numbers)."""
    reason: str
    """The engine's English sentence."""


class Refusal(ApiModel):
    """Why a request was refused (it changed nothing): a stable code, a one-line English
    message, the HTTP status, and the fields some refusals add."""

    code: str
    """Stable: what a client tells its player by (``stale``, ``not_your_turn``, ``rate_limited``...)."""
    message: str
    status: int
    version: int | None = None
    """``stale``: the version the seat is shown now."""
    seconds: float | None = None
    """``not_idle``: seconds until the player may be replaced; ``rate_limited`` (of passwords
    tried): seconds until the next may be."""
    rule: str | None = None
    """``illegal_action``, ``malformed_action``: the rule the action breaks."""
    action: str | None = None
    """``illegal_action``, ``malformed_action``: the action refused."""
    refusal: Reason | None = None
    """``illegal_action``, ``malformed_action``: why, for the client to word."""
    key: str | None = None
    """``bad_config``, ``bad_record``: the reason's catalog key."""
    fields: dict[str, Any] | None = None
    """``bad_config``, ``bad_record``: the values the reason's wording needs."""


class Refused(ApiModel):
    """The body of every refused HTTP request."""

    error: Refusal


class Done(ApiModel):
    """The request was carried out."""

    ok: Literal[True]


class DoneWithState(Done):
    """The request was carried out; the seat's state after it."""

    state: State


class SeatToken(ApiModel):
    """A seat taken, or its token renewed: the token acts for the seat (keep it secret)."""

    id: str
    seat: int
    token: str
    """Sent back as the ``X-Seat-Token`` header, or in the WebSocket's ``hello``."""


ChatChannel = Literal["players", "spectators"]


class ChatLine(ApiModel):
    """A message of a table's chat, as its reader is shown it (salon.web.chat)."""

    id: int
    """Increasing with each message the server stores."""
    name: str
    """Its author's name as the table shows it: the seat's (``#n`` for a seat whose player gave
    none), or a spectator's account's."""
    seat: int | None
    """The author's seat; null for a spectator."""
    handle: str | None
    """The author's account's handle, by which it may be blocked or reported; null for a guest's seat."""
    text: str
    """Plain text, cleaned as names are and at most 300 characters: shown as text, never as HTML."""
    at: float
    """When it was written, in seconds since the epoch."""
    mine: bool
    """Written by the reader (their account, or their seat)."""
