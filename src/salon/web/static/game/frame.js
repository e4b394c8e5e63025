// @ts-check
// The table's page laid out: the status bar, the board with its zoom (./zoom.js), the decision
// and one's own cards under the board, the players and the journal beside it, the end screen,
// and on a narrow screen the way to the journal at the page's foot.
//
// On a wide screen the table fills the window: the board takes what the decision and one's
// cards leave of its column and scrolls in it.  On a narrow one the parts follow each other in
// one column, the board first as an overview where it is too small to read whole: a tap zooms
// in on the place tapped, and a button goes back to the overview.

import { h } from "../ui.js";
import { BoardZoom } from "./zoom.js";

/** The widest window laid out as a phone's. */
const NARROW = 700;

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
  /** @param {() => void} relayout draws the board anew: the window became narrow, or wide again */
  constructor(relayout) {
    this.relayout = relayout;
    this.narrow = window.innerWidth <= NARROW;
    this.zoom = new BoardZoom(() => this.narrow);
    /** @type {number | null} the version whose first place to click was brought into view */
    this.shownTargets = null;
    /** @type {ResizeObserver | null} */
    this.watcher = null;
    /** @type {IntersectionObserver | null} */
    this.journalWatcher = null;
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
    const board = parts.board;
    // a tap on the overview zooms in rather than choosing: this listener runs before the table's
    board.addEventListener("click", (e) => this.tapped(e), { capture: true });
    /** @param {number} dz a step in or out, or 0 to the overview */
    const zoom = (dz) => () => this.zoom.zoom(board, dz);
    const jump = h(
      "button",
      { class: "btn journal-jump", id: "journal-jump", on: { click: () => logBox.scrollIntoView({ block: "start" }) } },
      c.t("game.log"),
    );
    const frame = h(
      "div",
      { class: "game live", on },
      parts.status,
      h(
        "div",
        { class: "zoom" },
        h(
          "a",
          { class: "btn small", id: "rules-link", href: `#/rules/${game}`, target: "_blank", rel: "noopener" },
          c.t("game.how_to_play"),
        ),
        h("span", { class: "spacer" }),
        h("span", { class: "zoom-hint muted" }, c.t("game.tap_to_zoom")),
        h("button", { class: "btn", id: "zoom-out", title: c.t("game.zoom_out"), on: { click: zoom(-1) } }, "−"),
        h("button", { class: "btn", id: "zoom-fit", title: c.t("game.zoom_fit"), on: { click: zoom(0) } }, "⤢"),
        h("button", { class: "btn", id: "zoom-in", title: c.t("game.zoom_in"), on: { click: zoom(1) } }, "+"),
      ),
      h(
        "section",
        { class: "panel board-wrap", "aria-label": c.t("game.board") },
        board,
        h(
          "button",
          { class: "btn whole-board", id: "whole-board", on: { click: zoom(0) } },
          "⤢ ",
          c.t("game.whole_board"),
        ),
      ),
      parts.decision,
      parts.mine,
      h("aside", { class: "side" }, parts.players, logBox),
      jump,
      parts.end,
    );
    document.body.classList.add("at-table");
    root.replaceChildren(frame);
    this.watcher?.disconnect();
    this.zoom.fitted = "";
    this.watcher = new ResizeObserver(() => {
      if ((window.innerWidth <= NARROW) !== this.narrow) this.relayout();
      else if (this.zoom.areaSize(board) !== this.zoom.fitted) this.zoom.apply(board);
    });
    this.watcher.observe(board);
    // the way to the journal is not offered while the journal is on screen
    this.journalWatcher?.disconnect();
    this.journalWatcher = new IntersectionObserver(([seen]) => jump.classList.toggle("at-log", seen.isIntersecting));
    this.journalWatcher.observe(logBox);
    return { game: frame, ...parts };
  }

  /**
   * A click on the board: on its overview it zooms in there, and chooses nothing.
   * @param {Event} e
   */
  tapped(e) {
    const board = e.currentTarget;
    if (!(board instanceof HTMLElement) || !(e instanceof MouseEvent)) return;
    if (!this.zoom.inOverview(board)) return;
    e.preventDefault();
    e.stopPropagation();
    this.zoom.zoomAt(board, e);
  }

  /**
   * The board drawn anew, where the player had scrolled it.
   * @param {HTMLElement} board
   * @param {Element} drawing
   */
  redraw(board, drawing) {
    const narrow = window.innerWidth <= NARROW;
    if (narrow !== this.narrow) this.zoom.chosen = null; // each kind of screen starts at its own size
    this.narrow = narrow;
    this.zoom.redraw(board, drawing);
  }

  /**
   * Zoomed in beyond the board's area, the first place to click is brought into view, once
   * per state.
   * @param {HTMLElement} board
   * @param {import("../renderer-interface.js").TableState} st
   */
  showTargets(board, st) {
    if (!st.legal.length || this.shownTargets === st.version) return;
    this.shownTargets = st.version;
    this.zoom.bringTarget(board);
  }
}
