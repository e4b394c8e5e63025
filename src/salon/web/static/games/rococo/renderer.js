// @ts-check
// Rococo in the browser: the whole board as SVG, the player panels, one's own hand and rack,
// and the texts of decisions and actions.  The renderer is put together by concern: names and
// tooltips (words.js), drawing primitives (draw.js), the board's layout (board.js), the HTML
// panels and the final scoring (panels.js), and here the decisions and actions; the journal's
// texts come from the server (salon.wording, worded by ../../wording.js).
//
// Everything is drawn from the seat's observation (what the server sends) and the public
// component descriptions (/api/games/<id>/components).

import { RococoPanels } from "./panels.js";

/**
 * @typedef {import("../../renderer-interface.js").TableState} TableState
 * @typedef {import("./types.js").Observation} Observation
 * @typedef {import("./types.js").Decision} Decision
 */

/**
 * The renderer of a Rococo table.
 * @param {import("../../renderer-interface.js").RendererContext} ctx
 * @returns {import("../../renderer-interface.js").Renderer}
 */
export function createRenderer(ctx) {
  return new RococoRenderer(ctx);
}

class RococoRenderer extends RococoPanels {
  /** @param {TableState} state */
  prompt(state) {
    const obs = this.obs(state);
    const d = obs.decision;
    if (!d) return "";
    if (d.seat !== state.seat || !state.legal.length) {
      return this.has(`doing.${d.kind}`) ? this.t(`doing.${d.kind}`) : this.t("doing.other");
    }
    const kind = d.kind;
    const mode = d.mode || "main";
    const f = {};
    let key = `decision.${kind}`;
    if (kind === "hand") f.left = d.picks_left ?? 1;
    else if (kind === "main") f.card = this.card(d.card);
    else if (kind === "acquire") key = `decision.acquire_${mode}`;
    else if (kind === "fate") f.tile = this.tile(d.tile);
    else if (kind === "tailor" && mode !== "main") key = "decision.tailor_bonus";
    else if (["reduce", "give", "dispose"].includes(kind)) {
      f.garment = this.garment(d.garment);
      f.need = this.silk(d.need || {});
    } else if (kind === "hire") f.price = this.price(this.hirePrice(obs));
    else if (kind === "finance" && d.discount) {
      key = "decision.finance_discount";
      f.discount = this.livres(d.discount);
    } else if (kind === "bonus") {
      f.card = this.card(d.bonus_card);
      f.bonus = this.bonus(d.bonus);
    } else if (kind === "buy") f.price = this.livres(d.price || 0);
    else if (kind === "sets") f.vp = this.vp(this.comp.rules.thread_lace_set_vp);
    else if (kind === "jewel") f.garment = this.garment(d.garment);
    if (!this.has(key)) return this.t("decision.other", { kind });
    return this.t(key, f);
  }

  /** @param {Observation} obs */
  hirePrice(obs) {
    const n = obs.board.display.filter((c) => c).length;
    return n ? this.comp.board.hire_price[n] : 0;
  }

  /**
   * @param {Observation} obs
   * @param {string} tile
   */
  drawerPrice(obs, tile) {
    for (const drawer of obs.board.drawers) {
      if (drawer.includes(tile)) return this.comp.board.resource_price[drawer.filter((x) => x).length];
    }
    return 0;
  }

