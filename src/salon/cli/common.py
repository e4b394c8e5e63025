"""Pieces the commands share: choosing the game and the bots, checking the options, the result table."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from salon.bots.base import BotSpec, bot_names
from salon.cli.support import GameSupport
from salon.core.errors import ConfigError
from salon.core.game import Game, Result, game_class
from salon.i18n import DEFAULT, game_key, has, languages, system_language, text

HUMAN = "human"
DEFAULT_BOT = "heuristic"
"""The bot that takes the seats no one names in ``salon play``."""
SIMULATE_BOT = "random"
"""The bot of every seat in ``salon simulate`` unless ``--bots`` names others."""


def game_config(players: int, expansions: str | None, solo: bool = False,
                edition: str | None = None) -> dict[str, Any]:
    """The config of a new game from the command options.  ``--expansions`` and
    ``--edition`` go to the game as given (spaces around the names dropped), so the game
    itself refuses an unknown name, or a combination its rules exclude, with its own
    ConfigError; ``--solo`` and ``--edition`` reach the game only when given, so a game
    without these options is not asked about them."""
    config: dict[str, Any] = {"players": players}
    if expansions is not None:
        config["expansions"] = ",".join(name.strip() for name in expansions.split(","))
    if solo:
        config["solo"] = True
    if edition is not None:
        config["edition"] = edition.strip()
    return config


def solo_players(players: int | None, solo: bool) -> int | None:
    """The player count of the command options: a solo game has exactly one player (the
    game's own opponent takes the other seat), so ``--solo`` with another ``--players`` is
    refused before anything else is asked."""
    if not solo:
        return players
    if players not in (None, 1):
        raise ConfigError(f"--solo is a one-player game; --players {players} does not match (leave it out)",
                          "error.solo_players", {"n": players})
    return 1


def config_solo(game: Game) -> bool:
    return bool(getattr(game.config, "solo", False))


def config_edition(game: Game) -> str | None:
    """The edition a game plays, when it is not the game's default one (None otherwise)."""
    edition = getattr(game.config, "edition", None)
    field = getattr(type(game.config), "model_fields", {}).get("edition")
    if edition is None or (field is not None and field.default == edition):
        return None
    return str(edition)


def config_lines(game: Game, labels: list[str], automatic: dict[int, str], lang: str = DEFAULT) -> list[str]:
    """What sets a game apart from a plain one, one line each: its expansions, its solo
    opponent, its edition (shown by play and replay)."""
    lines = []
    if config_expansions(game):
        lines.append(text("ui.expansions", lang, names=expansions_text(config_expansions(game), lang)))
    if config_solo(game):
        lines.append(text("ui.solo", lang, opponent=", ".join(labels[s] for s in automatic)))
    edition = config_edition(game)
    if edition is not None:
        lines.append(text("ui.edition", lang, edition=text(f"edition.{edition}", lang)))
    return lines


def seat_names(seats: int, players: list[str], automatic: dict[int, str]) -> list[str]:
    """The name of every seat: the automatic seats' own names, and the player names (bots or
    human) for the other seats in order."""
    given = iter(players)
    return [automatic[s] if s in automatic else next(given) for s in range(seats)]


def config_expansions(game: Game) -> list[str]:
    """The expansions a game plays with (none for a game without the option)."""
    return list(getattr(game.config, "expansions", ()))


def expansions_text(names: list[str], lang: str = DEFAULT) -> str:
    return ", ".join(text(f"expansion.{name}", lang) for name in names)


def check_game(name: str) -> type[Game]:
    """The game class of ``name``; ConfigError lists the known games otherwise."""
    return game_class(name)


def game_title(name: str, lang: str = DEFAULT) -> str:
    """A game's name as its players know it ("The Queen's Necklace"), from the game's own texts."""
    key = game_key(name, "game.title", lang)
    return text(key, lang) if key != "game.title" else name


def check_options(cls: type[Game], solo: bool, edition: str | None, expansions: str | None = None,
                  lang: str = DEFAULT) -> None:
    """Refuse ``--solo``, ``--edition`` and ``--expansions`` for a game whose config has no
    such option, naming the option as given on the command line and the game by its title
    (rather than the config's own message, which lists the config's field names)."""
    fields = getattr(type(cls.parse_config({})), "model_fields", {})
    title = game_title(cls.name, lang)
    if solo and "solo" not in fields:
        raise ConfigError(text("error.no_solo", lang, game=title))
    if edition is not None and "edition" not in fields:
        raise ConfigError(text("error.no_edition", lang, game=title))
    if expansions is not None and "expansions" not in fields:
        raise ConfigError(text("error.no_expansions", lang, game=title))


def checked_config(game: str, players: int | None, solo: bool, edition: str | None, expansions: str | None,
                   lang: str) -> tuple[type[Game], dict[str, Any]]:
    """The game class and the new games' config of a command's options (two players unless
    told), each option refused as its own check words it."""
    cls = check_game(game)
    check_options(cls, solo, edition, expansions, lang)
    return cls, game_config(solo_players(players, solo) or 2, expansions, solo, edition)


def check_players(cls: type[Game], players: int, solo: bool, lang: str = DEFAULT) -> None:
    """Refuse a player count the game is never played with, in the players' words ("The
    Queen's Necklace is played by 2 to 4 players") rather than the config's field message;
    a count the game's other options exclude is left to the game's own message."""
    counts = cls.describe().players
    if not solo and players not in counts and players > 1:
        key = "error.players" if len(counts) > 1 else "error.players_one_count"
        raise ConfigError(text(key, lang, game=game_title(cls.name, lang), low=counts[0], high=counts[-1],
                               n=players))


LangOpt = Annotated[str | None, typer.Option(
    help=f"Language of the terminal's texts: {', '.join(languages())}; by default the locale's (LC_ALL, LC_MESSAGES, "
         "LANG), else English (the browser client has its own choice).")]


def check_lang(lang: str | None) -> str:
    """The language the terminal speaks: the one asked for, else the locale's (English when
    the locale names a language without catalogs)."""
    if lang is None:
        return system_language()
    if lang not in languages():
        known = ", ".join(languages())
        raise ConfigError(f"unknown language {lang!r}; available: {known}", "error.unknown_language",
                          {"name": lang, "known": known})
    return lang


def _seat_texts(spec: str | None, players: int | None, default: list[str], solo: bool) -> tuple[int, list[str]]:
    """The text naming every seat from a ``--bots`` list and ``--players``: (players, texts).

    A single name applies to every seat; without a list ``default`` is used (its first
    entry for seat 0, its last for the others).  In a ``solo`` game the one player is the
    only seat to name.
    """
    if spec is None:
        n = 2 if players is None else players
        return n, [default[min(i, len(default) - 1)] for i in range(n)]
    names = [s.strip() for s in spec.split(",")]
    if any(not s for s in names):
        raise ConfigError(f"--bots {spec!r}: give one bot name per seat, separated by commas", "error.bots_empty",
                          {"spec": spec})
    n = len(names) if players is None else players
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        if solo:
            raise ConfigError(f"a solo game is one player against the game's own opponent, so --bots takes "
                              f"one entry, not {len(names)}", "error.bots_solo", {"n": len(names)})
        raise ConfigError(f"--bots names {len(names)} seats but the game has {n} players", "error.bots_count",
                          {"n": len(names), "players": n})
    return n, names


def seat_bots(spec: str | None, players: int | None, default: list[str],
              solo: bool = False) -> tuple[int, list[BotSpec]]:
    """The bot of every seat (``salon simulate``), each spec read here once: (players, bots),
    from a ``--bots`` list as :func:`_seat_texts` reads it."""
    n, names = _seat_texts(spec, players, default, solo)
    return n, [BotSpec.parse(name) for name in names]


def seat_players(spec: str | None, players: int | None, default: list[str],
                 solo: bool = False) -> tuple[int, list[BotSpec | None]]:
    """Who plays every seat (``salon play``), a person (None) or a bot: (players, players'
    bots), from a ``--bots`` list as :func:`_seat_texts` reads it."""
    n, names = _seat_texts(spec, players, default, solo)
    return n, [player(name) for name in names]


def player(name: str) -> BotSpec | None:
    """Who ``name`` seats: a person (None) for ``human``, else the bot of its spec, read here
    once; an unknown name is refused with every name a seat may take."""
    if name == HUMAN:
        return None
    try:
        return BotSpec.parse(name)
    except ConfigError as e:
        if e.key != "error.unknown_bot":
            raise
        allowed = ", ".join([*bot_names(), HUMAN])
        raise ConfigError(f"unknown bot {name!r}; available: {allowed}", "error.unknown_bot",
                          {"name": name, "known": allowed}) from None


def player_name(bot: BotSpec | None) -> str:
    """What a record and the labels call a seat's player: ``human``, or its bot's spec."""
    return HUMAN if bot is None else str(bot)


def bot_word(bot: str, lang: str = DEFAULT) -> str:
    """A bot's name in the player's words ("leicht" for ``easy``), from the terminal's catalog
    (``bot.<name>``); a name with parameters (``search:think=3``) or one the catalog does not
    know, as it was given."""
    key = "bot." + bot.replace("-", "_")
    return text(key, lang) if has(key, lang) else bot


def seat_label(seat: int, bot: str | None, lang: str = DEFAULT) -> str:
    name = text("player.name", lang, n=seat + 1)
    return text("player.with_bot", lang, name=name, bot=bot_word(bot, lang)) if bot else name


def seat_labels(names: list[str], automatic: dict[int, str], lang: str = DEFAULT) -> list[str]:
    """The label of every seat: "Player 2 (random)", "Player 1" for a human or an unknown
    player (a replay), the game's own name for an automatic seat ("Madame du Barry")."""
    return [text(f"player.{automatic[s]}", lang) if s in automatic
            else seat_label(s, None if name == HUMAN else name, lang) for s, name in enumerate(names)]


def breakdown_table(game: Game, support: GameSupport, labels: list[str], lang: str = DEFAULT) -> Table:
    """The result of a finished game: points per scoring step (rows, in the order of the
    game's support) and player (columns), the total and the money left.  With the game's
    ``tie_rule`` (a text key) the money left breaks no tie and the rule is told below; a game
    whose result holds no money left (``money_left`` False) has no such row.  The step names
    are the game's own texts where it has them (``<game>.step.<step>``), filled with the
    game's text fields (an edition's own words)."""
    result = game.result()
    tie_rule = support.tie_rule(game)
    fields = support.text_fields(game, lang)
    order = list(support.score_steps(game))
    for b in result.breakdown:
        order += [k for k in b if k not in order]
    table = Table(title=text("ui.breakdown", lang), box=box.SIMPLE_HEAD, title_justify="left",
                  caption=text(tie_rule, lang) if tie_rule else None, caption_justify="left")
    table.add_column("", no_wrap=True)
    for label in labels:  # a label is plain text
        table.add_column(Text(label), justify="right")
    for step in order:
        name = text(game_key(game.name, f"step.{step}", lang), lang, **fields)
        table.add_row(name, *(str(b.get(step, 0)) for b in result.breakdown))
    table.add_section()
    table.add_row(f"[bold]{text('step.total', lang)}[/]", *(f"[bold]{s}[/]" for s in result.scores))
    if support.money_left:
        money = text("step.money_left_plain" if tie_rule else "step.money_left", lang)
        table.add_row(money, *(str(m) for m in result.tie_break))
    return table


def winners_line(result: Result, labels: list[str], lang: str = DEFAULT) -> str:
    names = ", ".join(labels[w] for w in result.winners)
    return text("ui.winner" if len(result.winners) == 1 else "ui.winners", lang, players=names)


def wins_text(wins: float) -> str:
    """A seat's wins: a whole number, or with two decimals when shared first places split a win."""
    return str(round(wins)) if abs(wins - round(wins)) < 1e-9 else f"{wins:.2f}"


def make_console() -> Console:
    """The console a command prints its report to (Rich markup, no guessed highlighting)."""
    return Console(highlight=False)
