// @ts-check
// The lessons the server has (GET /api/learn), the page that lists them by game (#/learn), the
// lobby's way to it, and which lessons this browser has finished (kept in the browser alone).

import { h } from "../ui.js";
import { useStyle } from "./style.js";

/**
 * @typedef {import("../i18n.js").Catalog} Catalog
 * @typedef {typeof import("../app.js").app} App
 * @typedef {{game: string, name: string, title: string, steps: number}} LessonEntry a lesson as
 *   the list shows it: its game, name, the catalog key of its title, its learner's steps
 */

const FINISHED = "salon.learned";

/** @type {Promise<LessonEntry[]> | null} */
let listed = null;

/**
 * Every lesson of every game, in the server's order (asked once per page load).
 * @returns {Promise<LessonEntry[]>}
 */
export function lessons() {
  if (!listed) {
    listed = fetch("/api/learn")
      .then((r) => (r.ok ? r.json() : []))
      .catch(() => []);
  }
  return listed;
}

/** The lessons this browser has played to their end, as "game/name". */
function finished() {
  try {
    const found = JSON.parse(localStorage.getItem(FINISHED) || "[]");
    return new Set(Array.isArray(found) ? found.map(String) : []);
  } catch {
    return new Set();
  }
}

/**
 * A lesson played to its end.
 * @param {string} game
 * @param {string} name
 */
export function markFinished(game, name) {
  const done = finished();
  done.add(`${game}/${name}`);
  localStorage.setItem(FINISHED, JSON.stringify([...done]));
}

/**
 * The lobby's way to the lessons, for whoever comes to play for the first time.
 * @param {Catalog} c
 */
export function learnEntry(c) {
  return h(
    "div",
    { class: "learn-entry" },
    h("a", { class: "btn primary", id: "learn-to-play", href: "#/learn" }, c.t("learn.entry")),
    h("span", { class: "muted" }, c.t("learn.entry_help")),
  );
}

/** The page of every lesson, by game. */
export class LessonsView {
  /**
   * @param {HTMLElement} root
   * @param {App} app
   */
  constructor(root, app) {
    this.root = root;
    this.app = app;
    /** @type {LessonEntry[]} */
    this.found = [];
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    [this.found] = await Promise.all([lessons(), useStyle()]);
    this.render();
  }

  destroy() {}

  retranslate() {
    this.render();
  }

  render() {
    const c = this.c;
    document.title = `${c.t("learn.title")} · ${c.t("app.name")}`;
    const done = finished();
    const games = [...new Set(this.found.map((x) => x.game))];
    this.root.replaceChildren(
      h(
        "article",
        { class: "panel learn-list", id: "learn-list" },
        h("h1", {}, c.t("learn.title")),
        h("p", { class: "muted" }, c.t("learn.intro")),
        games.length ? null : h("p", { id: "learn-none" }, c.t("learn.none")),
        games.map((game) =>
          h(
            "section",
            { class: "learn-game", "data-game": game },
            h("h2", {}, c.has(`${game}.name`) ? c.t(`${game}.name`) : game),
            h(
              "ul",
              { class: "plain-list" },
              this.found.filter((x) => x.game === game).map((x) => this.entry(x, done.has(`${x.game}/${x.name}`))),
            ),
            h("a", { class: "btn small", href: `#/rules/${game}` }, c.t("game.how_to_play")),
          ),
        ),
        h("div", { class: "end-buttons" }, h("a", { class: "btn", href: "#/" }, c.t("game.back_to_lobby"))),
      ),
    );
  }

  /**
   * One lesson: its title, its length, whether it was finished here, the way in.
   * @param {LessonEntry} x
   * @param {boolean} done
   */
  entry(x, done) {
    const c = this.c;
    return h(
      "li",
      { "data-lesson": `${x.game}/${x.name}` },
      h("span", { class: "what" }, this.app.events.t(x.title)),
      h("span", { class: "muted" }, c.n("learn.steps", x.steps)),
      done ? h("span", { class: "chip learn-done" }, "✓ ", c.t("learn.finished")) : null,
      h(
        "a",
        { class: `btn${done ? "" : " primary"}`, href: `#/learn/${x.game}/${x.name}` },
        c.t(done ? "learn.again" : "learn.start"),
      ),
    );
  }
}
