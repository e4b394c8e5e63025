// @ts-check
// A finished game stepped through move by move, turn by turn and round by round: the board,
// every seat's cards, the journal up to the step and, at the last step, the final scoring.
// The server replays the record to the step asked for (GET /api/games/<id>/replay, or POST
// /api/replay with a record file opened from disk) and tells where the turns and rounds
// begin; the page keeps only the step it shows.  Every key press and click moves the step
// wanted at once (the slider and the move number follow it); the page fetches the step
// wanted once the previous fetch is back, so quick presses, or a key held down, are never
// lost while a step is on its way.  Fetches are spaced by FETCH_GAP, so that a key held down
// through a whole game asks for a few dozen steps, within the server's replay rate (120 steps
// a minute by default).

import { byId, h, tableTitle, toast, valueOf } from "./ui.js";
import { displayName, highlightMoves, lastMoves, renderEnd } from "./table.js";
import { catalogReader, journalLines } from "./wording.js";

/** The least time between two fetches of a step, in milliseconds. */
const FETCH_GAP = 400;

/**
 * @typedef {import("./renderer-interface.js").Renderer} Renderer
 * @typedef {import("./renderer-interface.js").TableState} TableState
 */

/**
 * A game at one step of its replay (salon.web.replay): every seat's observation, the board
 * everyone sees, the journal so far, and at the last step the result; the first step of a
 * record file brings its components, the table's replay its title and seats (a record file
 * its seats where it names them).
 * @typedef {object} ReplayStep
 * @property {string} game
 * @property {number} step
 * @property {number} total
 * @property {number} players
 * @property {number | null} current
 * @property {Record<string, any>} public
 * @property {Array<Record<string, any>>} observations
 * @property {import("./renderer-interface.js").LogEntry[]} log
 * @property {import("./renderer-interface.js").Result | null} result
 * @property {number | null} round
 * @property {number[]} turns the steps where a turn begins, the first and the last included
 * @property {number[]} rounds the steps where a round begins, the first and the last included
 * @property {Record<string, any>} [components]
 * @property {string} [title]
 * @property {Array<Partial<import("./renderer-interface.js").Seat>>} [seats]
 */

/** A replay whose first step and renderer are loaded. @typedef {{data: ReplayStep, renderer: Renderer}} Shown */

export class ReplayView {
  /**
   * @param {HTMLElement} root
   * @param {typeof import("./app.js").app} app
   * @param {{id?: string, record?: string | null}} source {id} for a finished game of the server,
   *   {record} for a record file's text
   */
  constructor(root, app, source) {
    this.root = root;
    this.app = app;
    this.source = source;
    this.closed = false;
    /** @param {KeyboardEvent} e */
    this.onKey = (e) => this.key(e);
    /** @type {Shown | null} the step shown and the game's renderer, from start() on */
    this.shown = null;
    /** the step wanted: where the keys and buttons have moved it, shown once fetched */
    this.target = 0;
    /** whether a step is being fetched */
    this.fetching = false;
    /** when the last fetch of a step began (performance.now()) */
    this.fetched = -Infinity;
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    if (!this.source.id && !this.source.record) {
      this.notice(this.c.t("replay.no_file"));
      return;
    }
    const first = await this.fetchStep(0);
    if (!first) return;
    const components = this.source.id
      ? await (await fetch(`/api/games/${this.source.id}/components`)).json()
      : first.components;
    const meta = this.app.gameMeta(first.game);
    const module = await import(meta?.renderer || "/static/games/generic.js");
    /** @type {Renderer} */
    const renderer = module.createRenderer({
      components,
      catalog: () => this.c,
      seatName: (/** @type {number} */ seat) => this.seatName(seat),
    });
    byId("table-title").textContent =
      first.title === undefined ? this.c.t("replay.file_title") : tableTitle(this.c, first.title, first.game);
    document.addEventListener("keydown", this.onKey);
    document.body.classList.add("at-table");
    this.shown = { data: first, renderer };
    this.target = first.step;
    this.render(this.shown);
  }

