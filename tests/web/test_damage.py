"""A damaged stored game costs only itself: on start the server quarantines every unfinished
game it cannot restore (logged once, listed as broken, never served as playable) and serves
the others; the lobby keeps answering whatever the finished games' rows hold."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from tests.web.helpers import act, create, error_code, room_of, state

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _games(url: str) -> list[str]:
    """Two sound two-player games, one unfinished table for each way a row can be damaged,
    and a finished game: their ids, the sound unfinished one first."""
    with TestClient(create_app(url, bot_delay=0, allow_seed=True, limits=UNLIMITED)) as c:
        ids = [create(c, HUMANS, seed=s, private=False)[0] for s in range(7)]
        for game_id in ids:
            c.post(f"/api/games/{game_id}/join", json={"seat": 1})
    return ids


def _damage(path: Path, ids: list[str]) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.begin() as db:
        db.execute(sa.text("UPDATE games SET config = 'not json' WHERE id = :id"), {"id": ids[1]})
        db.execute(sa.text("UPDATE games SET seed = 'many' WHERE id = :id"), {"id": ids[2]})
        db.execute(sa.text("INSERT INTO actions (game_id, n, action) VALUES (:id, 0, 'play:nothing')"), {"id": ids[3]})
        db.execute(sa.text("UPDATE games SET game = 'chess' WHERE id = :id"), {"id": ids[4]})
        db.execute(sa.text("UPDATE seats SET kind = 'alien' WHERE game_id = :id AND seat = 1"), {"id": ids[5]})
        db.execute(sa.text("UPDATE games SET over = 1, config = '[1]' WHERE id = :id"), {"id": ids[6]})
    engine.dispose()


@pytest.mark.heavy
def test_unrestorable_games_are_quarantined_and_the_others_served(tmp_path: Path,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "salon.db"
    url = f"sqlite:///{path}"
    ids = _games(url)
    _damage(path, ids)
    with caplog.at_level(logging.ERROR, logger="salon.web"), \
            TestClient(create_app(url, bot_delay=0, limits=UNLIMITED)) as c:
        st = state(c, ids[0])
        assert st["status"] == "running"
        room = room_of(c, ids[0])
        assert room.game.current_player() is not None
        for broken in ids[1:6]:
            r = c.get(f"/api/games/{broken}")
            assert r.status_code == 410 and error_code(r) == "broken"
        started = [r.getMessage() for r in caplog.records if "quarantined" in r.getMessage()]
        assert len(started) == 5  # the unfinished ones, at start
        assert any("unknown kind 'alien'" in m for m in started)
        listing = c.get("/api/games")  # lists the finished game: found damaged, quarantined too
        assert listing.status_code == 200
        assert [g["id"] for g in listing.json()["games"]] == [ids[0]]
        assert {b["id"] for b in listing.json()["broken"]} == set(ids[1:])
        assert c.get(f"/api/games/{ids[6]}").status_code == 410
        logged = [r.getMessage() for r in caplog.records if "quarantined" in r.getMessage()]
        assert len(logged) == 6
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="salon.web"), \
            TestClient(create_app(url, bot_delay=0, limits=UNLIMITED)) as c:
        assert not [r for r in caplog.records if "quarantined" in r.getMessage()], "logged once, not at every start"
        assert c.get("/api/games").status_code == 200
        assert len(c.get("/api/games?status=broken").json()["broken"]) == 6


def test_a_damaged_finished_game_does_not_break_the_lobby(tmp_path: Path) -> None:
    path = tmp_path / "salon.db"
    url = f"sqlite:///{path}"
    with TestClient(create_app(url, bot_delay=0, allow_seed=True, limits=UNLIMITED)) as c:
        game_id, _ = create(c, HUMANS, seed=1, private=False)
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.begin() as db:
        db.execute(sa.text("UPDATE games SET over = 1, seed = 'x' WHERE id = :id"), {"id": game_id})
    engine.dispose()
    with TestClient(create_app(url, bot_delay=0, limits=UNLIMITED)) as c:
        r = c.get("/api/games")
        assert r.status_code == 200 and r.json()["games"] == []
        assert [b["id"] for b in c.get("/api/games?status=broken").json()["broken"]] == [game_id]


def test_a_damaged_database_file_is_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "salon.db"
    bad.write_bytes(b"these bytes are no database" * 100)
    with pytest.raises(Exception) as err:
        with TestClient(create_app(f"sqlite:///{bad}", bot_delay=0)):
            pass
    message = str(err.value)
    assert "\n" not in message and str(bad) in message


@pytest.mark.heavy
def test_a_quarantined_game_is_never_played(tmp_path: Path) -> None:
    path = tmp_path / "salon.db"
    url = f"sqlite:///{path}"
    ids = _games(url)
    _damage(path, ids)
    with TestClient(create_app(url, bot_delay=0, limits=UNLIMITED)) as c:
        r = act(c, ids[3], None, "main:skip", 0)
        assert r.status_code == 410 and r.headers["content-type"] == "application/json"
        assert json.loads(r.text)["error"]["code"] == "broken"
