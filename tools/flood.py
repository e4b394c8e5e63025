"""Flood check of the game server's workers: how fast a table of bots plays while many
addresses ask for hints or replays as fast as the server lets them.

``python -m tools.flood`` starts the server (``salon serve`` with a public server's
defaults, tables of bots allowed) on a free loopback port, creates a table of two bots
(``--bots``, Hard by default) and watches it as a spectator for ``--seconds``, three times,
each on a server of its own: with nothing else to do; while ``--addresses`` addresses each
ask for hints at a table of their own, at the server's hint rate; and while as many ask for
replay steps at the replay rate.  Every loopback address is this machine, so each flooding
address is one of 127.0.0.2, 127.0.0.3, ... .  The report gives, per phase, the table's
actions a second and the longest wait between two of its actions.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from salon.bots.base import RandomBot
from salon.core.game import game_class
from salon.core.record import make_record
from tools.cluster import free_port, salon_command
from tools.load import default_game

HINTS_EVERY = 60 / 10
"""Seconds between two hints of one address: the default hint rate, 10/minute."""
REPLAYS_EVERY = 60 / 120
"""Seconds between two replay steps of one address: the default replay rate, 120/minute."""


@dataclass
class Phase:
    name: str
    actions: int
    seconds: float
    longest_wait_s: float
    asked: int
    refused: int

    def json(self) -> dict[str, Any]:
        return {"phase": self.name, "actions": self.actions, "seconds": round(self.seconds, 1),
                "actions_per_s": round(self.actions / self.seconds, 2),
                "longest_wait_s": round(self.longest_wait_s, 1), "asked": self.asked, "refused": self.refused}


class Client:
    """HTTP requests to the server from one loopback address of this machine."""

    def __init__(self, port: int, address: str) -> None:
        self.port, self.address = port, address

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60, source_address=(self.address, 0))
        try:
            headers = {"Content-Type": "application/json", **({"X-Seat-Token": token} if token else {})}
            conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = conn.getresponse()
            return response.status, json.loads(response.read() or b"null")
        finally:
            conn.close()


def bot_table(client: Client, game: str, bots: str) -> str:
    status, made = client.request("POST", "/api/games", {"game": game, "title": "flood check", "seats": [
        {"kind": "bot", "bot": bots}] * 2})
    if status != 201:
        raise SystemExit(f"the bot table was refused: {made}")
    table: str = made["id"]
    return table


def hinting(client: Client, game: str, until: float, counts: list[int]) -> None:
    """Ask for hints at a table of the address's own, whose seat never moves, at the rate."""
    status, made = client.request("POST", "/api/games", {
        "game": game, "title": "hints", "hints": True, "config": {"start_player": 0}, "join": {"seat": 0},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    if status != 201:
        raise SystemExit(f"a hinting table was refused: {made}")
    _ask(lambda: client.request("POST", f"/api/games/{made['id']}/hint", {}, made["token"]), HINTS_EVERY, until,
         counts)


def replaying(client: Client, record: dict[str, Any], until: float, counts: list[int]) -> None:
    """Ask for the steps of a saved game, each step further on, at the rate."""
    steps = iter(range(10**9))
    _ask(lambda: client.request("POST", f"/api/replay?step={next(steps) % len(record['actions'])}", record),
         REPLAYS_EVERY, until, counts)


def _ask(request: Any, every: float, until: float, counts: list[int]) -> None:
    """``request()`` every ``every`` seconds until ``until``; counts[0] answered, counts[1] refused."""
    due = time.monotonic()
    while due < until:
        status, _ = request()
        counts[0 if status == 200 else 1] += 1
        due += every
        time.sleep(max(0.0, due - time.monotonic()))


async def watch(port: int, table: str, seconds: float) -> tuple[int, float, float]:
    """The table's actions within ``seconds`` (or until its game ends) as a spectator sees
    them, the seconds watched, and the longest wait."""
    async with connect(f"ws://127.0.0.1:{port}/api/games/{table}/ws", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None}))
        start = last = time.monotonic()
        first: int | None = None
        version, longest = 0, 0.0
        while (left := start + seconds - time.monotonic()) > 0:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), left))
            except TimeoutError:
                break
            if msg["type"] == "state" and msg["version"] > version:
                now = time.monotonic()
                longest, last = max(longest, now - last), now
                version = msg["version"]
                first = version if first is None else first
                if msg["status"] != "running":
                    break
        end = time.monotonic()
        return version - (first or 0), end - start, max(longest, end - last)


