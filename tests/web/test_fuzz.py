"""Every route of the API answers bad input with a JSON refusal, never with a crash.

The routes come from the server's own OpenAPI document, read when the test runs, so that a
route added later is tried as well.  Each is sent its path parameters as real ids (a table
being played, a finished one) and as junk; its query parameters and headers wrong; each field
of its body wrong (wrong types, arrays where text belongs, nesting 30,000 deep, integers of
5,000 digits, lone surrogates, NaN), each option of a game's config as well; its whole body as
something no request can be (invalid UTF-8, not JSON, JSON of no object) and under the wrong
content types; and the methods it does not take.  No answer may be a 5xx, every 4xx carries
the server's one error shape (salon.web.api.errors), and nothing is logged as an error.  The
quick test sends a seeded sample of each kind of probe, the slow one every probe.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
from collections.abc import Iterator, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.core import record
from salon.core.errors import ConfigError, RecordError
from salon.core.game import game_class
from salon.web.api.errors import MAX_BODY
from salon.web.api.middleware import declared_over
from salon.web.api.models import Refused as RefusedBody
from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.errors import Refused
from salon.web.replay import replay_record
from tests.web.helpers import poll

SEED = 20_260_611
"""The seed of the quick test's sample and of the finished game a record file holds."""
PER_GROUP = 2
"""Probes the quick test sends of each group (one route, one kind of probe, one field)."""
DEEP = 30_000
DIGITS = 5_000
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
SERVER_LOGGERS = ("salon.web", "uvicorn", "uvicorn.error", "starlette", "fastapi")
"""The loggers a crash of a request or of what it started is told on (whether they pass their
records on to the root's handlers or not)."""


@dataclass(frozen=True)
class Raw:
    """JSON text put into a body as it is: what Python's json module will not write (an integer
    of 5,000 digits, NaN) or what no request may hold (nesting 30,000 deep)."""

    text: str
    label: str


JUNK_VALUES: tuple[object, ...] = (
    None, True, -1, 0.5, 2**64, -(2**63) - 1, 10**100,
    "", "x", "a" * 3_000, "\ud800", "\udfff\ud800", "\u202eadmin\x00", "\uff41\u034f",
    "search:think=nan", "random:seed=" + "9" * 27, "::=",
    [], {}, [[1]], [["x"]], [1, "x"], [None], {"x": [1]}, {"": {}},
    Raw("9" * DIGITS, "a 5,000-digit integer"), Raw("-" + "9" * DIGITS, "a negative 5,000-digit integer"),
    Raw("1" + "0" * DIGITS + ".5", "a 5,000-digit number"), Raw("NaN", "NaN"), Raw("-Infinity", "-Infinity"),
    Raw("1e999", "1e999"), Raw("[" * 900 + "]" * 900, "arrays 900 deep"),
    Raw("[" * DEEP + "]" * DEEP, "arrays 30,000 deep"), Raw('{"a":' * 9_000 + "0" + "}" * 9_000, "objects 9,000 deep"),
)
"""What a field of a body is replaced with."""
WHOLE_BODIES: tuple[bytes, ...] = (
    b"", b"\xff\xfe\xfd", b'{"game": "\xff"}', b"\xef\xbb\xbf{}", "{}".encode("utf-16"), b"{", b"}", b"null",
    b"[]", b"0", b'"x"', b"{}" * 2, b'{"a": 1, "a": 2}', b"\x00", b"[" * DEEP + b"]" * DEEP,
    b"9" * DIGITS, b'{"x":' + b"9" * DIGITS + b"}", b"NaN", b"[" * DEEP,
)
"""What a whole body is replaced with."""
CONTENT_TYPES: tuple[str | bytes | None, ...] = (
    None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
    "application/json; charset=utf-16", "application/jsonx", "APPLICATION/JSON", b"application/json; x=\xff",
)
"""What a body is sent as besides ``application/json``."""
JUNK_TEXT: tuple[str, ...] = (
    "", "x", "-1", "0", "1", "0.5", "9" * DIGITS, "-" + "9" * DIGITS, "1e999", "nan", "0x1", "%C2%B2", "%D9%A3",
    "%00", "%ff", "%ED%A0%80", "%2F..%2F", "%C3%A9", "a" * 300, "true", "[1]",
)
"""What a path or query parameter is replaced with (already percent-encoded where it must be)."""
JUNK_HEADERS: tuple[str | bytes, ...] = ("", "x", "a" * 3_000, b"\xff\xfe", "%00", "\x7f")
"""What a header parameter (the seat's token) is replaced with."""
JUNK_LENGTHS: tuple[str | bytes, ...] = ("9" * DIGITS, "0" * DIGITS + "1", b"\xb2", "-1", "0x10", "1 1", "")
"""What a body's declared length is replaced with."""


