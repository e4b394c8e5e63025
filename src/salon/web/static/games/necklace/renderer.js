// @ts-check
// The Queen's Necklace in the browser: the Fashion, Gem and Rarity tiles, the market with each
// card's price ladder and its golden ring, the player panels (one's own hand only), the sale
// laid out column by column, and the texts of decisions, actions, journal and final table.
//
// Everything is drawn from the seat's observation and the public card descriptions
// (/api/games/<id>/components).  A legal action that belongs to a card or a tile is drawn on
// it as data-action="<action>"; every action is also in the shell's action list.

import { h } from "../../ui.js";

const SALE_STEPS = ["sale1", "sale2", "sale3", "bounty"];

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

class NecklaceRenderer {
  /** @param {import("../../renderer-interface.js").RendererContext} ctx */
  constructor({ components, catalog, seatName, actMany }) {
    this.actMany = actMany || null; // sends several actions of one's own at once (a whole presentation)
    this.picked = []; // the presentation being chosen, not sent yet: present:<card> actions
    this.pickedFor = null;
    this.pickBox = null;
    this.comp = components;
    this.catalog = catalog;
    this.seatNameOf = seatName;
    this.sale = null; // the latest sale from the journal: {number, presented, alchemy, result}
    this.saleBox = null;
    this.lastObs = null;
    this.stage = null;
    this.animated = null;
  }

  get c() {
    return this.catalog();
  }

  t(key, fields) {
    return this.c.t(`necklace.${key}`, fields);
  }

  has(key) {
    return this.c.has(`necklace.${key}`);
  }

  // --- phrases

  player(seat) {
    if (seat === null || seat === undefined || seat < 0) return this.t("unit.nobody");
    return this.seatNameOf(seat);
  }

  livres(n) {
    return this.c.n("necklace.unit.livres", n);
  }

  ducats(n) {
    return this.c.n("necklace.unit.ducats", n);
  }

  gem(name) {
    return this.has(`gem.${name}`) ? this.t(`gem.${name}`) : name;
  }

  gemCount(name, n) {
    return this.c.n(`necklace.gems.${name}`, n);
  }

  kind(kind) {
    return this.has(`kind.${kind}`) ? this.t(`kind.${kind}`) : kind;
  }

  /** A card named by its own id (market, own cards) or by its kind (identical copies elsewhere). */
  face(id) {
    return this.comp.cards[id] || (this.comp.kinds || {})[id];
  }

  /** A card's face: "3 diamonds" for a gem card, its character's name otherwise. */
  name(id) {
    const c = this.face(id);
    if (!c) return id || "—";
    return c.kind === "gem" ? this.gemCount(c.gem, c.gems) : this.kind(c.kind);
  }

  /** A card with its id where the views name it by id; by its face alone where they name it by kind. */
  card(id) {
    return this.comp.cards[id] ? this.t("card.label", { name: this.name(id), id }) : this.name(id);
  }

  cards(ids) {
    return (ids || []).map((x) => this.card(x)).join(", ") || this.t("unit.none");
  }

  tip(id) {
    const c = this.face(id);
    if (!c) return id;
    const lines = [this.card(id), this.t(`colour.${c.colour}`)];
    if (this.has(`effect.${c.kind}`)) {
      const r = this.comp.rules;
      lines.push(
        this.t(`effect.${c.kind}`, {
          bounty: r.necklace_bounty,
          bonus: r.banker_bonus,
          ducats: r.courtesan_ducats,
          musketeers: r.musketeers_for_necklace,
        }),
      );
    }
    if (c.ladder.length) lines.push(this.t("card.ladder", { ladder: c.ladder.join(" › ") }));
    return lines.join("\n");
  }

  pips(gem, n) {
    return h(
      "span",
      { class: `nk-gem-${gem}`, style: "border:0" },
      Array.from({ length: n }, () => h("span", { class: "nk-pip" })),
    );
  }

  // --- cards and tiles

