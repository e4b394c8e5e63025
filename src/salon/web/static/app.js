// The browser client's shell: language, routing between the lobby and a game, seat tokens.
// Everything game-specific lives in /static/games/<name>/ (a renderer module and its texts).

import { loadCatalog, preferredLanguage } from "./i18n.js";
import { installTooltips } from "./ui.js";
import { Lobby } from "./lobby.js";
import { GameView } from "./game.js";

export const app = {
  lang: preferredLanguage(),
  meta: null,
  catalog: null,
  view: null,

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
    const m = location.hash.match(/^#\/game\/([A-Za-z0-9_-]+)/);
    this.view = m ? new GameView(root, this, m[1]) : new Lobby(root, this);
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
