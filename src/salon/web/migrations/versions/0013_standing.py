"""A standing among players: each account's public handle, whether its profile is hidden from
strangers and whether it is suspended; each finished game's results per account seat; ratings
per account and kind with every change a game made (before and after, so that a rating's
history is exact and can be rebuilt from the games); the tables' chats; blocks, muted chats,
reports for the server's operator, and the players an account follows.

Revision ID: 0013
"""

import unicodedata

import regex
import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"


def upgrade() -> None:
    _accounts()
    _results()
    _chat()
    _people()


def _accounts() -> None:
    op.add_column("accounts", sa.Column("handle", sa.Text))
    op.add_column("accounts", sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("accounts", sa.Column("suspended", sa.Boolean, nullable=False, server_default=sa.false()))
    accounts = sa.table("accounts", sa.column("id", sa.Text), sa.column("name", sa.Text),
                        sa.column("created", sa.Double), sa.column("handle", sa.Text))
    conn = op.get_bind()
    taken: set[str] = set()
    for account, name in conn.execute(sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.created)).all():
        base = _handle_of(name)
        handle = base if base not in taken else next(f"{base}-{n}" for n in range(2, len(taken) + 3)
                                                     if f"{base}-{n}" not in taken)
        taken.add(handle)
        conn.execute(accounts.update().where(accounts.c.id == account).values(handle=handle))
    op.create_index("accounts_by_handle", "accounts", ["handle"], unique=True)


def _handle_of(name: str) -> str:
    """The handle a name suggested when this revision was written (salon.web.accounts.store's
    rule then, copied: a migration keeps what it did): the name case-folded in Unicode's
    compatibility form, each run of what is neither a letter, a digit, ``_`` nor ``-`` one
    ``-``; the oldest account of a name keeps it, the next get ``-2``, ``-3``..."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return regex.sub(r"[^\p{L}\p{N}_-]+", "-", folded).strip("-")[:40] or "player"


def _results() -> None:
    op.create_table(
        "results",
        sa.Column("game_id", sa.Text, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account", sa.Text, nullable=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("outcome", sa.Text, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("ended", sa.Double, nullable=False),
    )
    op.create_index("results_by_account", "results", ["account", "ended"])
    op.create_index("results_counted", "results", ["account", "game", "outcome", "place"])
    op.create_table(
        "ratings",
        sa.Column("account", sa.Text, primary_key=True),
        sa.Column("kind", sa.Text, primary_key=True),
        sa.Column("mu", sa.Double, nullable=False),
        sa.Column("sigma", sa.Double, nullable=False),
        sa.Column("shown", sa.Double, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Double, nullable=False),
    )
    op.create_index("ratings_board", "ratings", ["kind", "shown"])
    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.Text, primary_key=True),
        sa.Column("account", sa.Text, primary_key=True),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Double, nullable=False),
        sa.Column("sigma_before", sa.Double, nullable=False),
        sa.Column("mu_after", sa.Double, nullable=False),
        sa.Column("sigma_after", sa.Double, nullable=False),
    )
    op.create_index("rating_changes_by_account", "rating_changes", ["account", "kind", "at"])
    op.create_index("rating_changes_by_at", "rating_changes", ["at"])


def _chat() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.Text, nullable=False),
        sa.Column("channel", sa.Text, nullable=False),
        sa.Column("account", sa.Text),
        sa.Column("seat", sa.Integer),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
    )
    op.create_index("chat_by_game", "chat", ["game_id", "channel", "id"])
    op.create_table(
        "chat_muted",
        sa.Column("account", sa.Text, primary_key=True),
        sa.Column("game_id", sa.Text, primary_key=True),
    )


def _people() -> None:
    op.create_table(
        "blocks",
        sa.Column("account", sa.Text, primary_key=True),
        sa.Column("blocked", sa.Text, primary_key=True),
        sa.Column("at", sa.Double, nullable=False),
    )
    op.create_index("blocks_by_blocked", "blocks", ["blocked"])
    op.create_table(
        "follows",
        sa.Column("account", sa.Text, primary_key=True),
        sa.Column("followed", sa.Text, primary_key=True),
        sa.Column("at", sa.Double, nullable=False),
    )
    op.create_index("follows_by_followed", "follows", ["followed"])
    op.create_table(
        "reports",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("reporter", sa.Text, nullable=False),
        sa.Column("account", sa.Text),
        sa.Column("game_id", sa.Text),
        sa.Column("message", sa.Integer),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("context", sa.Text, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.Column("state", sa.Text, nullable=False, server_default="open"),
        sa.Column("note", sa.Text, nullable=False, server_default=""),
        sa.Column("handled", sa.Double),
    )
    op.create_index("reports_by_state", "reports", ["state", "at"])
