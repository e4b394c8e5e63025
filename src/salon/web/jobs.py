"""What the server's worker processes run (salon.web.compute): a bot's moves, a hint, a replay.

Each job takes everything it needs as arguments (a copy of the game, the bot with its
generator) and returns everything that changed, so that a worker keeps nothing between jobs
and may be stopped at any moment.  Importing this module imports the engines and the bots,
once, in the fork server that every worker is forked from.
"""

from __future__ import annotations

from salon.bots import levels  # noqa: F401  (registers the players' levels)
from salon.bots.base import Bot
from salon.bots.search import hint
from salon.core.game import Game, game_class, game_names
from salon.web.adapters import adapter
from salon.web.replay import replay_record, replay_step

__all__ = ["bot_moves", "hint", "replay_record", "replay_step"]


def bot_moves(game: Game, bot: Bot, seat: int) -> tuple[list[str], Bot]:
    """The bot's next action and, while its actions are secret ones of its own, the ones after
    them up to its next public action (so that nobody can count them by their timing); with
    the bot as it is afterwards (its generator moved on)."""
    private = adapter(game.name).private_action
    moves = []
    while True:
        action = bot.choose(game.clone())
        moves.append(action)
        game.apply(action)
        if not private(action) or game.current_player() != seat:
            return moves, bot


for _name in game_names():  # every engine in the fork server, not once per worker
    game_class(_name)
    adapter(_name)
