"""The API's reference in Markdown, written from the server's OpenAPI document:
``python -m tools.api_doc > docs/web-api.md``.

The document is the one the server serves (salon.web.api.openapi), so the reference says
what the routes and the WebSocket's models say; a test fails when the committed file differs
from what this writes.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from salon.web.app import create_app

COMMAND = "python -m tools.api_doc > docs/web-api.md"
REF = "#/components/schemas/"
BOUNDS = {"minimum": ">= {}", "exclusiveMinimum": "> {}", "maximum": "<= {}", "exclusiveMaximum": "< {}",
          "minLength": "at least {} characters", "maxLength": "at most {} characters",
          "minItems": "at least {} items", "maxItems": "at most {} items"}


def render(document: dict[str, Any]) -> str:
    """The reference of ``document`` (an OpenAPI document with the server's ``x-websocket``)."""
    info = document["info"]
    out = [f"# The {info['title']} web API (version {info['version']})", "",
           f"<!-- Written by `{COMMAND}` from the server's OpenAPI document: edit the server, not this file. -->",
           "", _text(info["description"]), "",
           "The server serves the OpenAPI document itself at `/api/openapi.json`, and shows it at `/api/docs`.", ""]
    for tag in document.get("tags", []):
        out += [f"## {tag['name'].capitalize()}", "", _text(tag.get("description", "")), ""]
        for path, methods in document["paths"].items():
            for method, operation in methods.items():
                if tag["name"] in operation.get("tags", []):
                    out += _operation(method, path, operation)
    socket = document["x-websocket"]
    out += [f"## WebSocket `{socket['path']}`", "", _text(socket["description"]), "",
            f"Client messages: {', '.join(_link(n) for n in socket['client'])}.", "",
            f"Server messages: {', '.join(_link(n) for n in socket['server'])}.", "",
            "## Schemas", "",
            "Each object has exactly the fields its table lists (a request with any other field is refused). "
            "A value whose type is just *object* is open: each game gives it its own fields.", ""]
    schemas = document["components"]["schemas"]
    for name in sorted(schemas):
        out += _schema(name, schemas[name])
    return "\n".join(out).rstrip() + "\n"


def _operation(method: str, path: str, operation: dict[str, Any]) -> list[str]:
    out = [f"### `{method.upper()} {path}`", "", _text(operation.get("description", operation["summary"])), ""]
    parameters = operation.get("parameters", [])
    if parameters:
        out += ["| Parameter | In | Type | Description |", "| --- | --- | --- | --- |"]
        out += [f"| `{p['name']}` | {p['in']} | {_type(p['schema'], p.get('required', False))} | "
                f"{_cell(p.get('description', ''))} |" for p in parameters]
        out.append("")
    body = operation.get("requestBody")
    if body is not None:
        schema = body["content"]["application/json"]["schema"]
        said = f": {_text(body['description'])}" if "description" in body else ""
        out += [f"Body (JSON): {_type(schema)}{said}", ""]
    answers: dict[str, list[str]] = {}
    for status, response in operation["responses"].items():
        content = response.get("content", {}).get("application/json")
        answers.setdefault(_type(content["schema"]) if content else "no body", []).append(f"`{status}`")
    out += ["Answers: " + "; ".join(f"{', '.join(statuses)} {shape}" for shape, statuses in answers.items()) + ".", ""]
    return out


def _schema(name: str, schema: dict[str, Any]) -> list[str]:
    out = [f"### {name}", ""]
    if "description" in schema:
        out += [_text(schema["description"]), ""]
    properties = schema.get("properties")
    if not properties:
        return [*out, f"Type: {_type(schema)}.", ""]
    required = set(schema.get("required", []))
    out += ["| Field | Type | Description |", "| --- | --- | --- |"]
    for field, prop in properties.items():
        out.append(f"| `{field}` | {_type(prop, field in required)} | {_cell(prop.get('description', ''))} |")
    return [*out, ""]


def _type(schema: dict[str, Any], required: bool = True) -> str:
    """A schema's type in words, with its bounds, its default and whether it may be left out."""
    words = _kind(schema)
    notes = [rule.format(_number(schema[key])) for key, rule in BOUNDS.items() if key in schema]
    for option in schema.get("anyOf", []):
        notes += [rule.format(_number(option[key])) for key, rule in BOUNDS.items() if key in option]
    if not required:
        notes.append("optional" if "default" not in schema else f"default `{json.dumps(schema['default'])}`")
    return _cell(words + (f" ({', '.join(notes)})" if notes else ""))


def _kind(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        return _link(schema["$ref"].removeprefix(REF))
    if "anyOf" in schema or "oneOf" in schema:
        return " or ".join(_kind(s) for s in schema.get("anyOf", schema.get("oneOf", [])))
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " or ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        return f"list of {_kind(schema['items'])}" if "items" in schema else "list"
    if kind == "object":
        values = schema.get("additionalProperties", True)
        return f"object of {_kind(values)}" if isinstance(values, dict) and values else "object"
    return str(kind) if kind is not None else "any"


def _link(name: str) -> str:
    return f"[{name}](#{name.lower()})"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _text(text: str) -> str:
    """A description as Markdown paragraphs (its lines rewrapped by the reader)."""
    return "\n\n".join(" ".join(part.split()) for part in text.strip().split("\n\n"))


def _cell(text: str) -> str:
    """Text for one cell of a table: one line, its pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def main() -> None:
    sys.stdout.buffer.write(render(create_app().openapi()).encode())


if __name__ == "__main__":
    main()
