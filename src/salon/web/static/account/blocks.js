// @ts-check
// The players the account blocks, on its account's page: their messages never reach it, they
// cannot sit at its tables nor invite it (salon.web.chat); each may be unblocked here.  A
// player is blocked from a message's menu in a table's chat.

import { h, toast } from "../ui.js";
import { get, remove } from "./api.js";
import { section, when } from "./forms.js";

/**
 * A blocked player (GET /api/account/blocks).
 * @typedef {{handle: string, name: string, at: number}} Blocked
 * @typedef {typeof import("../app.js").app} App
 */

/** The section, kept as one node that the page places again on each render. */
export class Blocks {
  /** @param {App} app */
  constructor(app) {
    this.app = app;
    /** @type {Blocked[] | null} */
    this.blocks = null;
    this.node = h("div", { id: "account-blocks-box" });
  }

  async load() {
    const r = await get("/api/account/blocks");
    if (r.ok) this.blocks = r.data.blocks;
    this.fill();
  }

  /** The section, filled in the page's language now. */
  element() {
    this.fill();
    return this.node;
  }

  fill() {
    const c = this.app.catalog;
    const blocks = this.blocks;
    this.node.replaceChildren(
      section(
        "account-blocks",
        c.t("account.blocks"),
        h("p", { class: "muted" }, c.t("account.blocks_help")),
        !blocks
          ? h("p", { class: "muted" }, c.t("app.loading"))
          : blocks.length
            ? h("ul", { class: "plain-list" }, blocks.map((b) => this.blocked(b)))
            : h("p", { class: "muted empty" }, c.t("account.blocks_none")),
      ),
    );
  }

  /** @param {Blocked} b */
  blocked(b) {
    const c = this.app.catalog;
    return h(
      "li",
      { class: "blocked", "data-handle": b.handle },
      h("span", { class: "what" }, b.name, " ", h("span", { class: "muted" }, `@${b.handle}`)),
      " ",
      h("span", { class: "muted" }, c.t("account.blocked_on", { date: when(this.app.lang, b.at) })),
      " ",
      h("button", { class: "btn small", type: "button", on: { click: () => this.unblock(b) } }, c.t("account.unblock")),
    );
  }

  /** @param {Blocked} b */
  async unblock(b) {
    const r = await remove(`/api/account/blocks/${encodeURIComponent(b.handle)}`);
    if (!r.ok) toast(this.app.catalog.error(r.error), 5000);
    await this.load();
  }
}
