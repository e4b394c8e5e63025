// @ts-check
// A player's profile (#/players/<handle>, one's own at #/profile): games played and won, the
// rating of each kind with its chart, reliability, the latest games with their replays, the
// players met most, and a Follow button for a signed-in visitor; on one's own, whether it is
// hidden from strangers.

import { h, tableTitle, toast } from "../ui.js";
import { get, post } from "../account/api.js";
import { account } from "../account/session.js";
import { ratingChart } from "./chart.js";
import { boardHref, day, gameName, kindName, profileHref, setFollowing, useStyle } from "./common.js";

/**
 * A profile (GET /api/players/<handle>).
 * @typedef {object} Profile
 * @property {string} handle
 * @property {string} name
 * @property {number} since
 * @property {boolean} own
 * @property {boolean} following
 * @property {boolean} hidden
 * @property {{game: string, played: number, won: number}[]} games
 * @property {{kind: string, rating: number, provisional: boolean, games: number}[]} ratings
 * @property {Reliability} reliability
 * @property {Recent[]} recent
 * @property {{handle: string, name: string, games: number, wins: number, losses: number, ties: number}[]} rivals
 */

/**
 * @typedef {{started: number, finished: number, share: number | null, timed_out: number, conceded: number,
 *   left: number}} Reliability
 * @typedef {{game_id: string | null, game: string, title: string | null, ended: number, place: number,
 *   players: number, rated: boolean, outcome: string, change: {kind: string, before: number, after: number} | null}}
 *   Recent
 * @typedef {import("./chart.js").Point} Point
 */

/**
 * A part of an address decoded, or as it is where it is no valid encoding.
 * @param {string} text
 */
function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The page of one player's profile. */
export class ProfileView {
  /**
   * @param {HTMLElement} root
   * @param {import("./common.js").App} app
   * @param {string | null} handle as the address has it (encoded); null: the signed-in person's own
   */
  constructor(root, app, handle) {
    this.root = root;
    this.app = app;
    this.handle = handle === null ? null : decoded(handle);
    /** @type {Profile | null} */
    this.profile = null;
    /** @type {import("../i18n.js").ServerError | null} */
    this.error = null;
    /** @type {Map<string, Point[]>} each kind's history, once loaded */
    this.histories = new Map();
    this.busy = false;
    this.resized = () => this.drawCharts();
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    useStyle();
    window.addEventListener("resize", this.resized);
    if (this.handle === null) {
      const r = await get("/api/account/profile");
      if (!r.ok) {
        this.error = r.error;
        this.render();
        return;
      }
      location.replace(profileHref(r.data.handle));
      return;
    }
    const r = await get(`/api/players/${encodeURIComponent(this.handle)}`);
    if (!r.ok) this.error = r.error;
    else this.profile = r.data;
    this.render();
    if (this.profile) await this.loadHistories(this.profile);
  }

  destroy() {
    window.removeEventListener("resize", this.resized);
  }

  retranslate() {
    this.render();
  }

  /** @param {Profile} profile */
  async loadHistories(profile) {
    const base = `/api/players/${encodeURIComponent(profile.handle)}/ratings/`;
    await Promise.all(
      profile.ratings.map(async ({ kind }) => {
        const r = await get(base + kind);
        if (r.ok) this.histories.set(kind, r.data.points);
      }),
    );
    this.drawCharts();
  }

  render() {
    const c = this.c;
    const p = this.profile;
    document.title = `${p ? p.name : c.t("players.profile")} · ${c.t("app.name")}`;
    if (!p) {
      const signIn = this.error?.code === "signed_out";
      this.root.replaceChildren(
        h(
          "div",
          { class: "account-page narrow", id: "page-profile" },
          h(
            "section",
            { class: "panel" },
            h("h1", {}, c.t("players.profile")),
            h("p", { id: "profile-error" }, this.error ? c.error(this.error) : c.t("app.loading")),
            signIn ? h("p", {}, h("a", { class: "btn primary", href: "#/sign-in" }, c.t("account.sign_in"))) : null,
          ),
        ),
      );
      return;
    }
    this.root.replaceChildren(
      h(
        "div",
        { class: "account-page wide players-page", id: "page-profile", "data-handle": p.handle },
        this.head(p),
        this.ratings(p),
        this.counts(p),
        this.recent(p),
        this.rivals(p),
      ),
    );
    this.drawCharts();
  }

