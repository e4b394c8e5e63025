"""The HTTP and WebSocket interface of the game server (FastAPI).

HTTP serves the lobby (create, list, join), the read-only views and the static client; the
WebSocket carries live play.  Actions can also be sent over HTTP, which the tests and
simple scripts use.  Every refused request gets a JSON body ``{"error": {"code",
"message", "status", ...}}`` with a matching HTTP status (or the same object in a
WebSocket ``error`` message) and changes nothing.

A seat acts with the secret token it received when it was taken: the ``X-Seat-Token``
header over HTTP, the ``hello`` message over the WebSocket.  Without a token a client is a
spectator and sees what ``observe(None)`` shows.

Every state carries a ``version``: it counts the actions and undos its seat may know of
(another seat's private actions, such as the cards of a secret presentation, do not count,
see Adapter.private_action), so it only ever moves forward.  An action or undo names the
version it was decided on; a stale one is refused.

A public server is protected as ``salon.web.guard`` says: caps and rate limits per client
address, state-changing requests only from the server's own pages and only as JSON, bodies
bounded by their declared length before they are read, and security headers on every
response.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError, model_validator
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnected

from salon.bots.search import HINT_THINK
from salon.core import record
from salon.core.errors import ConfigError
from salon.core.game import game_class, game_names
from salon.core.plugins import folder, plugin
from salon.i18n import languages
from salon.web.adapters import adapter
from salon.web.bot_policy import SERVER_BOTS
from salon.web.compute import Busy, Compute, JobTimeout
from salon.web.errors import ServiceError
from salon.web.guard import SECURITY_HEADERS, Hosts, Limits, client_key, same_origin
from salon.web.hub import REPLAY_DEADLINE, Connection, Hub, Room
from salon.web.jobs import replay_record, replay_step
from salon.web.storage import Storage

log = logging.getLogger("salon.web")

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64 * 1024
HELLO_TIMEOUT = 5.0
TOKEN_HEADER = "x-seat-token"

M = TypeVar("M", bound=BaseModel)


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Body):
    kind: Literal["human", "bot"]
    bot: str | None = Field(default=None, max_length=40)


class JoinSpec(_Body):
    seat: int | None = None
    name: str = Field(default="", max_length=40)


class CreateSpec(_Body):
    game: str = Field(max_length=40)
    title: str = Field(default="", max_length=80)
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    config: dict[str, Any] = Field(default_factory=dict)
    seed: StrictInt | None = Field(default=None, ge=0, lt=2**31)
    join: JoinSpec | None = None
    turn_timer: StrictInt | None = Field(default=None, ge=10, le=7 * 86400)
    """Seconds each human has for a decision; after that the others may hand the seat to a
    bot or end the game.  None (the default): no timer, for friendly games."""
    hints: StrictBool = False
    """Whether the players may ask for hints (everyone sees who asked how often)."""
    private: StrictBool | None = None
    """Left out of the lobby, joined through the table's link only; by default a table with a
    seat for a person is private."""


class ActSpec(_Body):
    """One action, or several of one seat in a row (``actions``: a presentation confirmed at
    once), applied all or none."""

    action: str | None = Field(default=None, max_length=200)
    actions: list[Annotated[str, Field(max_length=200)]] | None = Field(default=None, min_length=1, max_length=60)
    version: StrictInt

    @model_validator(mode="after")
    def _one_of(self) -> ActSpec:
        if (self.action is None) == (self.actions is None):
            raise ValueError("send either 'action' or 'actions'")
        return self


class UndoSpec(_Body):
    version: StrictInt


class TakeOverSpec(_Body):
    choice: Literal["bot", "end"]
    version: StrictInt


class SeatChoice(_Body):
    choice: Literal["bot", "open"]
    version: StrictInt


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "body"
    return f"{where}: {err['msg']}"


def too_large() -> ServiceError:
    return ServiceError(413, "too_large", f"the request is larger than {MAX_BODY} bytes")


def parse(raw: bytes | str, model: type[M]) -> M:
    """A request body as ``model``; ServiceError 400 (not JSON, or JSON no request can be:
    nested past the parser's depth, a number too long to convert) or 422 (wrong shape)."""
    if len(raw) > MAX_BODY:
        raise too_large()
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ServiceError(400, "bad_json", f"the request is not valid JSON ({e})") from None
    except (ValueError, RecursionError) as e:
        reason = "nested too deeply" if isinstance(e, RecursionError) else "a number is too long"
        raise ServiceError(400, "bad_json", f"the request is not acceptable JSON ({reason})") from None
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise ServiceError(422, "bad_request", f"the request does not fit: {_first_error(e)}") from None


def error_response(e: ServiceError) -> JSONResponse:
    return JSONResponse({"error": e.to_json()}, status_code=e.status)


def game_meta(name: str) -> dict[str, Any]:
    """A game's lobby description: player counts and config options from its description
    (refined by the game's adapter; ``start_player`` offered as a choice of seats), and where
    its browser renderer is."""
    described = game_class(name).describe()
    options: list[dict[str, Any]] = []
    players_with: dict[str, list[int]] = {}
    hints = adapter(name).option_hints()
    for key, prop in described.options.items():
        if key == "players" or hints.get(key, {}).get("hidden"):
            continue
        option = {"key": key, "default": prop.get("default"), "description": prop.get("description", ""),
                  **_option_type(prop), **hints.get(key, {})}
        if key == "start_player":  # the config convention of every game: a seat, or None for chance
            option["type"] = "seat"
        options.append(option)
        if option["type"] == "bool":
            try:
                counts = game_class(name).describe({key: True}).players
            except ConfigError:  # an option of another mode (the solo mode's, say)
                continue
            if counts != described.players:
                players_with[key] = list(counts)
    return {"name": name, "players": list(described.players), "players_with": players_with, "options": options,
            "renderer": f"/static/games/{name}/renderer.js" if renderer(name) is not None else None}


def renderer(name: str) -> Traversable | None:
    """The folder of a game's browser renderer (its plug-in's ``static``), if it has one."""
    found = plugin(name)
    if found is None or found.static is None:
        return None
    files = folder(found.static)
    return files if files.joinpath("renderer.js").is_file() else None


def _option_type(prop: dict[str, Any]) -> dict[str, Any]:
    kinds = [p.get("type") for p in prop.get("anyOf", [prop])]
    if "enum" in prop:
        return {"type": "choice", "choices": prop["enum"]}
    if kinds == ["boolean"]:
        return {"type": "bool"}
    if kinds == ["array"]:
        return {"type": "list", "choices": []}
    if "integer" in kinds:
        return {"type": "int", "optional": "null" in kinds}
    return {"type": "text"}


def create_app(db_url: str | None = None, bot_delay: float = 0.6, allow_seed: bool = False,
               limits: Limits | None = None, clock: Callable[[], float] = time.monotonic,
               hint_think: float = HINT_THINK, workers: int | None = None,
               hosts: Hosts | None = None) -> FastAPI:
    """The server application; ``db_url`` as :class:`salon.web.storage.Database` takes it,
    ``bot_delay`` seconds before each bot action (so people can follow), ``allow_seed`` lets a
    creator choose the seed (tests and reproducible demos only: a seed reveals the deck),
    ``limits`` the caps of a public server (the default) or of a private one, ``clock`` what
    times the turn timers and absences, ``hint_think`` the seconds of search a hint takes,
    ``workers`` the processes that think for the bots (salon.web.compute), ``hosts`` the
    names the server answers to (salon.web.guard.Hosts; any, if None)."""
    storage = Storage(db_url)
    hub = Hub(storage, bot_delay, allow_seed, limits, clock, hint_think, Compute(workers))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await storage.start()
        await hub.start()
        yield
        await hub.stop()
        await storage.close()

    app = FastAPI(title="salon", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub

    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, e: ServiceError) -> JSONResponse:
        return error_response(e)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, e: RequestValidationError) -> JSONResponse:
        err = e.errors()[0] if e.errors() else {"loc": (), "msg": "invalid"}
        where = ".".join(str(p) for p in err["loc"])
        return error_response(ServiceError(422, "bad_request", f"the request does not fit: {where}: {err['msg']}"))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(e.status_code, "http_error")
        return error_response(ServiceError(e.status_code, code, str(e.detail)))

    @app.middleware("http")
    async def _headers(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            if not same_origin(request.headers.get("origin"), request.headers.get("host")):
                response: Response = error_response(ServiceError(
                    403, "bad_origin", "requests that change a game come from this server's own pages only"))
            elif request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
                response = error_response(ServiceError(415, "not_json", "send the request body as application/json"))
            else:
                response = await call_next(request)
        else:
            response = await call_next(request)
        if request.url.path.startswith("/static/") or request.url.path == "/":
            response.headers["Cache-Control"] = "no-cache"  # revalidate, so an update reaches every browser
        response.headers.update(SECURITY_HEADERS)
        return response

    async def raw_body(request: Request) -> bytes:
        """The body's bytes; one over the limit is refused by its declared length before it
        is read, or as soon as more than the limit has arrived."""
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY:
            raise too_large()
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise too_large()
        return bytes(raw)

    async def body(request: Request, model: type[M]) -> M:
        """The body as ``model`` (see raw_body for its bound)."""
        return parse(await raw_body(request), model)

    def client_of(request: Request | WebSocket) -> str:
        return client_key(request.client.host if request.client else None)

    def token_of(request: Request) -> str | None:
        return request.headers.get(TOKEN_HEADER)

    # --- lobby

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        # the bots every server plays (salon.web.bot_policy)
        return {"games": [game_meta(n) for n in game_names()], "bots": list(SERVER_BOTS),
                "languages": languages()}

    @app.get("/api/games")
    async def list_games(status: Literal["open", "running", "over", "broken"] | None = None,
                         offset: int = Query(default=0, ge=0, le=1_000_000),
                         limit: int | None = Query(default=None, ge=0)) -> dict[str, Any]:
        """The lobby, a page per status (see Hub.listing)."""
        return await hub.listing(status, offset, limit)

    @app.post("/api/games", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        spec = await body(request, CreateSpec)
        options: dict[str, Any] = {"turn_timer": spec.turn_timer} if spec.turn_timer else {}
        if spec.hints:
            options["hints"] = True
        room, seat, token = await hub.create(spec.game, spec.title, [s.model_dump() for s in spec.seats],
                                             spec.config, spec.seed,
                                             spec.join.model_dump() if spec.join is not None else None,
                                             client_of(request), options, spec.private)
        return {"id": room.id, "seat": seat, "token": token, "game": room.summary()}

    @app.get("/api/games/{game_id}")
    async def summary(game_id: str) -> dict[str, Any]:
        return (await hub.get(game_id)).summary()

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, request: Request) -> dict[str, Any]:
        spec = await body(request, JoinSpec)
        room = await hub.get(game_id)
        seat, token = await hub.join(room, spec.seat, spec.name, client_of(request))
        return {"id": room.id, "seat": seat, "token": token}

    @app.post("/api/games/{game_id}/leave")
    async def leave(game_id: str, request: Request) -> dict[str, Any]:
        """Give up the seat the token holds: the token stops working, the seat is free."""
        room = await hub.get(game_id)
        seat = room.seat_of(token_of(request))
        await body(request, _Body)
        await hub.leave(room, seat)
        return {"ok": True}

    @app.post("/api/games/{game_id}/token")
    async def renew(game_id: str, request: Request) -> dict[str, Any]:
        """A new token for the seat; the old one stops working."""
        room = await hub.get(game_id)
        seat = room.seat_of(token_of(request))
        await body(request, _Body)
        return {"id": room.id, "seat": seat, "token": await hub.renew_token(room, seat)}

    @app.post("/api/games/{game_id}/hint")
    async def ask_hint(game_id: str, request: Request) -> dict[str, Any]:
        """The search's best choices for the seat deciding now, with their estimates in the
        game's unit (points ahead of the best opponent), where the table allows hints."""
        room = await hub.get(game_id)
        seat = room.seat_of(token_of(request))
        await body(request, _Body)
        estimates = await hub.hint(room, seat, client_of(request))
        return {"hints": [{"action": e.action, "value": round(e.value, 1), "worlds": e.worlds} for e in estimates]}

    @app.post("/api/games/{game_id}/timeout")
    async def take_over(game_id: str, request: Request) -> dict[str, Any]:
        """The deciding seat's time ran out: hand it to a bot, or end the game."""
        room = await hub.get(game_id)
        seat = room.seat_of(token_of(request))
        spec = await body(request, TakeOverSpec)
        await hub.take_over(room, seat, spec.choice, spec.version)
        return {"ok": True, "state": room.state(seat, room.log_size(seat), hub.clock())}

    @app.post("/api/games/{game_id}/seats/{target}")
    async def manage_seat(game_id: str, target: int, request: Request) -> dict[str, Any]:
        """Hand another seat to a bot or open it: a seat left during the game (any seated
        player), or a player away or idle too long (the host)."""
        room = await hub.get(game_id)
        seat = room.seat_of(token_of(request))
        spec = await body(request, SeatChoice)
        await hub.manage_seat(room, seat, target, spec.choice, spec.version)
        return {"ok": True, "state": room.state(seat, room.log_size(seat), hub.clock())}

    # --- play

    @app.get("/api/games/{game_id}/state")
    async def state(game_id: str, request: Request) -> dict[str, Any]:
        room = await hub.get(game_id)
        return room.state(room.seat_of(token_of(request)), now=hub.clock())

    @app.get("/api/games/{game_id}/explain")
    async def explain(game_id: str, request: Request, action: str = Query(max_length=200)) -> dict[str, Any]:
        """Why an action is not offered to the deciding seat now (its rule id and the engine's
        reason), for the line beside the decision."""
        room = await hub.get(game_id)
        return hub.explain(room, room.seat_of(token_of(request)), action)

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, request: Request) -> dict[str, Any]:
        room = await hub.get(game_id)
        seat = room.seat_of(token_of(request))
        spec = await body(request, ActSpec)
        if spec.actions is not None:
            version = await hub.act_many(room, seat, spec.actions, spec.version)
        else:
            assert spec.action is not None
            version = await hub.act(room, seat, spec.action, spec.version)
        # no log: the caller has it
        return {"ok": True, "version": version, "state": room.state(seat, room.log_size(seat), hub.clock())}

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request) -> dict[str, Any]:
        room = await hub.get(game_id)
        seat = room.seat_of(token_of(request))
        spec = await body(request, UndoSpec)
        version = await hub.undo(room, seat, spec.version)
        return {"ok": True, "version": version, "state": room.state(seat, now=hub.clock())}

    @app.get("/api/games/{game_id}/components")
    async def components(game_id: str) -> dict[str, Any]:
        room = await hub.get(game_id)
        return adapter(room.name).components(room.game)

    @app.get("/api/games/{game_id}/record")
    async def game_record(game_id: str) -> dict[str, Any]:
        """The full record (seed included) once the game is over, when nothing is secret any more."""
        room = await hub.get(game_id)
        if room.live:
            raise ServiceError(409, "not_over", "the record is published when the game is over")
        return record.make_record(room.game)

    @app.get("/api/games/{game_id}/replay")
    async def game_replay(game_id: str, request: Request, step: int = Query(ge=0, le=1_000_000)) -> dict[str, Any]:
        """A finished game after its first ``step`` actions, every seat's cards shown (see
        salon.web.replay); the game's own seats and title come with it."""
        room = await hub.get(game_id)
        if room.live:
            raise ServiceError(409, "not_over", "a game is replayed once it is over")
        found = await replaying(request, replay_step,
                                (room.name, room.config, room.seed, list(room.game.history), step))
        return {**found, "title": room.title, "seats": room.seats_json()}

    @app.post("/api/replay")
    async def file_replay(request: Request, step: int = Query(ge=0, le=1_000_000),
                          components: bool = False) -> dict[str, Any]:
        """A record file (the body, as saved) after its first ``step`` actions, once the file
        is verified, with the game's components when asked; a bad file is refused with the
        reason."""
        raw = await raw_body(request)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ServiceError(400, "bad_record", "not a salon record: the file is not text",
                               key="record.not_a_record") from None
        return await replaying(request, replay_record, (text, step, components))

    async def replaying(request: Request, job: Callable[..., dict[str, Any]], args: tuple[Any, ...]) -> dict[str, Any]:
        """A replay worked out in the workers, in the asking address's lane, within its rate."""
        client = client_of(request)
        hub.guard.replaying(client)
        try:
            return await hub.compute.run(f"replay:{client}", job, args, REPLAY_DEADLINE)
        except (Busy, JobTimeout):
            raise ServiceError(503, "busy", "the server is busy; try again in a moment") from None

    @app.websocket("/api/games/{game_id}/ws")
    async def live(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        client = client_of(websocket)
        counted = False
        try:
            if not same_origin(websocket.headers.get("origin"), websocket.headers.get("host")):
                raise ServiceError(403, "bad_origin", "games are played from this server's own pages only")
            hub.guard.connect(client)
            counted = True
            room = await hub.get(game_id)
            hello = parse(await asyncio.wait_for(_receive_text(websocket), HELLO_TIMEOUT), Hello)
            conn = Connection(room.seat_of(hello.token), client)
            hub.connect(room, conn)
        except ServiceError as e:
            if counted:
                hub.guard.disconnect(client)
            await websocket.send_json({"type": "error", **e.to_json()})
            await websocket.close(code=4000 + e.status)
            return
        except TimeoutError:
            hub.guard.disconnect(client)
            await websocket.close(code=4408)
            return
        except (WebSocketDisconnect, WebSocketDisconnected):  # gone already (or closed by the server for size)
            if counted:
                hub.guard.disconnect(client)
            return
        try:
            await _session(websocket, hub, room, conn)
        finally:
            hub.guard.disconnect(client)

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

    return app


class HostCheck:
    """Refuse a request whose ``Host`` the server does not answer to (salon.web.guard.Hosts),
    HTTP with a JSON 400, a WebSocket before it is accepted (403), outside every other
    middleware: what another site's page reaches this server with gets nowhere."""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not self.hosts.allows(Headers(scope=scope).get("host")):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
            else:
                refusal = ServiceError(400, "bad_host", "this server does not answer to that name "
                                                        "(see salon serve --allowed-host)")
                await error_response(refusal)(scope, receive, send)
            return
        await self.app(scope, receive, send)


async def _receive_text(websocket: WebSocket) -> str:
    """The next text frame; ServiceError 400 for a binary one (the protocol is JSON text), so
    that a client sending bytes is told so instead of losing its connection."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    if text is None:
        raise ServiceError(400, "bad_frame", "messages are JSON text frames, not binary ones")
    return text


class Hello(_Body):
    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=100)


class ClientMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["act", "undo", "ping"]
    id: int | str | None = None
    action: str | None = Field(default=None, max_length=200)
    version: StrictInt | None = None


async def _session(websocket: WebSocket, hub: Hub, room: Room, conn: Connection) -> None:
    """Serve one connected client (already counted in by Hub.connect) until it leaves: its
    messages in, its queue out."""

    async def sender() -> None:
        try:
            while (message := await conn.queue.get()) is not None:
                await websocket.send_text(json.dumps(message, separators=(",", ":")))
            await websocket.close()
        except (WebSocketDisconnect, WebSocketDisconnected):  # the client left while a message was on its way
            return

    out = asyncio.create_task(sender())
    try:
        while True:
            request_id = None
            try:
                msg = parse(await _receive_text(websocket), ClientMessage)
                request_id = msg.id
                if msg.type == "ping":
                    conn.push({"type": "pong", "id": msg.id})
                    continue
                if msg.version is None or (msg.type == "act" and msg.action is None):
                    raise ServiceError(422, "bad_request", f"a {msg.type!r} message needs "
                                       + ("an action and " if msg.type == "act" else "") + "a version")
                if msg.type == "act":
                    await hub.act(room, conn.seat, msg.action or "", msg.version, conn, msg.id)
                else:
                    await hub.undo(room, conn.seat, msg.version, conn, msg.id)
            except ServiceError as e:
                conn.push({"type": "error", "id": request_id, **e.to_json()})
    except (WebSocketDisconnect, WebSocketDisconnected):  # the client left (or its connection broke)
        pass
    finally:
        hub.disconnect(room, conn)
        out.cancel()
