"""Rococo positions as data (docs/positions.md): the state written with printed ids, and read
back with every constraint checked.

The module knows the state's layout, not the rules: a position is refused when it is
malformed, names a component that does not exist, puts one in two places or leaves one
nowhere, or breaks an invariant of :mod:`salon.rococo.invariants`.  Hidden piles that a
position omits are filled by a shuffle, seeded by the position's ``seed``, of the components
it places nowhere.
"""

from __future__ import annotations

from typing import Any

from salon.core.errors import ConfigError, PositionError
from salon.core.game import make_rng
from salon.core.position import (
    FORMAT,
    INT,
    Codec,
    Kind,
    Places,
    array,
    check_decision,
    codec,
    complete,
    counts,
    header,
    hidden_pile,
    integer,
    known,
    read_rng,
    read_seed,
    read_steps,
    seat,
    shuffled,
    text,
    write_steps,
)
from salon.core.rng import BaseRng
from salon.rococo.config import RococoConfig, parse_config
from salon.rococo.invariants import check
from salon.rococo.observation import PHASES
from salon.rococo.rules.registry import DECISIONS, advance
from salon.rococo.state import EMPTY, Player, State
from salon.rococo.tables import Tables, tables

KEYS = ("game", "format", "config", "seed", "rng", "round", "phase", "start_player", "turn", "favour", "players",
        "board", "out", "hidden", "pending", "scoring")
PLAYER_KEYS = ("livres", "thread", "lace", "vp", "supply", "hand", "discard", "in_play", "rack", "jewels",
               "specialist", "exam", "tasks", "master_exams")
BOARD_KEYS = ("display", "drawers", "windows", "making", "guests", "decorations", "all_halls", "terrace",
              "jewel_display", "rent_jewel")
OUT_KEYS = ("employees", "resources", "garments", "jewels")
HIDDEN_KEYS = ("deck", "resource_bag", "garment_bag", "festive", "jewel_bag", "journeyman_exam", "master_exam",
               "unseen", "promoted", "mdb_supply", "mdb_hand", "mdb_discard")
EXAMS = ("journeyman", "master")

STEPS = {
    "acquire": "seat str", "bonus": "seat card", "bonus_stage": "seat card int?", "box": "seat card str",
    "buy": "seat int", "dispose": "seat str", "end_turn": "seat", "exam_done": "seat int", "exq_send": "seat",
    "fate": "seat tile str", "final": "", "finance": "seat int", "game_end": "", "give": "seat str int*",
    "halls": "seat", "hand": "seat int", "hand_prep": "seat", "hire": "seat", "jewel": "seat garment int",
    "main": "seat", "mdb_remove": "seat int", "mdb_turn": "", "next_turn": "", "phase2": "", "phase3": "",
    "phase4": "", "place": "seat space", "play": "seat", "placed": "seat garment", "promote": "seat int",
    "reduce": "seat str",
    "round_start": "", "score1": "", "score2": "", "score3": "", "score4": "", "score6": "", "score7": "",
    "terrace_stage": "", "sets": "seat", "silk_vp": "seat int*", "tailor": "seat str", "tailor_done": "seat int",
    "tailored": "seat", "task": "seat int str*", "terrace": "seat",
}
"""Every step of the engine's step stack with its arguments after the step's name (see
salon.core.position.read_steps): component indices are written as printed ids."""


class _Kinds:
    """The printed ids of one game's components."""

    def __init__(self, t: Tables) -> None:
        ds = t.ds
        b = ds.board
        jb = ds.jewelry_box
        self.card = Kind("card", [c.id for c in t.cards])
        self.tile = Kind("resource tile", [x.id for x in ds.tiles])
        self.garment = Kind("garment", [x.id for x in ds.garments])
        self.space = Kind("guest space", [x.id for x in b.guest_spaces])
        self.deco = Kind("decoration space", [x.id for x in b.decorations])
        self.jewel = Kind("jewel", [j.id for j in jb.jewels] if jb else [])
        self.solo = Kind("solo card", [c.id for c in ds.solo_cards])

    def codecs(self, seats: int) -> dict[str, Codec]:
        return {
            "seat": (lambda v: v, lambda v, w: seat(v, w, seats)), "int": INT,
            "card": codec(self.card), "tile": codec(self.tile), "garment": codec(self.garment),
            "space": codec(self.space),
        }


def _tables(cfg: RococoConfig) -> Tables:
    return tables(cfg.side, cfg.seats, cfg.expansions, cfg.solo, cfg.edition)


