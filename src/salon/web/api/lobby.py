"""The lobby: what the server offers (games, their options, bots, languages), the tables it
lists, and a new table."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from typing import Annotated, Any, Literal

from fastapi import Query
from pydantic import Field, StrictBool, StrictInt

from salon.core.errors import ConfigError
from salon.core.game import game_class, game_names
from salon.core.plugins import registered
from salon.i18n import languages
from salon.web.adapters import adapter
from salon.web.api.deps import Client, HubDep, Network, Person
from salon.web.api.models import ApiModel, Summary
from salon.web.api.routing import router
from salon.web.bot_policy import SERVER_BOTS
from salon.web.errors import Refused

lobby = router("lobby")


class Option(ApiModel):
    """A config option of a game, as the lobby offers it."""

    key: str
    default: Any
    description: str
    type: Literal["bool", "choice", "list", "int", "text", "seat"]
    """How the lobby asks for it (``seat``: a seat, or null for chance)."""
    choices: list[Any] | None = None
    """``choice`` and ``list``: what may be chosen."""
    optional: bool | None = None
    """``int``: whether null is allowed."""
    main: bool | None = None
    """Shown first; the others under "more options"."""
    requires: dict[str, Any] | None = None
    """``{other key: value}`` under which the option exists at all (``{"contains": value}``
    for a list); the lobby hides it and keeps its default otherwise."""


class GameMeta(ApiModel):
    """A game the server plays."""

    name: str
    players: list[int]
    """The player counts its default config allows."""
    players_with: dict[str, list[int]]
    """The player counts a yes/no option changes them to (a solo mode's, say)."""
    options: list[Option]
    renderer: str | None
    """Where its browser renderer is, if it has one."""


class Meta(ApiModel):
    """What the server offers."""

    games: list[GameMeta]
    bots: list[str]
    """The bots every seat may be given."""
    languages: list[str]
    """The languages the clients speak, English first."""


class BrokenGame(ApiModel):
    """A stored game that cannot be restored (it is set aside, with the reason)."""

    id: str
    reason: str


class Listing(ApiModel):
    """A page of the lobby, newest first."""

    games: list[Summary]
    more: dict[str, bool]
    """Per status listed, whether further games follow."""
    broken: list[BrokenGame] | None = None
    """The quarantined games (only when every status, or ``broken``, is asked for)."""


class SeatSpec(ApiModel):
    """A seat of a new table."""

    kind: Literal["human", "bot"]
    bot: str | None = Field(default=None, max_length=80)
    """A bot's name (one the server offers)."""
    invite: str | None = Field(default=None, max_length=320)
    """A person's seat kept for this e-mail address, which is sent an invitation: only the
    account of that verified address may take it."""


class JoinSeat(ApiModel):
    """Take a seat."""

    seat: int | None = None
    """The seat wanted; null: the first free one."""
    name: str = Field(default="", max_length=40)
    """The name the others see."""


class NewTable(ApiModel):
    """A new table: its game, seats and options."""

    game: str = Field(max_length=40)
    title: str = Field(default="", max_length=80)
    """Empty: the table is named automatically, after its game, in each reader's language."""
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    """The seats for people and bots (a seat the game plays by itself is added)."""
    config: dict[str, Any] = Field(default_factory=dict)
    """The game's config options (``GET /api/meta`` lists them)."""
    seed: StrictInt | None = Field(default=None, ge=0, lt=2**31)
    """Only where the server allows it (tests and reproducible demos: a seed reveals the deck)."""
    join: JoinSeat | None = None
    """The creator takes a seat, and hosts the table."""
    turn_timer: StrictInt | None = Field(default=None, ge=10, le=7 * 86400)
    """Seconds each person has for a decision; after that the others may hand the seat to a
    bot or end the game.  Null (the default): no timer, for friendly games."""
    hints: StrictBool = False
    """Whether the players may ask for hints (everyone sees who asked how often)."""
    private: StrictBool | None = None
    """Left out of the lobby, joined through the table's link only; by default a table with a
    seat for a person is private."""
    pace_days: Literal[1, 2, 3, 5, 7, 14] | None = None
    """A table that lasts days: the days each decision may take (its players come and go, and
    are told by mail when it is their turn).  Its creator and players need accounts.  Null
    (the default): a live table."""
    on_timeout: Literal["bot", "out"] = "bot"
    """At a table that lasts days, what a player whose time runs out meets: a bot takes the
    seat, or (``out``) they are out as well, finishing last."""
    rated: StrictBool = False
    """The result moves its players' ratings: every seat is a person's, signed in; a player
    who leaves or runs out of time finishes last."""
    min_rating: StrictInt | None = Field(default=None, ge=0, le=4000)
    """A rated table's least rating of its game and kind for a player to sit down."""
    min_reliability: StrictInt | None = Field(default=None, ge=0, le=100)
    """A rated table's least share, in per cent, of a player's games finished rather than left."""


class Created(ApiModel):
    """The new table; with ``join``, the creator's seat and its token."""

    id: str
    seat: int | None
    token: str | None
    """The creator's seat token (keep it secret)."""
    game: Summary


@lobby.get("/api/meta", response_model_exclude_unset=True)
async def meta() -> Meta:
    """The games the server plays with their options, the bots every seat may be given, and the
    languages the clients speak."""
    return Meta(games=[GameMeta.model_validate(game_meta(n)) for n in game_names()], bots=list(SERVER_BOTS),
                languages=languages())


@lobby.get("/api/games", response_model=Listing, response_model_exclude_unset=True)
async def list_tables(
        hub: HubDep,
        status: Annotated[Literal["open", "running", "over", "broken"] | None, Query(
            description="One status only (``broken``: the quarantined games); none: a page of each.")] = None,
        offset: Annotated[int, Query(ge=0, le=1_000_000, description="Games of the status skipped.")] = 0,
        limit: Annotated[int | None, Query(ge=0, description="Games per status (the server's page size at most).")
                         ] = None) -> dict[str, Any]:
    """The listed tables, newest first: a page of each status, or of one status from ``offset``
    (at most the server's page size)."""
    return await hub.rooms.listing(status, offset, limit)


@lobby.post("/api/games", status_code=201)
async def create_table(spec: NewTable, hub: HubDep, client: Client, network: Network, person: Person) -> Created:
    """A new table; with ``join`` the creator takes a seat and hosts the table (a signed-in
    creator's account holds the seat too)."""
    options: dict[str, Any] = {"turn_timer": spec.turn_timer} if spec.turn_timer else {}
    if spec.hints:
        options["hints"] = True
    if spec.pace_days is not None:
        if spec.turn_timer:
            raise Refused("bad_pace", "a table that lasts days has no turn timer: give one or the other")
        options.update(pace_days=spec.pace_days, on_timeout=spec.on_timeout)
    if spec.rated:
        options["rated"] = True
    options.update({key: value for key, value in (("min_rating", spec.min_rating),
                                                  ("min_reliability", spec.min_reliability)) if value is not None})
    room, seat, token = await hub.lobby.create(spec.game, spec.title, [s.model_dump() for s in spec.seats],
                                         spec.config, spec.seed,
                                         spec.join.model_dump() if spec.join is not None else None,
                                         client, options, spec.private, network, person)
    return Created(id=room.id, seat=seat, token=token, game=Summary.model_validate(room.summary()))


def game_meta(name: str) -> dict[str, Any]:
    """A game's lobby description: player counts and config options from its description
    (refined by the game's adapter; ``start_player`` offered as a choice of seats), and where
    its browser renderer is."""
    described = game_class(name).describe()
    options: list[dict[str, Any]] = []
    players_with: dict[str, list[int]] = {}
    hints = adapter(name).option_hints()
    for key, prop in described.options.items():
        if key == "players" or hints.get(key, {}).get("hidden"):
            continue
        option = {"key": key, "default": prop.get("default"), "description": prop.get("description", ""),
                  **_option_type(prop), **hints.get(key, {})}
        if key == "start_player":  # the config convention of every game: a seat, or None for chance
            option["type"] = "seat"
        options.append(option)
        if option["type"] == "bool":
            try:
                counts = game_class(name).describe({key: True}).players
            except ConfigError:  # an option of another mode (the solo mode's, say)
                continue
            if counts != described.players:
                players_with[key] = list(counts)
    return {"name": name, "players": list(described.players), "players_with": players_with, "options": options,
            "renderer": f"/static/games/{name}/renderer.js" if renderer(name) is not None else None}


RENDERERS = "salon.web.renderers"
"""The entry-point group of the games' browser renderers: ``game = "module:attribute"`` of the
folder (a ``Traversable``) that holds its ``renderer.js``, styles and texts, served under
``/static/games/<game>/``."""


def renderer(name: str) -> Traversable | None:
    """The folder of a game's browser renderer, if one is registered for it (RENDERERS)."""
    files: Traversable | None = registered(RENDERERS, name)
    return files if files is not None and files.joinpath("renderer.js").is_file() else None


def _option_type(prop: dict[str, Any]) -> dict[str, Any]:
    kinds = [p.get("type") for p in prop.get("anyOf", [prop])]
    if "enum" in prop:
        return {"type": "choice", "choices": prop["enum"]}
    if kinds == ["boolean"]:
        return {"type": "bool"}
    if kinds == ["array"]:
        return {"type": "list", "choices": []}
    if "integer" in kinds:
        return {"type": "int", "optional": "null" in kinds}
    return {"type": "text"}
