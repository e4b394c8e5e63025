// @ts-check
// The board's size in its area, and its zoom.
//
// An SVG board has two sizes that matter: the overview, where the whole board fits its area,
// and the reading size, where its smallest text is legible.  A laptop or a tablet shows the
// board at its reading size, no wider than its area (it scrolls up and down where it is too
// tall), or whole where it is legible whole; a phone shows the overview, and a tap on it zooms
// in on the place tapped, at the reading size (the board then scrolls both ways).  A tap on the
// overview of any screen zooms in the same way; the zoom's buttons step from the overview to
// the reading size and beyond it.  An HTML board flows to its area's width and is scaled down
// only to fit a wide screen's height, never below the size at which its smallest text is
// legible (it scrolls up and down instead).

/** The smallest text of an SVG board at its reading size, in CSS pixels. */
export const LEGIBLE_PX = 12;
/** The smallest text an HTML board is scaled down to, in CSS pixels. */
const LEAST_PX = 11;
/** The steps of the zoom, times the reading size. */
const STEPS = [1, 1.5, 2, 3];
/** The step of the overview. */
const OVERVIEW = -1;

/**
 * The smallest font of a drawing's texts, in its own units (Infinity where it has none).
 * @param {SVGSVGElement} svg
 */
export function smallestFont(svg) {
  let least = Infinity;
  for (const text of svg.querySelectorAll("text")) {
    const size = parseFloat(getComputedStyle(text).fontSize);
    if (size > 0) least = Math.min(least, size);
  }
  return least;
}

/**
 * The smallest font of an HTML drawing's own texts (its pictures' aside), in CSS pixels.
 * @param {Element} drawing
 */
function smallestHtmlFont(drawing) {
  let least = Infinity;
  for (const el of drawing.querySelectorAll("*")) {
    if (!(el instanceof HTMLElement) || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim())) {
      continue;
    }
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size > 0) least = Math.min(least, size);
  }
  return least;
}

/** The board's zoom, kept while the table is drawn anew. */
export class BoardZoom {
  /** @param {() => boolean} narrow whether the screen is a phone's */
  constructor(narrow) {
    this.narrow = narrow;
    /** @type {number | null} the step chosen (an index of STEPS, or OVERVIEW), null: the screen's own */
    this.chosen = null;
    /** @type {number} the smallest font of the board drawn now, in its units (CSS pixels for HTML) */
    this.font = Infinity;
    /** @type {string} the board area's size the board was last fitted to */
    this.fitted = "";
  }

