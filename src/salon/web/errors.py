"""The one error a refused request becomes."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refused request: an HTTP status, a stable code and a one-line message."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole, for a refusal that a worker process (salon.web.compute) sends back."""
        return _restore, (self.status, self.code, self.message, self.extra)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "status": self.status, **self.extra}


def _restore(status: int, code: str, message: str, extra: dict[str, Any]) -> ServiceError:
    return ServiceError(status, code, message, **extra)
