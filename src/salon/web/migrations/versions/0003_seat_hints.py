"""How many hints each seat asked for: the other players see it.

Revision ID: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.add_column("seats", sa.Column("hints", sa.Integer, nullable=False, server_default="0"))
