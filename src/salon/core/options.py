"""A game's config refused in words a player can read, in any language.

Both games validate their configs with pydantic.  A refusal becomes a
:class:`~salon.core.errors.ConfigError` whose message is the English sentence (for logs and
researchers) and whose ``key`` and ``fields`` let a front end word it from its catalogs
(``config.<key>``, or ``<game>.config.<key>`` for a game's own rule): the rules a game checks
itself raise :func:`refuse` with a key of their own, and pydantic's checks of a single value
(a number out of range, a word not among the choices, an unknown option) map to the shared
keys of :data:`PYDANTIC`.  The error's ``key`` is the whole catalog key, so that a front end
words it without knowing the game.
"""

from __future__ import annotations

from typing import Any, get_args

from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticCustomError

from salon.core.errors import ConfigError

PYDANTIC = {
    "extra_forbidden": "unknown_option",
    "int_parsing": "not_integer", "int_type": "not_integer", "int_from_float": "not_integer",
    "bool_parsing": "not_boolean", "bool_type": "not_boolean",
    "literal_error": "choose_from",
    "greater_than_equal": "at_least", "greater_than": "at_least",
    "less_than_equal": "at_most", "less_than": "at_most",
}
"""pydantic's error types of one value, by the shared key that words them."""
LIMITS = ("ge", "gt", "le", "lt")
OWN: set[str] = set()
"""The keys the games' validators have refused with (:func:`refuse`)."""


def refuse(key: str, message: str, **fields: str | int) -> PydanticCustomError:
    """The error a config validator raises for a rule of its game: ``key`` names the rule
    among the game's config rules, ``message`` says it in English, ``fields`` hold the values
    its wording needs (an option's key, a number; a seat counted from 1, as players count)."""
    OWN.add(key)
    return PydanticCustomError(key, message, fields)


def parse(model: type[BaseModel], raw: Any, game: str, title: str) -> Any:
    """``raw`` validated as the config ``model`` of ``game`` (its plug-in name; ``title`` its
    English name); a :class:`ConfigError` with the first problem's key, fields and English
    message otherwise."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError(f"a {title} config must be a mapping of options", "config.not_mapping")
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        raise refused(e, model, game) from None


def refused(e: ValidationError, model: type[BaseModel], game: str) -> ConfigError:
    """The first problem of a validation as a keyed ConfigError: a game's own key with its
    fields, a shared key for pydantic's checks of one value, ``invalid`` for anything else."""
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    ctx = {k: v for k, v in (err.get("ctx") or {}).items() if isinstance(v, str | int)}
    msg = err["msg"]
    fields: dict[str, str | int] = {"option": where} if where else {}
    if err["type"] in OWN:
        key = f"{game}.config.{err['type']}"
        fields.update(ctx)
    else:
        key = "config." + PYDANTIC.get(err["type"], "invalid")
        limit = next((ctx[k] for k in LIMITS if k in ctx), None)
        if limit is not None:
            fields["limit"] = limit
        if key == "config.choose_from":  # the choices listed without pydantic's English "or"
            field = model.model_fields.get(where)
            choices = get_args(field.annotation) if field is not None else ()
            fields["expected"] = ", ".join(map(str, choices)) or str(ctx.get("expected", ""))
        if key == "config.unknown_option":
            fields["known"] = ", ".join(model.model_fields)
            msg = f"unknown option; known options: {fields['known']}"
    return ConfigError(f"config {where}: {msg}" if where else f"config: {msg}", key, fields)
