"""The server's bots in its worker processes (salon.web.jobs): every bot a server plays goes
to a worker and back, after it has played too, on either engine; every bot declares what a
decision of it costs, which the server schedules it by; a bot that fails in its worker gives
way to the random bot's move, with a warning, and the game goes on; a bot that cannot play a
table's config is refused before the table exists."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

import salon
from salon import compiled
from salon.bots.base import BOTS, make_bot
from salon.web import jobs
from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.compute import LONG_JOB
from tests.web.helpers import act, error_code, hub_of, room_of, settled, state

ROOT = Path(salon.__file__).parent.parent
REPO = Path(__file__).resolve().parents[2]
BUILT = compiled.choose(compiled._installed(), ROOT, {})[0].compiled
"""Whether the compiled engine is built from these very sources (salon/compiled.py)."""
PATIENCE = 900.0
"""The longest the run of every bot may take (a bound, not a measurement: it takes seconds)."""


@pytest.mark.slow
@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_every_bot_a_server_plays_moves_in_a_worker_and_comes_back_to_play_again(pure: bool) -> None:
    """Every bot of the table and every level (the searches with quick parameters), in both
    games: its move, made in a worker, is legal, and the bot the worker sends back, caches and
    all, makes the seat's next move in a worker too.  The run has a process of its own, whose
    workers run the engine asked for (tests.web.worker_bots)."""
    if not pure and not BUILT:
        pytest.skip("the compiled engine is not built from these sources (SALON_COMPILE=1 scripts/setup)")
    env = {name: value for name, value in os.environ.items() if name != "SALON_PURE"}
    if pure:
        env["SALON_PURE"] = "1"
    run = subprocess.run([sys.executable, "-m", "tests.web.worker_bots"], cwd=REPO, env=env, capture_output=True,
                         text=True, timeout=PATIENCE)
    report = run.stdout + run.stderr
    assert report.startswith(f"engine: {'pure' if pure else 'compiled'} in the workers"), report
    assert run.returncode == 0, report


def test_every_bot_declares_what_a_decision_costs() -> None:
    """An instant bot costs nothing; every other one something, and a search its think time,
    so that a server keeps a worker free of the long ones for the quick ones."""
    for name in BOTS:
        bot = make_bot(name)
        assert bot.cost == 0 if bot.instant else bot.cost > 0, name
    assert make_bot("normal").cost < LONG_JOB and make_bot("easy").cost < LONG_JOB
    assert (make_bot("hard").cost, make_bot("expert").cost) == (1.0, 5.0)
    assert make_bot("search:think=2").cost == make_bot("learned:think=2").cost == 2.0
    assert make_bot("ismcts:simulations=400").cost >= LONG_JOB > make_bot("ismcts:simulations=2").cost


def _table(client: TestClient, spec: str, **extra: Any) -> httpx.Response:
    """A new Rococo table of a person, who joins it, and the bot of ``spec``."""
    return client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "human"}, {"kind": "bot", "bot": spec}],
                                           "join": {"seat": 0, "name": "Ann"}, **extra})


def _counting(monkeypatch: pytest.MonkeyPatch, client: TestClient) -> list[str]:
    """The names of the jobs the server sends its workers, counted as they are sent."""
    sent: list[str] = []
    compute = hub_of(client).compute
    run = compute.run

    async def counted(lane: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        sent.append(function.__name__)
        return await run(lane, function, *args, **kwargs)

    monkeypatch.setattr(compute, "run", counted)
    return sent


def test_a_bot_that_fails_in_its_worker_gives_way_to_a_random_move_and_the_game_goes_on(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A bot that raises at every decision: each of its moves is a job that fails, a warning
    and the random bot's move instead; the person plays on, and the bot is asked again."""
    monkeypatch.setitem(BOTS, "failing", "tests.web.worker_bots:FailingBot")
    with caplog.at_level(logging.WARNING, logger="salon.web"), \
            TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED)) as c:
        sent = _counting(monkeypatch, c)
        r = _table(c, "failing", config={"start_player": 1}, seed=5)
        assert r.status_code == 201, r.text
        game_id, token = r.json()["id"], r.json()["token"]
        room = room_of(c, game_id)
        for _ in range(100):  # the person's decisions: a bound, not a measurement
            settled(room)  # the bot has moved: the person decides
            assert sent and set(sent) == {jobs.bot_moves.__name__}, "the bot's moves went to no worker"
            warnings = [w for w in caplog.records if "failed; a random move instead" in w.getMessage()]
            assert len(warnings) == len(sent), "one warning a failed move"
            if len(sent) >= 3:
                break
            st = state(c, game_id, token)
            assert act(c, game_id, token, st["legal"][0], st["version"]).status_code == 200
        assert len(sent) >= 3, "the failing bot was not asked again"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a bot's failure stopped its table"


def test_a_learned_bot_of_a_generation_the_config_lacks_is_refused_before_the_table_exists() -> None:
    """Its every decision would fail in the worker: the table is not made."""
    with TestClient(create_app("sqlite://", bot_delay=0, limits=UNLIMITED)) as c:
        r = _table(c, "learned:generation=99")
        assert (r.status_code, error_code(r)) == (422, "bot_not_allowed"), r.text
        assert "generations" in r.json()["error"]["message"] and not hub_of(c).rooms.held
