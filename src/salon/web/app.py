"""The game server's application (FastAPI): the API's routers (salon.web.api), the static
browser client, and what guards both.

The API is described in its OpenAPI document (``/api/openapi.json``, shown at ``/api/docs``)
and in docs/web-api.md, which ``python -m tools.api_doc`` writes from it.  A public
server is protected as ``salon.web.guard`` says: caps and rate limits per client address,
state-changing requests only from the server's own pages and only as JSON, bodies bounded by
their declared length before they are read, and security headers on every response
(salon.web.api.middleware).
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from salon.bots.search import HINT_THINK
from salon.core.game import game_names
from salon.web.accounts import Accounts
from salon.web.api import errors
from salon.web.api.lobby import renderer
from salon.web.api.middleware import BodyLimit, HostCheck, page_guard
from salon.web.api.openapi import new_app
from salon.web.caps import Limits
from salon.web.chat import Chat
from salon.web.compute import Compute
from salon.web.guard import Hosts
from salon.web.mail import MAIL_OFF, MailSettings, Sender
from salon.web.storage import Storage
from salon.web.tables.hub import Hub

STATIC = Path(__file__).parent / "static"

__all__ = ["create_app", "renderer"]


def create_app(db_url: str | None = None, bot_delay: float = 0.6, allow_seed: bool = False,
               limits: Limits | None = None, clock: Callable[[], float] = time.monotonic,
               hint_think: float = HINT_THINK, workers: int | None = None,
               hosts: Hosts | None = None, mail: MailSettings = MAIL_OFF) -> FastAPI:
    """The server application; ``db_url`` as :class:`salon.web.storage.Database` takes it,
    ``bot_delay`` seconds before each bot action (so people can follow), ``allow_seed`` lets a
    creator choose the seed (tests and reproducible demos only: a seed reveals the deck),
    ``limits`` the caps of a public server (the default) or of a private one, ``clock`` what
    times the turn timers and absences, ``hint_think`` the seconds of search a hint takes,
    ``workers`` the processes that think for the bots (salon.web.compute), ``hosts`` the
    names the server answers to (salon.web.guard.Hosts; any, if None), ``mail`` how letters
    are sent (salon.web.mail; off by default: they wait unsent)."""
    storage = Storage(db_url)
    hub = Hub(storage, bot_delay, allow_seed, limits, clock, hint_think, Compute(workers))
    sender = Sender(storage, mail)
    chats = Chat(hub)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await storage.start()
        await hub.start()
        chats.start()
        sender.start()
        yield
        await sender.stop()
        await hub.stop()
        await storage.close()

    app = new_app(lifespan=lifespan)
    app.state.hub = hub  # what the routes are given (salon.web.api.deps)
    app.state.mail = hub.mail = mail  # whether mail is on, and the public address its links point to
    app.state.accounts = Accounts(hub, mail)  # the accounts' sessions, links and changes (salon.web.accounts)
    app.state.push = sender.pusher  # the server's VAPID keys (salon.web.push)
    app.state.chat = chats  # the tables' chats, blocks and reports (salon.web.chat)
    errors.install(app)
    app.add_middleware(BodyLimit)
    app.middleware("http")(page_guard)
    if hosts is not None:
        app.add_middleware(HostCheck, hosts=hosts)
    for name in game_names():  # each game's renderer from its own package (salon.core.plugins)
        files = renderer(name)
        if files is not None:
            app.mount(f"/static/games/{name}", StaticFiles(directory=str(files)), name=f"static-{name}")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    _root_files(app)
    return app


def _root_files(app: FastAPI) -> None:
    """The files served at the site's root: the service worker (static/sw.js), whose scope is
    the folder it is served from, so the whole site; and the web app's manifest."""

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        return FileResponse(STATIC / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    @app.get("/manifest.webmanifest", include_in_schema=False)
    async def manifest() -> FileResponse:
        return FileResponse(STATIC / "manifest.webmanifest", media_type="application/manifest+json",
                            headers={"Cache-Control": "no-cache"})
