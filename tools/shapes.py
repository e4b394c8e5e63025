"""Each game's shapes (salon.core.shapes, docs/architecture.md principle 14), its
``Observation`` and ``Decision`` TypedDicts, written as the JSON Schema the game publishes
(``data/schema.json``, :attr:`~salon.core.game.Description.schema`) and as the browser's JSDoc
types (``static/games/<game>/protocol.js``), which TypeScript checks the browser client
against; tests/test_shapes.py fails while the committed files are not this module's output::

    .venv/bin/python -m tools.shapes            # writes what is out of date
    .venv/bin/python -m tools.shapes --check    # changes nothing; lists it and fails

A decision's details depend on its kind: the TypedDict declares each detail once, marked with
the kinds of decision that give it (:class:`~salon.core.shapes.Kinds`), its ``kind`` with every
kind there is (:class:`~salon.core.shapes.OneOf`), and the published schema has one object per
kind, every detail of the kind required.  A field's docstring (the string under it) describes it
in both outputs.

The schema's events are written by ``python -m tools.schemas`` from played games; this module
writes its ``observation`` and ``decisions`` and keeps the rest of the file as it is.  It writes
the bundled games' files (tools.schemas.CONFIGS).
"""

from __future__ import annotations

import argparse
import ast
import inspect
import json
import sys
import textwrap
import types
import typing
from collections.abc import Iterator
from importlib import import_module, resources
from pathlib import Path
from typing import NotRequired, Required

from salon.core.game import game_class
from salon.core.shapes import Kinds, OneOf
from tools.schemas import CONFIGS

LINE = 120
"""The browser's longest line (its ESLint ``max-len``)."""


class Shape:
    """One TypedDict as both outputs see it: its fields' types (``Annotated`` kept), which
    of them may be absent, and the docstrings of the class and of its fields."""

    def __init__(self, td: type) -> None:
        if not typing.is_typeddict(td):
            raise TypeError(f"{td!r} is not a TypedDict")
        self.name = td.__name__
        self.doc = _paragraph(inspect.getdoc(td) or "")
        self.fields: dict[str, object] = {}
        self.optional: set[str] = set()
        for name, hint in typing.get_type_hints(td, include_extras=True).items():
            origin = typing.get_origin(hint)
            if origin in (NotRequired, Required):
                if origin is NotRequired:
                    self.optional.add(name)
                hint = typing.get_args(hint)[0]
            self.fields[name] = hint
        self.docs = _field_docs(td)


def _paragraph(doc: str) -> str:
    """The first paragraph of a docstring, on one line, its literals marked as Markdown's."""
    return " ".join(doc.split("\n\n")[0].split()).replace("``", "`")


def _field_docs(td: type) -> dict[str, str]:
    """The docstring under each field of ``td``, by field."""
    docs: dict[str, str] = {}
    cls = ast.parse(textwrap.dedent(inspect.getsource(td))).body[0]
    assert isinstance(cls, ast.ClassDef)
    for field, after in zip(cls.body, cls.body[1:]):
        if (isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name) and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str)):
            docs[field.target.id] = _paragraph(inspect.cleandoc(after.value.value))
    return docs


def unwrap(hint: object) -> tuple[object, tuple[object, ...]]:
    """A type without its ``Annotated`` wrapper, and the wrapper's metadata."""
    if typing.get_origin(hint) is typing.Annotated:
        bare, *metadata = typing.get_args(hint)
        return bare, tuple(metadata)
    return hint, ()


def kinds_of(hint: object) -> tuple[str, ...] | None:
    """The kinds a field's :class:`Kinds` names; None for a field of every decision."""
    return next((m.names for m in unwrap(hint)[1] if isinstance(m, Kinds)), None)


def values_of(hint: object) -> tuple[str, ...] | None:
    """The values a field's :class:`OneOf` names; None for a field without."""
    return next((m.values for m in unwrap(hint)[1] if isinstance(m, OneOf)), None)


