"""The Queen's Necklace through the game server: listed in the lobby with its renderer, public
card descriptions, a whole 2-player game created in the lobby and played to its end by a
scripted seat against a bot, hidden information that stays hidden through every message of
whole games (QN-INFO-1/2), and the browser texts in the four languages."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.core.game import Game
from salon.necklace.config import NecklaceConfig
from salon.necklace.game import Necklace
from salon.necklace.kinds import KINDS
from salon.necklace.rules.registry import DECISIONS
from salon.web.app import create_app
from salon.web.storage import Database, GameRecord, SeatRecord, Storage
from salon.web.tables.hub import Hub
from salon.web.tables.room import Room
from tests.necklace.positions import hidden_names
from tests.web import hidden
from tests.web.helpers import TOKEN, act, room_of, settled, state
from tests.web.hidden import Messages, versions
from tests.web.test_i18n import LANGS, base_keys, load

STATIC = Path(__file__).parents[2] / "src" / "salon" / "web" / "static"
TEXTS = STATIC / "games" / "necklace" / "i18n"
OLD_RECORD = (Path(__file__).parents[1] / "necklace" / "records"
              / "saved_before_the_qn_setup_9_and_qn_amb_8_corrections.json")


def create(client: TestClient, seats: list[dict[str, Any]], seed: int, config: dict[str, Any] | None = None) -> tuple[
        str, dict[int, str]]:
    """A Necklace table with seat 0 joined; every other human seat joined too."""
    r = client.post("/api/games", json={"game": "necklace", "title": "Place Vendôme", "seats": seats,
                                        "config": config or {}, "seed": seed, "join": {"seat": 0, "name": "Anne"},
                                        "private": False})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    tokens = {0: r.json()["token"]}
    for seat, spec in enumerate(seats):
        if seat and spec["kind"] == "human":
            tokens[seat] = client.post(f"/api/games/{game_id}/join", json={"seat": seat}).json()["token"]
    return game_id, tokens


def test_the_lobby_lists_the_necklace_with_its_renderer(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    necklace = next(g for g in meta["games"] if g["name"] == "necklace")
    assert necklace["players"] == [2, 3, 4]
    assert necklace["renderer"] == "/static/games/necklace/renderer.js"
    assert client.get(necklace["renderer"]).status_code == 200
    assert client.get("/static/games/necklace/style.css").status_code == 200
    assert any(o["key"] == "start_player" and o.get("main") for o in necklace["options"])


def test_the_lobby_offers_the_earlier_cardinal_reading_not_the_earlier_setup_QN_AMB_8_QN_SETUP_9(
        client: TestClient) -> None:
    """The earlier reading of QN-AMB-8 is a table's option (off by default); the earlier
    QN-SETUP-9 procedure exists only so that stored games replay, and is not offered."""
    meta = client.get("/api/meta").json()
    options = {o["key"]: o for o in next(g for g in meta["games"] if g["name"] == "necklace")["options"]}
    assert options["cardinal_when_due"]["default"] is False and options["cardinal_when_due"]["type"] == "bool"
    assert "third_merchant_in_last_six" not in options


def test_a_table_stored_before_the_corrections_resumes_under_its_rules_QN_SETUP_9_QN_AMB_8(tmp_path: Path) -> None:
    """An unfinished game stored by a server before the corrections of QN-SETUP-9 and QN-AMB-8
    (its config lacks both options) is restored on start under the rules it was played with,
    past the Cardinal it played on a sale come due, and play goes on."""
    raw = json.loads(OLD_RECORD.read_text(encoding="utf-8"))
    url = f"sqlite:///{tmp_path / 'salon.db'}"
    db = Database(url)
    seats = [SeatRecord(seat, "human", None, f"P{seat}") for seat in range(3)]
    with db.conn.begin():
        db.create_game(GameRecord("old", "necklace", "Old table", raw["config"], raw["seed"], 0.0, seats,
                                  raw["actions"][:120]))
    db.close()
    with TestClient(create_app(url, bot_delay=0)) as c:
        room = room_of(c, "old")
        assert room.game.history == raw["actions"][:120]
        assert room.game.config.cardinal_when_due is True and room.game.config.third_merchant_in_last_six is True
        assert room.config["cardinal_when_due"] is True
        tokens = [c.post("/api/games/old/join", json={"seat": seat}).json()["token"] for seat in range(3)]
        played = len(settled(room).game.history)  # a lone pass the server made for a seat, if any
        seat = room.game.current_player()
        assert seat is not None
        token = tokens[seat]
        st = state(c, "old", token)
        assert act(c, "old", token, st["legal"][0], st["version"]).status_code == 200
        assert room.game.history[played] == st["legal"][0]


def test_components_are_the_printed_cards(client: TestClient) -> None:
    game_id, _ = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], 3)
    comp = client.get(f"/api/games/{game_id}/components").json()
    assert len(comp["cards"]) == 103  # QN-COMP-2: the cards used in play
    assert comp["gems"] == ["diamond", "ruby", "emerald", "amber"]
    assert comp["cards"]["C001"] == {"kind": "gem", "colour": "grey", "gem": "diamond", "gems": 3,
                                     "ladder": [10, 8, 6, 4]}
    assert {c["kind"] for c in comp["cards"].values()} == set(KINDS)
    assert all(c["ladder"] == [] for c in comp["cards"].values() if c["kind"] == "merchant")
    assert comp["rules"]["fashion_values"] == [30, 20, 10, 0] and comp["rules"]["sales"] == 3


@pytest.mark.slow
def test_a_two_player_game_from_the_lobby_to_the_end(client: TestClient) -> None:
    """Seat 0 is scripted (a random legal action over HTTP each time it decides), seat 1 is the
    server's random bot; the game ends after the third sale with a final table."""
    game_id, tokens = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], 21)
    token = tokens[0]
    listed = client.get("/api/games").json()["games"]
    assert any(g["id"] == game_id and g["game"] == "necklace" and g["status"] == "running" for g in listed)
    first = state(client, game_id, token)
    assert first["log"][0]["events"][0]["type"] == "setup"
    rng = random.Random(21)
    room = room_of(client, game_id)
    seen_kinds: set[str] = set()
    for _ in range(200_000):  # a bound that only a stuck game meets
        if settled(room).game.is_over():
            break
        if room.game.current_player() != 0:
            time.sleep(0.001)  # the bot is deciding on the server
            continue
        st = state(client, game_id, token)
        if not st["legal"]:
            continue
        seen_kinds.add(st["observation"]["decision"]["kind"])
        r = act(client, game_id, token, rng.choice(st["legal"]), st["version"])
        assert r.status_code in (200, 409), r.text
    final = state(client, game_id, token)
    assert final["status"] == "over" and final["observation"]["sales"] == 3
    result = final["result"]
    assert len(result["scores"]) == 2 and result["winners"]
    totals = [sum(b.get(f"sale{i}", 0) for i in (1, 2, 3)) + b.get("bounty", 0) for b in result["breakdown"]]
    assert totals == result["scores"]
    assert {"influence", "buy", "present"} <= seen_kinds
    events = [e["type"] for entry in final["log"] for e in entry["events"]]
    assert events.count("sale_result") == 3 and events[-1] == "game_over"
    record = client.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200 and record.json()["game"] == "necklace"


