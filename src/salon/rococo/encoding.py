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
DECISIONS_KEPT = 4096
"""How many written decisions a direct encoder keeps (a few kilobytes each): they are
forgotten all at once past that."""
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
    declaration puts it, in a small part of the time of building the observation and walking
    the declaration, each change written once however many seats look.  It mirrors
    ``observe`` key by key (the tests compare the two on every step of random games of every
    config) and leaves anything it cannot place to the reference encoder (:class:`DirectMiss`)."""
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
    # The public parts that do not depend on the viewer (each seat's public numbers, discard and
    # jewels; the game's over mark, the design display, drawers, hire display, counts, terrace,
    # discard piles, removed cards, jewelry) are written once per change into shared buffers, seat
    # 0's way round.  The parts that depend on the viewer (relative seats, the viewer's own
    # secrets, the decision and its details) are kept per seat with what each was last made of:
    # unchanged inputs are not written again.  A vector is the join of those parts in layout order
    # (views of the buffers, taken once), so that nothing is written twice for several seats.
    memo: list[tuple[bytearray, Any, list[Any], memoryview, list[Any]] | None] = [None] * n
    d_end = at("over")  # the decision record ends where .over begins
    j_start = at("jewelry")
    j_end = at("festive_waiting")
    solo_start, solo_end = at("solo"), at("breakdown")
    phase_size, steps = len(phase_pos), len(STEPS)
    public_end = p("specialist")  # a seat's public numbers end where its secrets begin
    specialist_size = specialist_end - specialist_at
    # the layout's order, which the parts follow
    assert players_at + n * psize == round_at < phase_at < start_at < turn_card_at < d_seat < d_end == over_at
    assert over_at < windows < deck_count < favour < guests < decorations < terrace < all_halls < making
    assert making < res_bag < res_discard < gar_bag < gar_discard < removed < j_start < festive < solo_start
    # the viewer's own sections
    (ROOT, DECISION, COUNTS, GUESTS, OWNERS, DECOS, HALLS, SOLO, BREAKDOWN, MONEY_LEFT, SILK, RACK, HAND, SUPPLY,
     SPECIALIST) = range(15)
    # the shared sections: three per seat (numbers, discard, jewelry box), then the board's
    (WINDOWS, DRAWERS, DISPLAY, TERRACE, RES_DISCARD, GAR_DISCARD, REMOVED, JEWELRY, BOARD_COUNTS) = range(
        3 * n, 3 * n + 9)
    players_bytes = 4 * n * psize
    # the byte ranges of the parts rewritten whole from their blank
    specialist_bytes = slice(4 * (players_at + specialist_at), 4 * (players_at + specialist_at + specialist_size))
    silk_bytes = slice(4 * (players_at + silk), 4 * (players_at + silk + 4))
    windows_bytes = slice(4 * windows, 4 * (windows + window_count * window_size))
    drawers_bytes = slice(4 * drawers, 4 * (drawers + drawer_slots * t_size))
    display_bytes = slice(4 * display, 4 * (display + hire_spaces * c_size))
    terrace_bytes = slice(4 * terrace, 4 * all_halls)
    jewelry_bytes = slice(4 * j_start, 4 * j_end)
    making_bytes = slice(4 * making, 4 * (making + g_size))
    phase_bytes = slice(4 * phase_at, 4 * (phase_at + phase_size))
    start_bytes = slice(4 * start_at, 4 * (start_at + n))
    turn_card_bytes = slice(4 * turn_card_at, 4 * (turn_card_at + c_size))
    decision_bytes = slice(4 * d_seat, 4 * d_end)
    favour_bytes = slice(4 * favour, 4 * (favour + n))
    guests_bytes = slice(4 * guests, 4 * decorations)
    decorations_bytes = slice(4 * decorations, 4 * terrace)
    all_halls_bytes = slice(4 * all_halls, 4 * making)
    breakdown_bytes = slice(4 * breakdown, 4 * money_left)
    money_left_bytes = slice(4 * money_left, 4 * size)
    solo_bytes = slice(4 * solo_start, 4 * solo_end)
    unseen = object()
    shared_template = templates[0]  # the seat-independent parts are alike in every template
    zeros = bytes(players_bytes)
    shared_blank, zeros_blank = memoryview(shared_template), memoryview(zeros)
    player_bases, player_keys = [i * psize for i in range(n)], [3 * i for i in range(n)]
    # [board buffer, its floats, the shared sections' keys, every seat's public numbers (seat 0
    # first), their floats]
    shared: list[Any] = []

    def fresh_shared() -> None:
        board_buf = bytearray(shared_template)
        seats_buf = bytearray(players_bytes)
        shared[:] = [board_buf, memoryview(board_buf).cast("f"), [unseen] * (3 * n + 9), seats_buf,
                     memoryview(seats_buf).cast("f")]

    fresh_shared()
    join = bytearray().join
    no_decision = bytes(4 * (d_end - d_seat))
    decisions: dict[Any, bytes] = {}  # the decision part by (viewer, frame, card, garment)
    deciding = [0] * n  # where the decision's part lies among each viewer's parts

    def pieces(viewer: int, buf: bytearray) -> list[Any]:
        """The views whose join is ``viewer``'s vector: the shared buffers' and the seat's own."""
        board_view, players_view, own = memoryview(shared[0]), memoryview(shared[3]), memoryview(buf)
        first = 4 * viewer * psize
        found: list[Any] = [own[:4 * players_at]]  # nothing before the players, but the layout might change
        if hidden_edition:  # the viewer's own prestige, which the others may not see
            found += [players_view[first:first + 4 * vp], own[4 * (players_at + vp):4 * (players_at + vp + 2)],
                      players_view[first + 4 * (vp + 2):first + 4 * public_end]]
        else:
            found.append(players_view[first:first + 4 * public_end])
        found.append(own[4 * (players_at + public_end):4 * (players_at + psize)])
        for k in range(1, n):
            other = 4 * ((viewer + k) % n) * psize
            found.append(players_view[other:other + 4 * psize])
        found.append(own[4 * round_at:4 * d_seat])
        found.append(no_decision)  # the decision's part, which _write sets
        found += [board_view[4 * over_at:4 * favour], own[4 * favour:4 * terrace],
                  board_view[4 * terrace:4 * all_halls], own[4 * all_halls:4 * making],
                  board_view[4 * making:4 * solo_start], own[4 * solo_start:]]
        found = [part for part in found if len(part)]
        deciding[viewer] = next(i for i, part in enumerate(found) if part is no_decision)
        return found

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
            slot = memo[viewer] = (buf, memoryview(buf).cast("f"), [unseen] * 15, memoryview(templates[viewer]),
                                   pieces(viewer, buf))
        buf, o, keys, blank, views = slot
        try:
            _write(s, viewer, buf, o, keys, blank, views)
        except BaseException:
            memo[:] = [None] * n
            fresh_shared()
            raise
        return np.frombuffer(join(views), FLOAT32)

    def bag(buf: bytearray, o: Any, blank: memoryview, start: int, width: int, pos: list[Any],
            old: Any, new: list[int]) -> list[int]:
        """Counts of ``new`` at ``start`` where they were those of ``old``: a list that only
        grew (a discard pile) gets its new items counted, another is counted anew."""
        if type(old) is list and new[:len(old)] == old:
            for c in new[len(old):]:
                o[start + pos[c]] += 1.0
        else:
            span = slice(4 * start, 4 * (start + width))
            buf[span] = blank[span]
            for c in new:
                o[start + pos[c]] += 1.0
        return new[:]

    def decide(o: Any, f: Any, turn_card: int, garment: int, viewer: int) -> None:
        """Write the decision of frame ``f`` as ``viewer`` sees it (the turn's card and the
        garment being made where its details show them) where the buffer holds zeros."""
        kind, seat = f[0], f[1]
        if not 0 <= seat < n:
            raise DirectMiss("decision seat")
        o[d_seat + (seat - viewer) % n] = 1.0
        o[d_kind + kind_pos[kind]] = 1.0
        if seat != viewer:
            return
        if kind in MAIN_LIKE:
            o[d_card + card_pos[turn_card]] = 1.0
        if kind == "bonus":
            o[d_bonus_card + card_pos[f[2]]] = 1.0
            o[d_bonus + bonus_pos[f[2]]] = 1.0
        if kind in WITH_MODE:
            o[d_mode + mode_pos[f[2]]] = 1.0
        elif kind == "hand":
            o[d_picks] = float(f[2])
        elif kind == "fate":
            o[d_tile + tile_pos[f[2]]] = 1.0
        elif kind == "jewel":
            o[d_garment + garment_pos[f[2]]] = 1.0
            o[d_free] = 1.0 if f[3] else 0.0
        elif kind == "task":
            for name in f[3:]:
                o[d_tasks + tasks._index[name]] += 1.0
        elif kind == "finance":
            o[d_discount] = f[2] / MONEY
        elif kind == "buy":
            o[d_price] = f[2] / MONEY
        if kind == "give":
            for colour, bales in enumerate(f[3:7]):
                o[d_need + colour] = float(bales)
        if kind in MAKING:
            o[d_garment + garment_pos[garment]] = 1.0

    def _write(s: Any, viewer: int, buf: bytearray, o: Any, keys: list[Any], blank: memoryview,
               views: list[Any]) -> None:
        # the shared parts that changed, then the viewer's own
        sbuf, so, skeys, pbuf, po = shared
        sblank, pblank = shared_blank, zeros_blank
        cp = card_pos
        shown = not hidden_edition or s.phase == "over"
        for pl, base, k in zip(s.players, player_bases, player_keys):
            key: Any = (pl.livres, pl.thread, pl.lace, pl.vp if shown else None, len(pl.rack), len(pl.hand),
                        len(pl.supply), pl.in_play, len(pl.discard))
            old = skeys[k]
            if key != old:
                if old is unseen:
                    span = slice(4 * base, 4 * (base + public_end))
                    pbuf[span] = pblank[span]
                    old = (None,) * 8 + (-1,)
                # only the numbers that changed
                if key[0] != old[0]:
                    po[base + livres] = key[0] / MONEY
                if key[1] != old[1]:
                    po[base + thread] = key[1] / MONEY
                if key[2] != old[2]:
                    po[base + lace] = key[2] / MONEY
                if key[3] != old[3]:
                    if key[3] is None:
                        po[base + vp] = po[base + vp + 1] = 0.0
                    else:
                        po[base + vp] = 1.0
                        po[base + vp + 1] = key[3] / POINTS
                if key[4] != old[4]:
                    po[base + rack_count] = key[4] / MONEY
                if key[5] != old[5]:
                    po[base + hand_count] = key[5] / MONEY
                if key[6] != old[6]:
                    po[base + supply_count] = key[6] / MONEY
                if key[7] != old[7]:
                    if old[7] is not None and old[7] != EMPTY:
                        po[base + in_play + cp[old[7]]] = 0.0
                    if key[7] != EMPTY:
                        po[base + in_play + cp[key[7]]] = 1.0
                po[base + staff_size] = (key[5] + key[6] + key[8] + (key[7] != EMPTY)) / MONEY
                skeys[k] = key
            if pl.discard != skeys[k + 1]:
                skeys[k + 1] = bag(pbuf, po, pblank, base + discard, c_size, cp, skeys[k + 1], pl.discard)
        if jb is not None:  # each seat's jewelry box
            for pl, base, k in zip(s.players, player_bases, player_keys):
                key = (tuple(pl.jewels), pl.exam, pl.tasks, pl.master_exams, pl.specialist != EMPTY)
                if key != skeys[k + 2]:
                    span = slice(4 * (base + jewels), 4 * (base + public_end))
                    pbuf[span] = pblank[span]
                    at_ = base + jewels
                    for j in pl.jewels:
                        po[at_ + jewel_pos[j]] += 1.0
                    po[base + exam + (1 if pl.exam else 0)] = 1.0
                    at_ = base + tasks_at
                    for bit, pos in enumerate(task_tracks[1 if pl.exam else 0]):
                        if pl.tasks & (1 << bit):
                            po[at_ + pos] += 1.0
                    po[base + master_exams] = float(pl.master_exams)
                    po[base + has_specialist] = 1.0 if pl.specialist != EMPTY else 0.0
                    skeys[k + 2] = key
        if s.windows != skeys[WINDOWS]:
            if len(s.windows) < window_count:
                raise DirectMiss("windows")
            sbuf[windows_bytes] = sblank[windows_bytes]
            for slot in range(window_count):
                g = s.windows[slot]
                if g != EMPTY:
                    so[windows + slot * window_size + window_garment + garment_pos[g]] = 1.0
            skeys[WINDOWS] = s.windows[:]
        if s.drawers != skeys[DRAWERS]:
            sbuf[drawers_bytes] = sblank[drawers_bytes]
            for slot, x in enumerate(s.drawers[:drawer_slots]):
                if x != EMPTY:
                    so[drawers + slot * t_size + tile_pos[x]] = 1.0
            skeys[DRAWERS] = s.drawers[:]
        if s.display != skeys[DISPLAY]:
            if len(s.display) > hire_spaces:
                raise DirectMiss("display")
            sbuf[display_bytes] = sblank[display_bytes]
            for slot, c in enumerate(s.display):
                if c != EMPTY:
                    so[display + slot * c_size + cp[c]] = 1.0
            skeys[DISPLAY] = s.display[:]
        if s.terrace != skeys[TERRACE]:
            sbuf[terrace_bytes] = sblank[terrace_bytes]
            for slot, g in enumerate(s.terrace):
                if g != EMPTY:
                    so[terrace + deco_key[slot] * g_size + garment_pos[g]] = 1.0
            skeys[TERRACE] = s.terrace[:]
        if s.res_discard != skeys[RES_DISCARD]:
            skeys[RES_DISCARD] = bag(sbuf, so, sblank, res_discard, t_size, tile_pos, skeys[RES_DISCARD], s.res_discard)
        if s.gar_discard != skeys[GAR_DISCARD]:
            skeys[GAR_DISCARD] = bag(sbuf, so, sblank, gar_discard, g_size, garment_pos, skeys[GAR_DISCARD],
                                     s.gar_discard)
        if s.boxed != skeys[REMOVED]:
            skeys[REMOVED] = bag(sbuf, so, sblank, removed, c_size, cp, skeys[REMOVED], s.boxed)
        if jb is not None:
            key = (tuple(s.jewel_display), len(s.jewel_bag), tuple(s.jewels_boxed), len(s.j_stack), len(s.m_stack))
            if key != skeys[JEWELRY]:
                if len(s.jewel_display) < j_count:
                    raise DirectMiss("jewelry display")
                sbuf[jewelry_bytes] = sblank[jewelry_bytes]
                for slot in range(j_count):
                    j = s.jewel_display[slot]
                    if j != EMPTY:
                        so[j_display + slot * j_slot + jewel_pos[j]] = 1.0
                so[j_bag] = len(s.jewel_bag) / MONEY
                for j in s.jewels_boxed:
                    so[j_removed + jewel_pos[j]] += 1.0
                so[j_stack] = len(s.j_stack) / MONEY
                so[m_stack] = len(s.m_stack) / MONEY
                skeys[JEWELRY] = key
        key = (len(s.deck), s.making, len(s.res_bag), len(s.gar_bag), len(s.festive_box), s.over)
        if key != skeys[BOARD_COUNTS]:
            so[deck_count] = len(s.deck) / MONEY
            sbuf[making_bytes] = sblank[making_bytes]
            if s.making != EMPTY:
                so[making + garment_pos[s.making]] = 1.0
            so[res_bag] = len(s.res_bag) / MONEY
            so[gar_bag] = len(s.gar_bag) / MONEY
            so[festive] = len(s.festive_box) / MONEY
            so[over_at] = 1.0 if s.over else 0.0
            skeys[BOARD_COUNTS] = key
        # the viewer's own parts
        pl = s.players[viewer]
        base = players_at
        if hidden_edition:  # a hidden prestige: the viewer still sees its own
            o[base + vp] = 1.0
            o[base + vp + 1] = pl.vp / POINTS
        if pl.rack != keys[RACK]:
            keys[RACK] = bag(buf, o, blank, base + rack, t_size, tile_pos, keys[RACK], pl.rack)
        if pl.silk != keys[SILK]:
            buf[silk_bytes] = blank[silk_bytes]
            for colour, bales in enumerate(pl.silk[:4]):
                o[base + silk + colour] = bales / MONEY
            keys[SILK] = pl.silk[:]
        if pl.hand != keys[HAND]:
            keys[HAND] = bag(buf, o, blank, base + hand, c_size, cp, keys[HAND], pl.hand)
        if pl.supply != keys[SUPPLY]:
            keys[SUPPLY] = bag(buf, o, blank, base + supply, c_size, cp, keys[SUPPLY], pl.supply)
        if jb is not None and pl.specialist != keys[SPECIALIST]:
            buf[specialist_bytes] = blank[specialist_bytes]
            if pl.specialist != EMPTY:
                o[base + specialist_card + cp[pl.specialist]] = 1.0
                o[base + specialist_condition + condition_pos[pl.specialist]] = 1.0
            keys[SPECIALIST] = pl.specialist
        key = (s.round, s.phase, s.start_player, s.turn_card)
        old = keys[ROOT]
        if key != old:
            o[round_at] = float(s.round)
            if old is unseen:
                buf[phase_bytes] = blank[phase_bytes]
                buf[start_bytes] = blank[start_bytes]
                buf[turn_card_bytes] = blank[turn_card_bytes]
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
            keys[ROOT] = key
        f = s.stack[-1] if s.stack and not s.over else None
        # the decision with what it shows of the turn (its card, the garment being made): a game
        # offers the same ones again and again, so each is written once and kept
        key = None if f is None else (viewer, f, s.turn_card if f[0] in MAIN_LIKE else EMPTY,
                                      s.making if f[0] in MAKING else EMPTY)
        if key != keys[DECISION]:
            chunk = no_decision if key is None else decisions.get(key)
            if chunk is None:
                buf[decision_bytes] = blank[decision_bytes]
                decide(o, f, key[2], key[3], viewer)
                chunk = bytes(buf[4 * d_seat:4 * d_end])
                if len(decisions) >= DECISIONS_KEPT:
                    decisions.clear()
                decisions[key] = chunk
            views[deciding[viewer]] = chunk
            keys[DECISION] = key
        if s.favour != keys[COUNTS]:
            buf[favour_bytes] = blank[favour_bytes]
            if s.favour != EMPTY:
                if not 0 <= s.favour < n:
                    raise DirectMiss("favour")
                o[favour + (s.favour - viewer) % n] = 1.0
            keys[COUNTS] = s.favour
        if s.guest != keys[GUESTS] or s.guest_owner != keys[OWNERS]:
            buf[guests_bytes] = blank[guests_bytes]
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
            buf[decorations_bytes] = blank[decorations_bytes]
            for slot, d in enumerate(s.deco):
                if d != EMPTY:
                    if not 0 <= d < n:
                        raise DirectMiss("decoration owner")
                    o[decorations + deco_key[slot] * n + (d - viewer) % n] = 1.0
            keys[DECOS] = s.deco[:]
        if s.all_halls != keys[HALLS]:
            if len(s.all_halls) > hall_count:
                raise DirectMiss("all halls")
            buf[all_halls_bytes] = blank[all_halls_bytes]
            for slot, h in enumerate(s.all_halls):
                if h != EMPTY:
                    if not 0 <= h < n:
                        raise DirectMiss("all halls owner")
                    o[all_halls + slot * n + (h - viewer) % n] = 1.0
            keys[HALLS] = s.all_halls[:]
        # the final scoring, once shown
        points = s.breakdown if s.phase in SCORING and shown else None
        if (points is not None or keys[BREAKDOWN] is not None) and points != keys[BREAKDOWN]:
            buf[breakdown_bytes] = blank[breakdown_bytes]
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
        if (left is not None or keys[MONEY_LEFT] is not None) and left != keys[MONEY_LEFT]:
            buf[money_left_bytes] = blank[money_left_bytes]
            if left is not None:
                if len(left) != n:
                    raise DirectMiss("money left")
                for i, value in enumerate(left):
                    o[money_left + ((i - viewer) % n)] = value / MONEY
            keys[MONEY_LEFT] = None if left is None else left[:]
        if cfg.solo:
            key = (len(s.mdb_hand), len(s.mdb_supply), tuple(s.mdb_discard))
            if key != keys[SOLO]:
                buf[solo_bytes] = blank[solo_bytes]
                o[solo_hand] = len(s.mdb_hand) / MONEY
                o[solo_supply] = len(s.mdb_supply) / MONEY
                for c in s.mdb_discard:
                    o[solo_discard + solo_pos[c]] += 1.0
                keys[SOLO] = key

    return encode
