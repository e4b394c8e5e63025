// @ts-check
// The lobby's form: the player's name, the game, the title, the seats (the player, bots or
// open seats, each with the address of a person invited to it), the pace (a live table with
// its turn timer, or days a decision and what happens when they run out: for signed-in players
// only), hints, listing, the game's options (the main ones, then the
// others folded), creating the table, and opening a record file to replay.

import { askName, checkedOf, h, toast, valueOf } from "../ui.js";
import { seatStore } from "../seats.js";
import { optionLabel, optionRow } from "./options.js";
import { ON_TIMEOUT, PACES, TIMERS, TableSetup, playerName } from "./setup.js";
import { account } from "../account/session.js";

/**
 * @typedef {import("../i18n.js").Catalog} Catalog
 * @typedef {typeof import("../app.js").app} App
 */

/** The form that sets up and creates a table. */
export class NewTableForm {
  /**
   * @param {App} app
   * @param {() => void} redraw the lobby drawn anew (the form changed its shape)
   */
  constructor(app, redraw) {
    this.app = app;
    this.redraw = redraw;
    this.setup = new TableSetup(app.meta);
    this.moreOpen = false; // the "more options" panel stays as the player left it across re-renders
  }

  get c() {
    return this.app.catalog;
  }

  /** @param {string} name */
  gameName(name) {
    return this.c.has(`${name}.name`) ? this.c.t(`${name}.name`) : name;
  }

  /** @param {number} i */
  seatChoices(i) {
    const c = this.c;
    const seats = this.setup.seats;
    return [
      h("option", { value: "open", selected: seats[i] === "open" }, c.t("lobby.open_seat")),
      ...this.app.meta.bots.map((b) =>
        h(
          "option",
          { value: `bot:${b}`, selected: seats[i] === `bot:${b}` },
          c.t("lobby.bot", { bot: c.has(`bot.${b}`) ? c.t(`bot.${b}`) : b }),
        ),
      ),
    ];
  }

