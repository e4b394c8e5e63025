"""Ratings: openskill's Plackett–Luce model over a rated game's places, each person a team of
one, ties sharing their rank; the automaton of a solo mode is a fixed opponent, rated as a
newcomer and never changed.  Every change is stored with its before and after."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from salon.web.players.figures import shown
from salon.web.standing.outcome import AUTOMATON_PREFIX, Outcome
from salon.web.storage.schema import ACCOUNTS, RATING_CHANGES, RATINGS

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

    from salon.web.storage import Database

MU, SIGMA = 25.0, 25.0 / 3
"""A newcomer's rating, openskill's defaults; the fixed opponent's too."""


@dataclass(frozen=True)
class Change:
    """One participant's rating before and after a game."""

    account: str
    place: int
    before: tuple[float, float]
    after: tuple[float, float]


@cache
def model() -> PlackettLuce:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def rate(places: Sequence[tuple[str, int]], before: dict[str, tuple[float, float]]) -> list[Change]:
    """The changes a game makes: ``places`` (each participant and its place, 1 the best) with
    ``before`` (each one's μ and σ; a newcomer's when missing).  A fixed opponent (a name
    starting with ``@``) keeps its rating."""
    m = model()
    olds = [before.get(who, (MU, SIGMA)) for who, _ in places]
    teams = [[m.rating(mu=mu, sigma=sigma)] for mu, sigma in olds]
    rated = m.rate(teams, ranks=[float(place) for _, place in places])
    return [Change(who, place, old, old if who.startswith(AUTOMATON_PREFIX) else (team[0].mu, team[0].sigma))
            for (who, place), old, team in zip(places, olds, rated, strict=True)]


def participants(outcome: Outcome) -> list[tuple[str, int]]:
    """Who a rated game rates: its lineup's accounts and the game's own automaton, with places."""
    return [(p.account, p.place) for p in outcome.seats if p.account is not None]


def record(db: Database, outcome: Outcome, now: float) -> list[Change]:
    """Rate a rated game: read its people's ratings, store the new ones and the changes."""
    places = participants(outcome)
    people = [who for who, _ in places if not who.startswith(AUTOMATON_PREFIX)]
    if len(places) < 2 or not people:
        return []
    rows = db.conn.execute(sa.select(RATINGS).where(RATINGS.c.kind == outcome.kind, RATINGS.c.account.in_(people)))
    held = {r.account: r for r in rows}
    changes = rate(places, {who: (r.mu, r.sigma) for who, r in held.items()})
    for c in changes:
        _store(db, outcome.game_id, outcome.kind, c, now, held.get(c.account))
    return changes


def _store(db: Database, game_id: str, kind: str, c: Change, now: float, held: Any) -> None:
    db.conn.execute(RATING_CHANGES.insert().values(
        game_id=game_id, account=c.account, kind=kind, at=now, place=c.place, mu_before=c.before[0],
        sigma_before=c.before[1], mu_after=c.after[0], sigma_after=c.after[1]))
    if c.account.startswith(AUTOMATON_PREFIX):
        return
    values = {"mu": c.after[0], "sigma": c.after[1], "shown": shown(*c.after), "updated": now}
    if held is None:
        db.conn.execute(RATINGS.insert().values(account=c.account, kind=kind, games=1, **values))
    else:
        db.conn.execute(RATINGS.update().where(RATINGS.c.account == c.account, RATINGS.c.kind == kind)
                        .values(games=RATINGS.c.games + 1, **values))


RESET = "reset:"
"""The start of the id of a reset's change (in place of a game's)."""


def reset(db: Database, account: str, now: float, kind: str | None = None) -> list[str]:
    """Start an account's ratings (of one kind, or every kind) again as a newcomer's, each
    reset stored as a change of its own, so that the history shows it and a rebuild repeats
    it.  The kinds reset."""
    query = sa.select(RATINGS).where(RATINGS.c.account == account)
    rows = list(db.conn.execute(query if kind is None else query.where(RATINGS.c.kind == kind)))
    for r in rows:
        db.conn.execute(RATING_CHANGES.insert().values(
            game_id=f"{RESET}{now!r}", account=account, kind=r.kind, at=now, place=0, mu_before=r.mu,
            sigma_before=r.sigma, mu_after=MU, sigma_after=SIGMA))
        db.conn.execute(RATINGS.delete().where(RATINGS.c.account == account, RATINGS.c.kind == r.kind))
    return [r.kind for r in rows]


