// @ts-check
// The Queen's Necklace in the browser: the Fashion, Gem and Rarity tiles, the market with each
// card's price ladder and its golden ring, the player panels (one's own hand only), the sale
// laid out column by column, and the texts of decisions, actions, journal and final table.
// The renderer is put together by concern: names, tooltips and the rules' numbers (words.js),
// the cards (cards.js) and their pictures (gems.js, emblems.js), the sale (sale.js), the
// table's layout (board.js), the HTML panels and the final scoring (panels.js), and here the
// decisions and actions; the journal's texts come from the server (salon.wording, worded by
// ../../wording.js).
//
// Everything is drawn from the seat's observation and the public card descriptions
// (/api/games/<id>/components).  A legal action that belongs to a card or a tile is drawn on
// it as data-action="<action>"; every action is also in the shell's action list.

import { h } from "../../ui.js";
import { NecklacePanels } from "./panels.js";

/** @typedef {import("../../renderer-interface.js").TableState} TableState */

/**
 * The renderer of a table of this game.
 * @param {import("../../renderer-interface.js").RendererContext} ctx
 * @returns {import("../../renderer-interface.js").Renderer}
 */
export function createRenderer(ctx) {
  const link = document.querySelector("link[data-necklace]");
  if (!link) {
    document.head.append(
      h("link", { rel: "stylesheet", href: "/static/games/necklace/style.css", "data-necklace": "" }),
    );
  }
  return new NecklaceRenderer(ctx);
}

class NecklaceRenderer extends NecklacePanels {
  // --- decisions and actions

  /** @param {TableState} state */
  prompt(state) {
    const d = this.obs(state).decision;
    if (!d) return "";
    if (d.seat !== state.seat || !state.legal.length) {
      return this.has(`doing.${d.kind}`) ? this.t(`doing.${d.kind}`) : this.t("doing.other");
    }
    /** @type {Record<string, string | number | undefined>} */
    const f = {};
    switch (d.kind) {
      case "influence":
      case "buy":
        f.ducats = this.ducats(d.ducats ?? 0);
        break;
      case "forger_response":
      case "forger_discard":
        Object.assign(f, { player: this.player(d.forger), gem: this.gem(d.gem ?? "") });
        break;
      case "queen":
        f.card = this.card(d.card ?? "");
        break;
      case "present":
      case "alchemist":
        f.n = d.sale;
        break;
      default:
        break;
    }
    return this.has(`decision.${d.kind}`) ? this.t(`decision.${d.kind}`, f) : this.t("doing.other");
  }

  /** The choices of the current decision a player would look for but may not take now: the
   *  influence cards in hand that cannot be played, the market cards too dear, ending the
   *  purchase while one must buy, the hand's cards that cannot be presented or discarded, a
   *  reaction without its card.  The page asks the server why, on the player's demand.
   * @param {TableState} state
   * @returns {string[]}
   */
  alternatives(state) {
    const obs = this.obs(state);
    const d = obs.decision;
    const seat = state.seat;
    const me = seat === null ? undefined : obs.players[seat];
    if (!d || seat === null || d.seat !== seat || !me || !me.hand) return [];
    const legal = new Set(state.legal);
    /** @param {string} prefix */
    const offered = (prefix) => state.legal.some((a) => a === prefix || a.startsWith(`${prefix}:`));
    const hand = me.hand.map((c) => c.id).filter((id) => this.comp.cards[id]);
    /** @param {string} id */
    const kindOf = (id) => this.comp.cards[id].kind;
    const gem = (this.comp.gems || [])[0];
    const other = (seat + 1) % obs.players.length;
    const out = [];
    switch (d.kind) {
      case "influence": {
        const kinds = [...new Set(hand.map(kindOf))];
        for (const kind of ["confessor", "courtesan", "forger", "favorite", "thief"]) {
          if (!kinds.includes(kind) || offered(`play:${kind}`)) continue;
          if (kind === "courtesan") out.push("play:courtesan");
          else if (kind === "favorite") out.push(`play:favorite:${gem}`);
          else if (kind === "forger") out.push(`play:forger:${other}:${gem}`);
          else out.push(`play:${kind}:${other}`);
        }
        if (kinds.includes("musketeer") && !legal.has("play:musketeers")) out.push("play:musketeers");
        break;
      }
      case "buy":
        for (const slot of obs.market || []) {
          if (slot && !legal.has(`buy:${slot.card.id}`)) out.push(`buy:${slot.card.id}`);
        }
        if (!legal.has("done")) out.push("done");
        break;
      case "present": {
        const mine = me.presenting || { lots: {}, bankers: [] };
        const shown = new Set([...Object.values(mine.lots).flat(), ...mine.bankers]);
        for (const id of hand) {
          if (shown.has(id) || offered(`present:${id}`)) continue;
          out.push(["ring", "king", "necklace"].includes(kindOf(id)) ? `present:${id}:${gem}` : `present:${id}`);
        }
        break;
      }
      case "forger_discard":
        for (const id of hand) if (!legal.has(`discard:${id}`)) out.push(`discard:${id}`);
        break;
      case "queen":
      case "cardinal":
      case "forger_response": {
        /** @type {Record<string, string>} */
        const reactions = { queen: "react:queen", cardinal: "react:cardinal", forger_response: "react:musketeer" };
        const react = reactions[d.kind];
        if (!legal.has(react)) out.push(react);
        break;
      }
      default:
        break;
    }
    return out;
  }

