"""Phase 3: turn order, the turn's structure and the employee-type table (RULES.md §7).

A turn: play one hand card (``play:E17``); choose one main action allowed for its type or
decline (``main:<action>`` / ``main:skip``); then optionally its bonus; then the card goes
to the discard (R-PH3-4).  The played card stays in the staff until the end of the turn
(R-PH3-9, A-21).
"""

from __future__ import annotations

from typing import Final

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.frames import SeatStep, Step
from salon.rococo.rules import acquire, exams, favour, finance, hire, send_away, tailor
from salon.rococo.rules.common import emit, is_mdb, jewelry_box
from salon.rococo.rules.registry import auto, decision, push
from salon.rococo.state import EMPTY, State

BASE_ACTIONS: Final = ("favour", "acquire", "tailor", "hire", "send", "finance")
MAIN_ACTIONS: Final = (*BASE_ACTIONS, "journeyman_exam", "master_exam")  # 7 and 8: Jewelry Box
ALLOWED: Final = {  # R-EMP-1..4
    "master": frozenset(BASE_ACTIONS),
    "journeyman": frozenset(BASE_ACTIONS) - {"hire"} | {"master_exam"},
    "apprentice": frozenset({"acquire", "send", "finance", "journeyman_exam"}),
}
MAIN: Final = {a: f"main:{a}" for a in (*MAIN_ACTIONS, "skip")}
TYPE_RULE: Final = {
    "favour": "R-ACT-FAVOUR-1", "tailor": "R-ACT-TAILOR-1", "hire": "R-ACT-HIRE-1",
    "journeyman_exam": "R-JB-EXAM-J-1", "master_exam": "R-JB-EXAM-M-1",
}


@auto("phase3")
def phase3(s: State, f: Step) -> None:
    s.phase = "actions"
    s.turn_seat = s.start_player  # R-PH3-1
    push(s, ("next_turn",))


@auto("next_turn")
def next_turn(s: State, f: Step) -> None:
    """R-PH3-1/2: clockwise from the turn pointer, skipping empty hands; Phase 3 ends when
    no hand holds a card."""
    for i in range(s.n):
        seat = (s.turn_seat + i) % s.n
        if s.players[seat].hand:
            s.turn_seat = seat
            push(s, ("play", seat), ("end_turn", seat))
            return
        if s.mdb_hand and is_mdb(s, seat):  # R-SOLO-PH3-1: her turns run by themselves
            s.turn_seat = seat
            push(s, ("mdb_turn",), ("end_turn", seat))
            return
    push(s, ("phase4",))


@auto("end_turn")
def end_turn(s: State, f: SeatStep) -> None:
    seat = f[1]
    p = s.players[seat]
    if p.in_play != EMPTY:
        p.discard.append(p.in_play)
        p.in_play = EMPTY
    s.turn_card = EMPTY
    emit(s, "turn_end", seat)
    s.turn_seat = (seat + 1) % s.n
    push(s, ("next_turn",))


def _play_legal(s: State, f: SeatStep) -> list[str]:
    play = s.t.play
    return [play[c] for c in s.players[f[1]].hand]


def _play_apply(s: State, f: SeatStep, action: str) -> None:
    seat = f[1]
    p = s.players[seat]
    c = actions.card(s.t, action)
    p.hand.remove(c)
    p.in_play = c
    s.turn_card = c
    if c in s.promoted:  # an exam's card is secret until it is played (R-JB-EXAM-J-3)
        s.promoted.remove(c)
    emit(s, "played", seat, card=s.t.cards[c].id)
    push(s, ("main", seat), ("bonus_stage", seat, c, 1))


decision("play", _play_legal, _play_apply,
         lambda s, f, a: Refusal("R-PH3-1", "play one card of your hand", "play_from_hand",
                                 {"card": s.t.cards[actions.card(s.t, a)].id}),
         ("play",), "R-PH3-1")