@dataclass(frozen=True)
class Probe:
    """One request, and what it tries (for the failure message)."""

    method: str
    url: str
    body: bytes | None
    headers: Mapping[str, str | bytes] = field(default_factory=dict)
    what: str = ""

    def send(self, client: TestClient) -> Any:
        raw = [(k.encode(), v if isinstance(v, bytes) else v.encode()) for k, v in self.headers.items()]
        return client.request(self.method, self.url, content=self.body, headers=raw)


@dataclass
class Tables:
    """The real ids a path may name: a table being played (its seat 0's token) and a finished one."""

    live: str
    token: str
    over: str


@dataclass
class Operation:
    """One method of one path of the OpenAPI document."""

    method: str
    path: str
    spec: dict[str, Any]
    doc: dict[str, Any]


def dump(value: object) -> str:
    """``value`` as JSON text, with :class:`Raw` pieces as they are."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k)}:{dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v) for v in value) + "]"
    return json.dumps(value)


def label(value: object) -> str:
    """``value`` as a failure message names it, in a few words."""
    text = value.label if isinstance(value, Raw) else repr(value)
    return text if len(text) < 60 else text[:57] + "..."


def resolve(schema: dict[str, Any], doc: dict[str, Any]) -> dict[str, Any]:
    """A schema with its ``$ref`` followed, its ``anyOf`` taken at its first non-null choice."""
    while True:
        if "$ref" in schema:
            schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
        elif "anyOf" in schema:
            schema = next(s for s in schema["anyOf"] if s.get("type") != "null")
        else:
            return schema


def example(schema: dict[str, Any], doc: dict[str, Any]) -> object:
    """A value the schema allows: its required fields at their first choice or least value."""
    schema = resolve(schema, doc)
    kind = schema.get("type")
    if "enum" in schema or "const" in schema:
        return schema.get("enum", [schema.get("const")])[0]
    if kind == "object":
        return {k: example(p, doc) for k, p in schema.get("properties", {}).items() if k in schema.get("required", [])}
    if kind == "array":
        return [example(schema.get("items", {}), doc) for _ in range(schema.get("minItems", 0))]
    return {"string": "x", "integer": schema.get("minimum", 0), "number": 0, "boolean": False}.get(str(kind))


def bases(op: Operation, meta: dict[str, Any], finished: dict[str, Any]) -> list[dict[str, Any]]:
    """The valid bodies of an operation the junk goes into: the schema's example, a record file
    of a finished game for a record, one table of each game for a new table."""
    content = op.spec.get("requestBody", {}).get("content", {}).get("application/json")
    if content is None:
        return []
    body = example(content["schema"], op.doc)
    assert isinstance(body, dict)
    if "checksum" in body:
        return [dict(finished)]
    if "game" in body and "seats" in body:
        return [{**body, "game": g["name"], "seats": body["seats"] * min(g["players"])} for g in meta["games"]]
    return [body]


def slots(body: dict[str, Any], schema: dict[str, Any], doc: dict[str, Any], meta: dict[str, Any]
          ) -> list[tuple[str | int, ...]]:
    """Where junk goes in a body: each field the schema names (nested ones too, the first item of
    a list) and each option of the body's game's config."""
    found: list[tuple[str | int, ...]] = []
    schema = resolve(schema, doc)
    for key, prop in schema.get("properties", {}).items():
        found.append((key,))
        inner = resolve(prop, doc)
        if inner.get("type") == "array" and isinstance(body.get(key), list) and body[key]:
            found.append((key, 0))
            item = resolve(inner.get("items", {}), doc)
            found += [(key, 0, k) for k in item.get("properties", {})]
        elif inner.get("type") == "object" and inner.get("properties"):
            found += [(key, k) for k in inner["properties"]]
        elif key == "config":
            game = next((g for g in meta["games"] if g["name"] == body.get("game")), None)
            found += [(key, o["key"]) for o in (game["options"] if game else [])]
    return found


def put(body: dict[str, Any], where: tuple[str | int, ...], value: object) -> dict[str, Any]:
    """A copy of ``body`` with ``value`` at ``where`` (its missing objects made on the way)."""
    copy: Any = json.loads(json.dumps(body))
    at = copy
    for step in where[:-1]:
        if isinstance(at, dict) and not isinstance(at.get(step), dict | list):
            at[step] = {}
        at = at[step]
    if isinstance(at, list) and not at:
        at.append(None)
    at[where[-1]] = value
    changed: dict[str, Any] = copy
    return changed


def signed(body: dict[str, Any]) -> dict[str, Any]:
    """A record file signed anew once its junk is in, so that the junk reaches past the checksum
    (junk that Python's json module cannot write stays unsigned)."""
    if "checksum" not in body:
        return body
    try:
        blob = json.dumps({k: v for k, v in body.items() if k != "checksum"}, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return body
    return {**body, "checksum": hashlib.sha256(blob.encode()).hexdigest()}


def finished_record() -> dict[str, Any]:
    """The record file of a game played to its end with random legal actions."""
    game = game_class("necklace").new({}, SEED)
    rng = random.Random(SEED)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    return record.make_record(game)


def probes(doc: dict[str, Any], tables: Tables, meta: dict[str, Any], finished: dict[str, Any]
           ) -> dict[tuple[str, ...], list[Probe]]:
    """Every probe, grouped by route, kind of probe and field (see the module's docstring)."""
    groups: dict[tuple[str, ...], list[Probe]] = {}
    for path, methods in doc["paths"].items():
        for method in METHODS:
            if method.lower() not in methods:
                groups[(path, method, "method")] = [Probe(method, fill(path, {}, tables), b"{}", json_type(),
                                                          f"{method} not documented")]
                continue
            op = Operation(method, path, methods[method.lower()], doc)
            for key, found in operation_probes(op, tables, meta, finished).items():
                groups[(path, method, *key)] = found
    return groups


def json_type() -> dict[str, str]:
    return {"Content-Type": "application/json"}


def fill(path: str, params: dict[str, str], tables: Tables, over: bool = False) -> str:
    """``path`` with its parameters: those of ``params``, else the real ones (the live table,
    or the finished one; seat 1)."""
    real = {"game_id": tables.over if over else tables.live, "target": "1"}
    for name in [p.strip("{}") for p in path.split("/") if p.startswith("{")]:
        path = path.replace("{" + name + "}", params.get(name, real.get(name, "x")))
    return path


def operation_probes(op: Operation, tables: Tables, meta: dict[str, Any], finished: dict[str, Any]
                     ) -> dict[tuple[str, ...], list[Probe]]:
    """The probes of one operation, by kind and field."""
    params = op.spec.get("parameters", [])
    query = {p["name"]: query_example(p, op.doc) for p in params if p["in"] == "query" and p.get("required")}
    headers: dict[str, str | bytes] = {p["name"]: tables.token for p in params if p["in"] == "header"}
    bodies = bases(op, meta, finished)
    base = bodies[0] if bodies else None

    def probe(what: str, path: dict[str, str] | None = None, q: dict[str, str] | None = None,
              h: dict[str, str | bytes] | None = None, body: bytes | None = None, over: bool = False,
              content_type: str | bytes | None = "application/json") -> Probe:
        url = fill(op.path, path or {}, tables, over)
        q = query if q is None else q
        if q:
            url += "?" + "&".join(f"{k}={v}" for k, v in q.items())
        sent: dict[str, str | bytes] = {**headers, **(h or {})}
        if content_type is not None:
            sent["Content-Type"] = content_type
        raw = body if body is not None else dump(base).encode() if base is not None else None
        return Probe(op.method, url, raw, sent, what)

    found: dict[tuple[str, ...], list[Probe]] = {
        ("real",): [probe("the live table"), probe("the finished table", over=True)]
                   + [probe(f"a body of {b.get('game')}", body=dump(b).encode()) for b in bodies[1:]],
    }
    for p in params:
        name, where = p["name"], p["in"]
        if where == "path":
            found[("path", name)] = [probe(f"path {name}={v!r}", path={name: v}) for v in JUNK_TEXT]
        elif where == "query":
            found[("query", name)] = [probe(f"query {name}={v!r}", q={**query, name: v}) for v in JUNK_TEXT]
            found[("query", name, "twice")] = [probe(f"query {name} twice", q={**query, name: f"1&{name}=2"})]
        elif where == "header":
            found[("header", name)] = [probe(f"header {name}={v!r}", h={name: v}) for v in JUNK_HEADERS]
    if base is None:
        return found
    found[("body",)] = [probe(f"body {b[:40]!r}", body=b) for b in WHOLE_BODIES]
    found[("body", "junk")] = [probe(f"body {label(v)}", body=dump(v).encode()) for v in JUNK_VALUES]
    found[("content type",)] = [probe(f"content type {t!r}", content_type=t) for t in CONTENT_TYPES]
    found[("header", "Content-Length")] = [probe(f"Content-Length {n[:20]!r}", h={"Content-Length": n})
                                           for n in JUNK_LENGTHS]
    schema = op.spec["requestBody"]["content"]["application/json"]["schema"]
    for body in bodies:
        for where_ in slots(body, schema, op.doc, meta):
            key = ("field", str(body.get("game", "")), *map(str, where_))
            found[key] = [probe(f"{'.'.join(map(str, where_))}={label(v)} in {body.get('game')}",
                                body=dump(signed(put(body, where_, v))).encode()) for v in JUNK_VALUES]
    return found


def query_example(param: dict[str, Any], doc: dict[str, Any]) -> str:
    """A value the query parameter allows, as a URL writes it."""
    value = example(param["schema"], doc)
    return json.dumps(value) if isinstance(value, bool) else str(value)


def fault(probe: Probe, response: Any) -> str | None:
    """What is wrong with the answer to ``probe``, if anything."""
    status = response.status_code
    if status >= 500:
        return f"{status}: {response.text[:200]}"
    if 400 <= status < 500:
        try:
            refused = RefusedBody.model_validate(response.json())
        except ValueError as e:
            return f"{status} without the error shape ({str(e)[:100]}): {response.text[:200]}"
        if refused.error.status != status:
            return f"{status} whose error says {refused.error.status}"
    return None


@dataclass
class Server:
    """The server under test, with what the probes are made from: its tables, its ``/api/meta``
    and its OpenAPI document."""

    client: TestClient
    tables: Tables
    meta: dict[str, Any]
    doc: dict[str, Any]


@pytest.fixture
def server() -> Iterator[Server]:
    """The in-process server of tests/web/conftest.py, answering a crash with a 500 as a real
    server does rather than raising it, with a table being played and a finished one."""
    app = create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED)
    with TestClient(app, raise_server_exceptions=False) as client:
        r = client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "human"}, {"kind": "human"}],
                                            "seed": 7, "join": {"seat": 0, "name": "Ann"}})
        assert r.status_code == 201, r.text
        live, token = r.json()["id"], r.json()["token"]
        r = client.post("/api/games", json={"game": "necklace", "seed": 7,
                                            "seats": [{"kind": "bot", "bot": "random"}] * 2})
        assert r.status_code == 201, r.text
        over = r.json()["id"]
        poll(lambda: client.get(f"/api/games/{over}").json()["status"] == "over", "the bots' game ends")
        yield Server(client, Tables(live, token, over), client.get("/api/meta").json(),
                     client.get("/api/openapi.json").json())


