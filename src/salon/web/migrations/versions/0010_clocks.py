"""Tables that last days: a table's days a move (none for a live one), whose decision it is
and since when (seconds since the epoch: the clock every process shares), so that the clocks
of tables nobody holds in memory are kept by the database; and each account's holidays.

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
    op.create_index("games_by_turn", "games", ["turn_seat", "over"])
