"""What a table keeps secret from those who watch it: its seed (a keyed generator's 128-bit
key, published only with the finished game's record) and how many cards a bot presents in
a Necklace sale (stored in one commit with the ``done`` that ends them)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.bots.base import bot_seed
from salon.core.game import is_secret_seed
from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.storage import Database
from tests.web.helpers import TOKEN, room_of, state

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def test_a_tables_seed_is_a_secret_key_no_view_shows() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, limits=UNLIMITED)) as c:
        made = [c.post("/api/games", json={"game": "rococo", "seats": HUMANS, "join": {"seat": 0}}).json()
                for _ in range(3)]
        seeds = [room_of(c, m["id"]).seed for m in made]
        assert all(is_secret_seed(s) for s in seeds) and len(set(seeds)) == 3
        assert all(is_secret_seed(bot_seed(s, seat)) for s in seeds for seat in range(2))
        for m, seed in zip(made, seeds):
            shown = [c.get("/api/games").text, c.get(f"/api/games/{m['id']}").text,
                     c.get(f"/api/games/{m['id']}/state", headers={TOKEN: m["token"]}).text,
                     c.get(f"/api/games/{m['id']}/components").text]
            for text in shown:
                assert str(seed) not in text and str(seed - 2**128) not in text and hex(seed)[2:] not in text
            r = c.get(f"/api/games/{m['id']}/record")
            assert r.status_code == 409  # published once the game is over


def _necklace_with_a_bot(c: TestClient) -> tuple[str, str]:
    r = c.post("/api/games", json={"game": "necklace", "seats": [HUMANS[0], {"kind": "bot", "bot": "heuristic"}],
                                   "config": {"start_player": 0}, "seed": 11, "join": {"seat": 0}})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["token"]


@pytest.mark.slow
def test_a_bots_presentation_is_stored_in_one_commit_with_its_done(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every stored batch that holds a bot's secret card also holds the ``done`` that ends its
    presentation, so the others cannot time how many cards it presented."""
    batches: list[list[str]] = []
    append_many = Database.append_many

    def spying(self: Database, game_id: str, first_n: int, moves: Any, over: bool, writes: int) -> None:
        batches.append(list(moves))
        append_many(self, game_id, first_n, moves, over, writes)

    monkeypatch.setattr(Database, "append_many", spying)
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED)) as c:
        game_id, token = _necklace_with_a_bot(c)
        room = room_of(c, game_id)
        presented = 0
        for _ in range(20_000):
            if room.game.is_over() or presented >= 2:
                break
            st = state(c, game_id, token)
            if st["current"] != 0 or not st["legal"]:
                continue  # the bot is playing
            legal = st["legal"]
            move = "pass" if "pass" in legal else "done" if "done" in legal else legal[0]
            r = c.post(f"/api/games/{game_id}/actions", json={"action": move, "version": st["version"]},
                       headers={TOKEN: token})
            assert r.status_code in (200, 409), r.text  # 409: the bot moved meanwhile
            presented = sum(1 for b in batches if any(m.startswith("present:") for m in b) and len(b) > 1)
        assert presented >= 2, "the bot presented cards in two sales"
        for batch in batches:  # the person here presents nothing: every card is the bot's
            if any(m.startswith("present:") for m in batch):
                assert batch[-1] == "done", batch
