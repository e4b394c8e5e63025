// @ts-check
// The lobby: create a table (game, seats, options, remembered for the next visit), list this
// browser's own tables and the open, running and finished games the lobby shows (with their
// result and replay), join a free seat, watch a game, replay a record file, read a game's
// rules.  A table is private unless its creator lists it: it is found through its link, and
// through "your tables" by whoever sits at it.  The options come from the server's description
// of each game's config; the lobby passes them through without knowing what they mean.

import { askName, h, toast } from "./ui.js";
import { seatStore } from "./seats.js";
import { displayName } from "./table.js";

const REFRESH_MS = 4000;
const TIMERS = [0, 60, 180, 600, 86400]; // seconds a player has per decision; 0: no timer
const SECTIONS = ["open", "running", "over"];
const PAGE = 10; // games listed per page of a section
const OWN = 10; // this browser's own tables looked up at most

function playerName() {
  return localStorage.getItem("salon.name") || "";
}

/** The table the player set up last time (game, seats, options), or null. */
function remembered() {
  try {
    return JSON.parse(localStorage.getItem("salon.lobby") || "null");
  } catch {
    return null;
  }
}

export class Lobby {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.timer = null;
    this.games = [];
    this.own = []; // this browser's own tables (private ones are in no list)
    this.more = {};
    this.offset = { open: 0, running: 0, over: 0 }; // where the page shown of each section starts
    this.form = { game: null, players: null, seats: [], options: {}, title: "", timer: 0, hints: false, listed: false };
    this.moreOpen = false; // the "more options" panel stays as the player left it across re-renders
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    const games = this.app.meta.games;
    const last = remembered();
    const first = games.find((g) => g.name === last?.game) || games.find((g) => g.renderer) || games[0];
    if (first) this.selectGame(first.name);
    if (first && last?.game === first.name) this.restore(last);
    this.render();
    await this.refresh();
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
  }

  destroy() {
    clearInterval(this.timer);
  }

  retranslate() {
    this.render();
  }

  /** Take back the remembered choices that still fit the game's options and player counts. */
  restore(last) {
    const meta = this.app.gameMeta(this.form.game);
    for (const o of meta.options) {
      if (o.key in (last.options || {})) this.form.options[o.key] = last.options[o.key];
    }
    for (const o of meta.options) if (!this.available(o)) this.form.options[o.key] = o.default;
    if (this.playerCounts().includes(last.players)) {
      this.form.seats = (last.seats || []).slice(0, last.players);
      this.setPlayers(last.players);
    }
    this.form.timer = TIMERS.includes(last.timer) ? last.timer : 0;
    this.form.hints = last.hints === true;
    this.form.listed = last.listed === true;
  }

  remember() {
    const { game, players, seats, options, timer, hints, listed } = this.form;
    localStorage.setItem("salon.lobby", JSON.stringify({ game, players, seats, options, timer, hints, listed }));
  }

  selectGame(name) {
    const meta = this.app.gameMeta(name);
    this.form.game = name;
    this.form.options = {};
    for (const o of meta.options) this.form.options[o.key] = o.default;
    this.setPlayers(meta.players.includes(2) ? 2 : meta.players[0]);
  }

  /** An option with ``requires`` exists only while the options it names have those values
   *  (``{contains: x}``: a list option that includes x): otherwise it is hidden and kept at
   *  its default (the engine would refuse the mix). */
  available(o) {
    return Object.entries(o.requires || {}).every(([key, want]) => {
      const have = this.form.options[key];
      if (want !== null && typeof want === "object") return (have || []).includes(want.contains);
      return have === want;
    });
  }

  optionsChanged() {
    const meta = this.app.gameMeta(this.form.game);
    for (const o of meta.options) if (!this.available(o)) this.form.options[o.key] = o.default;
    const counts = this.playerCounts();
    if (!counts.includes(this.form.players)) this.setPlayers(counts[0]);
    this.render();
  }

  playerCounts() {
    const meta = this.app.gameMeta(this.form.game);
    for (const [key, counts] of Object.entries(meta.players_with || {})) {
      if (this.form.options[key] === true) return counts;
    }
    return meta.players;
  }

  setPlayers(n) {
    const meta = this.app.gameMeta(this.form.game);
    for (const o of meta.options) {
      if (o.type === "seat" && this.form.options[o.key] >= n) this.form.options[o.key] = o.default;
    }
    const bots = this.app.meta.bots;
    const bot = bots.includes("normal") ? "normal" : bots[0];
    this.form.players = n;
    this.form.seats = Array.from({ length: n }, (_, i) => this.form.seats[i] || (i === 0 ? "you" : `bot:${bot}`));
    this.form.seats[0] = "you";
  }

  /** The page of each section the player is looking at (the first one at the start). */
  async refresh() {
    try {
      const first = await (await fetch(`/api/games?limit=${PAGE}`)).json();
      let games = first.games || [];
      const more = { ...(first.more || {}) };
      for (const status of SECTIONS) {
        if (!this.offset[status]) continue;
        const page = await (
          await fetch(`/api/games?status=${status}&offset=${this.offset[status]}&limit=${PAGE}`)
        ).json();
        games = games.filter((g) => this.section(g) !== status).concat(page.games || []);
        more[status] = (page.more || {})[status];
      }
      this.games = games;
      this.more = more;
      this.own = await this.ownTables(games);
    } catch {
      return;
    }
    const lists = this.root.querySelector(".lists");
    if (lists) lists.replaceWith(this.renderLists());
  }

  /** The tables this browser holds a seat at (its last few) that no list shows, private
   *  ones above all; a table the server no longer has is forgotten. */
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

  turnPage(status, by) {
    this.offset[status] = Math.max(0, this.offset[status] + by * PAGE);
    this.refresh();
  }

  render() {
    const c = this.c;
    this.root.replaceChildren(
      h(
        "div",
        { class: "lobby" },
        h(
          "div",
          { class: "hero" },
          h("div", { class: "flourish" }, "❧ ❦ ❧"),
          h("h1", {}, c.t("app.name")),
          h("p", {}, c.t("app.tagline")),
        ),
        this.renderForm(),
        this.renderLists(),
      ),
    );
  }

  optionLabel(key) {
    const game = this.form.game;
    return this.c.has(`${game}.option.${key}`) ? this.c.t(`${game}.option.${key}`) : key;
  }

  choiceLabel(key, value) {
    const k = `${this.form.game}.option.${key}_${value}`;
    return this.c.has(k) ? this.c.t(k) : String(value);
  }

  renderOption(o) {
    const game = this.form.game;
    const value = this.form.options[o.key];
    // a translated explanation is shown under the option where it is short, else as its tooltip
    const help = this.c.has(`${game}.option.${o.key}_help`) ? this.c.t(`${game}.option.${o.key}_help`) : null;
    const tip = this.c.has(`${game}.option.${o.key}_tip`) ? this.c.t(`${game}.option.${o.key}_tip`) : null;
    const set = (v) => {
      this.form.options[o.key] = v;
    };
    let control;
    if (o.type === "bool") {
      control = h("input", {
        type: "checkbox",
        id: `opt-${o.key}`,
        "data-option": o.key,
        checked: value === true,
        on: {
          change: (e) => {
            set(e.target.checked);
            this.optionsChanged();
          },
        },
      });
      return h(
        "div",
        {},
        h(
          "div",
          { class: "form-row check" },
          control,
          h("label", { for: `opt-${o.key}`, "data-tip": tip }, this.optionLabel(o.key)),
        ),
        help ? h("div", { class: "option-help" }, help) : null,
      );
    }
    if (o.type === "choice") {
      control = h(
        "select",
        {
          id: `opt-${o.key}`,
          "data-option": o.key,
          on: {
            change: (e) => {
              set(e.target.value);
              this.optionsChanged();
            },
          },
        },
        o.choices.map((ch) => h("option", { value: ch, selected: ch === value }, this.choiceLabel(o.key, ch))),
      );
    } else if (o.type === "list") {
      const chosen = new Set(value || []);
      control = h(
        "div",
        { class: "checks" },
        o.choices.map((ch) =>
          h(
            "label",
            {},
            h("input", {
              type: "checkbox",
              "data-option": `${o.key}:${ch}`,
              checked: chosen.has(ch),
              on: {
                change: (e) => {
                  if (e.target.checked) chosen.add(ch);
                  else chosen.delete(ch);
                  set(o.choices.filter((x) => chosen.has(x)));
                  this.optionsChanged();
                },
              },
            }),
            " ",
            this.choiceLabel(o.key, ch),
          ),
        ),
      );
    } else if (o.type === "seat") {
      control = h(
        "select",
        {
          id: `opt-${o.key}`,
          "data-option": o.key,
          on: { change: (e) => set(e.target.value === "" ? null : Number(e.target.value)) },
        },
        h("option", { value: "", selected: value === null || value === undefined }, this.c.t("lobby.chance")),
        Array.from({ length: this.form.players }, (_, i) =>
          h(
            "option",
            { value: i, selected: value === i },
            i === 0 ? this.c.t("lobby.you") : this.c.t("lobby.seat", { n: i + 1 }),
          ),
        ),
      );
    } else if (o.type === "int") {
      control = h("input", {
        type: "number",
        id: `opt-${o.key}`,
        "data-option": o.key,
        min: 0,
        value: value ?? "",
        on: { change: (e) => set(e.target.value === "" ? (o.optional ? null : o.default) : Number(e.target.value)) },
      });
    } else {
      control = h("input", {
        type: "text",
        id: `opt-${o.key}`,
        "data-option": o.key,
        value: value ?? "",
        on: { change: (e) => set(e.target.value) },
      });
    }
    return h(
      "div",
      {},
      h(
        "div",
        { class: "form-row" },
        h("label", { for: `opt-${o.key}`, "data-tip": tip }, this.optionLabel(o.key)),
        control,
      ),
      help ? h("div", { class: "option-help" }, help) : null,
    );
  }

  seatChoices(i) {
    const c = this.c;
    const bots = this.app.meta.bots;
    return [
      h("option", { value: "open", selected: this.form.seats[i] === "open" }, c.t("lobby.open_seat")),
      ...bots.map((b) =>
        h(
          "option",
          { value: `bot:${b}`, selected: this.form.seats[i] === `bot:${b}` },
          c.t("lobby.bot", { bot: c.has(`bot.${b}`) ? c.t(`bot.${b}`) : b }),
        ),
      ),
    ];
  }

  renderForm() {
    const c = this.c;
    const games = this.app.meta.games;
    if (!games.length) return h("section", { class: "panel" }, c.t("app.loading"));
    const meta = this.app.gameMeta(this.form.game);
    const shown = meta.options.filter((o) => this.available(o));
    const main = shown.filter((o) => o.main);
    const more = shown.filter((o) => !o.main);
    const counts = this.playerCounts();
    return h(
      "section",
      { class: "panel new-game" },
      h("h2", {}, c.t("lobby.new_game")),
      h(
        "div",
        { class: "form-row" },
        h("label", { for: "your-name" }, c.t("lobby.your_name")),
        h("input", {
          type: "text",
          id: "your-name",
          maxlength: 40,
          value: playerName(),
          placeholder: c.t("lobby.name_placeholder"),
          on: { input: (e) => localStorage.setItem("salon.name", e.target.value) },
        }),
      ),
      h(
        "div",
        { class: "form-row" },
        games.length > 1
          ? [
              h("label", { for: "game" }, c.t("lobby.game")),
              h(
                "select",
                {
                  id: "game",
                  on: {
                    change: (e) => {
                      this.selectGame(e.target.value);
                      this.render();
                    },
                  },
                },
                games.map((g) =>
                  h(
                    "option",
                    { value: g.name, selected: g.name === this.form.game },
                    c.has(`${g.name}.name`) ? c.t(`${g.name}.name`) : g.name,
                  ),
                ),
              ),
            ]
          : null,
        h("a", { class: "btn small", id: "how-to-play", href: `#/rules/${this.form.game}` }, c.t("lobby.how_to_play")),
      ),
      h(
        "div",
        { class: "form-row" },
        h("label", { for: "title" }, c.t("lobby.title")),
        h("input", {
          type: "text",
          id: "title",
          maxlength: 80,
          value: this.form.title,
          placeholder: c.t("lobby.title_placeholder"),
          on: {
            input: (e) => {
              this.form.title = e.target.value;
            },
          },
        }),
      ),
      h(
        "div",
        { class: "form-row" },
        h("label", { for: "players" }, c.t("lobby.players")),
        h(
          "select",
          {
            id: "players",
            on: {
              change: (e) => {
                this.setPlayers(Number(e.target.value));
                this.render();
              },
            },
          },
          counts.map((n) => h("option", { value: n, selected: n === this.form.players }, String(n))),
        ),
      ),
      this.form.seats.map((choice, i) =>
        h(
          "div",
          { class: "form-row" },
          h("label", { for: `seat-${i}` }, c.t("lobby.seat", { n: i + 1 })),
          i === 0
            ? h("span", { id: "seat-0" }, c.t("lobby.you"))
            : h(
                "select",
                {
                  id: `seat-${i}`,
                  "data-seat": i,
                  on: {
                    change: (e) => {
                      this.form.seats[i] = e.target.value;
                    },
                  },
                },
                this.seatChoices(i),
              ),
        ),
      ),
      h(
        "div",
        { class: "form-row" },
        h("label", { for: "turn-timer" }, c.t("lobby.turn_timer")),
        h(
          "select",
          {
            id: "turn-timer",
            on: {
              change: (e) => {
                this.form.timer = Number(e.target.value);
              },
            },
          },
          TIMERS.map((s) =>
            h(
              "option",
              { value: s, selected: s === this.form.timer },
              c.t(s ? `lobby.timer_${s}` : "lobby.timer_none"),
            ),
          ),
        ),
      ),
      h(
        "div",
        { class: "form-row check" },
        h("input", {
          type: "checkbox",
          id: "hints",
          checked: this.form.hints,
          on: {
            change: (e) => {
              this.form.hints = e.target.checked;
            },
          },
        }),
        h("label", { for: "hints" }, c.t("lobby.hints")),
      ),
      h(
        "div",
        { class: "form-row check" },
        h("input", {
          type: "checkbox",
          id: "listed",
          checked: this.form.listed,
          on: {
            change: (e) => {
              this.form.listed = e.target.checked;
            },
          },
        }),
        h("label", { for: "listed" }, c.t("lobby.listed")),
      ),
      h("div", { class: "option-help" }, c.t("lobby.listed_help")),
      main.length ? h("h3", {}, c.t("lobby.options")) : null,
      main.map((o) => this.renderOption(o)),
      more.length
        ? h(
            "details",
            {
              class: "more",
              open: this.moreOpen,
              on: {
                toggle: (e) => {
                  this.moreOpen = e.target.open;
                },
              },
            },
            h("summary", {}, c.t("lobby.more_options")),
            more.map((o) => this.renderOption(o)),
          )
        : null,
      h(
        "div",
        { class: "form-row" },
        h("button", { class: "btn primary", id: "create", on: { click: () => this.create() } }, c.t("lobby.create")),
      ),
      h(
        "div",
        { class: "form-row" },
        h("label", { for: "record-file" }, c.t("lobby.open_record")),
        h("input", {
          type: "file",
          id: "record-file",
          accept: ".json,application/json",
          on: { change: (e) => this.openRecord(e) },
        }),
      ),
    );
  }

  /** A record file chosen from disk, replayed in the page (the server verifies it). */
  async openRecord(e) {
    const file = e.target.files?.[0];
    if (!file) return;
    this.app.record = await file.text();
    location.hash = "#/replay-file";
  }

  async create() {
    if (!playerName() && (await askName(this.c)) === null) return;
    this.remember();
    const seats = this.form.seats.map((choice) =>
      choice.startsWith("bot:") ? { kind: "bot", bot: choice.slice(4) } : { kind: "human" },
    );
    const config = {};
    const meta = this.app.gameMeta(this.form.game);
    for (const o of meta.options) {
      const v = this.form.options[o.key];
      if (JSON.stringify(v) !== JSON.stringify(o.default)) config[o.key] = v;
    }
    const gameName = this.c.has(`${this.form.game}.name`) ? this.c.t(`${this.form.game}.name`) : this.form.game;
    const title = this.form.title.trim() || [gameName, playerName()].filter((x) => x).join(" · ");
    const body = { game: this.form.game, title, seats, config, join: { seat: 0, name: playerName() } };
    if (this.form.timer) body.turn_timer = this.form.timer;
    if (this.form.hints) body.hints = true;
    body.private = !this.form.listed;
    const r = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await r.json();
    if (!r.ok) {
      // a refused option is named by its label, as the form shows it
      const err = data.error?.fields?.option
        ? { ...data.error, fields: { ...data.error.fields, option: this.optionLabel(data.error.fields.option) } }
        : data.error;
      toast(this.c.t("lobby.created_error", { message: err ? this.c.error(err) : r.status }), 6000);
      return;
    }
    seatStore.set(data.id, data.seat, data.token);
    location.hash = `#/game/${data.id}`;
  }

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

  renderGame(g) {
    const c = this.c;
    const mine = seatStore.get(g.id);
    const seatLabel = (s) => {
      if (s.kind === "bot") return c.has(`bot.${s.bot}`) ? c.t(`bot.${s.bot}`) : s.bot;
      if (s.kind === "automaton") return s.name;
      if (s.vacant) return c.t("lobby.vacant");
      return s.taken ? displayName(c, s.name, s.seat) : c.t("lobby.free");
    };
    const buttons = [];
    if (mine) buttons.push(h("a", { class: "btn primary small", href: `#/game/${g.id}` }, c.t("lobby.resume")));
    if (g.status === "open" && !mine) {
      for (const s of g.seats.filter((x) => !x.taken && !x.vacant)) {
        buttons.push(
          h(
            "button",
            { class: "btn small", "data-join": `${g.id}:${s.seat}`, on: { click: () => this.join(g.id, s.seat) } },
            c.t("lobby.join", { n: s.seat + 1 }),
          ),
        );
      }
    }
    buttons.push(
      h(
        "a",
        { class: "btn small", href: `#/game/${g.id}`, "data-watch": g.id },
        c.t(this.section(g) === "over" ? "lobby.view" : "lobby.watch"),
      ),
    );
    if (g.status === "over")
      buttons.push(h("a", { class: "btn small", href: `#/replay/${g.id}`, "data-replay": g.id }, c.t("lobby.replay")));
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
          g.seats.map((s) => `${name(s.seat)} ${g.result.scores[s.seat]}`).join(" – "),
        )
      : null;
    const gameName = c.has(`${g.game}.name`) ? c.t(`${g.game}.name`) : g.game;
    return h(
      "div",
      { class: "game-card", "data-game": g.id },
      h("span", { class: "title" }, g.title),
      h("span", { class: `chip status-${g.status}` }, c.t(`lobby.status_${g.status}`)),
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

  /** The lobby's section of a game: one ended early is listed with the finished ones. */
  section(g) {
    return g.status === "ended" ? "over" : g.status;
  }

  renderLists() {
    const c = this.c;
    const section = (status) => {
      const games = this.games.filter((g) => this.section(g) === status);
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
    };
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
    return h("section", { class: "lists games-list" }, own, section("open"), section("running"), section("over"));
  }
}
