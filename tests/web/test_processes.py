"""Two server processes on one PostgreSQL database (two hubs, each with its own connection,
as two ``salon serve`` would have): the database alone orders a game's actions.  A process
that missed a write of the other cannot act or undo on what it missed: its write is refused
as stale, it catches up from the database, and what is stored is always what was accepted."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
import sqlalchemy as sa

from salon.bots.base import Bot
from salon.web import quota
from salon.web.caps import UNLIMITED, Limits
from salon.web.errors import Refused
from salon.web.storage import BrokenRecord, Database, GameRecord, Storage, StorageError
from salon.web.storage.database import CHANNEL
from salon.web.tables.bots import Bots, bot_turn
from salon.web.tables.hub import Hub
from salon.web.tables.room import Connection, Room

Scenario = Callable[[Hub, Hub, Room, Room], Awaitable[None]]
PEOPLE = ({"kind": "human"}, {"kind": "human"})
HANG_GUARD = 120.0
"""Seconds after which a message that never comes fails the test rather than hang it."""
POLL = 0.01
MARKER = "no-such-game"
"""The game a notification names that only marks a point in the notifications' order."""
KILL_WAIT_MS = 60_000
"""How long PostgreSQL may take to end a session it is told to terminate."""


def two_processes(url: str, scenario: Scenario, seats: tuple[dict[str, str], ...] = PEOPLE,
                  limits: Limits | None = None, bot_delay: float = 0, options: dict[str, object] | None = None,
                  rounds: float = 0.05) -> None:
    """Run ``scenario`` with two hubs on one database, each listening to the other, and a
    two-seat Rococo table that the first created and the second loaded; each hub compares
    its tables' writes with the database's every ``rounds`` seconds (Sync._every_round)."""
    async def run() -> None:
        stores = [Storage(url), Storage(url)]
        for store in stores:
            await store.start()
        a, b = (Hub(store, bot_delay=bot_delay, allow_seed=True, limits=limits, lease_retry=rounds)
                for store in stores)
        for hub in (a, b):
            await hub.start()
        room_a, _, _ = await a.lobby.create("rococo", "t", list(seats), {}, 5, None, options=options)
        for seat, spec in enumerate(seats):
            if spec["kind"] == "human":
                await a.seats.join(room_a, seat, f"P{seat}")
        room_b = await b.rooms.get(room_a.id)
        await settled(lambda: room_b.seats_json() == room_a.seats_json())  # B has heard of the joins
        try:
            await scenario(a, b, room_a, room_b)
            live = next(hub for hub in (a, b) if not hub.stopping)
            stored = await live.storage.run(lambda db: db.load(room_a.id))
            assert isinstance(stored, GameRecord)
            for hub, room in ((a, room_a), (b, room_b)):
                assert hub.stopping or stored.actions == room.game.history
        finally:
            for hub in (a, b):
                if not hub.stopping:
                    await hub.stop()
            for store in stores:
                await store.close()

    asyncio.run(run())


async def play(hub: Hub, room: Room, rng: random.Random) -> None:
    seat = room.game.current_player()
    assert seat is not None
    await hub.play.act(room, seat, rng.choice(room.game.legal_actions()), room.version_for(seat))


async def stale(attempt: Awaitable[object]) -> None:
    with pytest.raises(Refused) as refused:
        await attempt
    assert refused.value.code == "stale"


def test_a_process_that_missed_moves_catches_up_instead_of_acting_or_undoing_on_them(postgres_url: str) -> None:
    """A seat acts through B while A hears nothing of it; A's move on what it saw is refused
    as stale and A catches up.  Six moves go through A while B hears nothing; an undo sent
    through B (its room still at the first move) is refused as stale, B catches up, and
    nothing stored is lost.  (The server's own moves wait: only the test's are made.)"""
    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        rng = random.Random(3)
        room_a.behind = True  # as if its notifications were lost: no catch-up is started (Hub._behind)
        while True:  # a position where the deciding seat's move may be taken back
            seat = room_b.game.current_player()
            assert seat is not None
            await play(b, room_b, rng)
            if room_b.undoable() > 0:
                break
        undo_version = room_b.version_for(seat)
        await stale(play(a, room_a, rng))
        assert room_a.game.history == room_b.game.history
        room_a.behind, room_b.behind = False, True
        for _ in range(6):
            await play(a, room_a, rng)
        await stale(b.play.undo(room_b, seat, undo_version))
        assert room_b.game.history == room_a.game.history
        assert room_b.writes == room_a.writes
        room_b.behind = False

    two_processes(postgres_url, scenario, bot_delay=HANG_GUARD)


