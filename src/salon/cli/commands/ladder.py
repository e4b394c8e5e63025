"""``salon ladder``: a pool of bots rated on one scale with fixed anchors (salon.cli.ladder)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from salon import parallel
from salon.cli.common import (
    LangOpt,
    check_game,
    check_lang,
    check_options,
    check_players,
    make_console,
    solo_players,
)
from salon.cli.ladder import DEFAULT_POOL, Ladder, pool_of, report, run
from salon.cli.options import BRIEF_GAME_HELP, AddressOpt, BackendOpt, BriefEditionOpt, BriefExpansionsOpt, WorkersOpt
from salon.cli.progress import progress
from salon.cli.tournament import Played
from salon.core.errors import ConfigError
from salon.core.game import game_class
from salon.i18n import text


def ladder(
    game: Annotated[str, typer.Argument(help=BRIEF_GAME_HELP)],
    pool: Annotated[str | None, typer.Option(
        "--pool", help="The bots on the ladder: bot specs, comma-separated (default: " + ",".join(DEFAULT_POOL) +
                       ", less those whose extra is not installed or that cannot play the config).")] = None,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", help="Seats at each game (default 2); with more, a pair's two bots sit "
                                "alternately.")] = None,
    games: Annotated[int, typer.Option(
        "--games", "-n", min=1, help="Games of each pair (in the solo mode, of each bot); each seed is played "
                                     "twice, the seats swapped.")] = 20,
    seed: Annotated[int, typer.Option(help="The first seed: every pair plays the same seeds.")] = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", help="Write the report here as JSON (default: ladder-GAME.json); a run cut short "
                            "writes the games it finished.")] = None,
    solo: Annotated[bool, typer.Option(
        "--solo", help="Each bot plays the game's own opponent (Madame du Barry), who stands on the "
                       "ladder too.")] = False,
    expansions: BriefExpansionsOpt = None,
    edition: BriefEditionOpt = None,
    lang: LangOpt = None,
) -> int:
    """Rate a pool of bots on one ladder: every pair on paired seeds, or each against the game's own opponent."""
    lang = check_lang(lang)
    cls = check_game(game)
    check_options(cls, solo, edition, expansions, lang)
    n = solo_players(players, solo) or 2
    check_players(cls, n, solo, lang)
    parallel.check_workers(workers)
    parallel.check_backend(backend, address)
    probe = game_class(game).new(Ladder(game, (), n, solo, expansions, edition).tournament().config(), seed)
    members = pool_of(pool, probe)  # a bad option or a bot unfit for the config fails before any game
    if len(members) < (1 if solo else 2):
        raise ConfigError("--pool: a ladder needs two bots at least (one, with --solo)")
    spec = Ladder(game, members, n, solo, expansions, edition)
    path = out if out is not None else Path(f"ladder-{game}.json")
    if not path.parent.is_dir():  # refused now rather than after hours of games
        raise ConfigError(f"--out {path}: there is no folder {path.parent}")
    console = make_console()
    data = _play(console, spec, games, seed, workers, backend, address, path, lang)
    _write(path, data)
    console.print(_table(spec, data, games, seed, lang))
    console.print(text("ladder.written", lang, path=path))
    return 0


def _play(console: Console, spec: Ladder, games: int, seed: int, workers: int | None, backend: str,
          address: str | None, path: Path, lang: str) -> dict[str, Any]:
    """The ladder's report, with its progress (salon.cli.progress); a run cut short (Ctrl+C)
    writes the games it finished to ``path`` before it ends."""
    total = spec.total(games)
    finished: list[Played] = []
    with progress(console, text("ladder.progress", lang), total) as advance:

        def done(p: Played) -> None:
            finished.append(p)
            advance()

        try:
            return run(spec, games, seed, workers, backend, address, done)
        except KeyboardInterrupt:
            _write(path, report(spec, games, seed, finished))
            console.print(text("ladder.cut_short", lang, done=len(finished), total=total, path=path))
            raise


def _table(spec: Ladder, data: dict[str, Any], games: int, seed: int, lang: str) -> Table:
    """The ladder's rows in words, the game's own opponent named as the game names it."""
    automated = game_class(spec.game).describe(spec.tournament().config()).automated_seats
    opponent = ", ".join(text(f"player.{a}", lang) for a in sorted(set(automated.values())))
    title = (text("ladder.title_solo", lang, game=spec.game, bots=len(spec.pool), games=games, opponent=opponent,
                  seed=seed) if spec.solo else
             text("ladder.title", lang, game=spec.game, bots=len(spec.pool), games=games, players=spec.players,
                  seed=seed))
    table = Table(title=title, title_justify="left")
    table.add_column(text("simulate.col_bot", lang), overflow="fold")
    for key in ("rating", "uncertainty", "ordinal", "games", "wins", "interval", "margin"):
        table.add_column(text(f"ladder.col_{key}", lang), justify="right")
    for r in data["rows"]:
        low, high = r["win_share_95"]
        table.add_row(opponent if r["bot"] == data["opponent"] else r["bot"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}",
                      f"{r['ordinal']:.2f}", str(r["games"]),
                      _percent(r["win_share"]), f"{100 * low:.1f}–{100 * high:.1f}%",
                      "—" if r["mean_margin"] is None else f"{r['mean_margin']:+.1f}")
    return table


def _percent(share: float | None) -> str:
    return "—" if share is None else f"{100 * share:.1f}%"


def _write(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
