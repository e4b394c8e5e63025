"""Players: a player's public profile (games played and won, ratings, reliability, latest games,
the players met most) and a rating's history, the leaderboards of each rating kind, the
accounts a signed-in person follows (online or not, and the listed tables where they sit),
and whether one's own profile is hidden.

A profile is named by its account's handle.  A hidden profile shows to its owner and to the
accounts the owner follows; to anyone else, as a suspended account's, it answers 404
``no_such_player``, exactly as a handle nobody has (salon.web.players.visibility).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import Path, Query
from pydantic import Field, StrictBool

from salon.web.accounts import store
from salon.web.api.deps import AccountsDep, HubDep, Person, Signed
from salon.web.api.models import ApiModel
from salon.web.api.routing import router
from salon.web.errors import Refused
from salon.web.players import boards, follows, profiles
from salon.web.players.figures import kinds
from salon.web.players.visibility import find
from salon.web.storage import Database, StorageError
from salon.web.tables.hub import Hub

T = TypeVar("T")
log = logging.getLogger("salon.web")

players = router("players")

HANDLE_PATH = 100
"""The longest handle a path may name (handles are at most 40 characters)."""
DEEPEST = 100_000
"""The deepest offset of a leaderboard's page."""

Handle = Annotated[str, Path(max_length=HANDLE_PATH, description="The player's handle.")]
Kind = Annotated[str, Path(max_length=40, description="The rating kind: a game's name, or ``<game>-solo`` for its "
                                                      "solo mode (``GET /api/meta`` names the games).")]


class GameCount(ApiModel):
    game: str
    played: int
    won: int
    """Games it placed first in (alone or tied)."""


class KindRating(ApiModel):
    kind: str
    rating: int
    """The shown figure, 1500 + 25·(mu − 3σ), rounded."""
    provisional: bool
    """Fewer than ten rated games counted: not ranked on the board's main list yet."""
    games: int
    """Rated games counted."""


class Reliability(ApiModel):
    started: int
    finished: int
    """Games it saw to their end (played out, or ended by all)."""
    share: float | None
    """``finished`` / ``started``; null before any game."""
    timed_out: int
    conceded: int
    left: int


class RatingChange(ApiModel):
    kind: str
    before: int
    after: int


class RecentGame(ApiModel):
    game_id: str | None
    """The table (its replay: ``/#/replay/<game_id>``); null for an unlisted table, but to the
    profile's owner."""
    game: str
    title: str | None
    ended: float
    """Seconds since the epoch."""
    place: int
    players: int
    rated: bool
    outcome: str
    """finished, conceded, timed_out, left or ended."""
    change: RatingChange | None


class Rival(ApiModel):
    """A player met often, and who placed better in the games together."""

    handle: str
    name: str
    games: int
    wins: int
    """Games where the profile's player placed better."""
    losses: int
    ties: int


class Profile(ApiModel):
    handle: str
    name: str
    since: float
    """When the account was made (seconds since the epoch)."""
    own: bool
    """The asking person's own profile."""
    following: bool
    """Whether the asking person follows this player."""
    hidden: bool
    """Hidden from strangers (told to its owner only; false for anyone else)."""
    games: list[GameCount]
    ratings: list[KindRating]
    reliability: Reliability
    recent: list[RecentGame]
    """The latest 20 games, newest first."""
    rivals: list[Rival]
    """The five players met most in its latest 500 games."""


class HistoryPoint(ApiModel):
    at: float
    rating: int
    """The shown figure after the game."""
    game_id: str | None


class RatingHistory(ApiModel):
    handle: str
    kind: str
    points: list[HistoryPoint]
    """Oldest first; the latest 500."""


class BoardRow(ApiModel):
    rank: int
    handle: str
    name: str
    rating: int
    games: int


class Board(ApiModel):
    kind: str
    provisional: bool
    offset: int
    limit: int
    more: bool
    """Whether a next page has rows."""
    rows: list[BoardRow]


class ProfileSettings(ApiModel):
    handle: str
    """The address of one's profile: ``/#/players/<handle>``."""
    hidden: bool


class HiddenSwitch(ApiModel):
    hidden: StrictBool


class FollowSpec(ApiModel):
    handle: str = Field(max_length=HANDLE_PATH)


class FollowState(ApiModel):
    handle: str
    following: bool


class FriendTable(ApiModel):
    id: str
    title: str
    game: str
    free: int
    """Seats free for a person."""


class Friend(ApiModel):
    handle: str
    name: str
    online: bool
    """One of its sessions was seen in the last six minutes."""
    tables: list[FriendTable]
    """Listed tables in play where it sits, newest first."""


class Friends(ApiModel):
    follows: list[Friend]


async def read(hub: Hub, job: Callable[[Database], T]) -> T:
    """A job of reads on the storage thread; Refused ``storage`` if the database fails it."""
    try:
        return await hub.storage.run(job)
    except StorageError as e:
        log.error("storage: %s", e)
        raise Refused("storage", "the database did not answer; try again") from None


def no_such_player() -> Refused:
    return Refused("no_such_player", "no player has that handle")


def known_kind(kind: str) -> str:
    if kind not in kinds():
        raise Refused("unknown_kind", f"there is no rating kind {kind!r} (the kinds: {', '.join(kinds())})")
    return kind