def test_a_refused_action_changes_nothing(client: TestClient) -> None:
    game_id, tokens = create(client, [{"kind": "human"}, {"kind": "human"}], 5, {"start_player": 0})
    st = state(client, game_id, tokens[0])
    assert st["current"] == 0 and st["legal"]
    r = act(client, game_id, tokens[0], "buy:C999", st["version"])
    assert r.status_code == 400
    r = act(client, game_id, tokens[1], st["legal"][0], st["version"])
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_your_turn"
    assert state(client, game_id, tokens[0])["version"] == st["version"]


# --- hidden information


def hidden_from(g: Game, viewer: int | None) -> set[str]:
    """Names ``viewer`` must not see: those of the other hands and presentations before the
    reveal (a presentation stays in its hand until then), less the cards a Confessor or a
    Forger once showed the viewer, and of the draw pile (positions.hidden_names)."""
    assert isinstance(g, Necklace)
    s = g.s
    hidden = presentation(g, viewer)
    for seat, hand in enumerate(s.hands):
        if seat != viewer:
            hidden |= set(hand)
    if viewer is not None:
        for shown in s.peeks[viewer]:
            hidden -= set(shown or ())
    hidden |= set(s.pile)
    return hidden_names(g, hidden)


def presentation(g: Game, viewer: int | None) -> set[int]:
    """The cards the other seats put in their lots before the reveal."""
    assert isinstance(g, Necklace)
    s = g.s
    if s.revealed:
        return set()
    return {c for seat, shown in enumerate(s.shown) if seat != viewer for c in shown}


