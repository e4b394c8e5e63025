"""The writer of a compiled vector encoding (salon.core.vectors): the text of one Python
function per layout and viewer, with every offset, scale and path fixed in it.

Each field of a declaration adds its own lines through :class:`Code`; the mappings and lists
that hold other fields share the code below, which checks the observation's shape as it reads
it and names the value's path in every error (:class:`~salon.core.errors.EncodingError`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from salon.core.errors import EncodingError

if TYPE_CHECKING:
    from salon.core.vectors import Field

Writer = Callable[[Any, "memoryview[float]"], None]
"""A compiled encoding: ``write(observation, out)`` fills ``out``, the zeroed buffer of a
vector seen as a memoryview of float32 (whose item stores cost less than a numpy array's)."""


class Code:
    """The text of one viewer's compiled encoding being written, with the objects it names.

    A field's code reads its value from the local ``v<depth>`` (never None: absent values are
    skipped before) and keeps the values below it in ``v<depth + 1>``, so that siblings reuse
    their names and nothing else is shared."""

    def __init__(self, viewer: int) -> None:
        self.viewer = viewer
        self.lines: list[str] = ["def write(v0, out):"]
        self.names: dict[str, Any] = {"LISTS": LISTS, "EncodingError": EncodingError}

    def add(self, indent: int, text: str) -> None:
        self.lines.append("    " * indent + text)

    def name(self, value: Any) -> str:
        """A name for ``value`` in the compiled function's globals."""
        key = f"c{len(self.names)}"
        self.names[key] = value
        return key

    def fail(self, indent: int, message: str) -> None:
        """Raise an EncodingError whose message is the f-string ``message``."""
        self.add(indent, f"raise EncodingError(f{message!r}) from None")

    def compile(self) -> Writer:
        self.add(1, "return None")
        exec(compile("\n".join(self.lines), f"<encoding for viewer {self.viewer}>", "exec"), self.names)
        writer: Writer = self.names["write"]
        return writer


LISTS = frozenset((list, tuple))
"""The types of an observation's lists."""


def check_list(code: Code, depth: int, indent: int, path: str) -> None:
    code.add(indent, f"if v{depth}.__class__ not in LISTS:")
    code.fail(indent + 1, f"{literal(path)}: {{v{depth}!r}} is not a list")


def emit_mapping(code: Code, depth: int, indent: int, path: str, entries: Sequence[tuple[str, Field, int]]) -> None:
    """The code of a mapping with the declared keys of ``entries`` (key, field, offset), each
    key optional; a key not declared is refused."""
    value, item = f"v{depth}", f"v{depth + 1}"
    declared = code.name(frozenset(key for key, _, _ in entries))
    code.add(indent, f"if {value}.__class__ is not dict:")
    code.fail(indent + 1, f"{literal(path)}: {{{value}!r}} is not a mapping")
    code.add(indent, f"if not {declared}.issuperset({value}):")
    code.fail(indent + 1, f"{literal(path)}: undeclared key {{next(k for k in {value} if k not in {declared})!r}}")
    for key, field, at in entries:
        if field.size:
            code.add(indent, f"{item} = {value}.get({key!r})")
            code.add(indent, f"if {item} is not None:")
            field.emit(code, depth + 1, indent + 1, at, f"{path}.{key}")


def emit_list(code: Code, depth: int, indent: int, path: str, field: Field, offsets: Sequence[int],
               exact: bool) -> None:
    """The code of a list of ``field`` values at ``offsets`` by position (None: absent); a
    longer list is refused, and one of another length where ``exact``."""
    value, item, length = f"v{depth}", f"v{depth + 1}", f"n{depth}"
    check_list(code, depth, indent, path)
    code.add(indent, f"{length} = len({value})")
    if exact:
        code.add(indent, f"if {length} != {len(offsets)}:")
        code.fail(indent + 1, f"{literal(path)}: {{{length}}} entries for {len(offsets)} seats")
    else:
        code.add(indent, f"if {length} > {len(offsets)}:")
        code.fail(indent + 1, f"{literal(path)}: {{{length}}} items, at most {len(offsets)} declared")
    if not field.size:
        return
    for i, at in enumerate(offsets):
        inner = indent
        if not exact:
            code.add(indent, f"if {length} > {i}:")
            inner += 1
        code.add(inner, f"{item} = {value}[{i}]")
        code.add(inner, f"if {item} is not None:")
        field.emit(code, depth + 1, inner + 1, at, f"{path}[{i}]")


def literal(text: str) -> str:
    """``text`` as literal text inside an f-string."""
    return text.replace("{", "{{").replace("}", "}}")
