// @ts-check
// The renderer for a game that has no board of its own yet: its observation as readable
// data, its actions as the server names them and its result as plain tables (the journal
// shows its events as their types and data).
// Every game served is therefore playable in the browser from its first day.

import { h } from "../ui.js";

/**
 * The renderer of a table of a game without a board of its own.
 * @param {import("../renderer-interface.js").RendererContext} ctx
 * @returns {import("../renderer-interface.js").Renderer}
 */
export function createRenderer({ catalog, seatName }) {
  const c = () => catalog();
  return {
    board(state) {
      return h("pre", { class: "generic-board" }, JSON.stringify(state.observation, null, 1));
    },
    privateArea() {
      return null;
    },
    players(state) {
      return h(
        "ul",
        {},
        state.seats.map((s) =>
          h("li", { class: `p${s.seat % 5}` }, h("span", { class: "dot" }), " ", seatName(s.seat)),
        ),
      );
    },
    header() {
      return "";
    },
    prompt(state) {
      const d = state.observation?.decision;
      return d && d.kind ? String(d.kind) : "";
    },
    actionLabel(action) {
      return action;
    },
    scoring(state) {
      const result = state.result;
      if (!result) return null;
      const seats = result.scores.map((_, i) => i);
      const steps = [...new Set(result.breakdown.flatMap((b) => Object.keys(b)))];
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
            seats.map((s) => h("th", {}, seatName(s))),
          ),
        ),
        h(
          "tbody",
          {},
          steps.map((step) =>
            h(
              "tr",
              {},
              h("td", {}, step),
              seats.map((s) => h("td", {}, String(result.breakdown[s]?.[step] ?? 0))),
            ),
          ),
          h(
            "tr",
            { class: "total" },
            h("td", {}, c().t("game.total")),
            seats.map((s) => h("td", {}, String(result.scores[s]))),
          ),
        ),
      );
    },
  };
}