def test_simultaneous_moves_and_undos_through_two_processes_are_accepted_once(postgres_url: str) -> None:
    """The same seat's move or undo sent through both processes at once, two hundred times:
    exactly one is accepted each time, and what is stored is what both processes publish."""
    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        rng = random.Random(8)
        rooms = {a: room_a, b: room_b}
        kinds: Counter[str] = Counter()
        for _ in range(200):
            await settled(lambda: quiet(rooms))
            if room_a.game.is_over():
                break
            seat = room_a.game.current_player()
            assert seat is not None
            version = room_a.version_for(seat)
            assert version == room_b.version_for(seat)
            undo = room_a.undoable() > 0
            picks = ["undo" if undo and rng.random() < 0.5 else "act" for _ in rooms]
            choices = [h.play.undo(r, seat, version) if pick == "undo" else
                       h.play.act(r, seat, rng.choice(r.game.legal_actions()), version)
                       for pick, (h, r) in zip(picks, rooms.items(), strict=True)]
            kinds[" & ".join(sorted(picks))] += 1
            results = await asyncio.gather(*choices, return_exceptions=True)
            refused = [r for r in results if isinstance(r, Refused)]
            assert len(refused) == 1 and refused[0].code == "stale", results
            await settled(lambda: quiet(rooms))
            stored = await a.storage.run(lambda db: db.load(room_a.id))
            assert isinstance(stored, GameRecord)
            assert stored.actions == room_a.game.history == room_b.game.history
            assert room_a.game.state_hash() == room_b.game.state_hash()  # a catch-up replays only what it lacked
        assert len(kinds) == 3, f"acts and undos met in every pairing: {kinds}"

    two_processes(postgres_url, scenario)


def quiet(rooms: dict[Hub, Room]) -> bool:
    """Whether the running processes hold the same writes of the game, and none has a move to
    make for the table (a bot's, or a person's lone pass) that would race with the test's."""
    live = [room for hub, room in rooms.items() if not hub.stopping]
    return len({room.writes for room in live}) == 1 and all(bot_turn(room) is None for room in live)


async def until(conn: Connection, done: Callable[[], bool]) -> None:
    """Read the client's messages until ``done()`` holds (what a browser on that process sees)."""
    while not done():
        message = await asyncio.wait_for(conn.queue.get(), HANG_GUARD)
        assert message is not None, "closed"


async def shown(conn: Connection, room: Room, other: Room) -> None:
    """Wait until ``room`` has caught up with ``other`` (the table as the other process holds
    it), then check that ``conn``, a spectator of ``room``, was sent where it stands.  (Its
    messages cannot be what is waited for: the other process may move on meanwhile, a bot's
    move or a lone pass it makes, and send this one nothing more.)"""
    await settled(lambda: room.version_for(None) == other.version_for(None))
    versions = [m["version"] for m in drained(conn) if m is not None and m["type"] == "state"]
    assert versions and versions[-1] == room.version_for(None)


def drained(conn: Connection) -> list[dict[str, object] | None]:
    messages = []
    while not conn.queue.empty():
        messages.append(conn.queue.get_nowait())
    return messages


async def settled(done: Callable[[], bool]) -> None:
    """Wait until ``done()`` holds, however many processes it takes."""
    for _ in range(int(HANG_GUARD / POLL)):
        if done():
            return
        await asyncio.sleep(POLL)
    raise AssertionError("never settled")


async def heard_all(a: Hub, b: Hub, monkeypatch: pytest.MonkeyPatch) -> None:
    """Wait until B has heard and acted on every notification A sent so far: A sends one
    more, of a game nobody holds, which B asks the database about (``to_hold``); PostgreSQL
    delivers notifications in the order their transactions committed, and B schedules them
    in the order it hears them, so every earlier one has been handled by then."""
    asked: list[str] = []
    to_hold = Database.to_hold

    def counted(self: Database, game_ids: Sequence[str]) -> list[str]:
        asked.extend(game_ids)
        return to_hold(self, game_ids)

    monkeypatch.setattr(Database, "to_hold", counted)
    await a.storage.run(lambda db: db.conn.execute(
        sa.select(sa.func.pg_notify(CHANNEL, f"{db.origin} {MARKER}"))))
    await settled(lambda: MARKER in asked and not b.sync._background)
    monkeypatch.setattr(Database, "to_hold", to_hold)


