"""Scale check of tables that last days: many stored correspondence tables and accounts, and
what a server does with them.

``python -m tools.scale`` (``scripts/web-load scale``) fills a new database with ``--tables``
Rococo tables of three days a move between ``--accounts`` accounts (written directly, in
bulk, as the server stores them: the games at their start, their seats, each account signed
in once), starts the server on it (one process on SQLite; ``--processes N`` on a private
PostgreSQL behind nginx, tools.cluster), and measures:

* the server's memory (resident set) after its start, then after ``--touch`` tables were
  loaded from the database and played: it grows with the tables in use, not with those stored;
* "My games" (``GET /api/account/games``), the count of turns, the lobby's page, and a move
  on a table loaded from disk (its state read with the seat's token, then its first legal
  action), each ``--requests`` times over the ``--clients`` concurrent connections: p50,
  p99 and worst in milliseconds.  "My games" is measured twice: first right after the
  start (``my_games_cold_ms``: the database's first plans and pages, the server's first
  rounds), then again;
* the outbox: ``--letters`` letters posted at once and sent by the server to an SMTP server
  on loopback (aiosmtpd): letters a minute.

The report is one JSON object with ``--json``.  Only loopback addresses are used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import sqlalchemy as sa
from aiosmtpd.controller import Controller

from salon.core.game import game_class
from salon.web.storage import Database
from salon.web.storage.schema import ACCOUNT_SESSIONS, ACCOUNTS, GAMES, OUTBOX, SEATS, UNFINISHED
from salon.web.tables.room import hash_token
from tools.cluster import Cluster, free_port, salon_command, wait_until_up
from tools.load import percentile
from tools.pgserver import PostgresServer, bin_dir

DAY = 86400.0
CHUNK = 5000
"""Rows a bulk insert writes at once."""


def _digest(secret: str) -> str:
    return hash_token(secret)  # sessions and seats alike: sha256 of the secret


class Filled:
    """What the filling kept to play with: each account's session cookie, and per table the
    token of its first seat."""

    def __init__(self) -> None:
        self.cookies: list[str] = []
        self.tokens: dict[str, str] = {}


def fill(url: str, tables: int, accounts: int, seed: int) -> Filled:
    """Write the accounts and tables (migrating the database first, as a server would)."""
    Database(url).close()  # creates and migrates the tables
    engine = sa.create_engine(url)
    rng = random.Random(seed)
    filled = Filled()
    now = time.time()
    config = json.dumps(game_class("rococo").new({"players": 2, "start_player": 0}, 1).config_json(), sort_keys=True)
    with engine.begin() as conn:
        rows, sessions = [], []
        for a in range(accounts):
            cookie = secrets.token_urlsafe(24)
            filled.cookies.append(cookie)
            rows.append({"id": f"acct{a}", "name": f"Player {a}", "email": f"player{a}@example.org", "verified": True,
                         "password_hash": "-", "lang": "en", "created": now})
            sessions.append({"hash": _digest(cookie), "account": f"acct{a}", "created": now, "seen": now,
                             "label": "scale"})
        _bulk(conn, ACCOUNTS, rows)
        _bulk(conn, ACCOUNT_SESSIONS, sessions)
        games, seats = [], []
        for t in range(tables):
            game_id = f"scale{t:06d}"
            token = secrets.token_urlsafe(18)
            filled.tokens[game_id] = token
            first, second = rng.sample(range(accounts), 2)
            games.append({"id": game_id, "game": "rococo", "title": f"Table {t}", "config": config,
                          "seed": str(rng.randrange(2**62)), "created": now - rng.random() * DAY, "over": UNFINISHED,
                          "options": json.dumps({"host": 0, "pace_days": 3, "on_timeout": "bot"}), "listed": False,
                          "writes": 0, "pace_days": 3, "turn_seat": 0, "turn_since": now - rng.random() * DAY})
            seats += [{"game_id": game_id, "seat": 0, "kind": "human", "name": f"Player {first}",
                       "token_hash": _digest(token), "account": f"acct{first}"},
                      {"game_id": game_id, "seat": 1, "kind": "human", "name": f"Player {second}",
                       "token_hash": _digest(secrets.token_urlsafe(18)), "account": f"acct{second}"}]
        _bulk(conn, GAMES, games)
        _bulk(conn, SEATS, seats)
    engine.dispose()
    return filled


def _bulk(conn: sa.Connection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), CHUNK):
        conn.execute(table.insert(), rows[start:start + CHUNK])


def rss_kb(pid: int) -> int:
    """The resident memory of a process and its children (the workers), in KiB."""
    total = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            total += int(line.split()[1])
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        total += rss_kb(int(child))
    return total


async def timed(count: int, clients: int, request: Callable[[int], Awaitable[None]]) -> dict[str, float]:
    """Run ``request(i)`` ``count`` times over ``clients`` at once: milliseconds p50, p99, worst."""
    took: list[float] = []
    queue = iter(range(count))

    async def client() -> None:
        for i in queue:
            start = time.perf_counter()
            await request(i)
            took.append((time.perf_counter() - start) * 1000)

    await asyncio.gather(*(client() for _ in range(clients)))
    return {"p50": round(percentile(took, 0.5), 1), "p99": round(percentile(took, 0.99), 1), "max": round(max(took), 1)}


async def measure(base: str, filled: Filled, requests: int, clients: int, touch: int,
                  pids: list[int], seed: int) -> dict[str, Any]:
    """The memory and the answers' times (see the module's docstring)."""
    rng = random.Random(seed)
    report: dict[str, Any] = {"memory_kb_at_start": sum(rss_kb(p) for p in pids)}
    headers = {"origin": base}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as http:
        async def my_games(i: int) -> None:
            cookie = filled.cookies[rng.randrange(len(filled.cookies))]
            r = await http.get("/api/account/games", cookies={"salon_session": cookie})
            r.raise_for_status()

        async def turns(i: int) -> None:
            cookie = filled.cookies[rng.randrange(len(filled.cookies))]
            (await http.get("/api/account/turns", cookies={"salon_session": cookie})).raise_for_status()

        async def lobby(i: int) -> None:
            (await http.get("/api/games")).raise_for_status()

        tables = rng.sample(sorted(filled.tokens), min(touch, len(filled.tokens)))

        async def move(i: int) -> None:
            game_id = tables[i % len(tables)]
            token = {"X-Seat-Token": filled.tokens[game_id]}
            state = (await http.get(f"/api/games/{game_id}/state", headers=token)).json()
            if state.get("legal"):
                r = await http.post(f"/api/games/{game_id}/actions", headers=token,
                                    json={"action": state["legal"][0], "version": state["version"]})
                r.raise_for_status()

        report["my_games_cold_ms"] = await timed(requests, clients, my_games)
        report["my_games_ms"] = await timed(requests, clients, my_games)
        report["turns_ms"] = await timed(requests, clients, turns)
        report["lobby_ms"] = await timed(requests, clients, lobby)
        report["move_from_disk_ms"] = await timed(len(tables), clients, move)
    report["memory_kb_after_touching"] = sum(rss_kb(p) for p in pids)
    report["tables_touched"] = len(tables)
    return report


class Inbox:
    """An SMTP server on loopback that counts what it receives."""

    def __init__(self) -> None:
        self.received = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        self.received += 1
        return "250 OK"


def post_letters(url: str, count: int) -> float:
    """Post ``count`` letters due now (account letters, which every check lets through); when."""
    engine = sa.create_engine(url)
    now = time.time()
    with engine.begin() as conn:
        _bulk(conn, OUTBOX, [{"id": secrets.token_hex(12), "address": f"player{i}@example.org", "kind": "registered",
                              "lang": "en", "fields": json.dumps({"name": f"Player {i}", "link": "http://x/"}),
                              "created": now, "due": now} for i in range(count)])
    engine.dispose()
    return now


def letters_a_minute(url: str, inbox: Inbox, count: int, patience: float) -> float:
    start = post_letters(url, count)
    deadline = time.monotonic() + patience
    while inbox.received < count and time.monotonic() < deadline:
        time.sleep(0.2)
    return round(inbox.received / max(time.time() - start, 1e-9) * 60)


@contextmanager
def servers(args: argparse.Namespace, url: str, folder: Path, smtp_port: int) -> Iterator[tuple[str, list[int]]]:
    """The server (one process, or a cluster behind nginx): its address and its pids."""
    options = ["--smtp-host", "127.0.0.1", "--smtp-port", str(smtp_port), "--mail-from", "salon@example.org",
               "--site-url", "http://127.0.0.1/"]
    if args.processes > 1:
        with Cluster(url, args.processes, folder, bot_delay=0, options=options) as cluster:
            yield cluster.url, [b.process.pid for b in cluster.backends]
        return
    port = free_port()
    log = folder / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen([*salon_command(), "serve", "--port", str(port), "--db", url, "--bot-delay", "0",
                                    *options], stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/api/meta", process, log)
        yield f"http://127.0.0.1:{port}", [process.pid]
    finally:
        process.terminate()
        process.wait(timeout=30)


def run(args: argparse.Namespace, url: str, folder: Path) -> dict[str, Any]:
    started = time.monotonic()
    filled = fill(url, args.tables, args.accounts, args.seed)
    report: dict[str, Any] = {"tables": args.tables, "accounts": args.accounts, "processes": args.processes,
                              "database": url.split(":", 1)[0], "fill_s": round(time.monotonic() - started, 1)}
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    try:
        with servers(args, url, folder, smtp.port) as (base, pids):
            report.update(asyncio.run(measure(base, filled, args.requests, args.clients, args.touch, pids, args.seed)))
            report["letters_a_minute"] = letters_a_minute(url, inbox, args.letters, args.seconds)
    finally:
        smtp.stop()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.scale", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100_000, help="stored tables (default 100000)")
    parser.add_argument("--accounts", type=int, default=10_000, help="accounts (default 10000)")
    parser.add_argument("--processes", type=int, default=1,
                        help="1: one process on SQLite; more: on a private PostgreSQL behind nginx")
    parser.add_argument("--requests", type=int, default=1000, help="requests of each kind (default 1000)")
    parser.add_argument("--clients", type=int, default=10, help="concurrent connections (default 10)")
    parser.add_argument("--touch", type=int, default=1000, help="tables loaded and played on (default 1000)")
    parser.add_argument("--letters", type=int, default=1000, help="letters sent (default 1000)")
    parser.add_argument("--seconds", type=float, default=300, help="the longest wait for the letters (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="salon-scale-"))
    pg = None
    if args.processes > 1:
        binaries = bin_dir()
        if binaries is None:
            raise SystemExit("PostgreSQL's server is not installed: run scripts/postgres-deps as root")
        pg = PostgresServer(binaries)
        pg.start()
        url = pg.create_schema()
    else:
        url = f"sqlite:///{folder / 'scale.db'}"
    try:
        report = run(args, url, folder)
    finally:
        if pg is not None:
            pg.stop()
    print(json.dumps(report) if args.json else "\n".join(f"{k}: {v}" for k, v in report.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
