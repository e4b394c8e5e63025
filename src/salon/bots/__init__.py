"""The bots, written once for every game against the protocol (docs/architecture.md, "Bots").
A bot is named by a spec, a name of the ``BOTS`` table with parameters of its factory, and
seeded, so that it plays the same moves again::

    >>> from salon.bots.base import make_bot
    >>> from salon.core.game import game_class
    >>> game = game_class("necklace").new({"players": 3}, seed=7)
    >>> bot = make_bot("easy", seed=3)
    >>> bot.choose(game), make_bot("search:iterations=1", seed=3).choose(game)
    ('done', 'done')
    >>> events = game.apply("done")
    >>> action = make_bot("normal", seed=3).choose(game)
    >>> action in game.legal_actions(), action == make_bot("normal", seed=3).choose(game)
    (True, True)
"""
