// @ts-check
// Web Push in the browser: whether this browser can receive the signed-in account's notices
// while no page of the site is open, subscribing it (the service worker /sw.js shows them)
// and unsubscribing it; and a notification of the page itself while it is hidden.

const WORKER = "/sw.js";

/** Whether this browser can subscribe to pushed notices (on iOS: once the site is on the home screen). */
export async function pushSupported() {
  return window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window
    && "Notification" in window;
}

/**
 * The bytes of a base64url text.
 * @param {string} text
 */
function bytesOf(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/**
 * Whether a subscription was made with the server's key ``key`` (base64url).
 * @param {PushSubscription} sub
 * @param {string} key
 */
function madeWith(sub, key) {
  const made = sub.options.applicationServerKey;
  if (!made) return false;
  const mine = bytesOf(key);
  const theirs = new Uint8Array(made);
  return theirs.length === mine.length && theirs.every((b, i) => b === mine[i]);
}

/**
 * A request to the server, refused as an Error whose ``code`` is the server's.
 * @param {string} path
 * @param {RequestInit} [init]
 */
async function call(path, init) {
  const response = await fetch(path, init);
  if (response.ok) return response;
  const body = await response.json().catch(() => ({}));
  const error = new Error(body.error?.message || `${path}: ${response.status}`);
  /** @type {any} */ (error).code = body.error?.code || "http_error";
  throw error;
}

/** @param {string} method @param {unknown} body */
function json(method, body) {
  return { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
}

/**
 * Subscribe this browser to the signed-in account's notices: registers the service worker,
 * asks the person's permission, subscribes with the server's key and hands the subscription
 * to the server.  False when the permission is refused; an Error (with the server's ``code``)
 * when the server refuses.
 */
export async function subscribe() {
  if (!(await pushSupported())) return false;
  if ((await Notification.requestPermission()) !== "granted") return false;
  await navigator.serviceWorker.register(WORKER, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const { key } = await (await call("/api/push/key")).json();
  let sub = await registration.pushManager.getSubscription();
  if (sub && !madeWith(sub, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ||= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(key) });
  await call("/api/account/push", json("POST", sub.toJSON()));
  return true;
}

/** Unsubscribe this browser: the server pushes nothing more to it.  False when it had no subscription. */
export async function unsubscribe() {
  if (!(await pushSupported())) return false;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const sub = registration && (await registration.pushManager.getSubscription());
  if (!sub) return false;
  await sub.unsubscribe(); // first: should the server not hear of it, its next push is answered "gone"
  await call("/api/account/push", json("DELETE", { endpoint: sub.endpoint }));
  return true;
}

/**
 * Tell the person something while the page is hidden (another tab, another window): a
 * notification of the page itself, when they allowed notifications; clicking it brings the
 * tab forward at ``url``.
 * @param {string} title
 * @param {string} body
 * @param {string} url
 */
export function notifyIfHidden(title, body, url) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return null;
  const notice = new Notification(title, { body, icon: "/static/icons/icon-192.png" });
  notice.onclick = () => {
    window.focus();
    if (url) window.location.assign(url);
    notice.close();
  };
  return notice;
}
