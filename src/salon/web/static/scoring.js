// @ts-check
// The final scoring table of every game: a column for each seat (its winners marked), a row
// for each scoring step in the game's order (steps it does not name come last), then closing
// rows such as the totals.  The renderers give the words; the table is drawn here once.
import { h } from "./ui.js";

/**
 * @param {object} table
 * @param {number[]} table.seats
 * @param {readonly string[]} table.order the game's scoring steps in their order
 * @param {Record<string, number>[]} table.breakdown each seat's points by step
 * @param {number[]} table.winners
 * @param {(step: string) => string} table.label a step's name
 * @param {(seat: number) => import("./ui.js").Child} table.player a seat's name
 * @param {[string, (seat: number) => string][]} table.closing the last rows: a label and each seat's text
 * @returns {HTMLElement}
 */
export function scoringTable({ seats, order, breakdown, winners, label, player, closing }) {
  /** @type {Set<string>} */
  const seen = new Set();
  for (const b of breakdown) for (const k of Object.keys(b)) seen.add(k);
  const steps = [...order.filter((x) => seen.has(x)), ...[...seen].filter((x) => !order.includes(x))];
  const won = new Set(winners);
  /**
   * @param {number} seat
   * @param {import("./ui.js").Child} text
   * @param {"td" | "th"} [tag]
   */
  const cell = (seat, text, tag = "td") => h(tag, { class: won.has(seat) ? "winner" : "" }, text);
  const header = seats.map((seat) =>
    cell(seat, h("span", {}, h("span", { class: `dot p${seat % 5}` }), " ", player(seat)), "th"),
  );
  const rows = steps.map((step) =>
    h(
      "tr",
      { "data-step": step },
      h("td", {}, label(step)),
      seats.map((seat) => cell(seat, String(breakdown[seat]?.[step] ?? 0))),
    ),
  );
  const last = closing.map(([name, text], i) =>
    h("tr", i === 0 ? { class: "total" } : {}, h("td", {}, name), seats.map((seat) => cell(seat, text(seat)))),
  );
  return h(
    "table",
    { class: "scoring", id: "scoring-table" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), header)),
    h("tbody", {}, rows, last),
  );
}
