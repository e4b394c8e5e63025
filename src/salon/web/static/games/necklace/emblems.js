// @ts-check
// The Queen's Necklace's pictures of what is not a gem, drawn in the browser as SVG in a box of
// 64 × 64 units: the jewels (a Ring, the Queen's Necklace) on velvet as the gems are, and each
// character's emblem on a medallion of its card's colour, a thing that recalls what the card
// does (the Confessor's eye sees a hand, the Favorite's fan sets the fashion, the Astrologer
// reads the stars...).  Each emblem's outline differs, so the cards are told apart without
// their colour.

import { s } from "../../ui.js";
import { ensureDefs } from "./gems.js";

const CREAM = "#fff7e4";
const INK = "#3b2e24";
const GOLD = "url(#nk-gold)";
const GOLD_LINE = "#7a5418";

/** @param {import("../../ui.js").Attrs} attrs */
const cream = (attrs) => ({ fill: CREAM, stroke: INK, "stroke-width": 1.2, "stroke-linejoin": "round", ...attrs });
/** @param {import("../../ui.js").Attrs} attrs */
const gold = (attrs) => ({ fill: GOLD, stroke: GOLD_LINE, "stroke-width": 1.2, "stroke-linejoin": "round", ...attrs });

/**
 * Points of a five-pointed star.
 * @param {number} x
 * @param {number} y
 * @param {number} r
 */
function star(x, y, r) {
  return Array.from({ length: 10 }, (_, i) => {
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    const k = i % 2 ? r * 0.45 : r;
    return `${(x + k * Math.cos(a)).toFixed(2)},${(y + k * Math.sin(a)).toFixed(2)}`;
  }).join(" ");
}