  render() {
    const c = this.c;
    const setup = this.setup;
    const games = this.app.meta.games;
    const game = setup.game;
    if (!game) return h("section", { class: "panel" }, c.t("app.loading"));
    const shown = game.options.filter((o) => setup.available(o));
    const main = shown.filter((o) => o.main);
    const more = shown.filter((o) => !o.main);
    const paced = setup.pace > 0;
    const blocked = paced && !account.me; // a table that lasts days needs a signed-in creator
    /** @param {import("../app.js").GameOption} o */
    const option = (o) => optionRow(c, setup, o, this.redraw);
    /**
     * A row of a label and its control.
     * @param {string} id the control's
     * @param {string} label
     * @param {Element} control
     */
    const row = (id, label, control) => h("div", { class: "form-row" }, h("label", { for: id }, label), control);
    /**
     * A checkbox with its label.
     * @param {string} id
     * @param {boolean} checked
     * @param {(checked: boolean) => void} set
     */
    const check = (id, checked, set) =>
      h(
        "div",
        { class: "form-row check" },
        h("input", { type: "checkbox", id, checked, on: { change: (e) => set(checkedOf(e)) } }),
        h("label", { for: id }, c.t(`lobby.${id}`)),
      );
    return h(
      "section",
      // every choice is kept as soon as it is made (its own listener has run: the event bubbles)
      { class: "panel new-game", on: { change: () => setup.keep(), input: () => setup.keep() } },
      h("h2", {}, c.t("lobby.new_game")),
      row(
        "your-name",
        c.t("lobby.your_name"),
        h("input", {
          type: "text",
          id: "your-name",
          maxlength: 40,
          value: playerName(),
          placeholder: c.t("lobby.name_placeholder"),
          on: { input: (e) => localStorage.setItem("salon.name", valueOf(e)) },
        }),
      ),
      h(
        "div",
        { class: "form-row game-row" },
        games.length > 1
          ? [
              h("label", { for: "game" }, c.t("lobby.game")),
              h(
                "select",
                {
                  id: "game",
                  on: {
                    change: (e) => {
                      setup.selectGame(valueOf(e));
                      this.redraw();
                    },
                  },
                },
                games.map((g) => h("option", { value: g.name, selected: g.name === game.name }, this.gameName(g.name))),
              ),
            ]
          : null,
        h("a", { class: "btn small", id: "how-to-play", href: `#/rules/${game.name}` }, c.t("lobby.how_to_play")),
      ),
      row(
        "title",
        c.t("lobby.title"),
        h("input", {
          type: "text",
          id: "title",
          maxlength: 80,
          value: setup.title,
          placeholder: c.t("lobby.title_placeholder"),
          on: {
            input: (e) => {
              setup.title = valueOf(e);
            },
          },
        }),
      ),
      row(
        "players",
        c.t("lobby.players"),
        h(
          "select",
          {
            id: "players",
            on: {
              change: (e) => {
                setup.setPlayers(Number(valueOf(e)));
                this.redraw();
              },
            },
          },
          setup.playerCounts().map((n) => h("option", { value: n, selected: n === setup.players }, String(n))),
        ),
      ),
      setup.seats.map((choice, i) => [
        row(
          `seat-${i}`,
          c.t("lobby.seat", { n: i + 1 }),
          i === 0
            ? h("span", { id: "seat-0" }, c.t("lobby.you"))
            : h(
                "select",
                {
                  id: `seat-${i}`,
                  "data-seat": i,
                  on: {
                    change: (e) => {
                      setup.seats[i] = valueOf(e);
                      this.redraw();
                    },
                  },
                },
                this.seatChoices(i),
              ),
        ),
        i > 0 && choice === "open" ? this.inviteRow(i) : null,
      ]),
      row(
        "pace",
        c.t("lobby.pace"),
        h(
          "select",
          {
            id: "pace",
            on: {
              change: (e) => {
                setup.pace = Number(valueOf(e));
                this.redraw();
              },
            },
          },
          PACES.map((d) => {
            const label = d ? c.n("lobby.pace_days", d) : c.t("lobby.pace_live");
            return h("option", { value: d, selected: d === setup.pace }, label);
          }),
        ),
      ),
      paced ? this.correspondence() : null,
      paced ? null : row(
        "turn-timer",
        c.t("lobby.turn_timer"),
        h(
          "select",
          {
            id: "turn-timer",
            on: {
              change: (e) => {
                setup.timer = Number(valueOf(e));
              },
            },
          },
          TIMERS.map((s) =>
            h("option", { value: s, selected: s === setup.timer }, c.t(s ? `lobby.timer_${s}` : "lobby.timer_none")),
          ),
        ),
      ),
      check("hints", setup.hints, (on) => {
        setup.hints = on;
      }),
      account.me && setup.rateable
        ? check("rated", setup.rated, (on) => {
            setup.rated = on;
            this.redraw();
          })
        : null,
      account.me && setup.rateable && setup.rated ? this.minimums() : null,
      check("listed", setup.listed, (on) => {
        setup.listed = on;
      }),
      h("div", { class: "option-help" }, c.t("lobby.listed_help")),
      main.length ? h("h3", {}, c.t("lobby.options")) : null,
      main.map(option),
      more.length
        ? h(
            "details",
            {
              class: "more",
              open: this.moreOpen,
              on: {
                toggle: (e) => {
                  if (e.target instanceof HTMLDetailsElement) this.moreOpen = e.target.open;
                },
              },
            },
            h("summary", {}, c.t("lobby.more_options")),
            more.map(option),
          )
        : null,
      h(
        "div",
        { class: "form-row" },
        h(
          "button",
          { class: "btn primary", id: "create", disabled: blocked, on: { click: () => this.create() } },
          c.t("lobby.create"),
        ),
      ),
      row(
        "record-file",
        c.t("lobby.open_record"),
        h("input", {
          type: "file",
          id: "record-file",
          accept: ".json,application/json",
          on: { change: (e) => this.openRecord(e) },
        }),
      ),
    );
  }