  /** @param {Profile} p */
  head(p) {
    const c = this.c;
    return h(
      "section",
      { class: "panel profile-head" },
      h(
        "div",
        { class: "account-head" },
        h("h1", {}, p.name),
        h("span", { class: "muted handle" }, `@${p.handle}`),
        h("span", { class: "spacer" }),
        account.me && !p.own ? this.followButton(p) : null,
      ),
      h("p", { class: "muted" }, c.t("players.member_since", { date: day(this.app.lang, p.since) })),
      p.own ? this.hiddenSwitch(p) : null,
    );
  }

  /** @param {Profile} p */
  followButton(p) {
    const c = this.c;
    const click = async () => {
      if (this.busy) return;
      this.busy = true;
      const r = await setFollowing(p.handle, !p.following);
      this.busy = false;
      if (r.ok) p.following = r.data.following;
      else toast(this.c.error(r.error));
      this.render();
    };
    return h(
      "button",
      { class: `btn${p.following ? "" : " primary"}`, id: "profile-follow", type: "button", on: { click } },
      c.t(p.following ? "players.unfollow" : "players.follow"),
    );
  }

  /** @param {Profile} p */
  hiddenSwitch(p) {
    const c = this.c;
    const change = async (/** @type {Event} */ e) => {
      const box = /** @type {HTMLInputElement} */ (e.target);
      const r = await post("/api/account/profile", { hidden: box.checked });
      if (r.ok) p.hidden = r.data.hidden;
      else toast(this.c.error(r.error));
      this.render();
    };
    return h(
      "label",
      { class: "profile-hidden" },
      h("input", { type: "checkbox", id: "profile-hidden", checked: p.hidden, on: { change } }),
      " ",
      c.t("players.hide"),
    );
  }

  /** @param {Profile} p */
  ratings(p) {
    const c = this.c;
    return h(
      "section",
      { class: "panel", id: "profile-ratings" },
      h("h2", {}, c.t("players.ratings")),
      p.ratings.length
        ? p.ratings.map((r) =>
            h(
              "div",
              { class: "profile-rating", "data-kind": r.kind },
              h(
                "p",
                { class: "rating-line" },
                h("a", { href: boardHref(r.kind, r.provisional) }, kindName(this.c, r.kind)),
                " ",
                h("strong", { class: "rating" }, String(r.rating)),
                " ",
                r.provisional ? h("span", { class: "chip" }, c.t("players.provisional")) : null,
                " ",
                h("span", { class: "muted" }, c.n("players.rated_games", r.games)),
              ),
              h("div", { class: "chart-box", "data-kind": r.kind }),
            ),
          )
        : h("p", { class: "muted" }, c.t("players.no_ratings")),
    );
  }

  /** Each rating's chart, drawn at its box's width (again when the window's changes). */
  drawCharts() {
    const label = this.c.t("players.chart_label");
    for (const box of this.root.querySelectorAll(".chart-box")) {
      const kind = box.getAttribute("data-kind") || "";
      const points = this.histories.get(kind);
      if (!points || !points.length || !(box instanceof HTMLElement)) continue;
      const width = box.clientWidth;
      if (box.firstElementChild && Number(box.firstElementChild.getAttribute("width")) === Math.round(width)) continue;
      box.replaceChildren(ratingChart(points, width, this.app.lang, `${label}: ${kindName(this.c, kind)}`));
    }
  }

