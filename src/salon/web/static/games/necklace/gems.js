// @ts-check
// The Queen's Necklace's gems drawn in the browser as SVG: each gem type has its own cut, so
// that a player who cannot tell the colours apart tells the gems apart by their outline (a
// round brilliant diamond, a heart-cut ruby, a step-cut emerald, a smooth amber drop); the
// facets are shaded from light to dark as if lit from the top left, by gradients that one
// hidden drawing of the page holds for every card (ids are the page's, so they are defined once).

import { s } from "../../ui.js";

const DEFS_ID = "nk-defs";

/** Each gem type's tones, lightest first, then the colour of its outline. */
const TONES = /** @type {Record<string, string[]>} */ ({
  diamond: ["#ffffff", "#e6f0f9", "#b9d0e4", "#7f9dba", "#4a6683"],
  ruby: ["#ff9eae", "#e2445f", "#b3243b", "#6f0f22", "#4e0816"],
  emerald: ["#b9f2d2", "#44b57a", "#24844f", "#0f5130", "#0b3a22"],
  amber: ["#ffe9a8", "#f3b640", "#cf8912", "#8c5407", "#6a3f05"],
});

/** The medallion behind a character's emblem, in its card's colour. */
const MEDALS = /** @type {Record<string, string[]>} */ ({
  grey: ["#9a958c", "#5f5a52"],
  blue: ["#5d86c4", "#284a80"],
  purple: ["#9d6fbd", "#5a2f78"],
  none: ["#c9a25a", "#7d5a1c"],
});

/** The light falls from the top left: a facet facing it is drawn light, one facing away dark. */
const LIGHT = [-0.6, -0.8];

/** @typedef {[number, number]} Point */

/**
 * A facet's fill: its gem type's gradient of that shade (0 light, 1 middle, 2 dark).
 * @param {string} gem
 * @param {number} shade
 */
function facet(gem, shade) {
  return `url(#nk-${gem}-${shade})`;
}

/** The gradients of every gem type's shades, of the gold of the jewels and of the velvet under
 * the gems, in a drawing of no size: added once to the page, again if it was taken away. */
export function ensureDefs() {
  if (document.getElementById(DEFS_ID)) return;
  /** @type {SVGElement[]} */
  const defs = [];
  /**
   * @param {string} id
   * @param {string[]} stops
   */
  const linear = (id, stops) =>
    s(
      "linearGradient",
      { id, x1: 0, y1: 0, x2: 1, y2: 1 },
      stops.map((c, i) => s("stop", { offset: i / (stops.length - 1), "stop-color": c })),
    );
  for (const [gem, t] of Object.entries(TONES)) {
    for (let shade = 0; shade < 3; shade += 1) defs.push(linear(`nk-${gem}-${shade}`, [t[shade], t[shade + 1]]));
    defs.push(linear(`nk-${gem}-table`, [t[0], t[1], t[0]]));
  }
  defs.push(
    s(
      "radialGradient",
      { id: "nk-amber-drop", cx: 0.4, cy: 0.35, r: 0.7 },
      TONES.amber.slice(0, 4).map((c, i) => s("stop", { offset: i / 3, "stop-color": c })),
    ),
    linear("nk-gold", ["#fbe7a6", "#d9a840", "#a8772a", "#e9c46e"]),
    s(
      "radialGradient",
      { id: "nk-velvet", cx: 0.5, cy: 0.4, r: 0.75 },
      s("stop", { offset: 0, "stop-color": "#4a4f6e" }),
      s("stop", { offset: 1, "stop-color": "#23263a" }),
    ),
    s(
      "radialGradient",
      { id: "nk-pearl", cx: 0.35, cy: 0.3, r: 0.8 },
      s("stop", { offset: 0, "stop-color": "#ffffff" }),
      s("stop", { offset: 0.6, "stop-color": "#ece6dc" }),
      s("stop", { offset: 1, "stop-color": "#b9ad9c" }),
    ),
  );
  for (const [name, [light, dark]] of Object.entries(MEDALS)) defs.push(linear(`nk-medal-${name}`, [light, dark]));
  document.body.append(
    s(
      "svg",
      {
        id: DEFS_ID,
        width: 0,
        height: 0,
        "aria-hidden": "true",
        focusable: "false",
        style: "position: absolute; width: 0; height: 0; overflow: hidden",
      },
      s("defs", {}, defs),
    ),
  );
}

/**
 * The outline of a gem type's cut, in units about its centre (within -1..1).
 * @param {string} gem
 * @returns {Point[]}
 */
function outline(gem) {
  if (gem === "ruby") {
    return [[0, -0.5], [0.28, -0.86], [0.7, -0.86], [0.98, -0.5], [0.92, 0], [0.5, 0.5], [0, 0.98],
      [-0.5, 0.5], [-0.92, 0], [-0.98, -0.5], [-0.7, -0.86], [-0.28, -0.86]];
  }
  if (gem === "emerald") {
    return [[-0.42, -0.98], [0.42, -0.98], [0.7, -0.7], [0.7, 0.7], [0.42, 0.98], [-0.42, 0.98], [-0.7, 0.7],
      [-0.7, -0.7]];
  }
  // the diamond's round brilliant, an octagon with a flat top
  return Array.from({ length: 8 }, (_, i) => {
    const a = ((i + 0.5) * Math.PI) / 4 - Math.PI / 2;
    return /** @type {Point} */ ([Math.cos(a), Math.sin(a)]);
  });
}