  /** The step shown now. */
  get step() {
    return this.chosen ?? (this.narrow() ? OVERVIEW : 0);
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
   * The scales of an SVG board in its area, in CSS pixels to a board unit: the whole board
   * (the overview), and its reading size, no wider than the area but on a phone.
   * @param {HTMLElement} board
   * @param {SVGSVGElement} svg
   */
  scales(board, svg) {
    const [width, height] = this.areaSize(board)
      .split("x")
      .map((x) => (x === "*" ? Infinity : Number(x)));
    const box = svg.viewBox.baseVal;
    const wide = width / box.width;
    const whole = Math.min(wide, height / box.height);
    const legible = Math.max(whole, LEGIBLE_PX / this.font);
    return { whole, reading: this.narrow() ? legible : Math.min(wide, legible) };
  }

  /**
   * Whether the board has an overview smaller than its reading size: a tap on it zooms in.
   * @param {HTMLElement} board
   */
  hasOverview(board) {
    const svg = board.firstElementChild;
    if (!(svg instanceof SVGSVGElement) || !board.clientWidth) return false;
    const { whole, reading } = this.scales(board, svg);
    return whole < reading * 0.98;
  }

  /** Whether the board is shown whole and small, a tap zooming in. @param {HTMLElement} board */
  inOverview(board) {
    return this.step === OVERVIEW && this.hasOverview(board);
  }

  /**
   * The board drawn at the zoom's size.
   * @param {HTMLElement} board
   */
  apply(board) {
    this.fitted = this.areaSize(board);
    const drawing = board.firstElementChild;
    const step = this.step;
    if (drawing instanceof SVGSVGElement && board.clientWidth) {
      const { whole, reading } = this.scales(board, drawing);
      const scale = step === OVERVIEW ? whole : reading * STEPS[step];
      drawing.style.width = `${Math.floor(drawing.viewBox.baseVal.width * scale)}px`;
    } else if (drawing instanceof HTMLElement && board.clientWidth) {
      const height = getComputedStyle(board).getPropertyValue("--fit").trim() === "both" ? board.clientHeight : 0;
      drawing.style.zoom = "1";
      const least = Math.min(1, Math.ceil((100 * LEAST_PX) / this.font) / 100);
      const tall = height ? Math.max(least, height / drawing.scrollHeight) : 1;
      const fit = Math.min(1, board.clientWidth / drawing.scrollWidth, tall);
      drawing.style.zoom = String(Math.floor(fit * STEPS[Math.max(0, step)] * 100 + 1e-9) / 100);
    }
    board.classList.toggle("zoomed-in", step > OVERVIEW && this.hasOverview(board));
    board.classList.toggle("overview", this.inOverview(board));
  }

  /**
   * The board drawn anew at the zoom's size, where the player had scrolled it.
   * @param {HTMLElement} board
   * @param {Element} drawing
   */
  redraw(board, drawing) {
    const { scrollLeft, scrollTop } = board;
    board.replaceChildren(drawing);
    this.font = drawing instanceof SVGSVGElement ? smallestFont(drawing) : smallestHtmlFont(drawing);
    this.apply(board);
    board.scrollLeft = scrollLeft;
    board.scrollTop = scrollTop;
  }

  /**
   * A step in (1) or out (-1), or to the overview (0), about the middle of what is shown.
   * @param {HTMLElement} board
   * @param {number} dz
   */
  zoom(board, dz) {
    const overview = this.hasOverview(board) ? OVERVIEW : 0;
    const from = Math.max(overview, this.step); // a board without an overview starts at its reading size
    const step = dz === 0 ? overview : Math.max(overview, Math.min(STEPS.length - 1, from + dz));
    this.moveTo(board, step, [
      (board.scrollLeft + board.clientWidth / 2) / Math.max(1, board.scrollWidth),
      (board.scrollTop + board.clientHeight / 2) / Math.max(1, board.scrollHeight),
    ]);
    if (dz > 0) this.bringTarget(board);
  }

  /**
   * The overview tapped: the board at its reading size, the place tapped in the middle.
   * @param {HTMLElement} board
   * @param {MouseEvent} e
   */
  zoomAt(board, e) {
    this.readAt(board, e.clientX, e.clientY);
    board.scrollIntoView({ block: "nearest" });
  }

  /**
   * A part of the board shown at the reading size, in the middle of the board's area, where
   * the board has an overview (a phone): a lesson points at it.
   * @param {HTMLElement} board
   * @param {Element} part
   */
  zoomOn(board, part) {
    if (!this.hasOverview(board)) return;
    const box = part.getBoundingClientRect();
    this.readAt(board, box.left + box.width / 2, box.top + box.height / 2);
  }

  /**
   * The board at its reading size, the point of the screen at (``x``, ``y``) in the middle.
   * @param {HTMLElement} board
   * @param {number} x
   * @param {number} y
   */
  readAt(board, x, y) {
    const drawing = board.firstElementChild;
    if (!drawing) return;
    const box = drawing.getBoundingClientRect();
    this.moveTo(board, 0, [(x - box.left) / box.width, (y - box.top) / box.height]);
  }

  /**
   * The board at ``step``, the point at ``middle`` (fractions of its width and height) in
   * the middle of its area.
   * @param {HTMLElement} board
   * @param {number} step
   * @param {number[]} middle
   */
  moveTo(board, step, [x, y]) {
    this.chosen = step;
    this.apply(board);
    board.scrollLeft = x * board.scrollWidth - board.clientWidth / 2;
    board.scrollTop = y * board.scrollHeight - board.clientHeight / 2;
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
