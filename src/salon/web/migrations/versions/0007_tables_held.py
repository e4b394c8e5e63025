"""What keeps a few clients from holding every table of a server: the network a table was
created from (counted against a cap of its own besides its address's), and when a person
was last seated and connected at it, so that a table nobody holds is ended, across restarts.

Revision ID: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.add_column("games", sa.Column("network", sa.Text))
    op.add_column("games", sa.Column("attended", sa.Double))
