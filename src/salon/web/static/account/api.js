// @ts-check
// The account's requests: same-origin JSON with the session cookie, each answered as
// {ok, status, data, error} where a refusal's error is the server's {code, message, ...}
// (salon.web.api.errors), and a server out of reach is the code "network".

/**
 * @typedef {import("../i18n.js").ServerError} ServerError
 * @typedef {{ok: boolean, status: number, data: any, error: ServerError | null}} Answer
 */

/**
 * @param {"GET" | "POST" | "PUT" | "DELETE"} method
 * @param {string} path
 * @param {Record<string, any>} [body] a POST's or a PUT's (an empty object where none is given)
 * @returns {Promise<Answer>}
 */
export async function request(method, path, body) {
  /** @type {RequestInit} */
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  // a change is sent as JSON, a DELETE too: the server takes no other body for one (CSRF)
  if (method !== "GET") {
    init.headers = { ...init.headers, "Content-Type": "application/json" };
    init.body = JSON.stringify(body || {});
  }
  let r;
  try {
    r = await fetch(path, init);
  } catch {
    return { ok: false, status: 0, data: null, error: { code: "network" } };
  }
  /** @type {any} */
  let data;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (r.ok) return { ok: true, status: r.status, data, error: null };
  const error = data && typeof data.error === "object" && data.error ? data.error : { code: `http_${r.status}` };
  return { ok: false, status: r.status, data, error };
}

/** @param {string} path */
export const get = (path) => request("GET", path);

/**
 * @param {string} path
 * @param {Record<string, any>} [body]
 */
export const post = (path, body) => request("POST", path, body);

/** @param {string} path */
export const remove = (path) => request("DELETE", path);
