"""Players' accounts beside the guests' seats: the accounts (a name, a normalised address,
whether it is verified, the password's Argon2id hash, the language of its letters, the address
keys that signed in to it), their sessions (each one's hash, never its cookie), the tokens of
the links sent by mail (hashed, single-use, expiring), and the account that holds a seat.

Revision ID: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("email", sa.Text, nullable=False),
        sa.Column("verified", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("lang", sa.Text, nullable=False, server_default="en"),
        sa.Column("created", sa.Double, nullable=False),
        sa.Column("known", sa.Text, nullable=False, server_default="[]"),
    )
    op.create_index("accounts_by_email", "accounts", ["email"], unique=True)
    op.create_table(
        "account_sessions",
        sa.Column("hash", sa.Text, primary_key=True),
        sa.Column("account", sa.Text, nullable=False),
        sa.Column("created", sa.Double, nullable=False),
        sa.Column("seen", sa.Double, nullable=False),
        sa.Column("label", sa.Text, nullable=False, server_default=""),
    )
    op.create_index("account_sessions_by_account", "account_sessions", ["account"])
    op.create_index("account_sessions_by_seen", "account_sessions", ["seen"])
    op.create_table(
        "account_tokens",
        sa.Column("hash", sa.Text, primary_key=True),
        sa.Column("account", sa.Text, nullable=False),
        sa.Column("purpose", sa.Text, nullable=False),
        sa.Column("address", sa.Text),
        sa.Column("expires", sa.Double, nullable=False),
        sa.Column("used", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("account_tokens_by_account", "account_tokens", ["account"])
    op.add_column("seats", sa.Column("account", sa.Text))
    op.create_index("seats_by_account", "seats", ["account"])
