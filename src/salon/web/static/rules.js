// @ts-check
// "How to play": a game's rules in short, in the page's language, each part naming the rule
// ids of the full rules reference (docs/spec/<game>/RULES.md) it sums up.  The texts are the
// game's catalog entries <game>.howto.h<n> (a heading) and <game>.howto.p<n> (its text); the
// title is the game's own <game>.howto.title where it has one (French contracts "à" with the
// article of a game's name: "au Collier de la Reine"), else rules.title with the game's name.
//
// A text's rule ids ("[R-PH3-4, R-EMP-1]") are shown as a small mark whose tooltip names them,
// not in the sentence.  Beside the first parts the game's own renderer draws the board at the
// start of the game's first lesson, which "Learn by playing" opens.  A lesson's step links here
// with a rule id (#/rules/<game>/<rule>): the part that sums that rule up is shown and marked.

import { h } from "./ui.js";
import { lessons } from "./learn/list.js";

/** A bracketed list of rule ids in a text, with the space before it. */
const CITED = /\s*\[([A-Z]+-[\w-]+(?:,\s*[A-Z]+-[\w-]+)*)\]/g;

/**
 * The title of a game's rules page.
 * @param {import("./i18n.js").Catalog} c
 * @param {string} game
 */
export function rulesTitle(c, game) {
  if (c.has(`${game}.howto.title`)) return c.t(`${game}.howto.title`);
  return c.t("rules.title", { game: c.has(`${game}.name`) ? c.t(`${game}.name`) : game });
}

/**
 * A text with its rule ids as marks: the text's pieces, and every id it cites.
 * @param {import("./i18n.js").Catalog} c
 * @param {string} text
 * @returns {{pieces: Array<string | HTMLElement>, ids: string[]}}
 */
export function citing(c, text) {
  /** @type {Array<string | HTMLElement>} */
  const pieces = [];
  /** @type {string[]} */
  const ids = [];
  let from = 0;
  for (const found of text.matchAll(CITED)) {
    const cited = found[1].split(/,\s*/);
    ids.push(...cited);
    pieces.push(text.slice(from, found.index));
    const tip = c.t("rules.cites", { rules: cited.join(", ") });
    const mark = { class: "rule-ref", tabindex: 0, "data-tip": tip, "aria-label": tip, "data-rules": cited.join(" ") };
    pieces.push(h("sup", mark, "§"));
    from = (found.index ?? 0) + found[0].length;
  }
  pieces.push(text.slice(from));
  return { pieces, ids };
}

/**
 * How near two rule ids are: how many of their first dash-separated parts they share.
 * @param {string} a
 * @param {string} b
 */
function kinship(a, b) {
  const x = a.split("-");
  const y = b.split("-");
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n += 1;
  return n === x.length && n === y.length ? Infinity : n;
}

export class RulesView {
  /**
   * @param {HTMLElement} root
   * @param {typeof import("./app.js").app} app
   * @param {string} game
   * @param {string} [rule] the rule id to show (a lesson's step asks why)
   */
  constructor(root, app, game, rule = "") {
    this.root = root;
    this.app = app;
    this.game = game;
    this.rule = rule;
    this.closed = false;
    /** @type {import("./learn/list.js").LessonEntry | null} the game's first lesson */
    this.lesson = null;
    /** @type {Element[]} the board and one's own cards at the lesson's start, once drawn */
    this.pictures = [];
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    this.render();
    this.lesson = (await lessons()).find((x) => x.game === this.game) || null;
    if (this.closed || !this.lesson) return;
    this.render();
    this.pictures = await this.draw(this.lesson);
    if (!this.closed) this.render();
  }

  destroy() {
    this.closed = true;
  }

