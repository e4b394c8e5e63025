"""How many actions and undos a game's rows have taken: the version every write names, so
that of two server processes writing to one game only the one that saw its latest rows
succeeds.

Revision ID: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.add_column("games", sa.Column("writes", sa.Integer, nullable=False, server_default="0"))
