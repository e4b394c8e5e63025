"""Web Push in Debian's Chromium: the service worker (/sw.js) registered over the whole site
shows the notice a push message carries, delivered by the DevTools protocol as a push service
would (``ServiceWorker.deliverPushMessage``); push.js loads under the site's policy; and the web
app's manifest and its icons are served as what they are."""

from __future__ import annotations

import json
import struct
from typing import Any

import httpx2 as httpx

from tests.web.helpers import poll
from tests.web.test_browser import live  # noqa: F401  (fixture)

REDELIVER = 250  # polls between two deliveries of the same push message
NOTICES = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return (await registration.getNotifications()).map((n) => ({title: n.title, body: n.body, tag: n.tag,
                                                              url: n.data && n.data.url}));
}"""


def test_a_pushed_notice_is_shown_by_the_service_worker(browser: Any, live: str) -> None:  # noqa: F811
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=live)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(live)
    devtools = context.new_cdp_session(page)
    registrations: dict[str, str] = {}
    devtools.on("ServiceWorker.workerRegistrationUpdated",
                lambda e: registrations.update({r["scopeURL"]: r["registrationId"] for r in e["registrations"]}))
    devtools.send("ServiceWorker.enable")
    assert page.evaluate("""async () => {
      const push = await import("/static/push.js");
      await navigator.serviceWorker.register("/sw.js");
      await navigator.serviceWorker.ready;
      return push.pushSupported();
    }""") is True
    poll(lambda: f"{live}/" in registrations, "the worker's registration")
    notice = {"title": "Your turn at Le salon bleu", "body": "Time left for your move: 2 days.",
              "url": f"{live}/#/game/g1", "tag": "salon-g1"}
    message = {"origin": live, "registrationId": registrations[f"{live}/"], "data": json.dumps(notice)}
    shown: list[Any] = []
    asked = [0]

    def notified() -> bool:
        # a push service delivers again until the browser takes the message; so does this test, as a
        # message that reaches a worker still starting can be dropped (the tag keeps one notice shown)
        if asked[0] % REDELIVER == 0:
            devtools.send("ServiceWorker.deliverPushMessage", message)
        asked[0] += 1
        shown[:] = page.evaluate(NOTICES)
        return bool(shown)

    poll(notified, "the notification")
    assert shown == [notice]
    assert page.evaluate("async () => (await import('/static/push.js')).notifyIfHidden('a', 'b', '/')") is None
    assert errors == []
    context.close()


def test_the_manifest_and_icons_are_served_as_what_they_are(live: str) -> None:  # noqa: F811
    manifest = httpx.get(f"{live}/manifest.webmanifest")
    assert manifest.headers["content-type"] == "application/manifest+json"
    found = manifest.json()
    assert (found["name"], found["start_url"], found["display"]) == ("salon", "/", "standalone")
    assert found["theme_color"] == "#fffaf0"
    purposes = set()
    for icon in found["icons"]:
        r = httpx.get(f"{live}{icon['src']}")
        assert r.status_code == 200 and r.headers["content-type"] == icon["type"], icon
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            assert r.content[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", r.content[16:24])
            assert icon["sizes"] == f"{width}x{height}"
    assert purposes == {"any", "maskable"}
    worker = httpx.get(f"{live}/sw.js")
    assert worker.headers["content-type"].startswith("text/javascript") and "notificationclick" in worker.text
    page = httpx.get(live).text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page and 'rel="apple-touch-icon"' in page
    assert httpx.get(f"{live}/static/icons/apple-touch-icon.png").headers["content-type"] == "image/png"
