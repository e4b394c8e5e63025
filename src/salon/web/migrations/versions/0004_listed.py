"""Whether a table is listed in the lobby: a private table is found through its link only.

Revision ID: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.add_column("games", sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.true()))
