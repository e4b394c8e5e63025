"""Load check of the players' standing: profiles, leaderboards and friends lists over many
accounts and finished games.

``python -m tools.standing_load`` (``scripts/web-load standing``) fills a new database with
``--accounts`` accounts (each signed in once, following ten others; a few hidden, a few
suspended) and ``--games`` finished games between them, Rococo with two to five players,
Rococo alone and the Necklace, a few players playing far more than most: each game's table,
its results per seat, and for the rated ones every rating change and the ratings they leave.
The rows are written in bulk (PostgreSQL's ``COPY``), then vacuumed and analyzed, as a
database that has settled.  It starts the server on it and measures, ``--requests`` times each over
``--clients`` concurrent connections, through the HTTP API: a leaderboard's first page and a
page anywhere on it, the provisional list, a profile seen by a signed-in person, the profile
of the busiest player, a rating's history and a friends list; p50, p99 and worst in
milliseconds.

PostgreSQL is the default (a private server, tools.pgserver); ``--sqlite`` uses a SQLite file
instead.  The ratings' figures follow the game's results only roughly: what is measured is the
reading of them, which is the same whatever the figures.  Only loopback addresses are used.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import itertools
import json
import random
import subprocess
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import psycopg
import sqlalchemy as sa

from salon.web.accounts.store import digest
from salon.web.players.figures import PROVISIONAL_GAMES, shown
from salon.web.storage import ACCOUNT_SESSIONS, ACCOUNTS, GAMES, Database, is_postgres
from salon.web.storage.schema import ENDED, FINISHED, FOLLOWS, RATING_CHANGES, RATINGS, RESULTS
from tools.cluster import free_port, salon_command, wait_until_up
from tools.pgserver import PostgresServer, bin_dir
from tools.scale import timed

DAY = 86400.0
SPAN = 2 * 365 * DAY
"""The time the games were played over, ending now."""
FOLLOWED = 10
"""Accounts each account follows."""
GAME_KINDS = (("rococo", "rococo", (2, 3, 4, 5), 0.55), ("rococo", "rococo-solo", (1,), 0.10),
              ("necklace", "necklace", (2, 3, 4), 0.35))
"""Each kind of game: its game, rating kind, player counts and share of the games."""
KINDS = tuple(kind for _, kind, _, _ in GAME_KINDS)
OUTCOMES = ("finished", "conceded", "timed_out", "left")
OUTCOME_SHARES = (0.945, 0.02, 0.02, 0.015)
"""How a seat ends a game that is played out (a game ended early by all: ``ended`` for every seat)."""
CHUNK = 5000


@dataclass
class Filled:
    """What the filling wrote and keeps to ask for: handles, cookies, each board's size."""

    handles: list[str] = field(default_factory=list)
    visible: list[int] = field(default_factory=list)
    """The accounts neither hidden nor suspended."""
    kinds_of: dict[int, list[str]] = field(default_factory=dict)
    """The rating kinds each account has a rating of."""
    established: dict[str, int] = field(default_factory=dict)
    busiest: int = 0
    """The account with the most results."""
    busiest_games: int = 0
    results: int = 0
    changes: int = 0

    @staticmethod
    def cookie(account: int) -> str:
        return f"standing-{account}"