def to_position(s: State, seed: int) -> dict[str, Any]:
    """The position of ``s`` (a game of ``seed``): every part written, the generator's state
    included, so that loading it continues the game with the same draws."""
    t = s.t
    k = _Kinds(t)
    ds = t.ds
    jb = ds.jewelry_box
    cards, tiles, garments, jewels = k.card, k.tile, k.garment, k.jewel
    b = ds.board
    players = []
    for p in s.players:
        entry: dict[str, Any] = {
            "livres": p.livres, "thread": p.thread, "lace": p.lace, "vp": p.vp,
            "supply": cards.names(p.supply), "hand": cards.names(p.hand), "discard": cards.names(p.discard),
            "in_play": cards.name(p.in_play), "rack": tiles.names(p.rack),
        }
        if jb is not None:
            track = jb.master_tasks if p.exam else jb.journeyman_tasks
            entry |= {"jewels": jewels.names(p.jewels), "specialist": cards.name(p.specialist),
                      "exam": EXAMS[p.exam], "tasks": [n for i, n in enumerate(track) if p.tasks >> i & 1],
                      "master_exams": p.master_exams}
        players.append(entry)
    rows = b.drawer_spaces
    board: dict[str, Any] = {
        "display": cards.names(s.display),
        "drawers": [tiles.names(s.drawers[d * rows:(d + 1) * rows]) for d in range(b.drawers)],
        "windows": garments.names(s.windows),
        "making": garments.name(s.making),
        "guests": {k.space.ids[i]: {"garment": garments.name(x), "seat": s.guest_owner[i]}
                   for i, x in enumerate(s.guest) if x != EMPTY},
        "decorations": {k.deco.ids[i]: o for i, o in enumerate(s.deco) if o != EMPTY},
        "all_halls": [None if o == EMPTY else o for o in s.all_halls],
        "terrace": {k.deco.ids[i]: garments.name(x) for i, x in enumerate(s.terrace) if x != EMPTY},
    }
    out: dict[str, Any] = {"employees": cards.names(s.boxed), "resources": tiles.names(s.res_discard),
                           "garments": garments.names(s.gar_discard)}
    hidden: dict[str, Any] = {"deck": cards.names(s.deck[::-1]), "resource_bag": tiles.names(s.res_bag),
                              "garment_bag": garments.names(s.gar_bag)}
    if s.cfg.has("festive"):
        hidden["festive"] = garments.names(s.festive_box)
    if jb is not None:
        board |= {"jewel_display": jewels.names(s.jewel_display), "rent_jewel": jewels.name(s.rent_jewel)}
        out["jewels"] = jewels.names(s.jewels_boxed)
        hidden |= {"jewel_bag": jewels.names(s.jewel_bag), "journeyman_exam": cards.names(s.j_stack),
                   "master_exam": cards.names(s.m_stack), "unseen": cards.names(s.unseen)}
    hidden["promoted"] = cards.names(s.promoted)
    if s.cfg.solo:
        hidden |= {"mdb_supply": k.solo.names(s.mdb_supply[::-1]), "mdb_hand": k.solo.names(s.mdb_hand[::-1]),
                   "mdb_discard": k.solo.names(s.mdb_discard)}
    position: dict[str, Any] = {
        "game": "rococo", "format": FORMAT, "config": s.cfg.model_dump(mode="json"), "seed": seed,
        "rng": s.rng.to_json(), "round": s.round, "phase": s.phase, "start_player": s.start_player,
        "turn": {"seat": s.turn_seat, "card": cards.name(s.turn_card)},
        "favour": None if s.favour == EMPTY else s.favour,
        "players": players, "board": board, "out": out, "hidden": hidden,
        "pending": write_steps(s.stack, STEPS, k.codecs(s.n)),
    }
    if any(s.breakdown) or any(s.money_left):
        position["scoring"] = {"breakdown": s.breakdown, "money_left": s.money_left}
    return position


def from_position(data: Any, t: Tables | None = None, invariants: bool = True) -> tuple[RococoConfig, int, State]:
    """The config, seed and state of a position; PositionError (a ConfigError) naming the
    broken constraint otherwise.  A pending automatic step (``round_start``, ``final`` ...)
    runs up to the next decision, as after an action, so that a position may start a round or
    the final scoring; the events it emits stay in the state (a game's setup events).

    For the tests' position builders: ``t`` replaces the packaged component tables (a test
    that plays on edited data), and ``invariants=False`` skips the game's invariants for a
    position built in several steps (a staff below the minimum until its played card is
    added, say); every component must still lie in exactly one place."""
    data = header(data, "rococo", KEYS)
    try:
        cfg = parse_config(data.get("config", {}))
    except ConfigError as refused:  # a name of its own: compiled code types a name by its first clause
        raise PositionError(str(refused)) from None
    seed = read_seed(data)
    t = t or _tables(cfg)
    s = _read(data, cfg, t, seed)
    if invariants:
        _invariants(s)
    try:
        advance(s)
    except (LookupError, ValueError, AssertionError) as e:
        raise PositionError(f"pending: the steps cannot run from this position ({type(e).__name__}: {e})") from None
    if invariants:
        _invariants(s)
        check_decision(s, DECISIONS)
    return cfg, seed, s


