// @ts-check
// Rococo's HTML parts in the browser: the cards and tiles of one's hand and rack, the picture
// beside a decision, the player panels with Madame du Barry's, the status header and the final
// scoring table.

import { prepare, still } from "../../motion.js";
import { own } from "../../renderer-interface.js";
import { scoringTable } from "../../scoring.js";
import { h, s } from "../../ui.js";
import { ROMAN, STEPS } from "./palette.js";
import { RococoBoard } from "./board.js";

/**
 * @typedef {import("../../renderer-interface.js").TableState} TableState
 * @typedef {import("./types.js").Player} Player
 * @typedef {(icon: string, text: string, label: string) => HTMLElement} Stat a player's figure, with its icon
 */

/** The panels of one Rococo game. */
export class RococoPanels extends RococoBoard {
  /**
   * @param {string} id
   * @param {string | null} action what a click on it does, where that is legal
   * @param {Set<string>} legal
   */
  htmlCard(id, action, legal) {
    const c = this.comp.cards[id];
    if (!c) return h("div", { class: "card" }, id);
    /** @type {import("../../ui.js").Attrs} */
    const attrs = { class: `card ${c.type}`, "data-card": id, "data-key": `card:${id}`, "data-tip": this.cardTip(id) };
    if (action && legal.has(action)) {
      attrs["data-action"] = action;
      attrs.tabindex = 0;
      attrs.role = "button";
    }
    return h(
      "div",
      attrs,
      h(
        "div",
        { class: "band" },
        h("span", {}, c.group === "start" ? "✻" : ROMAN[c.level]),
        h("span", {}, this.t(`employee.${c.type}`)),
      ),
      h("div", { class: "body" }, this.bonus(c.bonus)),
      h("div", { class: "foot" }, h("span", {}, id), h("span", {}, `⟶ ${c.send_value}`)),
    );
  }

  /**
   * @param {string} id
   * @param {string} action what a click on it does, where that is legal
   * @param {Set<string>} legal
   */
  htmlTile(id, action, legal) {
    /** @type {import("../../ui.js").Attrs} */
    const attrs = { class: "tile-html", "data-tile": id, "data-key": `tile:${id}`, "data-tip": this.tileTip(id) };
    if (action && legal.has(action)) {
      attrs["data-action"] = action;
      attrs.tabindex = 0;
      attrs.role = "button";
    }
    const svg = still(s("svg", { viewBox: "0 0 64 64", width: 54, height: 54 }, this.tileSvg(id, 1, 1, 62)));
    return h("div", attrs, svg);
  }

  /**
   * What the current decision is about, drawn beside its prompt: the garment being made,
   * the tile received, the card whose action or bonus is used.
   * @param {TableState} state
   */
  decisionVisual(state) {
    const d = this.obs(state).decision;
    if (!d || d.seat !== state.seat) return null;
    const parts = [];
    const card = d.bonus_card || d.card;
    if (card && this.comp.cards[card]) parts.push(this.htmlCard(card, null, new Set()));
    if (d.garment && this.comp.garments[d.garment]) {
      parts.push(
        h(
          "div",
          { class: "visual", "data-tip": this.garmentTip(d.garment) },
          s(
            "svg",
            { viewBox: "0 0 96 130", width: 96, height: 130 },
            this.defs(),
            this.garmentSvg(d.garment, 2, 2, 92, 126, { needs: true }),
          ),
        ),
      );
    }
    if (d.tile && this.comp.tiles[d.tile]) {
      parts.push(
        h(
          "div",
          { class: "visual", "data-tip": this.tileTip(d.tile) },
          s("svg", { viewBox: "0 0 72 72", width: 72, height: 72 }, this.tileSvg(d.tile, 2, 2, 68)),
        ),
      );
    }
    return parts.length ? still(h("div", { class: "decision-visual" }, parts)) : null;
  }

