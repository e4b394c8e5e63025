"""Phase 2: every player takes 3 employee cards into hand (RULES.md §6, Appendix A).

The choice is secret and simultaneous in effect (R-PH2-1, A-57): the engine asks the seats
one after another, and no observation shows a hand before its cards are played.  A player
picks one card at a time; when the supply holds exactly the cards still needed there is no
choice to make (R-PH2-3 case 2).
"""

from __future__ import annotations

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.frames import Hand, SeatStep, Step
from salon.rococo.rules import solo
from salon.rococo.rules.common import emit, is_mdb
from salon.rococo.rules.registry import auto, decision, push
from salon.rococo.state import State


@auto("phase2")
def phase2(s: State, f: Step) -> None:
    s.phase = "choose"
    order = [(s.start_player + i) % s.n for i in range(s.n)]
    push(s, *[("hand_prep", seat) for seat in order], ("phase3",))


@auto("hand_prep")
def hand_prep(s: State, f: SeatStep) -> None:
    seat = f[1]
    if is_mdb(s, seat):
        solo.take_hand(s)
        return
    p = s.players[seat]
    size = s.t.ds.rules.hand_size
    if len(p.supply) > size:  # case 1: choose any 3
        push(s, ("hand", seat, size))
        return
    # cases 2 and 3: take the whole supply first
    p.hand.extend(p.supply)
    p.supply.clear()
    missing = size - len(p.hand)
    if missing == 0:  # case 2: exactly 3, no recycling now (R-PH2-4)
        emit(s, "hand_taken", seat, count=len(p.hand))
        return
    # case 3: the entire discard becomes the new supply, then choose the missing cards
    p.supply, p.discard = p.discard, []
    emit(s, "supply_recycled", seat, count=len(p.supply))
    if len(p.supply) <= missing:  # not reachable with staff >= 4, kept for safety of data
        p.hand.extend(p.supply)
        p.supply.clear()
        return
    push(s, ("hand", seat, missing))


def _legal(s: State, f: Hand) -> list[str]:
    pick = s.t.pick
    return [pick[c] for c in s.players[f[1]].supply]


def _apply(s: State, f: Hand, action: str) -> None:
    seat, left = f[1], f[2]
    p = s.players[seat]
    c = actions.card(s.t, action)
    p.supply.remove(c)
    p.hand.append(c)
    emit(s, "card_picked", seat, secret=("card",), card=s.t.cards[c].id)
    if left > 1:
        push(s, ("hand", seat, left - 1))


def _explain(s: State, f: Hand, action: str) -> Refusal:
    return Refusal("R-PH2-2", "choose a card from your own supply", "pick_from_supply",
                   {"card": s.t.cards[actions.card(s.t, action)].id})


decision("hand", _legal, _apply, _explain, ("pick",), "R-PH2-2")
