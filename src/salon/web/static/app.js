// @ts-check
// The browser client's shell: language, who is signed in, routing between the lobby, a game, a
// replay, the rules pages, the lessons, the account's pages (signing in, the account, "My games"), players'
// profiles and the leaderboards.
// Everything game-specific lives in /static/games/<name>/ (a renderer module and its texts).

import { Catalog, loadCatalog, preferredLanguage } from "./i18n.js";
import { byId, h, installTooltips } from "./ui.js";
import { Lobby } from "./lobby.js";
import { GameView } from "./game.js";
import { ReplayView } from "./replay.js";
import { RulesView } from "./rules.js";
import { LearnView } from "./learn.js";
import { LessonsView } from "./learn/list.js";
import { account } from "./account/session.js";
import { AccountPage } from "./account/pages.js";
import { AccountSettings } from "./account/settings.js";
import { MyGames } from "./account/my.js";
import { ProfileView } from "./players/profile.js";
import { Leaderboard } from "./players/board.js";

/**
 * A page of the client: the lobby, a table, a replay or a rules page.
 * @typedef {{start(): Promise<void>, destroy(): void, retranslate(): void}} View
 */

/**
 * One of a game's config options, as the lobby offers it (salon.web.api.lobby.game_meta).
 * @typedef {object} GameOption
 * @property {string} key
 * @property {unknown} default
 * @property {string} type bool, choice, list, seat, int or text
 * @property {Array<string | number>} [choices] a choice's or list's values
 * @property {boolean} [optional] an int that may be left empty
 * @property {boolean} [main] shown among the main options (else folded under "more")
 * @property {Record<string, any>} [requires] the values of other options it exists with
 */

/**
 * A game the server plays.
 * @typedef {object} GameMeta
 * @property {string} name
 * @property {number[]} players the player counts
 * @property {Record<string, number[]>} [players_with] the player counts a bool option allows instead
 * @property {GameOption[]} options
 * @property {string | null} renderer the address of its board's renderer, if it has one
 */

/**
 * The server's /api/meta: its games, bots and languages.
 * @typedef {{games: GameMeta[], bots: string[], languages: string[]}} Meta
 */

export const app = {
  lang: preferredLanguage(),
  /** @type {Meta} */
  meta: { games: [], bots: [], languages: ["en"] },
  catalog: new Catalog("en", {}, null), // the page's texts, loaded by loadCatalog()
  events: new Catalog("en", {}, null), // the games' journal texts (salon.wording), a catalog of their own
  /** @type {View | null} */
  view: null,
  /** @type {string | null} the text of the record file opened for a replay */
  record: null,
  /** @type {string} the last page shown that is not one of signing in (where signing in leads back) */
  previous: "",

  /** @param {string} name */
  gameMeta(name) {
    return (this.meta.games || []).find((g) => g.name === name) || null;
  },

  async loadCatalog() {
    const names = (this.meta.games || []).map((g) => g.name);
    const paths = ["/static/i18n/{lang}.json", ...names.map((n) => `/static/games/${n}/i18n/{lang}.json`)];
    [this.catalog, this.events] = await Promise.all([
      loadCatalog(this.lang, paths),
      loadCatalog(
        this.lang,
        names.map((n) => `/static/games/${n}/events/{lang}.json`),
      ),
    ]);
    document.documentElement.lang = this.lang;
    byId("brand-name").textContent = this.catalog.t("app.name");
    byId("lang-label").textContent = this.catalog.t("app.language");
    account.renderNav();
  },

  /** @param {string} lang */
  async setLanguage(lang) {
    this.lang = lang;
    localStorage.setItem("salon.lang", lang);
    await this.loadCatalog();
    if (this.view) this.view.retranslate();
  },

  async route() {
    if (this.view) this.view.destroy();
    this.view = null;
    // each page draws into an element of its own: one left while it still waited for an answer
    // draws, when the answer comes, into an element no longer shown, never over the next page
    const root = h("div", { class: "view-root" });
    byId("view").replaceChildren(root);
    byId("table-title").textContent = "";
    document.title = this.catalog.t("app.name");
    const hash = location.hash;
    const game = hash.match(/^#\/game\/([A-Za-z0-9_-]+)/);
    const replay = hash.match(/^#\/replay\/([A-Za-z0-9_-]+)/);
    const rules = hash.match(/^#\/rules\/([a-z0-9_-]+)(?:\/([A-Za-z0-9_-]+))?/);
    const learn = hash.match(/^#\/learn(?:\/([a-z0-9_-]+)\/([A-Za-z0-9_-]+))?$/);
    const link = hash.match(/^#\/(verify|reset)\/([A-Za-z0-9_-]+)/);
    const page = hash.match(/^#\/(sign-in|sign-up|reset)$/);
    const player = hash.match(/^#\/players\/([^/?#]+)/);
    const board = hash.match(/^#\/leaderboard(?:\/([a-z-]+))?(\/provisional)?$/);
    if (!link && !page) this.previous = hash;
    if (link) this.view = new AccountPage(root, this, link[1] === "verify" ? "verify" : "reset-confirm", link[2]);
    else if (page) this.view = new AccountPage(root, this, /** @type {"sign-in" | "sign-up" | "reset"} */ (page[1]));
    else if (hash === "#/account") this.view = new AccountSettings(root, this);
    else if (hash === "#/my") this.view = new MyGames(root, this);
    else if (hash === "#/profile") this.view = new ProfileView(root, this, null);
    else if (player) this.view = new ProfileView(root, this, player[1]);
    else if (board) {
      const kind = board[1] || this.meta.games[0]?.name || ""; // the first game's board by default
      this.view = new Leaderboard(root, this, kind, Boolean(board[2]));
    }
    else if (game) this.view = new GameView(root, this, game[1]);
    else if (hash === "#/replay-file") this.view = new ReplayView(root, this, { record: this.record });
    else if (replay) this.view = new ReplayView(root, this, { id: replay[1] });
    else if (rules) this.view = new RulesView(root, this, rules[1], rules[2] || "");
    else if (learn) this.view = learn[1] ? new LearnView(root, this, learn[1], learn[2]) : new LessonsView(root, this);
    else this.view = new Lobby(root, this);
    account.refreshTurns();
    await this.view.start();
  },
};

async function main() {
  installTooltips();
  const select = /** @type {HTMLSelectElement} */ (byId("lang"));
  select.value = app.lang;
  select.addEventListener("change", () => app.setLanguage(select.value));
  try {
    app.meta = await (await fetch("/api/meta")).json();
  } catch {
    app.meta = { games: [], bots: [], languages: ["en"] };
  }
  account.use(() => app.catalog);
  await Promise.all([app.loadCatalog(), account.load()]);
  window.addEventListener("hashchange", () => app.route());
  await app.route();
}

main();
