// @ts-check
// The table's page laid out: the status bar, the players' bar, the board with its zoom, the
// decision panel and one's own cards beside it, the journal and the end screen, and on a
// narrow screen the board zoomed in on the first place to click.

import { h } from "../ui.js";

const ZOOMS = [1, 1.25, 1.5, 2, 2.5, 3];

/**
 * The parts of the table's page that change.
 * @typedef {object} Parts
 * @property {HTMLElement} game the whole table, with the state's version, status and seat as data
 * @property {HTMLElement} status
 * @property {HTMLElement} board
 * @property {HTMLElement} decision
 * @property {HTMLElement} mine
 * @property {HTMLElement} players
 * @property {HTMLElement} end
 * @property {HTMLElement} log the journal's list
 * @property {HTMLElement} logBox the journal's panel, which scrolls
 */

/** The layout of a table's page, with the board's zoom, kept while the page is built anew. */
export class TableFrame {
  constructor() {
    this.zoom = window.innerWidth < 700 ? 2 : 1;
    /** @type {number | null} the version whose first place to click was scrolled into view */
    this.shownTargets = null;
  }

  /**
   * The page of a table of ``game``, put in ``root``.
   * @param {HTMLElement} root
   * @param {import("../i18n.js").Catalog} c
   * @param {string} game
   * @param {{click: (e: Event) => void, keydown: (e: Event) => void}} on what the table does with a
   *   click or a key anywhere in it
   * @returns {Parts}
   */
  build(root, c, game, on) {
    const log = h("ol", {});
    const logBox = h("section", { class: "panel log", id: "log" }, h("h2", {}, c.t("game.log")), log);
    const parts = {
      status: h("div", { id: "status", class: "panel" }),
      board: h("div", { class: "board-scroll", id: "board" }),
      decision: h("section", { class: "panel decision", id: "decision" }),
      mine: h("section", { class: "panel mine", id: "mine" }),
      players: h("section", { class: "panel players-bar", id: "players-box", "aria-label": c.t("game.players") }),
      end: h("div", { class: "end-screen", id: "end", hidden: true }),
      log,
      logBox,
    };
    /** @param {number} dz */
    const zoom = (dz) => () => {
      const i = ZOOMS.indexOf(this.zoom);
      this.zoom = dz === 0 ? 1 : ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, (i < 0 ? 0 : i) + dz))];
      this.applyZoom(parts.board);
    };
    const frame = h(
      "div",
      { class: "game", on },
      parts.status,
      parts.players,
      h(
        "section",
        { class: "panel board-wrap", "aria-label": c.t("game.board") },
        h(
          "div",
          { class: "zoom" },
          h(
            "a",
            { class: "btn small", id: "rules-link", href: `#/rules/${game}`, target: "_blank", rel: "noopener" },
            c.t("game.how_to_play"),
          ),
          h("span", { class: "spacer" }),
          h("button", { class: "btn", title: c.t("game.zoom_out"), on: { click: zoom(-1) } }, "−"),
          h("button", { class: "btn", title: c.t("game.zoom_fit"), on: { click: zoom(0) } }, "⤢"),
          h("button", { class: "btn", title: c.t("game.zoom_in"), on: { click: zoom(1) } }, "+"),
        ),
        parts.board,
      ),
      h("aside", { class: "side" }, h("div", { class: "side-scroll" }, parts.decision, parts.mine), logBox),
      parts.end,
    );
    document.body.classList.add("at-table");
    root.replaceChildren(frame);
    return { game: frame, ...parts };
  }

  /** @param {HTMLElement} board */
  applyZoom(board) {
    const svg = board.querySelector("svg");
    if (svg) svg.style.width = `${this.zoom * 100}%`;
  }

  /**
   * The board drawn anew, where the player had scrolled it.
   * @param {HTMLElement} board
   * @param {Element} drawing
   */
  redraw(board, drawing) {
    const { scrollLeft, scrollTop } = board;
    board.replaceChildren(drawing);
    this.applyZoom(board);
    board.scrollLeft = scrollLeft;
    board.scrollTop = scrollTop;
  }

  /**
   * On a narrow screen the board is zoomed in: the first place to click is scrolled into view,
   * once per state.
   * @param {HTMLElement} board
   * @param {import("../renderer-interface.js").TableState} st
   */
  showTargets(board, st) {
    if (window.innerWidth >= 700 || !st.legal.length) return;
    const target = board.querySelector("[data-action]");
    if (!target || this.shownTargets === st.version) return;
    this.shownTargets = st.version;
    const box = target.getBoundingClientRect();
    const frame = board.getBoundingClientRect();
    board.scrollLeft += box.left - frame.left - (frame.width - box.width) / 2;
    board.scrollTop += box.top - frame.top - (frame.height - box.height) / 2;
  }
}
