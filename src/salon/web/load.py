"""Load check of the game server: many concurrent games of bots on one server process.

``python -m salon.web.load`` starts the server (``salon serve``) as a separate process on a
free loopback port with a temporary SQLite file, creates the games, and plays every seat of
every game with a random bot that connects like a browser does (a WebSocket per seat).  Each
action's time from submission to acknowledgement is measured (the acknowledgement comes
after the action is validated, applied and committed to the database); the report gives the
median, the 99th percentile and the worst, and the throughput.  ``--think`` is the pause a
bot takes before each action (the server's bots wait 0.6 s by default); 0 floods the server.

Only loopback addresses are used; the run stops by itself after ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from salon.core.game import game_names
from salon.web.app import renderer


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    finished: int = 0


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        data: dict[str, Any] = json.loads(r.read())
        return data


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


async def _seat(ws_url: str, token: str, think: float, deadline: float, rng: random.Random, stats: Stats) -> None:
    """Play one seat: whenever this seat may act, wait ``think`` seconds, send a random legal
    action and time it until its acknowledgement.  A lone pass or done that the server makes
    for the seat itself (the state's ``forced``) is left to the server, as a browser leaves it."""
    async with connect(ws_url, max_size=2**22, open_timeout=30) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent: dict[int, float] = {}
        counter = 0
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "ack":
                started = sent.pop(msg["id"], None)
                if started is not None:
                    stats.latencies.append(time.perf_counter() - started)
            elif kind == "error":
                sent.pop(msg.get("id"), None)
                stats.refused += 1
            elif kind == "state":
                if msg["status"] == "over":
                    stats.finished += 1
                    return
                if msg["legal"] and not sent and not msg.get("forced"):
                    await _act(ws, msg, think, rng, sent, counter := counter + 1)


async def _act(ws: ClientConnection, msg: dict[str, Any], think: float, rng: random.Random,
               sent: dict[int, float], request_id: int) -> None:
    if think:
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
    sent[request_id] = time.perf_counter()
    await ws.send(json.dumps({"type": "act", "action": rng.choice(msg["legal"]), "version": msg["version"],
                              "id": request_id}))


def _start_server(port: int, folder: Path, db: str | None) -> subprocess.Popen[bytes]:
    salon = Path(sys.executable).with_name("salon")
    cmd = [str(salon)] if salon.exists() else [sys.executable, "-m", "salon.cli.main"]
    log = (folder / "server.log").open("wb")
    # one address plays every seat: the caps of a public server are lifted
    caps = ["--max-tables", "100000", "--max-tables-per-client", "100000", "--max-connections-per-client", "100000",
            "--create-rate", "1000000/second", "--join-rate", "1000000/second"]
    return subprocess.Popen([*cmd, "serve", "--port", str(port), "--db", db or f"sqlite:///{folder / 'load.db'}",
                             "--bot-delay", "0", *caps], stdout=log, stderr=subprocess.STDOUT)


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


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def default_game() -> str:
    """The first game the browser client draws a board for (as the lobby offers it)."""
    names = game_names()
    drawn = [n for n in names if renderer(n) is not None]
    return (drawn or names)[0]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(base: str, games: int, players: int, game: str, think: float, seconds: float,
              seed: int) -> dict[str, Any]:
    created = await asyncio.gather(*(_create(base, game, players) for _ in range(games)))
    stats = Stats()
    rng = random.Random(seed)
    ws_base = base.replace("http://", "ws://", 1)
    started = time.monotonic()
    deadline = started + seconds
    await asyncio.gather(*(
        _seat(f"{ws_base}/api/games/{game_id}/ws", token, think, deadline, random.Random(rng.random()), stats)
        for game_id, tokens in created for token in tokens))
    elapsed = time.monotonic() - started
    lat = stats.latencies
    return {
        "games": games, "players": players, "think_s": think, "seconds": round(elapsed, 1),
        "actions": len(lat), "actions_per_s": round(len(lat) / elapsed, 1) if elapsed else 0.0,
        "games_finished": stats.finished // players, "refused": stats.refused,
        "p50_ms": round(1000 * statistics.median(lat), 2) if lat else None,
        "p99_ms": round(1000 * percentile(lat, 0.99), 2) if lat else None,
        "max_ms": round(1000 * max(lat), 2) if lat else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m salon.web.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="concurrent games (default 100)")
    parser.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    parser.add_argument("--game", default=default_game(), help="which game (default: %(default)s)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a bot pauses before each action, on average (default 0.5; 0 floods)")
    parser.add_argument("--seconds", type=float, default=30.0, help="stop after this long (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="an already running server on this machine (default: start one)")
    parser.add_argument("--db", help="the database of the server it starts (default: a new SQLite file; sqlite:// "
                                     "keeps it in memory, to measure the server without its disk)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    args = parser.parse_args(argv)
    proc = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            base = args.url.rstrip("/")
            if not base.startswith(("http://127.", "http://localhost", "http://[::1]")):
                raise SystemExit("the load check only targets a server on this machine (loopback)")
        else:
            port = _free_port()
            base = f"http://127.0.0.1:{port}"
            proc = _start_server(port, Path(tmp), args.db)
        try:
            _wait_until_up(base, proc)
            report = asyncio.run(run(base, args.games, args.players, args.game, args.think, args.seconds, args.seed))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(20)
                problems = (Path(tmp) / "server.log").read_text(errors="replace")
                if "Traceback" in problems or "ERROR" in problems:
                    print(f"server log:\n{problems[-3000:]}", file=sys.stderr)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['games']} games x {report['players']} seats, think {report['think_s']} s, "
              f"{report['seconds']} s: {report['actions']} actions ({report['actions_per_s']}/s), "
              f"{report['games_finished']} games finished, {report['refused']} refused")
        print(f"submission -> acknowledgement: p50 {report['p50_ms']} ms, p99 {report['p99_ms']} ms, "
              f"max {report['max_ms']} ms")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
