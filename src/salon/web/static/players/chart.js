// @ts-check
// A rating's history as a chart, drawn here as inline SVG: the rating after each rated game,
// one point each, joined by a line, over a time axis with the first and last dates and a
// rating axis with a few round figures.  The drawing is made at the width it is shown at (one
// unit a CSS pixel), so that its texts keep their size on a phone as on a laptop.

import { s } from "../ui.js";

/** @typedef {{at: number, rating: number, game_id: string | null}} Point */

const HEIGHT = 190;
const FONT = 12;
/** Room for the rating axis's figures on the left, the dates below, and the last point. */
const PAD = { left: 44, right: 12, top: 10, bottom: 24 };

/**
 * Round steps between ``low`` and ``high``, about ``count`` of them.
 * @param {number} low
 * @param {number} high
 * @param {number} count
 * @returns {number[]}
 */
export function ticks(low, high, count) {
  const raw = Math.max(1, (high - low) / count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((m) => m >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) out.push(v);
  return out;
}

/**
 * The chart of ``points`` (oldest first), ``width`` pixels wide.
 * @param {Point[]} points
 * @param {number} width
 * @param {string} lang the dates' language
 * @param {string} label what a screen reader says of it
 * @returns {SVGSVGElement}
 */
export function ratingChart(points, width, lang, label) {
  const w = Math.max(200, Math.round(width));
  const ratings = points.map((p) => p.rating);
  const low = Math.min(...ratings) - 10;
  const high = Math.max(...ratings) + 10;
  const first = points[0].at;
  const last = points[points.length - 1].at;
  const plotW = w - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  /** @param {number} at */
  const x = (at) => PAD.left + (last > first ? ((at - first) / (last - first)) * plotW : plotW / 2);
  /** @param {number} r */
  const y = (r) => PAD.top + (1 - (r - low) / (high - low)) * plotH;
  const date = (/** @type {number} */ at) => new Date(at * 1000).toLocaleDateString(lang, { dateStyle: "short" });
  const text = { "font-size": FONT, class: "chart-text" };
  const y0 = HEIGHT - PAD.bottom;
  return s(
    "svg",
    { class: "rating-chart", viewBox: `0 0 ${w} ${HEIGHT}`, width: w, height: HEIGHT, role: "img",
      "aria-label": label },
    ticks(low, high, 4).map((v) => [
      s("line", { class: "chart-grid", x1: PAD.left, x2: w - PAD.right, y1: y(v), y2: y(v) }),
      s("text", { ...text, x: PAD.left - 6, y: y(v) + FONT / 3, "text-anchor": "end" }, String(v)),
    ]),
    s("line", { class: "chart-axis", x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: y0 }),
    s("line", { class: "chart-axis", x1: PAD.left, x2: w - PAD.right, y1: y0, y2: y0 }),
    s("text", { ...text, x: PAD.left, y: HEIGHT - 6, "text-anchor": "start" }, date(first)),
    last > first ? s("text", { ...text, x: w - PAD.right, y: HEIGHT - 6, "text-anchor": "end" }, date(last)) : null,
    s("polyline", { class: "chart-line", points: points.map((p) => `${x(p.at)},${y(p.rating)}`).join(" ") }),
    points.map((p) =>
      s(
        "circle",
        { class: "chart-point", cx: x(p.at), cy: y(p.rating), r: points.length > 60 ? 2 : 3.5 },
        s("title", {}, `${date(p.at)}: ${p.rating}`),
      ),
    ),
  );
}
