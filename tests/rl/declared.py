"""The declared layout read plainly: the vector an observation should give, by a direct
reading of the fields' definitions (salon.core.vectors), to check the compiled encoding
against."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from salon.core.vectors import (
    Bag,
    Const,
    Encoding,
    Field,
    Keyed,
    Num,
    Opt,
    Record,
    Seat,
    SeatMap,
    Seats,
    Slots,
    Token,
    Vector,
)


def declared_vector(encoding: Encoding, observation: Mapping[str, Any], viewer: int) -> Vector:
    out = np.zeros(encoding.size, dtype=np.float32)
    _write(encoding.root, observation, viewer, out, 0)
    return out


def _write(field: Field, value: Any, viewer: int, out: Vector, at: int) -> None:
    """Write ``value`` as ``field`` declares it at ``at`` (None: absent, nothing written)."""
    if value is None or isinstance(field, Const):
        return
    if isinstance(field, Num):
        out[at] = float(value) / field.scale
    elif isinstance(field, Opt):
        out[at] = 1.0
        _write(field.field, value, viewer, out, at + 1)
    elif isinstance(field, Token):
        out[at + field.vocabulary.index(value)] = 1.0
    elif isinstance(field, Seat):
        out[at + (value - viewer) % field.seats] = 1.0
    elif isinstance(field, Bag):
        for item in value:
            out[at + field.token.vocabulary.index(item if field.key is None else item[field.key])] += 1.0
    elif isinstance(field, Record):
        assert set(value) <= {key for key, _ in field.fields}
        for key, inner in field.fields:
            _write(inner, value.get(key), viewer, out, at)
            at += inner.size
    elif isinstance(field, Keyed):
        assert set(value) <= set(field.keys)
        for i, key in enumerate(field.keys):
            _write(field.field, value.get(key), viewer, out, at + i * field.field.size)
    elif isinstance(field, SeatMap):
        assert set(value) <= {str(s) for s in range(field.seats)}
        for s in range(field.seats):
            _write(field.field, value.get(str(s)), viewer, out, at + (s - viewer) % field.seats * field.field.size)
    elif isinstance(field, Slots):
        assert len(value) <= field.length
        for i, item in enumerate(value):
            _write(field.field, item, viewer, out, at + i * field.field.size)
    elif isinstance(field, Seats):
        assert len(value) == field.seats
        for s, item in enumerate(value):
            _write(field.field, item, viewer, out, at + (s - viewer) % field.seats * field.field.size)
    else:
        raise AssertionError(f"no reading of {type(field).__name__}")