  /**
   * The elements of a part of the table a lesson points at: the market, the Gem tiles with
   * the Fashion and Rarity tiles, the sale (one's own presentation while the sale shows none),
   * one's own hand.
   * @param {string} name
   * @returns {Element | null}
   */
  region(name) {
    /** @type {Record<string, string[]>} */
    const ids = {
      market: ["nk-market"],
      gems: ["nk-tiles"],
      sale: ["nk-sale", "nk-pick", "presentation"],
      hand: ["hand"],
    };
    const found = (ids[name] || []).map((id) => document.getElementById(id)).find((el) => el?.childElementCount);
    return found ? (found.closest(".nk-block") ?? found) : null;
  }

  /** An engine refusal's reason (GET /explain: its key and raw fields) in the player's words:
   *  card ids become cards, amounts ducats, gem and kind ids their names, seats players; null
   *  for a key the catalog lacks.
   * @param {string} key
   * @param {Record<string, any>} fields
   */
  refusal(key, fields) {
    if (!this.has(`refusal.${key}`)) return null;
    /** @type {Record<string, (v: any) => string>} */
    const word = {
      card: (v) => this.card(v),
      cost: (v) => this.ducats(v),
      ducats: (v) => this.ducats(v),
      gem: (v) => this.gem(v),
      kind: (v) => this.kind(v),
      seat: (v) => this.player(Number(v)),
    };
    /** @type {Record<string, string>} */
    const f = {};
    for (const [name, value] of Object.entries(fields)) f[name] = word[name] ? word[name](value) : String(value);
    return this.t(`refusal.${key}`, f);
  }

  /**
   * @param {string} action
   * @param {TableState} state
   */
  actionLabel(action, state) {
    const obs = this.obs(state);
    const kind = obs.decision?.kind;
    const parts = action.split(":");
    const [head] = parts;
    switch (head) {
      case "done":
        return this.t(
          kind === "present" ? "action.present_done" : kind === "buy" ? "action.buy_done" : "action.done",
        );
      case "pass":
        return this.t("action.pass");
      case "play": {
        const what = parts[1];
        if (what === "courtesan")
          return this.t("action.courtesan", { ducats: this.ducats(this.comp.rules.courtesan_ducats) });
        if (what === "musketeers") return this.t("action.musketeers");
        if (what === "favorite") return this.t("action.favorite", { gem: this.gem(parts[2]) });
        if (what === "forger")
          return this.t("action.forger", { player: this.player(Number(parts[2])), gem: this.gem(parts[3]) });
        return this.t(`action.${what}`, { player: this.player(Number(parts[2])) });
      }
      case "react":
        return this.t(`action.react_${parts[1]}`);
      case "buy": {
        const slot = obs.market.find((m) => m && m.card.id === parts[1]);
        return this.t("action.buy", { card: this.card(parts[1]), price: this.ducats(slot ? slot.price : 0) });
      }
      case "discard":
        return this.t("action.discard", { card: this.card(parts[1]) });
      case "present":
        if (parts.length > 2)
          return this.t("action.present_on", { card: this.card(parts[1]), gem: this.gem(parts[2]) });
        return this.t("action.present", { card: this.card(parts[1]) });
      case "alchemist":
        return this.t("action.alchemist", { card: this.card(parts[1]), gem: this.gem(parts[2]) });
      default:
        return action;
    }
  }
}
