// @ts-check
// The Queen's Necklace's sale on the table: the latest sale laid out column by column (one per
// gem type, most fashionable first), one row per player with the cards they presented, then
// its totals, Rarity, prices and sellers; followed through the journal, so that the table
// keeps showing the last sale once it is over.

import { h } from "../../ui.js";
import { cardIcon, NecklaceCards } from "./cards.js";
import { gemIcon } from "./gems.js";

/**
 * @typedef {import("./types.js").Observation} Observation
 * @typedef {import("./types.js").Sale} Sale
 */

/** Shows the sales of one game of the Queen's Necklace. */
export class NecklaceSale extends NecklaceCards {
  /** @type {Sale | null} the latest sale the journal told */
  sale = null;
  /** @type {HTMLElement | null} where the board shows the sale */
  saleBox = null;
  /** @type {Observation | null} the observation the board was drawn from */
  lastObs = null;
  /** @type {string | null} the sale's stage the box's columns were revealed for */
  stage = null;
  /** @type {HTMLElement | null} the box that reveals its columns one by one */
  animated = null;

  /**
   * The board's place for the sale, filled from the observation.
   * @param {Observation} obs
   */
  saleTable(obs) {
    this.lastObs = obs;
    this.saleBox = h("div", { id: "nk-sale" });
    this.fillSale(obs);
    return this.saleBox;
  }

  /**
   * The latest sale as a table: one column per gem type, most fashionable first, one row per
   * player with the cards they presented, then the totals, Rarity, price and who sold.
   * @param {Observation} obs
   */
  fillSale(obs) {
    const box = this.saleBox;
    if (!box) return;
    /** @type {import("./types.js").Presentation[] | null} */
    let presented = null;
    let number = obs.sales;
    if (obs.phase === "sale" && obs.players.some((p) => p.presented)) {
      presented = obs.players.map((p) => p.presented || { lots: {}, bankers: [] });
      number = obs.sales + 1;
    } else if (this.sale && this.sale.presented) {
      presented = this.sale.presented;
      number = this.sale.number;
    }
    if (!presented) {
      box.replaceChildren();
      return;
    }
    const shown = presented;
    const result = this.sale && this.sale.number === number ? this.sale.result : null;
    const order = obs.fashion.map((f) => f.gem);
    // the columns are revealed one by one once per reveal and per result, not at every redraw
    const stage = `${number}:${result ? "result" : "reveal"}`;
    if (this.stage !== stage) {
      this.stage = stage;
      this.animated = box;
    }
    box.classList.toggle("nk-still", this.animated !== box);
    /**
     * @param {number} seat
     * @param {string} gem
     */
    const cell = (seat, gem) => {
      const ids = shown[seat].lots[gem] || [];
      const sold = result ? (result.sellers[gem] || []).includes(seat) : false;
      const cancelled = result ? result.cancelled.includes(gem) : false;
      const income = result && sold ? result.income[seat]?.[gem] : 0;
      return h(
        "td",
        {
          class: [`nk-col nk-col-${order.indexOf(gem)}`, sold ? "nk-sold" : "", sold && cancelled ? "nk-cancelled" : ""]
            .filter((x) => x)
            .join(" "),
        },
        ids.map((id) => this.chip(id, gem)),
        income ? h("span", { class: "nk-income" }, `+${income}`) : null,
      );
    };
    const rows = shown.map((p, seat) =>
      h(
        "tr",
        { "data-seat": seat },
        h(
          "td",
          { class: "nk-who" },
          h("span", { class: `dot p${seat % 5}` }),
          " ",
          this.player(seat),
          p.bankers.length
            ? h("span", { class: "nk-badge" }, this.c.n("necklace.sale.bankers", p.bankers.length))
            : null,
        ),
        order.map((gem) => cell(seat, gem)),
      ),
    );
    const foot = [];
    if (result) {
      /**
       * @param {string} label
       * @param {(gem: string) => string} fn
       */
      const line = (label, fn) =>
        h(
          "tr",
          {},
          h("td", { class: "nk-who" }, label),
          order.map((gem, i) => h("td", { class: `nk-col nk-col-${i}` }, fn(gem))),
        );
      foot.push(
        line(this.t("sale.gems"), (g) => String(result.gems[g])),
        line(this.t("sale.rarity"), (g) => `+${result.rarity[g]}`),
        line(this.t("sale.price"), (g) =>
          result.cancelled.includes(g) ? this.t("sale.cancelled") : this.livres(result.prices[g]),
        ),
        line(this.t("sale.sellers"), (g) => (result.sellers[g] || []).map((x) => this.player(x)).join(", ") || "—"),
      );
    }
    box.replaceChildren(
      h("h3", { class: "nk-title" }, this.t(result ? "sale.title_done" : "sale.title", { n: number })),
      h(
        "table",
        { class: "nk-sale", id: "nk-sale-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, ""),
            order.map((gem, i) => h("th", { class: `nk-col nk-col-${i} nk-gem-${gem}` }, gemIcon(gem), this.gem(gem))),
          ),
        ),
        h("tbody", {}, rows, foot),
      ),
    );
  }

  /**
   * A card presented in a column of the sale: its small picture and its name, a gem card's
   * name being its count of gems (its gem is in the picture, whole in its tooltip), so that a
   * column of many cards stays narrow and short.
   * @param {string} id
   * @param {string} column the gem type of its column
   */
  chip(id, column) {
    const face = this.face(id);
    return h(
      "span",
      { class: `nk-chip nk-gem-${face?.gem || column}`, "data-key": `card:${id}`, "data-tip": this.tip(id) },
      cardIcon(face),
      face?.kind === "gem" ? `×${face.gems}` : this.name(id),
    );
  }

  /**
   * A new entry of the journal: the sale it tells is drawn on the table.
   * @param {import("../../renderer-interface.js").LogEntry} entry
   */
  followLog(entry) {
    if (entry.n === 0) this.sale = null;
    for (const ev of entry.events) this.track(ev);
  }

  /**
   * Follow the sale through the journal, so the table keeps showing the last one.
   * @param {Record<string, any>} ev
   */
  track(ev) {
    let changed = true;
    if (ev.type === "sale") this.sale = { number: ev.number, presented: null, result: null };
    else if (ev.type === "reveal" && this.sale) {
      /** @type {import("./types.js").Presentation[]} */
      const presented = ev.presented;
      this.sale.presented = presented.map((p) => ({ lots: { ...p.lots }, bankers: p.bankers }));
    } else if (ev.type === "alchemist" && this.sale && this.sale.presented) {
      const lots = this.sale.presented[ev.seat].lots;
      // one copy moves: identical copies share their public name
      const before = [...(lots[ev.before] || [])];
      const at = before.indexOf(ev.card);
      if (at >= 0) before.splice(at, 1);
      if (before.length) lots[ev.before] = before;
      else delete lots[ev.before];
      lots[ev.after] = [...(lots[ev.after] || []), ev.card];
    } else if (ev.type === "sale_result" && this.sale) {
      this.sale.result = /** @type {import("./types.js").SaleResult} */ (ev);
    } else changed = false;
    if (changed && this.saleBox && this.lastObs) this.fillSale(this.lastObs);
  }
}
