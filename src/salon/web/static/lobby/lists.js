// @ts-check
// The lobby's lists: this browser's own tables (a private table is in no other list), then the
// open, running and finished games the server lists, a page of each at a time, each with its
// seats, its result, and the buttons to resume, join a free seat, watch or replay it.

import { askName, h, tableTitle, toast } from "../ui.js";
import { seatStore } from "../seats.js";
import { displayName } from "../table.js";
import { account } from "../account/session.js";

const SECTIONS = /** @type {const} */ (["open", "running", "over"]);
const PAGE = 10; // games listed per page of a section
const OWN = 10; // this browser's own tables looked up at most

/**
 * @typedef {import("../i18n.js").Catalog} Catalog
 * @typedef {import("../game.js").TableSummary} TableSummary
 * @typedef {import("../renderer-interface.js").Seat} Seat
 * @typedef {"open" | "running" | "over"} Section
 * @typedef {{games?: TableSummary[], more?: Partial<Record<Section, boolean>>}} Listing
 * @typedef {{ratings: Record<string, number>, reliability: number}} Standing the signed-in
 *   player's rating per kind and per cent of games finished, which rated tables ask minimums of
 */

const NEWCOMER = 1500; // the figure of a kind the player has no rating of

/**
 * The rating kind of a table: its game, or its solo mode where the game plays a seat itself.
 * @param {TableSummary} g
 */
function kindOf(g) {
  return g.seats.some((s) => s.kind === "automaton") ? `${g.game}-solo` : g.game;
}

/**
 * The signed-in player's standing, from their profile; null for a guest or if it cannot be read.
 * @returns {Promise<Standing | null>}
 */
async function myStanding() {
  if (!account.me) return null;
  const settings = await fetch("/api/account/profile");
  if (!settings.ok) return null;
  const { handle } = await settings.json();
  const r = await fetch(`/api/players/${encodeURIComponent(handle)}`);
  if (!r.ok) return null;
  const profile = await r.json();
  /** @type {Record<string, number>} */
  const ratings = {};
  for (const k of profile.ratings || []) ratings[k.kind] = k.rating;
  const share = profile.reliability?.share;
  return { ratings, reliability: share === null || share === undefined ? 100 : 100 * share };
}

/**
 * The lobby's section of a game: one ended early is listed with the finished ones.
 * @param {TableSummary} g
 */
function section(g) {
  return g.status === "ended" ? "over" : g.status;
}

/**
 * @param {string} url
 * @returns {Promise<Listing>}
 */
async function listing(url) {
  return (await fetch(url)).json();
}

/** The lists of the lobby, with the page of each section the player is looking at. */
export class TableLists {
  /** @param {() => Catalog} catalog the page's catalog now */
  constructor(catalog) {
    this.catalog = catalog;
    /** @type {TableSummary[]} */
    this.games = [];
    /** @type {TableSummary[]} this browser's own tables that no list shows */
    this.own = [];
    /** @type {Partial<Record<Section, boolean>>} the sections with older games */
    this.more = {};
    /** @type {Record<Section, number>} where the page shown of each section starts */
    this.offset = { open: 0, running: 0, over: 0 };
    /** @type {HTMLElement | null} the lists as last drawn */
    this.shown = null;
    /** @type {Standing | null} */
    this.standing = null;
    this.onlyMine = localStorage.getItem("salon.lobby.only_mine") === "1";
  }

  /**
   * Why the signed-in player may not sit at a rated table (its minimums), or null.
   * @param {TableSummary} g
   */
  shortOf(g) {
    if (!g.rated || !this.standing) return null;
    const rating = this.standing.ratings[kindOf(g)] ?? NEWCOMER;
    if (g.min_rating && rating < g.min_rating) return this.c.t("lobby.below_rating", { rating, least: g.min_rating });
    const share = Math.round(this.standing.reliability);
    if (g.min_reliability && share < g.min_reliability)
      return this.c.t("lobby.below_reliability", { share, least: g.min_reliability });
    return null;
  }

