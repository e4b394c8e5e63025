// @ts-check
// Rococo's board in the browser, laid out as SVG: the round track and the Queen's favour, the
// terrace with the fireworks, the all-halls ladder, the halls with their guest spaces and
// musicians, the decorations, the design display, the drawers, the new employees and, with the
// Jewelry Box, the jeweler.  Each legal action that has a place on the board is drawn there as
// a clickable element carrying data-action="<action>".

import { prepare } from "../../motion.js";
import { s } from "../../ui.js";
import { GAP, GOLD, GOLD_LIGHT, INK_SOFT, MIN_FONT, ROMAN, SPH, SPW, W } from "./palette.js";
import { svgText } from "./draw.js";
import { RococoMarket } from "./market.js";

/**
 * @typedef {import("../../renderer-interface.js").TableState} TableState
 * @typedef {import("./types.js").Observation} Observation
 * @typedef {import("./types.js").Decoration} Decoration
 */

/** Lays out the board of one Rococo game. */
export class RococoBoard extends RococoMarket {
  /** @param {TableState} state */
  board(state) {
    prepare();
    const obs = this.obs(state);
    const legal = new Set(state.legal);
    const jewelry = obs.jewelry && this.comp.jewelry;
    const height = jewelry ? 1190 : 985;
    const root = s("svg", {
      viewBox: `0 0 ${W} ${height}`,
      xmlns: "http://www.w3.org/2000/svg",
      role: "img",
      "aria-label": this.t("name"),
      id: "board-svg",
    });
    root.append(this.defs(), s("rect", { width: W, height, rx: 14, fill: "url(#damask)" }));
    root.append(this.topBand(obs, legal));
    const hallsBottom = this.halls(root, obs, legal);
    this.market(root, obs, legal, hallsBottom + 16);
    if (jewelry) this.jeweler(root, obs, legal, 985);
    return root;
  }

  /**
   * @param {Observation} obs
   * @param {Set<string>} legal
   */
  topBand(obs, legal) {
    const g = s("g");
    const b = obs.board;
    // round track and the Queen's favour
    g.append(this.frame(10, 10, 420, 140, this.t("board.rounds")));
    const rounds = this.comp.rounds;
    for (let r = 1; r <= rounds; r += 1) {
      const cx = 40 + (r - 1) * 52;
      const current = r === obs.round;
      g.append(
        s("circle", {
          cx,
          cy: 62,
          r: 17,
          fill: current ? "url(#gold)" : r < obs.round ? "#eadcc0" : "#fffaf0",
          stroke: GOLD,
          "stroke-width": current ? 2.5 : 1,
        }),
        svgText(cx, 68, ROMAN[r] || String(r), {
          "text-anchor": "middle",
          "font-size": 19.5,
          "font-weight": current ? 600 : 400,
          fill: current ? "#4a3410" : INK_SOFT,
        }),
      );
    }
    const fav = b.favour;
    const favTip =
      fav === null
        ? this.t("board.favour_free", {
            livres: this.livres(this.comp.rules.favour_livres),
            vp: this.vp(this.comp.rules.favour_end_vp),
          })
        : this.t("board.favour_held", { player: this.player(fav) });
    const favour = s(
      "g",
      { "data-tip": `${this.t("board.favour")}\n${favTip}` },
      s("circle", {
        cx: 48,
        cy: 115,
        r: 22,
        fill: fav === null ? "url(#gold)" : "#f3e6c4",
        stroke: GOLD,
        "stroke-width": 1.5,
      }),
      s("path", {
        d: "M36 121l-3-14 8 6 7-10 7 10 8-6-3 14z",
        fill: fav === null ? "#7c3345" : "#c9b48a",
        stroke: "#fff5dc",
        "stroke-width": 1,
      }),
      fav !== null ? this.marker(64, 130, fav, 8, "marker:favour") : null,
      svgText(80, 112, this.t("board.favour"), { "font-size": 19.5, "font-weight": 600 }),
      svgText(
        80,
        131,
        fav === null
          ? `+${this.livres(this.comp.rules.favour_livres)}`
          : this.t("board.favour_held", { player: this.player(fav) }),
        { "font-size": MIN_FONT, fill: INK_SOFT },
      ),
    );
    g.append(favour);
    g.append(
      s(
        "g",
        { "data-tip": this.t("board.start_player", { player: this.player(obs.start_player) }) },
        this.marker(400, 24, obs.start_player, 8, "marker:start"),
        svgText(386, 30, this.player(obs.start_player), {
          "text-anchor": "end",
          "font-size": MIN_FONT,
          fill: INK_SOFT,
        }),
      ),
    );

    // terrace with the fireworks
    const fws = this.comp.board.decorations.filter((d) => d.kind === "fireworks");
    const terraceFrame = this.frame(445, 10, 710, 140, this.t("board.terrace"), { fill: "url(#night)" });
    terraceFrame.querySelector("text")?.setAttribute("fill", "#f7ecd0");
    g.append(terraceFrame);
    const step = 690 / fws.length;
    fws.forEach((d, i) => {
      const cx = 455 + step * i + step / 2 - 26;
      const cy = 82;
      const owner = b.decorations[d.id];
      const node = s("g", { "data-deco": d.id });
      const rays = [];
      for (let k = 0; k < 12; k += 1) {
        const a = (k * Math.PI) / 6;
        rays.push(
          `M${cx + Math.cos(a) * 10} ${cy + Math.sin(a) * 10}L${cx + Math.cos(a) * 27} ${cy + Math.sin(a) * 27}`,
        );
      }
      node.append(
        s("circle", { cx, cy, r: 32, fill: "#2f3a58", stroke: GOLD_LIGHT, "stroke-width": 1.5 }),
        s("path", {
          d: rays.join(""),
          stroke: ["#f3d27a", "#f1bccb", "#a9c3e4"][i % 3],
          "stroke-width": 2.2,
          "stroke-linecap": "round",
        }),
        s("circle", { cx, cy, r: 6, fill: "#fff3c4" }),
        svgText(cx, cy + 50, `${this.livres(d.cost)} · ${this.vp(d.vp)} · ×${d.multiplier}`, {
          "text-anchor": "middle",
          "font-size": MIN_FONT,
          fill: "#f7ecd0",
        }),
      );
      if (owner !== undefined) node.append(this.marker(cx + 22, cy - 22, owner, 9, `marker:${d.id}`));
      this.clickable(
        node,
        `finance:${d.id}`,
        legal,
        this.decoTip(d.id, owner, b.terrace[d.id]),
        this.hlCircle(cx, cy, 32),
      );
      g.append(node);
      const tx = cx + 40;
      const terrace = b.terrace[d.id];
      if (terrace)
        g.append(
          s("g", { "data-tip": this.garmentTip(terrace) }, this.garmentSvg(terrace, tx, cy - 34, 50, 62, { owner })),
        );
      else
        g.append(
          s("rect", {
            x: tx,
            y: cy - 34,
            width: 50,
            height: 62,
            rx: 7,
            fill: "none",
            stroke: "#8e8aa8",
            "stroke-dasharray": "4 3",
          }),
        );
    });

    // all-halls ladder
    g.append(this.frame(1170, 10, 420, 140, this.t("board.all_halls")));
    /** @type {number[]} */
    const ladder = this.comp.board.all_halls_vp;
    const ladderStep = Math.min(120, 390 / ladder.length);
    ladder.forEach((vp, i) => {
      const x = 1185 + i * ladderStep;
      const owner = b.all_halls[i];
      const bw = ladderStep - 14;
      g.append(
        s(
          "g",
          { "data-tip": this.t("board.all_halls_tip", { vp: this.vp(vp) }) },
          s("rect", { x, y: 48, width: bw, height: 80, rx: 10, fill: "#fffaf0", stroke: GOLD }),
          this.rosette(x + bw / 2, 78, String(vp), 14),
          owner !== null && owner !== undefined
            ? this.marker(x + bw / 2, 112, owner, 9, `marker:all_halls:${i}`)
            : svgText(x + bw / 2, 119, "5 ✦", { "text-anchor": "middle", "font-size": MIN_FONT, fill: INK_SOFT }),
        ),
      );
    });
    return g;
  }