def phase(name: str, folder: Path, args: argparse.Namespace, flood: Any = None) -> Phase:
    """Watch a new bot table for ``args.seconds`` on a server of its own (so that no earlier
    phase's table still plays), with ``flood(client, until, counts)`` run from every flooding
    address meanwhile."""
    with serving(folder / name.replace(" ", "-"), args.bot_delay) as port:
        table = bot_table(Client(port, "127.0.0.1"), args.game, args.bots)
        until = time.monotonic() + args.seconds
        counts = [0, 0]
        threads = [threading.Thread(target=flood, args=(Client(port, f"127.0.0.{2 + n}"), until, counts),
                                    daemon=True) for n in range(args.addresses if flood else 0)]
        for thread in threads:
            thread.start()
        actions, watched, longest = asyncio.run(watch(port, table, args.seconds))
        for thread in threads:
            thread.join()
    return Phase(name, actions, watched, longest, counts[0], counts[1])


def saved_game(game: str) -> dict[str, Any]:
    """A record of a whole game of random bots, to replay."""
    played = game_class(game).new({"players": 2}, 1)
    bot = RandomBot(1)
    while not played.is_over():
        played.apply(bot.choose(played))
    return make_record(played)


def run(args: argparse.Namespace, folder: Path) -> list[Phase]:
    record = saved_game(args.game)
    return [phase("alone", folder, args),
            phase(f"{args.addresses} addresses asking hints", folder, args,
                  lambda c, until, counts: hinting(c, args.game, until, counts)),
            phase(f"{args.addresses} addresses asking replays", folder, args,
                  lambda c, until, counts: replaying(c, record, until, counts))]


@contextmanager
def serving(folder: Path, bot_delay: float) -> Iterator[int]:
    """A server with a public server's defaults (tables of bots allowed) on a free port: the port."""
    folder.mkdir()
    port = free_port()
    with (folder / "server.log").open("wb") as log:
        server = subprocess.Popen(
            [*salon_command(), "serve", "--port", str(port), "--db", f"sqlite:///{folder / 'flood.db'}",
             "--allow-bot-tables", "--bot-delay", str(bot_delay)], stdout=log, stderr=log)
    try:
        limit = time.monotonic() + 60
        while not _answers(port):
            if server.poll() is not None or time.monotonic() > limit:
                raise SystemExit(f"the server did not start: {(folder / 'server.log').read_text()[-2000:]}")
            time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        server.wait(30)


def _answers(port: int) -> bool:
    try:
        Client(port, "127.0.0.1").request("GET", "/api/meta")
    except OSError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.flood", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=default_game(), help="which game (default: %(default)s)")
    parser.add_argument("--bots", default="hard", help="the level of the table's two bots (default hard)")
    parser.add_argument("--bot-delay", type=float, default=0.6,
                        help="seconds the server's bots wait before each action (default 0.6, the server's own)")
    parser.add_argument("--addresses", type=int, default=8, help="flooding addresses (default 8)")
    parser.add_argument("--seconds", type=float, default=60.0, help="each phase's length (default 60)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        phases = run(args, Path(tmp))
    report = {"game": args.game, "bots": args.bots, "bot_delay": args.bot_delay, "addresses": args.addresses,
              "seconds": args.seconds,
              "phases": [p.json() for p in phases]}
    if args.json:
        print(json.dumps(report))
    else:
        for p in report["phases"]:
            print(f"{p['phase']}: {p['actions_per_s']} actions/s ({p['actions']}), longest wait "
                  f"{p['longest_wait_s']} s; {p['asked']} asks answered, {p['refused']} refused")
    return 0


if __name__ == "__main__":
    sys.exit(main())
