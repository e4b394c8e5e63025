"""What a Rococo seat cannot know, drawn anew: the state of :meth:`Rococo.determinize`
(salon.rococo.game), the copy in which a bot searches or a learner samples a world without
profiting from hidden information (R-SETUP-12).

Re-sampled: the random generator; the other seats' rack tiles (pooled with the resource bag,
each seat keeping its number of tiles); the other seats' hands and supplies (within each
seat); the order of the employee deck within each level (R-SETUP-3) and of the bags; the exam
stacks, pooled with the cards they secretly fed (:func:`_resample_exam_cards`); the other
seats' secret specialized apprentices (pooled with those left in the box); Madame du Barry's
hand pile and card supply.  In the 2013 edition the other seats' face-down prestige (D-10) is
set level with the seat's own, so that a look-ahead reaching the end of the game cannot read
it either.  Each hidden group is put in a canonical order before it is shuffled, so the copy
depends only on what the seat knows and on the generator: a search cannot tell two games
apart that differ only in secrets.
"""

from __future__ import annotations

from salon.core.rng import Rng
from salon.rococo.rules.common import hidden_prestige
from salon.rococo.rules.exams import JOURNEYMAN, MASTER
from salon.rococo.state import EMPTY, Player, State


def resample(s: State, seat: int, r: Rng) -> None:
    """Draw anew with ``r``, in ``s`` (a copy), everything ``seat`` cannot know."""
    s.rng = Rng(r.next64())
    others = [p for q, p in enumerate(s.players) if q != seat]
    if s.t.ds.jewelry_box is not None:
        _resample_exam_cards(s, seat, others, r)
    tiles = s.t.ds.tiles
    pool = sorted(s.res_bag + [x for p in others for x in p.rack])
    r.shuffle(pool)
    for p in others:
        k = len(p.rack)
        p.rack, pool = pool[:k], pool[k:]
        p.silk = [sum(tiles[x].silk[c] for x in p.rack) for c in range(4)]
        k = len(p.hand)
        hidden = sorted(p.hand + p.supply)
        r.shuffle(hidden)
        p.hand, p.supply = hidden[:k], hidden[k:]
    s.res_bag = pool
    specialists = sorted(s.unseen + [p.specialist for p in others if p.specialist != EMPTY])
    r.shuffle(specialists)
    for p in others:
        if p.specialist != EMPTY:
            p.specialist = specialists.pop()
    s.unseen = specialists
    if hidden_prestige(s):
        _level_prestige(s, seat)
    k = len(s.mdb_hand)
    pile = sorted(s.mdb_hand + s.mdb_supply)
    r.shuffle(pile)
    s.mdb_hand, s.mdb_supply = pile[:k], pile[k:]
    for hidden in (s.gar_bag, s.jewel_bag, s.j_stack, s.m_stack):
        hidden.sort()
        r.shuffle(hidden)
    cards = s.t.cards
    for level in sorted({cards[c].level for c in s.deck}):
        at = [i for i, c in enumerate(s.deck) if cards[c].level == level]
        packet = sorted(s.deck[i] for i in at)
        r.shuffle(packet)
        for i, c in zip(at, packet):
            s.deck[i] = c


def _resample_exam_cards(s: State, seat: int, others: list[Player], r: Rng) -> None:
    """The Jewelry Box's exam stacks and where their unseen cards went: the deck's level-II
    Journeymen (level-V Masters) are the top 2 cards of the shuffled stack (R-JB-SETUP-2/3),
    and a card another seat took at an exam stays secret in its hand or staff until played
    (R-JB-EXAM-J-3, R-SOLO-EXAM-M).  Each stack is pooled with those cards and dealt again;
    a stack that ``seat`` is looking through to choose its card (R-JB-EXAM-J-3 (4)) stays as
    it is, and only the cards outside it are dealt again."""
    cards = s.t.cards
    top = s.stack[-1] if s.stack else ()
    looking = top[2] if top[:2] == ("promote", seat) else None
    taken = set(s.promoted)
    secret = [[c for c in p.hand + p.supply if c in taken] for p in others]
    in_hand = [sum(1 for c in p.hand if c in taken) for p in others]
    for p, gone in zip(others, secret, strict=True):
        p.hand = [c for c in p.hand if c not in gone]
        p.supply = [c for c in p.supply if c not in gone]
    s.promoted = [c for c in s.promoted if not any(c in gone for gone in secret)]
    for exam, stack, level, kind in ((JOURNEYMAN, s.j_stack, 2, "journeyman"), (MASTER, s.m_stack, 5, "master")):
        unseen = [] if exam == looking else stack  # the stack being looked through is known
        at = [i for i, c in enumerate(s.deck) if cards[c].level == level and cards[c].type == kind]
        mixed = sorted(unseen + [s.deck[i] for i in at] + [c for gone in secret for c in gone if cards[c].type == kind])
        r.shuffle(mixed)
        for i in at:
            s.deck[i] = mixed.pop()
        for p, gone in zip(others, secret, strict=True):
            for _ in range(sum(1 for c in gone if cards[c].type == kind)):
                c = mixed.pop()
                p.supply.append(c)
                s.promoted.append(c)
        unseen[:] = mixed
    for p, k in zip(others, in_hand, strict=True):  # the hands keep their sizes (dealt again below)
        p.hand.extend(p.supply[len(p.supply) - k:])
        del p.supply[len(p.supply) - k:]
    s.promoted.sort()


def _level_prestige(s: State, seat: int) -> None:
    """D-10: the other seats' face-down prestige taken level with ``seat``'s, as in
    ``_known_vp``.  During final scoring the points of each step are public: a seat keeps
    those on top of the level base, and the prestige booked when scoring began is levelled."""
    me = s.players[seat]
    base = s.breakdown[seat].get("game")  # booked when final scoring began (R-SCORE-*)
    for q, p in enumerate(s.players):
        if q == seat:
            continue
        if base is None:
            p.vp = me.vp
        else:
            p.vp = base + p.vp - s.breakdown[q]["game"]
            s.breakdown[q]["game"] = base


