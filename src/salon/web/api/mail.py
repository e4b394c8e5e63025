"""Mail: the one-click unsubscribe of the server's letters (RFC 8058).

A letter that its account may turn off names this route in its `List-Unsubscribe` header, with
a token that turns off that one kind of letter for that one account and does nothing else.  A
mail program posts to it with no cookie, no `Origin` of the server's and a body that is no JSON
(`List-Unsubscribe=One-Click`, or none): the route is the one exception to the rule that changes
come as JSON from the server's own pages, and its token is what authorises it.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from salon.web.api.deps import HubDep
from salon.web.api.models import ApiModel
from salon.web.api.routing import router
from salon.web.errors import Refused
from salon.web.mail.prefs import unsubscribe as turn_off
from salon.web.mail.render import UNSUBSCRIBE

mail = router("mail")

ONE_CLICK = frozenset({UNSUBSCRIBE})
"""The paths a mail program posts to: neither JSON nor from the server's pages."""


class Unsubscribed(ApiModel):
    """What the link turned off."""

    kind: str
    """The kind of letters the account receives no more (``your_turn``, ``reminder``, ...)."""


@mail.post(UNSUBSCRIBE)
async def unsubscribe(hub: HubDep, token: Annotated[str, Query(
        min_length=1, max_length=100, description="The token of the letter's unsubscribe link.")]) -> Unsubscribed:
    """Turn off the kind of letters the token names for its account, whatever the body (404
    `bad_unsubscribe` for a token that names nothing); posting it again changes nothing more."""
    kind = await hub.store(lambda db: turn_off(db, token))
    if kind is None:
        raise Refused("bad_unsubscribe", "this unsubscribe link is not valid")
    return Unsubscribed(kind=kind)
