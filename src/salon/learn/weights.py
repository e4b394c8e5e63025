"""The weights files ``salon train`` writes (salon.bots.model reads them): the models of a fit
with their card, or an action table added alone to a file that holds the other models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from salon.bots.model import FORMAT
from salon.core.errors import ConfigError, DataError
from salon.learn.train import Data


def write(path: Path, data: Data, fitted: dict[str, Any], generation: int, card: dict[str, Any]) -> None:
    """The weights file that playing reads (salon.bots.model.read)."""
    meta = {"format": FORMAT, "game": data.meta["game"], "config": data.meta["config"],
            "encoding": data.meta["encoding"], "actions": data.meta["actions"],
            "value_layers": len(fitted["value"]), "policy_layers": len(fitted["policy"]),
            "win_layers": len(fitted["win"]), "win_evaluation": fitted["win_evaluation"],
            "card": {"generation": generation, **card, "held_out": fitted["report"],
                     "value_model": fitted["value_model"], "value_phases": fitted["value_phases"],
                     "win_penalty": fitted["win_penalty"], "win_phases": fitted["win_phases"],
                     "policy_epochs": fitted["policy_epochs"],
                     "table": _table_card(fitted["table"], card.get("command", ""))}}
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta)), "columns": fitted["columns"],
                              "classes": fitted["classes"], "table": fitted["table"]["scores"]}
    for kind in ("value", "policy", "win"):
        for i, (w, b) in enumerate(fitted[kind]):
            arrays[f"{kind}_w{i}"], arrays[f"{kind}_b{i}"] = w, b
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)


def _table_card(tabled: dict[str, Any], command: str) -> dict[str, Any]:
    return {"command": command, "games": tabled["games"], "penalty": tabled["penalty"], "top1": tabled["top1"]}


def add_table(path: Path, data: Data, tabled: dict[str, Any], command: str) -> None:
    """Write the action table fitted on ``data`` (salon.learn.train.fit_table) into the weights
    file at ``path``, which must read the same game, config and layouts, keeping all else it
    holds; its card says how the table was made (``table``: the command, the games, the penalty, the
    held-out agreement).  So a table is added to a shipped file without fitting its other
    models again, which would change the models its measurements were made with."""
    try:
        with np.load(path, allow_pickle=False) as found:
            arrays = {k: found[k] for k in found.files}
        meta = json.loads(str(arrays["meta"]))
        if meta.get("format") != FORMAT:
            raise ValueError(f"format {meta.get('format')!r}, this salon reads format {FORMAT}")
    except (OSError, ValueError, KeyError) as e:
        raise DataError(f"{path}: not a salon weights file ({e})") from None
    if any(meta.get(k) != data.meta[k] for k in ("game", "config", "encoding", "actions")):
        raise ConfigError(f"{path}: fitted on another game, config or layout than these shards")
    meta["card"]["table"] = _table_card(tabled, command)
    arrays["meta"], arrays["table"] = np.array(json.dumps(meta)), tabled["scores"]
    np.savez_compressed(path, **arrays)
