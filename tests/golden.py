"""Golden games: recorded games that guard the engines against unintended change (perft-style).

Each golden game is a seeded random game of one game, config and edition, written with the
number of legal actions and a hash of the state after every action.  tests/test_golden.py
replays them: a rules change that alters any position shows as the first step that differs.
When a change is intended (a corrected rule), write them again and review the diff:

    .venv/bin/python -m tests.golden
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from salon.core.game import Game, game_class

FOLDER = Path(__file__).parent / "golden"
CASES: dict[str, tuple[str, dict[str, Any], int]] = {
    "rococo-2": ("rococo", {"players": 2}, 1),
    "rococo-3": ("rococo", {"players": 3}, 2),
    "rococo-4": ("rococo", {"players": 4}, 3),
    "rococo-5": ("rococo", {"players": 5}, 4),
    "rococo-all-expansions-3": ("rococo", {"players": 3, "expansions": ["all"]}, 5),
    "rococo-solo": ("rococo", {"players": 1, "solo": True}, 6),
    "rococo-solo-jewelry-box": ("rococo", {"players": 1, "solo": True, "expansions": ["jewelry_box"]}, 7),
    "rococo-2013-4": ("rococo", {"players": 4, "edition": "2013"}, 8),
    "necklace-2": ("necklace", {"players": 2}, 9),
    "necklace-3": ("necklace", {"players": 3}, 10),
    "necklace-4-earlier-readings": ("necklace", {"players": 4, "cardinal_when_due": True,
                                                 "third_merchant_in_last_six": True, "conceal_holders": False}, 11),
}
"""Name: (game, config, seed).  The random choices are seeded with the same seed."""
HASH = 16
"""Hex digits of the state hash kept per step (enough to tell any change)."""


def steps(game: Game) -> tuple[int, str]:
    return len(game.legal_actions()), game.state_hash()[:HASH]


def record(name: str, config: dict[str, Any], seed: int) -> dict[str, Any]:
    """A whole random game with its steps."""
    game = game_class(name).new(config, seed)
    rng = random.Random(seed)
    actions: list[str] = []
    trail = [steps(game)]
    while not game.is_over():
        action = rng.choice(game.legal_actions())
        game.apply(action)
        actions.append(action)
        trail.append(steps(game))
    return {"game": name, "config": config, "seed": seed, "actions": actions,
            "legal": [n for n, _ in trail], "hashes": [h for _, h in trail]}


def write() -> None:
    FOLDER.mkdir(exist_ok=True)
    for case, (name, config, seed) in CASES.items():
        (FOLDER / f"{case}.json").write_text(json.dumps(record(name, config, seed), separators=(",", ":")) + "\n",
                                             encoding="utf-8")


if __name__ == "__main__":
    write()
