// @ts-check
// A lesson (#/learn/<game>/<name>): a tutorial played on the table's own page (game.js), so that
// the learner sees the board and the decision exactly as in a real game.  Its frames come from
// the server (GET /api/learn/<game>/<name>) and are played by the lesson's script in the place of
// the server (learn/lesson.js); the coach beside the table says each step and why
// (learn/coach.js), the table points at what the step is about (learn/pointer.js).  A move the
// step does not teach changes nothing: the step is said again by the decision, and its move
// marked.  At the end the lesson hands over to a real game against a bot.

import { byId, h } from "./ui.js";
import { LiveTable } from "./game.js";
import { openTable } from "./table.js";
import { LessonConnection } from "./learn/lesson.js";
import { Coach } from "./learn/coach.js";
import { Pointer } from "./learn/pointer.js";
import { markFinished } from "./learn/list.js";
import { useStyle } from "./learn/style.js";

/**
 * @typedef {typeof import("./app.js").app} App
 * @typedef {import("./learn/lesson.js").Lesson} Lesson
 * @typedef {import("./learn/lesson.js").Frame} Frame
 */

/**
 * The seats of people and bots in the real game a lesson hands over to: its config's players,
 * else the lesson's own (a game that plays a seat itself adds it).
 * @param {Lesson} lesson
 */
function playersOf(lesson) {
  const players = lesson.then.config.players;
  if (typeof players === "number") return players;
  return lesson.frames[0].state.seats.filter((s) => s.kind !== "automaton").length;
}

/**
 * The real game a lesson hands over to: a new private table of its game with the lesson's
 * config, the learner in the first seat and the lesson's bot in the others; then to that table.
 * Its refusal in words, or null.
 * @param {App} app
 * @param {Lesson} lesson
 * @returns {Promise<string | null>}
 */
export async function playReal(app, lesson) {
  const c = app.catalog;
  const name = localStorage.getItem("salon.name") || "";
  const body = {
    game: lesson.game,
    title: "", // named automatically, in each reader's language
    config: lesson.then.config,
    seats: Array.from({ length: playersOf(lesson) }, (_, i) =>
      i === 0 ? { kind: "human" } : { kind: "bot", bot: lesson.then.bot },
    ),
    join: { seat: 0, name },
    private: true,
  };
  return openTable(c, body);
}

/** The page of one lesson. */
export class LearnView {
  /**
   * @param {HTMLElement} root
   * @param {App} app
   * @param {string} game
   * @param {string} name
   */
  constructor(root, app, game, name) {
    this.root = root;
    this.app = app;
    this.game = game;
    this.name = name;
    this.closed = false;
    /** @type {Lesson | null} */
    this.lesson = null;
    /** @type {LiveTable | null} */
    this.table = null;
    /** @type {LessonConnection | null} */
    this.connection = null;
    /** @type {Coach | null} */
    this.coach = null;
    /** @type {Pointer | null} */
    this.pointer = null;
    /** @type {HTMLElement | null} the closing panel, once the lesson is over */
    this.end = null;
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    const r = await fetch(`/api/learn/${encodeURIComponent(this.game)}/${encodeURIComponent(this.name)}`);
    if (!r.ok) {
      const data = await r.json().catch(() => ({}));
      this.root.replaceChildren(
        h(
          "div",
          { class: "panel notice", id: "learn-missing" },
          this.c.error(data.error),
          " ",
          h("a", { class: "btn small", href: "#/learn" }, this.c.t("learn.others")),
        ),
      );
      return;
    }
    /** @type {Lesson} */
    const lesson = await r.json();
    const meta = this.app.gameMeta(lesson.game);
    const [module] = await Promise.all([import(meta?.renderer || "/static/games/generic.js"), useStyle()]);
    if (this.closed) return;
    this.lesson = lesson;
    this.open(lesson, (ctx) => module.createRenderer({ components: lesson.components || {}, ...ctx }));
  }

  /**
   * The lesson's table, its coach and its pointer, then its first step.
   * @param {Lesson} lesson
   * @param {ConstructorParameters<typeof LiveTable>[3]} createRenderer
   */
  open(lesson, createRenderer) {
    const title = this.app.events.t(lesson.title);
    /** @type {import("./game.js").TableSummary} */
    const summary = {
      id: `learn-${lesson.game}-${lesson.name}`,
      game: lesson.game,
      title,
      status: "running",
      seats: lesson.frames[0]?.state.seats || [],
      config: lesson.then.config,
      hints: false,
      private: true,
    };
    /** @type {import("./learn/lesson.js").Steps} */
    const steps = {
      shown: (at) => this.shown(at),
      wrong: () => this.wrong(),
      over: () => this.over(),
    };
    const table = new LiveTable(this.root, this.app, summary, createRenderer, (listener) => {
      this.connection = new LessonConnection(lesson, listener, steps);
      return this.connection;
    });
    this.table = table;
    this.coach = new Coach(lesson.game, lesson.frames.length, {
      catalog: () => this.c,
      say: (frame) => this.say(frame),
      next: () => this.connection?.next(),
      show: () => this.pointer?.show(),
    });
    this.pointer = new Pointer(table);
    document.body.classList.add("learning");
    byId("table-title").textContent = title;
    this.mount();
    table.start();
  }

