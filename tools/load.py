"""Load check of the game server: many concurrent games of bots on one server process, or on
several behind nginx.

``python -m tools.load`` (scripts/web-load) starts the server (``salon serve``) as a separate
process on a free loopback port with a temporary SQLite file, creates the games, and plays
every seat of every game with a random bot that connects like a browser does (a WebSocket
per seat).  Each action's time from submission to acknowledgement is measured (the
acknowledgement comes after the action is validated, applied and committed to the database);
the report gives the median, the 99th percentile and the worst, and the throughput.  ``--think`` is the pause a
bot takes before each action (the server's bots wait 0.6 s by default); 0 floods the server.

``--processes N`` measures the deployment of several processes instead (tools.cluster): a
private PostgreSQL server (or ``--db``), N processes on it and nginx in front, through which
the seats play.  Each game then also has two spectators connected to the processes directly,
and the report gives the time from an action's acknowledgement at its actor to the arrival
of the state it made at a spectator, apart for a spectator on the actor's own process and
one on another (which learns of the action from PostgreSQL's notification): what crossing
processes adds.

Only loopback addresses are used; the run stops by itself after ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from salon.core.game import game_names
from salon.web.adapters import adapter
from salon.web.app import renderer
from tools.cluster import BACKEND_HEADER, Cluster, free_port, salon_command
from tools.pgserver import PostgresServer, bin_dir

CAPS = ["--max-tables", "100000", "--max-tables-per-client", "100000", "--max-connections-per-client", "100000",
        "--create-rate", "1000000/second", "--join-rate", "1000000/second"]
"""One address plays every seat: the caps of a public server are lifted."""


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    finished: int = 0
    acks: list[tuple[str, int, float, str]] = field(default_factory=list)
    """Per public action acknowledged: its game, the version a spectator is shown after it,
    when the acknowledgement came, and the process of the actor's connection."""
    arrivals: dict[tuple[str, str], dict[int, float]] = field(default_factory=dict)
    """Per game and spectator's process: when the spectator got each version."""


def _post(url: str, body: dict[str, Any], tries: int = 5) -> dict[str, Any]:
    """POST, and again on 503, which says that nothing changed and to try again (two
    processes creating tables at once may refuse one)."""
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    for _ in range(tries - 1):
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                data: dict[str, Any] = json.loads(r.read())
                return data
        except urllib.error.HTTPError as e:
            if e.code != 503:
                raise
    with urllib.request.urlopen(req, timeout=30) as r:
        last: dict[str, Any] = json.loads(r.read())
        return last


async def _create(base: str, game: str, players: int) -> tuple[str, list[str]]:
    """One game with every seat human (each played by a bot of this script)."""
    created = await asyncio.to_thread(_post, f"{base}/api/games", {
        "game": game, "title": "load check", "seats": [{"kind": "human"}] * players, "join": {"seat": 0}})
    game_id = created["id"]
    tokens = [created["token"]]
    for seat in range(1, players):
        joined = await asyncio.to_thread(_post, f"{base}/api/games/{game_id}/join", {"seat": seat})
        tokens.append(joined["token"])
    return game_id, tokens


def _ws_url(base: str, game_id: str) -> str:
    return f"{base.replace('http://', 'ws://', 1)}/api/games/{game_id}/ws"


async def _seat(base: str, game: str, game_id: str, token: str, think: float, deadline: float, rng: random.Random,
                stats: Stats) -> None:
    """Play one seat: whenever this seat may act, wait ``think`` seconds, send a random legal
    action and time it until its acknowledgement.  A lone pass or done that the server makes
    for the seat itself (the state's ``forced``) is left to the server, as a browser leaves it.
    A public action's acknowledgement is kept for the spectators' measure: the spectators'
    version after it is the seat's less the seat's own private actions, which they do not see
    (Room.version_for; the bots undo nothing)."""
    async with connect(_ws_url(base, game_id), max_size=2**22, open_timeout=30) as ws:
        # nginx names the process it chose (the last one it tried)
        process = (ws.response.headers.get(BACKEND_HEADER, "") if ws.response else "").rpartition(" ")[2]
        private = adapter(game).private_action
        own_private = 0
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent: dict[int, tuple[float, str]] = {}
        counter = 0
        async for msg in _messages(ws, deadline):
            kind = msg["type"]
            if kind == "ack":
                acked = time.perf_counter()
                started, action = sent.pop(msg["id"], (None, ""))
                if started is not None:
                    stats.latencies.append(acked - started)
                    if private(action):
                        own_private += 1
                    elif process:
                        stats.acks.append((game_id, msg["version"] - own_private, acked, process))
            elif kind == "error":
                sent.pop(msg.get("id", -1), None)
                stats.refused += 1
            elif kind == "state":
                if msg["status"] == "over":
                    stats.finished += 1
                    return
                if msg["legal"] and not sent and not msg.get("forced"):
                    await _act(ws, msg, think, rng, sent, counter := counter + 1)


