// @ts-check
// What the table shows around the board, shared by the live game and the replay: the players'
// names, what each seat did last (in the players' bar and on the board), the score track and
// the end screen with its rematch.

import { h } from "./ui.js";
import { seatStore } from "./seats.js";

/**
 * @typedef {import("./i18n.js").Catalog} Catalog
 * @typedef {import("./renderer-interface.js").LogEntry} LogEntry
 */

const MARKED = ["space", "deco", "tile", "card", "jewel", "garment"];
/** The board's data attributes that name a component, and the event fields that may name it. */
const FIELDS = new Set(["space", "card", "tile", "garment", "jewel"]);

/**
 * A player's name; a seat whose player gave none (the server calls it "#n") is "Player n".
 * @param {Catalog} c
 * @param {string | null | undefined} name
 * @param {number} seat
 */
export function displayName(c, name, seat) {
  return name && !/^#\d+$/.test(name) ? name : c.t("game.player_n", { n: seat + 1 });
}

/**
 * The last journal entry of each seat but ``me``: what the others did last, by seat.
 * @param {LogEntry[]} log
 * @param {number | null} me
 */
export function lastMoves(log, me) {
  /** @type {Record<number, LogEntry>} */
  const found = {};
  for (let i = log.length - 1; i > 0; i -= 1) {
    const actor = log[i].actor;
    if (actor === null || actor === undefined || actor === me || actor in found) continue;
    found[actor] = log[i];
  }
  return found;
}

/**
 * Mark on the board the components each seat's last move named (a guest space, a card, a
 * tile...), in the seat's colour, with a short pulse: the board's elements carry their
 * component's id as data-space, data-card..., the events name them in fields of those names.
 * @param {Element} board
 * @param {Record<number, LogEntry>} moves
 */
export function highlightMoves(board, moves) {
  for (const [seat, entry] of Object.entries(moves)) {
    /** @type {Set<string>} */
    const ids = new Set();
    for (const event of entry.events.filter((e) => e.seat === entry.actor)) {
      // not the round's changes after it
      for (const [key, value] of Object.entries(event)) {
        if (FIELDS.has(key) && typeof value === "string" && /[A-Za-z]/.test(value)) ids.add(value);
      }
    }
    if (!ids.size) continue;
    for (const attr of MARKED) {
      for (const el of board.querySelectorAll(`[data-${attr}]`)) {
        if (ids.has(el.getAttribute(`data-${attr}`) || "")) el.classList.add("last-move", `p${Number(seat) % 5}`);
      }
    }
  }
}

/**
 * The score track: each seat's marker along a line from 0 to the best score, where the
 * renderer tells the scores (``[{seat, score}]``, a score null where it is hidden).  Where it
 * tells a seat's score if the game ended now (``projected``), the track shows those instead.
 * @param {Catalog} c
 * @param {import("./renderer-interface.js").TrackScore[] | undefined} scores
 * @param {(seat: number) => string} seatName
 */
export function scoreTrack(c, scores, seatName) {
  if (!scores || !scores.length) return null;
  const ending = scores.some((x) => x.projected !== undefined && x.projected !== null);
  const shown = scores.map((x) => (ending ? x.projected : x.score));
  const known = shown.filter((score) => score !== null && score !== undefined);
  const top = Math.max(10, ...known);
  const caption = c.t(ending ? "game.score_if_ended" : "game.score_track");
  const track = h("div", { class: "score-track", id: "score-track", "aria-label": caption });
  scores.forEach((x, i) => {
    const score = shown[i];
    const hidden = score === null || score === undefined;
    const figure = hidden ? "?" : String(score);
    const tip = ending
      ? c.t("game.score_if_ended_tip", { player: seatName(x.seat), score: figure, scored: x.score ?? "?" })
      : `${seatName(x.seat)}: ${figure}`;
    const marker = h(
      "span",
      {
        class: `score-marker p${x.seat % 5}${hidden ? " hidden" : ""}`,
        "data-seat": x.seat,
        "data-key": `score:${x.seat}`,
        "data-tip": tip,
      },
      figure,
    );
    marker.style.left = `${hidden ? 0 : (100 * (score ?? 0)) / top}%`;
    track.append(marker);
  });
  return h("div", { class: "score-track-box" }, h("span", { class: "muted" }, caption), track);
}

/**
 * The places of a result: each group of the ranking shares a place (1, 1, 3...).
 * @param {import("./renderer-interface.js").Result} result
 */