  /**
   * @param {SVGElement} root
   * @param {import("./types.js").Hall} hall
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {Observation} obs
   * @param {Set<string>} legal
   * @param {number} [minHeight]
   */
  hallBox(root, hall, x, y, w, obs, legal, minHeight = 0) {
    const b = obs.board;
    const perRow = Math.max(1, Math.floor((w - 20) / (SPW + GAP)));
    const rows = Math.ceil(hall.spaces.length / perRow);
    const ht = Math.max(minHeight, 44 + rows * (SPH + GAP) + 6);
    const throne = hall.number === 1;
    root.append(
      s(
        "g",
        { "data-hall": hall.number },
        this.frame(x, y, w, ht, null, { fill: throne ? "url(#throne)" : "url(#hall)" }),
      ),
    );
    const title = s(
      "g",
      {},
      svgText(x + 16, y + 29, this.hallName(hall.number), { "font-size": 23.5, "font-weight": 600 }),
      svgText(
        x + 16 + this.hallName(hall.number).length * 11.5 + 12,
        y + 29,
        `${hall.majority[0]} / ${hall.majority[1]}`,
        { "font-size": 18, fill: INK_SOFT },
      ),
    );
    this.clickable(
      title,
      `hall:${hall.number}`,
      legal,
      this.t("hall.majority", { first: hall.majority[0], second: hall.majority[1] }),
      this.hl(x + 8, y + 8, 200, 28),
    );
    root.append(title);
    // musicians
    const mus = this.decos[hall.musician];
    const owner = b.decorations[mus.id];
    const mx = x + w - 30;
    const my = y + 24;
    const musician = s(
      "g",
      { "data-deco": mus.id },
      s("circle", { cx: mx, cy: my, r: 15, fill: "#fffaf0", stroke: GOLD, "stroke-width": 1.2 }),
      s("path", {
        d:
          `M${mx - 6} ${my + 7}c-2-8 0-14 6-16c6 2 8 8 6 16` +
          `M${mx - 3} ${my - 4}v11M${mx} ${my - 6}v13M${mx + 3} ${my - 4}v11`,
        fill: "none",
        stroke: "#8a6a2a",
        "stroke-width": 1.3,
      }),
      svgText(mx - 22, my + 6, `${mus.cost}`, { "text-anchor": "end", "font-size": MIN_FONT, fill: INK_SOFT }),
      owner !== undefined ? this.marker(mx + 11, my + 11, owner, 7, `marker:${mus.id}`) : null,
    );
    this.clickable(musician, `finance:${mus.id}`, legal, this.decoTip(mus.id, owner), this.hlCircle(mx, my, 15));
    root.append(musician);
    hall.spaces.forEach((sp, i) => {
      const r = Math.floor(i / perRow);
      const inRow = Math.min(perRow, hall.spaces.length - r * perRow);
      const sx = x + (w - inRow * (SPW + GAP) + GAP) / 2 + (i % perRow) * (SPW + GAP);
      const sy = y + 42 + r * (SPH + GAP);
      root.append(this.guestSpace(sp, sx, sy, b.guests[sp.id], legal));
    });
    return ht;
  }