@players.get("/api/players/{handle}")
async def profile(handle: Handle, person: Person, hub: HubDep) -> Profile:
    """A player's profile: games played and won, ratings, reliability, latest games and the
    players met most; 404 ``no_such_player`` for a handle nobody has, or whose profile is
    hidden from the asking person or suspended."""
    viewer = person.id if person is not None else None

    def job(db: Database) -> dict[str, Any] | None:
        row = find(db, handle, viewer)
        if row is None:
            return None
        own = row.id == viewer
        return {"handle": row.handle, "name": row.name, "since": row.created, "own": own,
                "following": viewer is not None and not own and follows.is_following(db, viewer, row.id),
                "hidden": own and bool(row.hidden), **profiles.counts(db, row.id),
                "ratings": profiles.ratings(db, row.id), "recent": profiles.recent(db, row.id, own),
                "rivals": profiles.rivals(db, row.id, viewer)}

    found = await read(hub, job)
    if found is None:
        raise no_such_player()
    return Profile.model_validate(found)


@players.get("/api/players/{handle}/ratings/{kind}")
async def rating_history(handle: Handle, kind: Kind, person: Person, hub: HubDep) -> RatingHistory:
    """A player's rating of one kind after each rated game, for its chart; 404 as the profile,
    or ``unknown_kind``."""
    known_kind(kind)
    viewer = person.id if person is not None else None

    def job(db: Database) -> dict[str, Any] | None:
        row = find(db, handle, viewer)
        if row is None:
            return None
        return {"handle": row.handle, "kind": kind, "points": profiles.history(db, row.id, kind, row.id == viewer)}

    found = await read(hub, job)
    if found is None:
        raise no_such_player()
    return RatingHistory.model_validate(found)


@players.get("/api/leaderboard/{kind}")
async def leaderboard(kind: Kind, hub: HubDep,
                      offset: Annotated[int, Query(ge=0, le=DEEPEST, description="Rows skipped.")] = 0,
                      limit: Annotated[int, Query(ge=1, le=100, description="Rows of the page.")] = 50,
                      provisional: Annotated[bool, Query(description=(
                          "The provisional ratings (fewer than ten rated games) instead of the "
                          "established ones."))] = False) -> Board:
    """A page of a rating kind's leaderboard, the best first; hidden and suspended accounts
    are left out.  404 ``unknown_kind``."""
    known_kind(kind)
    rows, more = await read(hub, lambda db: boards.page(db, kind, provisional, offset, limit))
    return Board.model_validate({"kind": kind, "provisional": provisional, "offset": offset, "limit": limit,
                                 "more": more, "rows": rows})


@players.get("/api/account/profile")
async def profile_settings(person: Signed, hub: HubDep) -> ProfileSettings:
    """The signed-in person's handle (their profile's address) and whether it is hidden."""
    row = await read(hub, lambda db: store.by_id(db, person.id))
    if row is None:
        raise Refused("signed_out", "sign in first (the account is gone)")
    return ProfileSettings(handle=row.handle, hidden=bool(row.hidden))


@players.post("/api/account/profile")
async def hide_profile(spec: HiddenSwitch, person: Signed, store_: AccountsDep) -> ProfileSettings:
    """Hide one's profile from strangers (it shows to oneself and to the accounts one follows)
    or show it again."""

    def job(db: Database) -> Any:
        store.change(db, person.id, hidden=spec.hidden)
        return store.by_id(db, person.id)

    row = await store_.run(job)
    return ProfileSettings(handle=row.handle, hidden=bool(row.hidden))


@players.get("/api/account/follows")
async def friends(person: Signed, hub: HubDep) -> Friends:
    """The accounts the signed-in person follows (those they may see), by name: whether each
    is online, and the listed tables in play where it sits."""
    now = time.time()
    found = await read(hub, lambda db: follows.followed(db, person.id, now))
    return Friends.model_validate({"follows": found})


@players.post("/api/account/follows")
async def follow(spec: FollowSpec, person: Signed, store_: AccountsDep) -> FollowState:
    """Follow a player; 404 ``no_such_player`` as their profile, 409 ``own_profile`` for
    oneself, ``too_many_follows`` past 500."""
    now = time.time()

    def job(db: Database) -> tuple[Any, bool]:
        row = find(db, spec.handle, person.id)
        if row is None or row.id == person.id:
            return row, False
        return row, follows.follow(db, person.id, row.id, now)

    row, done = await store_.run(job)
    if row is None:
        raise no_such_player()
    if row.id == person.id:
        raise Refused("own_profile", "one does not follow oneself")
    if not done:
        raise Refused("too_many_follows", f"an account follows at most {follows.MOST_FOLLOWED} players")
    return FollowState(handle=row.handle, following=True)


@players.delete("/api/account/follows/{handle}")
async def unfollow(handle: Handle, person: Signed, store_: AccountsDep) -> FollowState:
    """Stop following a player, whether or not one did: answered alike for any handle, so
    that it tells nobody which handles are taken."""

    def job(db: Database) -> None:
        row = store.by_handle(db, handle)
        if row is not None:
            follows.unfollow(db, person.id, row.id)

    await store_.run(job)
    return FollowState(handle=store.handle_of(handle), following=False)