def _invariants(s: State) -> None:
    problems = check(s)
    if problems:
        raise PositionError(f"the position breaks the game's invariants: {problems[0]}")


def _read(data: dict[str, Any], cfg: RococoConfig, t: Tables, seed: int) -> State:
    """The state of a position, read part by part, every card, tile, garment and jewel placed
    once (``places``)."""
    k = _Kinds(t)
    n = cfg.seats
    places = Places()
    s = State.__new__(State)
    s.cfg, s.t, s.n = cfg, t, n
    turn = _read_round(data, s)
    s.players = [_player(raw, i, k, places, t) for i, raw in enumerate(array(data.get("players"), "players", n))]
    s.turn_card = EMPTY if turn.get("card") is None else k.card.look_up(turn["card"], "turn.card")
    _read_board(known(data.get("board", {}), BOARD_KEYS, "board"), s, k, places)
    _read_out(known(data.get("out", {}), OUT_KEYS, "out"), s, k, places)
    s.stack = read_steps(data.get("pending", []), STEPS, k.codecs(n))
    for i, f in enumerate(s.stack):
        if f[0] == "fate":  # a tile drawn and not yet placed lies in its step (invariants.check)
            places.put(k.tile, k.tile.ids[f[2]], f"pending[{len(s.stack) - 1 - i}]", "a pending fate step")
    fill = make_rng(seed)
    _read_hidden(data, s, k, places, fill)
    s.rng = read_rng(data, fill)
    _read_scoring(known(data.get("scoring", {}), ("breakdown", "money_left"), "scoring"), s)
    s.events = []
    return s


def _read_round(data: dict[str, Any], s: State) -> dict[str, Any]:
    """Where the game stands: the round, the phase, the start player, whose turn and the
    favour; the ``turn`` entry, whose card is read once the hands are."""
    n = s.n
    rounds = s.t.ds.rules.rounds
    s.round = integer(data.get("round", 1), "round", 1)
    if s.round > rounds:
        raise PositionError(f"round {s.round} does not exist: the game has {rounds} rounds")
    s.phase = text(data.get("phase", "actions"), "phase", PHASES)
    s.start_player = seat(data.get("start_player", 0), "start_player", n)
    turn = known(data.get("turn", {}), ("seat", "card"), "turn")
    s.turn_seat = seat(turn.get("seat", s.start_player), "turn.seat", n)
    s.favour = seat(data.get("favour"), "favour", n, empty=True)
    return turn