  destroy() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
    document.body.classList.remove("at-table");
  }

  retranslate() {
    if (this.shown) this.render(this.shown);
  }

  /** @param {string} text */
  notice(text) {
    this.root.replaceChildren(
      h(
        "div",
        { class: "panel notice", id: "replay-error" },
        text,
        " ",
        h("a", { class: "btn small", href: "#/" }, this.c.t("game.back_to_lobby")),
      ),
    );
  }

  /** @param {number} seat */
  seatName(seat) {
    const s = this.shown?.data.seats?.[seat];
    const renderer = this.shown?.renderer;
    if (s?.kind === "bot") {
      const bot = this.c.has(`bot.${s.bot}`) ? this.c.t(`bot.${s.bot}`) : s.bot;
      return renderer?.automatonName?.(seat) || this.c.t("game.bot_seat", { bot, n: seat + 1 });
    }
    return renderer?.automatonName?.(seat) || displayName(this.c, s?.name, seat);
  }

  /**
   * @param {number} step
   * @returns {Promise<ReplayStep | null>}
   */
  async fetchStep(step) {
    const r = this.source.id
      ? await fetch(`/api/games/${this.source.id}/replay?step=${step}`)
      : await fetch(`/api/replay?step=${step}${step === 0 ? "&components=1" : ""}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: this.source.record,
        });
    const data = await r.json();
    if (!r.ok) {
      if (!this.shown) this.notice(this.c.t("replay.refused", { reason: this.c.error(data.error) }));
      else toast(this.c.error(data.error), 5000);
      return null;
    }
    return data;
  }

  /**
   * Want ``step`` (kept within the game), and fetch it unless a fetch is on its way: that one
   * fetches the step wanted when it is back.
   * @param {number} step
   */
  go(step) {
    if (!this.shown) return;
    const total = this.shown.data.total;
    this.target = Math.max(0, Math.min(total, step));
    const range = document.getElementById("replay-step");
    if (range instanceof HTMLInputElement) range.value = String(this.target);
    const where = document.getElementById("replay-where");
    if (where) where.textContent = this.whereText(this.shown.data);
    this.pull();
  }

  /**
   * The position's place: the move wanted, and once it is shown the round and whose turn it is.
   * @param {ReplayStep} d the step shown
   */
  whereText(d) {
    const c = this.c;
    const where = [c.t("replay.step", { step: this.target, total: d.total })];
    if (this.target !== d.step) return where[0];
    if (d.round !== null && d.round !== undefined) where.push(c.t("replay.where_round", { round: d.round }));
    if (d.current !== null && !d.result) where.push(c.t("replay.where_turn", { player: this.seatName(d.current) }));
    return where.join(" · ");
  }

  /** Fetch and show the step wanted until it is the one shown (a refused step stops it). */
  async pull() {
    const shown = this.shown;
    if (!shown || this.fetching) return;
    this.fetching = true;
    try {
      while (!this.closed && this.target !== shown.data.step) {
        const wait = this.fetched + FETCH_GAP - performance.now();
        if (wait > 0) await new Promise((done) => setTimeout(done, wait));
        if (this.closed || this.target === shown.data.step) break;
        this.fetched = performance.now();
        const data = await this.fetchStep(this.target);
        if (!data) {
          this.target = shown.data.step;
          break;
        }
        if (this.closed) break;
        shown.data = { ...data, seats: data.seats || shown.data.seats, title: shown.data.title };
        this.render(shown);
      }
    } finally {
      this.fetching = false;
    }
  }

  /**
   * Want the next (``by`` 1) or the previous (-1) of ``marks`` from the step wanted.
   * @param {number[]} marks steps in order
   * @param {number} by
   */
  jump(marks, by) {
    const from = this.target;
    const found = by > 0 ? marks.find((m) => m > from) : [...marks].reverse().find((m) => m < from);
    if (found !== undefined) this.go(found);
  }

  /** @param {number} by */
  turn(by) {
    if (this.shown) this.jump(this.shown.data.turns, by);
  }

  /** @param {number} by */
  round(by) {
    if (this.shown) this.jump(this.shown.data.rounds, by);
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    if (e.altKey || e.ctrlKey || e.metaKey || !this.shown) return;
    /** @type {Record<string, () => void>} */
    const keys = {
      ArrowRight: () => this.go(this.target + 1),
      ArrowLeft: () => this.go(this.target - 1),
      ArrowDown: () => this.turn(1),
      ArrowUp: () => this.turn(-1),
      PageDown: () => this.round(1),
      PageUp: () => this.round(-1),
      Home: () => this.go(0),
      End: () => this.go(this.shown?.data.total ?? 0),
    };
    const act = keys[e.key];
    if (!act) return;
    act();
    e.preventDefault();
  }

  /**
   * The state a renderer draws, as a seat (null: the board everyone sees) would have had it.
   * @param {ReplayStep} d
   * @param {number | null} seat
   * @returns {TableState}
   */
  stateFor(d, seat) {
    const seats = Array.from({ length: d.players }, (_, i) => ({
      seat: i,
      kind: "human",
      name: "",
      online: true,
      taken: true,
      hints: 0,
      ...(d.seats?.[i] || {}),
    }));
    return {
      observation: seat === null ? d.public : d.observations[seat],
      seat,
      replay: true,
      legal: [],
      seats,
      current: d.current,
      status: d.result ? "over" : "running",
      result: d.result,
      version: d.step,
    };
  }

  /** @param {Shown} shown */
  render({ data: d, renderer }) {
    const c = this.c;
    const board = this.stateFor(d, null);
    const log = h("ol", {});
    const logBox = h("section", { class: "panel log", id: "log" }, h("h2", {}, c.t("game.log")), log);
    const reader = catalogReader(this.app.events, renderer.textFields?.() || {}, (seat) => this.seatName(seat));
    for (const entry of d.log) {
      renderer.followLog?.(entry);
      for (const line of journalLines(entry, reader)) {
        const seat = line.seat === undefined || line.seat === null ? "" : ` p${line.seat % 5}`;
        log.append(h("li", { class: `${line.cls || ""}${seat}` }, line.text));
      }
    }
    const hands = [];
    for (let seat = 0; seat < d.players; seat += 1) {
      const area = renderer.privateArea(this.stateFor(d, seat));
      if (area)
        hands.push(
          h(
            "section",
            { class: `panel mine replay-seat p${seat % 5}`, "data-seat": seat },
            h("h2", {}, h("span", { class: "dot" }), " ", this.seatName(seat)),
            area,
          ),
        );
    }
    const boardEl = h("div", { class: "board-scroll", id: "board" }, renderer.board(board));
    const last = d.log[d.log.length - 1];
    if (d.step > 0 && last.actor !== null && last.actor !== undefined)
      highlightMoves(boardEl, lastMoves([d.log[0], last], null));
    const range = h("input", {
      type: "range",
      id: "replay-step",
      min: 0,
      max: d.total,
      value: this.target,
      "aria-label": c.t("replay.step_label"),
      on: { change: (e) => this.go(Number(valueOf(e))) },
    });
    /**
     * @param {string} id
     * @param {string} title
     * @param {string} keyName
     * @param {string} label
     * @param {() => void} act
     */
    const button = (id, title, keyName, label, act) =>
      h(
        "button",
        { class: "btn small", id, title: `${title} (${keyName})`, "aria-label": title, on: { click: act } },
        label,
      );
    const controls = h(
      "div",
      { class: "panel replay-controls", id: "status" },
      h(
        "div",
        { class: "replay-nav", role: "group", title: c.t("replay.keys") },
        button("replay-first", c.t("replay.first"), "Home", "«", () => this.go(0)),
        button("replay-prev-round", c.t("replay.prev_round"), "PgUp", `◀ ${c.t("replay.round_short")}`, () =>
          this.round(-1),
        ),
        button("replay-prev-turn", c.t("replay.prev_turn"), "↑", `◀ ${c.t("replay.turn_short")}`, () => this.turn(-1)),
        button("replay-prev", c.t("replay.prev"), "←", "◀", () => this.go(this.target - 1)),
        button("replay-next", c.t("replay.next"), "→", "▶", () => this.go(this.target + 1)),
        button("replay-next-turn", c.t("replay.next_turn"), "↓", `${c.t("replay.turn_short")} ▶`, () => this.turn(1)),
        button("replay-next-round", c.t("replay.next_round"), "PgDn", `${c.t("replay.round_short")} ▶`, () =>
          this.round(1),
        ),
        button("replay-last", c.t("replay.last"), "End", "»", () => this.go(d.total)),
      ),
      range,
      h("span", { id: "replay-where" }, this.whereText(d)),
      h("span", { class: "spacer" }),
      h("span", { class: "round" }, renderer.header(board)),
      h("a", { class: "btn small", href: "#/" }, c.t("game.back_to_lobby")),
    );
    const scoring = d.result
      ? renderEnd(c, {
          result: d.result,
          seat: null,
          table: renderer.scoring(board),
          seatName: (seat) => this.seatName(seat),
        })
      : null;
    this.root.replaceChildren(
      h(
        "div",
        { class: "game replay", "data-step": d.step, "data-total": d.total },
        controls,
        h("section", { class: "panel players-bar", id: "players-box" }, renderer.players(board)),
        h("section", { class: "panel board-wrap" }, boardEl),
        h(
          "aside",
          { class: "side" },
          h("div", { class: "side-scroll" }, scoring, hands),
          logBox,
        ),
      ),
    );
    logBox.scrollTop = logBox.scrollHeight;
  }
}
