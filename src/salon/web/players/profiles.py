"""A player's profile, read from the results and ratings written as each game ends: games
played and won per game, the rating of each kind, reliability, the latest games with the
rating each changed, the players met most with the record against each, and a rating's
history for its chart.

Each list is one query by an index on the account (``results_by_account``,
``rating_changes_by_account``, the tables' keys), so a profile costs the same whatever the
number of games stored.  The ids and titles of unlisted tables are shown to the profile's
owner only: a private table is reached by its link alone (docs/server.md), and its replay
would be too.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from salon.web.players.figures import provisional, shown
from salon.web.players.visibility import seen_by
from salon.web.storage import ACCOUNTS, GAMES, Database
from salon.web.storage.schema import RATING_CHANGES, RATINGS, RESULTS

RECENT = 20
"""The latest games a profile lists."""
RIVALS = 5
"""The players met most that a profile compares itself with."""
RIVALS_OVER = 500
"""The latest games the players met most are counted over: a bound on the work of a profile
whose player has played thousands (each game's other seats are read by its key)."""
HISTORY = 500
"""The latest rating changes a chart draws."""
DONE = ("finished", "ended")
"""The outcomes of a game its player saw to its end (one ended early by all is no desertion)."""
OUTCOMES = ("timed_out", "conceded", "left")


def counts(db: Database, account: str) -> dict[str, Any]:
    """Games played and won per game, and reliability: games seen to their end of those
    started, and the time-outs, concessions and departures, from one grouped read."""
    rows = db.conn.execute(
        sa.select(RESULTS.c.game, RESULTS.c.outcome, sa.func.count().label("n"),
                  sa.func.sum(sa.case((RESULTS.c.place == 1, 1), else_=0)).label("won"))
        .where(RESULTS.c.account == account).group_by(RESULTS.c.game, RESULTS.c.outcome)).all()
    games: dict[str, dict[str, Any]] = {}
    outcomes: dict[str, int] = {}
    for r in rows:
        game = games.setdefault(r.game, {"game": r.game, "played": 0, "won": 0})
        game["played"] += r.n
        game["won"] += int(r.won or 0)
        outcomes[r.outcome] = outcomes.get(r.outcome, 0) + r.n
    started = sum(outcomes.values())
    finished = sum(outcomes.get(o, 0) for o in DONE)
    reliability = {"started": started, "finished": finished,
                   "share": round(finished / started, 3) if started else None,
                   **{o: outcomes.get(o, 0) for o in OUTCOMES}}
    return {"games": sorted(games.values(), key=lambda g: g["game"]), "reliability": reliability}


def ratings(db: Database, account: str) -> list[dict[str, Any]]:
    """The account's rating of each kind it has one of."""
    rows = db.conn.execute(sa.select(RATINGS.c.kind, RATINGS.c.shown, RATINGS.c.games)
                           .where(RATINGS.c.account == account).order_by(RATINGS.c.kind))
    return [{"kind": r.kind, "rating": round(r.shown), "provisional": provisional(r.games), "games": r.games}
            for r in rows]


def recent(db: Database, account: str, owner: bool) -> list[dict[str, Any]]:
    """The account's latest games, newest first, with the rating change each made.  The latest
    results are taken first, alone, along the index: a plan made once for every account (a
    prepared statement's) then never joins the whole of a busy player's games."""
    latest = (sa.select(RESULTS).where(RESULTS.c.account == account).order_by(RESULTS.c.ended.desc())
              .limit(RECENT).subquery("latest"))
    rows = db.conn.execute(
        sa.select(latest.c.game_id, latest.c.game, latest.c.ended, latest.c.place, latest.c.players,
                  latest.c.rated, latest.c.outcome, GAMES.c.title, GAMES.c.listed, RATING_CHANGES.c.kind,
                  RATING_CHANGES.c.mu_before, RATING_CHANGES.c.sigma_before, RATING_CHANGES.c.mu_after,
                  RATING_CHANGES.c.sigma_after)
        .select_from(latest)
        .outerjoin(GAMES, GAMES.c.id == latest.c.game_id)
        .outerjoin(RATING_CHANGES, sa.and_(RATING_CHANGES.c.game_id == latest.c.game_id,
                                           RATING_CHANGES.c.account == account))
        .order_by(latest.c.ended.desc(), latest.c.game_id)).all()
    return [{"game_id": r.game_id if owner or r.listed else None, "game": r.game,
             "title": r.title if owner or r.listed else None, "ended": r.ended, "place": r.place,
             "players": r.players, "rated": r.rated, "outcome": r.outcome, "change": _change(r)} for r in rows]


def _change(r: Any) -> dict[str, Any] | None:
    if r.kind is None:
        return None
    return {"kind": r.kind, "before": round(shown(r.mu_before, r.sigma_before)),
            "after": round(shown(r.mu_after, r.sigma_after))}


def rivals(db: Database, account: str, viewer: str | None) -> list[dict[str, Any]]:
    """The players the account met most in its latest :data:`RIVALS_OVER` games (those
    ``viewer`` may see), each with the games together and who placed better: the account's
    wins, theirs, and ties."""
    mine = (sa.select(RESULTS.c.game_id, RESULTS.c.place).where(RESULTS.c.account == account)
            .order_by(RESULTS.c.ended.desc()).limit(RIVALS_OVER).subquery("mine"))
    them = RESULTS.alias("them")
    met = (sa.select(them.c.account, sa.func.count().label("games"),
                     sa.func.sum(sa.case((mine.c.place < them.c.place, 1), else_=0)).label("wins"),
                     sa.func.sum(sa.case((mine.c.place > them.c.place, 1), else_=0)).label("losses"),
                     sa.func.sum(sa.case((mine.c.place == them.c.place, 1), else_=0)).label("ties"))
           .join(them, them.c.game_id == mine.c.game_id).where(them.c.account != account)
           .group_by(them.c.account).subquery("met"))
    rows = db.conn.execute(
        sa.select(ACCOUNTS.c.handle, ACCOUNTS.c.name, met.c.games, met.c.wins, met.c.losses, met.c.ties)
        .join(ACCOUNTS, ACCOUNTS.c.id == met.c.account).where(seen_by(viewer))
        .order_by(met.c.games.desc(), ACCOUNTS.c.handle).limit(RIVALS)).all()
    return [{"handle": r.handle, "name": r.name, "games": r.games, "wins": int(r.wins), "losses": int(r.losses),
             "ties": int(r.ties)} for r in rows]


def history(db: Database, account: str, kind: str, owner: bool) -> list[dict[str, Any]]:
    """The account's rating of ``kind`` after each rated game, oldest first (the latest
    :data:`HISTORY`, taken along the index as :func:`recent` takes its games), each with its
    game where the table is listed or the viewer its owner."""
    latest = (sa.select(RATING_CHANGES.c.game_id, RATING_CHANGES.c.at, RATING_CHANGES.c.mu_after,
                        RATING_CHANGES.c.sigma_after)
              .where(RATING_CHANGES.c.account == account, RATING_CHANGES.c.kind == kind)
              .order_by(RATING_CHANGES.c.at.desc()).limit(HISTORY).subquery("latest"))
    rows = db.conn.execute(
        sa.select(latest, GAMES.c.listed).select_from(latest).outerjoin(GAMES, GAMES.c.id == latest.c.game_id)
        .order_by(latest.c.at, latest.c.game_id)).all()
    return [{"at": r.at, "rating": round(shown(r.mu_after, r.sigma_after)),
             "game_id": r.game_id if owner or r.listed else None} for r in rows]
