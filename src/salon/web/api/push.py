"""Notices: what reaches a player away from the table, by mail and by Web Push, and what each
account chooses of them.

A browser subscribes with its push service, given the server's public key (`GET
/api/push/key`), and posts the subscription it got (`PushSubscription.toJSON()`) to `POST
/api/account/push`: the account's notices are pushed to it from then on, until it is deleted
(`DELETE /api/account/push`), its push service says it is gone, or the account is.  An
endpoint must be an `https://` address of a push service (400 `bad_push_endpoint`), and the
keys a P-256 public key and a 16-byte secret, base64url (400 `bad_push_keys`).

Each kind of notice (`your_turn`, `reminder`, `game_over`, `invitation`) comes by mail and by
push until the account turns it off on either; with the daily `digest` on, the turns come by
mail in one letter a day instead of one each, and are still pushed one by one.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends
from pydantic import Field
from starlette.requests import HTTPConnection, Request

from salon.web.accounts import notices
from salon.web.api.accounts import DONE, label_of
from salon.web.api.deps import AccountsDep, Signed
from salon.web.api.models import ApiModel, Done
from salon.web.api.routing import router
from salon.web.push import PUSH_KINDS, Pusher, check_subscription
from salon.web.push import store as subscriptions

push = router("push")

NoticeKind = Literal["your_turn", "reminder", "game_over", "invitation"]
"""salon.web.push.PUSH_KINDS, as the API documents them."""
ENDPOINT = Field(max_length=2000)


class PushKey(ApiModel):
    key: str
    """The server's VAPID public key, base64url: `applicationServerKey` of `PushManager.subscribe`."""


class SubscriptionKeys(ApiModel):
    p256dh: str = Field(max_length=200)
    """The browser's P-256 public key, base64url."""
    auth: str = Field(max_length=100)
    """The browser's authentication secret, base64url."""


class NewSubscription(ApiModel):
    """A browser's push subscription, as `PushSubscription.toJSON()` gives it."""

    endpoint: str = ENDPOINT
    keys: SubscriptionKeys
    expiration_time: float | None = Field(default=None, alias="expirationTime")
    """Ignored: a push service that ends a subscription says so when a notice is pushed to it."""


class Endpoint(ApiModel):
    endpoint: str = ENDPOINT


class ChannelChoice(ApiModel):
    """Turn one kind of notice on or off on one channel."""

    channel: Literal["mail", "push"]
    kind: NoticeKind
    on: bool


class DigestChoice(ApiModel):
    """Tell the turns by mail once a day (true), or by a letter each (false)."""

    digest: bool


class Notices(ApiModel):
    """What the account is told, and how."""

    kinds: list[str]
    """The kinds of notices, in the order to show them."""
    mail: dict[str, bool]
    """Per kind: whether it comes by mail."""
    push: dict[str, bool]
    """Per kind: whether it is pushed to the account's browsers."""
    digest: bool
    """Whether the turns come by mail in one letter a day, instead of one each."""
    mail_on: bool
    """Whether the server sends mail at all."""
    push_devices: int
    """The browsers subscribed to the account's notices."""


async def pusher_of(connection: HTTPConnection) -> Pusher:
    """The server's pushing (``create_app`` puts it in the app's state)."""
    pusher: Pusher = connection.app.state.push
    return pusher


@push.get("/api/push/key")
async def key(pusher: Annotated[Pusher, Depends(pusher_of)]) -> PushKey:
    """The server's VAPID public key (the same for as long as its database lives)."""
    return PushKey(key=(await pusher.keys()).public)


@push.post("/api/account/push", status_code=201)
async def subscribe(spec: NewSubscription, request: Request, person: Signed, store: AccountsDep) -> Done:
    """Push the account's notices to this browser's subscription (one subscribed before is
    updated, and is this account's now)."""
    sub = check_subscription(spec.endpoint, spec.keys.p256dh, spec.keys.auth, store.hub.limits.push_on_loopback)
    label, now = label_of(request), store.clock()
    await store.run(lambda db: subscriptions.subscribe(db, person.id, sub, label, now))
    return DONE


@push.delete("/api/account/push")
async def unsubscribe(spec: Endpoint, person: Signed, store: AccountsDep) -> Done:
    """Push nothing more to this subscription (one the account does not have changes nothing)."""
    await store.run(lambda db: subscriptions.unsubscribe(db, person.id, spec.endpoint))
    return DONE


@push.get("/api/account/notices")
async def get_notices(person: Signed, store: AccountsDep) -> Notices:
    """What the account is told, and how."""
    return await _notices(person.id, store)


@push.post("/api/account/notices")
async def choose(spec: ChannelChoice | DigestChoice, person: Signed, store: AccountsDep) -> Notices:
    """Change one choice: a kind of notice on one channel, or the daily digest; what the
    account is told now."""
    if isinstance(spec, ChannelChoice):
        await store.run(lambda db: notices.choose(db, person.id, spec.channel, spec.kind, spec.on))
    else:
        await store.run(lambda db: notices.set_digest(db, person.id, spec.digest))
    return await _notices(person.id, store)


async def _notices(account: str, store: AccountsDep) -> Notices:
    found = await store.run(lambda db: notices.choices(db, account))
    return Notices(kinds=list(PUSH_KINDS), mail=found.mail, push=found.push, digest=found.digest,
                   mail_on=store.mail.on, push_devices=found.devices)
