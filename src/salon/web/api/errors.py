"""Refusals as the API sends them: one JSON shape for every refused request.

Whatever refuses a request (a table's rules, a guard, FastAPI's own checks of parameters and
bodies, a path that names nothing) is answered ``{"error": {"code", "message", "status",
...}}`` with the HTTP status of its code, so that a client reads one shape only.  The server's
domain raises :class:`~salon.web.errors.Refused` with a code and no status: which status each
code travels as is decided here alone, in :data:`STATUS`.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from salon.core.record import holds_surrogate
from salon.web.api.models import Refused as RefusedBody
from salon.web.errors import Refused

MAX_BODY = 64 * 1024
"""The largest request body, and WebSocket message, the server reads (an action is a few
dozen bytes, a record file a few dozen kilobytes)."""

REFUSED: dict[int | str, dict[str, Any]] = {
    "4XX": {"model": RefusedBody, "description": "Refused (nothing changed): the error's `code` says why."},
    "5XX": {"model": RefusedBody, "description": "The server is busy (`busy`) or its database refused the change "
                                             "(`storage`); nothing changed, try again."},
}
"""The refusals every route may answer with, as the OpenAPI document lists them."""


STATUS: dict[str, int] = {
    # the request itself: its shape, its JSON, its host and origin
    "bad_json": 400, "bad_frame": 400, "bad_host": 400, "bad_config": 400, "bad_record": 400, "bad_seat": 400,
    "bad_seats": 400, "seed_not_allowed": 400, "unknown_game": 400, "malformed_action": 400,
    "bad_name": 400, "bad_address": 400, "bad_language": 400, "bad_link": 400, "password_too_short": 400,
    "password_too_long": 400, "password_common": 400, "ceremony_expired": 400,
    "bad_push_endpoint": 400, "bad_push_keys": 400, "empty_message": 400, "block_self": 400,
    "bad_request": 422, "bad_step": 422, "illegal_action": 422, "unknown_bot": 422, "bot_not_allowed": 422,
    "bad_pace": 422, "bad_minimum": 422,
    "too_large": 413, "not_json": 415, "not_found": 404, "method_not_allowed": 405, "bad_unsubscribe": 404,
    "unknown_kind": 404,
    "no_such_player": 404, "no_such_message": 404, "no_such_tutorial": 404,
    # who may do what
    "bad_origin": 403, "bad_token": 403, "spectator": 403, "not_host": 403, "hints_off": 403, "bot_tables_off": 403,
    "seat_invited": 403, "blocked": 403, "below_minimum": 403,
    "signed_out": 401, "bad_credentials": 401, "wrong_password": 403, "bad_passkey": 401, "suspended": 403,
    # the table's state, which another request may have changed
    "stale": 409, "not_your_turn": 409, "waiting": 409, "over": 409, "not_over": 409, "no_undo": 409,
    "no_free_seat": 409, "seat_taken": 409, "seat_is_bot": 409, "seat_is_automated": 409, "seat_vacant": 409,
    "name_taken": 409, "own_seat": 409, "not_idle": 409, "not_replaceable": 409, "not_expired": 409,
    "address_taken": 409, "no_holiday_left": 409, "passkey_taken": 409, "too_many_passkeys": 409,
    "own_profile": 409, "too_many_follows": 409, "too_many_blocks": 409,
    "cannot_score_now": 409,
    "broken": 410,
    # what one client may cost
    "rate_limited": 429, "hint_pending": 429, "too_many_tables": 429, "network_full": 429, "server_full": 429,
    "too_many_connections": 429, "too_many_spectators": 429,
    # the server
    "busy": 503, "storage": 503,
}
"""The HTTP status of every refusal's code (a test holds it complete over the codes raised)."""


def status_of(e: Refused) -> int:
    return STATUS[e.code]


def error_json(e: Refused, status: int | None = None) -> dict[str, Any]:
    """A refusal's JSON, with its status (``status``: one the code does not decide, such as
    an HTTP error of the framework's own)."""
    return {"code": e.code, "message": e.message, "status": status or status_of(e), **e.extra}


def error_response(e: Refused, status: int | None = None) -> JSONResponse:
    shown = error_json(e, status)
    return JSONResponse({"error": shown}, status_code=shown["status"])


def too_large() -> Refused:
    return Refused("too_large", f"the request is larger than {MAX_BODY} bytes")


def decode(raw: bytes | str) -> Any:
    """A request body or message as JSON; ``bad_json`` for what is not JSON, or is JSON no
    request can be (nested past the parser's depth, a number too long to convert, a string
    holding half of a UTF-16 pair, which no text holds and no answer could carry back)."""
    if len(raw) > MAX_BODY:
        raise too_large()
    try:
        value = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise Refused("bad_json", f"the request is not valid JSON ({e})") from None
    except (ValueError, RecursionError) as e:
        reason = "nested too deeply" if isinstance(e, RecursionError) else "a number is too long"
        raise Refused("bad_json", f"the request is not acceptable JSON ({reason})") from None
    if holds_surrogate(value):
        raise Refused("bad_json", "the request is not acceptable JSON (a string holds a lone surrogate)")
    return value


def does_not_fit(e: ValidationError | RequestValidationError) -> Refused:
    """The 422 of a request whose JSON has the wrong shape, naming its first fault."""
    errors = e.errors()
    err = errors[0] if errors else {"loc": (), "msg": "invalid"}
    where = ".".join(str(p) for p in err["loc"]) or "body"
    return Refused("bad_request", f"the request does not fit: {where}: {err['msg']}")


def install(app: FastAPI) -> None:
    """Answer every refusal in the one shape (see the module's docstring)."""

    @app.exception_handler(Refused)
    async def _refused(request: Request, e: Refused) -> JSONResponse:
        return error_response(e)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, e: RequestValidationError) -> JSONResponse:
        return error_response(does_not_fit(e))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(e.status_code, "http_error")
        return error_response(Refused(code, str(e.detail)), e.status_code)