def presented(g: Game, viewer: int | None) -> set[str]:
    """The names of the cards of :func:`presentation`."""
    assert isinstance(g, Necklace)
    return {g.s.ds.cards[c].id for c in presentation(g, viewer)}


def leaks(room: Room, messages: Messages) -> tuple[list[str], int]:
    """Every hidden Necklace id some message names, and the number of state messages checked."""
    return hidden.leaks(room, messages, hidden_from)


@pytest.mark.slow
@pytest.mark.parametrize(("seats", "seed"), [
    ([{"kind": "human"}, {"kind": "bot", "bot": "random"}], 31),
    ([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}], 35),
    ([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}], 33),
])
def test_no_message_names_another_seats_hand_or_presentation(client: TestClient, seats: list[dict[str, Any]],
                                                             seed: int) -> None:
    room, messages = hidden.play(client, *create(client, seats, seed), seed)
    assert room.game.is_over()
    found, checked = leaks(room, messages)
    assert not found, found[:5]
    assert checked > 50
    games = versions(room)
    # the check has teeth: another seat's view, a presentation in progress, a redacted event
    # (seat 0's journal counts the entries it may know of: the k-th is the room's seen[k]; a
    # state shows the position after its journal's last entry)
    seen = [i for i in range(len(room.log)) if not room._hidden(i, 0)]
    k = len(seen) // 3
    forged = {"type": "state", "log_from": k + 1, "observation": games[seen[k]].observe(1), "log": []}
    assert leaks(room, {0: [forged]})[0]
    k = next(k for k, i in enumerate(seen)
             if presented(games[i], 0) & hidden_from(games[i], 0))
    lots = games[seen[k]].observe(1)["players"][1]["presenting"]
    peek = {"type": "state", "log_from": k + 1, "observation": {"lots": lots}, "log": []}
    assert leaks(room, {0: [peek]})[0]
    # (an event can only betray a card by name while no copy of it is in view: positions.hidden_names)
    secret_events = [k for k, i in enumerate(seen) if any(
        e.secret and e.seat not in (0, None) and hidden.mentions(json.dumps(e.view(e.seat)), hidden_from(games[i], 0))
        for e in room.log[i])]
    unredacted = [{"type": "state", "log_from": k, "observation": {},
                   "log": [{"n": k, "events": [e.view(e.seat) for e in room.log[seen[k]]]}]} for k in secret_events]
    assert secret_events and leaks(room, {0: unredacted})[0]


@pytest.mark.heavy
def test_a_seat_sees_its_own_presentation_and_the_others_only_after_the_reveal(client: TestClient) -> None:
    game_id, tokens = create(client, [{"kind": "human"}, {"kind": "human"}], 8, {"start_player": 0})
    rng = random.Random(8)
    room = room_of(client, game_id)
    while not (settled(room).game.decision().get("kind") == "present" and room.game.current_player() == 0):
        seat = room.game.current_player()
        assert seat is not None
        st = state(client, game_id, tokens[seat])
        act(client, game_id, tokens[seat], rng.choice(st["legal"]), st["version"])
    st = state(client, game_id, tokens[0])
    gem = next((a for a in st["legal"] if a.startswith("present:")), None)
    if gem is not None:
        st = act(client, game_id, tokens[0], gem, st["version"]).json()["state"]
        mine = st["observation"]["players"][0]["presenting"]
        assert gem.split(":")[1] in json.dumps(mine)
        other = client.get(f"/api/games/{game_id}/state", headers={TOKEN: tokens[1]}).json()
        assert "presenting" not in other["observation"]["players"][0]
        assert gem.split(":")[1] not in json.dumps(other)



