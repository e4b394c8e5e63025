"""``salon replay``: a recorded game stepped through, or verified by replaying it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from salon.cli.common import (
    HUMAN,
    LangOpt,
    breakdown_table,
    check_lang,
    config_lines,
    make_console,
    seat_labels,
    seat_names,
    winners_line,
)
from salon.cli.options import JsonOpt
from salon.cli.support import GameSupport, support
from salon.core import record
from salon.core.game import Game
from salon.i18n import text


def record_labels(saved: record.Saved, lang: str) -> list[str]:
    """The seats of a record labelled as its seat list names them ("Player 2 (heuristic)"); a
    record without one (a version 1 record, an older server's) has "Player 2"."""
    g = saved.game
    automatic = g.description.automated_seats
    names = list(saved.seats) if saved.seats is not None else seat_names(
        g.num_players, [HUMAN] * g.num_players, automatic)
    return seat_labels(names, automatic, lang)


def replay(
    file: Annotated[Path, typer.Argument(
        help="A game record: written by 'salon play --save', or a finished game's record from a salon server.")],
    verify: Annotated[bool, typer.Option(
        "--verify", help="Only verify the record, then print its final scoring (or where it stands).")] = False,
    plain: Annotated[bool, typer.Option(
        "--plain", help="Print as --verify does, without the full-screen viewer (also when the output is no "
                        "terminal).")] = False,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> int:
    """Step through a recorded game move by move, turn by turn and round by round, every seat's
    cards shown (at a terminal); with --verify, --plain, --json or no terminal, verify the record
    by replaying it and print its final scoring (or where it stands)."""
    lang = check_lang(lang)
    saved = record.load_saved(file)
    g = saved.game
    sup = support(g.name)
    labels = record_labels(saved, lang)
    if not (verify or plain or as_json) and sup.view is not None and make_console().is_terminal:
        from salon.cli import replay_view  # the full-screen viewer needs the tui extra

        replay_view.view(g, labels, sup, lang)
        return 0
    if as_json:
        over = g.is_over()
        print(json.dumps({
            "file": str(file),
            "game": g.name,
            "seed": g.seed,
            "config": g.config_json(),
            "actions": len(g.history),
            "state_hash": g.state_hash(),
            "over": over,
            "result": g.result().to_json() if over else None,
            "current_player": g.current_player(),
            "decision": None if over else g.decision(),
        }))
        return 0
    _print(file, g, sup, labels, lang)
    return 0


def _print(file: Path, g: Game, sup: GameSupport, labels: list[str], lang: str) -> None:
    """The verified record in words: its options, then its final scoring, or where it stands."""
    console = make_console()
    console.print(text("replay.verified", lang, path=file, game=g.name, seed=g.seed, actions=len(g.history)),
                  markup=False)
    for line in config_lines(g, labels, g.description.automated_seats, lang):
        console.print(line, markup=False)
    if g.is_over():
        console.print(breakdown_table(g, sup, labels, lang))
        console.print(Text(winners_line(g.result(), labels, lang), style="bold"))
        return
    seat = g.current_player()
    console.print(text("ui.unfinished", lang, actions=len(g.history), player=labels[seat or 0],
                       kind=g.decision().get("kind", "")), markup=False)
    if sup.view is not None:
        console.print(sup.view(g, lang, labels).standing())
