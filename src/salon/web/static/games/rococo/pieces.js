// @ts-check
// Rococo's components drawn in the browser: garments, resource tiles, employee cards and
// jewels, and the board's guest and decoration spaces, as SVG in board units.

import { s } from "../../ui.js";
import { BANDS, COAT, DRESS, GOLD, INK, INK_SOFT, JEWEL_DEEP, MIN_FONT, ROMAN, SILK, SPH, SPW } from "./palette.js";
import { RococoDrawing, svgText, wrap } from "./draw.js";

/**
 * @typedef {import("./types.js").Decoration} Decoration
 * @typedef {(x: number, y: number) => SVGElement} Icon what a decoration space shows, drawn at (x, y)
 */

/** Draws the components of one Rococo game. */
export class RococoPieces extends RococoDrawing {
  /**
   * A garment tile: pastel field, silhouette, prestige; with its needs and value when on display.
   * @param {string} id
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} ht
   * @param {{needs?: boolean, owner?: number | null}} [look] its needs and value shown (on display),
   *   the marker of its owner
   */
  garmentSvg(id, x, y, w, ht, { needs = false, owner = null } = {}) {
    const g = this.comp.garments[id];
    if (!g) return s("g");
    const col = this.paint(g.colour);
    /** @type {SVGElement[]} */
    const nodes = [
      s("rect", { x, y, width: w, height: ht, rx: 7, fill: col.fill, stroke: col.deep, "stroke-width": 1.4 }),
      s("rect", {
        x: x + 3,
        y: y + 3,
        width: w - 6,
        height: ht - 6,
        rx: 5,
        fill: "none",
        stroke: "#fff",
        "stroke-opacity": 0.6,
      }),
    ];
    const figH = needs ? ht * 0.5 : ht * 0.62;
    const k = figH / 52;
    const fx = x + w / 2 - 20 * k;
    const fy = y + (needs ? 22 : 14);
    nodes.push(
      s("path", {
        d: g.dress ? DRESS : COAT,
        transform: `translate(${fx},${fy}) scale(${k})`,
        fill: col.deep,
        "fill-opacity": 0.82,
        stroke: "#fff6df",
        "stroke-width": 1.2 / k,
      }),
    );
    nodes.push(this.rosette(x + 14, y + 14, String(g.prestige), 11));
    if (g.master_only) nodes.push(this.thimbleIcon(x + w - 11, y + 11));
    if (g.effect)
      nodes.push(
        svgText(x + w - (g.master_only ? 24 : 10), y + 17, "✦", {
          "text-anchor": "middle",
          "font-size": MIN_FONT,
          fill: "#7c3345",
        }),
      );
    if (needs) {
      const pips = this.silkPips(0, 0, g.silk, 7);
      const extra = (g.thread ? 14 : 0) + (g.lace ? 14 : 0);
      const total = pips.width + extra;
      const sx = x + (w - total) / 2;
      const py = y + ht - 30;
      nodes.push(s("g", { transform: `translate(${sx},${py})` }, pips.nodes));
      let ix = sx + pips.width + 6;
      if (g.thread) {
        nodes.push(this.threadIcon(ix, py + 3, 10));
        ix += 14;
      }
      if (g.lace) nodes.push(this.laceIcon(ix, py + 3, 10));
      nodes.push(this.coin(x + w / 2, y + ht - 13, String(g.value), 12));
    }
    if (owner !== null && owner !== undefined) nodes.push(this.marker(x + w - 11, y + ht - 11, owner, 7));
    return s("g", { "data-key": `garment:${id}` }, nodes);
  }