async def _messages(ws: ClientConnection, deadline: float) -> AsyncIterator[dict[str, Any]]:
    """What the server sends on the connection, until ``deadline`` (``time.monotonic``)."""
    while time.monotonic() < deadline:
        try:
            raw = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
        except TimeoutError:
            return
        message: dict[str, Any] = json.loads(raw)
        yield message


async def _act(ws: ClientConnection, msg: dict[str, Any], think: float, rng: random.Random,
               sent: dict[int, tuple[float, str]], request_id: int) -> None:
    if think:
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
    action = rng.choice(msg["legal"])
    sent[request_id] = (time.perf_counter(), action)
    await ws.send(json.dumps({"type": "act", "action": action, "version": msg["version"], "id": request_id}))


async def _spectator(base: str, game_id: str, deadline: float, stats: Stats) -> None:
    """Watch one game on one process directly, noting when each version arrives."""
    arrivals = stats.arrivals.setdefault((game_id, urllib.parse.urlsplit(base).netloc), {})
    async with connect(_ws_url(base, game_id), max_size=2**22, open_timeout=30) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None}))
        async for msg in _messages(ws, deadline):
            if msg["type"] == "state":
                arrivals.setdefault(msg["version"], time.perf_counter())
                if msg["status"] == "over":
                    return


def _start_server(port: int, folder: Path, db: str | None) -> subprocess.Popen[bytes]:
    log = (folder / "server.log").open("wb")
    return subprocess.Popen([*salon_command(), "serve", "--port", str(port),
                             "--db", db or f"sqlite:///{folder / 'load.db'}", "--bot-delay", "0", *CAPS],
                            stdout=log, stderr=subprocess.STDOUT)