class Writer:
    """Rows written in bulk: PostgreSQL's ``COPY`` where it is PostgreSQL, else plain inserts."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.postgres = is_postgres(url)

    def write(self, table: sa.Table, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
        if self.postgres:
            with psycopg.connect(self.url) as pg, pg.cursor() as cursor:
                with cursor.copy(f"COPY {table.name} ({', '.join(columns)}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
            return
        engine = sa.create_engine(self.url)
        with engine.begin() as conn:
            batch = iter(rows)
            while chunk := [dict(zip(columns, row, strict=True)) for row in itertools.islice(batch, CHUNK)]:
                conn.execute(table.insert(), chunk)
        engine.dispose()


def accounts(writer: Writer, count: int, rng: random.Random, now: float, filled: Filled) -> None:
    """The accounts (1 in 50 hidden, 1 in 200 suspended), one session each, ten follows each."""
    rows, sessions, follows = [], [], []
    for a in range(count):
        hidden, suspended = rng.random() < 0.02, rng.random() < 0.005
        handle = f"player-{a}"
        filled.handles.append(handle)
        if not hidden and not suspended:
            filled.visible.append(a)
        rows.append((f"acct{a}", f"Player {a}", f"player{a}@example.org", True, "-", "en", now - SPAN, handle, hidden,
                     suspended))
        sessions.append((digest(Filled.cookie(a)), f"acct{a}", now, now - rng.random() * 900, "standing"))
        follows += [(f"acct{a}", f"acct{b}", now) for b in rng.sample(range(count), FOLLOWED + 1) if b != a][:FOLLOWED]
    writer.write(ACCOUNTS, ("id", "name", "email", "verified", "password_hash", "lang", "created", "handle", "hidden",
                            "suspended"), rows)
    writer.write(ACCOUNT_SESSIONS, ("hash", "account", "created", "seen", "label"), sessions)
    writer.write(FOLLOWS, ("account", "followed", "at"), follows)


class Games:
    """The finished games, oldest first, and the ratings they leave (a rough update: see the
    module's docstring)."""

    def __init__(self, accounts: int, rng: random.Random) -> None:
        self.rng = rng
        self.accounts = accounts
        self.weights = list(itertools.accumulate(1.0 / (a + 10) for a in range(accounts)))
        """Who plays: account ``a`` about ``1 / (a + 10)`` of the seats, the first ones most."""
        self.ratings: dict[tuple[int, str], list[float]] = {}
        self.games: list[tuple[Any, ...]] = []
        self.results: list[tuple[Any, ...]] = []
        self.changes: list[tuple[Any, ...]] = []
        self.seats: dict[int, int] = {}
        """Results per account."""

    def players(self, n: int) -> list[int]:
        chosen: list[int] = []
        while len(chosen) < n:
            a = bisect.bisect(self.weights, self.rng.random() * self.weights[-1])
            if a not in chosen:
                chosen.append(min(a, self.accounts - 1))
        return chosen

    def play(self, g: int, ended: float) -> None:
        rng = self.rng
        game, kind, counts, _ = rng.choices(GAME_KINDS, weights=[k[3] for k in GAME_KINDS])[0]
        seated = self.players(rng.choice(counts))
        places = self.places(len(seated))
        ended_early = rng.random() < 0.01
        rated = rng.random() < 0.8 and not ended_early
        game_id = f"done{g:07d}"
        self.games.append((game_id, game, f"Table {g}", "{}", "0", ended - 3600, ENDED if ended_early else FINISHED,
                           rng.random() < 0.7))
        for seat, (a, place) in enumerate(zip(seated, places, strict=True)):
            outcome = "ended" if ended_early else rng.choices(OUTCOMES, OUTCOME_SHARES)[0]
            self.results.append((game_id, seat, f"acct{a}", game, kind, len(seated), place, outcome, rated, ended))
            self.seats[a] = self.seats.get(a, 0) + 1
            if rated:
                self.rate(game_id, a, kind, place, len(seated), ended)

    def places(self, n: int) -> list[int]:
        order = list(range(1, n + 1))
        self.rng.shuffle(order)
        if n > 1 and self.rng.random() < 0.05:  # a tie for first
            order = [1 if p == 2 else p for p in order]
        return order

    def rate(self, game_id: str, a: int, kind: str, place: int, players: int, at: float) -> None:
        mu, sigma, games = self.ratings.setdefault((a, kind), [25.0, 25.0 / 3, 0])
        after = mu + (players / 2 + 0.5 - place) * sigma * 0.15 if players > 1 else mu + self.rng.gauss(0, sigma * 0.1)
        sigma_after = max(1.2, sigma * 0.96)
        self.changes.append((game_id, f"acct{a}", kind, at, place, mu, sigma, after, sigma_after))
        self.ratings[(a, kind)] = [after, sigma_after, games + 1]


def games(writer: Writer, count: int, accounts: int, rng: random.Random, now: float, filled: Filled) -> None:
    """The finished games, their results, rating changes and the ratings they leave."""
    played = Games(accounts, rng)
    for g in range(count):
        played.play(g, now - SPAN + SPAN * (g + 1) / (count + 1))
    writer.write(GAMES, ("id", "game", "title", "config", "seed", "created", "over", "listed"), played.games)
    writer.write(RESULTS, ("game_id", "seat", "account", "game", "kind", "players", "place", "outcome", "rated",
                           "ended"), played.results)
    writer.write(RATING_CHANGES, ("game_id", "account", "kind", "at", "place", "mu_before", "sigma_before",
                                  "mu_after", "sigma_after"), played.changes)
    writer.write(RATINGS, ("account", "kind", "mu", "sigma", "shown", "games", "updated"),
                 [(f"acct{a}", kind, mu, sigma, shown(mu, sigma), int(n), now)
                  for (a, kind), (mu, sigma, n) in played.ratings.items()])
    for (a, kind), (_, _, n) in played.ratings.items():
        filled.kinds_of.setdefault(a, []).append(kind)
        if n >= PROVISIONAL_GAMES:
            filled.established[kind] = filled.established.get(kind, 0) + 1
    filled.busiest = max(played.seats, key=played.seats.__getitem__)
    filled.busiest_games = played.seats[filled.busiest]
    filled.results, filled.changes = len(played.results), len(played.changes)


def fill(url: str, accounts_: int, games_: int, seed: int) -> Filled:
    """The database's tables (migrated as a server would), then its rows, then its statistics."""
    Database(url).close()
    rng = random.Random(seed)
    now = time.time()
    filled = Filled()
    writer = Writer(url)
    accounts(writer, accounts_, rng, now, filled)
    games(writer, games_, accounts_, rng, now, filled)
    engine = sa.create_engine(url)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        # what autovacuum does to a settled database: statistics, and the visibility map
        # that lets a count read an index alone
        conn.execute(sa.text("VACUUM ANALYZE" if engine.dialect.name == "postgresql" else "ANALYZE"))
    engine.dispose()
    return filled


async def measure(base: str, filled: Filled, requests: int, clients: int, seed: int) -> dict[str, dict[str, float]]:
    """Each request's times (see the module's docstring)."""
    rng = random.Random(seed)
    visible, rated = filled.visible, [a for a in filled.visible if a in filled.kinds_of]

    def signed(a: int) -> dict[str, str]:
        return {"salon_session": Filled.cookie(a)}

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        async def get(path: str, cookies: dict[str, str] | None = None) -> None:
            (await http.get(path, cookies=cookies)).raise_for_status()

        async def anywhere(i: int) -> None:
            kind = rng.choice([k for k in KINDS if filled.established.get(k)])
            await get(f"/api/leaderboard/{kind}?offset={rng.randrange(filled.established[kind]) // 50 * 50}")

        async def history(i: int) -> None:
            a = rng.choice(rated)
            await get(f"/api/players/{filled.handles[a]}/ratings/{rng.choice(filled.kinds_of[a])}")

        wanted = {
            "leaderboard, first page": lambda i: get(f"/api/leaderboard/{KINDS[i % len(KINDS)]}"),
            "leaderboard, any page": anywhere,
            "leaderboard, provisional": lambda i: get(f"/api/leaderboard/{KINDS[i % len(KINDS)]}?provisional=true"),
            "profile": lambda i: get(f"/api/players/{filled.handles[rng.choice(visible)]}",
                                     signed(rng.choice(visible))),
            "profile of the busiest player": lambda i: get(f"/api/players/{filled.handles[filled.busiest]}"),
            "rating history": history,
            "friends list": lambda i: get("/api/account/follows", signed(rng.choice(visible))),
        }
        return {name: await timed(requests, clients, request) for name, request in wanted.items()}


@contextmanager
def server(url: str, folder: Path) -> Iterator[str]:
    """One ``salon serve`` process on the database: its address."""
    port = free_port()
    log = folder / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen([*salon_command(), "serve", "--port", str(port), "--db", url, "--bot-delay", "0"],
                                   stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/api/meta", process, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)


def run(args: argparse.Namespace, url: str, folder: Path) -> dict[str, Any]:
    started = time.monotonic()
    filled = fill(url, args.accounts, args.games, args.seed)
    report: dict[str, Any] = {
        "database": url.split(":", 1)[0], "accounts": args.accounts, "games": args.games, "results": filled.results,
        "rating_changes": filled.changes, "established": filled.established, "clients": args.clients,
        "busiest_player_games": filled.busiest_games,
        "fill_s": round(time.monotonic() - started, 1)}
    with server(url, folder) as base:
        report["ms"] = asyncio.run(measure(base, filled, args.requests, args.clients, args.seed))
    return report


def table(report: dict[str, Any]) -> str:
    """The report as a table of milliseconds, under a line of what was measured."""
    head = (f"{report['database']}: {report['accounts']:,} accounts, {report['games']:,} games, "
            f"{report['results']:,} results, {report['rating_changes']:,} rating changes; filled in "
            f"{report['fill_s']} s; the busiest player {report['busiest_player_games']:,} games; "
            f"{report['clients']} client(s)")
    lines = [head, f"{'request':32} {'p50':>8} {'p99':>8} {'max':>8}"]
    lines += [f"{name:32} {t['p50']:8.1f} {t['p99']:8.1f} {t['max']:8.1f}" for name, t in report["ms"].items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.standing_load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--accounts", type=int, default=10_000, help="accounts (default 10000)")
    parser.add_argument("--games", type=int, default=200_000, help="finished games (default 200000)")
    parser.add_argument("--requests", type=int, default=1000, help="requests of each kind (default 1000)")
    parser.add_argument("--clients", type=int, default=1, help="concurrent connections (default 1)")
    parser.add_argument("--sqlite", action="store_true", help="a SQLite file instead of a private PostgreSQL")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="salon-standing-"))
    pg = None
    if args.sqlite:
        url = f"sqlite:///{folder / 'standing.db'}"
    else:
        binaries = bin_dir()
        if binaries is None:
            raise SystemExit("PostgreSQL's server is not installed: run scripts/postgres-deps as root, or use --sqlite")
        pg = PostgresServer(binaries)
        pg.start()
        url = pg.create_schema()
    try:
        report = run(args, url, folder)
    finally:
        if pg is not None:
            pg.stop()
    print(json.dumps(report) if args.json else table(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
