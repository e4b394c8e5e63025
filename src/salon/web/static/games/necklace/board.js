// @ts-check
// The Queen's Necklace's table in the browser: where the game stands (sales, draw pile,
// discards, the necklace's holder, the ducats to spend), the Fashion, Gem and Rarity tiles,
// the market with each card's price ladder and its golden ring, the Merchants and delayed
// sales, and the latest sale.  A legal action that belongs to a card or a tile is drawn on it
// as data-action="<action>".

import { prepare } from "../../motion.js";
import { h } from "../../ui.js";
import { gemIcon } from "./gems.js";
import { NecklaceSale } from "./sale.js";

/**
 * @typedef {import("./types.js").Observation} Observation
 */

/** Lays out the table of one game of the Queen's Necklace. */
export class NecklaceBoard extends NecklaceSale {
  /** @param {import("../../renderer-interface.js").TableState} state */
  board(state) {
    prepare();
    const obs = this.obs(state);
    const legal = new Set(state.legal);
    /** @type {HTMLElement[]} */
    const parts = [
      // the tiles, the market and where the game stands side by side where the screen is wide
      // enough, so that a laptop shows the whole table at a legible size
      h(
        "div",
        { class: "nk-top" },
        h("div", { class: "nk-block" }, this.tiles(obs, legal)),
        this.market(obs, legal),
        this.info(obs),
      ),
    ];
    if (obs.merchants_in_play.length || obs.players.some((p) => p.delayed_sales.length)) {
      const delayed = obs.players
        .filter((p) => p.delayed_sales.length)
        .map((p) => this.t("board.delayed", { player: this.player(p.seat) }));
      parts.push(
        h(
          "div",
          { class: "nk-info" },
          obs.merchants_in_play.length ? h("span", {}, this.t("board.merchant_now")) : null,
          delayed.map((x) => h("span", {}, x)),
        ),
      );
    }
    parts.push(this.saleTable(obs));
    return h("div", { class: "nk-board" }, parts);
  }

  /**
   * Where the game stands: the sales, the draw pile, the discards, the necklace's holder, the
   * ducats to spend.
   * @param {Observation} obs
   */
  info(obs) {
    const holder = obs.players.find((p) => p.necklace);
    return h(
      "div",
      { class: "nk-info", id: "nk-info" },
      h("span", {}, this.t("board.sales", { n: obs.sales, total: obs.sales_total })),
      h("span", {}, this.t("board.pile", { n: obs.pile_count })),
      h("span", {}, this.t("board.discard", { n: obs.discard.length })),
      h(
        "span",
        { id: "nk-holder" },
        this.t("board.holder", { player: holder ? this.player(holder.seat) : this.t("unit.nobody") }),
      ),
      obs.ducats !== null && obs.ducats !== undefined
        ? h("span", {}, this.t("board.ducats", { player: this.player(obs.active), ducats: this.ducats(obs.ducats) }))
        : null,
    );
  }

  /**
   * The Fashion, Gem and Rarity tiles, a line per gem type, most fashionable first; the Gem
   * tile is where the Favorite is played.
   * @param {Observation} obs
   * @param {Set<string>} legal
   */
  tiles(obs, legal) {
    const r = this.comp.rules;
    const rarity = obs.last_sale_rarity || {};
    return [
      h("h3", { class: "nk-title" }, this.t("board.tiles")),
      h(
        "div",
        { class: "nk-tiles", id: "nk-tiles" },
        obs.fashion.map((f, i) => {
          const action = `play:favorite:${f.gem}`;
          /** @type {import("../../ui.js").Attrs} */
          const attrs = {
            class: `nk-tile nk-gemtile nk-gem-${f.gem}`,
            "data-gem": f.gem,
            "data-key": `gem:${f.gem}`,
            "data-tip": this.t("board.gem_tile_tip"),
          };
          if (legal.has(action)) Object.assign(attrs, { "data-action": action, tabindex: 0, role: "button" });
          const rv = rarity[f.gem];
          return h(
            "div",
            { class: "nk-column" },
            h(
              "div",
              { class: "nk-tile nk-fashion", "data-tip": this.t("board.fashion_tip") },
              this.t("board.fashion", { n: i + 1, value: r.fashion_values[i] }),
            ),
            h("div", attrs, gemIcon(f.gem), this.gem(f.gem)),
            h(
              "div",
              {
                class: `nk-tile nk-rarity${rv === undefined ? " nk-none" : ""}`,
                "data-key": `rarity:${f.gem}`,
                "data-tip": this.t("board.rarity_tip"),
              },
              rv === undefined ? this.t("board.no_rarity") : this.t("board.rarity", { value: rv }),
            ),
          );
        }),
      ),
    ];
  }

  /**
   * The market: each card with its price ladder, the golden ring on its price, and the price
   * at its foot; a card one may buy is where one buys it.
   * @param {Observation} obs
   * @param {Set<string>} legal
   */
  market(obs, legal) {
    return h(
      "div",
      { class: "nk-block" },
      h("h3", { class: "nk-title" }, this.t("board.market")),
      h(
        "div",
        { class: "nk-row", id: "nk-market" },
        obs.market.map((m, slot) =>
          h(
            "div",
            { class: "nk-slot", "data-slot": slot },
            m
              ? this.cardEl(m.card.id, { action: `buy:${m.card.id}`, legal, step: m.step, price: m.price })
              : h("div", { class: "nk-empty" }, this.t("board.empty")),
          ),
        ),
      ),
    );
  }

  /**
   * Where the game stands: the turn, the sales, the phase.
   * @param {import("../../renderer-interface.js").TableState} state
   */
  header(state) {
    const obs = this.obs(state);
    const phase = this.has(`phase.${obs.phase}`) ? this.t(`phase.${obs.phase}`) : obs.phase;
    const sales = this.t("board.sales", { n: obs.sales, total: obs.sales_total });
    return `${this.t("board.turn", { n: obs.turn })} · ${sales} · ${phase}`;
  }
}
