// @ts-check
// The friends on "My games": the players the account follows, each with a dot that says
// whether they are online and the listed tables in play where they sit (a free seat to take,
// or a game to watch).

import { h, tableTitle } from "../ui.js";
import { get } from "../account/api.js";
import { profileHref, useStyle } from "./common.js";

/**
 * A followed player (GET /api/account/follows).
 * @typedef {{id: string, title: string, game: string, free: number}} Table
 * @typedef {{handle: string, name: string, online: boolean, tables: Table[]}} Friend
 */

/** The friends' section, kept as one node that the page it sits in places again on each render. */
export class Friends {
  /** @param {import("./common.js").App} app */
  constructor(app) {
    this.app = app;
    /** @type {Friend[] | null} */
    this.friends = null;
    this.node = h("section", { class: "panel my-part my-friends", id: "my-friends" });
    useStyle();
  }

  async load() {
    const r = await get("/api/account/follows");
    if (r.ok) this.friends = r.data.follows;
    this.fill();
  }

  /** The section, filled in the page's language now. */
  element() {
    this.fill();
    return this.node;
  }

  fill() {
    const c = this.app.catalog;
    const friends = this.friends;
    this.node.replaceChildren(
      h("h2", {}, c.t("players.friends")),
      !friends
        ? h("p", { class: "muted" }, c.t("app.loading"))
        : friends.length
          ? h("ul", { class: "my-list" }, friends.map((f) => this.friend(f)))
          : h("p", { class: "muted empty" }, c.t("players.friends_empty")),
    );
  }

  /** @param {Friend} f */
  friend(f) {
    const c = this.app.catalog;
    const state = c.t(f.online ? "players.online" : "players.offline");
    return h(
      "li",
      { class: "my-entry friend", "data-handle": f.handle },
      h("span", { class: `presence${f.online ? " online" : ""}`, title: state, "aria-label": state, role: "img" }),
      h("a", { class: "my-link", href: profileHref(f.handle) }, h("span", { class: "title" }, f.name)),
      h(
        "span",
        { class: "facts" },
        f.tables.map((t) =>
          h("a", { class: "chip", href: `#/game/${t.id}`, "data-game": t.id },
            `${tableTitle(c, t.title, t.game)}${t.free ? ` · ${c.n("players.seats_free", t.free)}` : ""}`),
        ),
      ),
    );
  }
}
