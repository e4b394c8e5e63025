// @ts-check
// A finished game stepped through move by move: the board, every seat's cards, the journal
// up to the step and, at the last step, the final scoring.  The server replays the record to
// the step asked for (GET /api/games/<id>/replay, or POST /api/replay with a record file
// opened from disk); the page keeps only the step it shows.

import { byId, h, toast, valueOf } from "./ui.js";
import { displayName, highlightMoves, lastMoves, renderEnd } from "./table.js";
import { catalogReader, journalLines } from "./wording.js";

/**
 * @typedef {import("./renderer-interface.js").Renderer} Renderer
 * @typedef {import("./renderer-interface.js").TableState} TableState
 */

/**
 * A game at one step of its replay (salon.web.replay): every seat's observation, the board
 * everyone sees, the journal so far, and at the last step the result; the first step of a
 * record file brings its components, the table's replay its title and seats.
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
    byId("table-title").textContent = first.title || this.c.t("replay.file_title");
    document.addEventListener("keydown", this.onKey);
    document.body.classList.add("at-table");
    this.shown = { data: first, renderer };
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

  /** @param {number} step */
  async go(step) {
    const shown = this.shown;
    if (!shown) return;
    const target = Math.max(0, Math.min(shown.data.total, step));
    if (target === shown.data.step) return;
    const data = await this.fetchStep(target);
    if (!data || this.closed) return;
    shown.data = { ...data, seats: data.seats || shown.data.seats, title: shown.data.title };
    this.render(shown);
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    const step = this.shown?.data.step ?? 0;
    if (e.key === "ArrowRight") this.go(step + 1);
    else if (e.key === "ArrowLeft") this.go(step - 1);
    else return;
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
      value: d.step,
      "aria-label": c.t("replay.step_label"),
      on: { change: (e) => this.go(Number(valueOf(e))) },
    });
    const controls = h(
      "div",
      { class: "panel replay-controls", id: "status" },
      h(
        "button",
        { class: "btn small", id: "replay-first", title: c.t("replay.first"), on: { click: () => this.go(0) } },
        "«",
      ),
      h(
        "button",
        { class: "btn small", id: "replay-prev", title: c.t("replay.prev"), on: { click: () => this.go(d.step - 1) } },
        "◀",
      ),
      h(
        "button",
        { class: "btn small", id: "replay-next", title: c.t("replay.next"), on: { click: () => this.go(d.step + 1) } },
        "▶",
      ),
      h(
        "button",
        { class: "btn small", id: "replay-last", title: c.t("replay.last"), on: { click: () => this.go(d.total) } },
        "»",
      ),
      range,
      h("span", { id: "replay-where" }, c.t("replay.step", { step: d.step, total: d.total })),
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
