"""``salon admin``: the server's operator at its database, while the server runs (on
PostgreSQL) or stopped (a SQLite file is one process's): the reports players made, the
accounts they name (suspended, deleted) and ratings (reset, rebuilt and checked).

It needs the server extra, as ``salon serve`` does; like it, each command imports the web
stack as it runs, so that ``salon --help`` does not load it."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from salon.cli.commands.serve import DbOpt
from salon.cli.group import fail
from salon.core.errors import ConfigError

if TYPE_CHECKING:
    from salon.web.storage import Database

T = TypeVar("T")

admin = typer.Typer(name="admin", no_args_is_help=True, add_completion=False,
                    help="The operator's tools on the server's database: reports, accounts, ratings.")
HandleArg = Annotated[str, typer.Argument(help="The account's handle, as its profile's address shows it.")]


def _run(db_url: str | None, job: Callable[[Database], T]) -> T:
    """``job`` on the database in one transaction; one error line if it cannot be opened."""
    from salon.web.storage import Database

    try:
        db = Database(db_url, origin="admin")
    except ConfigError as e:
        fail(str(e))
        raise AssertionError from None  # fail exits
    try:
        with db.conn.begin():
            return job(db)
    finally:
        db.close()


def _account(db: Database, handle: str) -> Any:
    from salon.web.accounts import store

    row = store.by_handle(db, handle)
    if row is None:
        fail(f"no account has the handle {handle!r}")
    return row


def _handles(db: Database, ids: set[str | None]) -> dict[str | None, str]:
    import sqlalchemy as sa

    from salon.web.storage.schema import ACCOUNTS

    rows = db.conn.execute(sa.select(ACCOUNTS.c.id, ACCOUNTS.c.handle).where(ACCOUNTS.c.id.in_(ids - {None})))
    return {r.id: r.handle or r.id for r in rows}


@admin.command("reports")
def reports(db: DbOpt = None, every: Annotated[bool, typer.Option("--all", help="Handled ones too.")] = False) -> None:
    """The reports players made, the oldest open first: who reported whom and where, their
    words, and the messages around the one reported as they were."""
    import sqlalchemy as sa

    from salon.web.storage.schema import REPORTS

    def read(db_: Database) -> tuple[list[Any], dict[str | None, str]]:
        query = sa.select(REPORTS).order_by(REPORTS.c.at)
        found = list(db_.conn.execute(query if every else query.where(REPORTS.c.state == "open")))
        return found, _handles(db_, {r.reporter for r in found} | {r.account for r in found})

    found, handles = _run(db, read)
    if not found:
        typer.echo("no open reports" if not every else "no reports")
    for r in found:
        when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(r.at))
        typer.echo(f"{r.id}  {when} UTC  [{r.state}]  {handles.get(r.reporter, r.reporter)} reports "
                   f"{handles.get(r.account, '(no account)')}" + (f" at table {r.game_id}" if r.game_id else ""))
        if r.text:
            typer.echo(f"    they wrote: {r.text}")
        for line in _context(r.context):
            typer.echo(f"    {line}")
        if r.note:
            typer.echo(f"    note: {r.note}")


def _context(raw: str) -> list[str]:
    """The reported message and those around it, a line each (the reported one marked)."""
    try:
        context = json.loads(raw)
    except ValueError:
        return []
    messages = context.get("messages", []) if isinstance(context, dict) else []
    reported = context.get("reported") if isinstance(context, dict) else None
    return [f"{'>' if m.get('id') == reported else ' '} {m.get('name', '?')}: {m.get('text', '')}"
            for m in messages if isinstance(m, dict)]


@admin.command("handle")
def handle_report(report: Annotated[str, typer.Argument(help="The report's id, as `salon admin reports` lists it.")],
                  note: Annotated[str, typer.Option(help="What was done, kept with the report.")] = "",
                  db: DbOpt = None) -> None:
    """Mark a report handled (what was done is done with `suspend`, `delete` or `reset`)."""
    from salon.web.storage.schema import REPORTS

    def mark(db_: Database) -> int:
        return db_.conn.execute(REPORTS.update().where(REPORTS.c.id == report).values(
            state="handled", note=note, handled=time.time())).rowcount

    if not _run(db, mark):
        fail(f"no report has the id {report!r}")
    typer.echo(f"report {report} handled")


@admin.command("suspend")
def suspend(handle: HandleArg, db: DbOpt = None,
            undo: Annotated[bool, typer.Option("--undo", help="Lift the suspension.")] = False) -> None:
    """Suspend an account: it is signed out everywhere and cannot sign in until lifted; its
    seats stay as they are (their turns time out as anyone's)."""
    from salon.web.accounts import store

    def change(db_: Database) -> str:
        row = _account(db_, handle)
        store.change(db_, row.id, suspended=not undo)
        if not undo:
            store.close_all(db_, row.id)
        return str(row.handle)

    typer.echo(f"{_run(db, change)}: {'suspension lifted' if undo else 'suspended, signed out everywhere'}")


@admin.command("delete")
def delete(handle: HandleArg, db: DbOpt = None,
           yes: Annotated[bool, typer.Option("--yes", help="Delete without asking.")] = False) -> None:
    """Delete an account for good, as its owner may (its finished games keep their seats under
    a deleted player's name).  One with seats at tables in play is refused: suspend it and
    let those tables end first."""
    from salon.web.accounts import store

    if not yes:
        typer.confirm(f"delete the account {handle!r} for good?", abort=True)

    def remove(db_: Database) -> str:
        row = _account(db_, handle)
        if store.seats_in_play(db_, row.id):
            fail(f"{handle} holds seats at tables in play: suspend it (salon admin suspend) and let them end first")
        store.delete(db_, row.id, "(deleted)")
        return str(row.handle)

    typer.echo(f"{_run(db, remove)}: deleted")


@admin.command("reset")
def reset(handle: HandleArg, db: DbOpt = None,
          kind: Annotated[str | None, typer.Option(
              help="One kind (a game's name, or <game>-solo for its solo mode); default: every kind.")] = None) -> None:
    """Start an account's ratings again as a newcomer's; the reset is kept in its history."""
    from salon.web.standing import ratings

    def change(db_: Database) -> list[str]:
        return ratings.reset(db_, _account(db_, handle).id, time.time(), kind)

    kinds = _run(db, change)
    typer.echo(f"{handle}: " + (f"reset {', '.join(kinds)}" if kinds else "no rating to reset"))


@admin.command("ratings")
def check_ratings(db: DbOpt = None, rebuild: Annotated[bool, typer.Option(
        "--rebuild", help="Write the rebuilt figures where they differ.")] = False) -> None:
    """Rate every rated game again from its stored placements and compare with the stored
    ratings and their history; exit 1 where they differ (unless --rebuild wrote them)."""
    from salon.web.standing import ratings
    from salon.web.storage import describe

    games, mismatches = _run(db, lambda db_: ratings.rebuild(db_, write=rebuild))
    for m in mismatches[:20]:
        typer.echo(f"differs: {m.where}: stored {_figures(m.stored)}, rebuilt {_figures(m.rebuilt)}")
    if len(mismatches) > 20:
        typer.echo(f"... and {len(mismatches) - 20} more")
    typer.echo(f"{games} rated games in {describe(db)}: " + (
        "every rating matches" if not mismatches else
        f"{len(mismatches)} figures {'rewritten' if rebuild else 'differ'}"))
    if mismatches and not rebuild:
        raise typer.Exit(1)


def _figures(values: tuple[float, ...]) -> str:
    return "(" + ", ".join(f"{v:.6g}" for v in values) + ")" if values else "none"
