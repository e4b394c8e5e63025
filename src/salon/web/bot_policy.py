"""Which bots a server plays: what a table's creator may ask of the server's processors.

A bot spec is free text (``search:think=3``), and a bot's parameters set what it costs: a
search told to think for an hour holds a worker for an hour.  So a server takes the players'
levels and the random bot, whose costs are known, and nothing else; a server for this
computer only (its operator is its only user) also takes specs with parameters, each within
a bound: the think time within the server's ``--max-bot-think``, every other parameter
within :data:`BOUNDS`.  The same check runs when a stored game is restored, so a bot that
the server would not create does not come back with a restart either.
"""

from __future__ import annotations

from salon.bots.base import LEVELS, BotSpec
from salon.core.errors import ConfigError

SERVER_BOTS = (*LEVELS, "random")
"""The bots every server plays: the lobby offers these."""

BOUNDS: dict[str, tuple[float, float]] = {
    "iterations": (1, 50),  # sampled worlds a decision: about 5 s of a Rococo mid-game
    "keep": (1, 8),
    "width": (1, 5),
    "deep_width": (0, 3),
    "budget": (1, 10_000),
    "samples": (0, 6),
    "temperature": (0.01, 1000.0),
    "widen": (0, 4),
    "generation": (0, 99),
    "trust": (0.0, 1.0),
    "simulations": (1, 400),  # IS-MCTS: about 4 s a decision at 400 (its cost)
    "halving": (0, 1),
    "turns": (1, 2),  # play-outs twice as long at most: 50 worlds of them stay within about 10 s
    "win": (0, 1),
    "confidence": (0.0, 10.0),
    "rivals": (0.0, 1000.0),
    "fast": (0, 99),
    "table": (0, 99),
}
"""The range of each bot parameter but the think time, whose most the server sets."""


def check_server_bot(spec: BotSpec, custom: bool, max_think: float) -> None:
    """Refuse (ConfigError) a bot this server does not play (its spec read already, so it names
    a bot with parameters it has): one with parameters at all unless ``custom``; a parameter
    beyond its bound, ``think`` beyond ``max_think``."""
    if spec.name in SERVER_BOTS and not spec.params:
        return
    text = spec.text
    offered = ", ".join(SERVER_BOTS)
    if not custom:
        raise ConfigError(f"bot {text!r}: this server plays {offered}; bots with parameters only on a server "
                          "for this computer")
    for key, value in spec.params:
        low, high = (0.01, max_think) if key == "think" else BOUNDS.get(key, (0, -1))
        if high < low:
            raise ConfigError(f"bot {text!r}: {key} is not a parameter this server takes")
        if not low <= value <= high:
            raise ConfigError(f"bot {text!r}: {key} must be between {low:g} and {high:g} on this server")