  /** The coach beside the table's players, the closing panel over it once the lesson is over. */
  mount() {
    if (!this.table || !this.coach) return;
    this.table.el.players.before(this.coach.el);
    if (this.end) this.root.append(this.end);
  }

  /**
   * A step's text (or the lesson's last word) in the page's language, with the game's own words.
   * @param {Pick<Frame, "say">} frame
   */
  say(frame) {
    return this.app.events.t(frame.say, this.table?.renderer.textFields?.() || {});
  }

  /** @param {number} at */
  shown(at) {
    const frame = this.lesson?.frames[at];
    if (!frame || !this.coach || !this.pointer) return;
    this.coach.render(at, frame);
    this.pointer.point(frame.point);
  }

  /** Another move than the taught one: the step said again by the decision, its move marked. */
  wrong() {
    const frame = this.connection?.frame;
    const decision = this.table?.el.decision;
    if (!frame || !decision) return;
    decision.querySelector("#learn-wrong")?.remove();
    const box = h(
      "div",
      { class: "why-not learn-wrong", id: "learn-wrong", role: "status" },
      h("b", {}, this.c.t("learn.another_move")),
      " ",
      this.say(frame),
    );
    const list = decision.querySelector("#actions");
    if (list) list.after(box);
    else decision.append(box);
    this.coach?.nudge();
    this.pointer?.teach(frame.action);
  }

  over() {
    if (!this.lesson) return;
    markFinished(this.lesson.game, this.lesson.name);
    this.pointer?.point("");
    this.coach?.hide(true);
    const end = this.closing(this.lesson);
    this.end = end;
    this.root.append(end);
    end.querySelector("button")?.focus();
  }

  /**
   * The closing panel: the lesson's last word, and the ways on: a real game against the
   * lesson's bot, the lesson again, the other lessons, the rules.
   * @param {Lesson} lesson
   */
  closing(lesson) {
    const c = this.c;
    // the lesson's bot, or else the seat the game plays itself (a solo game's automaton)
    const bot = c.has(`bot.${lesson.then.bot}`) ? c.t(`bot.${lesson.then.bot}`) : lesson.then.bot;
    const automaton = lesson.frames[0]?.state.seats.find((s) => s.kind === "automaton");
    const opponent = playersOf(lesson) > 1 ? bot : automaton && this.table?.seatName(automaton.seat);
    const done = `${lesson.game}.learn.${lesson.name}.done`;
    const refusal = h("p", { class: "form-error", id: "learn-refused", hidden: true });
    const play = async () => {
      const refused = await playReal(this.app, lesson);
      refusal.hidden = !refused;
      refusal.textContent = refused || "";
    };
    return h(
      "div",
      { class: "end-screen learn-end", id: "learn-end" },
      h(
        "div",
        { class: "panel end-panel", role: "dialog", "aria-label": c.t("learn.over") },
        h("div", { class: "over-banner" }, "❦ ", this.app.events.t(lesson.title), " ❦"),
        h("p", { class: "learn-done-text", id: "learn-done" }, this.say({ say: done })),
        refusal,
        h(
          "div",
          { class: "end-buttons" },
          h(
            "button",
            { class: "btn primary", id: "learn-play", on: { click: play } },
            opponent ? c.t("learn.play_against", { bot: opponent }) : c.t("learn.play_real"),
          ),
          h("button", { class: "btn", id: "learn-again", on: { click: () => this.again() } }, c.t("learn.again")),
          h("a", { class: "btn", id: "learn-others", href: "#/learn" }, c.t("learn.others")),
          h("a", { class: "btn", href: `#/rules/${lesson.game}` }, c.t("game.how_to_play")),
        ),
      ),
    );
  }

  /** The lesson from its first step again. */
  again() {
    this.end?.remove();
    this.end = null;
    this.coach?.hide(false);
    if (!this.connection) return;
    this.connection.at = 0;
    this.connection.show();
  }

  destroy() {
    this.closed = true;
    document.title = this.c.t("app.name");
    document.body.classList.remove("at-table", "learning");
    this.table?.stop();
    this.coach?.stop();
    this.pointer?.stop();
  }

  retranslate() {
    if (!this.table) return;
    const over = Boolean(this.end);
    this.end?.remove();
    this.table.retranslate();
    byId("table-title").textContent = this.lesson ? this.app.events.t(this.lesson.title) : "";
    this.coach?.redraw();
    this.end = over && this.lesson ? this.closing(this.lesson) : null;
    this.mount();
  }
}