def test_a_move_through_one_process_reaches_the_clients_of_the_other(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A spectator of process B sees the moves made through A, which B takes from their
    notifications without reading the game again; and a token renewed through A is the only
    one B honours: B's connection of the old token is closed.  (No catch-up round runs within
    the test, its rounds HANG_GUARD apart: a round that came between A's write and its
    notification would rightly read the game, however fast the machine; a lost notification
    fails the test when the wait for it gives up.)"""
    loads: Counter[str] = Counter()
    load = Database.load

    def counted(self: Database, game_id: str, since: int = 0) -> GameRecord | BrokenRecord | None:
        loads[self.origin] += 1
        return load(self, game_id, since)

    monkeypatch.setattr(Database, "load", counted)

    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        watcher, player = Connection(None), Connection(0)
        await b.seats.connect(room_b, watcher)
        await b.seats.connect(room_b, player)
        await settled(lambda: quiet({a: room_a, b: room_b}))
        await heard_all(a, b, monkeypatch)  # and read what it had to for the table's creation and joins
        loads.clear()
        rng = random.Random(5)
        turns = 0
        for _ in range(5):
            deciding, before = room_b.game.current_player(), b.clock()
            await play(a, room_a, rng)
            await shown(watcher, room_b, room_a)
            assert len(room_b.game.history) == len(room_a.game.history)
            if room_b.game.current_player() != deciding:
                assert room_b.turn_started >= before, "B's turn timer runs from the new turn"
                turns += 1
        assert turns
        assert loads[b.storage.origin] == 0
        tokens = []
        for _ in range(2):
            tokens.append(await a.seats.renew_token(room_a, 0))
            await until(watcher, lambda: room_b.seats[0].token_hash == room_a.seats[0].token_hash)
        assert room_b.seat_of(tokens[1]) == 0
        with pytest.raises(Refused, match="holds no seat"):
            room_b.seat_of(tokens[0])
        assert player.closing, "B's connection of the renewed token is closed"

    two_processes(postgres_url, scenario, rounds=HANG_GUARD)


def test_a_process_hears_the_others_from_the_moment_its_storage_listens(postgres_url: str) -> None:
    """Storage.listen returns only once its listening session is open (PostgreSQL's sessions
    show it), so that nothing read afterwards can miss a later write's news: Hub.start listens
    before it reads the unfinished games."""
    listening = f"SELECT count(*) FROM pg_stat_activity WHERE query = 'LISTEN {CHANNEL}'"

    def count(db: Database) -> int:
        return int(db.conn.exec_driver_sql(listening).scalar() or 0)

    async def run() -> None:
        store = Storage(postgres_url)
        await store.start()
        try:
            before = await store.run(count)
            await store.listen(lambda game_id, appended: None)
            assert await store.run(count) == before + 1
        finally:
            await store.close()

    asyncio.run(run())


def test_a_process_whose_notifications_were_cut_catches_up_from_the_database(postgres_url: str) -> None:
    """B's listening connection is killed (as when PostgreSQL restarts) and moves go through A
    meanwhile: once B listens again it catches up with every game it holds."""
    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        watcher = Connection(None)
        await b.seats.connect(room_b, watcher)
        rng = random.Random(6)
        listening = f"FROM pg_stat_activity WHERE query = 'LISTEN {CHANNEL}'"
        for _ in range(2):
            for _ in range(int(HANG_GUARD / POLL)):  # both listen (again)
                count = await b.storage.run(lambda db: db.conn.exec_driver_sql(f"SELECT count(*) {listening}").scalar())
                if count == 2:
                    break
                await asyncio.sleep(POLL)
            await b.storage.run(lambda db: db.conn.exec_driver_sql(f"SELECT pg_terminate_backend(pid) {listening}"))
            await play(a, room_a, rng)
            await shown(watcher, room_b, room_a)

    two_processes(postgres_url, scenario)


def test_one_process_plays_a_tables_bots_and_another_takes_over_when_it_ends(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both processes hold a table with a bot, and its person plays through either: only one
    process moves for the bot.  When that process ends, the other takes the bot over."""
    thinking: Counter[Hub] = Counter()
    think = Bots._think

    async def counted(self: Bots, room: Room, bot: Bot, seat: int) -> tuple[list[str], Bot]:
        thinking[self.hub] += 1
        return await think(self, room, bot, seat)

    monkeypatch.setattr(Bots, "_think", counted)

    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        rooms = {a: room_a, b: room_b}
        rng = random.Random(2)

        async def person_plays_through(hub: Hub) -> None:
            """When the bot has answered and both processes hold its move."""
            room = rooms[hub]
            await settled(lambda: room.game.current_player() == 0 and quiet(rooms))
            await play(hub, room, rng)

        for hub in (a, b, b, a):
            await person_plays_through(hub)
        await settled(lambda: room_a.game.current_player() == 0)
        assert len(thinking) == 1, "one process moves for the bot"
        (holder,) = thinking
        other = b if holder is a else a
        await holder.stop()
        await holder.storage.close()  # its connection, and so its lease, is gone
        thinking.clear()
        for _ in range(3):
            await person_plays_through(other)
        await settled(lambda: rooms[other].game.current_player() == 0)
        assert set(thinking) == {other}

    two_processes(postgres_url, scenario, ({"kind": "human"}, {"kind": "bot", "bot": "random"}))