  /** The games played and won, and reliability. @param {Profile} p */
  counts(p) {
    const c = this.c;
    const r = p.reliability;
    const share = r.share === null ? "–" : `${Math.round(r.share * 100)} %`;
    return h(
      "section",
      { class: "panel", id: "profile-counts" },
      h("h2", {}, c.t("players.games")),
      p.games.length
        ? h(
            "table",
            { class: "players-table" },
            h("tr", {}, h("th", {}, c.t("players.col_game")), h("th", {}, c.t("players.col_played")),
              h("th", {}, c.t("players.col_won"))),
            p.games.map((g) =>
              h("tr", {}, h("td", {}, gameName(c, g.game)), h("td", {}, g.played), h("td", {}, g.won)),
            ),
          )
        : h("p", { class: "muted" }, c.t("players.no_games")),
      h("h3", {}, c.t("players.reliability")),
      h("p", { id: "profile-reliability" }, c.t("players.finished_share", { finished: r.finished, started: r.started,
                                                                              share })),
      h(
        "ul",
        { class: "plain-list reliability" },
        h("li", {}, c.t("players.timed_out"), ": ", h("strong", {}, r.timed_out)),
        h("li", {}, c.t("players.conceded"), ": ", h("strong", {}, r.conceded)),
        h("li", {}, c.t("players.left"), ": ", h("strong", {}, r.left)),
      ),
    );
  }

  /** @param {Profile} p */
  recent(p) {
    const c = this.c;
    return h(
      "section",
      { class: "panel", id: "profile-recent" },
      h("h2", {}, c.t("players.recent")),
      p.recent.length
        ? h("ul", { class: "my-list" }, p.recent.map((g) => this.game(g)))
        : h("p", { class: "muted" }, c.t("players.no_games")),
    );
  }

  /** @param {Recent} g */
  game(g) {
    const c = this.c;
    const change = g.change ? g.change.after - g.change.before : null;
    return h(
      "li",
      { class: "my-entry", "data-game": g.game_id || "" },
      h(
        "span",
        { class: "my-link" },
        h("span", { class: "title" }, g.title === null ? c.t("players.private_table") : tableTitle(c, g.title, g.game)),
        h("span", { class: "muted game-name" }, `${gameName(c, g.game)} · ${day(this.app.lang, g.ended)}`),
      ),
      h(
        "span",
        { class: "facts" },
        h("span", { class: "chip" }, c.t("players.place", { place: g.place, players: g.players })),
        g.outcome !== "finished" ? h("span", { class: "chip" }, c.t(`players.outcome_${g.outcome}`)) : null,
        change !== null ? this.change(change) : null,
        change === null && !g.rated ? h("span", { class: "muted" }, c.t("players.unrated")) : null,
      ),
      g.game_id ? h("a", { class: "btn small", href: `#/replay/${g.game_id}` }, c.t("lobby.replay")) : null,
    );
  }

  /** A rating's change by one game, as a chip. @param {number} change */
  change(change) {
    const text = `${change >= 0 ? "+" : "−"}${Math.abs(change)}`;
    return h("span", { class: `chip change ${change >= 0 ? "up" : "down"}` }, text);
  }

  /** @param {Profile} p */
  rivals(p) {
    const c = this.c;
    return h(
      "section",
      { class: "panel", id: "profile-rivals" },
      h("h2", {}, c.t("players.rivals")),
      p.rivals.length
        ? h(
            "table",
            { class: "players-table" },
            h("tr", {}, ["col_player", "col_games", "col_wins", "col_losses", "col_ties"].map((k) =>
              h("th", {}, c.t(`players.${k}`)))),
            p.rivals.map((r) =>
              h("tr", {}, h("td", {}, h("a", { href: profileHref(r.handle) }, r.name)), h("td", {}, r.games),
                h("td", {}, r.wins), h("td", {}, r.losses), h("td", {}, r.ties)),
            ),
          )
        : h("p", { class: "muted" }, c.t("players.no_rivals")),
    );
  }
}