  get c() {
    return this.catalog();
  }

  /** The page of each section the player is looking at (the first one at the start). */
  async refresh() {
    try {
      const first = await listing(`/api/games?limit=${PAGE}`);
      let games = first.games || [];
      const more = { ...(first.more || {}) };
      for (const status of SECTIONS) {
        if (!this.offset[status]) continue;
        const page = await listing(`/api/games?status=${status}&offset=${this.offset[status]}&limit=${PAGE}`);
        games = games.filter((g) => section(g) !== status).concat(page.games || []);
        more[status] = (page.more || {})[status];
      }
      this.games = games;
      this.more = more;
      this.own = await this.ownTables(games);
      this.standing = await myStanding();
    } catch {
      return;
    }
    if (this.shown?.isConnected) this.shown.replaceWith(this.render());
  }

  /**
   * The tables this browser holds a seat at (its last few) that no list shows, private
   * ones above all; a table the server no longer has is forgotten.
   * @param {TableSummary[]} listed
   * @returns {Promise<TableSummary[]>}
   */
  async ownTables(listed) {
    const shown = new Set(listed.map((g) => g.id));
    const ids = Object.keys(seatStore.all())
      .filter((id) => !shown.has(id))
      .slice(-OWN);
    const found = await Promise.all(
      ids.map(async (id) => {
        const r = await fetch(`/api/games/${encodeURIComponent(id)}`);
        if (r.status === 404) seatStore.forget(id);
        return r.ok ? r.json() : null;
      }),
    );
    return found.filter((g) => g);
  }

  /**
   * @param {Section} status
   * @param {number} by pages, forward (older) or back
   */
  turnPage(status, by) {
    this.offset[status] = Math.max(0, this.offset[status] + by * PAGE);
    this.refresh();
  }

