"""Pieces the commands share: choosing the game and the bots, the result table, safe saving."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rich import box
from rich.table import Table

from salon.bots.base import bot_names
from salon.core.errors import ConfigError, RecordError
from salon.core.game import Game, Result, game_class
from salon.core.record import save
from salon.i18n import DEFAULT, languages, text

HUMAN = "human"
PREFERRED_BOT = "heuristic"
FALLBACK_BOT = "random"


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game of ``game_seed``: every run with the same
    seed replays the same bot choices."""
    return game_seed * 8 + seat


def player_counts(cls: type[Game]) -> list[int]:
    """The player counts a game's config accepts (asked through the protocol)."""
    counts = []
    for n in range(1, 9):
        try:
            cls.parse_config({"players": n})
        except ConfigError:
            continue
        counts.append(n)
    return counts


def game_config(players: int, expansions: str | None) -> dict[str, Any]:
    """The config of a new game from the command options.  ``--expansions`` goes to the game
    as given (spaces around the names dropped), so the game itself refuses an unknown name
    with its own ConfigError."""
    config: dict[str, Any] = {"players": players}
    if expansions is not None:
        config["expansions"] = ",".join(name.strip() for name in expansions.split(","))
    return config


def config_expansions(game: Game) -> list[str]:
    """The expansions a game plays with (none for a game without the option)."""
    return list(getattr(game.config, "expansions", ()))


def expansions_text(names: list[str], lang: str = DEFAULT) -> str:
    return ", ".join(text(f"expansion.{name}", lang) for name in names)


def check_game(name: str) -> type[Game]:
    """The game class of ``name``; ConfigError lists the known games otherwise."""
    return game_class(name)


def check_lang(lang: str) -> str:
    if lang not in languages():
        raise ConfigError(f"unknown language {lang!r}; available: {', '.join(languages())}")
    return lang


def seat_bots(spec: str | None, players: int | None, default: list[str] | None,
              allow_human: bool) -> tuple[int, list[str], list[int]]:
    """The bot name of every seat from a ``--bots`` list and ``--players``.

    A single name applies to every seat; without a list ``default`` is used (its first
    entry for seat 0, its last for the others).  The heuristic bot falls back to the random
    bot while it is not registered; the seats that fell back are returned so the caller can
    say so.  Returns (players, names, fallen_back_seats).
    """
    if spec is None:
        n = 2 if players is None else players
        base = default or [FALLBACK_BOT]
        names = [base[min(i, len(base) - 1)] for i in range(n)]
    else:
        names = [s.strip() for s in spec.split(",")]
        if any(not s for s in names):
            raise ConfigError(f"--bots {spec!r}: give one bot name per seat, separated by commas")
        n = len(names) if players is None else players
        if len(names) == 1:
            names = names * n
        if len(names) != n:
            raise ConfigError(f"--bots names {len(names)} seats but --players is {n}")
    known = bot_names()
    allowed = [*known, HUMAN] if allow_human else known
    fell_back = []
    for seat, name in enumerate(names):
        if name == PREFERRED_BOT and name not in known:
            names[seat] = FALLBACK_BOT
            fell_back.append(seat)
        elif name not in allowed:
            raise ConfigError(f"unknown bot {name!r}; available: {', '.join(allowed)}")
    return n, names, fell_back


def seat_label(seat: int, bot: str | None, lang: str = DEFAULT) -> str:
    name = text("player.name", lang, n=seat + 1)
    return text("player.with_bot", lang, name=name, bot=bot) if bot else name


def breakdown_table(result: Result, labels: list[str], steps: tuple[str, ...], lang: str = DEFAULT) -> Table:
    """Points per scoring step (rows) and player (columns), the total and the money left."""
    order = list(steps)
    for b in result.breakdown:
        order += [k for k in b if k not in order]
    table = Table(title=text("ui.breakdown", lang), box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("", no_wrap=True)
    for label in labels:
        table.add_column(label, justify="right")
    for step in order:
        table.add_row(text(f"step.{step}", lang), *(str(b.get(step, 0)) for b in result.breakdown))
    table.add_section()
    table.add_row(f"[bold]{text('step.total', lang)}[/]", *(f"[bold]{s}[/]" for s in result.scores))
    table.add_row(text("step.money_left", lang), *(str(m) for m in result.tie_break))
    return table


def winners_line(result: Result, labels: list[str], lang: str = DEFAULT) -> str:
    names = ", ".join(labels[w] for w in result.winners)
    return text("ui.winner" if len(result.winners) == 1 else "ui.winners", lang, players=names)


def save_record(game: Game, path: Path) -> None:
    """Write the record through a temporary file, so an interrupted write never leaves a
    half-written save behind."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        save(game, tmp)
        os.replace(tmp, path)
    except OSError as e:
        raise RecordError(f"cannot write {path}: {e.strerror or e}") from None
