"""The Rococo view explains every legal action, prompts every decision and renders every
event of many random games in words, never as a raw action or a template field, with and
without the expansions; the board shows the jeweler board and keeps every specialized
apprentice secret but the viewer's own."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from salon.bots.base import RandomBot
from salon.cli.rococo.text import term_fields
from salon.cli.rococo.view import SUPPORT, RococoView
from salon.i18n import text
from salon.rococo.game import Rococo
from tests.wording.texts import known, told
from tests.wording.texts import told as events_text

GAMES = [(players, seed) for players in (2, 3, 4, 5) for seed in range(6)]
EXPANSION_GAMES = [(players, seed) for players in (2, 3, 4, 5) for seed in range(100, 104)]


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def _check_words(line: str, what: str, forbidden: re.Pattern[str] | None = None) -> None:
    assert "{" not in line, f"{what}: unfilled field in {line!r}"
    assert not re.search(r"\b[a-z]+\.[a-z_]+\b", line), f"{what}: a message key leaked into {line!r}"
    if forbidden is not None:
        assert not forbidden.search(line), f"{what}: {forbidden.pattern} in {line!r}"


def _tell(config: dict[str, Any], games: list[tuple[int, int]],
          forbidden: re.Pattern[str] | None = None) -> tuple[set[str], set[str], set[str]]:
    """Plays random games, checking that every prompt, explanation and log line (one event
    at a time and an action's events together) is words, none matching ``forbidden``;
    returns the decision kinds, event types and reasons ("why") met."""
    kinds: set[str] = set()
    types: set[str] = set()
    whys: set[str] = set()
    for players, seed in games:
        g = Rococo.new({**config, "players": players}, seed)
        seats = g.num_players
        view = RococoView(g, "en", [f"Player {i + 1}" for i in range(seats)])
        bot = RandomBot(seed)
        while not g.is_over():
            decision = g.decision()
            kinds.add(decision["kind"])
            prompt = plain(view.prompt(decision))
            assert not prompt.startswith("Decide:"), decision
            _check_words(prompt, decision["kind"], forbidden)
            for action in g.legal_actions():
                explained = plain(view.explain(action))
                assert explained != action, action
                _check_words(explained, action, forbidden)
                if action.startswith("garment:"):
                    _check_garment_notes(g, action[8:], explained)
            events = g.apply(bot.choose(g))
            for e in events:
                types.add(e.type)
                if "why" in e.data:
                    whys.add(e.data["why"])
                for seat in [None, *range(seats)]:
                    line = view.event(e.view(seat))
                    assert line is not None
                    line = plain(line)
                    assert not line.startswith(f"{e.type}:"), f"no template for {e.type}"
                    _check_words(line, e.type, forbidden)
            for seat in [None, *range(seats)]:
                for line in view.log([e.view(seat) for e in events]):
                    _check_words(plain(line), "log", forbidden)
    for why in whys:
        assert known(f"rococo.why.{why}") or known(f"rococo.bonus.{why}") or known(f"rococo.effect.{why}"), why
    return kinds, types, whys


def _check_garment_notes(g: Rococo, garment_id: str, explained: str) -> None:
    """A garment of a garment expansion names its expansion and, if it has one, its effect."""
    garment = g.s.t.ds.garments[g.s.t.garment_index[garment_id]]
    if garment.expansion:
        assert text(f"expansion.{garment.expansion}") in explained, explained
    if garment.effect:
        params = g.s.t.ds.garment_params or {}
        effect = told(f"rococo.effect.{garment.effect}", "en", **term_fields(g, "en"), **params)
        assert effect in explained, explained


@pytest.mark.slow
def test_random_games_are_told_in_words() -> None:
    kinds, _, _ = _tell({}, GAMES)
    assert {"hand", "play", "main", "acquire", "fate", "tailor", "give", "dispose", "hire", "finance",
            "bonus"} <= kinds


@pytest.mark.slow
def test_random_games_with_all_expansions_are_told_in_words() -> None:
    kinds, types, whys = _tell({"expansions": "all"}, EXPANSION_GAMES)
    assert {"jewel", "promote", "task"} <= kinds
    # festive_added happens in Phase 1 of round 1, inside Rococo.new, before any action: no log shows it
    assert {"jewel", "jewel_display", "jewel_removed", "promoted", "exam_passed", "task", "garment_effect"} <= types
    assert {"jewel", "journeyman_exam"} <= whys


@pytest.mark.slow
@pytest.mark.parametrize("expansion", ["jewelry_box", "noble", "festive", "exquisite"])
def test_random_games_with_one_expansion_are_told_in_words(expansion: str) -> None:
    tile_source = {"exquisite_tile_source": "bag"} if expansion == "exquisite" else {}
    _tell({"expansions": expansion, **tile_source}, [(3, 7), (4, 8)])


def test_secret_draws_stay_secret_in_the_log() -> None:
    g = Rococo.new({"players": 2}, 3)
    view = RococoView(g, "en", ["Player 1", "Player 2"])
    seat = g.current_player()
    assert seat is not None
    assert g.decision()["kind"] == "hand"
    action = g.legal_actions()[0]
    card = action.split(":")[1]
    (event,) = g.apply(action)
    assert card in plain(view.event(event.view(seat)) or "")
    assert card not in plain(view.event(event.view(1 - seat)) or "")
    assert card not in plain(view.event(event.view(None)) or "")


def test_take_is_explained_with_silk_lower_part_and_price() -> None:
    g = Rococo.new({"players": 2, "start_player": 0}, 1)
    bot = RandomBot(0)
    while g.decision()["kind"] != "main":
        g.apply(bot.choose(g))
    g.apply("main:acquire")
    view = RococoView(g, "en", ["Player 1", "Player 2"])
    action = g.legal_actions()[0]
    tile = g.s.t.ds.tiles[g.s.t.tile_index[action[5:]]]
    explained = plain(view.explain(action))
    assert explained.startswith(f"Take tile {tile.id} (")
    assert "silk" in explained and "; below: " in explained
    assert re.search(r"for (\d+ livres?|free)$", explained), explained


def test_board_shows_only_the_viewers_secrets() -> None:
    g = Rococo.new({"players": 3, "start_player": 0}, 2)
    view = RococoView(g, "en", ["Player 1", "Player 2", "Player 3"])
    console = Console(width=100, record=True)
    console.print(view.board(1))
    shown = console.export_text()
    assert "Your supply" in shown
    assert "S21" in shown
    assert "S11" not in shown and "S31" not in shown
    for heading in ("Design display", "Resource drawers", "Employee display", "Halls", "Decorations",
                    "All-halls bonus", "Queen's favour"):
        assert heading in shown
    console = Console(width=100, record=True)
    console.print(view.board(None))
    assert "Your supply" not in console.export_text()


def test_board_fits_a_hundred_columns() -> None:
    g = Rococo.new({"players": 5, "start_player": 0}, 4)
    bot = RandomBot(1)
    for _ in range(400):
        g.apply(bot.choose(g))
    view = RococoView(g, "en", [text("player.with_bot", name=f"Player {i + 1}", bot="heuristic") for i in range(5)])
    console = Console(width=100, record=True)
    console.print(view.board(g.current_player()))
    lines = console.export_text().splitlines()
    assert max(len(line) for line in lines) <= 100
    assert not any("…" in line for line in lines)


def _shown(view: RococoView, seat: int | None, width: int = 100) -> str:
    console = Console(width=width, record=True)
    console.print(view.board(seat))
    return console.export_text()


def _specialists(g: Rococo) -> list[str]:
    return [g.observe(seat)["players"][seat]["specialist"]["card"] for seat in range(g.num_players)]


def test_jewelry_box_board_has_the_jeweler_board_and_exam_progress() -> None:
    g = Rococo.new({"players": 3, "start_player": 0, "expansions": "jewelry_box"}, 5)
    view = RococoView(g, "en", ["Player 1", "Player 2", "Player 3"])
    shown = _shown(view, 0)
    for heading in ("Expansions: Jewelry Box", "Jeweler board", "Jewelry display", "Jeweler spaces",
                    "Exam stacks", "Journeyman stack 9 cards · Master stack 9 cards", "Jewels and exams",
                    "Journeyman exam", "Your specialized apprentice"):
        assert heading in shown, heading
    jewelry = g.observe(0)["jewelry"]
    assert jewelry is not None
    for space in jewelry["display"]:
        assert f"{space['price']}L {space['jewel']}" in shown
    assert "jw1 6L 1VP free" in shown
    base = _shown(RococoView(Rococo.new({"players": 3}, 5), "en", ["Player 1", "Player 2", "Player 3"]), 0)
    assert "Jeweler board" not in base and "Jewels and exams" not in base and "Expansions" not in base


def test_exam_progress_shows_the_marked_tasks() -> None:
    g = Rococo.new({"players": 2, "expansions": "jewelry_box"}, 3)
    bot = RandomBot(3)
    while not any(p["tasks"] for p in g.observe(None)["players"]):
        g.apply(bot.choose(g))
    view = RococoView(g, "en", ["Player 1", "Player 2"])
    shown = _shown(view, None)
    for p in g.observe(None)["players"]:
        for task in p["tasks"]:
            assert f"{task}✓" in shown


@pytest.mark.slow
def test_only_the_owner_sees_a_specialized_apprentice() -> None:
    g = Rococo.new({"players": 4, "expansions": "jewelry_box"}, 9)
    bot = RandomBot(9)
    view = RococoView(g, "en", [f"Player {i + 1}" for i in range(4)])
    for _ in range(6):
        secret = _specialists(g)
        for seat in range(4):
            shown = _shown(view, seat)
            assert f"Your specialized apprentice: {secret[seat]}" in shown
            condition = g.s.t.cards[g.s.t.card_index[secret[seat]]].condition
            assert text(f"condition.{condition}", **term_fields(g, "en")) in " ".join(shown.split())
            for other in range(4):
                if other != seat:
                    assert secret[other] not in shown, (seat, other)
        spectator = _shown(view, None)
        assert not any(card in spectator for card in secret)
        for _ in range(40):
            if not g.is_over():
                g.apply(bot.choose(g))


def test_the_boxed_specialized_apprentices_stay_unseen() -> None:
    g = Rococo.new({"players": 2, "expansions": "jewelry_box"}, 1)
    specialists = {c.id for c in g.s.t.cards if c.group == "specialist"}
    for seat in (None, 0, 1):
        assert not set(g.observe(seat)["board"]["removed_cards"]) & specialists


def test_a_hired_specialized_apprentice_is_public() -> None:
    for seed in range(40):
        g = Rococo.new({"players": 2, "expansions": "jewelry_box"}, seed)
        bot = RandomBot(seed)
        secret = _specialists(g)
        while not g.is_over():
            events = g.apply(bot.choose(g))
            hired = [e for e in events if e.type == "hired" and e.data.get("specialist")]
            if hired:
                view = RococoView(g, "en", ["Player 1", "Player 2"])
                (event,) = hired
                assert event.seat is not None
                line = plain(view.event(event.view(None)) or "")
                assert f"hires {secret[event.seat]} specialized Apprentice, free once per game" in line
                progress = _shown(view, None).split("Jewels and exams")[1]
                row = next(r for r in progress.splitlines() if r.startswith(f"Player {event.seat + 1} "))
                assert row.rstrip().endswith("hired")
                return
    pytest.fail("no specialized apprentice hired in 40 random games")


def test_expansion_garments_are_marked_on_the_board() -> None:
    for seed in range(30):
        g = Rococo.new({"players": 3, "expansions": "all"}, seed)
        bot = RandomBot(seed)
        for _ in range(300):
            windows = [w["garment"] for w in g.observe(None)["board"]["windows"] if w["garment"]]
            marked = [gid for gid in windows if g.s.t.ds.garments[g.s.t.garment_index[gid]].effect]
            if marked:
                shown = _shown(RococoView(g, "en", ["Player 1", "Player 2", "Player 3"]), None)
                garment = g.s.t.ds.garments[g.s.t.garment_index[marked[0]]]
                name = text(f"expansion.{garment.expansion}")
                assert re.search(rf"{garment.id} \w+ (dress|coat)( · Master only)? · {name}", shown), shown
                assert f"{garment.id}: {name}: " in " ".join(shown.split())
                return
            if g.is_over():
                break
            g.apply(bot.choose(g))
    pytest.fail("no Festive or Exquisite garment in the design display in 30 random games")


def test_the_jewels_step_is_scored_only_with_the_jewelry_box() -> None:
    assert "jewels" in SUPPORT.score_steps(Rococo.new({"players": 2, "expansions": "jewelry_box"}, 1))
    for config in ({"players": 2}, {"players": 2, "expansions": "noble,festive,exquisite"}):
        steps = SUPPORT.score_steps(Rococo.new(config, 1))
        assert "jewels" not in steps and "solo_tiles" not in steps
        assert steps[:3] == ("game", "money", "employees")


def test_board_with_all_expansions_fits_a_hundred_columns() -> None:
    g = Rococo.new({"players": 5, "start_player": 0, "expansions": "all"}, 4)
    bot = RandomBot(1)
    labels = [text("player.with_bot", name=f"Player {i + 1}", bot="heuristic") for i in range(5)]
    view = RococoView(g, "en", labels)
    for _ in range(3):
        for _ in range(150):
            if not g.is_over():
                g.apply(bot.choose(g))
        lines = _shown(view, g.current_player()).splitlines()
        assert max(len(line) for line in lines) <= 100
        assert not any("…" in line for line in lines)


# --- the solo mode: Madame du Barry's panel and her turns

DELUXE_WORDS = re.compile(r"\b(thread|thr|kitchen|pink|orange|racks?|drawers?)\b|Queen's favour|resource bag|"
                          r"from the bag|on its space", re.IGNORECASE)
"""Deluxe words the 2013 edition says otherwise (wool, fountain, green and blue coats, favour card
beside the board, the player's tiles, the warehouse floors, the resource stacks)."""
MDB_LABELS = ["Player 1", "Madame du Barry"]


@pytest.mark.slow
def test_solo_games_are_told_in_words() -> None:
    _, types, whys = _tell({"solo": True}, [(1, seed) for seed in range(5)])
    assert {"mdb_hand", "mdb_card", "mdb_placement", "mdb_acquired"} <= types
    assert "mdb_favour" in whys


@pytest.mark.slow
def test_solo_games_with_the_jewelry_box_are_told_in_words() -> None:
    kinds, types, _ = _tell({"solo": True, "expansions": "jewelry_box", "mdb_exam_removal": "human"},
                            [(1, seed) for seed in range(4)])
    assert "mdb_remove" in kinds
    assert {"mdb_promoted", "exam_passed", "task", "jewel"} <= types


def _her_lines(g: Rococo, view: RococoView, events: list[Any]) -> list[str]:
    return [plain(line) for line in view.log([e.view(0) for e in events])]


def test_each_of_her_turns_is_told_with_card_target_and_reason() -> None:
    """One line per card she reveals: the card, what its top part shows, and what she did;
    one line per placement with the hall's guest space she took and why; the separate steps
    of her turn are not told again, and her turn's end is left out."""
    actions: set[str] = set()
    for seed in range(6):
        g = Rococo.new({"solo": True}, seed)
        view = RococoView(g, "en", MDB_LABELS)
        bot = RandomBot(seed)
        while not g.is_over():
            events = g.apply(bot.choose(g))
            lines = _her_lines(g, view, events)
            assert not any(line.startswith(("Madame du Barry ends the turn", "Madame du Barry rents",
                                            "Madame du Barry tailors", "Madame du Barry hires",
                                            "Madame du Barry finances")) for line in lines), lines
            starts = [i for i, e in enumerate(events) if e.type == "mdb_card"]
            told = [line for line in lines
                    if re.match(r"Madame du Barry reveals D\d\d \(", line) and " for the placement" not in line]
            assert len(told) == len(starts), lines
            for k, line in zip(starts, told, strict=True):
                card, action = events[k].data["card"], events[k].data["action"]
                assert line.startswith(f"Madame du Barry reveals {card} ({view.solo_action(card)}): "), line
                actions.add(action)
                turn = events[k + 1:next((i for i in starts if i > k), len(events))]
                done = {e.type: e.data for e in turn if e.seat == 1}
                if "mdb_fallback" in done:
                    assert line.endswith("so she takes 3 VP instead"), line
                elif action == "tailor":
                    assert f"she tailors {done['tailor']['garment']} " in line, line
                elif action == "hire":
                    assert f"she hires {done['hired']['card']} " in line, line
                elif action == "finance":
                    assert f"she finances {events_text('rococo.deco.' + done['financed']['kind'])}" in line, line
                elif action == "acquire":
                    assert all(tile in line for tile in done["mdb_acquired"]["tiles"]), line
                else:
                    assert "Queen's favour" in line and "3 VP" in line, line
            for e in events:
                if e.type == "rented" and e.seat == 1:
                    placed = [line for line in lines if " for the placement" in line
                              and f"she rents {e.data['garment']} " in line]
                    assert len(placed) == 1, lines
                    hall, space = e.data["space"][1:].split("s")
                    assert f"out on hall {hall}, space {space} (" in placed[0]
    assert actions == {"favour", "acquire", "tailor", "hire", "finance"}


def test_an_impossible_card_is_told_as_3_vp_instead() -> None:
    for seed in range(20):
        g = Rococo.new({"solo": True}, seed)
        view = RococoView(g, "en", MDB_LABELS)
        bot = RandomBot(seed)
        while not g.is_over():
            events = g.apply(bot.choose(g))
            if any(e.type == "mdb_fallback" for e in events):
                told = [line for line in _her_lines(g, view, events) if "so she takes 3 VP instead" in line]
                assert len(told) == sum(1 for e in events if e.type == "mdb_fallback")
                assert all(line.startswith("Madame du Barry reveals D") for line in told)
                return
    pytest.fail("no impossible card in 20 random solo games")


def test_solo_board_has_her_panel_instead_of_a_player_row() -> None:
    g = Rococo.new({"solo": True, "expansions": "jewelry_box"}, 5)
    bot = RandomBot(5)
    for _ in range(70):
        g.apply(bot.choose(g))
    view = RococoView(g, "en", MDB_LABELS)
    shown = _shown(view, 0)
    lines = shown.splitlines()
    assert max(len(line) for line in lines) <= 100
    players = shown.split("Players")[1].split("Jewels and exams")[0]
    assert "Player 1" in players and "Madame du Barry" not in players
    panel = " ".join(shown.split("Madame du Barry, the automatic opponent")[1].split())
    obs = g.observe(0)
    her, solo = obs["players"][1], obs["solo"]
    assert solo is not None
    assert f"{her['vp']} VP · {her['thread']} thread + {her['lace']} lace" in panel
    assert f"{her['rack_count']} resource tile" in panel
    assert f"worth {her['rack_count'] // 2} VP at the end" in panel
    assert f"staff of {her['staff_size']} cards, face down" in panel
    assert f"hand pile {solo['hand_count']} card" in panel
    assert f"card supply {solo['supply_count']} card" in panel
    assert ("Journeyman exam: " if her["exam"] == "journeyman" else "Master exam: ") in panel
    for card in solo["discard"][-4:]:
        assert f"{card}: {view.solo_card(card)}" in panel
    assert solo["discard"]


def test_solo_support_names_madame_her_step_and_her_ties() -> None:
    g = Rococo.new({"solo": True}, 1)
    assert g.description.automated_seats == {1: "madame_du_barry"}
    assert SUPPORT.score_steps(g)[-1] == "solo_tiles"
    assert text(SUPPORT.tie_rule(g) or "").startswith("Madame du Barry wins every tie")
    plain_game = Rococo.new({"players": 2}, 1)
    assert plain_game.description.automated_seats == {} and SUPPORT.tie_rule(plain_game) is None


# --- the 2013 edition: its own words, hidden prestige

@pytest.mark.slow
def test_2013_games_are_told_in_the_editions_words() -> None:
    _, types, _ = _tell({"edition": "2013"}, [(players, seed) for players in (2, 3, 4, 5) for seed in range(2)],
                        DELUXE_WORDS)
    assert "vp" in types


def _player_rows(shown: str) -> dict[int, list[str]]:
    """The cells of each row of the Players table ("Player 2 ..." split on spaces)."""
    table = shown.split("\nPlayers")[1].split("\n\n")[0]
    rows = {}
    for line in table.splitlines():
        m = re.match(r"Player (\d) ", line)
        if m:
            rows[int(m.group(1)) - 1] = line.split()
    return rows


@pytest.mark.slow
def test_2013_board_never_shows_another_players_prestige_before_the_end() -> None:
    hidden_gains = 0
    for players, seed in ((3, 1), (4, 2), (5, 3), (2, 4)):
        g = Rococo.new({"players": players, "edition": "2013"}, seed)
        view = RococoView(g, "en", [f"Player {i + 1}" for i in range(players)])
        bot = RandomBot(seed)
        while not g.is_over():
            if g.s.phase == "actions" and len(g.history) % 25 == 0:
                rows = _player_rows(_shown(view, 0))
                assert rows[0][5] == str(g.s.players[0].vp)
                for seat in range(1, players):
                    assert rows[seat][5] == "?", (seat, rows[seat], g.s.players[seat].vp)
            for e in g.apply(bot.choose(g)):
                if e.type == "vp" and e.seat != 0 and g.s.phase not in ("scoring", "end", "over"):
                    line = plain(view.event(e.view(0)) or "")
                    assert "prestige tokens face down" in line and not re.search(r"\d+ VP", line), line
                    hidden_gains += 1
        rows = _player_rows(_shown(view, 0))
        for seat in range(players):
            assert rows[seat][5] == str(g.s.players[seat].vp)
    assert hidden_gains, "no hidden prestige gain met"


def test_2013_board_uses_the_editions_words() -> None:
    g = Rococo.new({"players": 4, "edition": "2013"}, 6)
    bot = RandomBot(6)
    for _ in range(30):
        g.apply(bot.choose(g))
    shown = _shown(RococoView(g, "en", [f"Player {i + 1}" for i in range(4)]), 0)
    for word in ("Wool", "upper fountain", "lower basin", "yellow", "Favour card", "+wool"):
        assert word in shown, word
    assert not DELUXE_WORDS.search(shown), DELUXE_WORDS.search(shown)


def test_2013_level_iii_card_pays_prestige_per_decoration() -> None:
    """D-47: the edition's data, not the Deluxe text, says what the card gives."""
    g = Rococo.new({"players": 2, "edition": "2013"}, 1)
    view = RococoView(g, "en", ["Player 1", "Player 2"])
    assert view.bonus("l3_livre_per_dec") == "1 VP per own decoration"
    deluxe = RococoView(Rococo.new({"players": 2}, 1), "en", ["Player 1", "Player 2"])
    assert deluxe.bonus("l3_livre_per_dec") == "1 livre per own decoration"
