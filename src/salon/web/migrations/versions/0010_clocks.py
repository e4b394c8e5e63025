"""Tables that last days: a table's days a move (none for a live one), whose decision it is
and since when (seconds since the epoch: the clock every process shares), so that the clocks
of tables nobody holds in memory are kept by the database; the address a seat is kept for
(an invitation) and when its player last opened the table; and each account's holidays (the
days left this year, the year they count for, since when the one under way runs) and whether
its letters of turns come as a daily digest.

Revision ID: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.add_column("games", sa.Column("pace_days", sa.Integer))
    op.add_column("games", sa.Column("turn_seat", sa.Integer))
    op.add_column("games", sa.Column("turn_since", sa.Double))
    op.add_column("games", sa.Column("reminded", sa.Integer))
    op.create_index("games_by_turn", "games", ["turn_seat", "over"])
    op.create_index("games_by_pace", "games", ["pace_days", "over", "turn_since"])
    op.create_index("games_listed", "games", ["listed", "over", "created"])
    quarantined = sa.text("broken IS NOT NULL")
    op.create_index("games_broken", "games", ["created"], sqlite_where=quarantined, postgresql_where=quarantined)
    op.add_column("seats", sa.Column("invited", sa.Text))
    op.add_column("seats", sa.Column("seen", sa.Double))
    op.create_index("seats_by_invited", "seats", ["invited"])
    op.add_column("accounts", sa.Column("holiday_left", sa.Double))
    op.add_column("accounts", sa.Column("holiday_year", sa.Integer))
    op.add_column("accounts", sa.Column("holiday_since", sa.Double))
    op.add_column("accounts", sa.Column("digest", sa.Boolean, nullable=False, server_default=sa.false()))
