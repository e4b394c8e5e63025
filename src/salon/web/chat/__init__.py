"""A word at the table: each table's chat in two channels (its players', its spectators'), the
chats an account muted, the accounts it blocked and the reports it made to the server's
operator.  ``service`` holds the rules (who reads and writes what, cleaning, rates, delivery
to every process), ``store`` the statements, ``blocks`` the blocks, which the tables ask too
(:func:`~salon.web.chat.blocks.between`: whether one of two accounts blocked the other)."""

from salon.web.chat.blocks import between
from salon.web.chat.service import Chat

__all__ = ["Chat", "between"]
