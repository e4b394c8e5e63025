// @ts-check
// A board drawn as one wide SVG laid out again for a narrow screen: cut along its frames (its
// top-level groups of class "frame", or whose first child is one) into tiles, each part of
// the drawing in the tile where its middle lies, and the tiles drawn in reading order at the
// scale where the board's smallest text is legible, side by side where they fit.  Every part
// is moved, not copied: a place to click is there once (a frame cut in several tiles is drawn
// in each).

import { s } from "../ui.js";

/** The smallest text of a tiled board, in CSS pixels. */
export const LEGIBLE_PX = 12.5;
/** The room round a tile's parts, in board units: inside a cut frame, and round the tile. */
const MARGIN = 8;
const PAD = 3;

/**
 * @typedef {{x: number, y: number, width: number, height: number}} Box
 * @typedef {{frame: Element, box: Box, parts: Element[], extent: Box, whole: Box | null, first: boolean}} Tile
 *   a tile: its frame (or a piece of it, ``whole`` the frame's box where it is cut), its box
 *   on the board, the parts drawn in it and all they cover
 */

/**
 * The smallest font of a drawing's texts, in its own units.
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
 * @param {Box} a
 * @param {Box} b
 * @returns {Box}
 */
function union(a, b) {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/**
 * How far a point lies outside a box (0 inside).
 * @param {Box} box
 * @param {number} x
 * @param {number} y
 */
function distance(box, x, y) {
  const dx = Math.max(box.x - x, 0, x - box.x - box.width);
  const dy = Math.max(box.y - y, 0, y - box.y - box.height);
  return Math.hypot(dx, dy);
}

/**
 * A frame cut in pieces drawn whole around one piece: its rectangles as wide as the piece,
 * its title in the first piece only.
 * @param {Element} frame the frame, or the group it is the first child of
 * @param {Box} whole the frame's box
 * @param {Box} piece
 * @param {boolean} untitled
 */
function reframe(frame, whole, piece, untitled) {
  const own = frame.classList.contains("frame") ? frame : frame.firstElementChild;
  for (const part of own ? [...own.children] : []) {
    if (part instanceof SVGRectElement) {
      part.setAttribute("x", String(piece.x + part.x.baseVal.value - whole.x));
      part.setAttribute("width", String(piece.width - (whole.width - part.width.baseVal.value)));
    } else if (untitled && part instanceof SVGTextElement) part.remove();
  }
}

/**
 * The board ``svg`` (in the page, so that its parts can be measured) cut into tiles no wider
 * than ``width`` board units; null where it has no frames to cut along.
 * @param {SVGSVGElement} svg
 * @param {number} width
 * @returns {HTMLElement | null} the tiles, in a box of class board-tiles
 */
export function tiled(svg, width) {
  const whole = svg.viewBox.baseVal;
  /** @type {Tile[]} */
  const tiles = [];
  /** @type {Element[]} drawn behind every tile (a background as large as the board) */
  const behind = [];
  /** @type {Element[]} */
  const defs = [];
  /** @type {Array<[Element, DOMRect]>} */
  const parts = [];
  for (const el of [...svg.children]) {
    if (!(el instanceof SVGGraphicsElement) || el instanceof SVGDefsElement) {
      defs.push(el);
      continue;
    }
    const box = el.getBBox();
    if (el.classList.contains("frame") || el.firstElementChild?.classList.contains("frame")) {
      // a piece's parts may spill over its cut a little: room is left for them
      const cuts = box.width + 2 * PAD <= width ? 1 : Math.ceil(box.width / (width - 2 * (MARGIN + PAD)));
      const frames = [el, ...Array.from({ length: cuts - 1 }, () => /** @type {Element} */ (el.cloneNode(true)))];
      for (const [i, frame] of frames.entries()) {
        const piece = { x: box.x + (i * box.width) / cuts, y: box.y, width: box.width / cuts, height: box.height };
        tiles.push({ frame, box: piece, parts: [], extent: piece, whole: cuts > 1 ? box : null, first: i === 0 });
      }
    } else if (box.width >= whole.width * 0.9 && box.height >= whole.height * 0.9) behind.push(el);
    else parts.push([el, box]);
  }
  if (!tiles.length) return null;
  for (const [el, box] of parts) {
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    let home = tiles[0];
    for (const tile of tiles) if (distance(tile.box, x, y) < distance(home.box, x, y)) home = tile;
    home.parts.push(el);
    // a part that spills over its frame widens the tile, unless it is wider than the tile
    if (box.width <= home.box.width) home.extent = union(home.extent, box);
  }
  for (const tile of tiles) {
    const whole = tile.whole;
    if (whole) {
      // a piece of a frame drawn round all the parts of its tile, within the frame
      const x = Math.max(whole.x, Math.min(tile.box.x, tile.extent.x - MARGIN));
      const reach = Math.max(tile.box.x + tile.box.width, tile.extent.x + tile.extent.width + MARGIN);
      const right = Math.min(whole.x + whole.width, reach);
      const piece = { ...tile.box, x, width: right - x };
      reframe(tile.frame, whole, piece, !tile.first);
      tile.extent = union(tile.extent, piece);
    }
    // no tile wider than the screen: what spills further is cut off
    const spill = tile.extent;
    if (spill.width > width - 2 * PAD) {
      const room = width - 2 * PAD;
      const x = Math.max(spill.x, Math.min(tile.box.x + (tile.box.width - room) / 2, spill.x + spill.width - room));
      tile.extent = { ...spill, x, width: room };
    }
  }
  tiles.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const drawn = tiles.map((tile, i) => {
    const { x, y, width: w, height: ht } = tile.extent;
    const piece = s("svg", {
      viewBox: `${x - PAD} ${y - PAD} ${w + 2 * PAD} ${ht + 2 * PAD}`,
      xmlns: "http://www.w3.org/2000/svg",
      class: "board-tile",
      "data-width": w + 2 * PAD,
    });
    if (i === 0) piece.append(...defs);
    piece.append(...behind.map((el) => el.cloneNode(true)), tile.frame, ...tile.parts);
    return piece;
  });
  const box = document.createElement("div");
  box.className = "board-tiles";
  box.id = svg.id;
  const label = svg.getAttribute("aria-label");
  if (label) box.setAttribute("aria-label", label);
  box.append(...drawn);
  return box;
}

/**
 * The tiles drawn at ``scale`` CSS pixels to a board unit.
 * @param {HTMLElement} box
 * @param {number} scale
 */
export function scaleTiles(box, scale) {
  for (const tile of box.querySelectorAll("svg.board-tile")) {
    if (tile instanceof SVGSVGElement) tile.style.width = `${Number(tile.dataset.width) * scale}px`;
  }
}
