"""The Influence phase (QN-INF) and the blue influence cards: Confessor, Courtesan, Forger,
Favorite, Thief (RULES.md §5.1), with the Musketeer's answers to the Thief and the Forger
and the triple-Musketeer play for the Necklace (QN-MUSKETEER).

The active seat plays any number of influence cards that were in its hand when the turn
began (QN-INF-1/2), one per action, each taking effect at once, and ends the phase with
``done`` (QN-INF-4).  Played cards leave the game (QN-INF-5).  Identical cards are
interchangeable, so an action names the kind and its targets, never a card id:

``play:confessor:<seat>``, ``play:courtesan``, ``play:forger:<seat>:<gem>``,
``play:favorite:<gem>``, ``play:thief:<seat>``, ``play:musketeers``, ``done``.

Frames: the decisions ``("influence", seat)``, ``("forger_response", victim, forger, gem)``
and ``("forger_discard", victim, forger, gem)``.
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

from salon.core.errors import Refusal
from salon.core.steps import Frame
from salon.necklace import actions
from salon.necklace.frames import Forger, SeatStep
from salon.necklace.kinds import CONFESSOR, COURTESAN, FAVORITE, FORGER, GEM, KINDS, MUSKETEER, NECKLACE, THIEF
from salon.necklace.pieces import DataSet
from salon.necklace.rules.common import cid, discard, emit, holds, necklace_holder, own_id
from salon.necklace.rules.registry import decision, push
from salon.necklace.state import EMPTY, State

DONE: Final = "done"
PASS: Final = "pass"
MUSKETEERS: Final = "play:musketeers"
REACT: Final = "react:musketeer"
COURTESAN_PLAY: Final = "play:courtesan"


class PlayTexts(NamedTuple):
    confessor: tuple[str, ...]  # by target seat
    thief: tuple[str, ...]  # by target seat
    forger: tuple[tuple[str, ...], ...]  # by target seat, then gem type
    favorite: tuple[str, ...]  # by gem type


@cache
def strings(ds: DataSet, n: int) -> PlayTexts:
    """Ready-made action texts: per target seat (and gem type) for the targeted cards."""
    gems = ds.gem_names
    return PlayTexts(
        confessor=tuple(f"play:confessor:{o}" for o in range(n)),
        thief=tuple(f"play:thief:{o}" for o in range(n)),
        forger=tuple(tuple(f"play:forger:{o}:{g}" for g in gems) for o in range(n)),
        favorite=tuple(f"play:favorite:{g}" for g in gems),
    )


def playable(s: State, seat: int, kind: int) -> int:
    """The lowest-numbered card of ``kind`` that the seat may play now: held since the turn
    began and still in hand (QN-INF-2), or EMPTY."""
    cards = s.ds.cards
    hand = s.hands[seat]
    best = EMPTY
    for c in s.held:
        if cards[c].kind == kind and c in hand and (best == EMPTY or c < best):
            best = c
    return best


def _held_musketeers(s: State, seat: int) -> list[int]:
    cards = s.ds.cards
    hand = s.hands[seat]
    return sorted(c for c in s.held if cards[c].kind == MUSKETEER and c in hand)


def forger_gems(s: State) -> range | list[int]:
    """QN-FORGER-1 / QN-AMB-12: the gem types a Forger may name."""
    if s.cfg.forger_names_amber:
        return range(len(s.ds.gem_names))
    return sorted(s.ds.precious)


def favorite_gems(s: State) -> list[int]:
    """QN-FAVORITE-1/2, QN-AMB-24: any gem tile, or (config) any but the one in position 1."""
    gems = range(len(s.ds.gem_names))
    return list(gems) if s.cfg.favorite_on_leader else [g for g in gems if g != s.fashion[0]]


def _legal(s: State, f: SeatStep) -> list[str]:
    seat = f[1]
    cards = s.ds.cards
    hand = s.hands[seat]
    kinds = 0
    musketeers = 0
    for c in s.held:
        if c in hand:
            k = cards[c].kind
            kinds |= 1 << k
            musketeers += k == MUSKETEER
    out: list[str] = []
    if kinds:
        t = strings(s.ds, s.n)
        n = s.n
        if kinds & (1 << CONFESSOR):
            out += [t.confessor[o] for o in range(n) if o != seat]
        if kinds & (1 << COURTESAN):
            out.append(COURTESAN_PLAY)
        if kinds & (1 << FORGER):
            gems = forger_gems(s)
            for o in range(n):
                if o != seat:
                    row = t.forger[o]
                    out += [row[g] for g in gems]
        if kinds & (1 << FAVORITE):
            fav = t.favorite
            out += [fav[g] for g in favorite_gems(s)]
        if kinds & (1 << THIEF):
            out += [t.thief[o] for o in range(n) if o != seat and s.hands[o]]  # QN-AMB-11
        if musketeers >= s.ds.rules.musketeers_for_necklace and necklace_holder(s) not in (EMPTY, seat):
            out.append(MUSKETEERS)
    out.append(DONE)
    return out


def _play(s: State, seat: int, kind: int) -> int:
    c = playable(s, seat, kind)
    s.hands[seat].remove(c)
    discard(s, c)  # QN-INF-5
    return c


def _apply(s: State, f: SeatStep, action: str) -> None:
    seat = f[1]
    if action == DONE:
        emit(s, "influence_end", seat)
        return
    what, target, g = actions.played(s.ds, action)
    follow: list[Frame] = []
    if what == "confessor":
        c = _play(s, seat, CONFESSOR)
        emit(s, "played", seat, card=cid(s, c), kind=what, target=target)
        show_hand(s, seat, target, "confessor")
    elif what == "courtesan":
        c = _play(s, seat, COURTESAN)
        s.ducats += s.ds.rules.courtesan_ducats  # QN-COURTESAN-1, QN-BUY-2
        emit(s, "played", seat, card=cid(s, c), kind=what, ducats=s.ducats)
    elif what == "forger":
        c = _play(s, seat, FORGER)
        emit(s, "played", seat, card=cid(s, c), kind=what, target=target, gem=s.ds.gem_names[g])
        if s.cfg.conceal_holders or holds(s, target, MUSKETEER):
            follow.append(("forger_response", target, seat, g))
        else:
            forge(s, target, seat, g, follow)
    elif what == "favorite":
        c = _play(s, seat, FAVORITE)
        # QN-FAVORITE-1: to position 1; the tiles left of its old place shift right
        s.fashion.remove(g)
        s.fashion.insert(0, g)
        emit(s, "played", seat, card=cid(s, c), kind=what, gem=s.ds.gem_names[g],
             fashion=[s.ds.gem_names[x] for x in s.fashion])
    elif what == "thief":
        c = _play(s, seat, THIEF)
        emit(s, "played", seat, card=cid(s, c), kind=what, target=target)
        steal(s, seat, target)
    else:  # musketeers: QN-MUSKETEER-4
        used = _held_musketeers(s, seat)[: s.ds.rules.musketeers_for_necklace]
        for m in used:
            s.hands[seat].remove(m)
            discard(s, m)
        holder = necklace_holder(s)
        necklace = next(c for c in s.hands[holder] if s.ds.cards[c].kind == NECKLACE)
        s.hands[holder].remove(necklace)
        s.hands[seat].append(necklace)
        emit(s, "played", seat, cards=[cid(s, m) for m in used], kind="musketeers", target=holder)
        emit(s, "necklace", seat, how="musketeers", card=cid(s, necklace), previous=holder)
    push(s, *follow, ("influence", seat))


def show_hand(s: State, viewer: int, target: int, why: str) -> None:
    """The target's whole hand, seen by ``viewer`` alone (QN-CONFESSOR-1, QN-FORGER-3)."""
    hand = tuple(sorted(s.hands[target]))
    s.peeks[viewer][target] = hand
    emit(s, "hand_shown", viewer, ("cards",), target=target, why=why, cards=[cid(s, c) for c in hand])


