// The browser client's shell: language, routing between the lobby, a game, a replay and the
// rules pages, seat tokens.
// Everything game-specific lives in /static/games/<name>/ (a renderer module and its texts).

import { loadCatalog, preferredLanguage } from "./i18n.js";
import { installTooltips } from "./ui.js";
import { Lobby } from "./lobby.js";
import { GameView } from "./game.js";
import { ReplayView } from "./replay.js";
import { RulesView } from "./rules.js";

export const app = {
  lang: preferredLanguage(),
  meta: null,
  catalog: null,
  view: null,
  record: null,  // the text of the record file opened for a replay

  gameMeta(name) {
    return (this.meta?.games || []).find((g) => g.name === name) || null;
  },

  async loadCatalog() {
    const names = (this.meta?.games || []).map((g) => g.name);
    const paths = ["/static/i18n/{lang}.json", ...names.map((n) => `/static/games/${n}/i18n/{lang}.json`)];
    this.catalog = await loadCatalog(this.lang, paths);
    document.documentElement.lang = this.lang;
    document.getElementById("brand-name").textContent = this.catalog.t("app.name");
    document.getElementById("lang-label").textContent = this.catalog.t("app.language");
  },

  async setLanguage(lang) {
    this.lang = lang;
    localStorage.setItem("salon.lang", lang);
    await this.loadCatalog();
    if (this.view) this.view.retranslate();
  },

  async route() {
    if (this.view) this.view.destroy();
    this.view = null;
    const root = document.getElementById("view");
    root.replaceChildren();
    document.getElementById("table-title").textContent = "";
    document.title = this.catalog.t("app.name");
    const hash = location.hash;
    const game = hash.match(/^#\/game\/([A-Za-z0-9_-]+)/);
    const replay = hash.match(/^#\/replay\/([A-Za-z0-9_-]+)/);
    const rules = hash.match(/^#\/rules\/([a-z0-9_-]+)/);
    if (game) this.view = new GameView(root, this, game[1]);
    else if (hash === "#/replay-file") this.view = new ReplayView(root, this, { record: this.record });
    else if (replay) this.view = new ReplayView(root, this, { id: replay[1] });
    else if (rules) this.view = new RulesView(root, this, rules[1]);
    else this.view = new Lobby(root, this);
    await this.view.start();
  },
};

async function main() {
  installTooltips();
  const select = document.getElementById("lang");
  select.value = app.lang;
  select.addEventListener("change", () => app.setLanguage(select.value));
  try {
    app.meta = await (await fetch("/api/meta")).json();
  } catch {
    app.meta = { games: [], bots: [], languages: ["en"] };
  }
  await app.loadCatalog();
  window.addEventListener("hashchange", () => app.route());
  await app.route();
}

main();
