"""Main action 6, Finance a decoration (RULES.md §8.7), also granted with a discount by the
level-III and level-VI bonuses (A-10: cost = max(0, printed - discount))."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.frames import Finance
from salon.rococo.rules import exams
from salon.rococo.rules.common import emit, pay, term
from salon.rococo.rules.registry import decision, push
from salon.rococo.state import EMPTY, State

ONE_PER_PLAYER: Final = ("kitchen_left", "kitchen_right", "jeweler")  # R-ACT-FIN-4, R-JB-FIN-2


def _spaces(s: State, seat: int, discount: int) -> Iterator[int]:
    """The decoration spaces ``seat`` may finance now (free, affordable, at most one of each
    kind of ONE_PER_PLAYER): the one definition behind the legal spaces and whether there is
    any, which is asked at every main decision."""
    decos = s.t.ds.board.decorations
    owners = s.deco
    blocked = {decos[d].kind for d, o in enumerate(owners) if o == seat and decos[d].kind in ONE_PER_PLAYER}
    budget = s.players[seat].livres + discount
    for d, o in enumerate(owners):
        if o == EMPTY and decos[d].cost <= budget and decos[d].kind not in blocked:
            yield d


def targets(s: State, seat: int, discount: int) -> list[str]:
    fin = s.t.finance
    return [fin[d] for d in _spaces(s, seat, discount)]


def any_target(s: State, seat: int, discount: int) -> bool:
    return next(_spaces(s, seat, discount), None) is not None


def _apply(s: State, f: Finance, action: str) -> None:
    seat, discount = f[1], f[2]
    d = actions.decoration(s.t, action)
    deco = s.t.ds.board.decorations[d]
    s.deco[d] = seat
    emit(s, "financed", seat, space=deco.id, kind=deco.kind)
    pay(s, seat, max(0, deco.cost - discount), "finance")
    if deco.kind == "musician":  # R-ACT-FIN-6
        push(s, ("halls", seat))
    if s.t.ds.jewelry_box is not None:
        exams.after_finance(s, seat)


def _explain(s: State, f: Finance, action: str) -> Refusal:
    d = actions.decoration(s.t, action)
    deco = s.t.ds.board.decorations[d]
    if s.deco[d] != EMPTY:
        return Refusal("R-ACT-FIN-2", "choose a free decoration space", "finance_taken", {"decoration": deco.id})
    if deco.kind in ONE_PER_PLAYER:
        if any(s.deco[i] == f[1] for i in s.t.deco_of_kind[deco.kind]):
            if deco.kind == "jeweler":
                return Refusal("R-JB-FIN-2", "at most one jeweler decoration per player", "finance_one_jeweler",
                               {"decoration": deco.id})
            return Refusal("R-ACT-FIN-4", f"at most one marker on each of the two {term(s, 'kitchen')} spaces",
                           "finance_one_kitchen", {"decoration": deco.id})
    return Refusal("R-ACT-FIN-5", "you cannot pay the cost of that space", "finance_too_dear",
                   {"decoration": deco.id, "cost": max(0, deco.cost - f[2])})


decision("finance", lambda s, f: targets(s, f[1], f[2]), _apply, _explain, ("finance",), "R-ACT-FIN-2")
