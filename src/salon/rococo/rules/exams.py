"""Jewelry Box exams (RULES.md §13.7, §13.8): main actions 7 (Journeyman exam, with an
Apprentice) and 8 (Master exam, with a Journeyman), and the marking of exam tasks.

A task is marked when the player performs the described action during their own turn; the
performer is the card played this turn (A-26).  One task per action (R-JB-TASK-LIMIT-1);
when an action qualifies for several open tasks the player picks one (``task:J1``, A-41).
"""

from __future__ import annotations

from typing import Final

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.frames import Exam, TailorDone, Task
from salon.rococo.rules.common import emit, gain_vp, jewelry_box, pay
from salon.rococo.rules.registry import auto, decision, push
from salon.rococo.state import EMPTY, State

JOURNEYMAN, MASTER = 0, 1
EXAMS: Final = {"journeyman_exam": (JOURNEYMAN, "apprentice"), "master_exam": (MASTER, "journeyman")}


def track(s: State, exam: int) -> tuple[str, ...]:
    jb = jewelry_box(s)
    return jb.journeyman_tasks if exam == JOURNEYMAN else jb.master_tasks


def exam_available(s: State, seat: int, which: str) -> bool:
    """R-JB-EXAM-J-2 / M-2, A-39: the start marker on this exam, every task marked, the fee,
    and a card left in the stack."""
    exam, _ = EXAMS[which]
    p = s.players[seat]
    stack = s.j_stack if exam == JOURNEYMAN else s.m_stack
    full = (1 << len(track(s, exam))) - 1
    return (p.exam == exam and p.tasks == full and bool(stack)
            and p.livres >= jewelry_box(s).params.exam_fee)


def take_exam(s: State, seat: int, card: int, which: str) -> None:
    """R-JB-EXAM-J-3 / M-3: fee, +1 VP, the played card's bonus as usual (A-8), a new card
    from the stack into the hand, the card leaves the game, markers return, the start marker
    moves.  The new card is taken before the old one leaves: nothing can be observed in
    between, and the staff never drops below the minimum at a decision (A-23)."""
    exam, _ = EXAMS[which]
    params = jewelry_box(s).params
    pay(s, seat, params.exam_fee, which)
    gain_vp(s, seat, params.exam_vp, which)
    bonus_stage = s.stack.pop()
    push(s, bonus_stage, ("promote", seat, exam), ("box", seat, card, which), ("exam_done", seat, exam))


def _promote_legal(s: State, f: Exam) -> list[str]:
    stack = s.j_stack if f[2] == JOURNEYMAN else s.m_stack
    return [s.t.promote[c] for c in stack]


def _promote_apply(s: State, f: Exam, action: str) -> None:
    seat, exam = f[1], f[2]
    stack = s.j_stack if exam == JOURNEYMAN else s.m_stack
    c = actions.card(s.t, action)
    stack.remove(c)
    s.rng.shuffle(stack)  # R-JB-EXAM-4: the order seen while choosing is forgotten
    s.players[seat].hand.append(c)
    s.promoted.append(c)
    emit(s, "promoted", seat, secret=("card",), card=s.t.cards[c].id)  # into the secret hand


decision("promote", _promote_legal, _promote_apply,
         lambda s, f, a: Refusal("R-JB-EXAM-J-3", "choose a card of the exam's stack", "promote_from_stack"),
         ("promote",), "R-JB-EXAM-J-3")


@auto("exam_done")
def exam_done(s: State, f: Exam) -> None:
    seat, exam = f[1], f[2]
    p = s.players[seat]
    p.tasks = 0
    p.exam = 1 - exam  # R-JB-EXAM-1: the exams alternate
    if exam == MASTER:
        p.master_exams += 1
    emit(s, "exam_passed", seat, exam="master" if exam == MASTER else "journeyman")


# --- tasks

def _open(s: State, seat: int, exam: int, names: list[str]) -> list[str]:
    p = s.players[seat]
    if p.exam != exam:  # R-JB-EXAM-2
        return []
    t = track(s, exam)
    return [n for n in names if not p.tasks & (1 << t.index(n))]


def mark(s: State, seat: int, exam: int, names: list[str]) -> None:
    """Mark one of the qualifying open tasks; ask when there is a choice (A-41)."""
    open_ = _open(s, seat, exam, names)
    if len(open_) == 1:
        _mark(s, seat, exam, open_[0])
    elif open_:
        push(s, ("task", seat, exam, *open_))


def _mark(s: State, seat: int, exam: int, name: str) -> None:
    s.players[seat].tasks |= 1 << track(s, exam).index(name)
    emit(s, "task", seat, task=name)


def _performer(s: State) -> str:
    return s.t.cards[s.turn_card].type if s.turn_card != EMPTY else ""


def after_acquire(s: State, seat: int, tile: int, kept: bool) -> None:
    """R-JB-TASK-J1..J3 (A-1): an Apprentice's Acquire Resources, main or bonus action."""
    if _performer(s) != "apprentice":
        return
    t = s.t.ds.tiles[tile]
    names = []
    if kept and (t.silk[0] or t.silk[1]):
        names.append("J1")
    if kept and (t.silk[2] or t.silk[3]):
        names.append("J2")
    if not kept and t.lower:
        names.append("J3")
    mark(s, seat, JOURNEYMAN, names)


def after_finance(s: State, seat: int) -> None:
    """R-JB-TASK-J4 (A-2): Finance a Decoration with an Apprentice."""
    if _performer(s) == "apprentice":
        mark(s, seat, JOURNEYMAN, ["J4"])


@auto("tailor_done")
def after_tailor(s: State, f: TailorDone) -> None:
    """R-JB-TASK-M1..M3: at the end of a tailoring, by the card played this turn."""
    if s.t.ds.jewelry_box is None:
        return
    seat, is_dress = f[1], f[2]
    performer = _performer(s)
    if performer == "journeyman":
        mark(s, seat, MASTER, ["M1" if is_dress else "M2"])
    elif performer == "master":
        mark(s, seat, MASTER, ["M3"])


def _task_apply(s: State, f: Task, action: str) -> None:
    _mark(s, f[1], f[2], actions.argument(action))


decision("task", lambda s, f: [f"task:{n}" for n in f[3:]], _task_apply,
         lambda s, f, a: Refusal("R-JB-TASK-LIMIT-1", "mark one of the tasks this action fulfils", "task_fulfilled"),
         ("task",),
         "R-JB-TASK-LIMIT-1")