def union_members(hint: object) -> tuple[object, ...] | None:
    """The members of a union (``A | B`` or ``Optional``), None for any other type."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return None


_JSON: dict[object, str] = {int: "integer", float: "number", str: "string", bool: "boolean", type(None): "null"}
_JS: dict[object, str] = {int: "number", float: "number", str: "string", bool: "boolean", type(None): "null"}
Schema = dict[str, object]
"""A JSON Schema."""
Schemas = dict[str, Schema]
"""JSON Schemas by name."""


# --- JSON Schema

def json_schema(hint: object, defs: Schemas | None) -> Schema:
    """The JSON Schema of a type; a TypedDict becomes a ``$ref`` into ``defs`` (filled on the
    way), or, where ``defs`` is None, its schema in place."""
    values = values_of(hint)
    hint = unwrap(hint)[0]
    if values is not None:
        return {"enum": list(values)}
    if hint in _JSON:
        return {"type": _JSON[hint]}
    members = union_members(hint)
    if members is not None:
        parts = [json_schema(m, defs) for m in members]
        if all(set(p) == {"type"} for p in parts):
            return {"type": [p["type"] for p in parts]}
        return {"anyOf": parts}
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return {"const": args[0]} if len(args) == 1 else {"enum": list(args)}
    if origin is list:
        return {"type": "array", "items": json_schema(args[0], defs)}
    if origin is dict and args[0] is str:
        return {"type": "object", "additionalProperties": json_schema(args[1], defs)}
    if isinstance(hint, type) and typing.is_typeddict(hint):
        if defs is None:
            return _object(Shape(hint), None)
        shape = Shape(hint)
        if shape.name not in defs:
            defs[shape.name] = {}  # before its fields: a TypedDict may hold itself
            defs[shape.name] = _object(shape, defs)
        return {"$ref": f"#/$defs/{shape.name}"}
    raise TypeError(f"no JSON Schema for {hint!r}")


def _object(shape: Shape, defs: Schemas | None, fields: list[str] | None = None,
            const: tuple[str, str] | None = None) -> Schema:
    """The schema of a TypedDict: its ``fields`` (all), every one not optional required and no
    other allowed; ``const`` fixes one field's value and makes every field required."""
    names = list(shape.fields) if fields is None else fields
    properties: Schemas = {}
    for name in names:
        if const is not None and name == const[0]:
            prop: Schema = {"const": const[1]}
        else:
            prop = json_schema(shape.fields[name], defs)
        if name in shape.docs:
            prop = {"description": shape.docs[name], **prop}
        properties[name] = prop
    required = names if const is not None else [n for n in names if n not in shape.optional]
    out: Schema = {"type": "object"}
    if shape.doc:
        out["description"] = shape.doc
    out.update(properties=properties, required=required, additionalProperties=False)
    return out


def observation_schema(observation: type) -> Schema:
    """The schema of an observation, every TypedDict it holds among its ``$defs``."""
    defs: Schemas = {}
    root = json_schema(observation, defs)
    return {**root, "$defs": dict(sorted(defs.items()))}


def decision_schemas(decision: type) -> Schemas:
    """One schema per kind of decision: the seat, the kind and the kind's details (:class:`Kinds`)."""
    shape = Shape(decision)
    every = values_of(shape.fields.get("kind"))
    if every is None:
        raise TypeError(f"{shape.name}: its kind names every kind of decision (Annotated[str, OneOf(...)])")
    out: Schemas = {}
    for kind in sorted(every):
        fields = [name for name, hint in shape.fields.items() if kind in (kinds_of(hint) or every)]
        out[kind] = _object(shape, None, fields, const=("kind", kind))
    for name, hint in shape.fields.items():
        unknown = set(kinds_of(hint) or ()) - set(every)
        if unknown:
            raise TypeError(f"{shape.name}.{name}: no decision is of kind {sorted(unknown)[0]!r}")
    return out


# --- JSDoc

