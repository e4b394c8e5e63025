"""The store's tables as the newest migration leaves them (the migrations build them, these
describe them: tests/web/test_storage.py checks that the two agree), and what the statements
share: which games are in play, PostgreSQL's sessions and advisory locks."""

from __future__ import annotations

import hashlib

import sqlalchemy as sa

UNFINISHED, FINISHED, ENDED = 0, 1, 2
"""The values of ``games.over``: in play, played to its end, ended early by its players."""

METADATA = sa.MetaData()
GAMES = sa.Table(
    "games", METADATA,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("game", sa.Text, nullable=False),
    sa.Column("title", sa.Text, nullable=False),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("seed", sa.Text, nullable=False),  # decimal digits: seeds go up to 2**256
    sa.Column("created", sa.Double, nullable=False),
    sa.Column("over", sa.Integer, nullable=False),
    sa.Column("creator", sa.Text),
    sa.Column("options", sa.Text, nullable=False, server_default="{}"),
    sa.Column("broken", sa.Text),
    sa.Column("undos", sa.Integer, nullable=False, server_default="0"),
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("writes", sa.Integer, nullable=False, server_default="0"),
    sa.Column("network", sa.Text),  # an opaque hash of the network it was created from
    sa.Column("attended", sa.Double),  # when a seated person was last known connected (seconds since the epoch)
    sa.Column("pace_days", sa.Integer),  # a correspondence table's days a move; none for a live one
    sa.Column("turn_seat", sa.Integer),  # the seat deciding now (none once the game is over)
    sa.Column("turn_since", sa.Double),  # since when it decides (seconds since the epoch)
    sa.Column("reminded", sa.Integer),  # the count of writes when its decider was last reminded
    sa.Index("games_by_over", "over", "created"),
    sa.Index("games_by_turn", "turn_seat", "over"),
    sa.Index("games_by_pace", "pace_days", "over", "turn_since"),  # the clocks nearly out, the live tables in play
    sa.Index("games_listed", "listed", "over", "created"),  # the lobby's pages: only listed tables are read
    sa.Index("games_broken", "created", sqlite_where=sa.text("broken IS NOT NULL"),
             postgresql_where=sa.text("broken IS NOT NULL")),  # the few quarantined, which the lobby lists
)
SEATS = sa.Table(
    "seats", METADATA,
    sa.Column("game_id", sa.Text, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("bot", sa.Text),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("token_hash", sa.Text),
    sa.Column("undos", sa.Integer, nullable=False, server_default="0"),
    sa.Column("hints", sa.Integer, nullable=False, server_default="0"),
    sa.Column("account", sa.Text),  # the account that holds the seat besides its token (salon.web.accounts)
    sa.Column("invited", sa.Text),  # the normalised address the seat is kept for, until it is taken
    sa.Column("seen", sa.Double),  # when its player last opened the table (seconds since the epoch)
    sa.Index("seats_by_account", "account"),
    sa.Index("seats_by_invited", "invited"),
)
ACTIONS = sa.Table(
    "actions", METADATA,
    sa.Column("game_id", sa.Text, primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("action", sa.Text, nullable=False),
)
RATE_HITS = sa.Table(
    "rate_hits", METADATA,
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("key", sa.Text, nullable=False),
    sa.Column("until", sa.Double, nullable=False),  # when the hit leaves its window (seconds since the epoch)
    sa.Index("rate_hits_by_key", "kind", "key", "until"),
    sa.Index("rate_hits_by_until", "until"),
)
CONNECTIONS = sa.Table(
    "connections", METADATA,
    sa.Column("ticket", sa.Text, primary_key=True),
    sa.Column("holder", sa.Text, nullable=False),  # the database session of the process serving it
    sa.Column("client", sa.Text, nullable=False),
    sa.Column("game_id", sa.Text),  # the table it watches or plays at
    sa.Column("seat", sa.Integer),  # the seat it plays; none for a spectator
    sa.Index("connections_by_client", "client"),
    sa.Index("connections_by_game", "game_id"),
)

IN_PLAY = sa.and_(GAMES.c.over == UNFINISHED, GAMES.c.broken.is_(None))
"""The games in play: unfinished and not quarantined."""
_DECIDING = SEATS.alias("deciding")
BOT_TURN = sa.select(_DECIDING.c.seat).where(
    _DECIDING.c.game_id == GAMES.c.id, _DECIDING.c.seat == GAMES.c.turn_seat, _DECIDING.c.kind == "bot").exists()
"""A game whose deciding seat is a bot's."""
TO_HOLD = sa.and_(IN_PLAY, sa.or_(GAMES.c.pace_days.is_(None), BOT_TURN))
"""The games in play a process holds in memory whoever uses them: the live ones (their turn
timers run in memory), and those that last days where a bot is to move.  Every other table
is loaded when someone needs it."""
GAME_COLUMNS = (GAMES.c.id, GAMES.c.game, GAMES.c.title, GAMES.c.config, GAMES.c.seed, GAMES.c.created,
                GAMES.c.over, GAMES.c.creator, GAMES.c.options, GAMES.c.undos, GAMES.c.listed, GAMES.c.writes,
                GAMES.c.turn_since)
"""What a :class:`GameRecord` is made of (``broken`` leads to a :class:`BrokenRecord` instead)."""



def lock_key(name: str) -> int:
    """The advisory lock of a name (a game's id, say): 64 bits of its hash, as PostgreSQL's signed bigint."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big", signed=True)


_ACTIVITY = sa.table("pg_stat_activity", sa.column("pid"), sa.column("backend_start"))
SESSIONS = sa.select(sa.cast(_ACTIVITY.c.pid, sa.Text) + "@"
                     + sa.cast(sa.func.extract("epoch", _ACTIVITY.c.backend_start), sa.Text))
"""The names of PostgreSQL's open sessions: each one's server process and when it started (a
process id alone may be given again to a later session)."""
OWN_SESSION = SESSIONS.where(_ACTIVITY.c.pid == sa.func.pg_backend_pid())
"""The name of the asking session."""

ACCOUNTS = sa.Table(
    "accounts", METADATA,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("email", sa.Text, nullable=False),  # normalised (salon.web.accounts.account.normalise_address)
    sa.Column("verified", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("password_hash", sa.Text, nullable=False),  # Argon2id (salon.web.accounts.passwords)
    sa.Column("lang", sa.Text, nullable=False, server_default="en"),  # the language of its letters
    sa.Column("created", sa.Double, nullable=False),
    sa.Column("known", sa.Text, nullable=False, server_default="[]"),  # the address keys that signed in (JSON)
    sa.Column("holiday_left", sa.Double),  # days of holiday left in holiday_year; none: the whole allowance
    sa.Column("holiday_year", sa.Integer),
    sa.Column("holiday_since", sa.Double),  # since when the holiday under way runs (seconds since the epoch)
    sa.Column("digest", sa.Boolean, nullable=False, server_default=sa.false()),  # turns told once a day
    sa.Column("handle", sa.Text),  # its public, unique and lasting key: profiles' addresses, invitations
    sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()),  # its profile shown to no stranger
    sa.Column("suspended", sa.Boolean, nullable=False, server_default=sa.false()),  # by the operator: no sign-in
    sa.Column("preferences", sa.Text),  # what the server answers for it at its tables (JSON); none: the defaults
    sa.Index("accounts_by_email", "email", unique=True),
    sa.Index("accounts_by_handle", "handle", unique=True),
)
ACCOUNT_SESSIONS = sa.Table(
    "account_sessions", METADATA,
    sa.Column("hash", sa.Text, primary_key=True),  # of the session's cookie, never the cookie itself
    sa.Column("account", sa.Text, nullable=False),
    sa.Column("created", sa.Double, nullable=False),
    sa.Column("seen", sa.Double, nullable=False),  # its last request, within a few minutes (seconds since the epoch)
    sa.Column("label", sa.Text, nullable=False, server_default=""),  # the browser and system its user agent names
    sa.Index("account_sessions_by_account", "account"),
    sa.Index("account_sessions_by_seen", "seen"),
)
ACCOUNT_TOKENS = sa.Table(
    "account_tokens", METADATA,
    sa.Column("hash", sa.Text, primary_key=True),  # of the link's token, never the token itself
    sa.Column("account", sa.Text, nullable=False),
    sa.Column("purpose", sa.Text, nullable=False),  # "verify" (an address) or "reset" (the password)
    sa.Column("address", sa.Text),  # the address the link was sent to
    sa.Column("expires", sa.Double, nullable=False),
    sa.Column("used", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Index("account_tokens_by_account", "account"),
)

WAITING, SENT, FAILED, DROPPED = "waiting", "sent", "failed", "dropped"
"""The values of ``outbox.state``: to be sent (claimed or not), sent, given up after its
tries, dropped unsent (no longer wanted, turned off, expired)."""
OUTBOX = sa.Table(
    "outbox", METADATA,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("address", sa.Text, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("lang", sa.Text, nullable=False),
    sa.Column("fields", sa.Text, nullable=False),  # JSON: what the letter's text needs
    sa.Column("account", sa.Text),
    sa.Column("game_id", sa.Text),
    sa.Column("dedupe", sa.Text),
    sa.Column("created", sa.Double, nullable=False),  # posted (seconds since the epoch)
    sa.Column("due", sa.Double, nullable=False),  # not to be tried before
    sa.Column("tries", sa.Integer, nullable=False, server_default="0"),
    sa.Column("state", sa.Text, nullable=False, server_default=WAITING),
    sa.Column("claim", sa.Text),  # the sending round that holds it
    sa.Column("lease", sa.Double),  # until when that round holds it
    sa.Column("finished", sa.Double),  # sent, failed or dropped
    sa.Column("reason", sa.Text),  # why it failed or was dropped, or why its last try failed
    sa.Index("outbox_due", "state", "due"),
    sa.Index("outbox_finished", "finished"),
    sa.Index("outbox_dedupe", "dedupe", unique=True, sqlite_where=sa.text("state = 'waiting'"),
             postgresql_where=sa.text("state = 'waiting'")),
)
MAIL_OFF = sa.Table(
    "mail_off", METADATA,
    sa.Column("account", sa.Text, primary_key=True),
    sa.Column("kind", sa.Text, primary_key=True),
)
MAIL_TOKENS = sa.Table(
    "mail_tokens", METADATA,
    sa.Column("token", sa.Text, primary_key=True),
    sa.Column("account", sa.Text, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Index("mail_tokens_by_account", "account", "kind", unique=True),
)
"""The mail outbox (salon.web.mail): letters posted in the transaction of the change that
causes them, the kinds of letters each account has turned off, and the single-purpose tokens
of the one-click unsubscribe links."""

PUSH_KEYS = sa.Table(
    "push_keys", METADATA,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("private_key", sa.Text, nullable=False),  # the VAPID key pair's, as the server made it once
    sa.Column("public_key", sa.Text, nullable=False),
    sa.Column("created", sa.Double, nullable=False),
)
PUSH_SUBSCRIPTIONS = sa.Table(
    "push_subscriptions", METADATA,
    sa.Column("endpoint", sa.Text, primary_key=True),
    sa.Column("account", sa.Text, nullable=False),
    sa.Column("p256dh", sa.Text, nullable=False),
    sa.Column("auth", sa.Text, nullable=False),
    sa.Column("created", sa.Double, nullable=False),
    sa.Column("label", sa.Text, nullable=False, server_default=""),
    sa.Index("push_subscriptions_by_account", "account"),
)
PUSH_OFF = sa.Table(
    "push_off", METADATA,
    sa.Column("account", sa.Text, primary_key=True),
    sa.Column("kind", sa.Text, primary_key=True),
)
"""Web Push (salon.web.push): the server's VAPID keys, the accounts' subscriptions, and the
kinds of notices each account has turned off on push."""

PASSKEYS = sa.Table(
    "passkeys", METADATA,
    sa.Column("id", sa.Text, primary_key=True),  # the credential's id (base64url)
    sa.Column("account", sa.Text, nullable=False),
    sa.Column("public_key", sa.Text, nullable=False),  # COSE, base64url
    sa.Column("sign_count", sa.BigInteger, nullable=False, server_default="0"),  # an authenticator's, 32 bits
    sa.Column("transports", sa.Text, nullable=False, server_default="[]"),  # JSON
    sa.Column("label", sa.Text, nullable=False, server_default=""),
    sa.Column("created", sa.Double, nullable=False),
    sa.Column("used", sa.Double),
    sa.Index("passkeys_by_account", "account"),
)
PASSKEY_CHALLENGES = sa.Table(
    "passkey_challenges", METADATA,
    sa.Column("hash", sa.Text, primary_key=True),  # of the ceremony's token, never the token itself
    sa.Column("account", sa.Text),  # registering: the account; signing in: none
    sa.Column("purpose", sa.Text, nullable=False),  # "register" or "sign_in"
    sa.Column("challenge", sa.Text, nullable=False),  # base64url
    sa.Column("expires", sa.Double, nullable=False),
    sa.Index("passkey_challenges_by_expires", "expires"),
)
"""Passkeys (salon.web.accounts.passkeys): the accounts' WebAuthn credentials and the
challenges of ceremonies under way."""

RESULTS = sa.Table(
    "results", METADATA,
    sa.Column("game_id", sa.Text, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account", sa.Text, nullable=False),
    sa.Column("game", sa.Text, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),  # the rating kind (salon.web.standing.kinds)
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),  # 1: the best; a quitter of a rated game: last
    sa.Column("outcome", sa.Text, nullable=False),  # finished, conceded, timed_out, left, ended
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("ended", sa.Double, nullable=False),  # when the game ended (seconds since the epoch)
    sa.Index("results_by_account", "account", "ended"),  # a profile's latest games
    sa.Index("results_counted", "account", "game", "outcome", "place"),  # its counts, from the index alone
)
"""Each game's outcome for every seat an account played, written when the game ends: the
profiles' counts, recent games, head-to-head records and reliability read it."""
RATINGS = sa.Table(
    "ratings", METADATA,
    sa.Column("account", sa.Text, primary_key=True),
    sa.Column("kind", sa.Text, primary_key=True),
    sa.Column("mu", sa.Double, nullable=False),
    sa.Column("sigma", sa.Double, nullable=False),
    sa.Column("shown", sa.Double, nullable=False),  # the conservative figure on Elo's scale (salon.web.standing)
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated", sa.Double, nullable=False),
    sa.Index("ratings_board", "kind", "shown"),
)
RATING_CHANGES = sa.Table(
    "rating_changes", METADATA,
    sa.Column("game_id", sa.Text, primary_key=True),
    sa.Column("account", sa.Text, primary_key=True),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("at", sa.Double, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),
    sa.Column("mu_before", sa.Double, nullable=False),
    sa.Column("sigma_before", sa.Double, nullable=False),
    sa.Column("mu_after", sa.Double, nullable=False),
    sa.Column("sigma_after", sa.Double, nullable=False),
    sa.Index("rating_changes_by_account", "account", "kind", "at"),
    sa.Index("rating_changes_by_at", "at"),
)
"""Ratings (salon.web.standing): each account's per kind, and every change a rated game made,
before and after, from which the ratings can be rebuilt."""

CHAT = sa.Table(
    "chat", METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.Text, nullable=False),
    sa.Column("channel", sa.Text, nullable=False),  # "players" or "spectators"
    sa.Column("account", sa.Text),
    sa.Column("seat", sa.Integer),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("at", sa.Double, nullable=False),
    sa.Index("chat_by_game", "game_id", "channel", "id"),
)
CHAT_MUTED = sa.Table(
    "chat_muted", METADATA,
    sa.Column("account", sa.Text, primary_key=True),
    sa.Column("game_id", sa.Text, primary_key=True),
)
BLOCKS = sa.Table(
    "blocks", METADATA,
    sa.Column("account", sa.Text, primary_key=True),
    sa.Column("blocked", sa.Text, primary_key=True),
    sa.Column("at", sa.Double, nullable=False),
    sa.Index("blocks_by_blocked", "blocked"),
)
FOLLOWS = sa.Table(
    "follows", METADATA,
    sa.Column("account", sa.Text, primary_key=True),
    sa.Column("followed", sa.Text, primary_key=True),
    sa.Column("at", sa.Double, nullable=False),
    sa.Index("follows_by_followed", "followed"),
)
REPORTS = sa.Table(
    "reports", METADATA,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("reporter", sa.Text, nullable=False),
    sa.Column("account", sa.Text),  # the account reported
    sa.Column("game_id", sa.Text),
    sa.Column("message", sa.Integer),  # the chat message reported
    sa.Column("text", sa.Text, nullable=False),  # what the reporter wrote
    sa.Column("context", sa.Text, nullable=False),  # JSON: the message and those around it, as they were
    sa.Column("at", sa.Double, nullable=False),
    sa.Column("state", sa.Text, nullable=False, server_default="open"),  # open, handled
    sa.Column("note", sa.Text, nullable=False, server_default=""),  # the operator's
    sa.Column("handled", sa.Double),
    sa.Index("reports_by_state", "state", "at"),
)
"""The tables' chats (salon.web.chat), what each account keeps from itself (blocked accounts,
muted chats), the players it follows, and the reports for the server's operator (salon admin)."""