/** Each character's emblem, centred on (32, 32) within about 20 units. */
const EMBLEMS = /** @type {Record<string, () => SVGElement[]>} */ ({
  king: () => [
    s("path", gold({ d: "M13 44 L11 22 L22 32 L32 14 L42 32 L53 22 L51 44 Z" })),
    s("rect", gold({ x: 13, y: 44, width: 38, height: 6, rx: 1.5 })),
    s("circle", gold({ cx: 11, cy: 21, r: 2.6 })),
    s("circle", gold({ cx: 53, cy: 21, r: 2.6 })),
    s("path", gold({ d: "M30 6 h4 v4 h4 v4 h-4 v4 h-4 v-4 h-4 v-4 h4 Z" })),
  ],
  queen: () => [
    s("path", gold({ d: "M10 40 Q32 26 54 40 L52 46 Q32 34 12 46 Z" })),
    s("path", gold({ d: "M16 37 L19 27 L24 34 L32 20 L40 34 L45 27 L48 37 Q32 29 16 37 Z" })),
    s("circle", { cx: 32, cy: 18, r: 3, fill: "url(#nk-pearl)", stroke: GOLD_LINE, "stroke-width": 0.8 }),
    s("path", { d: "M32 39 q-3 4 0 7 q3 -3 0 -7 Z", fill: "url(#nk-pearl)", stroke: GOLD_LINE, "stroke-width": 0.8 }),
  ],
  banker: () => [
    ...[0, 1, 2].map((i) =>
      s("path", gold({ d: `M12 ${46 - i * 6} v-4 a11 4 0 0 1 22 0 v4 a11 4 0 0 1 -22 0 Z` })),
    ),
    s("ellipse", gold({ cx: 23, cy: 30, rx: 11, ry: 4 })),
    s("circle", gold({ cx: 44, cy: 36, r: 11 })),
    s("circle", { cx: 44, cy: 36, r: 7.5, fill: "none", stroke: GOLD_LINE, "stroke-width": 1 }),
    s("path", { d: "M44 31 v10 M41 33.5 h6 M41 38.5 h6", stroke: GOLD_LINE, "stroke-width": 1.4 }),
  ],
  confessor: () => [
    s("path", cream({ d: "M8 32 Q32 10 56 32 Q32 54 8 32 Z" })),
    s("circle", { cx: 32, cy: 32, r: 9, fill: "#2c4d7a", stroke: INK, "stroke-width": 1 }),
    s("circle", { cx: 32, cy: 32, r: 4, fill: INK }),
    s("circle", { cx: 29, cy: 29, r: 2, fill: CREAM }),
  ],
  courtesan: () => [
    s("path", cream({ d: "M8 26 Q20 18 32 26 Q44 18 56 26 Q55 40 43 40 Q36 40 32 34 Q28 40 21 40 Q9 40 8 26 Z" })),
    s("ellipse", { cx: 21, cy: 30, rx: 5, ry: 3, fill: INK }),
    s("ellipse", { cx: 43, cy: 30, rx: 5, ry: 3, fill: INK }),
    s("path", { d: "M10 36 L6 56", stroke: GOLD_LINE, "stroke-width": 2.4, "stroke-linecap": "round" }),
    s("path", gold({ d: "M44 22 q6 -12 14 -10 q-6 4 -10 12 Z" })),
  ],
  favorite: () => [
    s("path", cream({ d: "M32 50 L10 28 A26 26 0 0 1 54 28 Z" })),
    ...[-0.75, -0.45, -0.15, 0.15, 0.45, 0.75].map((a) =>
      s("path", {
        d: `M32 50 L${(32 + 26 * Math.sin(a)).toFixed(1)} ${(50 - 26 * Math.cos(a)).toFixed(1)}`,
        stroke: INK, "stroke-width": 0.9,
      }),
    ),
    s("circle", gold({ cx: 32, cy: 50, r: 3 })),
  ],
  forger: () => [
    s("path", cream({ d: "M16 52 Q22 30 50 10 Q46 30 24 46 Z" })),
    s("path", { d: "M16 52 L44 18", stroke: INK, "stroke-width": 1.2 }),
    s("path", { d: "M14 56 L18 48", stroke: INK, "stroke-width": 2.2, "stroke-linecap": "round" }),
    s("circle", { cx: 46, cy: 48, r: 5, fill: INK }),
  ],
  thief: () => [
    s("circle", gold({ cx: 20, cy: 22, r: 10 })),
    s("circle", { cx: 20, cy: 22, r: 4.5, fill: "#2a2a3a" }),
    s("path", gold({ d: "M26 27 L50 51 L46 55 L41 50 L38 53 L35 50 L38 47 L22 31 Z" })),
  ],
  alchemist: () => [
    s("path", cream({ d: "M27 8 h10 v16 A15 15 0 1 1 27 24 Z" })),
    s("path", { d: "M19 38 h26 A13 13 0 0 1 19 38 Z", fill: "#3fae73", stroke: INK, "stroke-width": 0.8 }),
    s("circle", { cx: 28, cy: 43, r: 2, fill: CREAM }),
    s("circle", { cx: 36, cy: 46, r: 1.5, fill: CREAM }),
    s("rect", gold({ x: 25, y: 6, width: 14, height: 4, rx: 1.5 })),
  ],
  astrologer: () => [
    s("path", gold({ d: "M36 10 A22 22 0 1 0 36 54 A26 26 0 0 1 36 10 Z" })),
    s("polygon", { points: star(44, 24, 8), fill: CREAM, stroke: INK, "stroke-width": 1 }),
    s("polygon", { points: star(49, 42, 4.5), fill: CREAM, stroke: INK, "stroke-width": 0.8 }),
  ],
  cardinal: () => [
    s("ellipse", { cx: 32, cy: 36, rx: 24, ry: 7, fill: "#c0243a", stroke: CREAM, "stroke-width": 1.4 }),
    s("path", { d: "M20 35 Q20 20 32 20 Q44 20 44 35 Z", fill: "#c0243a", stroke: CREAM, "stroke-width": 1.4 }),
    s("path", { d: "M10 38 L8 52 M54 38 L56 52", stroke: "#e05a6c", "stroke-width": 1.6 }),
    s("circle", { cx: 8, cy: 53, r: 2.4, fill: "#e05a6c" }),
    s("circle", { cx: 56, cy: 53, r: 2.4, fill: "#e05a6c" }),
  ],
  musketeer: () => [
    s("path", { d: "M14 14 L46 46 M50 14 L18 46", stroke: "#e8ecf0", "stroke-width": 3.2, "stroke-linecap": "round" }),
    s("path", gold({ d: "M40 46 L48 38 L51 41 L43 49 Z" })),
    s("path", gold({ d: "M24 46 L16 38 L13 41 L21 49 Z" })),
    s("circle", gold({ cx: 50, cy: 52, r: 3 })),
    s("circle", gold({ cx: 14, cy: 52, r: 3 })),
  ],
  merchant: () => [
    s("path", { d: "M32 12 V50 M14 20 H50 M14 20 L8 36 M14 20 L20 36 M50 20 L44 36 M50 20 L56 36",
      stroke: GOLD_LINE, "stroke-width": 1.6, fill: "none" }),
    s("path", gold({ d: "M6 36 h16 a8 5 0 0 1 -16 0 Z" })),
    s("path", gold({ d: "M42 36 h16 a8 5 0 0 1 -16 0 Z" })),
    s("rect", gold({ x: 24, y: 49, width: 16, height: 4, rx: 1.5 })),
    s("circle", gold({ cx: 32, cy: 12, r: 3 })),
  ],
});