  cardEl(id, { action = null, legal = new Set(), step = null, shown = false } = {}) {
    const c = this.comp.cards[id];
    if (!c) return h("div", { class: "nk-card" }, id);
    const cls = ["nk-card", `nk-${c.colour === "none" ? "merchant" : c.colour}`];
    if (c.gem) cls.push(`nk-gem-${c.gem}`);
    if (shown) cls.push("nk-shown");
    const attrs = { class: cls.join(" "), "data-card": id, "data-tip": this.tip(id) };
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
      h("div", { class: "nk-name" }, c.kind === "gem" ? this.gem(c.gem) : this.kind(c.kind)),
      c.kind === "gem"
        ? h("div", {}, this.pips(c.gem, c.gems))
        : h("div", { class: "muted" }, this.t(`colour.${c.colour}`)),
      h("div", { class: "nk-id" }, id),
    );
  }

  /** The action of the current decision that a click on card ``id`` in one's hand makes, if
   * exactly one fits (else the choice stays in the action list). */
  handAction(id, state) {
    const c = this.comp.cards[id];
    const d = state.observation.decision;
    if (!c || !d || d.seat !== state.seat) return null;
    const legal = state.legal;
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

  // --- the table

  board(state) {
    const obs = state.observation;
    const legal = new Set(state.legal);
    const r = this.comp.rules;
    const holder = obs.players.find((p) => p.necklace);
    const parts = [];
    parts.push(
      h(
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
      ),
    );
    const rarity = obs.last_sale_rarity || {};
    parts.push(
      h(
        "div",
        {},
        h("h3", { class: "nk-title" }, this.t("board.tiles")),
        h(
          "div",
          { class: "nk-row", id: "nk-tiles" },
          obs.fashion.map((f, i) => {
            const action = `play:favorite:${f.gem}`;
            const attrs = {
              class: `nk-tile nk-gemtile nk-gem-${f.gem}`,
              "data-gem": f.gem,
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
              h("div", attrs, this.gem(f.gem)),
              h(
                "div",
                {
                  class: `nk-tile nk-rarity${rv === undefined ? " nk-none" : ""}`,
                  "data-tip": this.t("board.rarity_tip"),
                },
                rv === undefined ? this.t("board.no_rarity") : this.t("board.rarity", { value: rv }),
              ),
            );
          }),
        ),
      ),
    );
    parts.push(
      h(
        "div",
        {},
        h("h3", { class: "nk-title" }, this.t("board.market")),
        h(
          "div",
          { class: "nk-row", id: "nk-market" },
          obs.market.map((m, slot) => {
            if (!m)
              return h(
                "div",
                { class: "nk-slot", "data-slot": slot },
                h("div", { class: "nk-empty" }, this.t("board.empty")),
              );
            return h(
              "div",
              { class: "nk-slot", "data-slot": slot },
              this.cardEl(m.card.id, { action: `buy:${m.card.id}`, legal, step: m.step }),
              h("div", { class: "nk-price" }, this.ducats(m.price)),
            );
          }),
        ),
      ),
    );
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
    this.lastObs = obs;
    this.saleBox = h("div", { id: "nk-sale" });
    this.fillSale(obs);
    parts.push(this.saleBox);
    return h("div", { class: "nk-board" }, parts);
  }

  /** The latest sale as a table: one column per gem type, most fashionable first, one row per
   * player with the cards they presented, then the totals, Rarity, price and who sold. */
  fillSale(obs) {
    const box = this.saleBox;
    if (!box) return;
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
    const result = this.sale && this.sale.number === number ? this.sale.result : null;
    const order = obs.fashion.map((f) => f.gem);
    // the columns are revealed one by one once per reveal and per result, not at every redraw
    const stage = `${number}:${result ? "result" : "reveal"}`;
    if (this.stage !== stage) {
      this.stage = stage;
      this.animated = box;
    }
    box.classList.toggle("nk-still", this.animated !== box);
    const cell = (seat, gem) => {
      const ids = presented[seat].lots[gem] || [];
      const sold = result && (result.sellers[gem] || []).includes(seat);
      const cancelled = result && result.cancelled.includes(gem);
      return h(
        "td",
        {
          class: [`nk-col nk-col-${order.indexOf(gem)}`, sold ? "nk-sold" : "", sold && cancelled ? "nk-cancelled" : ""]
            .filter((x) => x)
            .join(" "),
        },
        ids.map((id) =>
          h("span", { class: `nk-chip nk-gem-${this.face(id)?.gem || gem}`, "data-tip": this.tip(id) }, this.name(id)),
        ),
        sold && result.income[seat]?.[gem] ? h("div", {}, `+${result.income[seat][gem]}`) : null,
      );
    };
    const rows = presented.map((p, seat) =>
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
            order.map((gem, i) => h("th", { class: `nk-col nk-col-${i} nk-gem-${gem}` }, this.gem(gem))),
          ),
        ),
        h("tbody", {}, rows, foot),
      ),
    );
  }

  privateArea(state) {
    const obs = state.observation;
    const me = obs.players[state.seat];
    if (!me || !me.hand) return null;
    const legal = new Set(state.legal);
    const shownIds = new Set();
    const mine = me.presenting || me.presented;
    if (mine) {
      for (const ids of Object.values(mine.lots)) ids.forEach((x) => shownIds.add(x));
      mine.bankers.forEach((x) => shownIds.add(x));
    }
    const d = obs.decision;
    const picking = this.actMany && d && d.kind === "present" && d.seat === state.seat;
    const decisionKey = `${obs.turn}:${obs.sales}:${state.seat}`;
    if (!picking || this.pickedFor !== decisionKey) this.picked = [];
    this.pickedFor = picking ? decisionKey : null;
    this.picked = this.picked.filter((a) => legal.has(a));
    const card = (c) => {
      const pick = `present:${c.id}`;
      if (!picking || !legal.has(pick)) {
        return this.cardEl(c.id, { action: this.handAction(c.id, state), legal, shown: shownIds.has(c.id) });
      }
      // a card presented on no lot is chosen here and sent with the others once confirmed
      const el = this.cardEl(c.id, { shown: shownIds.has(c.id) });
      el.classList.toggle("nk-picked", this.picked.includes(pick));
      Object.assign(el, { tabIndex: 0 });
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
    const parts = [
      h("h3", {}, this.t("panel.your_hand")),
      h(
        "div",
        { class: "cards", id: "hand" },
        me.hand.length ? me.hand.map(card) : h("span", { class: "muted" }, this.t("panel.empty")),
      ),
    ];
    this.pickBox = picking ? h("div", { class: "nk-lots", id: "nk-pick" }) : null;
    if (this.pickBox) {
      parts.push(this.pickBox);
      this.fillPick();
    }
    if (me.presenting) {
      const lots = Object.entries(me.presenting.lots);
      parts.push(
        h("h3", {}, this.t("panel.your_presentation")),
        h(
          "div",
          { class: "nk-lots", id: "presentation" },
          lots.length || me.presenting.bankers.length
            ? [
                ...lots.map(([gem, ids]) =>
                  h(
                    "div",
                    { class: `nk-lot nk-gem-${gem}` },
                    h("b", {}, this.gem(gem)),
                    ": ",
                    ids.map((x) => this.name(x)).join(", "),
                  ),
                ),
                ...(me.presenting.bankers.length
                  ? [h("div", { class: "nk-lot" }, this.c.n("necklace.sale.bankers", me.presenting.bankers.length))]
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

  /** The cards chosen for the presentation, with the buttons that send them all and the
   * presentation's end in one step, or take the choice back: nothing is sent before. */
  fillPick() {
    const box = this.pickBox;
    if (!box) return;
    const ids = this.picked.map((a) => a.split(":")[1]);
    const send = () => {
      const actions = [...this.picked, "done"];
      this.picked = [];
      this.actMany(actions);
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
        : null,
    );
  }

  /** Each seat's livres for the score track (scores are public, QN-SELL-6). */
  scores(state) {
    return state.observation.players.map((p) => ({ seat: p.seat, score: p.score }));
  }

  players(state) {
    const obs = state.observation;
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
              { class: "badge nk-necklace", "data-tip": this.t("panel.necklace_tip") },
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
            h("span", { "data-tip": this.t("panel.score"), class: "nk-score" }, "◉ ", this.livres(p.score)),
            h("span", { "data-tip": this.t("panel.hand_count") }, " ▮ ", this.c.n("necklace.unit.cards", p.hand_count)),
          ),
        );
      }),
    );
  }

  header(state) {
    const obs = state.observation;
    const phase = this.has(`phase.${obs.phase}`) ? this.t(`phase.${obs.phase}`) : obs.phase;
    const sales = this.t("board.sales", { n: obs.sales, total: obs.sales_total });
    return `${this.t("board.turn", { n: obs.turn })} · ${sales} · ${phase}`;
  }

  // --- decisions and actions

  prompt(state) {
    const obs = state.observation;
    const d = obs.decision;
    if (!d) return "";
    if (d.seat !== state.seat || !state.legal.length) {
      return this.has(`doing.${d.kind}`) ? this.t(`doing.${d.kind}`) : this.t("doing.other");
    }
    const f = {};
    switch (d.kind) {
      case "influence":
      case "buy":
        f.ducats = this.ducats(d.ducats);
        break;
      case "forger_response":
      case "forger_discard":
        Object.assign(f, { player: this.player(d.forger), gem: this.gem(d.gem) });
        break;
      case "queen":
        f.card = this.card(d.card);
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
   *  reaction without its card.  The page asks the server why, on the player's demand. */
  alternatives(state) {
    const obs = state.observation;
    const d = obs.decision;
    const me = obs.players[state.seat];
    if (!d || d.seat !== state.seat || !me || !me.hand) return [];
    const legal = new Set(state.legal);
    const offered = (prefix) => state.legal.some((a) => a === prefix || a.startsWith(`${prefix}:`));
    const hand = me.hand.map((c) => c.id).filter((id) => this.comp.cards[id]);
    const kindOf = (id) => this.comp.cards[id].kind;
    const gem = (this.comp.gems || [])[0];
    const other = (state.seat + 1) % obs.players.length;
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
        const react = { queen: "react:queen", cardinal: "react:cardinal", forger_response: "react:musketeer" }[d.kind];
        if (!legal.has(react)) out.push(react);
        break;
      }
      default:
        break;
    }
    return out;
  }

  /** An engine refusal's reason (GET /explain: its key and raw fields) in the player's words:
   *  card ids become cards, amounts ducats, gem and kind ids their names, seats players; null
   *  for a key the catalog lacks. */
  refusal(key, fields) {
    if (!this.has(`refusal.${key}`)) return null;
    const word = {
      card: (v) => this.card(v),
      cost: (v) => this.ducats(v),
      ducats: (v) => this.ducats(v),
      gem: (v) => this.gem(v),
      kind: (v) => this.kind(v),
      seat: (v) => this.player(Number(v)),
    };
    const f = {};
    for (const [name, value] of Object.entries(fields)) f[name] = word[name] ? word[name](value) : String(value);
    return this.t(`refusal.${key}`, f);
  }

  actionLabel(action, state) {
    const obs = state.observation;
    const d = obs.decision || {};
    const parts = action.split(":");
    const [head] = parts;
    switch (head) {
      case "done":
        return this.t(
          d.kind === "present" ? "action.present_done" : d.kind === "buy" ? "action.buy_done" : "action.done",
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

  // --- the journal

  /** The numbers of the rules every text of the game may use, the journal's included. */
  textFields() {
    const r = this.comp.rules;
    return Object.fromEntries(
      Object.entries({
        courtesan_ducats: r.courtesan_ducats,
        banker_bonus: r.banker_bonus,
        necklace_bounty: r.necklace_bounty,
        sales_total: r.sales,
        base_ducats: r.ducats,
        musketeers: r.musketeers_for_necklace,
      }).map(([k, v]) => [k, String(v)]),
    );
  }

  /** A new entry of the journal: the sale it tells is drawn on the table. */
  followLog(entry) {
    if (entry.n === 0) this.sale = null;
    for (const ev of entry.events) this.track(ev);
  }

  /** Follow the sale through the journal, so the table keeps showing the last one. */
  track(ev) {
    let changed = true;
    if (ev.type === "sale") this.sale = { number: ev.number, presented: null, result: null };
    else if (ev.type === "reveal" && this.sale)
      this.sale.presented = ev.presented.map((p) => ({ lots: { ...p.lots }, bankers: p.bankers }));
    else if (ev.type === "alchemist" && this.sale && this.sale.presented) {
      const lots = this.sale.presented[ev.seat].lots;
      // one copy moves: identical copies share their public name
      const before = [...(lots[ev.before] || [])];
      const at = before.indexOf(ev.card);
      if (at >= 0) before.splice(at, 1);
      if (before.length) lots[ev.before] = before;
      else delete lots[ev.before];
      lots[ev.after] = [...(lots[ev.after] || []), ev.card];
    } else if (ev.type === "sale_result" && this.sale) this.sale.result = ev;
    else changed = false;
    if (changed && this.saleBox && this.lastObs) this.fillSale(this.lastObs);
  }

  // --- the final table

  scoring(state) {
    const obs = state.observation;
    const result = state.result;
    if (!result) return null;
    const seen = new Set(result.breakdown.flatMap((b) => Object.keys(b)));
    const steps = [...SALE_STEPS.filter((x) => seen.has(x)), ...[...seen].filter((x) => !SALE_STEPS.includes(x))];
    const seats = obs.players.map((p) => p.seat);
    const winners = new Set(result.winners);
    const cell = (seat, text, tag = "td") => h(tag, { class: winners.has(seat) ? "winner" : "" }, text);
    return h(
      "table",
      { class: "scoring", id: "scoring-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, ""),
          seats.map((seat) =>
            cell(seat, h("span", {}, h("span", { class: `dot p${seat % 5}` }), " ", this.player(seat)), "th"),
          ),
        ),
      ),
      h(
        "tbody",
        {},
        steps.map((step) =>
          h(
            "tr",
            { "data-step": step },
            h("td", {}, this.has(`step.${step}`) ? this.t(`step.${step}`) : step),
            seats.map((seat) => cell(seat, String(result.breakdown[seat]?.[step] ?? 0))),
          ),
        ),
        h(
          "tr",
          { class: "total" },
          h("td", {}, this.c.t("game.total")),
          seats.map((seat) => cell(seat, String(result.scores[seat]))),
        ),
      ),
    );
  }
}
