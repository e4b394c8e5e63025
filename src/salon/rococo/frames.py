"""The shape of each kind of Rococo step (salon.core.steps): ``(kind, seat, *args)``.

Frames stay plain tuples, the cheapest value to build, copy and serialise: a saved game,
a test or a position file puts them on the stack as they are.  These aliases give each
kind's arguments their types, so that a rule reading ``f[2]`` of a ``Tailor`` frame is
checked as reading the tailoring mode.
"""

from __future__ import annotations

Step = tuple[str]
"""``(kind,)``: round_start, phase2, phase3, next_turn, phase4, mdb_turn, final, score1 ...
score7, terrace_stage, game_end."""

SeatStep = tuple[str, int]
"""``(kind, seat)``: play, main, end_turn, hire, hand_prep, tailored, halls, exq_send, sets,
terrace."""

Mode = tuple[str, int, str]
"""``(kind, seat, mode)``: acquire (main | bonus | reward), tailor, reduce, dispose (main |
l2 | l4 | nj, tailor.GRANTED)."""

Hand = tuple[str, int, int]
"""``("hand", seat, cards still to choose)``."""

Finance = tuple[str, int, int]
"""``("finance", seat, discount)``."""

Buy = tuple[str, int, int]
"""``("buy", seat, price of one point)``."""

Place = tuple[str, int, int]
"""``("place", seat, guest space)``."""

Placed = tuple[str, int, int]
"""``("placed", seat, garment)``."""

TailorDone = tuple[str, int, int]
"""``("tailor_done", seat, 1 for a dress, 0 for a coat)``."""

Bonus = tuple[str, int, int]
"""``("bonus", seat, card)``."""

BonusStage = tuple[str, int, int] | tuple[str, int, int, int]
"""``("bonus_stage", seat, card)``, or ``("bonus_stage", seat, card, 1)`` for the bonus of
the turn's own card, which is lost if the card has left play by then."""

Exam = tuple[str, int, int]
"""``(kind, seat, exam)``: promote, exam_done, and mdb_remove (seat 0: the human decides)."""

Task = tuple[str, int, int, *tuple[int, ...]]
"""``("task", seat, exam, *the indices of the open tasks)``."""

Fate = tuple[str, int, int, str]
"""``("fate", seat, tile, why)``: keep or convert a tile acquired or drawn."""

Jewel = tuple[str, int, int, int]
"""``("jewel", seat, garment, 1 when free)``."""

Box = tuple[str, int, int, str]
"""``("box", seat, card, why)``: a card leaving the game once its bonus has resolved."""

Give = tuple[str, int, str, int, int, int, int]
"""``("give", seat, mode, blue, pink, green, orange)``: the silk bales still missing."""

SilkVp = tuple[str, int, int, int, int, int]
"""``("silk_vp", seat, blue, pink, green, orange)``: the bales handed in so far."""