def steal(s: State, thief: int, victim: int) -> None:
    """QN-THIEF-1..4, QN-AMB-10: a random card changes hands; a Musketeer drawn this way is
    discarded and the roles swap, until a card other than a Musketeer changes hands or the
    hand to draw from is empty."""
    cards = s.ds.cards
    taker, giver = thief, victim
    while s.hands[giver]:
        hand = s.hands[giver]
        c = hand.pop(s.rng.below(len(hand)))
        if cards[c].kind == MUSKETEER:
            discard(s, c)
            emit(s, "thief_caught", giver, card=cid(s, c), thief=taker)
            taker, giver = giver, taker
            continue
        s.hands[taker].append(c)
        emit(s, "stolen", taker, ("card",), card=own_id(s, c), victim=giver)
        emit(s, "robbed", giver, ("card",), card=own_id(s, c), thief=taker)
        if cards[c].kind == NECKLACE:  # QN-THIEF-2: the token follows the card
            emit(s, "necklace", taker, how="stolen", card=cid(s, c), previous=giver)
        return


def forge(s: State, victim: int, forger: int, g: int, follow: list[Frame]) -> None:
    """QN-FORGER-3 / QN-AMB-12: discard a gem card of the named type, or show the hand."""
    cards = s.ds.cards
    matching = [c for c in s.hands[victim] if cards[c].kind == GEM and cards[c].gem == g]
    if not matching:
        show_hand(s, forger, victim, "forger")
    elif s.cfg.forger_victim_chooses:
        follow.append(("forger_discard", victim, forger, g))
    else:
        _forged(s, victim, matching[s.rng.below(len(matching))])


