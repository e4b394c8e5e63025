// @ts-check
// A finished game stepped through move by move: the board, every seat's cards, the journal
// up to the step and, at the last step, the final scoring.  The server replays the record to
// the step asked for (GET /api/games/<id>/replay, or POST /api/replay with a record file
// opened from disk); the page keeps only the step it shows.

import { byId, h, toast } from "./ui.js";
import { displayName, highlightMoves, lastMoves, renderEnd } from "./table.js";
import { catalogReader, journalLines } from "./wording.js";

export class ReplayView {
  /** ``source``: {id} for a finished game of the server, {record} for a record file's text. */
  constructor(root, app, source) {
    this.root = root;
    this.app = app;
    this.source = source;
    this.step = 0;
    this.data = null;
    this.closed = false;
    this.onKey = (e) => this.key(e);
    /** @type {import("./renderer-interface.js").Renderer} the game's renderer, from start() on */
    this.renderer;
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
    this.renderer = module.createRenderer({
      components,
      catalog: () => this.c,
      seatName: (seat) => this.seatName(seat),
    });
    byId("table-title").textContent = first.title || this.c.t("replay.file_title");
    document.addEventListener("keydown", this.onKey);
    document.body.classList.add("at-table");
    this.data = first;
    this.render();
  }

  destroy() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
    document.body.classList.remove("at-table");
  }

  retranslate() {
    if (this.data) this.render();
  }

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

  seatName(seat) {
    const s = this.data?.seats?.[seat];
    if (s?.kind === "bot") {
      const bot = this.c.has(`bot.${s.bot}`) ? this.c.t(`bot.${s.bot}`) : s.bot;
      return this.renderer?.automatonName?.(seat) || this.c.t("game.bot_seat", { bot, n: seat + 1 });
    }
    return this.renderer?.automatonName?.(seat) || displayName(this.c, s?.name, seat);
  }

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
      if (!this.data) this.notice(this.c.t("replay.refused", { reason: this.c.error(data.error) }));
      else toast(this.c.error(data.error), 5000);
      return null;
    }
    return data;
  }

  async go(step) {
    if (!this.data) return;
    const target = Math.max(0, Math.min(this.data.total, step));
    if (target === this.data.step) return;
    const data = await this.fetchStep(target);
    if (!data || this.closed) return;
    this.data = { ...data, seats: data.seats || this.data.seats, title: this.data.title };
    this.render();
  }

  key(e) {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    if (e.key === "ArrowRight") this.go(this.data.step + 1);
    else if (e.key === "ArrowLeft") this.go(this.data.step - 1);
    else return;
    e.preventDefault();
  }

  /** The state a renderer draws, as a seat (null: the board everyone sees) would have had it. */
  stateFor(seat) {
    const d = this.data;
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

  render() {
    const c = this.c;
    const d = this.data;
    const board = this.stateFor(null);
    const log = h("ol", {});
    const reader = catalogReader(this.app.events, this.renderer.textFields?.() || {}, (seat) => this.seatName(seat));
    for (const entry of d.log) {
      this.renderer.followLog?.(entry);
      for (const line of journalLines(entry, reader)) {
        const seat = line.seat === undefined || line.seat === null ? "" : ` p${line.seat % 5}`;
        log.append(h("li", { class: `${line.cls || ""}${seat}` }, line.text));
      }
    }
    const hands = [];
    for (let seat = 0; seat < d.players; seat += 1) {
      const area = this.renderer.privateArea(this.stateFor(seat));
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
    const boardEl = h("div", { class: "board-scroll", id: "board" }, this.renderer.board(board));
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
      on: { change: (e) => this.go(Number(e.target.value)) },
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
      h("span", { class: "round" }, this.renderer.header(board)),
      h("a", { class: "btn small", href: "#/" }, c.t("game.back_to_lobby")),
    );
    const scoring = d.result
      ? renderEnd(c, {
          result: d.result,
          seat: null,
          table: this.renderer.scoring(board),
          seatName: (seat) => this.seatName(seat),
        })
      : null;
    this.root.replaceChildren(
      h(
        "div",
        { class: "game replay", "data-step": d.step, "data-total": d.total },
        controls,
        h("section", { class: "panel players-bar", id: "players-box" }, this.renderer.players(board)),
        h("section", { class: "panel board-wrap" }, boardEl),
        h(
          "aside",
          { class: "side" },
          h("div", { class: "side-scroll" }, scoring, hands),
          h("section", { class: "panel log", id: "log" }, h("h2", {}, c.t("game.log")), log),
        ),
      ),
    );
    const box = this.root.querySelector("#log");
    box.scrollTop = box.scrollHeight;
  }
}
