"""The Queen's Necklace's observation as a fixed-size vector (salon.rl.encoding), for
learning code.

The declaration mirrors :func:`salon.necklace.view.observe` key by key, so the vector holds
exactly what a seat is shown.  A card named by its own id (in the market, the viewer's hand
and presentation) is encoded by that id, which fixes its kind and gems; elsewhere cards are
named by their public id, shared by identical copies, and encoded so.  Seats and the hands a
Confessor or a Forger showed (keyed by seat) are relative to the viewer.

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

import numpy as np

from salon.necklace.components import GEM, KINDS, NECKLACE, packaged
from salon.necklace.config import NecklaceConfig
from salon.necklace.game import Necklace
from salon.necklace.state import EMPTY
from salon.rl.encoding import (
    FLOAT32,
    Bag,
    Const,
    DirectEncoder,
    DirectMiss,
    Encoding,
    Keyed,
    Num,
    Opt,
    Record,
    Seat,
    SeatMap,
    Seats,
    Slots,
    Token,
    Vector,
    locate,
    record,
)

PHASES = ("setup", "influence", "purchase", "devaluation", "sale", "over")
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
        seat=Seat(n), kind=Token(tuple(sorted(Necklace.describe(cfg).schema.get("decisions", {})))),
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
    return Encoding(root, n, direct(cfg, root))


def direct(cfg: NecklaceConfig, root: Record) -> DirectEncoder:
    """The direct encoder of ``root`` (salon.rl.encoding.Encoding.direct): the vector of
    :func:`salon.necklace.view.observe` written from the state itself, each value where the
    declaration puts it, without building the observation.  It mirrors ``observe`` key by key
    (the tests compare the two on every step of random games of every config) and leaves
    anything it cannot place to the reference encoder (:class:`DirectMiss`)."""
    ds = packaged()
    n = cfg.players
    r = ds.rules
    cards = ds.cards
    size = root.size

    def at(*keys: str) -> int:
        return locate(root, *keys)[1]

    def token(field: Any) -> Token:
        while not isinstance(field, Token):
            field = field.token if isinstance(field, Bag) else field.field
        return field

    own = token(locate(root, "decision", "card")[0])._index
    public = token(locate(root, "discard")[0])._index
    own_pos = [own[c.id] for c in cards]  # a card by its own id
    public_pos = [public[ds.public_id[c.index]] for c in cards]  # by its public name
    gem_count = len(ds.gem_names)
    phase_pos = token(locate(root, "phase")[0])._index
    kind_pos = token(locate(root, "decision", "kind")[0])._index
    necklaces = ds.of_kind[NECKLACE]

    players_field, players_at = locate(root, "players")
    assert isinstance(players_field, Seats) and isinstance(players_field.field, Record)
    player = players_field.field
    psize = player.size
    named = token(locate(player, "presented", "bankers")[0])._index
    named_own = [named[c.id] for c in cards]  # in a presentation: the holder's own ids ...
    named_public = [named[ds.public_id[c.index]] for c in cards]  # ... and the others' public names

    def p(*keys: str) -> int:
        return locate(player, *keys)[1]

    score, hand_count, necklace = p("score"), p("hand_count"), p("necklace")
    delayed, hand = p("delayed_sales"), p("hand")
    seen, presented, presenting = p("seen"), p("presented"), p("presenting")
    seen_step = 1 + len(public)  # each seat's Opt(Bag): 1 if present, then the counts
    presentation = locate(player, "presented")[0]
    assert isinstance(presentation, Opt) and isinstance(presentation.field, Record)
    lots_at = 1 + presentation.field._placed["lots"][1]  # past the Opt's 1
    bankers_at = 1 + presentation.field._placed["bankers"][1]
    column = len(named)

    active, turn, phase, ducats, bought = at("active"), at("turn"), at("phase"), at("ducats"), at("bought")
    pile_count, market, discard, merchants = at("pile_count"), at("market"), at("discard"), at("merchants_in_play")
    fashion, rarity, sales, over = at("fashion"), at("last_sale_rarity"), at("sales"), at("over")
    fashion_field = locate(root, "fashion")[0]
    assert isinstance(fashion_field, Slots)
    fashion_step = fashion_field.field.size
    fashion_value = locate(fashion_field.field, "value")[1]
    market_field = locate(root, "market")[0]
    assert isinstance(market_field, Slots) and isinstance(market_field.field, Opt)
    slot_size = market_field.field.size
    slot_record = market_field.field.field
    assert isinstance(slot_record, Record)
    price_at, step_at = 1 + locate(slot_record, "price")[1], 1 + locate(slot_record, "step")[1]

    def d(key: str) -> int:
        return at("decision", key)

    d_seat, d_kind, d_ducats, d_bought, d_forger, d_gem = (d("seat"), d("kind"), d("ducats"), d("bought"),
                                                           d("forger"), d("gem"))
    d_slot, d_card, d_merchant, d_active, d_sale, d_lots, d_bankers = (d("slot"), d("card"), d("merchant"),
                                                                       d("active"), d("sale"), d("lots"),
                                                                       d("bankers"))
    own_size = len(own)

    # each card's market slot but for its price and step (the card, its ladder), written once by
    # the declaration itself; None for a card the declaration cannot place there
    slots: list[bytes | None] = []
    for c in cards:
        view: dict[str, Any] = {"id": c.id, "kind": c.kind_name}
        if c.kind == GEM:
            view.update(gem=ds.gem_names[c.gem], gems=c.gems)
        one = np.zeros(slot_size, dtype=np.float32)
        try:
            market_field.field.write({"card": view, "ladder": list(c.ladder)}, 0, one, 0, ())
        except Exception:  # noqa: BLE001  (a card the market's declaration does not hold)
            slots.append(None)
            continue
        slots.append(one.tobytes())
    constant = {"sales_total": r.sales, "fashion": [{"value": v} for v in r.fashion_values]}
    templates = []
    for seat in range(n):
        blank = np.zeros(size, dtype=np.float32)
        root.write(constant, seat, blank, 0, ())
        templates.append(bytes(blank.tobytes()))
    fashion_slots = len(r.fashion_values)  # one per gem type (the rules' data check)
    known = [cfg]
    # the discards' counts, kept from one vector to the next, and the discards they count
    pile_buf = bytearray(4 * len(public))
    pile = memoryview(pile_buf).cast("f")
    piles: list[list[int] | None] = [[]]

    def encode(game: Any, viewer: int) -> Vector:
        s = game.s
        if s.cfg is not known[0]:
            if s.cfg != cfg:
                raise DirectMiss("another config")
            known[0] = s.cfg
        if not 0 <= viewer < n or s.n != n:
            raise DirectMiss("no seat")
        buf = bytearray(templates[viewer])
        o = memoryview(buf).cast("f")
        holder = EMPTY
        for c in necklaces:
            for seat, held in enumerate(s.hands):
                if c in held:
                    holder = seat
                    break
            if holder != EMPTY:
                break
        in_sale = s.phase == "sale"
        revealed = s.revealed
        for i in range(n):
            base = players_at + ((i - viewer) % n) * psize
            o[base + score] = s.scores[i] / POINTS
            held = s.hands[i]
            o[base + hand_count] = len(held) / MONEY
            if holder == i:
                o[base + necklace] = 1.0
            for c, h in s.delayed:
                if h == i:
                    o[base + delayed + public_pos[c]] += 1.0
            if i == viewer:
                for c in held:
                    o[base + hand + own_pos[c]] += 1.0
                for t, shown in enumerate(s.peeks[i]):
                    if shown is not None:
                        if not 0 <= t < n:
                            raise DirectMiss("peeked seat")
                        at_ = base + seen + ((t - viewer) % n) * seen_step
                        o[at_] = 1.0
                        for c in shown:
                            o[at_ + 1 + public_pos[c]] += 1.0
            if in_sale and (revealed or i == viewer):
                at_ = base + (presented if revealed else presenting)
                o[at_] = 1.0
                names = named_own if i == viewer else named_public
                fashion_of = s.fashion
                for c, t in zip(s.shown[i], s.shown_type[i]):
                    if t == EMPTY:
                        o[at_ + bankers_at + names[c]] += 1.0
                    elif t in fashion_of:
                        o[at_ + lots_at + t * column + names[c]] += 1.0
        if not 0 <= s.active < n:
            raise DirectMiss("active seat")
        o[active + (s.active - viewer) % n] = 1.0
        o[turn] = s.turn_no / MONEY
        o[phase + phase_pos[s.phase]] = 1.0
        if s.phase in ("influence", "purchase"):
            o[ducats] = 1.0
            o[ducats + 1] = s.ducats / MONEY
        o[bought] = float(s.bought)
        o[pile_count] = len(s.pile) / POINTS
        if len(s.market) > r.market_size:
            raise DirectMiss("market")
        for slot, c in enumerate(s.market):
            if c != EMPTY:
                chunk = slots[c]
                if chunk is None:
                    raise DirectMiss("market card")
                at_ = market + slot * slot_size
                buf[4 * at_:4 * (at_ + slot_size)] = chunk
                o[at_ + price_at] = cards[c].ladder[s.price[slot]] / MONEY
                o[at_ + step_at] = float(s.price[slot])
        out = s.out
        counted = piles[0]
        if out != counted:  # the discards only grow within a game: count the new ones
            piles[0] = None  # (unknown until counted)
            if counted is None or len(out) < len(counted) or out[:len(counted)] != counted:
                pile_buf[:] = bytes(len(pile_buf))
                counted = []
            for c in out[len(counted):]:
                pile[public_pos[c]] += 1.0
            piles[0] = out[:]
        buf[4 * discard:4 * discard + len(pile_buf)] = pile_buf
        for c in s.limbo:
            o[merchants + public_pos[c]] += 1.0
        if len(s.fashion) > gem_count:
            raise DirectMiss("fashion")
        for slot, g in enumerate(s.fashion):
            if not 0 <= g < gem_count:
                raise DirectMiss("fashion gem")
            o[fashion + slot * fashion_step + g] = 1.0
        for slot in range(len(s.fashion), fashion_slots):  # a value shows beside a gem only
            o[fashion + slot * fashion_step + fashion_value] = 0.0
        if s.rarity:
            if len(s.rarity) > gem_count:
                raise DirectMiss("rarity")
            o[rarity] = 1.0
            for t, v in enumerate(s.rarity):
                o[rarity + 1 + t] = v / MONEY
        o[sales] = float(s.sales)
        if s.over:
            o[over] = 1.0
        elif s.stack:
            f = s.stack[-1]
            kind, seat = f[0], f[1]
            if not 0 <= seat < n:
                raise DirectMiss("decision seat")
            o[d_seat + (seat - viewer) % n] = 1.0
            o[d_kind + kind_pos[kind]] = 1.0
            if seat == viewer:
                if kind in ("influence", "buy"):
                    o[d_ducats] = s.ducats / MONEY
                    o[d_bought] = float(s.bought)
                elif kind in ("forger_response", "forger_discard"):
                    if not 0 <= f[2] < n:
                        raise DirectMiss("forger")
                    if not 0 <= f[3] < gem_count:
                        raise DirectMiss("forger gem")
                    o[d_forger + (f[2] - viewer) % n] = 1.0
                    o[d_gem + f[3]] = 1.0
                elif kind == "queen":
                    o[d_slot] = float(f[2])
                    o[d_card + own_pos[s.market[f[2]]]] = 1.0
                elif kind == "cardinal":
                    o[d_merchant + public_pos[s.limbo[-1]]] = 1.0
                    o[d_active + (s.active - viewer) % n] = 1.0
                elif kind in ("present", "alchemist"):
                    o[d_sale] = float(s.sales + 1)
                    fashion_of = s.fashion
                    for c, t in zip(s.shown[seat], s.shown_type[seat]):
                        if t == EMPTY:
                            o[d_bankers + own_pos[c]] += 1.0
                        elif t in fashion_of:
                            o[d_lots + t * own_size + own_pos[c]] += 1.0
        return np.frombuffer(buf, FLOAT32)

    return encode
