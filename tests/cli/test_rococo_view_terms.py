"""The board names each edition's own components (RULES.md §16): the 2013 edition's warehouse
floors, face-down resource stacks, the tiles a player keeps in front of them and the favour
card beside the board, where the Deluxe Edition has drawers, a resource bag, racks and the
favour tile's space.  In the solo mode Madame du Barry's markers carry her own tag, and the
Players table fits 80 columns without cutting a seat's name."""

from __future__ import annotations

import re

from rich.console import Console

from salon.bots.base import RandomBot
from salon.cli.rococo.view import RococoView
from salon.i18n import text
from salon.rococo.game import Rococo

DELUXE_COMPONENTS = re.compile(r"\b(racks?|drawers?)\b|resource bag|from the bag|on its space", re.IGNORECASE)
"""The Deluxe components the 2013 edition does not have (D-12, D-13, D-17, D-18, D-24, D-49)."""


def _shown(view: RococoView, seat: int | None, width: int = 100) -> str:
    console = Console(width=width, record=True)
    console.print(view.board(seat))
    return console.export_text()


def _labels(players: int) -> list[str]:
    return [text("player.with_bot", name=f"Player {i + 1}", bot="heuristic") for i in range(players)]


def _after_a_kept_tile(config: dict[str, object], seed: int) -> Rococo:
    """A game in round 1 right after the player to move kept a resource tile as silk, the
    favour not taken yet: the board shows a rack's content and the free favour."""
    g = Rococo.new(config, seed)
    while g.s.players[0].rack == [] or g.current_player() != 0:
        decision = g.decision()
        legal = g.legal_actions()
        if decision["kind"] == "fate" and "tile:keep" in legal:
            g.apply("tile:keep")
        elif decision["kind"] == "main" and "main:acquire" in legal:
            g.apply("main:acquire")
        else:
            g.apply(next((a for a in legal if a != "main:favour"), legal[0]))
    assert g.observe(0)["board"]["favour"] is None
    return g


def test_2013_board_names_the_editions_own_components() -> None:
    g = _after_a_kept_tile({"players": 3, "edition": "2013"}, 2)
    shown = _shown(RococoView(g, "en", _labels(3)), 0)
    for words in ("Favour card: beside the board", "Warehouse floors: price of a tile now", "Floor 1 (",
                  "Your tiles: R", "Silk of your tiles: "):
        assert words in shown, words
    assert re.search(r"^Player +Livres +Wool +Lace +VP +Tiles ", shown, re.MULTILINE)
    assert not DELUXE_COMPONENTS.search(shown), DELUXE_COMPONENTS.search(shown)


def test_deluxe_board_keeps_the_deluxe_components() -> None:
    g = _after_a_kept_tile({"players": 3}, 2)
    shown = _shown(RococoView(g, "en", _labels(3)), 0)
    for words in ("Queen's favour: on its space", "Resource drawers: price of a tile now", "Drawer 1 (",
                  "Your rack: R", "Silk of your rack: "):
        assert words in shown, words
    assert re.search(r"^Player +Livres +Thread +Lace +VP +Rack ", shown, re.MULTILINE)


def test_2013_bonus_draws_come_from_the_resource_stacks() -> None:
    """D-49: the level-I draws take a face-down tile from the stacks, and the log says so."""
    g = Rococo.new({"players": 2, "edition": "2013"}, 1)
    view = RococoView(g, "en", _labels(2))
    assert view.bonus("l1_draw_bag_free") == "draw a resource tile from the resource stacks for free"
    assert (view.event({"type": "tile_drawn", "seat": 1}) or "").endswith("draws a tile from the resource stacks")
    assert view.event({"type": "resource_bag_refilled"}) == (
        "The discarded resource tiles are shuffled to refill the resource stacks")
    taken = view.event({"type": "tile_taken", "seat": 0, "tile": "R01", "slot": 4}) or ""
    assert taken.endswith("from floor 2"), taken
    deluxe = RococoView(Rococo.new({"players": 2}, 1), "en", _labels(2))
    assert deluxe.bonus("l1_draw_bag_free") == "draw a resource tile from the resource bag for free"
    assert (deluxe.event({"type": "tile_taken", "seat": 0, "tile": "R01", "slot": 4}) or "").endswith("drawer 2")


def test_madame_du_barrys_markers_carry_her_own_tag() -> None:
    g = Rococo.new({"solo": True}, 3)
    bot = RandomBot(3)
    for _ in range(300):
        if not g.is_over():
            g.apply(bot.choose(g))
    board = g.observe(0)["board"]
    assert any(o["owner"] == 1 for o in board["guests"].values())
    assert 1 in board["decorations"].values()
    shown = _shown(RococoView(g, "en", ["Player 1", "Madame du Barry"]), 0)
    assert not re.search(r"\bP2\b", shown)
    assert re.search(r"\bG\d\d \w+ \d+VP MdB\b", shown)
    assert re.search(r"\b(mu|fw|kl|kr|st)\d \d+L \d+VP (×\d )?MdB\b", shown)
    legend = " ".join(shown.split("M = master guest space")[1].split("\n\n")[0].split())
    assert "owner: P1 = Player 1, MdB = Madame du Barry" in legend and "P1-P5" not in legend


def test_multiplayer_legend_names_the_numbered_owners() -> None:
    shown = _shown(RococoView(Rococo.new({"players": 3}, 1), "en", _labels(3)), 0)
    assert "P1-P5 = owner" in " ".join(shown.split())


def test_final_2013_board_players_table_fits_80_columns_with_whole_names() -> None:
    for players, seed in ((3, 4), (5, 4)):
        g = Rococo.new({"players": players, "edition": "2013"}, seed)
        bot = RandomBot(seed)
        while not g.is_over():
            g.apply(bot.choose(g))
        shown = _shown(RococoView(g, "en", _labels(players)), None, width=80)
        lines = shown.splitlines()
        assert max(len(line) for line in lines) <= 80
        table = shown.split("\nPlayers")[1].split("\n\n")[0]
        assert "…" not in table
        for seat in range(players):
            assert re.search(rf"^Player {seat + 1} \(heuristic\) +\d", table, re.MULTILINE), (seat, table)
