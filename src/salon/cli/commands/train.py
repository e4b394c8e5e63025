"""``salon train``: the learned bot's value and policy models fitted from self-play shards
(salon.learn.train, with scikit-learn: the train extra).

The learned bot (salon.bots.learned) reads the models ``salon train --ship`` writes into the
package; docs/bots.md ("Learned models") gives the commands that made the shipped ones.
"""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.table import Table

from salon.cli.common import LangOpt, check_lang, make_console
from salon.core.errors import ConfigError
from salon.core.plugins import folder
from salon.i18n import text

if TYPE_CHECKING:
    from salon.learn.train import Data


def train(
    data: Annotated[list[Path], typer.Argument(help="Folders (or files) of self-play shards of one game and config.")],
    out: Annotated[Path | None, typer.Option(help="The weights file to write.")] = None,
    ship: Annotated[bool, typer.Option("--ship", help="Write the weights into salon's own models, where the "
                                                      "learned bot finds them.")] = False,
    generation: Annotated[int, typer.Option(min=1, help="The generation of the models (the card says it).")] = 1,
    hidden: Annotated[int, typer.Option(min=1, help="Units of the policy's hidden layer.")] = 64,
    epochs: Annotated[int, typer.Option(min=1, help="The most passes over the data of the perceptrons' fits.")] = 40,
    seed: Annotated[int, typer.Option(help="The fit's random seed.")] = 0,
    per_game: Annotated[int | None, typer.Option(min=1, help="The most positions kept of each game, evenly "
                                                 "spread over it (all by default): a game's positions share its "
                                                 "result, and tens of thousands of games fit in memory with a "
                                                 "few dozen each.")] = None,
    note: Annotated[str, typer.Option(help="How the data was made (for the model card): the selfplay command.")]
    = "",
    table_into: Annotated[Path | None, typer.Option(help="Fit only the action table policy, and write it into "
                                                    "this weights file of the same game and config, keeping "
                                                    "its other models.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the held-out report as one JSON object.")] = False,
    lang: LangOpt = None,
) -> int:
    """Fit the learned bot's value and policy models (and the action table policy of fast
    play-outs) from self-play shards; report on held-out games how often each policy's first
    choice is the bot's, and the hand and corrected evaluations' errors (RMS), overall and by
    phase of the game (thirds of its progress) with the hand evaluation's bias, the spread of
    the final margin around it, the log loss and Brier score of the win chance it gives and of
    the learned one, and where the correction and the win model are used (where each beats
    the hand's)."""
    lang = check_lang(lang)
    if out is None and not ship and table_into is None:
        raise ConfigError(text("train.where", lang))
    if table_into is not None and not table_into.is_file():
        raise ConfigError(text("train.no_weights", lang, path=str(table_into)))
    from salon.learn import train as fitting
    from salon.learn import weights
    console = make_console()
    with console.status(text("train.loading", lang), spinner="dots") if console.is_terminal else nullcontext():
        loaded = fitting.load(data, per_game)
    command = " ".join(["salon train", *map(str, data), *([f"--per-game {per_game}"] if per_game is not None else [])])
    if table_into is not None:
        return _table_only(loaded, table_into, f"{command} --table-into {table_into.name}", as_json, lang)
    with console.status(text("train.fitting", lang, positions=len(loaded.chosen), games=loaded.games),
                        spinner="dots") if console.is_terminal else nullcontext():
        fitted = fitting.fit(loaded, hidden, epochs, seed=seed)
    name = f"{loaded.meta['game']}-{_tag(json.loads(loaded.meta['config']))}-g{generation}.npz"
    targets = [p for p in (out, Path(str(folder("salon.bots:models"))) / name if ship else None) if p is not None]
    card = {"data": note or [str(p) for p in data],
            "command": f"{command} --generation {generation} --hidden {hidden} --epochs {epochs} --seed {seed}"}
    for target in targets:
        weights.write(target, loaded, fitted, generation, card)
    report = fitted["report"]
    if as_json:
        print(json.dumps({**report, "value_model": fitted["value_model"], "value_phases": fitted["value_phases"],
                          "win_phases": fitted["win_phases"], "written": [str(t) for t in targets]}))
        return 0
    table = Table(title=text("train.title", lang, game=loaded.meta["game"], games=report["games"],
                             positions=report["held_out_positions"]), title_justify="left")
    table.add_column(text("train.col_measure", lang))
    table.add_column(text("train.col_value", lang), justify="right")
    table.add_row(text("train.value_model", lang), fitted["value_model"])
    table.add_row(text("train.hand_rmse", lang), f"{report['hand_rmse']:.2f}")
    table.add_row(text("train.corrected_rmse", lang), f"{report['corrected_rmse']:.2f}")
    table.add_row(text("train.policy_top1", lang), f"{100 * report['policy_top1']:.1f}%")
    table.add_row(text("train.table_top1", lang), f"{100 * report['table_top1']:.1f}%")
    table.add_row(text("train.uniform_top1", lang), f"{100 * report['uniform_top1']:.1f}%")
    console.print(table)
    console.print(_phase_table(report["phases"], fitted["value_phases"], fitted["win_phases"], lang))
    for target in targets:
        console.print(text("train.written", lang, path=str(target)))
    return 0


