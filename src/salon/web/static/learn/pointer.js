// @ts-check
// What a lesson points at on the table: the part of the board a step is about (the game's
// renderer finds it, the page the decision and the players' bar), outlined with a gentle pulse
// and brought into view, and, where the learner needs it, the taught move's own buttons.  The
// table draws itself anew with each state (and on a new layout or language), so the marks are
// put back whenever its parts are replaced.

/**
 * @typedef {import("../game.js").LiveTable} LiveTable
 */

const POINT = "learn-point";
const TAUGHT = "learn-taught";

/**
 * The elements of the part ``name`` of the table: the decision and the players' bar are the
 * page's, the rest the renderer's; the whole board where the renderer knows no such part, and
 * nothing for no part.
 * @param {LiveTable} table
 * @param {string} name
 * @returns {Element[]}
 */
export function regionOf(table, name) {
  if (!name) return [];
  if (name === "choices") return [table.el.decision];
  if (name === "players") return [table.el.players];
  const found = table.renderer.region?.(name);
  if (Array.isArray(found) && found.length) return found;
  if (found && !Array.isArray(found)) return [found];
  return [table.el.board];
}

/** Whether the player's system asks for less motion. */
function calm() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The marks of one lesson's table: the part pointed at, and the taught move once shown. */
export class Pointer {
  /** @param {LiveTable} table */
  constructor(table) {
    this.table = table;
    this.region = "";
    /** @type {string | null} the move whose buttons are marked */
    this.action = null;
    this.queued = false;
    this.watcher = new MutationObserver(() => this.queue());
    this.watch();
  }

  /** Watch the table's page anew (it was built anew: a new language). */
  watch() {
    this.watcher.disconnect();
    this.watcher.observe(this.table.root, { childList: true, subtree: true });
  }

  stop() {
    this.watcher.disconnect();
  }

  /**
   * Point at a part of the table, and bring it into view.
   * @param {string} region
   */
  point(region) {
    this.region = region;
    this.action = null;
    this.mark();
    this.show();
  }

  /**
   * Mark the buttons of the taught move too (null: none), and bring the first into view.
   * @param {string | null} action
   */
  teach(action) {
    this.action = action;
    this.mark();
    const first = this.taught()[0];
    first?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: calm() ? "auto" : "smooth" });
  }

  /** Bring the part pointed at into view: on a phone a part of the board is zoomed in on. */
  show() {
    const [first] = regionOf(this.table, this.region);
    const board = this.table.el.board;
    if (first && first !== board && board.contains(first)) this.table.frame.zoom.zoomOn(board, first);
    first?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: calm() ? "auto" : "smooth" });
  }

  /** The taught move's buttons: in the decision, on the board, among one's own cards. */
  taught() {
    if (!this.action) return [];
    const action = CSS.escape(this.action);
    return [...this.table.root.querySelectorAll(`[data-action="${action}"]`)];
  }

  /** The marks put where they belong now, and taken off everything else. */
  mark() {
    const root = this.table.root;
    const pointed = new Set(regionOf(this.table, this.region));
    const taught = new Set(this.taught());
    for (const el of root.querySelectorAll(`.${POINT}`)) if (!pointed.has(el)) el.classList.remove(POINT);
    for (const el of root.querySelectorAll(`.${TAUGHT}`)) if (!taught.has(el)) el.classList.remove(TAUGHT);
    for (const el of pointed) el.classList.add(POINT);
    for (const el of taught) el.classList.add(TAUGHT);
  }

  /** The marks put back once the table has drawn itself anew (once per frame at most). */
  queue() {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      this.mark();
    });
  }
}
