// @ts-check
// The Queen's Necklace's HTML panels in the browser: one's own hand (and the presentation
// chosen there card by card, sent in one step), one's presentation and the hands one saw, the
// players' panels and score track, and the final scoring table.

import { prepare } from "../../motion.js";
import { own } from "../../renderer-interface.js";
import { scoringTable } from "../../scoring.js";
import { h } from "../../ui.js";
import { NecklaceBoard } from "./board.js";
import { gemIcon } from "./gems.js";

const SALE_STEPS = ["sale1", "sale2", "sale3", "bounty"];

/**
 * @typedef {import("../../renderer-interface.js").TableState} TableState
 * @typedef {import("./types.js").CardView} CardView
 */

/** The panels of one game of the Queen's Necklace. */
export class NecklacePanels extends NecklaceBoard {
  /** @param {import("../../renderer-interface.js").RendererContext} ctx */
  constructor(ctx) {
    super(ctx);
    this.actMany = ctx.actMany || null; // sends several actions of one's own at once (a whole presentation)
    /** @type {string[]} the presentation being chosen, not sent yet: present:<card> actions */
    this.picked = [];
    /** @type {string | null} the decision the cards were picked for */
    this.pickedFor = null;
    /** @type {HTMLElement | null} */
    this.pickBox = null;
  }

