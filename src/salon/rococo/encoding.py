"""Rococo's observation as a fixed-size vector (salon.rl.encoding), for learning code.

The declaration mirrors :func:`salon.rococo.view.observe` key by key, so the vector holds
exactly what a seat is shown: the public board and every player's public counts, and the
viewer's own rack, silk, hand, supply and specialised apprentice; a hidden prestige (2013
edition) is absent, not zero.  Vocabularies come from the config's data set (its cards,
garments, tiles, jewels, guest spaces and decorations), so the layout changes only with
the config and the data files; its hash is the ``encoding_version`` of the environments.

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

from typing import Any

import numpy as np

from salon.rl.encoding import (
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
    Seats,
    Slots,
    Token,
    Vector,
    locate,
    positions,
    record,
)
from salon.rococo.components import EXPANSIONS
from salon.rococo.config import RococoConfig
from salon.rococo.game import Rococo
from salon.rococo.rules.scoring import STEPS
from salon.rococo.rules.tailor import GRANTED
from salon.rococo.state import EMPTY
from salon.rococo.tables import tables

PHASES = ("setup", "prepare", "choose", "actions", "income", "scoring", "end", "over")
MODES = ("main", "bonus", "reward", *GRANTED)
"""The ways an acquisition or a tailoring comes about (the ``mode`` of those decisions)."""
COLOURS = ("blue", "pink", "green", "orange")
SIDES = ("1-3", "4-5", "2-3")
MONEY = 10.0
"""Livres, thread, lace and counts are divided by this; points by :data:`POINTS`."""
POINTS = 50.0


def _tokens(values: Any) -> Token:
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
        seat=Seat(n), kind=_tokens(Rococo.describe(cfg).schema.get("decisions", {})), card=cards,
        bonus_card=cards, bonus=_tokens(c.bonus for c in t.cards), mode=Token(MODES), picks_left=Num(),
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
    return Encoding(root, n, direct(cfg, root))


MAIN_LIKE = frozenset(("main", "bonus", "hire", "acquire", "tailor", "finance", "reduce", "give", "dispose"))
"""The decisions whose details show the turn's card (:func:`salon.rococo.view.decision_context`)."""
WITH_MODE = frozenset(("acquire", "tailor", "give", "dispose", "reduce"))
MAKING = frozenset(("give", "dispose", "reduce"))
SCORING = frozenset(("scoring", "end", "over"))


