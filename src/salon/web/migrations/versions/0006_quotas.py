"""What clients have spent, counted where every server process sees it: the hits of the rate
limits within their windows, and the live connections with the process that holds each, the
table each watches or plays at and its seat.

Revision ID: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "rate_hits",
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("until", sa.Double, nullable=False),
    )
    op.create_index("rate_hits_by_key", "rate_hits", ["kind", "key", "until"])
    op.create_index("rate_hits_by_until", "rate_hits", ["until"])
    op.create_table(
        "connections",
        sa.Column("ticket", sa.Text, primary_key=True),
        sa.Column("holder", sa.Text, nullable=False),
        sa.Column("client", sa.Text, nullable=False),
        sa.Column("game_id", sa.Text),
        sa.Column("seat", sa.Integer),
    )
    op.create_index("connections_by_client", "connections", ["client"])
    op.create_index("connections_by_game", "connections", ["game_id"])