  /** @param {TableState} state */
  privateArea(state) {
    prepare();
    const obs = this.obs(state);
    const me = state.seat === null ? undefined : obs.players[state.seat];
    if (!me || !me.hand) return null;
    const legal = new Set(state.legal);
    const supply = me.supply || [];
    const rack = me.rack || [];
    /**
     * One kind of one's own things under its name.
     * @param {string} what
     * @param {...import("../../ui.js").Child} content
     */
    const group = (what, ...content) =>
      h("div", { class: "mine-group" }, h("h3", {}, this.t(own(state, what))), ...content);
    const empty = () => h("span", { class: "muted" }, this.t("panel.empty"));
    const hand = me.hand.map((c) => this.htmlCard(c, `play:${c}`, legal));
    const parts = [group("hand", h("div", { class: "cards", id: "hand" }, hand.length ? hand : empty()))];
    if (supply.length) {
      const cards = supply.map((c) => this.htmlCard(c, `pick:${c}`, legal));
      parts.push(group("supply", h("div", { class: "cards", id: "supply" }, cards)));
    }
    const tiles = rack.map((x) => this.htmlTile(x, legal.has(`give:${x}`) ? `give:${x}` : `silk:${x}`, legal));
    parts.push(
      group(
        "rack",
        h("div", { class: "tiles", id: "rack" }, tiles.length ? tiles : empty()),
        h("div", { class: "muted" }, this.t("panel.your_silk", { silk: this.silk(me.silk) })),
      ),
    );
    if (me.specialist) {
      const card = me.specialist.card;
      parts.push(group("specialist", h("div", { class: "cards" }, this.htmlCard(card, `hire:${card}`, legal))));
    }
    if (me.jewels && me.jewels.length) {
      parts.push(group("jewels", h("div", {}, me.jewels.map((j) => this.jewel(j)).join(", "))));
    }
    return h("div", { class: "mine-groups" }, parts);
  }

  /** @param {TableState} state */
  players(state) {
    prepare();
    const obs = this.obs(state);
    const current = state.current;
    const online = Object.fromEntries(state.seats.map((x) => [x.seat, x.online]));
    return h(
      "div",
      { class: "players" },
      obs.players.map((p) => {
        const seat = p.seat;
        const badges = [];
        if (seat === obs.start_player) badges.push(h("span", { class: "badge" }, this.t("panel.start")));
        if (seat === obs.board.favour) badges.push(h("span", { class: "badge" }, this.t("panel.favour")));
        if (p.in_play)
          badges.push(
            h(
              "span",
              { class: "badge", "data-tip": this.cardTip(p.in_play) },
              this.t("panel.in_play", { card: this.card(p.in_play) }),
            ),
          );
        const extra = [];
        if (p.discard && p.discard.length) {
          const top = p.discard[p.discard.length - 1];
          extra.push(h("div", { "data-tip": this.cardTip(top) }, this.t("panel.discard", { card: this.card(top) })));
        }
        if (p.jewels) {
          extra.push(
            h(
              "div",
              {},
              this.t("panel.jewels", { jewels: p.jewels.length ? p.jewels.map((j) => this.jewel(j)).join(", ") : "—" }),
            ),
          );
          /** @type {string[]} */
          const ids = p.tasks || [];
          const tasks = ids.map((task) => (this.has(`task.${task}`) ? this.t(`task.${task}`) : task));
          const tip = ids.map((task, i) => `${task}: ${tasks[i]}`).join("\n");
          extra.push(
            h(
              "div",
              { class: "exam-tasks", "data-tip": tip || null },
              this.t("panel.exam", { exam: this.t(`exam.${p.exam}`), tasks: tasks.join("; ") || "—" }),
            ),
          );
          if (p.has_specialist) extra.push(h("div", {}, this.t("panel.specialist")));
        }
        /** @type {Stat} */
        const stat = (icon, text, label) =>
          h(
            "span",
            { "data-tip": label, "data-key": `stat:${seat}:${icon}` },
            h("span", { class: "icon" }, icon),
            " ",
            text,
          );
        if (obs.solo && seat === obs.solo.seat) return this.madamePanel(p, obs.solo, current, stat, obs);
        return h(
          "div",
          {
            class: [`player p${seat % 5}`, seat === current ? "current" : "", online[seat] === false ? "offline" : ""]
              .filter((x) => x)
              .join(" "),
            "data-seat": seat,
          },
          h("div", { class: "name" }, h("span", { class: "dot" }), this.player(seat), ...badges),
          h(
            "div",
            { class: "stats" },
            stat("◉", this.livres(p.livres), this.t("panel.livres")),
            stat("✦", this.vpOrHidden(p.vp), this.t(p.vp === null ? "panel.vp_hidden" : "panel.vp")),
            this.ifEnded(obs, seat, stat),
            stat("✚", this.t("unit.thread", { n: p.thread }), this.t("panel.thread")),
            stat("❀", this.t("unit.lace", { n: p.lace }), this.t("panel.lace")),
            stat("▦", this.c.n("rococo.unit.tiles", p.rack_count), this.t("panel.tiles")),
          ),
          this.extraLine([
            h("div", {}, this.t("panel.cards", { hand: p.hand_count, supply: p.supply_count, staff: p.staff_size })),
            ...extra,
          ]),
        );
      }),
    );
  }

