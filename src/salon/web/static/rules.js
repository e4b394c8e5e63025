// @ts-check
// "How to play": a game's rules in short, in the page's language, each part naming the rule
// ids of the full rules reference (docs/spec/<game>/RULES.md) it sums up.  The texts are the
// game's catalog entries <game>.howto.h<n> (a heading) and <game>.howto.p<n> (its text); the
// title is the game's own <game>.howto.title where it has one (French contracts "à" with the
// article of a game's name: "au Collier de la Reine"), else rules.title with the game's name.

/**
 * The title of a game's rules page.
 * @param {import("./i18n.js").Catalog} c
 * @param {string} game
 */
export function rulesTitle(c, game) {
  if (c.has(`${game}.howto.title`)) return c.t(`${game}.howto.title`);
  return c.t("rules.title", { game: c.has(`${game}.name`) ? c.t(`${game}.name`) : game });
}

import { h } from "./ui.js";

export class RulesView {
  /**
   * @param {HTMLElement} root
   * @param {typeof import("./app.js").app} app
   * @param {string} game
   */
  constructor(root, app, game) {
    this.root = root;
    this.app = app;
    this.game = game;
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    this.render();
  }

  destroy() {}

  retranslate() {
    this.render();
  }

  render() {
    const c = this.c;
    const g = this.game;
    document.title = `${rulesTitle(c, g)} · ${c.t("app.name")}`;
    if (!c.has(`${g}.howto.h1`)) {
      this.root.replaceChildren(
        h(
          "div",
          { class: "panel notice", id: "rules" },
          c.t("rules.none"),
          " ",
          h("a", { class: "btn small", href: "#/" }, c.t("game.back_to_lobby")),
        ),
      );
      return;
    }
    const parts = [];
    for (let i = 1; c.has(`${g}.howto.h${i}`); i += 1) {
      parts.push(
        h(
          "section",
          { class: "rules-part", "data-part": i },
          h("h2", {}, c.t(`${g}.howto.h${i}`)),
          h("p", {}, c.t(`${g}.howto.p${i}`)),
        ),
      );
    }
    const others = (this.app.meta?.games || []).filter((x) => x.name !== g);
    this.root.replaceChildren(
      h(
        "article",
        { class: "panel rules", id: "rules", "data-game": g },
        h("h1", {}, rulesTitle(c, g)),
        h("p", { class: "muted" }, c.t("rules.intro")),
        parts,
        h(
          "div",
          { class: "end-buttons" },
          h("a", { class: "btn", href: "#/" }, c.t("game.back_to_lobby")),
          others.map((x) => h("a", { class: "btn", href: `#/rules/${x.name}` }, rulesTitle(c, x.name))),
        ),
      ),
    );
  }
}
