"""Each account's preferences at the table: what the server answers for it (a bonus that only
gains, a lone pass) and whether its pages confirm a move that cannot be taken back, as JSON
(salon.core.choices.Preferences); none: the defaults.

Revision ID: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"


def upgrade() -> None:
    op.add_column("accounts", sa.Column("preferences", sa.Text))
