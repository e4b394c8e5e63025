"""The configs the learning environments are fuzzed over, derived from each game's description.

Every base config of a game is there: for Rococo every player count with every set of
expansions, the solo mode with every set, and the 2013 edition at every player count; for
the Necklace every player count, several times.  Each base config takes every other option
of the game at a value drawn (seeded) from the option's values, set only where it is not
the default and the game accepts it (a solo option outside the solo mode is refused, so it
keeps its default).  The values are read from the description's options (an enum's values, a
boolean's two), so an option a game gains joins the fuzz by itself, and one whose values
this module cannot read raises here rather than being left out.
"""

from __future__ import annotations

import itertools
import random
from functools import cache
from typing import Any

from salon.core.errors import ConfigError
from salon.core.game import game_class
from salon.rococo.models import EXPANSIONS

NECKLACE_ROUNDS = 8
"""How many configs of each Necklace player count: its options are many, its base configs few."""
START_PLAYERS = (None, 0, 1)
"""The start players tried: chosen at random, the first seat, the second (Madame du Barry's
seat in the solo mode)."""


def _subsets(names: tuple[str, ...]) -> list[list[str]]:
    return [list(chosen) for k in range(len(names) + 1) for chosen in itertools.combinations(names, k)]


def base_configs(name: str) -> list[dict[str, Any]]:
    """The configs every other option is added to: what changes the game's components."""
    counts = game_class(name).describe().players
    if name == "rococo":
        return ([{"players": n, "expansions": x} for n in counts for x in _subsets(EXPANSIONS)]
                + [{"players": 1, "solo": True, "expansions": x} for x in _subsets(EXPANSIONS)]
                + [{"players": n, "edition": "2013"} for n in counts])
    if name == "necklace":
        return [{"players": n} for _ in range(NECKLACE_ROUNDS) for n in counts]
    raise AssertionError(f"no base configs of {name}: teach tests/rl/configs.py the game")


def option_values(name: str) -> dict[str, list[Any]]:
    """Every option of the game but those of the base configs, with the values it may take."""
    found: dict[str, list[Any]] = {}
    fixed = {key for config in base_configs(name) for key in config}
    for option, schema in sorted(game_class(name).describe().options.items()):
        if option in fixed:
            continue
        if option == "start_player":
            found[option] = list(START_PLAYERS)
        elif "enum" in schema:
            found[option] = list(schema["enum"])
        elif schema.get("type") == "boolean":
            found[option] = [False, True]
        else:
            raise AssertionError(f"{name}: the fuzz cannot read the values of option {option!r}: {schema}")
    return found


def _accepted(name: str, config: dict[str, Any]) -> bool:
    try:
        game_class(name).parse_config(config)
    except ConfigError:
        return False
    return True


@cache
def _fuzz_configs(name: str) -> tuple[tuple[tuple[str, Any], ...], ...]:
    configs = []
    values = option_values(name)
    options = game_class(name).describe().options
    for k, base in enumerate(base_configs(name)):
        assert _accepted(name, base), base
        draw = random.Random(f"{name}/{k}")
        config = dict(base)
        for option, choices in values.items():
            value = draw.choice(choices)
            if value != options[option].get("default") and _accepted(name, {**config, option: value}):
                config[option] = value
        configs.append(tuple(config.items()))
    return tuple(configs)


def fuzz_configs(name: str) -> list[dict[str, Any]]:
    """Every base config of ``name`` with its other options drawn (the same every run)."""
    return [dict(config) for config in _fuzz_configs(name)]


def config_id(config: dict[str, Any]) -> str:
    return ",".join(f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in config.items())