@dataclass(frozen=True)
class Mismatch:
    """A stored figure that the placements do not give again."""

    where: str
    stored: tuple[float, ...]
    rebuilt: tuple[float, ...]


def rebuild(db: Database, write: bool = False, tolerance: float = 1e-9) -> tuple[int, list[Mismatch]]:
    """Rate every rated game again from its stored placements, in the order they were
    rated, and compare with the stored changes and ratings: the count of games and what
    differs.  With ``write``, the stored figures are made the rebuilt ones.  A reset
    (:func:`reset`) starts its account again as a newcomer, as it did."""
    current: dict[tuple[str, str], tuple[float, float, int, float]] = {}
    mismatches: list[Mismatch] = []
    games = 0
    for game_id, kind, rows in _games(db):
        if game_id.startswith(RESET):
            for r in rows:
                current.pop((r.account, kind), None)
            continue
        games += 1
        before = {r.account: current[(r.account, kind)][:2] for r in rows if (r.account, kind) in current}
        for c, r in zip(rate([(r.account, r.place) for r in rows], before), rows, strict=True):
            stored = (r.mu_before, r.sigma_before, r.mu_after, r.sigma_after)
            again = (*c.before, *c.after)
            if _differs(stored, again, tolerance):
                mismatches.append(Mismatch(f"game {game_id}, {r.account}", stored, again))
                if write:
                    db.conn.execute(RATING_CHANGES.update().where(
                        RATING_CHANGES.c.game_id == game_id, RATING_CHANGES.c.account == r.account).values(
                        mu_before=c.before[0], sigma_before=c.before[1], mu_after=c.after[0], sigma_after=c.after[1]))
            if not r.account.startswith(AUTOMATON_PREFIX):
                games_before = current.get((r.account, kind), (0.0, 0.0, 0, 0.0))[2]
                current[(r.account, kind)] = (*c.after, games_before + 1, r.at)
    mismatches += _compare_ratings(db, current, write, tolerance)
    return games, mismatches


def _games(db: Database) -> Iterable[tuple[str, str, list[Any]]]:
    """Each rated game's stored changes, in the order they were made."""
    rows = db.conn.execute(sa.select(RATING_CHANGES).order_by(RATING_CHANGES.c.at, RATING_CHANGES.c.game_id,
                                                              RATING_CHANGES.c.account))
    game: list[Any] = []
    for row in rows:
        if game and row.game_id != game[0].game_id:
            yield game[0].game_id, game[0].kind, game
            game = []
        game.append(row)
    if game:
        yield game[0].game_id, game[0].kind, game


def _compare_ratings(db: Database, rebuilt: dict[tuple[str, str], tuple[float, float, int, float]], write: bool,
                     tolerance: float) -> list[Mismatch]:
    stored = {(r.account, r.kind): r for r in db.conn.execute(sa.select(RATINGS))}
    accounts = set(db.conn.scalars(sa.select(ACCOUNTS.c.id)))
    rebuilt = {key: value for key, value in rebuilt.items() if key[0] in accounts}  # a deleted one has none
    mismatches = []
    for key in sorted(set(stored) | set(rebuilt)):
        row = stored.get(key)
        have = (row.mu, row.sigma, float(row.games)) if row is not None else ()
        mu, sigma, games, at = rebuilt.get(key, (MU, SIGMA, 0, 0.0))
        want = (mu, sigma, float(games)) if key in rebuilt else ()
        if len(have) != len(want) or _differs(have, want, tolerance):
            mismatches.append(Mismatch(f"rating of {key[0]} ({key[1]})", have, want))
            if write:
                db.conn.execute(RATINGS.delete().where(RATINGS.c.account == key[0], RATINGS.c.kind == key[1]))
                if key in rebuilt:
                    db.conn.execute(RATINGS.insert().values(account=key[0], kind=key[1], mu=mu, sigma=sigma,
                                                            shown=shown(mu, sigma), games=games, updated=at))
    return mismatches


def _differs(a: Sequence[float], b: Sequence[float], tolerance: float) -> bool:
    return any(abs(x - y) > tolerance for x, y in zip(a, b, strict=True))
