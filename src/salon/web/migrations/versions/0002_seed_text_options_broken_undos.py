"""Seeds as decimal text, the creator and options of a table, quarantined games, undo counts.

- ``seed`` becomes TEXT: a seed may be as large as 2**256, which no integer column holds;
  existing seeds are converted to their decimal digits.
- ``creator``: an opaque hash of whoever created the game (NULL: unknown).
- ``options``: the table's server options (a turn timer, say) as a JSON object.
- ``broken``: why the game was quarantined (NULL: it is sound); such a game is no longer
  restored or listed.
- ``undos`` of games and seats: how many actions were taken back, publicly and privately
  (a seat's own private actions); the versions the server shows count them.
- ``over`` keeps 0 (unfinished) and 1 (finished) and gains 2: ended early by its players.
  The index serves the two lookups by it: the unfinished games at start-up, and the
  finished ones newest first.

Revision ID: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        # SQLite rebuilds the table from what it reflects, which reads a first-schema file's
        # DOUBLE PRECISION as REAL and its TEXT PRIMARY KEY as nullable (SQLite allows NULL
        # there): both are restated (no change on PostgreSQL)
        games.alter_column("id", existing_type=sa.Text, nullable=False)
        games.alter_column("created", type_=sa.Double, existing_type=sa.Double, existing_nullable=False)
        games.alter_column("seed", type_=sa.Text, existing_type=sa.BigInteger, existing_nullable=False,
                           postgresql_using="seed::text")
        games.add_column(sa.Column("creator", sa.Text))
        games.add_column(sa.Column("options", sa.Text, nullable=False, server_default="{}"))
        games.add_column(sa.Column("broken", sa.Text))
        games.add_column(sa.Column("undos", sa.Integer, nullable=False, server_default="0"))
    op.add_column("seats", sa.Column("undos", sa.Integer, nullable=False, server_default="0"))
    op.create_index("games_by_over", "games", ["over", "created"])
