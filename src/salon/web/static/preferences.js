// @ts-check
// A player's preferences at the table (salon.core.choices): whether the server takes for them a
// bonus that only gains and a lone pass, and whether the table asks before a move that cannot be
// taken back.  A decision whose every choice comes to the same is always taken for them.  A
// signed-in player's are their account's (GET /api/account, PUT /api/account/preferences), at
// every table and in every browser; a guest's are this browser's (localStorage).  The table's
// page names them in its hello, so that the server moves as they asked; a change made at the
// table opens its connection again with the new ones.

import { checkedOf, h, toast } from "./ui.js";
import { account } from "./account/session.js";
import { request } from "./account/api.js";

/**
 * @typedef {{auto_free: boolean, auto_pass: boolean, confirm_irrevocable: boolean}} Preferences
 * @typedef {import("./i18n.js").Catalog} Catalog
 * @typedef {import("./renderer-interface.js").TableState} TableState
 * @typedef {import("./renderer-interface.js").Renderer} Renderer
 */

const KEY = "salon.preferences";
/** @type {Preferences} a new player's */
export const DEFAULTS = { auto_free: true, auto_pass: true, confirm_irrevocable: false };
/** @type {(keyof Preferences)[]} */
const NAMES = ["auto_free", "auto_pass", "confirm_irrevocable"];
/** The moves the server makes that decide nothing, which it tells as waiting rather than taken. */
const LONE = ["pass", "done"];

/**
 * What this browser keeps for a guest, each choice it does not hold at its default; null where
 * it keeps none.
 * @returns {Preferences | null}
 */
function kept() {
  let found;
  try {
    found = JSON.parse(localStorage.getItem(KEY) || "null");
  } catch {
    found = null;
  }
  if (!found || typeof found !== "object") return null;
  /** @type {Preferences} */
  const prefs = { ...DEFAULTS };
  for (const name of NAMES) if (typeof found[name] === "boolean") prefs[name] = found[name];
  return prefs;
}

/**
 * The player's preferences now: a signed-in player's account's (the defaults until the page has
 * read them), a guest's this browser's.
 * @returns {Preferences}
 */
export function preferences() {
  return (account.me ? account.me.preferences : kept()) || { ...DEFAULTS };
}

/**
 * What the table's hello names: the account's, or those this browser keeps; null where the
 * page knows none (the server keeps the seat's own: its account's, or the defaults).
 */
export function helloPreferences() {
  return account.me ? account.me.preferences || null : kept();
}

/**
 * Keep new preferences: the account's on the server, a guest's in this browser.  The server's
 * refusal, or null.
 * @param {Preferences} prefs
 */
export async function savePreferences(prefs) {
  if (!account.me) {
    localStorage.setItem(KEY, JSON.stringify(prefs));
    return null;
  }
  const r = await request("PUT", "/api/account/preferences", prefs);
  if (!r.ok) return r.error;
  account.set({ ...account.me, preferences: r.data });
  return null;
}

/**
 * The three switches, each saved as soon as it changes, then ``saved`` called.
 * @param {Catalog} c
 * @param {string} prefix of the switches' ids
 * @param {() => void} [saved]
 */
export function preferencesForm(c, prefix, saved) {
  const prefs = preferences();
  /** @param {keyof Preferences} name */
  const row = (name) =>
    h(
      "div",
      { class: "switch-row" },
      h("input", {
        type: "checkbox",
        role: "switch",
        id: `${prefix}-${name}`,
        "data-preference": name,
        checked: prefs[name],
        on: { change: (e) => change(name, checkedOf(e), e) },
      }),
      h("label", { for: `${prefix}-${name}` }, c.t(`prefs.${name}`)),
    );
  /**
   * @param {keyof Preferences} name
   * @param {boolean} on
   * @param {Event} e
   */
  const change = async (name, on, e) => {
    const input = e.target instanceof HTMLInputElement ? e.target : null;
    if (input) input.disabled = true;
    const refused = await savePreferences({ ...preferences(), [name]: on });
    if (input) input.disabled = false;
    if (refused) {
      if (input) input.checked = !on;
      toast(c.error(refused), 5000);
      return;
    }
    toast(c.t("account.saved"));
    saved?.();
  };
  return h(
    "div",
    { class: "preferences", id: `${prefix}-switches` },
    NAMES.map(row),
    h("p", { class: "muted" }, c.t("prefs.always")),
    h("p", { class: "muted" }, c.t(account.me ? "prefs.kept_account" : "prefs.kept_browser")),
  );
}

/**
 * The table's small menu: a gear that opens the switches.  One element for the table's life,
 * put back in the status bar at each drawing so that it stays open while the table changes.
 */
export class PreferencesMenu {
  /**
   * @param {() => Catalog} catalog the page's catalog now
   * @param {() => void} saved a preference changed
   */
  constructor(catalog, saved) {
    this.catalog = catalog;
    this.saved = saved;
    this.el = h("details", { class: "prefs-menu", id: "table-preferences" });
    this.el.addEventListener("toggle", () => this.el.open && this.fill());
    /** @param {Event} e a click elsewhere closes the menu */
    this.away = (e) => {
      if (this.el.open && e.target instanceof Node && !this.el.contains(e.target)) this.el.open = false;
    };
    document.addEventListener("click", this.away);
  }

  /** The table is left. */
  stop() {
    document.removeEventListener("click", this.away);
  }

  /** The menu, its words in the page's language. */
  element() {
    const c = this.catalog();
    const label = c.t("game.preferences");
    if (!this.el.firstChild || this.el.dataset.lang !== c.lang) {
      this.el.dataset.lang = c.lang;
      this.el.replaceChildren(
        h("summary", { class: "btn small", title: label, "aria-label": label }, "⚙"),
        h("div", { class: "prefs-panel" }),
      );
      if (this.el.open) this.fill();
    }
    return this.el;
  }

  fill() {
    const c = this.catalog();
    this.el.querySelector(".prefs-panel")?.replaceChildren(
      h("h2", {}, c.t("prefs.title")),
      preferencesForm(c, "table", this.saved),
    );
  }
}

/**
 * Whether ``action`` may be sent: at once, unless the player asked to confirm the moves that
 * cannot be taken back and the state names it as one.
 * @param {Catalog} c
 * @param {Renderer} renderer
 * @param {TableState} st
 * @param {string} action
 */
export function confirmed(c, renderer, st, action) {
  if (!st.irrevocable?.includes(action)) return true;
  return window.confirm(c.t("game.confirm_irrevocable", { action: renderer.actionLabel(action, st) }));
}

/**
 * The status bar's line while the server makes the seat's move: waiting, for a lone pass or
 * done; what it takes, for anything else.
 * @param {Catalog} c
 * @param {Renderer} renderer
 * @param {TableState} st
 */
export function takenLine(c, renderer, st) {
  const forced = st.forced || "";
  return LONE.includes(forced)
    ? c.t("game.lone_move")
    : c.t("game.taken_for_you", { action: renderer.actionLabel(forced, st) });
}

/**
 * A notice of the move the server takes for the seat (what the status line tells only for the
 * moment of the server's pause), once per state: none for a lone pass or done.  The version
 * told last.
 * @param {Catalog} c
 * @param {Renderer} renderer
 * @param {TableState} st
 * @param {number} told the version told last
 */
export function tellTaken(c, renderer, st, told) {
  if (!st.forced || LONE.includes(st.forced) || st.version === told) return told;
  toast(c.t("game.taken_for_you", { action: renderer.actionLabel(st.forced, st) }), 4000);
  return st.version;
}