  /**
   * @param {string} action
   * @param {TableState} state
   */
  actionLabel(action, state) {
    const obs = this.obs(state);
    const d = obs.decision || /** @type {Partial<Decision>} */ ({});
    const [head, ...rest] = action.split(":");
    const arg = rest.join(":");
    const me = state.seat === null ? undefined : obs.players[state.seat];
    switch (head) {
      case "pick":
        return this.t("action.pick", { card: this.card(arg) });
      case "play":
        return this.t("action.play", { card: this.card(arg) });
      case "main":
        return this.has(`main.${arg}`) ? this.t(`main.${arg}`) : arg;
      case "take":
        return this.t("action.take", {
          tile: this.tile(arg),
          price: this.price(d.mode === "reward" ? 0 : this.drawerPrice(obs, arg)),
        });
      case "tile": {
        const t = d.tile ? this.comp.tiles[d.tile] : undefined;
        if (arg === "keep") return this.t("action.keep", { tile: d.tile, silk: t ? this.silk(t.silk) : "" });
        if (arg === "thread" || arg === "lace") return this.t(`action.convert_${arg}`, { tile: d.tile });
        return this.t("action.convert", { tile: d.tile, lower: t ? this.lower(t.lower) : "" });
      }
      case "garment": {
        const win = obs.board.windows.find((w) => w.garment === arg);
        const g = this.comp.garments[arg];
        const silk = { ...g.silk };
        if (d.mode === "l4" && silk.green) silk.green = Math.max(0, silk.green - this.comp.rules.green_reduction_l4);
        return this.t("action.garment", {
          garment: this.garment(arg),
          cost: win && win.cost ? this.livres(win.cost) : this.t("unit.nothing"),
          needs: this.needs(arg, silk),
        });
      }
      case "reduce":
        return this.t(`action.reduce_${arg}`);
      case "give":
        return this.t("action.give", { tile: arg, silk: this.silk(this.comp.tiles[arg]?.silk) });
      case "sell": {
        const g = d.garment ? this.comp.garments[d.garment] : undefined;
        return this.t("action.sell", { garment: this.garment(d.garment), value: this.livres(g ? g.value : 0) });
      }
      case "rent": {
        const sp = this.spaces[arg];
        const master = sp && sp.master ? " ★" : "";
        const reward = sp && sp.reward !== "none" ? ` — ${this.reward(sp)}` : "";
        return `${this.t("action.rent", { space: this.space(arg) })}${master}${reward}`;
      }
      case "hire":
        if (me?.specialist && me.specialist.card === arg)
          return this.t("action.hire_specialist", { card: this.card(arg) });
        return this.t("action.hire", { card: this.card(arg), price: this.price(this.hirePrice(obs)) });
      case "finance": {
        const deco = this.decos[arg];
        return this.t("action.finance", {
          deco: this.deco(arg),
          cost: this.price(Math.max(0, deco.cost - (d.discount || 0))),
        });
      }
      case "bonus": {
        if (arg === "skip") return this.t("action.bonus_skip");
        if (arg === "thread" || arg === "lace") {
          const paid = d.bonus === "start_pay1_thread_or_lace" ? this.comp.rules.start_thread_lace_price : 0;
          return this.t(`action.bonus_${arg}`, {
            price: paid ? this.t("action.bonus_price", { price: this.livres(paid) }) : "",
          });
        }
        return this.t("action.bonus_use", { bonus: this.bonus(d.bonus) });
      }
      case "dismiss": {
        const c = this.comp.cards[arg];
        if (d.bonus === "l2_dismiss_for_cash")
          return this.t("action.dismiss_cash", {
            card: this.card(arg),
            livres: this.livres(this.comp.rules.dismiss_cash[c.type]),
          });
        if (arg === d.bonus_card) return this.t("action.dismiss_self", { card: this.card(arg) });
        return this.t("action.dismiss_use", { card: this.card(arg) });
      }
      case "buy":
        return this.t("action.buy", { price: this.livres(d.price || 0) });
      case "done":
        return this.t(d.kind === "terrace" ? "action.terrace_done" : "action.done");
      case "silk":
        return this.t("action.silk", { tile: this.tile(arg) });
      case "sets": {
        const k = Number(arg);
        if (!k) return this.t("action.sets_none");
        return this.t("action.sets", {
          sets: this.c.n("rococo.unit.sets", k),
          vp: this.vp(k * this.comp.rules.thread_lace_set_vp),
        });
      }
      case "terrace": {
        const [gid, did] = arg.split(":");
        const g = this.comp.garments[gid];
        const deco = this.decos[did];
        return this.t("action.terrace", {
          garment: this.garment(gid),
          deco: this.deco(did),
          vp: this.vp(g.prestige * deco.multiplier),
          base: this.vp(g.prestige),
        });
      }
      case "jewel": {
        if (arg === "none") return this.t("action.jewel_none");
        if (d.free) return this.t("action.jewel_free", { jewel: this.jewel(arg) });
        const slot = (obs.jewelry?.display || []).find((x) => x.jewel === arg);
        return this.t("action.jewel", { jewel: this.jewel(arg), price: this.price(slot ? slot.price : 0) });
      }
      case "task":
        return `${this.t("action.task", { task: arg })}: ${this.has(`task.${arg}`) ? this.t(`task.${arg}`) : ""}`;
      case "promote":
        return this.t("action.promote", { card: this.card(arg) });
      case "replay":
        return this.t("action.replay", { card: this.card(arg) });
      case "copy":
        return this.t("action.copy", { card: this.card(arg) });
      case "hall":
        return this.t("action.hall", { hall: this.hallName(Number(arg)) });
      case "remove":
        return this.t("action.remove", { card: this.card(arg) });
      case "send":
        if (arg === "none") return this.t("action.send_none");
        return this.t("action.send", {
          card: this.card(arg),
          livres: this.livres(this.comp.cards[arg]?.send_value || 0),
        });
      default:
        return action;
    }
  }

