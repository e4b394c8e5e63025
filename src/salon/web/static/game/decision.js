// @ts-check
// The decision panel of the deciding player: the question, the hints where the table gives
// them, what the decision is about (the renderer's picture), every legal action, and the
// choices the rules refuse now with the rule that forbids each; and the refusals of the
// server in the player's language.

import { h, toast } from "../ui.js";

/**
 * @typedef {import("../i18n.js").Catalog} Catalog
 * @typedef {import("../i18n.js").Refusal} Refusal
 * @typedef {import("../renderer-interface.js").Renderer} Renderer
 * @typedef {import("../renderer-interface.js").TableState} TableState
 * @typedef {import("../game.js").LiveTable} LiveTable
 * @typedef {{action: string, value: number}} Hint
 */

/**
 * A refused request in the player's language; a refused action says why, as the rules word it
 * (its ``refusal``), rather than in the server's English.
 * @param {Catalog} c
 * @param {Renderer} renderer
 * @param {import("../i18n.js").ServerError | undefined} err
 * @param {TableState | null} st
 */
export function errorText(c, renderer, err, st) {
  if (!err?.refusal || !st) return c.error(err);
  return c.t(`error.${err.code}`, { message: refusalText(c, renderer, err.refusal, st) });
}

/**
 * A refusal's reason (the server's key and fields) in the player's language: the game's
 * renderer words its game's reasons, the shell the engine's own (``refusal.<key>``); the
 * engine's English reason only for a key nobody knows (a game without texts of its own).
 * @param {Catalog} c
 * @param {Renderer} renderer
 * @param {Refusal} data
 * @param {TableState} st
 */
export function refusalText(c, renderer, data, st) {
  const own = data.key ? renderer.refusal?.(data.key, data.fields || {}, st) : null;
  if (own) return own;
  if (data.key === "wrong_step") return c.t("refusal.wrong_step", { prompt: renderer.prompt(st) });
  if (data.key && c.has(`refusal.${data.key}`)) return c.t(`refusal.${data.key}`, data.fields || {});
  return data.reason;
}

/** The decision panel of one table, with the last hint asked for. */
export class DecisionPanel {
  /** @param {LiveTable} table */
  constructor(table) {
    this.table = table;
    /** @type {{version: number, list: Hint[] | null} | null} the last hint (list: null while it is thought) */
    this.hints = null;
  }

  get c() {
    return this.table.c;
  }

  /**
   * @param {HTMLElement} box
   * @param {TableState} st
   */
  render(box, st) {
    const c = this.c;
    const renderer = this.table.renderer;
    if (!st.legal.length || st.forced) {
      box.hidden = true;
      box.replaceChildren(); // no buttons of an earlier decision left behind, hidden or not
      return;
    }
    box.hidden = false;
    const buttons = st.legal.map((a) =>
      h(
        "button",
        {
          class: `btn${a.startsWith("main:") ? " main" : ""}`,
          "data-action": a,
          "data-tip": renderer.actionHelp?.(a, st) || null,
        },
        renderer.actionLabel(a, st),
      ),
    );
    box.replaceChildren(
      ...[
        h("h2", {}, c.t("game.actions")),
        h("div", { class: "prompt" }, renderer.prompt(st)),
        st.legal.length > 1 ? this.hintBox(st) : null,
        renderer.decisionVisual?.(st),
        h("div", { class: "list", id: "actions" }, buttons),
        this.notOffered(st),
        h("div", { class: "hint" }, c.t("game.board_hint")),
      ].filter((x) => x !== null && x !== undefined),
    );
  }

  /** @param {number} version the state's the hint is for */
  async askHint(version) {
    this.hints = { version, list: null };
    this.table.renderDecision();
    const data = await this.table.connection.post("hint", {});
    this.hints = data && this.table.state?.version === version ? { version, list: data.hints } : null;
    this.table.renderDecision();
  }

  /**
   * A hint's estimate in words, in the game's unit (points ahead of the best opponent).
   * @param {number} value
   */
  worth(value) {
    const c = this.c;
    /** @param {number} n */
    const unit = (n) => c.t(`${this.table.summary.game}.unit.hint`, { n });
    const rounded = Math.abs(value) >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
    if (rounded === 0) return c.t("game.hint_level");
    return c.t(rounded > 0 ? "game.hint_ahead" : "game.hint_behind", { points: unit(Math.abs(rounded)) });
  }

  /**
   * The hint button where the table gives hints, with the last hint for this state.
   * @param {TableState} st
   */
  hintBox(st) {
    const c = this.c;
    if (!this.table.summary.hints) return null;
    const hints = this.hints;
    /** @type {HTMLElement[]} */
    const box = [
      h(
        "button",
        {
          class: "btn small",
          id: "hint",
          disabled: Boolean(hints && !hints.list),
          on: { click: () => this.askHint(st.version) },
        },
        "💡 ",
        c.t("game.hint"),
      ),
    ];
    if (hints && hints.version === st.version) {
      if (!hints.list) box.push(h("span", { class: "muted" }, " ", c.t("game.hint_wait")));
      else {
        box.push(h("div", { class: "hint-title" }, c.t("game.hint_title")));
        box.push(
          h(
            "ol",
            { class: "hints", id: "hints" },
            hints.list.map((x) =>
              h(
                "li",
                { "data-hint": x.action },
                h(
                  "button",
                  { class: "btn small", "data-action": x.action },
                  this.table.renderer.actionLabel(x.action, st),
                ),
                " ",
                this.worth(x.value),
              ),
            ),
          ),
        );
      }
    }
    return h("div", { class: "hint-box" }, box);
  }

  /**
   * The choices of this kind the rules do not allow now (the renderer knows them), each
   * answering with the rule that forbids it, and why, when the player asks.
   * @param {TableState} st
   */
  notOffered(st) {
    const c = this.c;
    const renderer = this.table.renderer;
    const legal = new Set(st.legal);
    const missing = (renderer.alternatives?.(st) || []).filter((a) => !legal.has(a));
    if (!missing.length) return null;
    const why = h("div", { class: "why-not", id: "why-not", "aria-live": "polite" });
    /** @param {string} action */
    const ask = async (action) => {
      const r = await this.table.connection.get(`explain?action=${encodeURIComponent(action)}`);
      const data = await r.json();
      if (!r.ok) {
        toast(c.error(data.error), 5000);
        return;
      }
      if (data.legal) return;
      why.replaceChildren(
        c.t("game.not_offered_reason", {
          action: renderer.actionLabel(action, st),
          reason: refusalText(c, renderer, data, st),
          rule: data.rule,
        }),
        " ",
        h(
          "a",
          { href: `#/rules/${this.table.summary.game}`, target: "_blank", rel: "noopener" },
          c.t("game.how_to_play"),
        ),
      );
    };
    return h(
      "div",
      { class: "not-offered", id: "not-offered" },
      h("span", { class: "muted" }, c.t("game.not_offered")),
      " ",
      missing.map((a) =>
        h(
          "button",
          { class: "btn small unavailable", "data-explain": a, on: { click: () => ask(a) } },
          renderer.actionLabel(a, st),
        ),
      ),
      why,
    );
  }
}
