"""Each game is one plug-in, found through the package entry points of the group
``salon.games``; the layers above the games find what they bring for a game through groups
of their own.

A plug-in names, as import references, what belongs to the game itself: its engine (a
:class:`~salon.core.game.Game` subclass), its bots' evaluation, its observation's vector
layout, the folder of its translations and the terms its editions name differently.
Shared code finds a game only here, so that no shared module names a game and a game
packaged on its own installs beside the bundled ones with one line in its ``pyproject.toml``::

    [project.entry-points."salon.games"]
    backgammon = "my_package.plugin:PLUGIN"

A game names nothing above the core (docs/architecture.md principle 12).  What a front end
shows of a game (a terminal view, a web adapter, a browser renderer, the wording of the
journals) and a bot that lives in a layer above the bots register in that layer's own group,
under the game's or the bot's name (:func:`registered`), so that the layer that uses a part
is the one that names it.

References are strings (``"module:attribute"``, or ``"package:folder"`` for files) and are
imported only when used: the terminal never imports the web adapter, a bot never imports a
view.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module, resources
from importlib.metadata import EntryPoint, entry_points
from importlib.resources.abc import Traversable
from typing import Any

from salon.core.errors import ConfigError

GROUP = "salon.games"
"""The entry-point group every game plug-in registers under, with its game's name."""


@dataclass(frozen=True)
class Plugin:
    """One game's own parts.  Only ``engine`` is required: a game without an evaluation has
    only the random bot, one without an encoding no learning environment."""

    name: str
    engine: str
    """``"module:Class"`` of the :class:`~salon.core.game.Game` subclass."""
    evaluation: str | None = None
    """``"module:attribute"`` of the game's :class:`~salon.core.evaluation.Evaluation`, which the
    bots search with (salon.bots)."""
    term_fields: tuple[str, ...] = ()
    """The engine terms the game's templates name as fields (``{thread}``) rather than as
    words, because its editions call them differently (salon.i18n.fields)."""
    translations: str | None = None
    """``"package:folder"`` holding the game's own catalogs, ``<lang>/<domain>.po`` (salon.i18n),
    for a game packaged on its own; the bundled games' catalogs are salon.i18n's."""
    encoding: str | None = None
    """``"module:function"`` giving the game's observation vector layout for a config (a
    :class:`~salon.core.vectors.Encoding`), for the learning environments (salon.rl)."""
    tutorials: str | None = None
    """``"package:folder"`` holding the game's tutorials, one TOML file each (salon.core.tutorial)."""


def load(reference: str) -> Any:
    """The object a ``"module:attribute"`` reference names (the module for ``"module"``)."""
    module, _, attribute = reference.partition(":")
    found: Any = import_module(module)
    for part in filter(None, attribute.split(".")):
        found = getattr(found, part)
    return found


def folder(reference: str) -> Traversable:
    """The files a ``"package:folder"`` reference names."""
    package, _, path = reference.partition(":")
    return resources.files(package).joinpath(path) if path else resources.files(package)


@cache
def registry(group: str) -> dict[str, EntryPoint]:
    """The entry points of ``group`` by name, read once (a test may add or remove one)."""
    return {entry.name: entry for entry in entry_points(group=group)}


def registered(group: str, name: str) -> Any:
    """What the entry point ``name`` of ``group`` names, imported now; None where no installed
    distribution declares one.  A broken entry is refused with its group and name, so that a
    faulty third-party package says which one it is."""
    entry = registry(group).get(name)
    if entry is None:
        return None
    try:
        return entry.load()
    except (ImportError, AttributeError) as e:
        raise ConfigError(f"the entry point {name!r} of {group!r} ({entry.value}) cannot be loaded: {e}") from None


@cache
def plugins() -> dict[str, Plugin]:
    """Every installed game's plug-in by name.  A broken entry is refused with its name."""
    found: dict[str, Plugin] = {}
    for name, entry in registry(GROUP).items():
        plugin = registered(GROUP, name)
        if not isinstance(plugin, Plugin) or plugin.name != name:
            raise ConfigError(f"the entry point {name!r} ({entry.value}) is not the plug-in of a game named {name!r}")
        found[name] = plugin
    return found


def plugin(name: str) -> Plugin | None:
    """The plug-in of the game ``name``, or None for a game registered in code only."""
    return plugins().get(name)