  /**
   * A player's other figures in one line (cut short where the panel is narrow), whole in its
   * tooltip.
   * @param {HTMLElement[]} parts
   */
  extraLine(parts) {
    return h("div", { class: "extra", "data-tip": parts.map((x) => x.textContent).join("\n") }, parts);
  }

  /**
   * A seat's score if the game ended now (the server's final scoring of the position as the
   * viewer may see it): most points come only at the end, so the points scored say little
   * of who leads.  Nothing where it is unknown or the game is over.
   * @param {import("./types.js").Observation} obs
   * @param {number} seat
   * @param {Stat} stat
   */
  ifEnded(obs, seat, stat) {
    const vp = obs.projection?.[seat];
    if (vp === null || vp === undefined || obs.over) return null;
    return stat("≈", this.t("panel.if_ended", { vp: this.vp(vp) }), this.t("panel.if_ended_tip"));
  }

  /**
   * Each seat's prestige for the score track (null where the edition hides it), with its
   * score if the game ended now while it runs.
   * @param {TableState} state
   */
  scores(state) {
    const obs = this.obs(state);
    return obs.players.map((p) => ({
      seat: p.seat,
      score: p.vp,
      ...(obs.projection && !obs.over ? { projected: obs.projection[p.seat] } : {}),
    }));
  }

  /**
   * Madame du Barry: no livres and no employees of her own to show, but her card piles and
   * the cards she revealed last, which tell what she did.
   * @param {Player} p
   * @param {import("./types.js").Component} solo her piles
   * @param {number | null} current the seat deciding now
   * @param {Stat} stat
   * @param {import("./types.js").Observation} obs
   */
  madamePanel(p, solo, current, stat, obs) {
    /** @type {string[]} */
    const revealed = solo.discard.slice(-3).reverse();
    const shown = revealed.map((id) => h("li", { "data-card": id }, this.soloCard(id)));
    return h(
      "div",
      { class: `player madame p${p.seat % 5}${p.seat === current ? " current" : ""}`, "data-seat": p.seat },
      h("div", { class: "name" }, h("span", { class: "dot" }), this.player(p.seat)),
      h(
        "div",
        { class: "stats" },
        stat("✦", this.vpOrHidden(p.vp), this.t("panel.vp")),
        this.ifEnded(obs, p.seat, stat),
        stat("✚", this.t("unit.thread", { n: p.thread }), this.t("panel.thread")),
        stat("❀", this.t("unit.lace", { n: p.lace }), this.t("panel.lace")),
        stat("▦", this.c.n("rococo.unit.tiles", p.rack_count), this.t("panel.tiles")),
      ),
      h(
        "div",
        { class: "extra", id: "madame-piles" },
        this.t("panel.madame_piles", {
          hand: this.c.n("rococo.unit.cards", solo.hand_count),
          supply: this.c.n("rococo.unit.cards", solo.supply_count),
        }),
      ),
      h(
        "div",
        { class: "extra", id: "madame-revealed" },
        this.t("panel.madame_revealed"),
        shown.length
          ? h("ul", { class: "madame-cards", style: "margin:.1rem 0 0;padding-left:1.1rem" }, shown)
          : ` ${this.t("unit.none")}`,
      ),
    );
  }

  /** @param {TableState} state */
  header(state) {
    const obs = this.obs(state);
    const phase = this.has(`phase.${obs.phase}`) ? this.t(`phase.${obs.phase}`) : obs.phase;
    return `${this.t("board.round", { round: obs.round, rounds: this.comp.rounds })} · ${phase}`;
  }

  /** @param {TableState} state */
  scoring(state) {
    const obs = this.obs(state);
    const result = state.result;
    if (!result) return null;
    return scoringTable({
      seats: obs.players.map((p) => p.seat),
      order: STEPS,
      breakdown: result.breakdown.length ? result.breakdown : obs.breakdown || [],
      winners: result.winners,
      label: (step) => (this.has(`step.${step}`) ? this.t(`step.${step}`) : step),
      player: (seat) => this.player(seat),
      closing: [
        [this.c.t("game.total"), (seat) => String(result.scores[seat])],
        [this.c.t("game.tie_break"), (seat) => this.livres(result.tie_break[seat])],
      ],
    });
  }
}
