// @ts-check
// Movement at the table: a piece, card or tile that a new state draws somewhere else glides there
// from where it was, one that appears fades in, and a figure that changes in place swells for a
// moment.  The renderers draw every state anew, so the pieces are paired across two drawings by
// their data-key attribute (a component's own id, or a place's): before a renderer draws it
// calls prepare(), which records where each keyed element is; once the page has put the new
// drawing in place (at the end of the current task) each one is moved back to where it was and
// let go (FLIP: first, last, invert, play), in a quarter of a second.  Within a part of the
// page (a section: the board, one's cards, the players) a piece moves only where it moved in that
// part's drawing, in the drawing's units: the part's own shift (a longer prompt above one's
// cards) or a board fitted anew to its area moves nothing.
//
// A movement never holds up the game: a new state, a click or a key finishes those under way at
// once (a replay stepped quickly shows each step in place, nothing queues), and a player who
// asks the system for reduced motion sees none.

const DURATION = 260;
const EASING = "cubic-bezier(.2, .7, .3, 1)";
/** The least distance (screen pixels) that is a move: less is the layout breathing (a board fitted
 *  anew to its area, a line of text more above), which is shown in place. */
const MOVE = 24;
/** The least change of size (a fraction) that a moving piece shows. */
const RESIZE = 0.2;
const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");

/**
 * Where a keyed element was: its box on the screen, the part of the page it was in and its box
 * in that part's drawing, and the figures it showed (its digits: a change of language changes
 * no figure).
 * @typedef {{box: DOMRect, part: string, inPart: DOMRect, figures: string}} Place
 */

/**
 * A part of the page and its drawing's units: where the drawing's origin is on the screen and
 * how many screen pixels one of its units takes.
 * @typedef {{part: string, left: number, top: number, scale: number}} Frame
 */

/** @type {Map<string, Place> | null} the places recorded for the drawing under way */
let recorded = null;
/** @type {Set<Animation>} */
const running = new Set();

/** Every movement under way ended at once, each piece where it goes. */
export function finish() {
  for (const animation of [...running]) animation.finish();
}

for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, finish, { capture: true });

/**
 * Called by a renderer before it draws a state: records where each keyed element of the page is
 * now (once per drawing: the first part drawn records for all), and moves the new drawing once
 * the page has put it in place.
 */
export function prepare() {
  if (recorded) return;
  finish();
  if (REDUCED.matches) return;
  recorded = places();
  queueMicrotask(play);
}

/** Each keyed element shown, the first of a key only. */
function keyed() {
  /** @type {Map<string, Element>} */
  const found = new Map();
  for (const el of document.querySelectorAll("[data-key]")) {
    const key = el.getAttribute("data-key");
    if (key && !found.has(key)) found.set(key, el);
  }
  return found;
}

/** Where each keyed element is now. */
function places() {
  /** @type {Map<string, Place>} */
  const out = new Map();
  for (const [key, el] of keyed()) {
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height) continue;
    const frame = frameOf(el);
    const k = frame.scale;
    const inPart = new DOMRect((box.left - frame.left) / k, (box.top - frame.top) / k, box.width / k, box.height / k);
    out.set(key, { box, part: frame.part, inPart, figures: figures(el) });
  }
  return out;
}

/** The new drawing moved: each element from its recorded place to its own. */
function play() {
  const before = recorded;
  recorded = null;
  if (!before || !before.size || REDUCED.matches) return; // the first drawing of a page: nothing moves
  for (const [key, el] of keyed()) {
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height) continue;
    const was = before.get(key);
    if (!was) {
      start(el.animate([{ opacity: 0 }, { opacity: 1 }], timing()));
      continue;
    }
    // from where it was in the same part (wherever and however large the part is now), else
    // from where it was on the screen
    const { part, left, top, scale: k } = frameOf(el);
    const p = was.inPart;
    const from = part === was.part ? new DOMRect(left + p.x * k, top + p.y * k, p.width * k, p.height * k) : was.box;
    if (Math.hypot(from.left - box.left, from.top - box.top) >= MOVE) glide(el, from, box);
    else if (was.figures !== figures(el) && el instanceof HTMLElement) swell(el);
  }
}

/**
 * The part of the page an element is in (its section, by name: a part drawn anew is the same
 * part) and its drawing's units: an SVG drawing's own, else the CSS pixels of the board's
 * drawing or of the section, at their zoom.
 * @param {Element} el
 * @returns {Frame}
 */