export function places(result) {
  const out = [];
  let place = 1;
  for (const group of result.ranking) {
    for (const seat of group) out.push({ seat, place });
    place += group.length;
  }
  return out;
}

/**
 * The end screen: the winner, the seat's own place, every place with its score, the scoring
 * table, and its buttons (back to the lobby, rematch, replay, close: each where given).
 * @param {import("./i18n.js").Catalog} c
 * @param {{result: import("./renderer-interface.js").Result, seat: number | null, table: Element | null,
 *   seatName: (seat: number) => string,
 *   close?: () => void, rematch?: () => void, replay?: string}} parts
 */
export function renderEnd(c, { result, seat, table, seatName, close, rematch, replay }) {
  const ranked = places(result);
  const winners = result.winners.map((s) => seatName(s)).join(", ");
  const mine = ranked.find((x) => x.seat === seat);
  /** @type {HTMLElement[]} */
  const buttons = [h("a", { class: "btn", id: "to-lobby", href: "#/" }, c.t("game.back_to_lobby"))];
  if (rematch)
    buttons.push(h("button", { class: "btn primary", id: "rematch", on: { click: rematch } }, c.t("game.rematch")));
  if (replay) buttons.push(h("a", { class: "btn", id: "to-replay", href: replay }, c.t("game.replay")));
  if (close) buttons.push(h("button", { class: "btn", id: "close-end", on: { click: close } }, c.t("game.close_end")));
  return h(
    "div",
    { class: "panel end-panel", role: "dialog", "aria-label": c.t("game.over") },
    h(
      "div",
      { class: "over-banner" },
      "❦ ",
      c.t(result.winners.length > 1 ? "game.winners" : "game.winner", { players: winners }),
      " ❦",
    ),
    mine
      ? h(
          "div",
          { class: "your-place", id: "your-place" },
          c.t("game.your_place", { place: mine.place, count: ranked.length }),
        )
      : null,
    h(
      "ol",
      { class: "places", id: "places" },
      ranked.map((x) =>
        h(
          "li",
          { class: `p${x.seat % 5}`, "data-place": x.place },
          h("span", { class: "place" }, `${x.place}.`),
          " ",
          h("span", { class: "dot" }),
          " ",
          seatName(x.seat),
          h("span", { class: "spacer" }),
          h("b", {}, String(result.scores[x.seat])),
        ),
      ),
    ),
    h("section", { id: "scoring" }, h("h2", {}, c.t("game.scoring")), table),
    h("div", { class: "end-buttons" }, buttons),
  );
}

/**
 * A new table with the same game, options and seats (the same bots; the other people's seats
 * open for them to take), this player in the same seat; then to the new table.  Its refusal in
 * words, or null.
 * @param {Catalog} c
 * @param {import("./game.js").TableSummary} summary
 * @param {import("./renderer-interface.js").Seat[]} seats
 * @param {number | null} me
 * @returns {Promise<string | null>}
 */
export async function rematch(c, summary, seats, me) {
  const humans = seats.filter((s) => s.kind !== "automaton");
  const mySeat = me !== null && me !== undefined ? me : humans.find((s) => s.kind === "human")?.seat;
  /** @type {Record<string, any>} */
  const body = {
    game: summary.game,
    title: summary.title,
    config: { ...summary.config },
    seats: humans.map((s) => (s.kind === "bot" ? { kind: "bot", bot: s.bot } : { kind: "human" })),
    join: { seat: mySeat ?? 0, name: localStorage.getItem("salon.name") || "" },
  };
  if (summary.pace_days) {
    body.pace_days = summary.pace_days;
    body.on_timeout = summary.on_timeout || "bot";
  } else if (summary.turn_timer) body.turn_timer = summary.turn_timer;
  if (summary.hints) body.hints = true;
  body.private = summary.private !== false;
  return openTable(c, body);
}

/**
 * A new table (the body of POST /api/games, the player joining a seat), its seat's token kept,
 * then to it: a rematch, the real game after a lesson.  Its refusal in words, or null.
 * @param {Catalog} c
 * @param {Record<string, any>} body
 * @returns {Promise<string | null>}
 */
export async function openTable(c, body) {
  const r = await fetch("/api/games", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) return c.error(data.error);
  seatStore.set(data.id, data.seat, data.token);
  location.hash = `#/game/${data.id}`;
  return null;
}
