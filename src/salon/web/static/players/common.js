// @ts-check
// What the players' pages share (the profile, the leaderboard, the friends on "My games"):
// their stylesheet, the rating kinds and their names, the addresses of a profile and a board,
// and following or unfollowing a player.

import { h } from "../ui.js";
import { post, remove } from "../account/api.js";

/** The rating kinds (salon.web.players.figures.KINDS), in the order their tabs show. */
export const KINDS = /** @type {const} */ (["rococo", "rococo-solo", "necklace"]);

/** @typedef {typeof import("../app.js").app} App */
/** @typedef {import("../i18n.js").Catalog} Catalog */

let styled = false;

/** Link the players' stylesheet into the page, once (the pages are loaded with the shell). */
export function useStyle() {
  if (styled) return;
  styled = true;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/players/players.css" }));
}

/**
 * A rating kind's name: its game's, but for a kind of its own (Rococo solo).
 * @param {Catalog} c
 * @param {string} kind
 */
export function kindName(c, kind) {
  const key = `players.kind_${kind.replace(/-/g, "_")}`;
  return c.has(key) ? c.t(key) : gameName(c, kind);
}

/**
 * A game's name (rococo, necklace).
 * @param {Catalog} c
 * @param {string} game
 */
export function gameName(c, game) {
  return c.has(`${game}.name`) ? c.t(`${game}.name`) : game;
}

/** @param {string} handle */
export const profileHref = (handle) => `#/players/${encodeURIComponent(handle)}`;

/**
 * @param {string} kind
 * @param {boolean} [provisional]
 */
export const boardHref = (kind, provisional = false) => `#/leaderboard/${kind}${provisional ? "/provisional" : ""}`;

/**
 * Follow a player, or stop following them.
 * @param {string} handle
 * @param {boolean} on
 */
export function setFollowing(handle, on) {
  return on ? post("/api/account/follows", { handle }) : remove(`/api/account/follows/${encodeURIComponent(handle)}`);
}

/**
 * A date in the page's language.
 * @param {string} lang
 * @param {number} seconds since the epoch
 */
export function day(lang, seconds) {
  return new Date(seconds * 1000).toLocaleDateString(lang, { dateStyle: "medium" });
}