async def refused(code: str, attempt: Awaitable[object]) -> None:
    with pytest.raises(Refused) as refusal:
        await attempt
    assert refusal.value.code == code


def test_caps_and_rates_are_counted_over_both_processes(postgres_url: str) -> None:
    """What one process counted, the other counts on: an address's tables, its seats taken,
    its connections, a table's spectators.  A table created through one process is listed by
    the other, and the connections of a process whose database session has ended (a process
    killed) no longer count."""
    limits = replace(UNLIMITED, max_tables_per_client=2, join_rate="3/day", max_connections_per_client=3,
                     max_spectators=2)

    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        listed, _, _ = await a.lobby.create("rococo", "t", list(PEOPLE), {}, None, None, client="c", private=False)
        await b.lobby.create("rococo", "t", list(PEOPLE), {}, None, None, client="c")
        await refused("too_many_tables", a.lobby.create("rococo", "t", list(PEOPLE), {}, None, None, client="c"))
        await settled(lambda: listed.id in b.rooms.held)
        assert listed.id in [game["id"] for game in (await b.rooms.listing("open"))["games"]]

        four, _, _ = await a.lobby.create("rococo", "t", [{"kind": "human"}] * 4, {}, None, None, client="d")
        for hub in (a, b, a):
            await hub.seats.join(await hub.rooms.get(four.id), None, "", client="j")
        await refused("rate_limited", b.seats.join(await b.rooms.get(four.id), None, "", client="j"))

        for hub in (a, b, a):
            await hub.guard.connect("k")
        await refused("too_many_connections", b.guard.connect("k"))

        for hub, room in ((a, room_a), (b, room_b)):
            await hub.seats.connect(room, Connection(None, "s", await hub.guard.connect("s")))
        await refused("too_many_spectators", a.seats.connect(room_a, Connection(None, "s", await a.guard.connect("s"))))

        pid = await asyncio.to_thread(a_process_with_connections, postgres_url, "m", 3)
        await refused("too_many_connections", a.guard.connect("m"))
        await a.storage.run(lambda db: db.conn.exec_driver_sql(f"SELECT pg_terminate_backend({pid}, {KILL_WAIT_MS})"))
        await a.guard.connect("m")

    two_processes(postgres_url, scenario, limits=limits)


def a_process_with_connections(url: str, client: str, count: int) -> int:
    """Store ``count`` connections of ``client`` as a third process would, and leave its
    database session open: its server process id, to end it as if the process were killed."""
    db = Database(url)
    with db.conn.begin():
        for n in range(count):
            assert quota.connect(db, f"{client}{n}", client, count) is None
    pid: int = db.conn.exec_driver_sql("SELECT pg_backend_pid()").scalar_one()
    db.conn.detach()  # the session outlives this object: only its termination ends it
    return pid


def test_a_seat_has_one_hint_in_flight_whichever_process_it_asks_through(postgres_url: str) -> None:
    """While A works out a hint for the seat (A holds the seat's hint lease), B refuses a
    second one for it; once A has given it back, B may take it."""
    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        seat = room_b.game.current_player()
        assert seat is not None
        lease = f"hint {room_a.id} {seat}"
        assert await a.storage.run(lambda db: db.lease(lease))
        with pytest.raises(Refused) as refusal:
            await b.hints.ask(room_b, seat, "c")
        assert refusal.value.code == "hint_pending"
        await a.storage.run(lambda db: db.let_go(lease))
        assert await b.storage.run(lambda db: db.lease(lease))

    two_processes(postgres_url, scenario, options={"hints": True})


