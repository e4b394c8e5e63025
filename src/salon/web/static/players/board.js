// @ts-check
// A leaderboard (#/leaderboard/<kind>, its provisional ratings at #/leaderboard/<kind>/provisional):
// a tab per rating kind, the established players ranked by their shown rating, the
// provisional ones in a list apart, a page at a time.

import { h } from "../ui.js";
import { get } from "../account/api.js";
import { KINDS, boardHref, kindName, profileHref, useStyle } from "./common.js";

const PAGE = 50;

/**
 * A page of a board (GET /api/leaderboard/<kind>).
 * @typedef {{rank: number, handle: string, name: string, rating: number, games: number}} Row
 * @typedef {{kind: string, provisional: boolean, offset: number, limit: number, more: boolean, rows: Row[]}} Board
 */

/** The page of one rating kind's leaderboard. */
export class Leaderboard {
  /**
   * @param {HTMLElement} root
   * @param {import("./common.js").App} app
   * @param {string} kind
   * @param {boolean} provisional
   */
  constructor(root, app, kind, provisional) {
    this.root = root;
    this.app = app;
    this.kind = kind;
    this.provisional = provisional;
    this.offset = 0;
    /** @type {Board | null} */
    this.board = null;
    /** @type {import("../i18n.js").ServerError | null} */
    this.error = null;
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    useStyle();
    this.render();
    await this.load();
  }

  destroy() {}

  retranslate() {
    this.render();
  }

  async load() {
    const query = `offset=${this.offset}&limit=${PAGE}&provisional=${this.provisional}`;
    const r = await get(`/api/leaderboard/${encodeURIComponent(this.kind)}?${query}`);
    this.board = r.ok ? r.data : null;
    this.error = r.ok ? null : r.error;
    this.render();
  }

  /** @param {number} offset */
  async page(offset) {
    this.offset = Math.max(0, offset);
    await this.load();
    window.scrollTo(0, 0);
  }

  render() {
    const c = this.c;
    document.title = `${c.t("players.leaderboard")} · ${c.t("app.name")}`;
    this.root.replaceChildren(
      h(
        "div",
        { class: "account-page wide players-page", id: "page-leaderboard", "data-kind": this.kind },
        h("h1", {}, c.t("players.leaderboard")),
        h(
          "nav",
          { class: "board-tabs", "aria-label": c.t("players.kinds") },
          KINDS.map((k) =>
            h("a", { href: boardHref(k, this.provisional), class: `chip${k === this.kind ? " current" : ""}`,
                     "aria-current": k === this.kind ? "page" : null }, kindName(c, k)),
          ),
        ),
        h(
          "nav",
          { class: "board-tabs", "aria-label": c.t("players.lists") },
          [false, true].map((p) =>
            h(
              "a",
              {
                href: boardHref(this.kind, p),
                class: `chip${p === this.provisional ? " current" : ""}`,
                id: p ? "board-provisional" : "board-ranked",
                "aria-current": p === this.provisional ? "page" : null,
              },
              c.t(p ? "players.provisional_list" : "players.ranked_list"),
            ),
          ),
        ),
        this.provisional ? h("p", { class: "muted" }, c.t("players.provisional_help")) : null,
        h("section", { class: "panel" }, this.table()),
      ),
    );
  }

  table() {
    const c = this.c;
    const board = this.board;
    if (!board) return h("p", { class: "muted" }, this.error ? c.error(this.error) : c.t("app.loading"));
    if (!board.rows.length) return h("p", { class: "muted", id: "board-empty" }, c.t("players.board_empty"));
    return [
      h(
        "table",
        { class: "players-table board", id: "board-rows" },
        h("tr", {}, ["col_rank", "col_player", "col_rating", "col_games"].map((k) => h("th", {}, c.t(`players.${k}`)))),
        board.rows.map((r) =>
          h("tr", { "data-handle": r.handle }, h("td", {}, r.rank), h("td", {}, h("a", { href: profileHref(r.handle) },
            r.name)), h("td", {}, r.rating), h("td", {}, r.games)),
        ),
      ),
      h(
        "p",
        { class: "end-buttons" },
        h("button", { class: "btn", type: "button", id: "board-previous", disabled: this.offset === 0,
                      on: { click: () => this.page(this.offset - PAGE) } }, c.t("players.previous")),
        h("button", { class: "btn", type: "button", id: "board-next", disabled: !board.more,
                      on: { click: () => this.page(this.offset + PAGE) } }, c.t("players.next")),
      ),
    ];
  }
}