  /**
   * What a main action does, in a line (its button's tooltip).
   * @param {string} action
   */
  actionHelp(action) {
    const [family, arg] = action.split(":");
    return family === "main" && this.has(`main.${arg}_help`) ? this.t(`main.${arg}_help`) : null;
  }

  /**
   * The choices of the decision a player would look for but may not take now: the main
   * actions, and on the board the garments of the design display, the tiles of the drawers,
   * the new employees and the free decoration spaces that the decision's rules refuse.
   * @param {TableState} state
   */
  alternatives(state) {
    const obs = this.obs(state);
    const b = obs.board;
    const legal = new Set(state.legal);
    /** @param {string[]} actions */
    const missing = (actions) => actions.filter((a) => !legal.has(a));
    if (state.legal.some((a) => a.startsWith("main:"))) {
      const exams = obs.jewelry ? ["journeyman_exam", "master_exam"] : [];
      return ["favour", "acquire", "tailor", "hire", "send", "finance", ...exams].map((x) => `main:${x}`);
    }
    const d = obs.decision;
    switch (d && d.seat === state.seat ? d.kind : null) {
      case "tailor":
        return missing(b.windows.filter((w) => w.garment).map((w) => `garment:${w.garment}`));
      case "acquire":
        return missing(
          b.drawers
            .flat()
            .filter((t) => t)
            .map((t) => `take:${t}`),
        );
      case "hire":
        return missing(b.display.filter((c) => c).map((c) => `hire:${c}`));
      case "finance":
        return missing(
          this.comp.board.decorations.filter((d) => !(d.id in b.decorations)).map((d) => `finance:${d.id}`),
        );
      default:
        return [];
    }
  }

  /**
   * An engine refusal's reason (GET /explain: its key and raw fields) in the player's words:
   * ids become card, garment, tile, jewel and space names, amounts livres; null for a key the
   * catalog lacks.
   * @param {string} key
   * @param {Record<string, any>} fields
   */
  refusal(key, fields) {
    if (!this.has(`refusal.${key}`)) return null;
    /** @type {Record<string, (v: any) => string>} */
    const word = {
      card: (v) => this.card(v),
      garment: (v) => this.garment(v),
      tile: (v) => this.tile(v),
      jewel: (v) => this.jewel(v),
      space: (v) => this.space(v),
      decoration: (v) => this.deco(v),
      bonus: (v) => this.bonus(v),
      type: (v) => this.t(`employee.${v}`),
      action: (v) => this.t(`main.${v}`),
      exam: (v) => this.t(`main.${v}`),
      cost: (v) => this.livres(v),
      price: (v) => this.livres(v),
      fee: (v) => this.livres(v),
    };
    /** @type {Record<string, string>} */
    const f = {};
    for (const [name, value] of Object.entries(fields)) f[name] = word[name] ? word[name](value) : String(value);
    return this.t(`refusal.${key}`, f);
  }

  /**
   * The elements of a part of the table a lesson points at: a frame of the board found by its
   * title, the halls, the decorations' frames, one's own cards, Madame du Barry's panel.
   * @param {string} name
   * @returns {Element | Element[] | null}
   */
  region(name) {
    const frames = [...document.querySelectorAll("#board-svg .frame")];
    /** @param {string[]} keys */
    const titled = (...keys) =>
      frames.filter((f) => keys.some((key) => f.querySelector("text")?.textContent === this.t(key)));
    /** @type {Record<string, () => Element | Element[] | null>} */
    const parts = {
      board: () => document.getElementById("board-svg"),
      hand: () => document.getElementById("hand"),
      supply: () => document.getElementById("supply"),
      drawers: () => titled("board.drawers"),
      designs: () => titled("board.windows"),
      employees: () => titled("board.employees"),
      decorations: () => titled("board.terrace", "board.kitchen", "board.statues"),
      halls: () => [...document.querySelectorAll("#board-svg [data-hall]")],
      madame: () =>
        this.comp.solo ? document.querySelector(`#players-box .player[data-seat="${this.comp.solo.seat}"]`) : null,
    };
    const found = parts[name]?.() ?? null;
    return Array.isArray(found) && !found.length ? null : found;
  }

  // --- the journal

  /** The fields every text of the game may use, the journal's included: its terms in the
   *  words of the game's edition. */
  textFields() {
    return this.termFields();
  }
}
