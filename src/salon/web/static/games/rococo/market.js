// @ts-check
// Rococo's market in the browser: the design display, the resource drawers and the new
// employees below the halls, and with the Jewelry Box the jeweler board with its jewelry
// display, its decoration spaces and the exams' task tracks.

import { s } from "../../ui.js";
import { GOLD, INK_SOFT, MIN_FONT, W } from "./palette.js";
import { svgText } from "./draw.js";
import { RococoPieces } from "./pieces.js";

/** @typedef {import("./types.js").Observation} Observation */

/** Lays out the market of one Rococo game. */
export class RococoMarket extends RococoPieces {
  /**
   * @param {SVGElement} root
   * @param {Observation} obs
   * @param {Set<string>} legal
   * @param {number} y
   */
  market(root, obs, legal, y) {
    const b = obs.board;
    const comp = this.comp.board;
    const ht = 985 - y - 10;
    // design display
    const n = b.windows.length;
    const ww = Math.min(100, (830 - 30) / n - 8);
    const dw = n * (ww + 8) + 30;
    root.append(this.frame(10, y, dw, ht, this.t("board.windows")));
    const dark = comp.dark_windows;
    b.windows.forEach((win, i) => {
      const x = 25 + i * (ww + 8);
      const wy = y + 40;
      const wh = ht - 80;
      const isDark = i >= n - dark;
      root.append(
        s("path", {
          d: `M${x} ${wy + wh}v${-(wh - ww / 2)}a${ww / 2} ${ww / 2} 0 0 1 ${ww} 0v${wh - ww / 2}z`,
          fill: isDark ? "#d9d3e4" : "#eef3f8",
          stroke: GOLD,
          "stroke-width": 1.3,
          "data-tip": isDark ? this.t("board.dark") : null,
        }),
      );
      if (win.garment) {
        const node = s(
          "g",
          { "data-window": i },
          this.garmentSvg(win.garment, x + 4, wy + ww / 2 - 6, ww - 8, wh - ww / 2, { needs: true }),
        );
        root.append(
          this.clickable(
            node,
            `garment:${win.garment}`,
            legal,
            this.garmentTip(win.garment),
            this.hl(x + 4, wy + ww / 2 - 6, ww - 8, wh - ww / 2),
          ),
        );
      }
      root.append(
        s(
          "g",
          { "data-tip": this.t("board.window_cost", { livres: this.livres(win.cost) }) },
          this.coin(x + ww / 2, y + ht - 22, String(win.cost), 13),
        ),
      );
    });
    if (b.making) {
      root.append(
        s(
          "g",
          { "data-tip": `${this.t("board.making")}\n${this.garmentTip(b.making)}` },
          svgText(10 + dw - 50, y + 28, `${this.t("board.making")}`, {
            "text-anchor": "end",
            "font-size": MIN_FONT,
            fill: "#7c3345",
          }),
          this.garmentSvg(b.making, 10 + dw - 44, y + 6, 30, 34),
        ),
      );
    }
    // resource drawers
    const dx = 10 + dw + 14;
    const drw = 400;
    root.append(this.frame(dx, y, drw, ht, this.t("board.drawers")));
    const rowH = (ht - 44) / comp.drawers;
    const size = Math.min(64, rowH - 34, (drw - 60) / comp.drawer_spaces - 10);
    b.drawers.forEach((drawer, d) => {
      const ry = y + 38 + d * rowH;
      const count = drawer.filter((x) => x).length;
      root.append(
        s("rect", { x: dx + 12, y: ry, width: drw - 24, height: rowH - 6, rx: 6, fill: "#f6ead0", stroke: "#d2b983" }),
        s("circle", { cx: dx + drw - 24, cy: ry + rowH / 2, r: 3.5, fill: GOLD }),
        svgText(dx + 20, ry + 19, this.drawerLabel(d + 1, count), { "font-size": MIN_FONT, fill: INK_SOFT }),
      );
      drawer.forEach((tile, k) => {
        if (!tile) return;
        const tx = dx + 22 + k * (size + 12);
        const node = s("g", { "data-tile": tile }, this.tileSvg(tile, tx, ry + 24, size));
        root.append(this.clickable(node, `take:${tile}`, legal, this.tileTip(tile), this.hl(tx, ry + 24, size, size)));
      });
    });
    // employee display
    const ex = dx + drw + 14;
    const ew = W - 10 - ex;
    const shown = b.display.filter((c) => c);
    const price = shown.length ? this.price(comp.hire_price[shown.length]) : "—";
    root.append(this.frame(ex, y, ew, ht, this.t("board.employees")));
    root.append(
      svgText(
        ex + 16,
        y + 52,
        `${this.t("board.hire_price", { price })} · ${this.t("board.deck", { count: b.deck_count })}`,
        { "font-size": MIN_FONT, fill: INK_SOFT },
      ),
    );
    const cols = 2;
    const rows = Math.ceil(comp.hire_spaces / cols);
    const cw = (ew - 30 - (cols - 1) * 10) / cols;
    const ch = (ht - 74 - (rows - 1) * 10) / rows;
    b.display.forEach((card, i) => {
      if (!card) return;
      const cx = ex + 15 + (i % cols) * (cw + 10);
      const cy = y + 64 + Math.floor(i / cols) * (ch + 10);
      const node = s("g", { "data-card": card }, this.cardSvg(card, cx, cy, cw, ch));
      root.append(this.clickable(node, `hire:${card}`, legal, this.cardTip(card), this.hl(cx, cy, cw, ch)));
    });
  }