  /**
   * @param {string} id
   * @param {number} x
   * @param {number} y
   * @param {number} size
   */
  tileSvg(id, x, y, size) {
    const t = this.comp.tiles[id];
    if (!t) return s("g");
    /** @type {SVGElement[]} */
    const nodes = [
      s("rect", { x, y, width: size, height: size, rx: 6, fill: "#fffaf0", stroke: "#b99c62", "stroke-width": 1.2 }),
    ];
    /** @type {string[]} */
    const bales = [];
    for (const c of this.comp.colours) for (let k = 0; k < (t.silk[c] || 0); k += 1) bales.push(c);
    const lowerH = t.lower ? size * 0.28 : 0;
    const area = size - lowerH;
    const per = bales.length <= 2 ? bales.length : Math.ceil(bales.length / 2);
    const rows = Math.max(1, Math.ceil(bales.length / Math.max(1, per)));
    const bw = Math.min(size * 0.34, (size - 10) / Math.max(1, per) - 3);
    const bh = Math.min(area * 0.3, (area - 8) / rows - 3);
    bales.forEach((c, i) => {
      const r = Math.floor(i / per);
      const inRow = Math.min(per, bales.length - r * per);
      const bx = x + (size - inRow * (bw + 3) + 3) / 2 + (i % per) * (bw + 3);
      const by = y + (area - rows * (bh + 3) + 3) / 2 + r * (bh + 3);
      nodes.push(
        s("rect", {
          x: bx,
          y: by,
          width: bw,
          height: bh,
          rx: bh / 2.5,
          fill: this.paint(c).mid,
          stroke: this.paint(c).deep,
          "stroke-width": 1,
        }),
      );
      nodes.push(
        s("path", {
          d: `M${bx + bw * 0.25} ${by + 1.5}v${bh - 3}M${bx + bw * 0.75} ${by + 1.5}v${bh - 3}`,
          stroke: "#fff",
          "stroke-opacity": 0.55,
          "stroke-width": 1,
        }),
      );
    });
    if (t.lower) {
      const ly = y + size - lowerH;
      nodes.push(s("path", { d: `M${x + 4} ${ly}h${size - 8}`, stroke: "#d9c8a0", "stroke-dasharray": "3 2" }));
      const cy = ly + lowerH / 2;
      const icon = size * 0.2;
      if (t.lower === "thread") nodes.push(this.threadIcon(x + size / 2, cy, icon));
      else if (t.lower === "lace") nodes.push(this.laceIcon(x + size / 2, cy, icon));
      else {
        nodes.push(this.threadIcon(x + size / 2 - icon, cy, icon));
        nodes.push(this.laceIcon(x + size / 2 + icon, cy, icon));
        nodes.push(
          svgText(x + size / 2, cy + 4, t.lower === "thread/lace" ? "/" : "+", {
            "text-anchor": "middle",
            "font-size": Math.max(icon, MIN_FONT),
            "font-weight": 600,
            fill: INK_SOFT,
          }),
        );
      }
    }
    return s("g", { "data-key": `tile:${id}` }, nodes);
  }

  /**
   * @param {string} id
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} ht
   */
  cardSvg(id, x, y, w, ht) {
    const c = this.comp.cards[id];
    if (!c) return s("g");
    const band = BANDS[c.type];
    /** @type {SVGElement[]} */
    const nodes = [
      s("rect", { x, y, width: w, height: ht, rx: 7, fill: "#fffdf6", stroke: "#c9b07a", "stroke-width": 1.2 }),
      s("path", { d: `M${x} ${y + 7}a7 7 0 0 1 7 -7h${w - 14}a7 7 0 0 1 7 7v19h${-w}z`, fill: band[1] }),
      svgText(x + 8, y + 20, c.group === "start" ? "✻" : ROMAN[c.level], {
        "font-size": MIN_FONT,
        "font-weight": 600,
        fill: "#fff6e0",
      }),
      svgText(x + w - 8, y + 20, this.t(`employee.${c.type}`), {
        "text-anchor": "end",
        "font-size": MIN_FONT,
        fill: "#fff6e0",
      }),
    ];
    // the bonus in as many lines as fit, cut with an ellipsis (the card's tooltip has it whole)
    const all = wrap(this.bonus(c.bonus), Math.floor(w / 8.9));
    const lines = all.slice(0, Math.max(1, Math.floor((ht - 60) / 20)));
    if (lines.length < all.length) lines[lines.length - 1] = `${lines[lines.length - 1]}…`;
    lines.forEach((line, i) => nodes.push(svgText(x + 8, y + 45 + i * 20, line, { "font-size": MIN_FONT, fill: INK })));
    nodes.push(this.coin(x + w - 16, y + ht - 15, String(c.send_value), 12));
    nodes.push(svgText(x + 8, y + ht - 9, id, { "font-size": MIN_FONT, fill: INK_SOFT }));
    return s("g", { "data-key": `card:${id}` }, nodes);
  }

  /**
   * @param {string} id
   * @param {number} x
   * @param {number} y
   * @param {number} r
   */
  jewelSvg(id, x, y, r) {
    const j = this.comp.jewelry?.jewels?.[id];
    if (!j) return s("g");
    const col = JEWEL_DEEP[j.colour];
    if (j.kind === "ring") {
      return s(
        "g",
        { "data-key": `jewel:${id}` },
        s("circle", { cx: x, cy: y + 4, r: r * 0.7, fill: "none", stroke: "url(#gold)", "stroke-width": r * 0.22 }),
        s("path", {
          d:
            `M${x - r * 0.35} ${y - r * 0.55}l${r * 0.35} ${-r * 0.35}` +
            `l${r * 0.35} ${r * 0.35}l${-r * 0.35} ${r * 0.4}z`,
          fill: col.mid,
          stroke: col.deep,
        }),
      );
    }
    return s(
      "g",
      { "data-key": `jewel:${id}` },
      s("path", {
        d: `M${x - r} ${y - r * 0.6}q${r} ${r * 1.4} ${r * 2} 0`,
        fill: "none",
        stroke: "url(#gold)",
        "stroke-width": 2.5,
      }),
      [-0.6, -0.3, 0, 0.3, 0.6].map((k) =>
        s("circle", {
          cx: x + k * r * 1.3,
          cy: y + r * 0.1 + (0.6 - Math.abs(k)) * r * 0.55,
          r: r * 0.16,
          fill: col.mid,
          stroke: col.deep,
          "stroke-width": 0.8,
        }),
      ),
      s("path", {
        d: `M${x} ${y + r * 0.35}l${r * 0.25} ${r * 0.35}l${-r * 0.25} ${r * 0.35}l${-r * 0.25} ${-r * 0.35}z`,
        fill: col.deep,
      }),
    );
  }

