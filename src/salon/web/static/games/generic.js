// The renderer for a game that has no board of its own yet: its observation as readable
// data, its actions as the server names them, its events and its result as plain tables.
// Every game served is therefore playable in the browser from its first day.

import { h } from "../ui.js";

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
      return h("ul", {}, state.seats.map((s) => h("li", { class: `p${s.seat % 5}` }, h("span", { class: "dot" }), " ", seatName(s.seat))));
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
    logLines(entry) {
      return entry.events.map((e) => {
        const { type, seat, ...data } = e;
        const who = seat === undefined ? "" : `${seatName(seat)}: `;
        const rest = Object.keys(data).length ? ` ${JSON.stringify(data)}` : "";
        return { text: `${who}${type}${rest}`, seat };
      });
    },
    scoring(state) {
      const result = state.result;
      if (!result) return null;
      const seats = result.scores.map((_, i) => i);
      const steps = [...new Set(result.breakdown.flatMap((b) => Object.keys(b)))];
      return h("table", { class: "scoring", id: "scoring-table" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", {}, seatName(s))))),
        h("tbody", {},
          steps.map((step) => h("tr", {}, h("td", {}, step), seats.map((s) => h("td", {}, String(result.breakdown[s]?.[step] ?? 0))))),
          h("tr", { class: "total" }, h("td", {}, c().t("game.total")), seats.map((s) => h("td", {}, String(result.scores[s]))))));
    },
  };
}