@pytest.mark.heavy
def test_the_others_cannot_count_the_cards_of_a_presentation_QN_SALE_7(client: TestClient) -> None:
    """QN-INFO-1 and the rulebook's warning (not to show how many cards one presents): each
    card presented is an action of its own, shown to its seat only -- the other seat, a
    spectator and the lobby keep their version, and so does a card taken back.  The
    presentation shows once it is committed (``done``)."""
    game_id, tokens = create(client, [{"kind": "human"}, {"kind": "human"}], 8, {"start_player": 0})
    rng = random.Random(8)
    room = room_of(client, game_id)
    while not (settled(room).game.decision().get("kind") == "present" and room.game.current_player() == 0
               and any(a.startswith("present:") for a in room.game.legal_actions())):
        seat = room.game.current_player()
        assert seat is not None
        st = state(client, game_id, tokens[seat])
        act(client, game_id, tokens[seat], rng.choice(st["legal"]), st["version"])

    def outside() -> tuple[int, int, int]:
        lobby = next(g for g in client.get("/api/games").json()["games"] if g["id"] == game_id)
        return state(client, game_id, tokens[1])["version"], state(client, game_id)["version"], lobby["version"]

    before, mine = outside(), state(client, game_id, tokens[0])
    card = next(a for a in mine["legal"] if a.startswith("present:"))
    r = act(client, game_id, tokens[0], card, mine["version"])
    assert r.status_code == 200 and r.json()["version"] == mine["version"] + 1
    assert outside() == before
    assert act(client, game_id, tokens[1], "done", before[0]).status_code == 409  # not seat 1's turn: no hint
    r = client.post(f"/api/games/{game_id}/undo", json={"version": mine["version"] + 1}, headers={TOKEN: tokens[0]})
    assert r.status_code == 200 and r.json()["version"] == mine["version"] + 2  # forward: never shown twice
    assert outside() == before
    assert room.paced(0)
    r = act(client, game_id, tokens[0], card, mine["version"] + 2)
    assert not room.paced(0)  # a bot here would go on at once: its pauses would count the cards
    assert act(client, game_id, tokens[0], "done", r.json()["version"]).status_code == 200
    assert [v - b for v, b in zip(outside(), before, strict=True)] == [1, 1, 1]

# --- texts


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_language_has_every_necklace_key_with_the_same_fields(lang: str) -> None:
    english = base_keys(load(TEXTS, "en"))
    other = base_keys(load(TEXTS, lang))
    assert sorted(set(english) - set(other)) == [], "missing"
    assert sorted(set(other) - set(english)) == [], "unknown"
    for key, fields in english.items():
        assert other[key] <= fields | {"n"}, f"{lang} {key} uses fields the client does not fill"
        assert fields - {"n"} <= other[key], f"{lang} {key} drops {fields - other[key]}"


def test_english_covers_the_engine() -> None:
    en = load(TEXTS, "en")
    for kind in KINDS:
        assert f"necklace.kind.{kind}" in en and f"necklace.effect.{kind}" in en, kind
    for kind in DECISIONS:
        assert f"necklace.doing.{kind}" in en and f"necklace.decision.{kind}" in en, kind
    for option in NecklaceConfig.model_fields:
        assert option == "players" or f"necklace.option.{option}" in en, option
    per_kind = {"necklace": "how", "played": "kind"}
    events: set[str] = set()
    for seed in range(12):
        game = Necklace.new({"players": 2 + seed % 3}, seed)
        found = list(game.s.events)
        rng = random.Random(seed)
        while not game.is_over():
            found += game.apply(rng.choice(game.legal_actions()))
        events |= {f"{e.type}_{e.data[per_kind[e.type]]}" if e.type in per_kind else e.type for e in found}
    told = base_keys(load(TEXTS.parent / "events", "en"))  # a plural text counts once
    missing = {e for e in events if f"necklace.event.{e}" not in told and f"necklace.event.{e}_gain" not in told}
    assert not missing, missing


