"""Each game is one plug-in, found through the package entry points of the group
``salon.games``.

A plug-in names, as import references, everything one game brings: its engine (a
:class:`~salon.core.game.Game` subclass), its bots' evaluation, its observation's vector
layout, its terminal view, its web adapter, the folder of its browser renderer and the
folder of its translations.
Shared code finds a game only here, so that no shared module names a game and a game
packaged on its own installs beside the bundled ones with one line in its ``pyproject.toml``::

    [project.entry-points."salon.games"]
    backgammon = "my_package.plugin:PLUGIN"

References are strings (``"module:attribute"``, or ``"package:folder"`` for files) and are
imported only when used: the terminal never imports the web adapter, a bot never imports a
view.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module, resources
from importlib.metadata import entry_points
from importlib.resources.abc import Traversable
from typing import Any

from salon.core.errors import ConfigError

GROUP = "salon.games"
"""The entry-point group every game plug-in registers under, with its game's name."""


@dataclass(frozen=True)
class Plugin:
    """One game's parts.  Only ``engine`` is required: a game without a view still
    simulates, benchmarks and replays; one without an evaluation has only the random bot."""

    name: str
    engine: str
    """``"module:Class"`` of the :class:`~salon.core.game.Game` subclass."""
    evaluation: str | None = None
    """``"module:attribute"`` of the game's :class:`~salon.core.evaluation.Evaluation`, which the
    bots search with (salon.bots)."""
    terminal: str | None = None
    """``"module:attribute"`` of the terminal client's ``GameSupport`` (``salon.cli.support``)."""
    web: str | None = None
    """``"module:attribute"`` of the web server's ``Adapter`` (``salon.web.adapters``)."""
    wording: str | None = None
    """``"module:Class"`` of the game's wording (``salon.wording.Wording``, built from a game),
    which tells its events in both front ends' journals; without one they show raw events."""
    static: str | None = None
    """``"package:folder"`` holding the browser's ``renderer.js`` (and its styles and texts),
    served under ``/static/games/<name>/``."""
    term_fields: tuple[str, ...] = ()
    """The engine terms the game's templates name as fields (``{thread}``) rather than as
    words, because its editions call them differently (salon.i18n.fields)."""
    translations: str | None = None
    """``"package:folder"`` holding the game's own catalogs, ``<lang>/<domain>.po`` (salon.i18n),
    for a game packaged on its own; the bundled games' catalogs are salon.i18n's."""
    encoding: str | None = None
    """``"module:function"`` giving the game's observation vector layout for a config (a
    :class:`~salon.core.vectors.Encoding`), for the learning environments (salon.rl)."""


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
def plugins() -> dict[str, Plugin]:
    """Every installed game's plug-in by name.  A broken entry is refused with its name, so
    that a faulty third-party package says which one it is."""
    found: dict[str, Plugin] = {}
    for entry in entry_points(group=GROUP):
        try:
            plugin = entry.load()
        except (ImportError, AttributeError) as e:
            raise ConfigError(f"the game plug-in {entry.name!r} ({entry.value}) cannot be loaded: {e}") from None
        if not isinstance(plugin, Plugin) or plugin.name != entry.name:
            raise ConfigError(f"the entry point {entry.name!r} ({entry.value}) is not the plug-in of a game "
                              f"named {entry.name!r}")
        found[entry.name] = plugin
    return found


def plugin(name: str) -> Plugin | None:
    """The plug-in of the game ``name``, or None for a game registered in code only."""
    return plugins().get(name)