  /**
   * @param {number} n
   * @param {number} count
   */
  drawerLabel(n, count) {
    if (!count) return this.t("board.drawer_empty", { n });
    const price = this.comp.board.resource_price[count];
    return price ? this.t("board.drawer", { n, price: this.livres(price) }) : this.t("board.drawer_free", { n });
  }

  /**
   * @param {SVGElement} root
   * @param {Observation} obs
   * @param {Set<string>} legal
   * @param {number} y
   */
  jeweler(root, obs, legal, y) {
    const jw = obs.jewelry;
    const comp = this.comp.jewelry;
    if (!jw || !comp) return;
    const b = obs.board;
    root.append(this.frame(10, y, W - 20, 190, this.t("board.jeweler")));
    root.append(
      svgText(W - 26, y + 24, this.t("board.jewel_bag", { n: jw.bag_count }), {
        "text-anchor": "end",
        "font-size": MIN_FONT,
        fill: INK_SOFT,
      }),
    );
    // jewelry display
    jw.display.forEach((slot, i) => {
      const x = 30 + i * 92;
      const cy = y + 90;
      root.append(s("rect", { x, y: y + 40, width: 80, height: 120, rx: 8, fill: "#fffaf0", stroke: "#cdb98e" }));
      if (slot.jewel) {
        const node = s("g", { "data-jewel": slot.jewel }, this.jewelSvg(slot.jewel, x + 40, cy, 22));
        root.append(
          this.clickable(
            node,
            `jewel:${slot.jewel}`,
            legal,
            `${this.jewel(slot.jewel)}\n${this.t("jewel.price", { livres: this.livres(slot.price) })}`,
            this.hlCircle(x + 40, cy, 24),
          ),
        );
      }
      root.append(this.coin(x + 40, y + 140, String(slot.price), 11));
    });
    // jeweler decoration spaces
    const jx = 30 + jw.display.length * 92 + 20;
    /**
     * @param {number} x
     * @param {number} yy
     */
    const gem = (x, yy) =>
      s("path", {
        d: `M${x - 10} ${yy - 3}l5 -6h10l5 6-10 13z`,
        fill: "#cfe3f2",
        stroke: "#4a6a8a",
        "stroke-width": 1.1,
      });
    const jewelers = this.comp.board.decorations.filter((d) => d.kind === "jeweler");
    jewelers.forEach((d, i) => {
      root.append(this.decoSpace(d, jx + 30 + i * 72, y + 82, b.decorations[d.id], legal, gem));
    });
    // the exams: task spaces with the markers of the players who fulfilled them
    const ex = jx + jewelers.length * 72 + 16;
    const tw = Math.min(130, (W - 30 - ex) / 4 - 8);
    /**
     * @param {string[]} tasks
     * @param {"journeyman" | "master"} exam
     * @param {number} yy
     */
    const taskRow = (tasks, exam, yy) => {
      const count = exam === "master" ? jw.master_stack_count : jw.journeyman_stack_count;
      root.append(
        svgText(
          ex,
          yy - 8,
          `${this.t(`board.${exam}_tasks`)} · ${this.t("exam.stack", { count })}`,
          { "font-size": MIN_FONT, fill: INK_SOFT },
        ),
      );
      tasks.forEach((task, i) => {
        const x = ex + i * (tw + 8);
        const node = s(
          "g",
          { "data-tip": `${task}: ${this.t(`task.${task}`)}` },
          s("rect", { x, y: yy, width: tw, height: 40, rx: 8, fill: "#fffaf0", stroke: GOLD }),
          svgText(x + 10, yy + 26, task, { "font-size": 18, "font-weight": 600 }),
        );
        obs.players.forEach((p, seat) => {
          if (p.exam === exam && (p.tasks || []).includes(task))
            node.append(this.marker(x + 48 + seat * 18, yy + 20, seat, 7, `marker:task:${task}:${seat}`));
        });
        root.append(this.clickable(node, `task:${task}`, legal, null, this.hl(x, yy, tw, 40)));
      });
      obs.players.forEach((p, seat) => {
        if (p.exam !== exam) return;
        const mx = ex + tasks.length * (tw + 8) + 10 + seat * 18;
        root.append(this.marker(mx, yy + 20, seat, 6, `marker:exam:${seat}`));
      });
    };
    taskRow(comp.journeyman_tasks, "journeyman", y + 58);
    taskRow(comp.master_tasks, "master", y + 130);
  }
}