def test_a_persons_lone_pass_is_made_by_the_server_after_the_bot_delay_QN_INFO_1(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``conceal_holders`` every seat is polled for a Cardinal, a Queen or the Alchemist;
    a person who holds none has a lone ``pass``, which the server makes after the pause it
    takes before a bot's move: the same pause for every seat, so how soon a seat passes tells
    nothing of its hand.  The pause is asked of asyncio, never waited for on the wall clock."""
    delay = 0.25
    real_sleep = asyncio.sleep
    paused: list[int] = []  # the number of actions played when the server paused

    async def scenario() -> None:
        storage = Storage("sqlite://")
        await storage.start()
        hub = Hub(storage, bot_delay=delay, allow_seed=True)

        async def sleep(seconds: float) -> None:
            assert seconds == delay
            paused.append(len(room.game.history))
            await real_sleep(0)

        monkeypatch.setattr(asyncio, "sleep", sleep)
        humans = [{"kind": "human"}] * 3
        room, _, _ = await hub.lobby.create("necklace", "t", humans, {"conceal_holders": True}, 4,
                                            {"seat": 0, "name": "A"})
        await hub.seats.join(room, 1, "B")
        await hub.seats.join(room, 2, "C")
        rng = random.Random(4)
        sent: set[int] = set()
        while True:
            while room.bot_task is not None and not room.bot_task.done():
                await room.bot_task
            if room.game.is_over():
                break
            seat = room.game.current_player()
            legal = room.game.legal_actions()
            assert not (len(legal) == 1 and legal[0] in ("pass", "done")), "a person was left a lone pass"
            sent.add(len(room.game.history))
            await hub.play.act(room, seat, rng.choice(legal), room.version_for(seat))
        made = [i for i in range(len(room.game.history)) if i not in sent]
        assert made and all(room.game.history[i] in ("pass", "done") for i in made)
        # paced like a bot's move, unless the seat's own secret action came right before it
        # (the room's log starts with the setup: action i is its entry i + 1)
        assert paused == [i for i in made if not (room.actors[i] == room.actors[i + 1] and room.private[i])]
        await hub.stop()
        await storage.close()

    asyncio.run(scenario())


@pytest.mark.heavy
def test_a_presentation_is_sent_in_one_request_and_stored_in_one_commit_QN_SALE_7(client: TestClient) -> None:
    """A seat chooses its cards, takes any back before it confirms, and sends the whole
    presentation at once: all of it is applied or none, and the others see it as one step."""
    game_id, tokens = create(client, [{"kind": "human"}, {"kind": "human"}], 8, {"start_player": 0})
    rng = random.Random(8)
    room = room_of(client, game_id)
    while not (settled(room).game.decision().get("kind") == "present" and room.game.current_player() == 0
               and sum(a.startswith("present:") for a in room.game.legal_actions()) >= 2):
        seat = room.game.current_player()
        assert seat is not None
        st = state(client, game_id, tokens[seat])
        act(client, game_id, tokens[seat], rng.choice(st["legal"]), st["version"])
    mine = state(client, game_id, tokens[0])
    cards = [a for a in mine["legal"] if a.startswith("present:") and a.count(":") == 1][:2]
    assert len(cards) == 2
    history = list(room.game.history)
    theirs = state(client, game_id, tokens[1])["version"]

    def send(actions: list[str]) -> Any:
        return client.post(f"/api/games/{game_id}/actions", json={"actions": actions, "version": mine["version"]},
                           headers={TOKEN: tokens[0]})

    refused = send([cards[0], "present:C999", "done"])
    assert refused.status_code == 400 and room.game.history == history  # nothing applied
    refused = send([cards[0], "done", "done"])  # the last one is no longer seat 0's
    assert refused.status_code == 409 and room.game.history == history
    both = client.post(f"/api/games/{game_id}/actions", json={"action": cards[0], "actions": cards,
                                                             "version": mine["version"]}, headers={TOKEN: tokens[0]})
    assert both.status_code == 422
    r = send([*cards, "done"])
    assert r.status_code == 200, r.text
    assert room.game.history[len(history):len(history) + 3] == [*cards, "done"]
    assert state(client, game_id, tokens[1])["version"] == theirs + 1  # one step for the others