def _forged(s: State, victim: int, c: int) -> None:
    s.hands[victim].remove(c)
    discard(s, c)
    emit(s, "forged", victim, card=cid(s, c))


def _response_legal(s: State, f: Forger) -> list[str]:
    return [REACT, PASS] if holds(s, f[1], MUSKETEER) else [PASS]


def _response_apply(s: State, f: Forger, action: str) -> None:
    victim, forger, g = f[1], f[2], f[3]
    if action == REACT:  # QN-FORGER-2, QN-MUSKETEER-3: both cards leave, nothing else happens
        m = min(c for c in s.hands[victim] if s.ds.cards[c].kind == MUSKETEER)
        s.hands[victim].remove(m)
        discard(s, m)
        emit(s, "forger_cancelled", victim, card=cid(s, m), forger=forger)
        return
    follow: list[Frame] = []
    forge(s, victim, forger, g, follow)
    push(s, *follow)


def _discard_legal(s: State, f: Forger) -> list[str]:
    cards = s.ds.cards
    victim, g = f[1], f[3]
    d = s.ds.discard
    return [d[c] for c in s.hands[victim] if cards[c].kind == GEM and cards[c].gem == g]


def _discard_apply(s: State, f: Forger, action: str) -> None:
    _forged(s, f[1], actions.card(s.ds, action))


def _explain(s: State, f: SeatStep, action: str) -> Refusal:
    seat = f[1]
    what, target, _ = actions.played(s.ds, action)
    if action == MUSKETEERS:
        need = s.ds.rules.musketeers_for_necklace
        if len(_held_musketeers(s, seat)) < need:
            return Refusal("QN-MUSKETEER-4", "you need three Musketeers held since the start of your turn",
                           "musketeers_too_few", {"n": need})
        return Refusal("QN-MUSKETEER-4", "no other player holds the Queen's Necklace", "musketeers_no_necklace")
    kind = KINDS.index(what)  # the vocabulary holds influence kinds only
    if playable(s, seat, kind) == EMPTY:
        if holds(s, seat, kind):
            return Refusal("QN-INF-2", f"your {what} was not in your hand when the turn began", "influence_new",
                           {"kind": what})
        return Refusal("QN-INF-1", f"you hold no {what}", "influence_none", {"kind": what})
    if what in ("confessor", "thief", "forger") and target == seat:
        return Refusal({"confessor": "QN-CONFESSOR-1", "thief": "QN-THIEF-1", "forger": "QN-FORGER-1"}[what],
                       "choose another player", "influence_other_player", {"kind": what})
    if what == "thief":
        return Refusal("QN-AMB-11", "a Thief needs a victim with at least one card in hand", "thief_empty_hand",
                       {"seat": target})
    if what == "forger":
        return Refusal("QN-AMB-12", "the Forger may not name amber in this game (config forger_names_amber)",
                       "forger_no_amber")
    return Refusal("QN-AMB-24", "the Favorite may not choose the gem already in fashion position 1 (config)",
                   "favorite_first_gem")


def _response_explain(s: State, f: Forger, action: str) -> Refusal:
    if action == REACT:
        return Refusal("QN-FORGER-2", "you hold no Musketeer", "forger_no_musketeer")
    return Refusal("QN-FORGER-2", "answer the Forger with a Musketeer ('react:musketeer') or 'pass'",
                   "forger_musketeer_or_pass")


def _discard_explain(s: State, f: Forger, action: str) -> Refusal:
    return Refusal("QN-FORGER-3", f"discard a {s.ds.gem_names[f[3]]} card from your hand", "forger_discard_gem",
                   {"gem": s.ds.gem_names[f[3]]})


decision("influence", _legal, _apply, _explain, ("play", "done"), "QN-INF-1")
decision("forger_response", _response_legal, _response_apply, _response_explain, ("react", "pass"), "QN-FORGER-2")
decision("forger_discard", _discard_legal, _discard_apply, _discard_explain, ("discard",), "QN-FORGER-3")