def _read_board(board: dict[str, Any], s: State, k: _Kinds, places: Places) -> None:
    """The board: the displays, the drawers, the tailoring, the guests, the decorations, the
    all-halls ladder, the terrace and the jeweler's board."""
    b = s.t.ds.board
    jb = s.t.ds.jewelry_box
    n = s.n
    s.display = places.spaces(k.card, board.get("display", [None] * b.hire_spaces), "board.display",
                              "the new-employee display", b.hire_spaces)
    rows = array(board.get("drawers", [[None] * b.drawer_spaces] * b.drawers), "board.drawers", b.drawers)
    s.drawers = [x for d, row in enumerate(rows)
                 for x in places.spaces(k.tile, row, f"board.drawers[{d}]", f"drawer {d + 1}", b.drawer_spaces)]
    s.windows = places.spaces(k.garment, board.get("windows", [None] * len(b.window_costs)), "board.windows",
                              "the design display", len(b.window_costs))
    making = board.get("making")
    s.making = EMPTY if making is None else places.put(k.garment, making, "board.making", "the tailoring")
    s.guest = [EMPTY] * len(b.guest_spaces)
    s.guest_owner = [EMPTY] * len(b.guest_spaces)
    for sp, entry in known(board.get("guests", {}), k.space.ids, "board.guests").items():
        entry = known(entry, ("garment", "seat"), f"board.guests.{sp}")
        i = k.space.index[sp]
        s.guest[i] = places.put(k.garment, entry.get("garment"), f"board.guests.{sp}.garment", f"guest space {sp}")
        s.guest_owner[i] = seat(entry.get("seat"), f"board.guests.{sp}.seat", n)
    s.deco = [EMPTY] * len(b.decorations)
    for d, owner in known(board.get("decorations", {}), k.deco.ids, "board.decorations").items():
        s.deco[k.deco.index[d]] = seat(owner, f"board.decorations.{d}", n)
    s.all_halls = [seat(o, f"board.all_halls[{i}]", n, empty=True) for i, o in
                   enumerate(array(board.get("all_halls", [None] * len(b.all_halls_vp)), "board.all_halls",
                                   len(b.all_halls_vp)))]
    s.terrace = [EMPTY] * len(b.decorations)
    for d, x in known(board.get("terrace", {}), k.deco.ids, "board.terrace").items():
        s.terrace[k.deco.index[d]] = places.put(k.garment, x, f"board.terrace.{d}", f"the terrace at {d}")
    _absent(board, ("jewel_display", "rent_jewel"), jb is not None, "board", "jewelry_box")
    s.jewel_display = places.spaces(k.jewel, board.get("jewel_display", [None] * len(jb.display_prices)),
                                    "board.jewel_display", "the jewelry display",
                                    len(jb.display_prices)) if jb else []
    s.rent_jewel = EMPTY if board.get("rent_jewel") is None else k.jewel.look_up(board["rent_jewel"],
                                                                                  "board.rent_jewel")


def _read_out(out: dict[str, Any], s: State, k: _Kinds, places: Places) -> None:
    """What is out of play: the boxed employees and jewels, the resource and garment discards."""
    _absent(out, ("jewels",), s.t.ds.jewelry_box is not None, "out", "jewelry_box")
    s.boxed = places.pile(k.card, out.get("employees", []), "out.employees", "the box")
    s.res_discard = places.pile(k.tile, out.get("resources", []), "out.resources", "the resource discard")
    s.gar_discard = places.pile(k.garment, out.get("garments", []), "out.garments", "the garment discard")
    s.jewels_boxed = places.pile(k.jewel, out.get("jewels", []), "out.jewels", "the box")


def _read_scoring(scoring: dict[str, Any], s: State) -> None:
    """The final scoring so far, and whether the game is over, which it is exactly when no step
    is pending."""
    n = s.n
    s.breakdown = [counts(x, f"scoring.breakdown[{i}]")
                   for i, x in enumerate(array(scoring.get("breakdown", [{}] * n), "scoring.breakdown", n))]
    s.money_left = [integer(v, f"scoring.money_left[{i}]") for i, v in
                    enumerate(array(scoring.get("money_left", [0] * n), "scoring.money_left", n))]
    s.over = s.phase == "over"
    if s.over and s.stack:
        raise PositionError("pending: a game that is over has no pending step")
    if not s.over and not s.stack:
        raise PositionError("pending: a game that is not over needs a pending step (the decision now first)")


def _player(raw: Any, i: int, k: _Kinds, places: Places, t: Tables) -> Player:
    where = f"players[{i}]"
    raw = known(raw, PLAYER_KEYS, where)
    jb = t.ds.jewelry_box
    _absent(raw, ("jewels", "specialist", "exam", "tasks", "master_exams"), jb is not None, where, "jewelry_box")
    owner = f"seat {i}'s"
    p = Player()
    for name in ("livres", "thread", "lace", "vp"):
        setattr(p, name, integer(raw.get(name, 0), f"{where}.{name}", 0))
    p.supply = places.pile(k.card, raw.get("supply", []), f"{where}.supply", f"{owner} supply")
    p.hand = places.pile(k.card, raw.get("hand", []), f"{where}.hand", f"{owner} hand")
    p.discard = places.pile(k.card, raw.get("discard", []), f"{where}.discard", f"{owner} discard")
    in_play = raw.get("in_play")
    p.in_play = EMPTY if in_play is None else places.put(k.card, in_play, f"{where}.in_play", f"{owner} card in play")
    p.rack = places.pile(k.tile, raw.get("rack", []), f"{where}.rack", f"{owner} rack")
    p.silk = [sum(t.ds.tiles[x].silk[c] for x in p.rack) for c in range(4)]
    if jb is not None:
        p.jewels = places.pile(k.jewel, raw.get("jewels", []), f"{where}.jewels", f"{owner} jewels")
        specialist = raw.get("specialist")
        p.specialist = EMPTY if specialist is None else places.put(
            k.card, specialist, f"{where}.specialist", f"{owner} specialized apprentice")
        p.exam = EXAMS.index(text(raw.get("exam", "journeyman"), f"{where}.exam", EXAMS))
        track = jb.master_tasks if p.exam else jb.journeyman_tasks
        tasks = [text(x, f"{where}.tasks[{j}]", track) for j, x in enumerate(array(raw.get("tasks", []),
                                                                                    f"{where}.tasks"))]
        if len(set(tasks)) != len(tasks):
            raise PositionError(f"{where}.tasks: a task is marked twice")
        p.tasks = sum(1 << track.index(x) for x in tasks)
        p.master_exams = integer(raw.get("master_exams", 0), f"{where}.master_exams", 0)
    return p