def jsdoc_type(hint: object, found: list[type]) -> str:
    """The TypeScript type of a type in JSDoc; a TypedDict is named, and added to ``found``."""
    values = values_of(hint)
    hint = unwrap(hint)[0]
    if values is not None:
        return " | ".join(json.dumps(v) for v in values)
    if hint in _JS:
        return _JS[hint]
    members = union_members(hint)
    if members is not None:
        return " | ".join(_grouped(m, found) for m in members)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return " | ".join(json.dumps(a) for a in args)
    if origin is list:
        item = jsdoc_type(args[0], found)
        return f"{item}[]" if item.isidentifier() else f"Array<{item}>"
    if origin is dict and args[0] is str:
        return f"Record<string, {jsdoc_type(args[1], found)}>"
    if isinstance(hint, type) and typing.is_typeddict(hint):
        if hint not in found:
            found.append(hint)
        return str(hint.__name__)
    raise TypeError(f"no JSDoc type for {hint!r}")


def _grouped(hint: object, found: list[type]) -> str:
    text = jsdoc_type(hint, found)
    return f"({text})" if " | " in text else text


_SPACE = "\x00"
"""A space no comment line is wrapped at."""


def _comment(lines: list[str]) -> Iterator[str]:
    """JSDoc comment lines, each wrapped to the browser's line length (a tag's own lines
    indented), a long type inside its braces (TypeScript reads it across lines), never between
    a tag and its type or a type and its name: those spaces are held apart from the wrapping."""
    for line in lines:
        indent = " *   " if line[0] == "@" else " * "
        wrapped = textwrap.wrap(line, LINE, initial_indent=" * ", subsequent_indent=indent, break_long_words=False,
                                break_on_hyphens=False)
        yield from (part.replace(_SPACE, " ") for part in wrapped)


def jsdoc(module: str, roots: list[type]) -> str:
    """A browser module of the JSDoc typedefs of ``roots`` and of every TypedDict they hold."""
    found = list(roots)
    blocks: list[str] = []
    for td in found:  # jsdoc_type adds the TypedDicts it meets on the way
        shape = Shape(td)
        lines = [shape.doc] if shape.doc else []
        lines.append(f"@typedef {{object}} {shape.name}")
        for name, hint in shape.fields.items():
            label = f"[{name}]" if name in shape.optional else name
            doc = f" {shape.docs[name]}" if name in shape.docs else ""
            lines.append(f"@property{_SPACE}{{{jsdoc_type(hint, found)}}}{_SPACE}{label}{doc}")
        blocks.append("\n".join(["/**", *_comment(lines), " */"]))
    head = [f"// @ts-check\n// Written by python -m tools.shapes from {module}; do not edit.\n"
            "// The shapes of what the server sends of the game: a seat's observation and its decisions."]
    return "\n\n".join([*head, *blocks, "export {};"]) + "\n"


# --- the files

def schema_file(name: str) -> Path:
    """The JSON Schema a game publishes (salon.core.data.read_schema)."""
    package = game_class(name).__module__.rsplit(".", 1)[0]
    return Path(str(resources.files(package))) / "data" / "schema.json"


def types_file(name: str) -> Path:
    """The browser's types of a game's shapes, beside its renderer."""
    return Path(str(resources.files("salon.web"))) / "static" / "games" / name / "protocol.js"


def outputs() -> dict[Path, bytes]:
    """Every file the bundled games' shapes determine, with the content it should have."""
    files: dict[Path, bytes] = {}
    for name in CONFIGS:
        module = game_class(name).shapes
        found = import_module(module)
        observation, decision = found.Observation, found.Decision
        path = schema_file(name)
        schema = json.loads(path.read_text("utf-8"))
        schema.update(decisions=decision_schemas(decision), observation=observation_schema(observation))
        files[path] = (json.dumps(schema, indent=1) + "\n").encode("utf-8")
        files[types_file(name)] = jsdoc(module, [observation, decision]).encode("utf-8")
    return files


def stale(files: dict[Path, bytes]) -> list[Path]:
    return [path for path, content in files.items() if not path.exists() or path.read_bytes() != content]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.shapes",
                                     description="Write each game's schema and browser types from its shapes.")
    parser.add_argument("--check", action="store_true", help="change nothing; list the files that are out of date")
    args = parser.parse_args(argv)
    files = outputs()
    behind = stale(files)
    for path in behind:
        if args.check:
            print(f"out of date: {path}")
        else:
            path.write_bytes(files[path])
            print(f"wrote {path}")
    return 1 if args.check and behind else 0


if __name__ == "__main__":
    sys.exit(main())