def _main_failed(s: State, seat: int, what: str) -> str | None:
    """The first check that the main action ``what`` fails now (a refusal's key), or None when
    it can be taken (R-PH3-6): the one check behind both the options and the refusal of
    another.  It builds no refusal, since it runs for every main action at every turn."""
    if what not in MAIN_ACTIONS or (what in exams.EXAMS and s.t.ds.jewelry_box is None):
        return "main_unknown"
    if what not in ALLOWED[s.t.cards[s.turn_card].type]:
        return "main_not_for_type"
    if what == "favour":
        return None if favour.available(s) else "favour_taken"
    if what == "acquire":
        return None if acquire.any_target(s, seat, "main") else "acquire_none"
    if what == "tailor":
        return None if tailor.any_target(s, seat, "main") else "tailor_none"
    if what == "hire":
        return None if hire.targets(s, seat) else "hire_none"
    if what == "send":
        return None if send_away.available(s, seat) else "send_staff_minimum"
    if what == "finance":
        return None if finance.any_target(s, seat, 0) else "finance_none"
    return None if exams.exam_available(s, seat, what) else "exam_unavailable"


def main_refusal(s: State, seat: int, what: str) -> Refusal | None:
    """Why the main action ``what`` cannot be taken now, or None when it can (R-PH3-6)."""
    failed = _main_failed(s, seat, what)
    if failed is None:
        return None
    if failed == "main_unknown":
        return Refusal("R-PH3-4", f"no main action {what!r}; choose one of {', '.join(MAIN_ACTIONS)} or skip",
                       "main_unknown", {"action": what})
    card = s.t.cards[s.turn_card]
    if failed == "main_not_for_type":
        return Refusal(TYPE_RULE.get(what, "R-EMP-3"), f"a {card.type} may not take the action {what} (R-EMP-1..3)",
                       "main_not_for_type", {"type": card.type, "action": what, "card": card.id})
    if failed == "favour_taken":
        return Refusal("R-ACT-FAVOUR-3", "the Queen's favour has already been won this round", "favour_taken")
    if failed == "acquire_none":
        return Refusal("R-ACT-RES-5", "no tile in the display that you can pay for", "acquire_none")
    if failed == "tailor_none":
        return Refusal("R-ACT-TAILOR-14", "no garment in the display that you can make now", "tailor_none")
    if failed == "hire_none":
        return Refusal("R-ACT-HIRE-4", "the display is empty or you cannot pay the price", "hire_none")
    if failed == "finance_none":
        return Refusal("R-ACT-FIN-5", "no free decoration space that you may finance and can pay for",
                       "finance_none")
    if failed == "send_staff_minimum":
        return Refusal("R-STAFF-2", "you must keep at least 4 employees", "send_staff_minimum",
                       {"minimum": s.t.ds.rules.min_staff})
    journeyman = what == "journeyman_exam"
    tasks = "all 4 tasks" if journeyman else "all 3 tasks"
    rule = "R-JB-EXAM-J-2" if journeyman else "R-JB-EXAM-M-2"
    return Refusal(rule, f"the exam needs your start marker there, {tasks}, 5 livres and a card in its stack",
                   "exam_unavailable", {"exam": what, "tasks": len(exams.track(s, exams.EXAMS[what][0])),
                                        "fee": jewelry_box(s).params.exam_fee})


def main_options(s: State, seat: int) -> list[str]:
    """R-PH3-6: only main actions that can be carried out now, plus declining (R-PH3-5)."""
    return [MAIN[what] for what in MAIN_ACTIONS if _main_failed(s, seat, what) is None] + [MAIN["skip"]]


def _main_apply(s: State, f: SeatStep, action: str) -> None:
    seat = f[1]
    what = actions.argument(action)
    emit(s, "main", seat, action=what)
    if what == "favour":
        favour.take(s, seat)
    elif what == "acquire":
        push(s, ("acquire", seat, "main"))
    elif what == "tailor":
        push(s, ("tailor", seat, "main"))
    elif what == "hire":
        push(s, ("hire", seat))
    elif what == "send":
        send_away.send(s, seat, s.turn_card)
    elif what == "finance":
        push(s, ("finance", seat, 0))
    elif what in exams.EXAMS:
        exams.take_exam(s, seat, s.turn_card, what)


def _main_explain(s: State, f: SeatStep, action: str) -> Refusal:
    reason = main_refusal(s, f[1], actions.argument(action))
    assert reason is not None, "a main action that can be taken is legal"
    return reason


decision("main", lambda s, f: main_options(s, f[1]), _main_apply, _main_explain, ("main",), "R-PH3-4")
