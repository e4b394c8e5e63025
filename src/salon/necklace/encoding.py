"""The Queen's Necklace's observation as a fixed-size vector (salon.core.vectors), for
learning code.

The declaration mirrors :func:`salon.necklace.view.observe` key by key, so the vector holds
exactly what a seat is shown.  A card named by its own id (in the market, the viewer's hand
and presentation) is encoded by that id, which fixes its kind and gems; elsewhere cards are
named by their public id, shared by identical copies, and encoded so.  Seats and the hands a
Confessor or a Forger showed (keyed by seat) are relative to the viewer.  The decision kinds
are those of the rules' step registry (``rules/registry.py``): every decision the rules can
ask, however rarely a game reaches it.

| path | meaning |
|---|---|
| `.players[viewer+k]` | each seat from the viewer on: score, hand size, whether it wears the necklace, its delayed sales (count per card); the viewer's own hand (count per card id) and the hands it has seen, by seat; a presentation being prepared (the viewer's) or revealed: lots by gem and bankers |
| `.active`, `.turn`, `.phase`, `.ducats`, `.bought` | the active seat, the turn, the phase (one-hot), ducats left (absent outside influence and purchase), cards bought |
| `.market[i]` | each market slot, when it holds a card: the card (id, kind, gem, gems), price, step down its ladder, the ladder |
| `.pile_count`, `.discard`, `.merchants_in_play` | the draw pile's size, the discards and the merchants beside the board (count per card) |
| `.fashion[i]`, `.last_sale_rarity` | the fashion order's gems and values; the last sale's rarity by gem |
| `.sales`, `.sales_total`, `.over` | sales held and to hold, whether the game is over |
| `.decision` | whose decision (seat one-hot) and its kind; for the viewer's own decision: ducats, bought, the forger and gem, the queen's slot and card, the merchant, the active seat, the sale and the presentation |
"""  # noqa: E501

from __future__ import annotations

from typing import Any

from salon.core.vectors import Bag, Const, Encoding, Keyed, Num, Opt, Seat, SeatMap, Seats, Slots, Token, record
from salon.necklace.components import packaged
from salon.necklace.config import NecklaceConfig
from salon.necklace.game import Necklace
from salon.necklace.kinds import KINDS
from salon.necklace.observation import PHASES
from salon.necklace.rules.registry import DECISIONS

POINTS = 50.0
"""Scores are divided by this; ducats, prices and counts by :data:`MONEY`."""
MONEY = 10.0


def encoding(config: Any) -> Encoding:
    """The layout of every observation of a Queen's Necklace game with ``config``."""
    cfg = config if isinstance(config, NecklaceConfig) else Necklace.parse_config(config)
    ds = packaged()
    n = cfg.players
    own = Token(tuple(c.id for c in ds.cards))
    public = Token(tuple(sorted(set(ds.public_id))))
    named = Token(tuple(sorted({c.id for c in ds.cards} | set(ds.public_id))))
    gems = Token(ds.gem_names)
    money = Num(MONEY)
    presentation = record(lots=Keyed(ds.gem_names, Bag(named)), bankers=Bag(named))
    player = record(
        seat=Const(), score=Num(POINTS), hand_count=money, necklace=Num(), delayed_sales=Bag(public),
        hand=Bag(own, key="id"), seen=SeatMap(n, Opt(Bag(public))), presented=Opt(presentation),
        presenting=Opt(presentation),
    )
    card = record(id=own, kind=Token(KINDS), gem=gems, gems=Num())
    decision = record(
        seat=Seat(n), kind=Token(tuple(sorted(DECISIONS))),
        ducats=money, bought=Num(), forger=Seat(n), gem=gems, slot=Num(), card=own,
        merchant=public, active=Seat(n), sale=Num(), lots=Keyed(ds.gem_names, Bag(own)), bankers=Bag(own),
    )
    root = record(
        game=Const(), viewer=Const(), players=Seats(n, player), active=Seat(n), turn=Num(MONEY),
        phase=Token(PHASES), ducats=Opt(money), bought=Num(), pile_count=Num(POINTS),
        market=Slots(ds.rules.market_size, Opt(record(slot=Const(), card=card, price=money, step=Num(),
                                                      ladder=Slots(ds.rules.ladder_length, money)))),
        discard=Bag(public), merchants_in_play=Bag(public),
        fashion=Slots(len(ds.gem_names), record(gem=gems, value=money)),
        last_sale_rarity=Opt(Keyed(ds.gem_names, money)), sales=Num(), sales_total=Num(), decision=decision,
        over=Num(),
    )
    return Encoding(root, n)
