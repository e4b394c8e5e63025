// @ts-check
// Rococo's drawing primitives in the browser: markers, coins, rosettes, the thread, lace and
// thimble icons, silk pips, garment, tile, card and jewel pictures, frames and highlights, all
// as SVG in board units.

import { s } from "../../ui.js";
import { GOLD, GOLD_LIGHT, INK, MIN_FONT, PLAYER } from "./palette.js";
import { RococoWords } from "./words.js";

/**
 * Words cut into lines of at most ``maxChars`` characters.
 * @param {string} text
 * @param {number} maxChars
 */
export function wrap(text, maxChars) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const w of words) {
    if (line && (line + " " + w).length > maxChars) {
      lines.push(line);
      line = w;
    } else {
      line = line ? `${line} ${w}` : w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * An SVG text in the board's ink.
 * @param {number} x
 * @param {number} y
 * @param {string} text
 * @param {import("../../ui.js").Attrs} [attrs]
 */
export function svgText(x, y, text, attrs = {}) {
  return s("text", { x, y, fill: INK, ...attrs }, text);
}

/** Draws the pieces of one Rococo game. */
export class RococoDrawing extends RococoWords {
  /**
   * ``node`` with its tooltip; where ``action`` is legal, a place to click for it, outlined
   * by ``hl``.
   * @template {Element} E
   * @param {E} node
   * @param {string | null} action
   * @param {Set<string>} legal
   * @param {string | null} tip
   * @param {SVGElement} [hl]
   * @returns {E}
   */
  clickable(node, action, legal, tip, hl) {
    const attrs = { "data-tip": tip };
    if (action && legal.has(action)) {
      node.setAttribute("class", `${node.getAttribute("class") || ""} clickable`.trim());
      node.setAttribute("data-action", action);
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      if (hl) node.append(hl);
    }
    for (const [k, v] of Object.entries(attrs)) if (v) node.setAttribute(k, v);
    return node;
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {number} seat
   * @param {number} [r]
   * @param {string} [key] its place, where it moves or appears (motion.js)
   */
  marker(x, y, seat, r = 9, key) {
    return s(
      "g",
      { "data-key": key || null },
      s("circle", { cx: x, cy: y + 1.5, r: r + 1, fill: "rgba(60,40,20,.25)" }),
      s("circle", { cx: x, cy: y, r, fill: PLAYER[seat % 5], stroke: "#fff", "stroke-width": 2 }),
      s("circle", { cx: x - r / 3, cy: y - r / 3, r: r / 3, fill: "rgba(255,255,255,.35)" }),
    );
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {string} text
   * @param {number} [r]
   */
  coin(x, y, text, r = 12) {
    return s(
      "g",
      {},
      s("circle", { cx: x, cy: y, r, fill: "url(#gold)", stroke: "#8a6a2a", "stroke-width": 1 }),
      svgText(x, y + r * 0.42, text, {
        "text-anchor": "middle",
        "font-size": Math.max(r * 1.25, MIN_FONT),
        "font-weight": 600,
        fill: "#4a3410",
      }),
    );
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {string} text
   * @param {number} [r]
   */
  rosette(x, y, text, r = 11) {
    return s(
      "g",
      {},
      s("circle", {
        cx: x,
        cy: y,
        r: r + 2,
        fill: "#fff8e6",
        stroke: GOLD,
        "stroke-width": 1.2,
        "stroke-dasharray": "2 1.5",
      }),
      s("circle", { cx: x, cy: y, r, fill: "#7c3345" }),
      svgText(x, y + r * 0.44, text, {
        "text-anchor": "middle",
        "font-size": Math.max(r * 1.3, MIN_FONT),
        "font-weight": 600,
        fill: "#fff6e0",
      }),
    );
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {number} [size]
   */
  threadIcon(x, y, size = 12) {
    const k = size / 12;
    return s(
      "g",
      { transform: `translate(${x},${y}) scale(${k})` },
      s("rect", {
        x: -5,
        y: -6,
        width: 10,
        height: 12,
        rx: 1.5,
        fill: "#d8c39a",
        stroke: "#7a5a2a",
        "stroke-width": 0.8,
      }),
      s("rect", { x: -6.5, y: -7, width: 13, height: 2.2, rx: 1, fill: "#8a6a3a" }),
      s("rect", { x: -6.5, y: 4.8, width: 13, height: 2.2, rx: 1, fill: "#8a6a3a" }),
      s("path", { d: "M-4 -3h8M-4 -0.5h8M-4 2h8", stroke: "#9b4a3a", "stroke-width": 1 }),
    );
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {number} [size]
   */
  laceIcon(x, y, size = 12) {
    const k = size / 12;
    const petals = [];
    for (let i = 0; i < 8; i += 1) {
      const a = (i * Math.PI) / 4;
      petals.push(
        s("circle", {
          cx: Math.cos(a) * 5,
          cy: Math.sin(a) * 5,
          r: 2.4,
          fill: "#fffdf8",
          stroke: "#9a8a70",
          "stroke-width": 0.7,
        }),
      );
    }
    return s(
      "g",
      { transform: `translate(${x},${y}) scale(${k})` },
      petals,
      s("circle", { r: 4, fill: "#fffdf8", stroke: "#9a8a70", "stroke-width": 0.7 }),
      s("circle", { r: 1.5, fill: "#cdbb98" }),
    );
  }

  /**
   * @param {number} x
   * @param {number} y
   */
  thimbleIcon(x, y) {
    return s(
      "g",
      { transform: `translate(${x},${y})` },
      s("path", { d: "M-5 5v-6a5 5 0 0 1 10 0v6z", fill: "url(#gold)", stroke: "#7a5a1a", "stroke-width": 0.8 }),
      s("path", { d: "M-4.5 5h9", stroke: "#7a5a1a", "stroke-width": 1.6 }),
    );
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {Record<string, number>} silk
   * @param {number} [size]
   */
  silkPips(x, y, silk, size = 8) {
    const nodes = [];
    let i = 0;
    for (const colour of this.comp.colours) {
      for (let k = 0; k < (silk[colour] || 0); k += 1) {
        nodes.push(
          s("rect", {
            x: x + i * (size + 2),
            y,
            width: size,
            height: size * 0.8,
            rx: 2,
            fill: this.paint(colour).mid,
            stroke: this.paint(colour).deep,
            "stroke-width": 0.8,
          }),
        );
        i += 1;
      }
    }
    return { nodes, width: i * (size + 2) };
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} ht
   * @param {string | null} title
   * @param {{fill?: string}} [extra]
   */
  frame(x, y, w, ht, title, extra = {}) {
    return s(
      "g",
      { class: "frame" },
      s("rect", {
        x,
        y,
        width: w,
        height: ht,
        rx: 12,
        fill: extra.fill || "url(#silk)",
        stroke: GOLD,
        "stroke-width": 1.5,
      }),
      s("rect", {
        x: x + 4,
        y: y + 4,
        width: w - 8,
        height: ht - 8,
        rx: 9,
        fill: "none",
        stroke: GOLD_LIGHT,
        "stroke-width": 0.8,
      }),
      title
        ? svgText(x + 16, y + 29, title, { "font-size": 22, "font-weight": 600, fill: INK, "letter-spacing": "0.03em" })
        : null,
    );
  }

  defs() {
    return s(
      "defs",
      {},
      s(
        "linearGradient",
        { id: "gold", x1: 0, y1: 0, x2: 0, y2: 1 },
        s("stop", { offset: "0", "stop-color": "#f3dc9a" }),
        s("stop", { offset: "1", "stop-color": "#c49a45" }),
      ),
      s(
        "linearGradient",
        { id: "silk", x1: 0, y1: 0, x2: 1, y2: 1 },
        s("stop", { offset: "0", "stop-color": "#fffaf0" }),
        s("stop", { offset: "1", "stop-color": "#f6ecd8" }),
      ),
      s(
        "linearGradient",
        { id: "hall", x1: 0, y1: 0, x2: 0, y2: 1 },
        s("stop", { offset: "0", "stop-color": "#fbf3e3" }),
        s("stop", { offset: "1", "stop-color": "#f1e3c8" }),
      ),
      s(
        "linearGradient",
        { id: "throne", x1: 0, y1: 0, x2: 0, y2: 1 },
        s("stop", { offset: "0", "stop-color": "#fbeff0" }),
        s("stop", { offset: "1", "stop-color": "#f2dcdc" }),
      ),
      s(
        "linearGradient",
        { id: "night", x1: 0, y1: 0, x2: 0, y2: 1 },
        s("stop", { offset: "0", "stop-color": "#3e4a6b" }),
        s("stop", { offset: "1", "stop-color": "#6b6a86" }),
      ),
      s(
        "pattern",
        { id: "damask", width: 24, height: 24, patternUnits: "userSpaceOnUse" },
        s("rect", { width: 24, height: 24, fill: "#f7efdf" }),
        s("path", { d: "M12 3c2 4 5 5 9 9-4 4-7 5-9 9-2-4-5-5-9-9 4-4 7-5 9-9z", fill: "#efe2c6", opacity: 0.7 }),
      ),
    );
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} ht
   * @param {number} [rx]
   */
  hl(x, y, w, ht, rx = 8) {
    return s("rect", { class: "hl", x: x - 4, y: y - 4, width: w + 8, height: ht + 8, rx });
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {number} r
   */
  hlCircle(x, y, r) {
    return s("circle", { class: "hl", cx: x, cy: y, r: r + 5 });
  }
}