def _table_only(loaded: Data, path: Path, command: str, as_json: bool, lang: str) -> int:
    """``--table-into``: the action table fitted and written into an existing weights file."""
    from salon.learn import train as fitting
    from salon.learn import weights
    tabled = fitting.fit_table(loaded)
    weights.add_table(path, loaded, tabled, command)
    if as_json:
        print(json.dumps({"table_top1": tabled["top1"], "penalty": tabled["penalty"], "games": tabled["games"],
                          "written": [str(path)]}))
        return 0
    console = make_console()
    console.print(f"{text('train.table_top1', lang)}: {100 * tabled['top1']:.1f}%")
    console.print(text("train.written", lang, path=str(path)))
    return 0


PHASE_COLUMNS = (("phase", 0), ("positions", 0), ("hand_rmse", 2), ("corrected_rmse", 2), ("hand_bias", 2),
                 ("spread", 2), ("log_loss", 3), ("brier", 3), ("win_log_loss", 3), ("win_brier", 3), ("used", 0),
                 ("win_used", 0))
"""The phase table's columns: the report's key (``used``, ``win_used``: whether the phase is
one of the card's ``value_phases``, ``win_phases``) and the decimals shown."""


def _phase_table(phases: list[dict[str, Any]], used: list[str], win_used: list[str], lang: str) -> Table:
    """The held-out report by phase of the game, a phase a row."""
    table = Table(title=text("train.phase_title", lang), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True)
    for key, _ in PHASE_COLUMNS:
        table.add_column(text(f"train.phase_col_{key}", lang), justify="left" if key == "phase" else "right")
    for row in phases:
        phase = row["phase"]
        shown = {"phase": text(f"train.phase_{phase}", lang), "positions": str(row["positions"]),
                 "used": text("train.phase_yes" if phase in used else "train.phase_no", lang),
                 "win_used": text("train.phase_yes" if phase in win_used else "train.phase_no", lang)}
        table.add_row(*[shown[key] if key in shown else "—" if row[key] is None else f"{row[key]:.{digits}f}"
                        for key, digits in PHASE_COLUMNS])
    return table


def _tag(config: dict[str, Any]) -> str:
    """A short readable name of a config for a weights file: players, solo, expansions."""
    parts = ["solo" if config.get("solo") else f"{config.get('players')}p"]
    parts += list(config.get("expansions") or [])
    if config.get("edition") not in (None, "deluxe"):
        parts.append(str(config["edition"]))
    return "-".join(parts)
