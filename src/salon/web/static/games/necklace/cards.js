// @ts-check
// The Queen's Necklace's cards drawn in the browser: a card with its colour, its gems and its
// price ladder (the golden ring on the price now), and the action a click on a card of one's
// hand makes.

import { h } from "../../ui.js";
import { NecklaceWords } from "./words.js";

/**
 * How a card is drawn: the action a click on it makes where that action is legal, the step of
 * its price ladder to ring, and whether it is among the cards one presents.
 * @typedef {{action?: string | null, legal?: Set<string>, step?: number | null, shown?: boolean}} CardLook
 */

/** Draws the cards of one game of the Queen's Necklace. */
export class NecklaceCards extends NecklaceWords {
  /**
   * @param {string} gem
   * @param {number} n
   */
  pips(gem, n) {
    return h(
      "span",
      { class: `nk-gem-${gem}`, style: "border:0" },
      Array.from({ length: n }, () => h("span", { class: "nk-pip" })),
    );
  }

  /**
   * @param {string} id
   * @param {CardLook} [look]
   */
  cardEl(id, { action = null, legal = new Set(), step = null, shown = false } = {}) {
    const c = this.comp.cards[id];
    if (!c) return h("div", { class: "nk-card" }, id);
    const cls = ["nk-card", `nk-${c.colour === "none" ? "merchant" : c.colour}`];
    if (c.gem) cls.push(`nk-gem-${c.gem}`);
    if (shown) cls.push("nk-shown");
    /** @type {import("../../ui.js").Attrs} */
    const attrs = { class: cls.join(" "), "data-card": id, "data-key": `card:${id}`, "data-tip": this.tip(id) };
    if (action && legal.has(action)) {
      attrs["data-action"] = action;
      attrs.tabindex = 0;
      attrs.role = "button";
    }
    const ladder = c.ladder.length
      ? h(
          "div",
          { class: "nk-ladder", "aria-hidden": "true" },
          c.ladder.map((p, i) => h("span", { class: i === step ? "nk-ring" : "" }, String(p))),
          h("span", { class: `nk-cross${step === c.ladder.length ? " nk-ring" : ""}` }, "✗"),
        )
      : null;
    return h(
      "div",
      attrs,
      ladder,
      h("div", { class: "nk-name" }, c.kind === "gem" ? this.gem(c.gem || "") : this.kind(c.kind)),
      c.kind === "gem"
        ? h("div", {}, this.pips(c.gem || "", c.gems || 0))
        : h("div", { class: "muted" }, this.t(`colour.${c.colour}`)),
      h("div", { class: "nk-id" }, id),
    );
  }

  /**
   * The action of the current decision that a click on card ``id`` in one's hand makes, if
   * exactly one fits (else the choice stays in the action list).
   * @param {string} id
   * @param {import("../../renderer-interface.js").TableState} state
   * @returns {string | null}
   */
  handAction(id, state) {
    const c = this.comp.cards[id];
    const d = this.obs(state).decision;
    if (!c || !d || d.seat !== state.seat) return null;
    const legal = state.legal;
    /** @param {string} prefix */
    const one = (prefix) => {
      const found = legal.filter((a) => a === prefix || a.startsWith(`${prefix}:`));
      return found.length === 1 ? found[0] : null;
    };
    switch (d.kind) {
      case "influence":
        if (c.kind === "musketeer") return one("play:musketeers");
        return ["confessor", "courtesan", "forger", "favorite", "thief"].includes(c.kind)
          ? one(`play:${c.kind}`)
          : null;
      case "forger_response":
        return c.kind === "musketeer" ? one("react:musketeer") : null;
      case "forger_discard":
        return one(`discard:${id}`);
      case "queen":
        return c.kind === "queen" ? one("react:queen") : null;
      case "cardinal":
        return c.kind === "cardinal" ? one("react:cardinal") : null;
      case "present":
        return one(`present:${id}`);
      case "alchemist":
        return one(`alchemist:${id}`);
      default:
        return null;
    }
  }
}
