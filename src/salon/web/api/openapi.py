"""The API's own description: the OpenAPI document (``/api/openapi.json``), which also holds the
WebSocket's message schemas, and the page that shows it (``/api/docs``).

OpenAPI describes HTTP only, so the document lists the WebSocket under ``x-websocket``: its
path, and the names of the schemas of the messages each way, which are in the document's
components with the HTTP routes' own.

The page is Swagger UI, a script served from a CDN, configured by an inline script: it has a
policy of its own that allows that script by its hash and the CDN's files, and nothing else
(every other page allows scripts of the server's own only, salon.web.guard).
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from salon.web.api import (
    accounts,
    actions,
    chat,
    hints,
    learn,
    live,
    lobby,
    mail,
    messages,
    my_games,
    passkeys,
    players,
    push,
    replays,
    seats,
    tables,
)
from salon.web.api.errors import MAX_BODY

OPENAPI_URL = "/api/openapi.json"
DOCS_URL = "/api/docs"
VERSION = "1"
"""The API's version (not the server's)."""
CDN = "https://cdn.jsdelivr.net"
ICON = ("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' "
        "cy='16' r='14' fill='%23c9a450'/%3E%3C/svg%3E")

DESCRIPTION = f"""\
The salon game server: a lobby (create, list, join), the tables' read-only views, replays,
and play over HTTP or, live, over a WebSocket.

Every refused request gets a JSON body `{{"error": {{"code", "message", "status", ...}}}}` with a
matching HTTP status (or the same object in a WebSocket `error` message) and changes nothing.

A seat acts with the secret token it received when it was taken: the `X-Seat-Token` header
over HTTP, the `hello` message over the WebSocket.  A signed-in person's session cookie
(`salon_session`) gives, on any device, the seats their account holds.  Without either a
client is a spectator and sees what everyone may see.

Every state carries a `version`: it counts the actions and undos its seat may know of, so it
only ever moves forward.  An action or undo names the version it was decided on; a stale one
is refused (409 `stale`, with the version the seat is shown now).

A public server bounds what one client may cost: tables, connections and spectators are
capped, creating tables, taking seats, hints and replays are rate-limited per address
(429 `rate_limited`), a request that changes something must come from the server's own pages
(403 `bad_origin`) and declare a JSON body (415 `not_json`) of at most {MAX_BODY // 1024} KiB (413
`too_large`), and work the server's processes do for a client is refused while too much
waits (503 `busy`).
"""

TAGS = [{"name": name, "description": (module.__doc__ or "").strip()}
        for name, module in (("lobby", lobby), ("tables", tables), ("seats", seats), ("play", actions),
                             ("hints", hints), ("replays", replays), ("mail", mail), ("accounts", accounts),
                             ("passkeys", passkeys), ("push", push), ("players", players), ("chat", chat),
                             ("learn", learn))]
ROUTERS = (lobby.lobby, tables.tables, seats.seats, actions.play, hints.hints, replays.replays, live.live, mail.mail,
           accounts.accounts, passkeys.passkeys, my_games.my_games, push.push, players.players, chat.chat,
           learn.learn)


class SalonAPI(FastAPI):
    """FastAPI with the WebSocket's messages in its OpenAPI document (see the module's docstring)."""

    def openapi(self) -> dict[str, Any]:
        if self.openapi_schema is None:
            self.openapi_schema = _with_websocket(super().openapi())
        return self.openapi_schema


def _with_websocket(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with the WebSocket's messages in its components and under ``x-websocket``."""
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    wanted: list[tuple[type[BaseModel], JsonSchemaMode]] = [(m, "validation") for m in messages.CLIENT_MESSAGES]
    wanted += [(m, "serialization") for m in messages.SERVER_MESSAGES]
    _, found = models_json_schema(wanted, ref_template="#/components/schemas/{model}")
    for name, schema in found["$defs"].items():
        if schemas.setdefault(name, schema) != schema:
            raise ValueError(f"two schemas named {name}")
    document["x-websocket"] = {
        "path": live.PATH,
        "description": messages.PROTOCOL,
        "client": [m.__name__ for m in messages.CLIENT_MESSAGES],
        "server": [m.__name__ for m in messages.SERVER_MESSAGES],
    }
    return document


def new_app(**kwargs: Any) -> SalonAPI:
    """The application with the API's routes, its OpenAPI document and its page."""
    app = SalonAPI(title="salon", version=VERSION, description=DESCRIPTION, openapi_tags=TAGS,
                   openapi_url=OPENAPI_URL, docs_url=None, redoc_url=None, **kwargs)
    for router in ROUTERS:
        app.include_router(router)
    app.include_router(_docs_page())
    return app


def _docs_page() -> APIRouter:
    page = get_swagger_ui_html(openapi_url=OPENAPI_URL, title="salon API", swagger_favicon_url=ICON)
    html = bytes(page.body)
    inline = re.findall(rb"<script>(.*?)</script>", html, re.DOTALL)
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s).digest()).decode()}'" for s in inline)
    policy = (f"default-src 'none'; script-src {CDN} {hashes}; style-src {CDN} 'unsafe-inline'; "
              f"img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
              f"frame-ancestors 'none'")
    router = APIRouter()

    @router.get(DOCS_URL, include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(html, headers={"Content-Security-Policy": policy})

    return router
