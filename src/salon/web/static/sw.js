// @ts-check
// The site's service worker, served at /sw.js so that its scope is the whole site: it shows
// the notices the server pushes (salon.web.push), each a JSON object {title, body, url, tag},
// and a click on one brings a tab of the site forward at the notice's page, or opens one.

/** @typedef {{title?: string, body?: string, url?: string, tag?: string}} Notice */

// the worker's global scope: the browser's lib of types knows a page's only
const worker = /** @type {any} */ (self);
const ICON = "/static/icons/icon-192.png";

worker.addEventListener("install", () => worker.skipWaiting());
worker.addEventListener("activate", (/** @type {any} */ event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener("push", (/** @type {any} */ event) => {
  event.waitUntil(show(read(event.data)));
});

worker.addEventListener("notificationclick", (/** @type {any} */ event) => {
  event.notification.close();
  event.waitUntil(bringForward(ownPage(event.notification.data?.url)));
});

/**
 * The notice a push message carries; a message that is no JSON is shown as its text.
 * @param {any} data
 * @returns {Notice}
 */
function read(data) {
  if (!data) return {};
  try {
    return data.json();
  } catch {
    return { body: data.text() };
  }
}

/** @param {Notice} notice */
function show(notice) {
  return worker.registration.showNotification(notice.title || "Salon", {
    body: notice.body || "",
    tag: notice.tag || "",
    icon: ICON,
    badge: ICON,
    data: { url: notice.url || "/" },
  });
}

/**
 * A page of this site: a notice's address elsewhere opens the site's first page instead.
 * @param {unknown} url
 */
function ownPage(url) {
  try {
    const page = new URL(String(url || "/"), worker.location.origin);
    if (page.origin === worker.location.origin) return page.href;
  } catch {
    // no address at all
  }
  return new URL("/", worker.location.origin).href;
}

/**
 * Focus a tab of the site, showing ``url``, or open one.
 * @param {string} url
 */
async function bringForward(url) {
  const tabs = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = tabs.find((/** @type {any} */ t) => t.url === url) || tabs[0];
  if (tab) {
    try {
      const focused = await tab.focus();
      if (focused.url !== url) await focused.navigate(url);
      return;
    } catch {
      // a tab this worker does not control cannot be sent elsewhere: a new one shows the page
    }
  }
  await worker.clients.openWindow(url);
}