def direct(cfg: RococoConfig, root: Record) -> DirectEncoder:
    """The direct encoder of ``root`` (salon.rl.encoding.Encoding.direct): the vector of
    :func:`salon.rococo.view.observe` written from the state itself, each value where the
    declaration puts it, in about a tenth of the time of building the observation and walking
    the declaration.  It mirrors ``observe`` key by key (the tests compare the two on every
    step of random games of every config) and leaves anything it cannot place to the
    reference encoder (:class:`DirectMiss`)."""
    t = tables(cfg.side, cfg.seats, cfg.expansions, cfg.solo, cfg.edition)
    ds = t.ds
    b = ds.board
    jb = ds.jewelry_box
    n = cfg.seats
    size = root.size

    def at(*keys: str) -> int:
        return locate(root, *keys)[1]

    def token(*keys: str) -> Token:
        field = locate(root, *keys)[0]
        while isinstance(field, Opt | Bag | Slots):
            field = field.field if isinstance(field, Opt | Slots) else field.token
        assert isinstance(field, Token)
        return field

    cards = token("turn_card")
    card_pos: list[Any] = positions(cards, [c.id for c in t.cards])
    tile_pos: list[Any] = positions(token("board", "resource_discard"), [x.id for x in ds.tiles])
    garment_pos: list[Any] = positions(token("board", "making"), [g.id for g in ds.garments])
    jewel_pos: list[Any] = positions(token("jewelry", "removed"), [j.id for j in jb.jewels]) if jb is not None else []
    tasks = token("decision", "tasks")
    task_tracks: list[list[Any]] = ([positions(tasks, jb.journeyman_tasks), positions(tasks, jb.master_tasks)]
                                   if jb is not None else [[], []])
    bonus_pos: list[Any] = positions(token("decision", "bonus"), [c.bonus for c in t.cards])
    solo_pos: list[Any] = positions(token("solo", "discard"), [c.id for c in ds.solo_cards])
    phase_pos = token("phase")._index
    kind_pos = token("decision", "kind")._index
    mode_pos = token("decision", "mode")._index
    steps_pos = {k: i for i, k in enumerate(STEPS)}

    players_field, players_at = locate(root, "players")
    assert isinstance(players_field, Seats) and isinstance(players_field.field, Record)
    player = players_field.field
    psize = player.size

    def p(key: str) -> int:
        return locate(player, key)[1]

    livres, thread, lace, vp = p("livres"), p("thread"), p("lace"), p("vp")
    rack_count, hand_count, supply_count = p("rack_count"), p("hand_count"), p("supply_count")
    discard, in_play, staff_size = p("discard"), p("in_play"), p("staff_size")
    jewels, exam, tasks_at, master_exams, has_specialist = (
        p("jewels"), p("exam"), p("tasks"), p("master_exams"), p("has_specialist"))
    specialist_card = locate(player, "specialist", "card")[1]
    condition, specialist_condition = locate(player, "specialist", "condition")
    specialist_field, specialist_at = locate(player, "specialist")
    specialist_end = specialist_at + specialist_field.size
    assert isinstance(condition, Token)
    condition_pos: list[Any] = positions(condition, [c.condition for c in t.cards])
    rack, silk, hand, supply = p("rack"), p("silk"), p("hand"), p("supply")

    round_at, phase_at, start_at, turn_card_at, over_at = (
        at("round"), at("phase"), at("start_player"), at("turn_card"), at("over"))
    d_seat, d_kind, d_card, d_bonus_card, d_bonus, d_mode = (
        at("decision", "seat"), at("decision", "kind"), at("decision", "card"), at("decision", "bonus_card"),
        at("decision", "bonus"), at("decision", "mode"))
    d_picks, d_tile, d_garment, d_free, d_tasks, d_need, d_discount, d_price = (
        at("decision", "picks_left"), at("decision", "tile"), at("decision", "garment"), at("decision", "free"),
        at("decision", "tasks"), at("decision", "need"), at("decision", "discount"), at("decision", "price"))
    g_size, t_size, c_size = len(garment_pos), len(tile_pos), len(card_pos)
    window_field, windows = locate(root, "board", "windows")
    assert isinstance(window_field, Slots)
    window_size = window_field.field.size
    window_garment = locate(window_field.field, "garment")[1]
    window_count = len(b.window_costs)
    drawers = at("board", "drawers")
    drawer_slots = b.drawers * b.drawer_spaces
    display = at("board", "display")
    hire_spaces = b.hire_spaces
    deck_count, favour = at("board", "deck_count"), at("board", "favour")
    guests_field, guests = locate(root, "board", "guests")
    assert isinstance(guests_field, Keyed)
    guest_step = guests_field.field.size
    guest_key: list[Any] = [guests_field._index.get(g.id) for g in b.guest_spaces]
    guest_garment, guest_owner = (locate(guests_field.field, "garment")[1], locate(guests_field.field, "owner")[1])
    decorations_field, decorations = locate(root, "board", "decorations")
    assert isinstance(decorations_field, Keyed)
    deco_key: list[Any] = [decorations_field._index.get(d.id) for d in b.decorations]
    terrace = at("board", "terrace")
    all_halls = at("board", "all_halls")
    hall_count = len(b.halls)
    making = at("board", "making")
    res_bag, res_discard = at("board", "resource_bag_count"), at("board", "resource_discard")
    gar_bag, gar_discard = at("board", "garment_bag_count"), at("board", "garment_discard")
    removed = at("board", "removed_cards")
    j_display, j_bag, j_removed, j_stack, m_stack = (
        at("jewelry", "display"), at("jewelry", "bag_count"), at("jewelry", "removed"),
        at("jewelry", "journeyman_stack_count"), at("jewelry", "master_stack_count"))
    jewel_slots = locate(root, "jewelry", "display")[0]
    assert isinstance(jewel_slots, Slots)
    j_slot = jewel_slots.field.size
    j_count = len(jb.display_prices) if jb is not None else 0
    festive = at("festive_waiting")
    solo_hand, solo_supply, solo_discard = at("solo", "hand_count"), at("solo", "supply_count"), at("solo", "discard")
    breakdown, money_left = at("breakdown"), at("money_left")
    hidden_edition = cfg.edition == "2013"

    # what every observation of a seat shows alike, written once by the declaration itself
    constant: dict[str, Any] = {
        "board": {"side": b.side, "windows": [{"cost": c} for c in b.window_costs]},
        "expansions": list(cfg.expansions),
        "jewelry": None if jb is None else {"display": [{"price": c} for c in jb.display_prices]},
        "solo": {"seat": 1} if cfg.solo else None,
    }
    templates = []
    for seat in range(n):
        blank = np.zeros(size, dtype=np.float32)
        root.write(constant, seat, blank, 0, ())
        templates.append(blank.tobytes())
    known = [cfg]
    # each seat's last vector and what it was made of, by section: a section whose inputs are
    # unchanged since that seat's last vector is not written again
    memo: list[tuple[bytearray, Any, list[Any], memoryview] | None] = [None] * n
    bases = [[players_at + ((i - viewer) % n) * psize for i in range(n)] for viewer in range(n)]
    d_end = at("over")  # the decision record ends where .over begins
    j_start = at("jewelry")
    j_end = at("festive_waiting")
    solo_start, solo_end = at("solo"), at("breakdown")
    phase_size, steps = len(phase_pos), len(STEPS)
    per_player = 6  # sections of each seat: numbers, discard, jewelry box, and the viewer's rack, hand, supply
    (ROOT, DECISION, WINDOWS, DRAWERS, DISPLAY, COUNTS, GUESTS, OWNERS, DECOS, TERRACE, HALLS, RES_DISCARD,
     GAR_DISCARD, REMOVED, JEWELRY, SOLO, BREAKDOWN, MONEY_LEFT, SILK) = range(19)
    sections = 19 + per_player * n
    unseen = object()

    def encode(game: Any, viewer: int) -> Vector:
        s = game.s
        if s.cfg is not known[0]:
            if s.cfg != cfg:
                raise DirectMiss("another config")
            known[0] = s.cfg
        if not 0 <= viewer < n:
            raise DirectMiss("no seat")
        slot = memo[viewer]
        if slot is None:
            buf = bytearray(templates[viewer])
            slot = memo[viewer] = (buf, memoryview(buf).cast("f"), [unseen] * sections, memoryview(templates[viewer]))
        buf, o, keys, blank = slot
        try:
            _write(s, viewer, buf, o, keys, blank)
        except BaseException:
            memo[viewer] = None
            raise
        return np.frombuffer(bytearray(buf), dtype=np.float32)

    def clear(buf: bytearray, blank: memoryview, start: int, end: int) -> None:
        buf[4 * start:4 * end] = blank[4 * start:4 * end]

    def bag(buf: bytearray, o: Any, blank: memoryview, start: int, width: int, pos: list[Any],
            old: Any, new: list[int]) -> list[int]:
        """Counts of ``new`` at ``start`` where they were those of ``old``: a list that only
        grew (a discard pile) gets its new items counted, another is counted anew."""
        if type(old) is list and new[:len(old)] == old:
            for c in new[len(old):]:
                o[start + pos[c]] += 1.0
        else:
            clear(buf, blank, start, start + width)
            for c in new:
                o[start + pos[c]] += 1.0
        return new[:]

    def decide(o: Any, key: tuple[Any, int, int], viewer: int, on: bool) -> None:
        """Write the decision of ``key`` (its frame, the turn's card, the garment being made),
        or, ``on`` false, zero where it was written."""
        f, turn_card, garment = key
        if f is None:
            return
        one = 1.0 if on else 0.0
        kind, seat = f[0], f[1]
        if not 0 <= seat < n:
            raise DirectMiss("decision seat")
        o[d_seat + (seat - viewer) % n] = one
        o[d_kind + kind_pos[kind]] = one
        if seat != viewer:
            return
        if kind in MAIN_LIKE:
            o[d_card + card_pos[turn_card]] = one
        if kind == "bonus":
            o[d_bonus_card + card_pos[f[2]]] = one
            o[d_bonus + bonus_pos[f[2]]] = one
        if kind in WITH_MODE:
            o[d_mode + mode_pos[f[2]]] = one
        elif kind == "hand":
            o[d_picks] = float(f[2]) if on else 0.0
        elif kind == "fate":
            o[d_tile + tile_pos[f[2]]] = one
        elif kind == "jewel":
            o[d_garment + garment_pos[f[2]]] = one
            o[d_free] = 1.0 if on and f[3] else 0.0
        elif kind == "task":
            for name in f[3:]:
                at_ = d_tasks + tasks._index[name]
                o[at_] = o[at_] + 1.0 if on else 0.0
        elif kind == "finance":
            o[d_discount] = f[2] / MONEY if on else 0.0
        elif kind == "buy":
            o[d_price] = f[2] / MONEY if on else 0.0
        if kind == "give":
            for colour, bales in enumerate(f[3:7]):
                o[d_need + colour] = float(bales) if on else 0.0
        if kind in MAKING:
            o[d_garment + garment_pos[garment]] = one

    def _write(s: Any, viewer: int, buf: bytearray, o: Any, keys: list[Any], blank: memoryview) -> None:
        cp = card_pos
        shown = not hidden_edition or s.phase == "over"
        k = 19
        for i, pl in enumerate(s.players):
            base = bases[viewer][i]
            key: Any = (pl.livres, pl.thread, pl.lace, pl.vp if shown or i == viewer else None, len(pl.rack),
                        len(pl.hand), len(pl.supply), pl.in_play, len(pl.discard))
            if key != keys[k]:
                o[base + livres] = pl.livres / MONEY
                o[base + thread] = pl.thread / MONEY
                o[base + lace] = pl.lace / MONEY
                if key[3] is None:
                    o[base + vp] = o[base + vp + 1] = 0.0
                else:
                    o[base + vp] = 1.0
                    o[base + vp + 1] = pl.vp / POINTS
                o[base + rack_count] = len(pl.rack) / MONEY
                o[base + hand_count] = len(pl.hand) / MONEY
                o[base + supply_count] = len(pl.supply) / MONEY
                old = keys[k]
                if old is unseen:
                    clear(buf, blank, base + in_play, base + in_play + c_size)
                elif old[7] != EMPTY:
                    o[base + in_play + cp[old[7]]] = 0.0
                if pl.in_play != EMPTY:
                    o[base + in_play + cp[pl.in_play]] = 1.0
                o[base + staff_size] = (len(pl.supply) + len(pl.hand) + len(pl.discard)
                                        + (pl.in_play != EMPTY)) / MONEY
                keys[k] = key
            if pl.discard != keys[k + 1]:
                keys[k + 1] = bag(buf, o, blank, base + discard, c_size, cp, keys[k + 1], pl.discard)
            if jb is not None:
                key = (tuple(pl.jewels), pl.exam, pl.tasks, pl.master_exams, pl.specialist)
                if key != keys[k + 2]:
                    clear(buf, blank, base + jewels, base + specialist_end)
                    at_ = base + jewels
                    for j in pl.jewels:
                        o[at_ + jewel_pos[j]] += 1.0
                    o[base + exam + (1 if pl.exam else 0)] = 1.0
                    at_ = base + tasks_at
                    for bit, pos in enumerate(task_tracks[1 if pl.exam else 0]):
                        if pl.tasks & (1 << bit):
                            o[at_ + pos] += 1.0
                    o[base + master_exams] = float(pl.master_exams)
                    o[base + has_specialist] = 1.0 if pl.specialist != EMPTY else 0.0
                    if i == viewer and pl.specialist != EMPTY:
                        o[base + specialist_card + cp[pl.specialist]] = 1.0
                        o[base + specialist_condition + condition_pos[pl.specialist]] = 1.0
                    keys[k + 2] = key
            if i == viewer:
                if pl.rack != keys[k + 3]:
                    keys[k + 3] = bag(buf, o, blank, base + rack, t_size, tile_pos, keys[k + 3], pl.rack)
                if pl.silk != keys[SILK]:
                    clear(buf, blank, base + silk, base + silk + 4)
                    for colour, bales in enumerate(pl.silk[:4]):
                        o[base + silk + colour] = bales / MONEY
                    keys[SILK] = pl.silk[:]
                if pl.hand != keys[k + 4]:
                    keys[k + 4] = bag(buf, o, blank, base + hand, c_size, cp, keys[k + 4], pl.hand)
                if pl.supply != keys[k + 5]:
                    keys[k + 5] = bag(buf, o, blank, base + supply, c_size, cp, keys[k + 5], pl.supply)
            k += per_player
        key = (s.round, s.phase, s.start_player, s.turn_card, s.over)
        old = keys[ROOT]
        if key != old:
            o[round_at] = float(s.round)
            if old is unseen:
                clear(buf, blank, phase_at, phase_at + phase_size)
                clear(buf, blank, start_at, start_at + n)
                clear(buf, blank, turn_card_at, turn_card_at + c_size)
            else:
                o[phase_at + phase_pos[old[1]]] = 0.0
                o[start_at + (old[2] - viewer) % n] = 0.0
                if old[3] != EMPTY:
                    o[turn_card_at + cp[old[3]]] = 0.0
            o[phase_at + phase_pos[s.phase]] = 1.0
            if not 0 <= s.start_player < n:
                raise DirectMiss("start player")
            o[start_at + (s.start_player - viewer) % n] = 1.0
            if s.turn_card != EMPTY:
                o[turn_card_at + cp[s.turn_card]] = 1.0
            o[over_at] = 1.0 if s.over else 0.0
            keys[ROOT] = key
        f = s.stack[-1] if s.stack and not s.over else None
        key = (f, s.turn_card, s.making)
        old = keys[DECISION]
        if key != old:
            if old is unseen:
                clear(buf, blank, d_seat, d_end)
            else:
                decide(o, old, viewer, False)
            decide(o, key, viewer, True)
            keys[DECISION] = key
        if s.windows != keys[WINDOWS]:
            if len(s.windows) < window_count:
                raise DirectMiss("windows")
            clear(buf, blank, windows, windows + window_count * window_size)
            for slot in range(window_count):
                g = s.windows[slot]
                if g != EMPTY:
                    o[windows + slot * window_size + window_garment + garment_pos[g]] = 1.0
            keys[WINDOWS] = s.windows[:]
        if s.drawers != keys[DRAWERS]:
            clear(buf, blank, drawers, drawers + drawer_slots * t_size)
            for slot, x in enumerate(s.drawers[:drawer_slots]):
                if x != EMPTY:
                    o[drawers + slot * t_size + tile_pos[x]] = 1.0
            keys[DRAWERS] = s.drawers[:]
        if s.display != keys[DISPLAY]:
            if len(s.display) > hire_spaces:
                raise DirectMiss("display")
            clear(buf, blank, display, display + hire_spaces * c_size)
            for slot, c in enumerate(s.display):
                if c != EMPTY:
                    o[display + slot * c_size + cp[c]] = 1.0
            keys[DISPLAY] = s.display[:]
        key = (len(s.deck), s.favour, s.making, len(s.res_bag), len(s.gar_bag), len(s.festive_box))
        if key != keys[COUNTS]:
            o[deck_count] = len(s.deck) / MONEY
            clear(buf, blank, favour, favour + n)
            if s.favour != EMPTY:
                if not 0 <= s.favour < n:
                    raise DirectMiss("favour")
                o[favour + (s.favour - viewer) % n] = 1.0
            clear(buf, blank, making, making + g_size)
            if s.making != EMPTY:
                o[making + garment_pos[s.making]] = 1.0
            o[res_bag] = len(s.res_bag) / MONEY
            o[gar_bag] = len(s.gar_bag) / MONEY
            o[festive] = len(s.festive_box) / MONEY
            keys[COUNTS] = key
        if s.guest != keys[GUESTS] or s.guest_owner != keys[OWNERS]:
            clear(buf, blank, guests, decorations)
            owners = s.guest_owner
            for slot, g in enumerate(s.guest):
                if g != EMPTY:
                    at_ = guests + guest_key[slot] * guest_step
                    o[at_ + guest_garment + garment_pos[g]] = 1.0
                    if not 0 <= owners[slot] < n:
                        raise DirectMiss("guest owner")
                    o[at_ + guest_owner + (owners[slot] - viewer) % n] = 1.0
            keys[GUESTS], keys[OWNERS] = s.guest[:], s.guest_owner[:]
        if s.deco != keys[DECOS]:
            clear(buf, blank, decorations, terrace)
            for slot, d in enumerate(s.deco):
                if d != EMPTY:
                    if not 0 <= d < n:
                        raise DirectMiss("decoration owner")
                    o[decorations + deco_key[slot] * n + (d - viewer) % n] = 1.0
            keys[DECOS] = s.deco[:]
        if s.terrace != keys[TERRACE]:
            clear(buf, blank, terrace, all_halls)
            for slot, g in enumerate(s.terrace):
                if g != EMPTY:
                    o[terrace + deco_key[slot] * g_size + garment_pos[g]] = 1.0
            keys[TERRACE] = s.terrace[:]
        if s.all_halls != keys[HALLS]:
            if len(s.all_halls) > hall_count:
                raise DirectMiss("all halls")
            clear(buf, blank, all_halls, making)
            for slot, h in enumerate(s.all_halls):
                if h != EMPTY:
                    if not 0 <= h < n:
                        raise DirectMiss("all halls owner")
                    o[all_halls + slot * n + (h - viewer) % n] = 1.0
            keys[HALLS] = s.all_halls[:]
        if s.res_discard != keys[RES_DISCARD]:
            keys[RES_DISCARD] = bag(buf, o, blank, res_discard, t_size, tile_pos, keys[RES_DISCARD], s.res_discard)
        if s.gar_discard != keys[GAR_DISCARD]:
            keys[GAR_DISCARD] = bag(buf, o, blank, gar_discard, g_size, garment_pos, keys[GAR_DISCARD],
                                    s.gar_discard)
        if s.boxed != keys[REMOVED]:
            keys[REMOVED] = bag(buf, o, blank, removed, c_size, cp, keys[REMOVED], s.boxed)
        if jb is not None:
            key = (tuple(s.jewel_display), len(s.jewel_bag), tuple(s.jewels_boxed), len(s.j_stack), len(s.m_stack))
            if key != keys[JEWELRY]:
                if len(s.jewel_display) < j_count:
                    raise DirectMiss("jewelry display")
                clear(buf, blank, j_start, j_end)
                for slot in range(j_count):
                    j = s.jewel_display[slot]
                    if j != EMPTY:
                        o[j_display + slot * j_slot + jewel_pos[j]] = 1.0
                o[j_bag] = len(s.jewel_bag) / MONEY
                for j in s.jewels_boxed:
                    o[j_removed + jewel_pos[j]] += 1.0
                o[j_stack] = len(s.j_stack) / MONEY
                o[m_stack] = len(s.m_stack) / MONEY
                keys[JEWELRY] = key
        if cfg.solo:
            key = (len(s.mdb_hand), len(s.mdb_supply), tuple(s.mdb_discard))
            if key != keys[SOLO]:
                clear(buf, blank, solo_start, solo_end)
                o[solo_hand] = len(s.mdb_hand) / MONEY
                o[solo_supply] = len(s.mdb_supply) / MONEY
                for c in s.mdb_discard:
                    o[solo_discard + solo_pos[c]] += 1.0
                keys[SOLO] = key
        points = s.breakdown if s.phase in SCORING and shown else None
        if points != keys[BREAKDOWN]:
            clear(buf, blank, breakdown, money_left)
            if points is not None:
                if len(points) != n:
                    raise DirectMiss("breakdown")
                for i, steps_of in enumerate(points):
                    at_ = breakdown + ((i - viewer) % n) * steps
                    for step, value in steps_of.items():
                        if value is not None:
                            o[at_ + steps_pos[step]] = value / POINTS
            keys[BREAKDOWN] = None if points is None else [dict(p) for p in points]
        left = s.money_left if s.over else None
        if left != keys[MONEY_LEFT]:
            clear(buf, blank, money_left, size)
            if left is not None:
                if len(left) != n:
                    raise DirectMiss("money left")
                for i, value in enumerate(left):
                    o[money_left + ((i - viewer) % n)] = value / MONEY
            keys[MONEY_LEFT] = None if left is None else left[:]

    return encode