  /**
   * The address of the person invited to open seat ``i`` (they get a letter with the table's link).
   * @param {number} i
   */
  inviteRow(i) {
    const c = this.c;
    const setup = this.setup;
    return h(
      "div",
      { class: "form-row invite-row" },
      h("label", { for: `invite-${i}` }, c.t("lobby.invite")),
      h("input", {
        type: "text",
        id: `invite-${i}`,
        "data-invite": i,
        maxlength: 320,
        autocomplete: "off",
        value: setup.invites[i] || "",
        placeholder: c.t("lobby.invite_placeholder"),
        disabled: !account.me,
        on: {
          input: (e) => {
            setup.invites[i] = valueOf(e);
          },
        },
      }),
      account.me ? null : h("div", { class: "option-help" }, c.t("lobby.invite_sign_in")),
    );
  }

  /** A rated table's least rating and reliability for a player to sit down (0: none). */
  minimums() {
    const c = this.c;
    const setup = this.setup;
    /**
     * @param {string} id
     * @param {"minRating" | "minReliability"} key
     * @param {number} max
     * @param {number} step
     */
    const least = (id, key, max, step) =>
      h(
        "div",
        { class: "form-row" },
        h("label", { for: id }, c.t(`lobby.${id.replace("-", "_")}`)),
        h("input", {
          type: "number",
          id,
          min: 0,
          max,
          step,
          value: setup[key] || "",
          placeholder: c.t("lobby.no_minimum"),
          on: {
            input: (e) => {
              const n = Math.round(Number(valueOf(e)));
              setup[key] = Number.isFinite(n) ? Math.max(0, Math.min(max, n)) : 0;
            },
          },
        }),
      );
    return [least("min-rating", "minRating", 4000, 50), least("min-reliability", "minReliability", 100, 5)];
  }

  /** A table that lasts days: what happens when a player's days run out, and who may create it. */
  correspondence() {
    const c = this.c;
    const setup = this.setup;
    return [
      h(
        "div",
        { class: "form-row" },
        h("label", { for: "on-timeout" }, c.t("lobby.on_timeout")),
        h(
          "select",
          {
            id: "on-timeout",
            on: {
              change: (e) => {
                setup.onTimeout = valueOf(e);
              },
            },
          },
          ON_TIMEOUT.map((x) =>
            h("option", { value: x, selected: x === setup.onTimeout }, c.t(`lobby.on_timeout_${x}`)),
          ),
        ),
      ),
      account.me
        ? h("div", { class: "option-help" }, c.t("lobby.pace_help"))
        : h(
            "div",
            { class: "option-help sign-in-hint", id: "pace-sign-in" },
            c.t("lobby.pace_sign_in"),
            " ",
            h("a", { href: "#/sign-in" }, c.t("account.sign_in")),
            " · ",
            h("a", { href: "#/sign-up" }, c.t("account.nav_sign_up")),
          ),
    ];
  }

  /**
   * A record file chosen from disk, replayed in the page (the server verifies it).
   * @param {Event} e
   */
  async openRecord(e) {
    const file = e.target instanceof HTMLInputElement ? e.target.files?.[0] : undefined;
    if (!file) return;
    this.app.record = await file.text();
    location.hash = "#/replay-file";
  }

  async create() {
    const setup = this.setup;
    if (!playerName() && (await askName(this.c)) === null) return;
    setup.remember();
    const r = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(setup.request()),
    });
    const data = await r.json();
    if (!r.ok) {
      // a refused option is named by its label, as the form shows it
      const game = setup.game?.name || "";
      const err = data.error?.fields?.option
        ? {
            ...data.error,
            fields: { ...data.error.fields, option: optionLabel(this.c, game, data.error.fields.option) },
          }
        : data.error;
      toast(this.c.t("lobby.created_error", { message: err ? this.c.error(err) : r.status }), 6000);
      return;
    }
    setup.forgetDraft();
    seatStore.set(data.id, data.seat, data.token);
    location.hash = `#/game/${data.id}`;
  }
}
