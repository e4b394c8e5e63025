// @ts-check
// The lobby: create a table (lobby/form.js: game, seats, options, kept by lobby/setup.js while
// the table is set up, through "How to play" and back, and remembered for the next visit), list
// this browser's own tables and the open, running and finished games the lobby shows
// (lobby/lists.js: with their result and replay), join a free seat, watch a game, replay a
// record file, read a game's rules.  A table is private unless its creator lists it: it is
// found through its link, and through "your tables" by whoever sits at it.

import { h } from "./ui.js";
import { NewTableForm } from "./lobby/form.js";
import { TableLists } from "./lobby/lists.js";
import { account } from "./account/session.js";
import { learnEntry } from "./learn/list.js";

const REFRESH_MS = 4000;

export class Lobby {
  /**
   * @param {HTMLElement} root
   * @param {typeof import("./app.js").app} app
   */
  constructor(root, app) {
    this.root = root;
    this.app = app;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    this.form = new NewTableForm(app, () => this.render());
    this.lists = new TableLists(() => this.c);
    /** @type {() => void} */
    this.unwatch = () => {};
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    this.render();
    // signing in or out changes what the form offers
    let signedIn = account.signedIn;
    this.unwatch = account.watch(() => {
      if (account.signedIn !== signedIn) this.render();
      signedIn = account.signedIn;
    });
    this.timer = setInterval(() => this.lists.refresh(), REFRESH_MS); // before the wait: destroy() stops it
    await this.lists.refresh();
  }

  destroy() {
    this.unwatch();
    clearInterval(this.timer);
  }

  retranslate() {
    this.render();
  }

  render() {
    const c = this.c;
    this.root.replaceChildren(
      h(
        "div",
        { class: "lobby" },
        h(
          "div",
          { class: "hero" },
          h("div", { class: "flourish" }, "❧ ❦ ❧"),
          h("h1", {}, c.t("app.name")),
          h("p", {}, c.t("app.tagline")),
          learnEntry(c),
        ),
        this.form.render(),
        this.lists.render(),
      ),
    );
  }
}
