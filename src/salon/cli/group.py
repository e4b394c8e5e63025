"""What the ``salon`` command group gives every command: one line for every mistake, the extra a
missing module comes with, a report's words in its language, and the version.

Every mistake a user can make (a bad option, an unknown game or bot, an unreadable save
file) ends with one line ``error: ...`` on stderr and a non-zero exit status, never with a
traceback or a usage box: the command group runs click in non-standalone mode and turns
every exception into that line (see :class:`SalonGroup`).  A module that only an extra of
salon installs, found missing, becomes the line that names the extra.
"""

from __future__ import annotations

import importlib.metadata
import sys
from collections.abc import Callable, Iterable, Iterator, MutableMapping, Sequence
from typing import Annotated, Any

import typer
from typer._click import Command
from typer._click.exceptions import NoArgsIsHelpError
from typer.core import TyperGroup
from typer.exceptions import TyperException

from salon.compiled import ENGINE
from salon.core.errors import SalonError
from salon.i18n import has, languages, system_language, text


def fail(message: str, code: int = 1) -> None:
    """Print one error line on stderr and exit."""
    line = " ".join(str(message).split())
    sys.stderr.write(f"error: {line}\n")
    sys.stderr.flush()
    sys.exit(code)


EXTRAS = {
    "fastapi": "server", "starlette": "server", "uvicorn": "server", "websockets": "server", "sqlalchemy": "server",
    "alembic": "server", "psycopg": "server", "limits": "server", "pebble": "server", "regex": "server",
    "pwdlib": "server", "aiosmtplib": "server", "pywebpush": "server", "webauthn": "server",
    "textual": "tui",
    "numpy": "rl", "gymnasium": "rl", "pettingzoo": "rl", "pyspiel": "rl", "open_spiel": "rl", "ray": "rl",
}
"""The modules that only an extra of salon installs (pyproject.toml), by the extra: salon itself
needs none of them, so a command that does names the extra to install."""

INSTEAD = {"tui": "; or play line by line with --plain"}
"""What a command can do without an extra, where it can."""


def needs_extra(e: BaseException) -> str | None:
    """What to install for a module found missing, when an extra of salon brings it."""
    if not isinstance(e, ModuleNotFoundError):
        return None
    module = (e.name or "").partition(".")[0]
    if (extra := EXTRAS.get(module)) is None:
        return None
    return f"this needs {module}, which comes with salon's {extra} extra: pip install 'salon[{extra}]'" + \
        INSTEAD.get(extra, "")


def speaker(lang: str) -> Callable[..., str]:
    """The texts of a report command in ``lang`` (its ``--lang``, else the locale's)."""
    return lambda key, **fields: text(key, lang, **fields)


def worded(e: SalonError, args: Sequence[str] | None) -> str:
    """A user's mistake (a refused config or option, a bad save file...) in the language of
    the command's ``--lang`` (else the locale's) where the catalogs word its key, else the
    English message."""
    given = list(sys.argv[1:] if args is None else args)
    lang = next((given[i + 1] for i, a in enumerate(given[:-1]) if a == "--lang"), None)
    lang = next((a.partition("=")[2] for a in given if a.startswith("--lang=")), lang)
    lang = lang if lang in languages() else system_language()
    return text(e.key, lang, **e.fields) if e.key and has(e.key, lang) else str(e)


class LazyCommands(MutableMapping[str, Command]):
    """A group's commands by name, each made by ``load`` the first time it is asked for:
    the names (for ``--help``'s order and a typo's suggestions) cost nothing."""

    def __init__(self, names: Iterable[str], load: Callable[[str], Command]) -> None:
        self._names = list(names)
        self._load = load
        self._made: dict[str, Command] = {}

    def __getitem__(self, name: str) -> Command:
        if name not in self._made:
            if name not in self._names:
                raise KeyError(name)
            self._made[name] = self._load(name)
        return self._made[name]

    def __setitem__(self, name: str, command: Command) -> None:
        if name not in self._names:
            self._names.append(name)
        self._made[name] = command

    def __delitem__(self, name: str) -> None:
        self._names.remove(name)
        self._made.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


class SalonGroup(TyperGroup):
    """The command group that never shows a traceback or a usage box for a user's mistake."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        try:
            rv = super().main(args=args, prog_name=prog_name or "salon", complete_var=complete_var,
                              standalone_mode=False, windows_expand_args=windows_expand_args, **extra)
        except NoArgsIsHelpError as e:
            # the rich help formatter has already printed the help; the plain one returns it
            if e.format_message().strip():
                sys.stdout.write(e.format_message() + "\n")
            sys.exit(0)
        except TyperException as e:
            fail(e.format_message(), e.exit_code or 2)
        except typer.Abort:
            fail("aborted")
        except SalonError as e:
            fail(worded(e, args))
        except KeyboardInterrupt:
            fail(text("ui.interrupted"), 130)
        except Exception as e:  # a missing extra, or a defect, still reported as one line
            fail(needs_extra(e) or f"unexpected {type(e).__name__}: {e}")
        sys.exit(rv if isinstance(rv, int) else 0)


def describe_engine(lang: str) -> str:
    """Which engine runs, the compiled one or the pure twin, and why (salon.compiled)."""
    return text(f"engine.{ENGINE.why}", lang, module=ENGINE.module)


def _show_version(shown: bool) -> None:
    if shown:
        lang = system_language()
        print(text("ui.version", lang, version=importlib.metadata.version("salon"), engine=describe_engine(lang)))
        raise typer.Exit()


VersionOpt = Annotated[bool, typer.Option(
    "--version", callback=_show_version, is_eager=True,
    help="Print the version and which engine runs (compiled, or pure Python and why), then exit.")]