/** A Ring: a gold band set with a pearl. */
function ring() {
  return [
    s("ellipse", { cx: 32, cy: 40, rx: 17, ry: 13, fill: "none", stroke: GOLD_LINE, "stroke-width": 7 }),
    s("ellipse", { cx: 32, cy: 40, rx: 17, ry: 13, fill: "none", stroke: GOLD, "stroke-width": 5 }),
    s("path", gold({ d: "M24 26 L28 18 H36 L40 26 Z" })),
    s("circle", { cx: 32, cy: 17, r: 8, fill: "url(#nk-pearl)", stroke: GOLD_LINE, "stroke-width": 1 }),
  ];
}

/** The Queen's Necklace: a row of pearls hung in a curve, gold links, a pendant pearl. */
function necklace() {
  const nodes = [];
  for (let i = 0; i <= 12; i += 1) {
    const t = i / 12;
    const x = (1 - t) * (1 - t) * 8 + 2 * (1 - t) * t * 32 + t * t * 56;
    const y = (1 - t) * (1 - t) * 10 + 2 * (1 - t) * t * 58 + t * t * 10;
    nodes.push(s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: i % 3 ? 2.6 : 3.4,
      fill: i % 3 ? "url(#nk-pearl)" : GOLD, stroke: GOLD_LINE, "stroke-width": 0.6 }));
  }
  nodes.push(
    s("path", gold({ d: "M28 36 H36 L34 42 H30 Z" })),
    s("path", { d: "M32 42 C40 48 38 58 32 60 C26 58 24 48 32 42 Z", fill: "url(#nk-pearl)", stroke: GOLD_LINE,
      "stroke-width": 1 }),
  );
  return nodes;
}

/**
 * The picture of a card that is not a gem card: its jewel on velvet, or its character's
 * emblem on a medallion of its card's colour.
 * @param {string} kind
 * @param {string} colour
 * @returns {SVGElement[]}
 */
export function emblem(kind, colour) {
  ensureDefs();
  if (kind === "ring" || kind === "necklace") {
    return [s("rect", { x: 1, y: 1, width: 62, height: 62, rx: 8, fill: "url(#nk-velvet)" }),
      ...(kind === "ring" ? ring() : necklace())];
  }
  const draw = EMBLEMS[kind];
  return [
    s("circle", { cx: 32, cy: 32, r: 30, fill: `url(#nk-medal-${colour})`, stroke: GOLD, "stroke-width": 2.5 }),
    ...(draw ? draw() : []),
  ];
}