def fuzz(server: Server, caplog: pytest.LogCaptureFixture, per_group: int | None) -> None:
    """Send the probes (``per_group`` of each group, seeded; all of them for None) and check
    every answer and the log."""
    groups = probes(server.doc, server.tables, server.meta, finished_record())
    rng = random.Random(SEED)
    chosen = [p for _, group in sorted(groups.items())
              for p in (group if per_group is None else rng.sample(group, min(per_group, len(group))))]
    assert {path for path, *_ in groups} == set(server.doc["paths"])
    faults: list[str] = []
    with ExitStack() as stack:
        for name in SERVER_LOGGERS:
            stack.enter_context(caplog.at_level(logging.WARNING, logger=name))
            logging.getLogger(name).addHandler(caplog.handler)
            stack.callback(logging.getLogger(name).removeHandler, caplog.handler)
        for probe in chosen:
            found = fault(probe, probe.send(server.client))
            if found:
                faults.append(f"{probe.method} {probe.url[:80]} ({probe.what}): {found}")
    assert not faults, f"{len(faults)} of {len(chosen)} probes failed:\n" + "\n".join(faults[:30])
    logged = {f"{r.name}: {r.getMessage()[:200]}" for r in caplog.records
              if r.levelno >= logging.ERROR or r.exc_info or "Traceback" in r.getMessage()}
    assert not logged, "\n".join(sorted(logged)[:20])