  /** @param {TableState} state */
  privateArea(state) {
    prepare();
    const obs = this.obs(state);
    const me = state.seat === null ? undefined : obs.players[state.seat];
    const hand = me?.hand;
    if (!me || !hand) return null;
    const legal = new Set(state.legal);
    /** @type {Set<string>} */
    const shownIds = new Set();
    const mine = me.presenting || me.presented;
    if (mine) {
      for (const ids of Object.values(mine.lots)) ids.forEach((x) => shownIds.add(x));
      mine.bankers.forEach((x) => shownIds.add(x));
    }
    const d = obs.decision;
    const actMany = this.actMany;
    const picking = Boolean(actMany && d && d.kind === "present" && d.seat === state.seat);
    const decisionKey = `${obs.turn}:${obs.sales}:${state.seat}`;
    if (!picking || this.pickedFor !== decisionKey) this.picked = [];
    this.pickedFor = picking ? decisionKey : null;
    this.picked = this.picked.filter((a) => legal.has(a));
    /** @param {CardView} c */
    const card = (c) => {
      const pick = `present:${c.id}`;
      if (!picking || !legal.has(pick)) {
        return this.cardEl(c.id, { action: this.handAction(c.id, state), legal, shown: shownIds.has(c.id) });
      }
      // a card presented on no lot is chosen here and sent with the others once confirmed
      const el = this.cardEl(c.id, { shown: shownIds.has(c.id) });
      el.classList.toggle("nk-picked", this.picked.includes(pick));
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      const toggle = () => {
        this.picked = this.picked.includes(pick) ? this.picked.filter((a) => a !== pick) : [...this.picked, pick];
        el.classList.toggle("nk-picked", this.picked.includes(pick));
        this.fillPick();
      };
      el.addEventListener("click", toggle);
      el.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          toggle();
        }
      });
      return el;
    };
    /** @type {HTMLElement[]} */
    const parts = [
      h("h3", {}, this.t(own(state, "hand"))),
      h(
        "div",
        { class: "cards", id: "hand" },
        hand.length ? hand.map(card) : h("span", { class: "muted" }, this.t("panel.empty")),
      ),
    ];
    this.pickBox = picking ? h("div", { class: "nk-lots", id: "nk-pick" }) : null;
    if (this.pickBox) {
      parts.push(this.pickBox);
      this.fillPick();
    }
    const presenting = me.presenting;
    if (presenting) {
      const lots = Object.entries(presenting.lots);
      parts.push(
        h("h3", {}, this.t(own(state, "presentation"))),
        h(
          "div",
          { class: "nk-lots", id: "presentation" },
          lots.length || presenting.bankers.length
            ? [
                ...lots.map(([gem, ids]) =>
                  h(
                    "div",
                    { class: `nk-lot nk-gem-${gem}` },
                    h("b", {}, gemIcon(gem), this.gem(gem)),
                    ": ",
                    ids.map((x) => this.name(x)).join(", "),
                  ),
                ),
                ...(presenting.bankers.length
                  ? [h("div", { class: "nk-lot" }, this.c.n("necklace.sale.bankers", presenting.bankers.length))]
                  : []),
              ]
            : h("span", { class: "muted" }, this.t("panel.nothing_presented")),
        ),
      );
    }
    const seen = Object.entries(me.seen || {});
    for (const [target, ids] of seen) {
      parts.push(
        h(
          "div",
          { class: "muted" },
          this.t("panel.seen", { player: this.player(Number(target)), cards: this.cards(ids) }),
        ),
      );
    }
    return h("div", {}, parts);
  }

  /**
   * The cards chosen for the presentation, with the buttons that send them all and the
   * presentation's end in one step, or take the choice back: nothing is sent before.
   */
  fillPick() {
    const box = this.pickBox;
    const actMany = this.actMany;
    if (!box || !actMany) return;
    const ids = this.picked.map((a) => a.split(":")[1]);
    const send = () => {
      const actions = [...this.picked, "done"];
      this.picked = [];
      actMany(actions);
    };
    const clear = () => {
      this.picked = [];
      document.querySelectorAll("#hand .nk-picked").forEach((x) => x.classList.remove("nk-picked"));
      this.fillPick();
    };
    box.replaceChildren(
      h(
        "div",
        {},
        ids.length
          ? this.t("panel.picked", { cards: ids.map((x) => this.name(x)).join(", ") })
          : this.t("panel.pick_hint"),
      ),
      h(
        "button",
        { class: "btn small", id: "nk-pick-send", on: { click: send } },
        this.t("action.pick_send", { cards: this.c.n("necklace.unit.cards", ids.length) }),
      ),
      ids.length
        ? h("button", { class: "btn small", id: "nk-pick-clear", on: { click: clear } }, this.t("action.pick_clear"))
        : "",
    );
  }

  /**
   * Each seat's livres for the score track (scores are public, QN-SELL-6).
   * @param {TableState} state
   */
  scores(state) {
    return this.obs(state).players.map((p) => ({ seat: p.seat, score: p.score }));
  }

  /** @param {TableState} state */
  players(state) {
    prepare();
    const obs = this.obs(state);
    const online = Object.fromEntries(state.seats.map((x) => [x.seat, x.online]));
    return h(
      "div",
      { class: "players" },
      obs.players.map((p) => {
        const seat = p.seat;
        const badges = [];
        if (p.necklace)
          badges.push(
            h(
              "span",
              { class: "badge nk-necklace", "data-key": "necklace", "data-tip": this.t("panel.necklace_tip") },
              this.t("panel.necklace"),
            ),
          );
        if (seat === obs.active && !obs.over) badges.push(h("span", { class: "badge" }, this.t("panel.active")));
        if (p.delayed_sales.length) badges.push(h("span", { class: "badge" }, this.t("panel.cardinal")));
        return h(
          "div",
          {
            class: [`player p${seat % 5}`, seat === state.current ? "current" : "",
              online[seat] === false ? "offline" : ""].filter((x) => x).join(" "),
            "data-seat": seat,
          },
          h("div", { class: "name" }, h("span", { class: "dot" }), this.player(seat), ...badges),
          h(
            "div",
            { class: "stats" },
            h(
              "span",
              { "data-tip": this.t("panel.score"), class: "nk-score", "data-key": `stat:${seat}:score` },
              "◉ ",
              this.livres(p.score),
            ),
            h(
              "span",
              { "data-tip": this.t("panel.hand_count"), "data-key": `stat:${seat}:hand` },
              " ▮ ",
              this.c.n("necklace.unit.cards", p.hand_count),
            ),
          ),
        );
      }),
    );
  }

  /** @param {TableState} state */
  scoring(state) {
    const result = state.result;
    if (!result) return null;
    return scoringTable({
      seats: this.obs(state).players.map((p) => p.seat),
      order: SALE_STEPS,
      breakdown: result.breakdown,
      winners: result.winners,
      label: (step) => (this.has(`step.${step}`) ? this.t(`step.${step}`) : step),
      player: (seat) => this.player(seat),
      closing: [[this.c.t("game.total"), (seat) => String(result.scores[seat])]],
    });
  }
}
