"""A table created without a title is named automatically in each reader's language: the server
keeps its title empty, the browser words it ("Table de Rococo"), and a letter about it words it
in the letter's language ("Marie vous invite à une table de Rococo")."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any, cast

import pytest

from salon.web.mail.render import fields_of, table_name, text
from salon.web.mail.settings import MailSettings, Smtp
from salon.web.tables.notices import named
from tests.web.test_accounts import Server, serve

SETTINGS = MailSettings(Smtp("127.0.0.1", 25), "salon@example.org")


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


def created(server: Server, title: str | None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "rococo", "seats": [{"kind": "bot", "bot": "random"}] * 2}
    if title is not None:
        body["title"] = title
    answer = server.client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    game: dict[str, Any] = answer.json()["game"]
    return game


def test_a_table_without_a_title_keeps_it_empty_for_its_readers_to_word(server: Server) -> None:
    game = created(server, None)
    assert game["title"] == ""
    assert server.client.get(f"/api/games/{game['id']}").json()["title"] == ""
    assert server.run(lambda db: named(db, game["id"], "")) == {"table": "", "game": "rococo"}
    titled = created(server, "Le salon bleu")
    assert server.run(lambda db: named(db, titled["id"], titled["title"])) == {"table": "Le salon bleu"}


@pytest.mark.parametrize(("lang", "name"), [("en", "a Rococo table"), ("fr", "une table de Rococo"),
                                            ("de", "Rococo"), ("uk", "Рококо")])
def test_a_letter_words_the_automatic_name_in_its_own_language(lang: str, name: str) -> None:
    assert table_name("rococo", lang) == name
    letter = cast(Any, SimpleNamespace(row=SimpleNamespace(
        lang=lang, fields={"name": "Ann", "by": "Marie", "table": "", "game": "rococo", "link": "x"})))
    fields = fields_of(letter, SETTINGS)
    assert fields["table"] == name
    assert name in text("invitation.subject", lang).format(**fields)


def test_a_titled_table_keeps_its_title_in_every_letter() -> None:
    letter = cast(Any, SimpleNamespace(row=SimpleNamespace(lang="de", fields={"table": "Le salon bleu"})))
    assert fields_of(letter, SETTINGS)["table"] == "Le salon bleu"