  /**
   * @param {string} id
   * @param {number} seat
   */
  async join(id, seat) {
    const name = await askName(this.c);
    if (name === null) return;
    const r = await fetch(`/api/games/${id}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seat, name }),
    });
    const data = await r.json();
    if (!r.ok) {
      toast(this.c.error(data.error), 5000);
      this.refresh();
      return;
    }
    seatStore.set(id, data.seat, data.token);
    location.hash = `#/game/${id}`;
  }

  /** @param {TableSummary} g */
  renderGame(g) {
    const c = this.c;
    const mine = seatStore.get(g.id);
    /** @param {Seat} s */
    const seatLabel = (s) => {
      if (s.kind === "bot") return c.has(`bot.${s.bot}`) ? c.t(`bot.${s.bot}`) : s.bot;
      if (s.kind === "automaton") return s.name;
      if (s.vacant) return c.t("lobby.vacant");
      return s.taken ? displayName(c, s.name, s.seat) : c.t("lobby.free");
    };
    const buttons = [];
    if (mine) buttons.push(h("a", { class: "btn primary small", href: `#/game/${g.id}` }, c.t("lobby.resume")));
    const short = this.shortOf(g);
    if (g.status === "open" && !mine) {
      for (const s of g.seats.filter((x) => !x.taken && !x.vacant)) {
        buttons.push(
          h(
            "button",
            {
              class: "btn small",
              "data-join": `${g.id}:${s.seat}`,
              disabled: Boolean(short),
              title: short || "",
              on: { click: () => this.join(g.id, s.seat) },
            },
            c.t("lobby.join", { n: s.seat + 1 }),
          ),
        );
      }
    }
    buttons.push(
      h(
        "a",
        { class: "btn small", href: `#/game/${g.id}`, "data-watch": g.id },
        c.t(section(g) === "over" ? "lobby.view" : "lobby.watch"),
      ),
    );
    if (g.status === "over")
      buttons.push(h("a", { class: "btn small", href: `#/replay/${g.id}`, "data-replay": g.id }, c.t("lobby.replay")));
    /** @param {number} seat */
    const name = (seat) => {
      const s = g.seats[seat];
      return s.kind === "human" ? displayName(c, s.name, seat) : seatLabel(s);
    };
    const result = g.result
      ? h(
          "span",
          { class: "result", "data-result": g.id },
          c.t("lobby.result", { players: g.result.winners.map(name).join(", ") }),
          " · ",
          g.seats.map((s) => `${name(s.seat)} ${g.result?.scores[s.seat]}`).join(" – "),
        )
      : null;
    const gameName = c.has(`${g.game}.name`) ? c.t(`${g.game}.name`) : g.game;
    return h(
      "div",
      { class: "game-card", "data-game": g.id },
      h("span", { class: "title" }, tableTitle(c, g.title, g.game)),
      h("span", { class: `chip status-${g.status}` }, c.t(`lobby.status_${g.status}`)),
      g.rated
        ? h(
            "span",
            { class: "chip rated", "data-rated": g.id },
            c.t("lobby.rated_badge"),
            g.min_rating ? ` · ${c.t("lobby.minimum_badge", { rating: g.min_rating })}` : "",
            g.min_reliability ? ` · ${g.min_reliability}%` : "",
          )
        : null,
      h("span", { class: "muted" }, gameName),
      h(
        "span",
        { class: "seats" },
        g.seats.map((s) => h("span", { class: `chip p${s.seat % 5}` }, h("span", { class: "dot" }), " ", seatLabel(s))),
      ),
      result,
      h("span", { class: "actions" }, buttons),
    );
  }

  /**
   * One section's panel: its page of games, with the buttons to the newer and older pages.
   * @param {Section} status
   */
  renderSection(status) {
    const c = this.c;
    const games = this.games.filter(
      (g) => section(g) === status && !(status === "open" && this.onlyMine && this.shortOf(g)),
    );
    const pages =
      this.offset[status] || this.more[status]
        ? h(
            "div",
            { class: "pages" },
            h(
              "button",
              {
                class: "btn small",
                id: `newer-${status}`,
                disabled: !this.offset[status],
                on: { click: () => this.turnPage(status, -1) },
              },
              "← ",
              c.t("lobby.prev_page"),
            ),
            h(
              "button",
              {
                class: "btn small",
                id: `older-${status}`,
                disabled: !this.more[status],
                on: { click: () => this.turnPage(status, 1) },
              },
              c.t("lobby.next_page"),
              " →",
            ),
          )
        : null;
    return h(
      "div",
      { class: "panel" },
      h("h2", {}, c.t(`lobby.${status}`)),
      h(
        "div",
        { class: "games-list", id: `games-${status}` },
        games.length ? games.map((g) => this.renderGame(g)) : h("div", { class: "muted" }, c.t("lobby.none")),
        pages,
      ),
    );
  }

  render() {
    const c = this.c;
    const own = this.own.length
      ? h(
          "div",
          { class: "panel" },
          h("h2", {}, c.t("lobby.yours")),
          h(
            "div",
            { class: "games-list", id: "games-own" },
            this.own.map((g) => this.renderGame(g)),
          ),
        )
      : null;
    const filter = this.standing
      ? h(
          "div",
          { class: "form-row check lobby-filter" },
          h("input", {
            type: "checkbox",
            id: "only-mine",
            checked: this.onlyMine,
            on: {
              change: (e) => {
                this.onlyMine = e.target instanceof HTMLInputElement && e.target.checked;
                localStorage.setItem("salon.lobby.only_mine", this.onlyMine ? "1" : "0");
                if (this.shown?.isConnected) this.shown.replaceWith(this.render());
              },
            },
          }),
          h("label", { for: "only-mine" }, c.t("lobby.only_mine")),
        )
      : null;
    this.shown = h(
      "section",
      { class: "lists games-list" },
      filter,
      own,
      ...SECTIONS.map((status) => this.renderSection(status)),
    );
    return this.shown;
  }
}
