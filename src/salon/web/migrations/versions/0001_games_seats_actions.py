"""The first schema: games, their seats and their actions.

Databases written before the schema carried a version have exactly these tables; they are
stamped as this revision when opened.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("created", sa.Double, nullable=False),
        sa.Column("over", sa.Integer, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.Text, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("bot", sa.Text),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("token_hash", sa.Text),
    )
    op.create_table(
        "actions",
        sa.Column("game_id", sa.Text, primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("action", sa.Text, nullable=False),
    )