  /**
   * @param {SVGElement} root
   * @param {Observation} obs
   * @param {Set<string>} legal
   */
  halls(root, obs, legal) {
    const halls = this.comp.board.halls;
    const throne = halls.find((x) => x.number === 1);
    if (!throne) throw new Error("the board has no Throne hall (hall 1)");
    const others = halls.filter((x) => x.number !== 1);
    const tw = Math.min(900, Math.max(600, throne.spaces.length * (SPW + GAP) + 40));
    const tx = (W - tw) / 2;
    const ty = 162;
    const b = obs.board;
    const decos = this.comp.board.decorations;
    const kitchenRows = Math.max(
      ...["kitchen_left", "kitchen_right"].map((k) => decos.filter((d) => d.kind === k).length),
    );
    const statueRows = Math.ceil(decos.filter((d) => d.kind === "statue").length / 2);
    const th = this.hallBox(
      root,
      throne,
      tx,
      ty,
      tw,
      obs,
      legal,
      Math.max(70 + kitchenRows * 50, 50 + statueRows * 58),
    );
    // kitchen at the left, statues at the right of the Throne hall
    const fw = tx - 20;
    root.append(this.frame(10, ty, fw, th, this.t("board.kitchen")));
    const kl = decos.filter((d) => d.kind === "kitchen_left");
    const kr = decos.filter((d) => d.kind === "kitchen_right");
    /**
     * @param {number} x
     * @param {number} y
     */
    const pot = (x, y) =>
      s("path", {
        d: `M${x - 12} ${y - 3}h24l-3 12h-18zM${x - 14} ${y - 5}h28M${x - 4} ${y - 9}h8`,
        fill: "#e8d7b5",
        stroke: "#8a6a2a",
        "stroke-width": 1.2,
      });
    const colW = (fw - 20) / 2;
    /** @type {Array<[Decoration[], string]>} */
    const kitchens = [
      [kl, "kitchen_left"],
      [kr, "kitchen_right"],
    ];
    kitchens.forEach(([list, kind], col) => {
      const cx = 20 + colW * col + colW / 2;
      root.append(
        svgText(cx, ty + 54, this.decoKind(kind), { "text-anchor": "middle", "font-size": 18, fill: INK_SOFT }),
      );
      list.forEach((d, i) => {
        const cy = ty + 84 + i * 50;
        root.append(this.decoSpaceSmall(d, cx, cy, b.decorations[d.id], legal, pot));
      });
    });
    const statues = decos.filter((d) => d.kind === "statue");
    const sx = tx + tw + 10;
    root.append(this.frame(sx, ty, W - 10 - sx, th, this.t("board.statues")));
    /**
     * @param {number} x
     * @param {number} y
     */
    const statue = (x, y) =>
      s("path", {
        d: `M${x - 9} ${y + 12}h18v-4h-4v-9c3-2 3-7 0-9-1-3-7-3-8 0-3 2-3 7 0 9v9h-4z`,
        fill: "#e9e4da",
        stroke: "#8a7f6a",
        "stroke-width": 1.1,
      });
    const perRow = Math.ceil(statues.length / 2);
    const sw = (W - 10 - sx - 20) / perRow;
    statues.forEach((d, i) => {
      const cx = sx + 10 + (i % perRow) * sw + sw / 2;
      const cy = ty + 66 + Math.floor(i / perRow) * 58;
      root.append(this.decoSpaceSmall(d, cx, cy, b.decorations[d.id], legal, statue));
    });
    // halls 2-5 in a row
    const y2 = ty + th + 14;
    const hw = (W - 20 - (others.length - 1) * 12) / others.length;
    let tallest = 0;
    others.forEach((hall, i) => {
      tallest = Math.max(tallest, this.hallBox(root, hall, 10 + i * (hw + 12), y2, hw, obs, legal));
    });
    return y2 + tallest;
  }
}
