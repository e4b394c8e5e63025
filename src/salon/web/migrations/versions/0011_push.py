"""Web Push: the server's VAPID key pair, made once and kept; each account's push
subscriptions (the endpoint its browser's push service gave, and the keys a message is
encrypted with); and the kinds of notices an account has turned off on push.

Revision ID: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.create_table(
        "push_keys",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("private_key", sa.Text, nullable=False),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("created", sa.Double, nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint", sa.Text, primary_key=True),
        sa.Column("account", sa.Text, nullable=False),
        sa.Column("p256dh", sa.Text, nullable=False),
        sa.Column("auth", sa.Text, nullable=False),
        sa.Column("created", sa.Double, nullable=False),
        sa.Column("label", sa.Text, nullable=False, server_default=""),
    )
    op.create_index("push_subscriptions_by_account", "push_subscriptions", ["account"])
    op.create_table(
        "push_off",
        sa.Column("account", sa.Text, primary_key=True),
        sa.Column("kind", sa.Text, primary_key=True),
    )