def test_a_player_connected_to_one_process_is_online_for_the_other(postgres_url: str) -> None:
    """Seat 1's player connects to A: B's clients see them online (so B's host cannot hand
    their seat to a bot as if they were away), and away again once they have gone."""
    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        rng = random.Random(4)
        while room_a.game.current_player() != 0:  # seat 1's player is not keeping the table waiting
            await play(a, room_a, rng)
        await settled(lambda: quiet({a: room_a, b: room_b}) and room_b.game.current_player() == 0)
        host = Connection(0)
        await b.seats.connect(room_b, host)
        player = Connection(1, "p", await a.guard.connect("p"))
        await a.seats.connect(room_a, player)
        await until(host, lambda: room_b.seats_json()[1]["online"])
        room_b.seats[1].seen -= 3600  # long gone, were they not online through A
        with pytest.raises(Refused) as refusal:
            await b.seats.manage(room_b, 0, 1, "bot", room_b.version_for(0))
        assert refusal.value.code == "not_idle"
        a.seats.disconnect(room_a, player)
        assert player.ticket is not None
        await a.guard.disconnect(player.ticket)
        await until(host, lambda: not room_b.seats_json()[1]["online"])

    two_processes(postgres_url, scenario)


def test_a_process_whose_database_connection_was_cut_goes_on(postgres_url: str) -> None:
    """A's own connection to the database is ended (as when PostgreSQL restarts): once A has
    opened a new one, the connections of its clients count under the new session (the other
    process still sees its player online), and the table's bots go on moving."""
    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        rooms = {a: room_a, b: room_b}
        player = Connection(0, "p", await a.guard.connect("p"))
        await a.seats.connect(room_a, player)
        await settled(lambda: room_b.elsewhere == {0})
        pid = await a.storage.run(lambda db: db.conn.exec_driver_sql("SELECT pg_backend_pid()").scalar())
        await b.storage.run(lambda db: db.conn.exec_driver_sql(f"SELECT pg_terminate_backend({pid}, {KILL_WAIT_MS})"))
        for _ in range(int(HANG_GUARD / POLL)):  # the first transaction after the cut fails: "try again"
            try:
                await a.storage.run(lambda db: db.resume())
                break
            except StorageError:
                await asyncio.sleep(POLL)
        assert await a.storage.run(lambda db: db.conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()) != pid
        rng = random.Random(7)
        for _ in range(3):
            await settled(lambda: room_a.game.current_player() == 0 and quiet(rooms))
            await play(a, room_a, rng)
        await settled(lambda: room_a.game.current_player() == 0 and quiet(rooms))
        await settled(lambda: room_b.elsewhere == {0})  # online again, if B looked while the session was new

    two_processes(postgres_url, scenario, ({"kind": "human"}, {"kind": "bot", "bot": "random"}))


def test_tables_created_through_both_processes_at_once_are_all_created(postgres_url: str) -> None:
    """Eighty tables created (and joined) at once through both processes by one address: the
    counts of both processes take their locks in turn, and none waits for the other."""
    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        created = await asyncio.gather(*(hub.lobby.create("rococo", "t", list(PEOPLE), {}, None, {"seat": 0},
                                                          client="c") for hub in (a, b) * 40),
                                       return_exceptions=True)
        assert [r for r in created if isinstance(r, BaseException)] == []

    two_processes(postgres_url, scenario, limits=UNLIMITED)


def test_processes_starting_together_on_an_empty_database_all_start(postgres_url: str) -> None:
    """Each migrates the schema in turn: the first creates the tables, the others find them."""
    with ThreadPoolExecutor(3) as pool:
        opened = list(pool.map(Database, [postgres_url] * 3))
    for db in opened:
        db.close()


def test_a_write_whose_notification_never_came_is_caught_up_by_its_count(postgres_url: str) -> None:
    """A move is stored as if by B itself, so that B takes its notification for its own and
    ignores it: B still catches up, within two rounds, from the count of writes the database
    holds."""
    async def scenario(a: Hub, b: Hub, room_a: Room, room_b: Room) -> None:
        await settled(lambda: quiet({a: room_a, b: room_b}))
        move = room_a.game.legal_actions()[0]
        first, writes = len(room_a.game.history), room_a.writes
        await asyncio.to_thread(store_as, postgres_url, b.storage.origin,
                                lambda db: db.append_many(room_a.id, first, [move], False, writes))
        await settled(lambda: room_b.game.history == room_a.game.history == [*room_b.game.history[:first], move])

    two_processes(postgres_url, scenario)


def store_as(url: str, origin: str, job: Callable[[Database], object]) -> None:
    """Run ``job`` on a connection of its own, whose notifications name ``origin``."""
    db = Database(url, origin)
    try:
        with db.conn.begin():
            job(db)
    finally:
        db.close()
