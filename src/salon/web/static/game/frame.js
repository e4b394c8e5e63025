// @ts-check
// The table's page laid out: the status bar, the players' bar, the board with its zoom, the
// decision panel, one's own cards and the journal beside it, the end screen, and on a narrow
// screen the way to the journal at the page's foot.
//
// The board is drawn at the size that fits its area (on a wide screen its width and height,
// on a narrow one its width) and zoomed in from there by steps; zoomed in, the first place to
// click is brought into view.  On a narrow screen a board too wide to read at its width is
// laid out again in tiles (./tiles.js) at the scale where its smallest text is legible.

import { h } from "../ui.js";
import { LEGIBLE_PX, scaleTiles, smallestFont, tiled } from "./tiles.js";

/** The steps of the zoom, times the size that fits. */
const ZOOMS = [1, 1.5, 2, 3, 4];
/** The widest window whose board may be laid out in tiles (a phone's). */
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
    this.zoom = 1;
    /** @type {number | null} the version whose first place to click was brought into view */
    this.shownTargets = null;
    /** @type {string} the board area's size the board was last fitted to */
    this.fitted = "";
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
    /** @param {number} dz a step in or out, or 0 back to the size that fits */
    const zoom = (dz) => () => {
      const i = ZOOMS.indexOf(this.zoom);
      this.zoom = dz === 0 ? 1 : ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, (i < 0 ? 0 : i) + dz))];
      const middle = [
        (board.scrollLeft + board.clientWidth / 2) / Math.max(1, board.scrollWidth),
        (board.scrollTop + board.clientHeight / 2) / Math.max(1, board.scrollHeight),
      ];
      this.applyZoom(board);
      board.scrollLeft = middle[0] * board.scrollWidth - board.clientWidth / 2;
      board.scrollTop = middle[1] * board.scrollHeight - board.clientHeight / 2;
      if (dz > 0) this.bringTarget(board);
    };
    const jump = h(
      "button",
      { class: "btn journal-jump", id: "journal-jump", on: { click: () => logBox.scrollIntoView({ block: "start" }) } },
      c.t("game.log"),
    );
    const frame = h(
      "div",
      { class: "game live", on },
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
          h("button", { class: "btn", id: "zoom-out", title: c.t("game.zoom_out"), on: { click: zoom(-1) } }, "−"),
          h("button", { class: "btn", id: "zoom-fit", title: c.t("game.zoom_fit"), on: { click: zoom(0) } }, "⤢"),
          h("button", { class: "btn", id: "zoom-in", title: c.t("game.zoom_in"), on: { click: zoom(1) } }, "+"),
        ),
        board,
      ),
      h("aside", { class: "side" }, parts.decision, parts.mine, logBox),
      jump,
      parts.end,
    );
    document.body.classList.add("at-table");
    root.replaceChildren(frame);
    this.watcher?.disconnect();
    this.fitted = "";
    this.watcher = new ResizeObserver(() => {
      if ((window.innerWidth <= NARROW) !== this.narrow) this.relayout();
      else if (this.areaSize(board) !== this.fitted) this.applyZoom(board);
    });
    this.watcher.observe(board);
    // the way to the journal is not offered while the journal is on screen
    this.journalWatcher?.disconnect();
    this.journalWatcher = new IntersectionObserver(([seen]) => jump.classList.toggle("at-log", seen.isIntersecting));
    this.journalWatcher.observe(logBox);
    return { game: frame, ...parts };
  }

  /**
   * The board area's size that the board is fitted to: its width, and on a wide screen (where
   * the style sheet says ``--fit: both``) its height.
   * @param {HTMLElement} board
   */
  areaSize(board) {
    const both = getComputedStyle(board).getPropertyValue("--fit").trim() === "both";
    return `${board.clientWidth}x${both ? board.clientHeight : "*"}`;
  }

  /**
   * The board drawn at the zoom's size: an SVG fitted to its area, tiles at their legible
   * scale, an HTML board scaled down where it would overflow a wide screen's area.
   * @param {HTMLElement} board
   */
  applyZoom(board) {
    const size = this.areaSize(board);
    this.fitted = size;
    const [width, height] = size.split("x").map((x) => (x === "*" ? Infinity : Number(x)));
    const drawing = board.firstElementChild;
    if (!(drawing instanceof HTMLElement || drawing instanceof SVGSVGElement) || !width) return;
    if (drawing instanceof HTMLElement && drawing.classList.contains("board-tiles") && drawing.dataset.font) {
      scaleTiles(drawing, (LEGIBLE_PX / Number(drawing.dataset.font)) * this.zoom);
    } else if (drawing instanceof SVGSVGElement) {
      const box = drawing.viewBox.baseVal;
      const fit = box.width ? Math.min(width, (height * box.width) / box.height) : width;
      drawing.style.width = `${Math.floor(fit * this.zoom)}px`;
    } else {
      // an HTML board flows to the area's width; it is scaled down only to fit a wide
      // screen's height
      drawing.style.zoom = "1";
      const fit = height === Infinity ? 1 : Math.min(1, width / drawing.scrollWidth, height / drawing.scrollHeight);
      drawing.style.zoom = String(Math.floor(fit * this.zoom * 100) / 100);
    }
  }

  /**
   * The board drawn anew, where the player had scrolled it: on a narrow screen in legible
   * tiles where it would be too small at its width.
   * @param {HTMLElement} board
   * @param {Element} drawing
   */
  redraw(board, drawing) {
    const { scrollLeft, scrollTop } = board;
    board.replaceChildren(drawing);
    this.narrow = window.innerWidth <= NARROW;
    if (drawing instanceof SVGSVGElement && this.narrow) {
      const font = smallestFont(drawing);
      const fitScale = board.clientWidth / drawing.viewBox.baseVal.width;
      const tiles = fitScale * font < LEGIBLE_PX ? tiled(drawing, (board.clientWidth * font) / LEGIBLE_PX) : null;
      if (tiles) {
        tiles.dataset.font = String(font);
        board.replaceChildren(tiles);
      }
    }
    this.applyZoom(board);
    board.scrollLeft = scrollLeft;
    board.scrollTop = scrollTop;
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
    this.bringTarget(board);
  }

  /**
   * The board scrolled in its area to centre the first place to click, if it has one.
   * @param {HTMLElement} board
   */
  bringTarget(board) {
    const target = board.querySelector("[data-action]");
    if (!target) return;
    const box = target.getBoundingClientRect();
    const frame = board.getBoundingClientRect();
    board.scrollLeft += box.left - frame.left - (frame.width - box.width) / 2;
    board.scrollTop += box.top - frame.top - (frame.height - box.height) / 2;
  }
}
