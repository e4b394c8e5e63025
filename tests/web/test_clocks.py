"""The clocks of correspondence tables (salon.web.tables.clocks): the time left, the reminder
at a quarter, the time out, and a holiday under way stopping all of it."""

from __future__ import annotations

from salon.web.tables.clocks import DAY, Clock

START = 1_800_000_000.0


def test_a_decision_has_its_days_and_a_reminder_at_a_quarter_left() -> None:
    clock = Clock(days=3, since=START)
    assert clock.left(START) == 3 * DAY and not clock.to_remind(START)
    assert not clock.to_remind(START + 2.2 * DAY) and clock.to_remind(START + 2.25 * DAY)
    assert not clock.out(START + 3 * DAY - 1) and clock.out(START + 3 * DAY)
    assert not clock.to_remind(START + 3 * DAY)  # out, not reminded


def test_a_holiday_under_way_stops_the_clock() -> None:
    on = START + DAY
    clock = Clock(days=1, since=START, holiday_since=on)
    assert clock.left(START + 5 * DAY) == 0.0 + DAY - (on - START)  # what was left when the holiday began
    assert not clock.out(START + 30 * DAY) and not clock.to_remind(START + 30 * DAY)
    before = Clock(days=1, since=START + 2 * DAY, holiday_since=START)  # on holiday before the turn began
    assert before.left(START + 9 * DAY) == DAY
