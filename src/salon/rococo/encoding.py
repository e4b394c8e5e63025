"""Rococo's observation as a fixed-size vector (salon.core.vectors), for learning code.

The declaration mirrors :func:`salon.rococo.view.observe` key by key, so the vector holds
exactly what a seat is shown: the public board and every player's public counts, and the
viewer's own rack, silk, hand, supply and specialised apprentice; a hidden prestige (2013
edition) is absent, not zero.  Vocabularies come from the config's data set (its cards,
garments, tiles, jewels, guest spaces and decorations), so the layout changes only with
the config and the data files; its hash is the ``encoding_version`` of the environments.
The decision kinds are those of the rules' step registry (``rules/registry.py``): every
decision the rules can ask, in any config, however rarely a game reaches it.

The layout of a 4-player game with every expansion (``salon.rl.layout_table("rococo",
{"players": 4, "expansions": "all"})`` prints it; other configs differ in their
vocabularies and seats only):

| path | meaning |
|---|---|
| `.players[viewer+k]` | each seat from the viewer on: livres, thread, lace, vp (absent when hidden), counts of rack, hand and supply, discard pile (count per card), card in play, staff size; with the Jewelry Box its jewels, exam, tasks done, master exams, whether it has a specialised apprentice (and the viewer's own: which, and its condition); the viewer's own rack (count per tile), silk by colour, hand and supply (count per card) |
| `.round`, `.phase`, `.start_player`, `.turn_card`, `.over` | the round, the phase (one-hot), the start player (seat one-hot), the card being played, whether the game is over |
| `.decision` | whose decision (seat one-hot) and its kind (one-hot); for the viewer's own decision its details: card, bonus card and bonus, mode, picks left, tile, garment, free, tasks, silk needed, discount, price |
| `.board` | board side; each window's garment and cost; each drawer space's tile; the hire display; deck count; the favour's holder; each guest space's garment and owner; each decoration's owner; the terrace's garments; the all-halls markers' owners; the garment being made; bag counts, resource and garment discards, removed cards |
| `.expansions` | the expansions in play (constant for a config, kept so that one policy may serve several) |
| `.jewelry` | the jewelry display (jewel and price per space), bag and stack counts, removed jewels |
| `.festive_waiting` | garments waiting for the Festive expansion |
| `.solo` | Madame du Barry's seat, hand and supply counts, her discard pile |
| `.breakdown`, `.money_left` | the final scoring by step and the livres left, per seat, once known |
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from salon.core.vectors import Bag, Const, Encoding, Keyed, Num, Opt, Record, Seat, Seats, Slots, Token, record
from salon.rococo.config import RococoConfig
from salon.rococo.game import Rococo
from salon.rococo.models import EXPANSIONS
from salon.rococo.observation import PHASES
from salon.rococo.rules.registry import DECISIONS
from salon.rococo.rules.scoring import STEPS
from salon.rococo.rules.tailor import GRANTED
from salon.rococo.tables import tables

MODES = ("main", "bonus", "reward", *GRANTED)
"""The ways an acquisition or a tailoring comes about (the ``mode`` of those decisions)."""
COLOURS = ("blue", "pink", "green", "orange")
SIDES = ("1-3", "4-5", "2-3")
MONEY = 10.0
"""Livres, thread, lace and counts are divided by this; points by :data:`POINTS`."""
POINTS = 50.0


def _tokens(values: Iterable[str]) -> Token:
    return Token(tuple(sorted(set(values))))


def encoding(config: Any) -> Encoding:
    """The layout of every observation of a Rococo game with ``config``."""
    cfg = config if isinstance(config, RococoConfig) else Rococo.parse_config(config)
    t = tables(cfg.side, cfg.seats, cfg.expansions, cfg.solo, cfg.edition)
    ds = t.ds
    board = ds.board
    n = cfg.seats
    cards = Token(tuple(c.id for c in t.cards))
    garments = Token(tuple(g.id for g in ds.garments))
    tiles = Token(tuple(x.id for x in ds.tiles))
    jb = ds.jewelry_box
    jewels = Token(tuple(j.id for j in jb.jewels) if jb is not None else ())
    tasks = Token((*jb.journeyman_tasks, *jb.master_tasks) if jb is not None else ())
    money, points = Num(MONEY), Num(POINTS)
    player = record(
        seat=Const(), livres=money, thread=money, lace=money, vp=Opt(points), rack_count=money,
        hand_count=money, supply_count=money, discard=Bag(cards), in_play=cards, staff_size=money,
        jewels=Bag(jewels), exam=Token(("journeyman", "master")), tasks=Bag(tasks), master_exams=Num(),
        has_specialist=Num(),
        specialist=record(card=cards, condition=_tokens(c.condition for c in t.cards if c.condition)),
        rack=Bag(tiles), silk=Record(tuple((c, money) for c in COLOURS)), hand=Bag(cards), supply=Bag(cards),
    )
    decision = record(
        seat=Seat(n), kind=_tokens(DECISIONS), card=cards,
        bonus_card=cards, bonus=_tokens(c.bonus for c in t.cards),
        free_gain=Const(),  # the bonus's id tells it already
        mode=Token(MODES), picks_left=Num(),
        tile=tiles, garment=garments, free=Num(), tasks=Bag(tasks),
        need=Record(tuple((c, Num()) for c in COLOURS)), discount=money, price=money,
    )
    decorations = tuple(d.id for d in board.decorations)
    board_field = record(
        side=Token(SIDES),
        windows=Slots(len(board.window_costs), record(garment=garments, cost=money)),
        drawers=Slots(board.drawers, Slots(board.drawer_spaces, tiles)),
        display=Slots(board.hire_spaces, cards),
        deck_count=money,
        favour=Seat(n),
        guests=Keyed(tuple(g.id for g in board.guest_spaces), record(garment=garments, owner=Seat(n))),
        decorations=Keyed(decorations, Seat(n)),
        terrace=Keyed(decorations, garments),
        all_halls=Slots(len(board.halls), Seat(n)),
        making=garments,
        resource_bag_count=money, resource_discard=Bag(tiles),
        garment_bag_count=money, garment_discard=Bag(garments),
        removed_cards=Bag(cards),
    )
    jewelry = record(
        display=Slots(len(jb.display_prices) if jb is not None else 0, record(jewel=jewels, price=money)),
        bag_count=money, removed=Bag(jewels), journeyman_stack_count=money, master_stack_count=money,
    )
    solo = record(seat=Seat(n), hand_count=money, supply_count=money,
                  discard=Bag(Token(tuple(c.id for c in ds.solo_cards))))
    root = record(
        game=Const(), viewer=Const(), players=Seats(n, player), round=Num(), phase=Token(PHASES),
        start_player=Seat(n), turn_card=cards, decision=decision, over=Num(), board=board_field,
        expansions=Bag(Token(EXPANSIONS)), jewelry=Opt(jewelry), festive_waiting=money, solo=Opt(solo),
        breakdown=Seats(n, Keyed(STEPS, points)), money_left=Seats(n, money),
    )
    return Encoding(root, n)
