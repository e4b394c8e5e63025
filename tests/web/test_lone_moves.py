"""A lone ``pass`` or ``done`` that the server makes for a person (QN-INFO-1, ``conceal_holders``)
is no choice of theirs: no Undo is offered for it, and an undo sent anyway is refused with
nothing changed (taking it back would only have the server make it again)."""

from __future__ import annotations

import asyncio
import random

import pytest

from salon.web.errors import Refused
from salon.web.storage import Storage
from salon.web.tables.hub import Hub
from salon.web.tables.room import forced_move
from salon.web.tables.stored import rebuild


@pytest.mark.heavy
def test_no_undo_of_a_lone_move_the_server_made_QN_INFO_1(monkeypatch: pytest.MonkeyPatch) -> None:
    real_sleep = asyncio.sleep
    seen = {"after_lone": 0, "engine_would": 0, "chosen_undone": 0}

    async def scenario() -> None:
        storage = Storage("sqlite://")
        await storage.start()
        hub = Hub(storage, bot_delay=0.25, allow_seed=True)

        async def sleep(seconds: float) -> None:  # the server's pause, never the wall clock's
            await real_sleep(0)

        monkeypatch.setattr(asyncio, "sleep", sleep)
        room, _, _ = await hub.lobby.create("necklace", "t", [{"kind": "human"}] * 3, {"conceal_holders": True}, 4,
                                      {"seat": 0, "name": "A"})
        await hub.seats.join(room, 1, "B")
        await hub.seats.join(room, 2, "C")
        rng = random.Random(4)
        while True:
            while room.bot_task is not None and not room.bot_task.done():
                await room.bot_task
            if room.game.is_over():
                break
            seat = room.game.current_player()
            assert seat is not None and forced_move(room.game) is None
            version = room.version_for(seat)
            shown = room.state(seat)
            if room.lone[-1]:  # the latest action: a lone move the server made
                seen["after_lone"] += 1
                seen["engine_would"] += room.game.undoable() > 0
                assert shown["undoable"] == 0
                history = list(room.game.history)
                with pytest.raises(Refused) as refused:
                    await hub.play.undo(room, seat, version)
                assert refused.value.code == "no_undo"
                assert room.game.history == history and room.version_for(seat) == version
            elif shown["undoable"] > 0 and rng.random() < 0.3:  # the player's own choice: taken back
                before = len(room.game.history)
                await hub.play.undo(room, seat, version)
                assert len(room.game.history) == before - 1
                seen["chosen_undone"] += 1
                continue
            await hub.play.act(room, seat, rng.choice(room.game.legal_actions()), version)
        # the flags of a table read back from the database are the same
        rec = await storage.run(lambda db: db.load(room.id))
        assert rebuild(rec)[3] == room.lone  # type: ignore[arg-type]
        await hub.stop()
        await storage.close()

    asyncio.run(scenario())
    assert seen["after_lone"] and seen["chosen_undone"], seen
    assert seen["engine_would"], "the engine alone would offer such undos: the case the rule is for"
