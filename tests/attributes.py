"""The instance attributes of an engine class, in either engine.

A pure class lists them in ``__slots__``; mypyc compiles the slots into a native layout and
lists the attributes in ``__mypyc_attrs__`` instead (salon/compiled.py)."""

from __future__ import annotations


def attributes(cls: type) -> tuple[str, ...]:
    names: tuple[str, ...] = vars(cls).get("__slots__") or vars(cls)["__mypyc_attrs__"]
    return tuple(name for name in names if not name.startswith("__"))
