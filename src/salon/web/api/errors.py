"""Refusals as the API sends them: one JSON shape for every refused request.

Whatever refuses a request (the hub's rules, a guard, FastAPI's own checks of parameters and
bodies, a path that names nothing) is answered ``{"error": {"code", "message", "status",
...}}`` with the matching HTTP status, so that a client reads one shape only.
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
from salon.web.api.models import Refused
from salon.web.errors import ServiceError

MAX_BODY = 64 * 1024
"""The largest request body, and WebSocket message, the server reads (an action is a few
dozen bytes, a record file a few dozen kilobytes)."""

REFUSED: dict[int | str, dict[str, Any]] = {
    "4XX": {"model": Refused, "description": "Refused (nothing changed): the error's `code` says why."},
    "5XX": {"model": Refused, "description": "The server is busy (`busy`) or its database refused the change "
                                             "(`storage`); nothing changed, try again."},
}
"""The refusals every route may answer with, as the OpenAPI document lists them."""


def error_response(e: ServiceError) -> JSONResponse:
    return JSONResponse({"error": e.to_json()}, status_code=e.status)


def too_large() -> ServiceError:
    return ServiceError(413, "too_large", f"the request is larger than {MAX_BODY} bytes")


def decode(raw: bytes | str) -> Any:
    """A request body or message as JSON; ServiceError 400 for what is not JSON, or is JSON no
    request can be (nested past the parser's depth, a number too long to convert, a string
    holding half of a UTF-16 pair, which no text holds and no answer could carry back)."""
    if len(raw) > MAX_BODY:
        raise too_large()
    try:
        value = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ServiceError(400, "bad_json", f"the request is not valid JSON ({e})") from None
    except (ValueError, RecursionError) as e:
        reason = "nested too deeply" if isinstance(e, RecursionError) else "a number is too long"
        raise ServiceError(400, "bad_json", f"the request is not acceptable JSON ({reason})") from None
    if holds_surrogate(value):
        raise ServiceError(400, "bad_json", "the request is not acceptable JSON (a string holds a lone surrogate)")
    return value


def does_not_fit(e: ValidationError | RequestValidationError) -> ServiceError:
    """The 422 of a request whose JSON has the wrong shape, naming its first fault."""
    errors = e.errors()
    err = errors[0] if errors else {"loc": (), "msg": "invalid"}
    where = ".".join(str(p) for p in err["loc"]) or "body"
    return ServiceError(422, "bad_request", f"the request does not fit: {where}: {err['msg']}")


def install(app: FastAPI) -> None:
    """Answer every refusal in the one shape (see the module's docstring)."""

    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, e: ServiceError) -> JSONResponse:
        return error_response(e)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, e: RequestValidationError) -> JSONResponse:
        return error_response(does_not_fit(e))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(e.status_code, "http_error")
        return error_response(ServiceError(e.status_code, code, str(e.detail)))