def _read_hidden(data: dict[str, Any], s: State, k: _Kinds, places: Places, fill: BaseRng) -> None:
    """The hidden piles; one omitted takes the leftover components of its kind, shuffled by
    ``fill``: the deck its general-deck cards, shuffled within each level with level VI at the
    bottom and I on top as at setup (R-SETUP-3); each exam stack the leftover cards of its
    group (R-JB-SETUP-2/3); unseen the leftover specialized apprentices (R-JB-SETUP-5).  Then
    ``promoted``, which marks cards of hands and staffs as taken secretly from an exam stack."""
    t = s.t
    cfg = s.cfg
    hidden = known(data.get("hidden", {}), HIDDEN_KEYS, "hidden")
    jb = t.ds.jewelry_box is not None
    _absent(hidden, ("festive",), cfg.has("festive"), "hidden", "festive")
    _absent(hidden, ("jewel_bag", "journeyman_exam", "master_exam", "unseen"), jb, "hidden", "jewelry_box")
    _absent(hidden, ("mdb_supply", "mdb_hand", "mdb_discard"), cfg.solo, "hidden", "solo mode")

    def group(name: str) -> list[int]:
        return shuffled(fill, places.left(k.card, [c.index for c in t.cards if c.group == name]))

    s.j_stack = hidden_pile(hidden, "journeyman_exam", places, k.card, "the Journeyman exam stack",
                            lambda: group("exam_journeyman"))
    s.m_stack = hidden_pile(hidden, "master_exam", places, k.card, "the Master exam stack",
                            lambda: group("exam_master"))
    s.festive_box = hidden_pile(hidden, "festive", places, k.garment, "the Festive garments' box")
    s.mdb_hand = hidden_pile(hidden, "mdb_hand", places, k.solo, "Madame du Barry's hand pile", top_first=True)
    s.mdb_discard = hidden_pile(hidden, "mdb_discard", places, k.solo, "Madame du Barry's discard")
    general = range(t.deck_size)

    def deck() -> list[int]:
        cards = shuffled(fill, places.left(k.card, general))
        return sorted(cards, key=lambda c: -t.cards[c].level)

    s.deck = hidden_pile(hidden, "deck", places, k.card, "the deck", deck, top_first=True)
    s.unseen = hidden_pile(hidden, "unseen", places, k.card, "the box (unseen)", lambda: group("specialist"))
    s.res_bag = hidden_pile(hidden, "resource_bag", places, k.tile, "the resource bag",
                            lambda: shuffled(fill, places.left(k.tile)))
    s.gar_bag = hidden_pile(hidden, "garment_bag", places, k.garment, "the garment bag",
                            lambda: shuffled(fill, places.left(k.garment)))
    s.jewel_bag = hidden_pile(hidden, "jewel_bag", places, k.jewel, "the jewelry bag",
                              lambda: shuffled(fill, places.left(k.jewel)))
    s.mdb_supply = hidden_pile(hidden, "mdb_supply", places, k.solo, "Madame du Barry's card supply",
                               lambda: shuffled(fill, places.left(k.solo)) if cfg.solo else [], top_first=True)
    for kind in (k.card, k.tile, k.garment, k.jewel, k.solo):
        complete(places, kind)
    # a mark on cards that lie in a hand or a staff, not a place of its own
    s.promoted = [k.card.look_up(c, f"hidden.promoted[{i}]")
                  for i, c in enumerate(array(hidden.get("promoted", []), "hidden.promoted"))]


def _absent(section: dict[str, Any], keys: tuple[str, ...], present: bool, where: str, part: str) -> None:
    """Fields of a part of the game (an expansion, the solo mode) are refused without it."""
    if not present:
        found = [key for key in keys if key in section]
        if found:
            raise PositionError(f"{where}.{found[0]}: the {part} is not in play in this config")