@pytest.mark.heavy
def test_every_route_answers_bad_input_with_a_json_refusal(server: Server, caplog: pytest.LogCaptureFixture) -> None:
    fuzz(server, caplog, PER_GROUP)


@pytest.mark.slow
def test_every_route_answers_every_probe_with_a_json_refusal(server: Server,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    fuzz(server, caplog, None)


@pytest.mark.heavy
def test_a_config_of_the_wrong_shape_is_refused_in_words(server: Server) -> None:
    for expansions in ([[1]], [1, "noble"], [None]):
        with pytest.raises(ConfigError) as refused:
            game_class("rococo").new({"expansions": expansions}, 1)
        assert refused.value.key == "rococo.config.expansions_list", expansions
        r = server.client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "human"}] * 2,
                                                   "config": {"expansions": expansions}})
        assert r.status_code == 400, r.text
        error = r.json()["error"]
        assert error["code"] == "bad_config" and error["key"] == "rococo.config.expansions_list"
        assert error["message"] == "config expansions: a list of expansion names"


UNREADABLE = [
    pytest.param("[" * DEEP + "]" * DEEP, "nested too deeply", id="nested 30,000 deep"),
    pytest.param('{"format": "salon-record", "seed": ' + "9" * DIGITS + "}", "a number is too long",
                 id="a 5,000-digit integer"),
    pytest.param('{"format": "salon-record", "seats": ["\\udc00"]}', "a lone surrogate", id="a lone surrogate"),
]