  retranslate() {
    if (this.lesson) {
      this.draw(this.lesson).then((pictures) => {
        this.pictures = pictures;
        if (!this.closed) this.render();
      });
    }
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
      const { pieces, ids } = citing(c, c.t(`${g}.howto.p${i}`));
      parts.push(
        h(
          "section",
          { class: "rules-part", "data-part": i, "data-rules": ids.join(" ") },
          h("h2", {}, c.t(`${g}.howto.h${i}`)),
          h("p", {}, pieces),
        ),
      );
    }
    const others = (this.app.meta?.games || []).filter((x) => x.name !== g);
    const way = this.lesson ? `#/learn/${g}/${this.lesson.name}` : null;
    const learn = way
      ? h("a", { class: "btn primary", id: "learn-by-playing", href: way }, c.t("learn.by_playing"))
      : null;
    this.root.replaceChildren(
      h(
        "article",
        { class: "panel rules", id: "rules", "data-game": g },
        h("h1", {}, rulesTitle(c, g)),
        h("p", { class: "muted" }, c.t("rules.intro"), " ", learn),
        this.figures(),
        parts,
        h(
          "div",
          { class: "end-buttons" },
          learn?.cloneNode(true),
          h("a", { class: "btn", href: "#/" }, c.t("game.back_to_lobby")),
          others.map((x) => h("a", { class: "btn", href: `#/rules/${x.name}` }, rulesTitle(c, x.name))),
        ),
      ),
    );
    this.focus(parts);
  }

  /** The board and one's own cards at the start of the first lesson, beside the first parts. */
  figures() {
    const lesson = this.lesson;
    if (!lesson) return [];
    const captions = ["rules.figure", "rules.figure_cards"];
    return this.pictures.map((picture, i) =>
      h(
        "figure",
        { class: "rules-figure", id: `rules-figure-${i + 1}` },
        h("a", { href: `#/learn/${this.game}/${lesson.name}`, "aria-label": this.c.t("learn.by_playing") }, [picture]),
        h("figcaption", {}, this.c.t(captions[i])),
      ),
    );
  }

  /**
   * The board and one's own cards at the start of a lesson, drawn by the game's renderer; none
   * where they cannot be.
   * @param {import("./learn/list.js").LessonEntry} lesson
   * @returns {Promise<Element[]>}
   */
  async draw(lesson) {
    const meta = this.app.gameMeta(lesson.game);
    if (!meta?.renderer) return [];
    try {
      const [found, module] = await Promise.all([
        fetch(`/api/learn/${lesson.game}/${lesson.name}`).then((r) => (r.ok ? r.json() : null)),
        import(meta.renderer),
      ]);
      const first = found?.frames?.[0];
      if (!first || !found.components) return [];
      const renderer = module.createRenderer({
        components: found.components,
        catalog: () => this.c,
        seatName: (/** @type {number} */ seat) => this.c.t("game.player_n", { n: seat + 1 }),
      });
      const state = { ...first.state, legal: [] };
      const cards = renderer.privateArea(state);
      return cards ? [renderer.board(state), h("div", { class: "mine" }, cards)] : [renderer.board(state)];
    } catch {
      return []; // the rules read as well without their pictures
    }
  }

  /**
   * The part that sums up the rule asked for (the one citing it, else the one citing its
   * nearest kin), marked and brought into view, with the rule's id.
   * @param {HTMLElement[]} parts
   */
  focus(parts) {
    if (!this.rule) return;
    let best = null;
    let nearest = 1; // sharing the first part (R, QN) alone is no kinship
    for (const part of parts) {
      for (const id of (part.dataset.rules || "").split(" ").filter((x) => x)) {
        const near = kinship(this.rule, id);
        if (near > nearest) [best, nearest] = [part, near];
      }
    }
    const note = h("p", { class: "rules-focus-note", id: "rules-focus" }, this.c.t("rules.focus", { rule: this.rule }));
    if (!best) {
      parts[0]?.before(note);
      return;
    }
    best.classList.add("rules-focus");
    best.querySelector("h2")?.after(note);
    requestAnimationFrame(() => best.scrollIntoView({ block: "center" }));
  }
}
