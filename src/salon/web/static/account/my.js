// @ts-check
// "My games" (#/my): the signed-in person's tables, those where it is their turn first (the
// one whose time runs out soonest first, with the time left), then those waiting for the
// others, the invitations, and the finished ones; each leads to its table.  Below them, the
// players the account follows (players/friends.js).

import { h, tableTitle } from "../ui.js";
import { get } from "./api.js";
import { account } from "./session.js";
import { timeLeft, when } from "./forms.js";
import { Friends } from "../players/friends.js";

/**
 * A table of the account (GET /api/account/games).
 * @typedef {object} Entry
 * @property {string} id
 * @property {string} game
 * @property {string} title
 * @property {number | null} seat the account's seat (null: invited, not seated yet)
 * @property {number | null} turn_seat the seat deciding now
 * @property {number | null} pace_days null: a live table
 * @property {number | null} deadline
 * @property {number | null} left seconds left to the deciding player
 * @property {string} status
 * @property {string[]} players
 * @property {number} created
 */

/**
 * @typedef {{your_turn: Entry[], waiting: Entry[], invitations: Entry[], finished: Entry[], count: number}} Games
 * @typedef {"your_turn" | "waiting" | "invitations" | "finished"} Part
 */

const PARTS = /** @type {const} */ (["your_turn", "waiting", "invitations", "finished"]);
const REFRESH_MS = 30_000;

/** The page of the account's games. */
export class MyGames {
  /**
   * @param {HTMLElement} root
   * @param {typeof import("../app.js").app} app
   */
  constructor(root, app) {
    this.root = root;
    this.app = app;
    /** @type {Games | null} */
    this.games = null;
    this.failed = false;
    this.loadedAt = 0;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    this.unwatch = account.watch(() => this.turnsChanged());
    this.count = account.turns.count;
    this.friends = new Friends(app);
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    this.render();
    this.timer = setInterval(() => this.load(), REFRESH_MS); // before the wait: destroy() stops it
    await this.load();
  }

  destroy() {
    clearInterval(this.timer);
    this.unwatch();
  }

  retranslate() {
    this.render();
  }

  /** The account signed in or out, or its count of turns changed: the list asked again. */
  turnsChanged() {
    if (!account.me) {
      this.games = null;
      this.render();
    } else if (account.turns.count !== this.count || !this.games) {
      this.count = account.turns.count;
      this.load();
    }
  }

  async load() {
    if (!account.me) {
      this.render();
      return;
    }
    const r = await get("/api/account/games");
    if (r.status === 401) {
      account.set(null);
      return;
    }
    this.failed = !r.ok;
    if (r.ok) {
      this.games = r.data;
      this.loadedAt = Date.now();
    }
    this.render();
    await this.friends.load();
  }

  render() {
    const c = this.c;
    document.title = `${c.t("my.title")} · ${c.t("app.name")}`;
    if (!account.me) {
      this.root.replaceChildren(
        h(
          "div",
          { class: "account-page narrow", id: "page-my" },
          h(
            "section",
            { class: "panel" },
            h("h1", {}, c.t("my.title")),
            h("p", {}, c.t("my.sign_in_first")),
            h(
              "p",
              { class: "end-buttons" },
              h("a", { class: "btn primary", href: "#/sign-in" }, c.t("account.sign_in")),
              h("a", { class: "btn", href: "#/sign-up" }, c.t("account.sign_up")),
            ),
          ),
        ),
      );
      return;
    }
    const games = this.games;
    const head = h(
      "div",
      { class: "account-head" },
      h("h1", {}, c.t("my.title")),
      h("span", { class: "spacer" }),
      h("a", { class: "btn primary", href: "#/", id: "my-new-table" }, c.t("my.new_table")),
    );
    if (!games) {
      this.root.replaceChildren(
        h(
          "div",
          { class: "account-page wide", id: "page-my" },
          head,
          h("p", { class: "muted" }, c.t(this.failed ? "error.network" : "app.loading")),
        ),
      );
      return;
    }
    const none = PARTS.every((p) => !(games[p] || []).length);
    this.root.replaceChildren(
      h(
        "div",
        { class: "account-page wide", id: "page-my", "data-loaded": String(this.loadedAt) },
        head,
        none
          ? h(
              "section",
              { class: "panel empty", id: "my-empty" },
              h("p", {}, c.t("my.none")),
              h("p", {}, h("a", { class: "btn primary", href: "#/" }, c.t("my.to_lobby"))),
            )
          : PARTS.map((part) => this.part(part, games[part] || [])),
        this.friends.element(),
      ),
    );
  }

  /**
   * @param {Part} part
   * @param {Entry[]} entries
   */
  part(part, entries) {
    const c = this.c;
    const sorted =
      part === "your_turn" ? [...entries].sort((a, b) => (a.deadline ?? Infinity) - (b.deadline ?? Infinity)) : entries;
    return h(
      "section",
      { class: `panel my-part my-${part}`, id: `my-${part.replace("_", "-")}` },
      h("h2", {}, c.t(`my.${part}`), " ", h("span", { class: "chip count" }, String(entries.length))),
      entries.length
        ? h(
            "ul",
            { class: "my-list" },
            sorted.map((e) => this.entry(part, e)),
          )
        : h("p", { class: "muted empty" }, c.t(`my.${part}_empty`)),
    );
  }

  /**
   * @param {Part} part
   * @param {Entry} e
   */
  entry(part, e) {
    const c = this.c;
    const game = c.has(`${e.game}.name`) ? c.t(`${e.game}.name`) : e.game;
    const elapsed = (Date.now() - this.loadedAt) / 1000;
    const pace = e.pace_days ? c.n("my.pace_days", e.pace_days) : c.t("my.live");
    /** @type {import("../ui.js").Child[]} */
    const facts = [h("span", { class: "chip pace" }, pace)];
    if (part === "your_turn" && typeof e.left === "number") {
      const left = e.left - elapsed;
      facts.push(
        h(
          "span",
          { class: `chip left${left < 86400 ? " late" : ""}`, "data-left": Math.round(left) },
          c.t("my.left", { time: timeLeft(c, left) }),
        ),
      );
    }
    if (part === "waiting" && e.turn_seat !== null && e.turn_seat !== undefined && e.players[e.turn_seat]) {
      facts.push(h("span", { class: "muted" }, c.t("game.waiting_for", { player: e.players[e.turn_seat] })));
    }
    if (part === "finished" || part === "invitations") {
      facts.push(h("span", { class: "muted" }, when(this.app.lang, e.created)));
    }
    const action = {
      your_turn: "my.play",
      waiting: "my.open",
      invitations: "my.answer",
      finished: "my.see",
    }[part];
    return h(
      "li",
      { class: "my-entry", "data-game": e.id },
      h(
        "a",
        { href: `#/game/${e.id}`, class: "my-link" },
        h("span", { class: "title" }, tableTitle(c, e.title, e.game)),
        h("span", { class: "muted game-name" }, game),
      ),
      h("span", { class: "players" }, e.players.filter((p) => p).join(", ")),
      h("span", { class: "facts" }, facts),
      h("a", { class: `btn small${part === "your_turn" ? " primary" : ""}`, href: `#/game/${e.id}` }, c.t(action)),
    );
  }
}