function frameOf(el) {
  const section = el.closest("section");
  const part = section ? `${section.id} ${section.className} ${section.getAttribute("data-seat") || ""}` : "";
  let svg = el instanceof SVGElement ? el.ownerSVGElement : null;
  while (svg?.ownerSVGElement) svg = svg.ownerSVGElement;
  const ctm = svg?.getScreenCTM();
  // a board laid out in several drawings (tiles on a phone) is a part per drawing
  if (svg && ctm && ctm.a) {
    return { part: `${part} ${svg.getAttribute("viewBox")}`, left: ctm.e, top: ctm.f, scale: ctm.a };
  }
  const base = el.closest("#board > *") || section;
  const box = base ? base.getBoundingClientRect() : new DOMRect();
  return { part, left: box.left, top: box.top, scale: base instanceof HTMLElement ? zoomOf(base) : 1 };
}

/**
 * How many screen pixels a CSS pixel of ``el`` takes (its CSS zoom, its ancestors' included).
 * @param {HTMLElement} el
 */
function zoomOf(el) {
  /** @type {number | undefined} */
  const zoom = /** @type {any} */ (el).currentCSSZoom;
  return zoom || 1;
}

/** @param {Element} el */
function figures(el) {
  return (el.textContent || "").replace(/\D/g, "");
}

/** @returns {KeyframeAnimationOptions} */
function timing() {
  return { duration: DURATION, easing: EASING, id: "motion" };
}

/** @param {Animation} animation */
function start(animation) {
  running.add(animation);
  const done = () => running.delete(animation);
  animation.addEventListener("finish", done);
  animation.addEventListener("cancel", done);
}

/**
 * The element's own transform, which the movement ends on (a marker centred on its place).
 * @param {Element} el
 */
function ownTransform(el) {
  if (el instanceof SVGGraphicsElement && el.transform.baseVal.numberOfItems) {
    const m = el.transform.baseVal.consolidate()?.matrix;
    if (m) return `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})`;
  }
  const own = getComputedStyle(el).transform;
  return own && own !== "none" ? own : "";
}

/**
 * Moves ``el`` back to ``from`` (its box before, on the screen) and lets it go to ``to`` (its box
 * now), scaled from the size it had.  A drawing's element moves in its parent's units.
 * @param {Element} el
 * @param {DOMRect} from
 * @param {DOMRect} to
 */
function glide(el, from, to) {
  const resized = to.width && to.height && Math.abs(from.width / to.width - 1) >= RESIZE;
  const sx = resized ? from.width / to.width : 1;
  const sy = resized ? from.height / to.height : 1;
  const zoom = el instanceof HTMLElement ? zoomOf(el) : 1; // in the element's own (zoomed) pixels
  let x = (from.left - to.left) / zoom;
  let y = (from.top - to.top) / zoom;
  const parent = el.parentNode;
  if (el instanceof SVGElement && parent instanceof SVGGraphicsElement) {
    // scaled about the origin of the parent's units, as SVG transforms are
    const ctm = parent.getScreenCTM();
    if (!ctm || !ctm.a || !ctm.d) return;
    x = (from.left - ctm.e) / ctm.a - (sx * (to.left - ctm.e)) / ctm.a;
    y = (from.top - ctm.f) / ctm.d - (sy * (to.top - ctm.f)) / ctm.d;
  }
  const own = ownTransform(el);
  start(
    el.animate(
      [
        { transform: `translate(${x}px, ${y}px) scale(${sx}, ${sy}) ${own}`.trim(), transformOrigin: "0 0" },
        { transform: own || "none", transformOrigin: "0 0" },
      ],
      timing(),
    ),
  );
}

/**
 * A figure that changed in place swells for a moment.
 * @param {HTMLElement} el
 */
function swell(el) {
  const own = ownTransform(el);
  start(
    el.animate(
      [
        { transform: `${own} scale(1)`.trim() },
        { transform: `${own} scale(1.3)`.trim(), offset: 0.35 },
        { transform: `${own} scale(1)`.trim() },
      ],
      timing(),
    ),
  );
}

/**
 * A picture of a component shown beside the table (the one a decision is about), not the piece
 * itself: without its keys, so that the piece moves and the picture stays.
 * @template {Element} E
 * @param {E} el
 * @returns {E}
 */
export function still(el) {
  el.removeAttribute("data-key");
  for (const inner of el.querySelectorAll("[data-key]")) inner.removeAttribute("data-key");
  return el;
}