@pytest.mark.parametrize(("text", "reason"), UNREADABLE)
@pytest.mark.heavy
def test_a_record_no_parser_reads_is_refused_in_words(server: Server, text: str, reason: str) -> None:
    r = server.client.post("/api/replay?step=0", content=text.encode(), headers=json_type())
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["code"] == "bad_record" and error["key"] == "record.not_a_record" and reason in error["message"]


@pytest.mark.parametrize(("text", "reason"), UNREADABLE)
def test_a_record_file_no_parser_reads_is_refused_by_the_record_reader(text: str, reason: str) -> None:
    with pytest.raises(RecordError) as refused:
        record.loads(text)
    assert refused.value.key == "record.not_a_record" and reason in str(refused.value)
    with pytest.raises(Refused) as answered:
        replay_record(text, 0)
    assert answered.value.code == "bad_record" and answered.value.extra["key"] == "record.not_a_record"


@pytest.mark.heavy
def test_a_lone_surrogate_is_refused_as_json_no_request_holds(server: Server) -> None:
    r = server.client.post("/api/games", content=b'{"game": "rococo", "seats": [{"kind": "human"}, {"kind": "human"}], '
                                                 b'"config": {"expansions": "\\ud800"}}', headers=json_type())
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json", r.text
    assert "surrogate" in r.json()["error"]["message"]
    r = server.client.post("/api/games", content=b'{"game": "rococo", "title": "\\ud83d\\ude00", '
                                                 b'"seats": [{"kind": "human"}, {"kind": "human"}]}',
                           headers=json_type())
    assert r.status_code == 201 and r.json()["game"]["title"] == "\U0001f600", r.text  # a whole pair is text


@pytest.mark.parametrize("length", ["9" * DIGITS, "0" * DIGITS + "1"], ids=["5,000 digits", "leading zeros"])
@pytest.mark.heavy
def test_a_declared_length_int_cannot_read_is_no_crash(server: Server, length: str) -> None:
    r = server.client.post("/api/games", content=b"{}", headers={**json_type(), "Content-Length": length})
    assert r.status_code in (400, 413, 422) and RefusedBody.model_validate(r.json()), r.text


def test_a_declared_length_is_read_in_ascii_digits_only() -> None:
    """"²" is a digit to ``str.isdigit`` and no number to ``int`` (the test client cannot send
    it: it sends its headers as UTF-8, which the server reads as Latin-1)."""
    assert declared_over(str(MAX_BODY + 1)) and declared_over("9" * DIGITS) and declared_over("0" * DIGITS + "9" * 6)
    assert not any(declared_over(n) for n in (str(MAX_BODY), "0" * DIGITS + "1", "\xb2", "\u0663", "-1", ""))