  /**
   * @param {import("./types.js").Space} sp
   * @param {number} x
   * @param {number} y
   * @param {import("./types.js").Guest | null | undefined} guest the garment seated there
   * @param {Set<string>} legal
   */
  guestSpace(sp, x, y, guest, legal) {
    const node = s("g", { "data-space": sp.id });
    node.append(
      s("rect", {
        x,
        y,
        width: SPW,
        height: SPH,
        rx: 8,
        fill: "#fffcf5",
        stroke: sp.master ? GOLD : "#cdb98e",
        "stroke-width": sp.master ? 2.4 : 1,
        "stroke-dasharray": sp.master ? null : "4 2",
      }),
    );
    if (guest) {
      node.append(this.garmentSvg(guest.garment, x + 2, y + 2, SPW - 4, SPH - 4, { owner: guest.owner }));
    } else {
      if (sp.master)
        node.append(
          this.thimbleIcon(x + SPW / 2, y + 30),
          svgText(x + SPW / 2, y + 54, "★", { "text-anchor": "middle", "font-size": MIN_FONT, fill: GOLD }),
        );
      const reward = this.rewardIcon(sp, x + SPW / 2, y + SPH - 18);
      if (reward) node.append(reward);
    }
    if (guest && (sp.master || sp.reward !== "none")) {
      // keep the space's mark readable beside the garment
      if (sp.master) node.append(this.thimbleIcon(x + SPW - 10, y + 12));
    }
    return this.clickable(node, `rent:${sp.id}`, legal, this.spaceTip(sp.id, guest), this.hl(x, y, SPW, SPH));
  }

  /**
   * @param {import("./types.js").Space} sp
   * @param {number} x
   * @param {number} y
   */
  rewardIcon(sp, x, y) {
    if (sp.reward === "none") return null;
    if (sp.reward === "livres") return this.coin(x, y, String(sp.livres), 11);
    if (sp.reward === "thread") return this.threadIcon(x, y, 16);
    if (sp.reward === "lace") return this.laceIcon(x, y, 16);
    return s(
      "g",
      {},
      s("rect", { x: x - 10, y: y - 10, width: 20, height: 20, rx: 3, fill: "#fffaf0", stroke: "#b99c62" }),
      s("rect", { x: x - 6, y: y - 5, width: 5, height: 4, rx: 1, fill: SILK.blue.mid }),
      s("rect", { x: x + 1, y: y - 5, width: 5, height: 4, rx: 1, fill: SILK.pink.mid }),
      s("rect", { x: x - 6, y: y + 1, width: 5, height: 4, rx: 1, fill: SILK.green.mid }),
      s("rect", { x: x + 1, y: y + 1, width: 5, height: 4, rx: 1, fill: SILK.orange.mid }),
    );
  }

  /**
   * @param {Decoration} d
   * @param {number} x
   * @param {number} y
   * @param {number | undefined} owner the seat whose it is
   * @param {Set<string>} legal
   * @param {Icon} icon
   */
  decoSpace(d, x, y, owner, legal, icon) {
    const node = s(
      "g",
      { "data-deco": d.id },
      s("circle", { cx: x, cy: y, r: 24, fill: "#fffaf0", stroke: GOLD, "stroke-width": 1.3 }),
      icon(x, y),
      svgText(x, y + 41, `${this.livres(d.cost)}`, { "text-anchor": "middle", "font-size": 18, fill: INK_SOFT }),
      svgText(x, y + 58, this.vp(d.vp), { "text-anchor": "middle", "font-size": 18, fill: INK_SOFT }),
    );
    if (owner !== undefined) node.append(this.marker(x + 17, y - 17, owner, 8, `marker:${d.id}`));
    return this.clickable(node, `finance:${d.id}`, legal, this.decoTip(d.id, owner), this.hlCircle(x, y, 24));
  }

  /**
   * @param {Decoration} d
   * @param {number} x
   * @param {number} y
   * @param {number | undefined} owner the seat whose it is
   * @param {Set<string>} legal
   * @param {Icon} icon
   */
  decoSpaceSmall(d, x, y, owner, legal, icon) {
    const node = s(
      "g",
      { "data-deco": d.id },
      s("circle", { cx: x - 22, cy: y, r: 20, fill: "#fffaf0", stroke: GOLD, "stroke-width": 1.3 }),
      icon(x - 22, y),
      svgText(x + 4, y - 3, this.livres(d.cost), { "font-size": 18, fill: INK }),
      svgText(x + 4, y + 15, this.vp(d.vp), { "font-size": 18, fill: INK_SOFT }),
    );
    if (owner !== undefined) node.append(this.marker(x - 8, y - 14, owner, 7, `marker:${d.id}`));
    return this.clickable(node, `finance:${d.id}`, legal, this.decoTip(d.id, owner), this.hlCircle(x - 22, y, 20));
  }
}
