// @ts-check
// The Queen's Necklace's cards drawn in the browser: a card framed in its colour, with its name,
// a picture of its own (its gems, its jewel or its character's emblem: ./gems.js, ./emblems.js),
// its price ladder (the golden ring on the price now) and its id, which the journal names; a
// small picture of a card beside its name where a card is named (the sale); and the action a
// click on a card of one's hand makes.

import { h, s } from "../../ui.js";
import { emblem } from "./emblems.js";
import { drawGem, gemIcon } from "./gems.js";
import { NecklaceWords } from "./words.js";

/**
 * How a card is drawn: the action a click on it makes where that action is legal, the step of
 * its price ladder to ring and its price now (in the market), and whether it is among the
 * cards one presents.
 * @typedef {object} CardLook
 * @property {string | null} [action]
 * @property {Set<string>} [legal]
 * @property {number | null} [step]
 * @property {number | null} [price]
 * @property {boolean} [shown]
 */

/** The longest word a card's name band holds at its size, in characters. */
const LONG_WORD = 11;

/** Where a card's gems lie in its picture (64 × 64 units), by their count: x, y and size. */
const GEM_PLACES = [
  [],
  [[32, 32, 25]],
  [[21, 22, 17], [43, 43, 17]],
  [[32, 17, 14], [17, 45, 14], [47, 45, 14]],
];

/**
 * The picture of a card's face: its gems on velvet, its jewel or its character's emblem.
 * @param {import("./types.js").Face} face
 * @param {string} label what the picture shows, for those who cannot see it
 */
function picture(face, label) {
  let body;
  if (face.kind === "gem") {
    const places = GEM_PLACES[Math.min(3, face.gems || 1)];
    body = [
      s("rect", { x: 1, y: 1, width: 62, height: 62, rx: 8, fill: "url(#nk-velvet)" }),
      places.map(([x, y, r]) => drawGem(face.gem || "", x, y, r)),
    ];
  } else body = emblem(face.kind, face.colour);
  return s("svg", { class: "nk-pic", viewBox: "0 0 64 64", role: "img", "aria-label": label }, body);
}

/**
 * A card's small picture, beside its name: a gem card's gem, another card's emblem.
 * @param {import("./types.js").Face | undefined} face
 */
export function cardIcon(face) {
  if (!face) return null;
  if (face.kind === "gem") return gemIcon(face.gem || "");
  return s("svg", { class: "nk-icon", viewBox: "0 0 64 64", "aria-hidden": "true" }, emblem(face.kind, face.colour));
}

/** Draws the cards of one game of the Queen's Necklace. */
export class NecklaceCards extends NecklaceWords {
  /**
   * @param {string} id
   * @param {CardLook} [look]
   */
  cardEl(id, { action = null, legal = new Set(), step = null, price = null, shown = false } = {}) {
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
    const name = this.name(id);
    // a word too long for the card's width is set a little smaller rather than cut
    const long = Math.max(...name.split(/\s+/).map((w) => w.length)) > LONG_WORD;
    return h(
      "div",
      attrs,
      h("div", { class: long ? "nk-name nk-long" : "nk-name" }, name),
      h(
        "div",
        { class: "nk-face" },
        h("div", { class: "nk-art" }, picture(c, name), h("div", { class: "nk-class" }, this.t(`colour.${c.colour}`))),
        ladder,
      ),
      h(
        "div",
        { class: "nk-foot" },
        h("span", { class: "nk-id" }, id),
        price === null ? null : h("span", { class: "nk-price" }, this.ducats(price)),
      ),
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
