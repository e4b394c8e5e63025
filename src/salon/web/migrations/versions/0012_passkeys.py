"""Passkeys (WebAuthn) as a second way to sign in: each account's credentials (the id the
authenticator gave, its public key, its signature count) and the challenges of ceremonies
under way (single-use, expiring).

Revision ID: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    op.create_table(
        "passkeys",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("account", sa.Text, nullable=False),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("transports", sa.Text, nullable=False, server_default="[]"),
        sa.Column("label", sa.Text, nullable=False, server_default=""),
        sa.Column("created", sa.Double, nullable=False),
        sa.Column("used", sa.Double),
    )
    op.create_index("passkeys_by_account", "passkeys", ["account"])
    op.create_table(
        "passkey_challenges",
        sa.Column("hash", sa.Text, primary_key=True),
        sa.Column("account", sa.Text),
        sa.Column("purpose", sa.Text, nullable=False),
        sa.Column("challenge", sa.Text, nullable=False),
        sa.Column("expires", sa.Double, nullable=False),
    )
    op.create_index("passkey_challenges_by_expires", "passkey_challenges", ["expires"])