def _wait_until_up(base: str, proc: subprocess.Popen[bytes] | None) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise SystemExit("the server exited at start")
        try:
            with urllib.request.urlopen(f"{base}/api/meta", timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not answer within 30 s")


def default_game() -> str:
    """The first game the browser client draws a board for (as the lobby offers it)."""
    names = game_names()
    drawn = [n for n in names if renderer(n) is not None]
    return (drawn or names)[0]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(values: list[float], q: float | None = None) -> float | None:
    """The median (or the ``q`` percentile) in milliseconds; None without values."""
    if not values:
        return None
    return round(1000 * (statistics.median(values) if q is None else percentile(values, q)), 2)


def _crossing(stats: Stats) -> dict[str, Any]:
    """From each public action's acknowledgement at its actor to the arrival at each spectator
    of the first state that shows it (a process that learns of several writes at once sends
    the latest), apart for the spectators on the actor's process and on another."""
    apart: dict[str, list[float]] = {"same": [], "other": []}
    watching: dict[str, list[tuple[str, list[int], list[float]]]] = {}
    for (game_id, where), arrivals in stats.arrivals.items():
        versions = sorted(arrivals)
        watching.setdefault(game_id, []).append((where, versions, [arrivals[v] for v in versions]))
    for game_id, version, acked, process in stats.acks:
        for where, versions, times in watching.get(game_id, []):
            shown = bisect.bisect_left(versions, version)
            if shown < len(versions):
                apart["same" if where == process else "other"].append(times[shown] - acked)
    report: dict[str, Any] = {}
    for where, values in apart.items():
        report |= {f"{where}_process_n": len(values), f"{where}_process_p50_ms": _ms(values),
                   f"{where}_process_p99_ms": _ms(values, 0.99)}
    return report


async def run(base: str, games: int, players: int, game: str, think: float, seconds: float,
              seed: int, spectate: list[str] | None = None) -> dict[str, Any]:
    """Play the games through ``base``; with ``spectate`` (the processes' own addresses),
    game i is also watched on the processes i and i + 1 (of their list, round)."""
    created = await asyncio.gather(*(_create(base, game, players) for _ in range(games)))
    stats = Stats()
    rng = random.Random(seed)
    started = time.monotonic()
    deadline = started + seconds
    watchers = [_spectator(spectate[(i + k) % len(spectate)], game_id, deadline, stats)
                for i, (game_id, _) in enumerate(created) for k in range(2)] if spectate else []
    await asyncio.gather(*watchers, *(
        _seat(base, game, game_id, token, think, deadline, random.Random(rng.random()), stats)
        for game_id, tokens in created for token in tokens))
    elapsed = time.monotonic() - started
    lat = stats.latencies
    return {
        "games": games, "players": players, "think_s": think, "seconds": round(elapsed, 1),
        "actions": len(lat), "actions_per_s": round(len(lat) / elapsed, 1) if elapsed else 0.0,
        "games_finished": stats.finished // players, "refused": stats.refused,
        "p50_ms": _ms(lat), "p99_ms": _ms(lat, 0.99), "max_ms": round(1000 * max(lat), 2) if lat else None,
        **(_crossing(stats) if spectate else {}),
    }


def _cluster(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """The load check of ``args.processes`` processes on PostgreSQL behind nginx."""
    server = None
    db = args.db
    if db is None:
        binaries = bin_dir()
        if binaries is None:
            raise SystemExit("PostgreSQL's server is not installed: run scripts/postgres-deps as root, or give --db")
        server = PostgresServer(binaries)
    try:
        if server is not None:
            server.start()
            db = server.create_schema()
        with Cluster(db, args.processes, folder, bot_delay=0, options=CAPS) as cluster:
            try:
                return asyncio.run(run(cluster.url, args.games, args.players, args.game, args.think, args.seconds,
                                       args.seed, [b.url for b in cluster.backends]))
            finally:
                for backend in cluster.backends:
                    _show_problems(backend.log)
    finally:
        if server is not None:
            server.stop()


def _show_problems(log: Path) -> None:
    problems = log.read_text(errors="replace")
    if "Traceback" in problems or "ERROR" in problems:
        print(f"server log {log.name}:\n{problems[-3000:]}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="concurrent games (default 100)")
    parser.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    parser.add_argument("--game", default=default_game(), help="which game (default: %(default)s)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a bot pauses before each action, on average (default 0.5; 0 floods)")
    parser.add_argument("--seconds", type=float, default=30.0, help="stop after this long (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="an already running server on this machine (default: start one)")
    parser.add_argument("--db", help="the database of the server it starts (default: a new SQLite file; sqlite:// "
                                     "keeps it in memory, to measure the server without its disk; with "
                                     "--processes, a PostgreSQL URL, by default a private server's)")
    parser.add_argument("--processes", type=int,
                        help="start this many processes on PostgreSQL behind nginx (scripts/nginx-deps), "
                             "and measure what crossing them adds")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    args = parser.parse_args(argv)
    if args.processes is not None and (args.processes < 1 or args.url):
        raise SystemExit("--processes starts one process at least, and no --url")
    proc = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.processes:
            report = {"processes": args.processes, **_cluster(args, Path(tmp))}
        else:
            if args.url:
                base = args.url.rstrip("/")
                if not base.startswith(("http://127.", "http://localhost", "http://[::1]")):
                    raise SystemExit("the load check only targets a server on this machine (loopback)")
            else:
                port = free_port()
                base = f"http://127.0.0.1:{port}"
                proc = _start_server(port, Path(tmp), args.db)
            try:
                _wait_until_up(base, proc)
                report = asyncio.run(run(base, args.games, args.players, args.game, args.think, args.seconds,
                                         args.seed))
            finally:
                if proc is not None:
                    proc.terminate()
                    proc.wait(20)
                    _show_problems(Path(tmp) / "server.log")
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['games']} games x {report['players']} seats, think {report['think_s']} s, "
              f"{report['seconds']} s: {report['actions']} actions ({report['actions_per_s']}/s), "
              f"{report['games_finished']} games finished, {report['refused']} refused")
        print(f"submission -> acknowledgement: p50 {report['p50_ms']} ms, p99 {report['p99_ms']} ms, "
              f"max {report['max_ms']} ms")
        if args.processes:
            for where in ("same", "other"):
                print(f"acknowledgement -> a spectator on the {where} process: p50 {report[f'{where}_process_p50_ms']}"
                      f" ms, p99 {report[f'{where}_process_p99_ms']} ms ({report[f'{where}_process_n']} arrivals)")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