/**
 * @param {Point[]} pts
 * @param {number} k
 * @param {Point} centre
 * @returns {Point[]}
 */
function scaled(pts, k, centre) {
  return pts.map(([x, y]) => [centre[0] + (x - centre[0]) * k, centre[1] + (y - centre[1]) * k]);
}

/** @param {Point[]} pts */
function points(pts) {
  return pts.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join(" ");
}

/**
 * The shade of the facet between two points of an outline: how much it faces the light.
 * @param {Point} a
 * @param {Point} b
 * @param {Point} centre
 */
function shadeOf(a, b, centre) {
  const mx = (a[0] + b[0]) / 2 - centre[0];
  const my = (a[1] + b[1]) / 2 - centre[1];
  const d = (mx * LIGHT[0] + my * LIGHT[1]) / (Math.hypot(mx, my) || 1);
  return d > 0.3 ? 0 : d < -0.3 ? 2 : 1;
}

/**
 * The facets of a cut gem: rings of facets between its outline and smaller copies of it (the
 * diamond's split in two triangles each, as a brilliant's are), and the table in the middle.
 * @param {string} gem
 * @param {boolean} detail all the facets (a card); else the outline and the table (an icon)
 */
function facets(gem, detail) {
  const outer = outline(gem);
  /** @type {Point} */
  const centre = gem === "ruby" ? [0, -0.1] : [0, 0];
  const rings = gem === "emerald" ? [1, 0.74, 0.48] : [1, 0.5];
  const line = { stroke: TONES[gem][4], "stroke-width": 0.03, "stroke-linejoin": "round" };
  const nodes = [];
  for (let r = 0; detail && r + 1 < rings.length; r += 1) {
    const a = scaled(outer, rings[r], centre);
    const b = scaled(outer, rings[r + 1], centre);
    for (let i = 0; i < a.length; i += 1) {
      const j = (i + 1) % a.length;
      const shade = shadeOf(a[i], a[j], centre);
      if (gem === "diamond") {
        nodes.push(s("polygon", { points: points([a[i], a[j], b[i]]), fill: facet(gem, shade), ...line }));
        const darker = facet(gem, Math.min(2, shade + 1));
        nodes.push(s("polygon", { points: points([a[j], b[j], b[i]]), fill: darker, ...line }));
      } else {
        nodes.push(s("polygon", { points: points([a[i], a[j], b[j], b[i]]), fill: facet(gem, shade), ...line }));
      }
    }
  }
  const table = scaled(outer, rings[rings.length - 1], centre);
  if (!detail) nodes.push(s("polygon", { points: points(outer), fill: facet(gem, 1), ...line }));
  nodes.push(s("polygon", { points: points(table), fill: `url(#nk-${gem}-table)`, ...line }));
  nodes.push(s("polygon", { points: points(outer), fill: "none", ...line, "stroke-width": 0.06 }));
  return nodes;
}

/** The amber drop, smooth (amber is polished, not cut), with its glint and a speck inside. */
function amberDrop() {
  const shape = "M0,-1 C0.5,-0.55 0.92,-0.05 0.8,0.45 C0.68,0.92 -0.68,0.92 -0.8,0.45 C-0.92,-0.05 -0.5,-0.55 0,-1 Z";
  return [
    s("path", { d: shape, fill: "url(#nk-amber-drop)", stroke: TONES.amber[4], "stroke-width": 0.06 }),
    s("ellipse", { cx: -0.3, cy: -0.05, rx: 0.16, ry: 0.28, fill: "#fff", "fill-opacity": 0.6,
      transform: "rotate(25 -0.3 -0.05)" }),
    s("circle", { cx: 0.25, cy: 0.4, r: 0.07, fill: TONES.amber[3], "fill-opacity": 0.7 }),
  ];
}

/**
 * A gem of type ``type`` centred on (x, y), ``r`` units from its centre to its edge.
 * @param {string} type
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {boolean} [detail] every facet (a card's picture) or the outline and table (an icon)
 */
export function drawGem(type, x, y, r, detail = true) {
  ensureDefs();
  const body = type === "amber" ? amberDrop() : TONES[type] ? facets(type, detail) : [];
  return s("g", { class: `nk-gem nk-cut-${type}`, transform: `translate(${x} ${y}) scale(${r})` }, body);
}

/**
 * A small picture of a gem type alone, beside its name (a tile, a column of the sale, a lot).
 * @param {string} type
 */
export function gemIcon(type) {
  const icon = drawGem(type, 0, 0, 1, false);
  return s("svg", { class: "nk-icon", viewBox: "-1.1 -1.1 2.2 2.2", "aria-hidden": "true" }, icon);
}
