// @ts-check
// Who is signed in, and what follows from it on every page: the control in the page's header
// (sign in and sign up, or "My games", one's profile and the account's name; the leaderboards
// for all), the count of the games where it is one's turn in the tab's title ("(2) Salon"), asked
// of the server on load, when the tab is shown again, after one's own moves and every minute,
// and a notice when that count grows while the tab is hidden.  The guest seats this browser
// holds are moved into the account as soon as it signs in.

import { h, toast } from "../ui.js";
import { seatStore } from "../seats.js";
import { get, post } from "./api.js";
import { push } from "./optional.js";

const POLL_MS = 60_000;
/** The most guest seats moved at once (the server's bound). */
const MOST_SEATS = 200;

/**
 * The signed-in person's account (GET /api/account).
 * @typedef {object} Me
 * @property {string} id
 * @property {string} name
 * @property {string} email
 * @property {boolean} verified
 * @property {string} lang the language of its letters
 * @property {number} created
 * @property {{on: boolean, days_left: number, since: number | null}} [holiday]
 * @property {import("../preferences.js").Preferences} [preferences] at the table (GET /api/account only)
 */

/** @typedef {{count: number, next: string | null, games: string[]}} Turns */

/** The page's account: who is signed in, and the games where it is their turn. */
export class AccountState {
  constructor() {
    /** @type {Me | null} */
    this.me = null;
    /** @type {Turns} */
    this.turns = { count: 0, next: null, games: [] };
    /** @type {Set<() => void>} */
    this.listeners = new Set();
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.poller = undefined;
    /** @type {() => import("../i18n.js").Catalog} */
    this.catalog = () => {
      throw new Error("the account's catalog is not set");
    };
    this.base = document.title; // the tab's title without the count
    this.written = document.title; // the title as last written with the count
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.refreshTurns();
    });
    const title = document.querySelector("title");
    if (title) new MutationObserver(() => this.titleChanged()).observe(title, { childList: true });
  }

  /** @param {() => import("../i18n.js").Catalog} catalog the page's catalog now */
  use(catalog) {
    this.catalog = catalog;
  }

  get signedIn() {
    return this.me !== null;
  }

  /**
   * Call ``fn`` whenever the account or its count of turns changes; the function that stops it.
   * @param {() => void} fn
   */
  watch(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  changed() {
    for (const fn of [...this.listeners]) fn();
  }

  /** Ask the server who is signed in. */
  async load() {
    const r = await get("/api/account");
    this.set(r.ok ? r.data : null);
  }

  /** @param {Me | null} me */
  set(me) {
    const was = this.me;
    this.me = me;
    clearInterval(this.poller);
    this.poller = undefined;
    if (me) {
      this.poller = setInterval(() => this.refreshTurns(), POLL_MS);
      if (!was) this.refreshTurns();
    } else {
      this.turns = { count: 0, next: null, games: [] };
      this.showCount();
    }
    this.renderNav();
    this.changed();
  }

  /**
   * Signed in (``me``): the guest seats this browser holds moved into the account.
   * @param {Me} me
   */
  async signedInAs(me) {
    this.set(me);
    const seats = Object.entries(seatStore.all())
      .slice(0, MOST_SEATS)
      .map(([game, held]) => ({ game, token: held.token }));
    if (!seats.length) return;
    const r = await post("/api/account/seats", { seats });
    if (r.ok && r.data?.seats?.length) toast(this.catalog().t("account.seats_moved"), 5000);
  }

  /** Sign out of this browser. */
  async signOut() {
    await post("/api/account/sign-out");
    this.set(null);
  }

  /** The count of the games where it is the account's turn, asked again. */
  async refreshTurns() {
    if (!this.me) return;
    const r = await get("/api/account/turns");
    if (r.status === 401) {
      this.set(null);
      return;
    }
    if (!r.ok || !r.data) return;
    const before = this.turns.count;
    this.turns = { count: Number(r.data.count) || 0, next: r.data.next || null, games: r.data.games || [] };
    this.showCount();
    if (this.turns.count > before && document.hidden) this.notify();
    this.renderNav();
    this.changed();
  }

  async notify() {
    const c = this.catalog();
    const url = this.turns.next ? `/#/game/${this.turns.next}` : "/#/my";
    const module = await push();
    try {
      await module?.notifyIfHidden(c.t("app.name"), c.n("account.turns_waiting", this.turns.count), url);
    } catch {
      // no notices in this browser
    }
  }

  // --- the tab's title

  titleChanged() {
    // the observer is called after the change, once per batch: the count's own writing is
    // told apart by its text
    if (document.title === this.written) return;
    this.base = document.title;
    this.showCount();
  }

  showCount() {
    const n = this.me ? this.turns.count : 0;
    const title = n > 0 ? `(${n}) ${this.base}` : this.base;
    this.written = title;
    if (document.title !== title) document.title = title;
  }

  // --- the header's control

  renderNav() {
    const nav = document.getElementById("account-nav");
    if (!nav) return;
    const c = this.catalog();
    const me = this.me;
    nav.setAttribute("aria-label", c.t("account.nav_label"));
    const board = h("a", { href: "#/leaderboard", id: "nav-leaderboard" }, c.t("players.leaderboard"));
    if (!me) {
      nav.replaceChildren(
        board,
        h("a", { href: "#/sign-in", id: "nav-sign-in" }, c.t("account.sign_in")),
        h("a", { href: "#/sign-up", id: "nav-sign-up", class: "btn small" }, c.t("account.nav_sign_up")),
      );
      return;
    }
    const n = this.turns.count;
    nav.replaceChildren(
      h(
        "a",
        { href: "#/my", id: "nav-my", "aria-label": n ? c.n("account.turns_waiting", n) : null },
        c.t("my.title"),
        n ? h("span", { class: "count", id: "nav-turns" }, String(n)) : null,
      ),
      board,
      h("a", { href: "#/profile", id: "nav-profile" }, c.t("players.profile")),
      h("a", { href: "#/account", id: "nav-account", class: "account-name", title: me.email }, me.name),
    );
  }
}

export const account = new AccountState();
