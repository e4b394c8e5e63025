"""What every request passes before it reaches a route (salon.web.guard says why):

* :class:`HostCheck`, outermost: a request naming a host the server does not answer to gets
  nowhere;
* :func:`page_guard`: a request that changes something comes from the server's own pages and
  declares a JSON body; every response carries the security headers;
* :class:`BodyLimit`: a body is refused by its declared length before it is read, or as soon
  as more than the limit has arrived.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from salon.web.api.errors import MAX_BODY, error_response, too_large
from salon.web.api.mail import ONE_CLICK
from salon.web.errors import Refused
from salon.web.guard import SECURITY_HEADERS, Hosts, same_origin

READING = ("GET", "HEAD", "OPTIONS")
"""The methods that change nothing."""


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
                refusal = Refused("bad_host", "this server does not answer to that name "
                                                        "(see salon serve --allowed-host)")
                await error_response(refusal)(scope, receive, send)
            return
        await self.app(scope, receive, send)


async def page_guard(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
    """A request that changes something only from the server's own pages and as JSON; the
    security headers on every response (a page that sends its own policy keeps it).  A mail
    program's one-click unsubscribe is neither (salon.web.api.mail)."""
    if request.method not in READING and request.url.path not in ONE_CLICK:
        if not same_origin(request.headers.get("origin"), request.headers.get("host")):
            response: Response = error_response(Refused(
                "bad_origin", "requests that change a game come from this server's own pages only"))
        elif request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            response = error_response(Refused("not_json", "send the request body as application/json"))
        else:
            response = await call_next(request)
    else:
        response = await call_next(request)
    if request.url.path.startswith("/static/") or request.url.path == "/":
        response.headers["Cache-Control"] = "no-cache"  # revalidate, so an update reaches every browser
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


class BodyLimit:
    """Refuse an HTTP body over :data:`MAX_BODY` bytes (413 ``too_large``): by its declared
    length before anything reads it, else as soon as more than that has arrived (the route
    reading it is refused with Refused)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if declared_over(Headers(scope=scope).get("content-length", "")):
            await error_response(too_large())(scope, receive, send)
            return
        received = 0

        async def bounded() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY:
                raise too_large()
            return message

        await self.app(scope, bounded, send)


def declared_over(length: str) -> bool:
    """Whether a declared ``Content-Length`` is over :data:`MAX_BODY`: compared by its count of
    digits before ``int`` reads it, which refuses more than 4,300 of them, and only in ASCII
    digits (``str.isdigit`` takes "²" too, which ``int`` does not)."""
    if not (length.isascii() and length.isdigit()):
        return False
    digits = length.lstrip("0")
    return len(digits) > len(str(MAX_BODY)) or int(digits or "0") > MAX_BODY
