"""The routers of the API: routes whose JSON bodies are decoded the server's way.

FastAPI answers a body that is not JSON with a generic 400 or a 422 of its own; the API tells
a client that its body is no JSON (400 ``bad_json``) apart from JSON of the wrong shape (422
``bad_request``), so each route with a body decodes it first (salon.web.api.errors.decode).
A body is bounded before it is read (salon.web.api.middleware.BodyLimit).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import APIRouter
from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.responses import Response

from salon.web.api.errors import REFUSED, decode


class JsonRoute(APIRoute):
    """A route that refuses a body that is no JSON before FastAPI validates it."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        if self.body_field is None:
            return handler

        async def decoded(request: Request) -> Response:
            decode(await request.body())  # FastAPI decodes it once more: a body is a few dozen bytes
            return await handler(request)

        return decoded


def router(tag: str) -> APIRouter:
    """A router of one resource: its routes listed under ``tag``, with the refusals every
    route may answer with (salon.web.api.errors.REFUSED)."""
    return APIRouter(tags=[tag], route_class=JsonRoute, responses=REFUSED)
