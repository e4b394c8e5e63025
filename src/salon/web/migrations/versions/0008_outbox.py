"""The mail outbox: letters posted in the transaction of the change that causes them and sent
once by whichever process claims them; the kinds of letters each account has turned off; the
tokens of the one-click unsubscribe links.

Revision ID: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "outbox",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("address", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("lang", sa.Text, nullable=False),
        sa.Column("fields", sa.Text, nullable=False),
        sa.Column("account", sa.Text),
        sa.Column("game_id", sa.Text),
        sa.Column("dedupe", sa.Text),
        sa.Column("created", sa.Double, nullable=False),
        sa.Column("due", sa.Double, nullable=False),
        sa.Column("tries", sa.Integer, nullable=False, server_default="0"),
        sa.Column("state", sa.Text, nullable=False, server_default="waiting"),
        sa.Column("claim", sa.Text),
        sa.Column("lease", sa.Double),
        sa.Column("finished", sa.Double),
        sa.Column("reason", sa.Text),
    )
    op.create_index("outbox_due", "outbox", ["state", "due"])
    op.create_index("outbox_finished", "outbox", ["finished"])
    waiting = sa.text("state = 'waiting'")
    op.create_index("outbox_dedupe", "outbox", ["dedupe"], unique=True, sqlite_where=waiting,
                    postgresql_where=waiting)
    op.create_table(
        "mail_off",
        sa.Column("account", sa.Text, primary_key=True),
        sa.Column("kind", sa.Text, primary_key=True),
    )
    op.create_table(
        "mail_tokens",
        sa.Column("token", sa.Text, primary_key=True),
        sa.Column("account", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
    )
    op.create_index("mail_tokens_by_account", "mail_tokens", ["account", "kind"], unique=True)
