// @ts-check
// One game in the browser: the page of a table, and the frame around the game's own board
// renderer (/static/games/<name>/renderer.js): the status bar (game/status.js), the players'
// bar with the score track and each seat's last move, the decision panel with every legal
// action (game/decision.js), the journal, the end screen, laid out by game/frame.js.
//
// The server sends a "state" message after every change (game/connection.js): the seat's
// observation, its legal actions when it decides, and the new journal entries.  A click on
// anything marked data-action sends that action with the version it was chosen in (the
// server's count of the changes this seat has seen).  A "presence" message updates only who
// is online; a "chat" message goes to the table's chat (chat.js), whose latest messages are
// read once each socket is open.

import { byId, h, tableTitle, toast } from "./ui.js";
import { seatStore } from "./seats.js";
import { displayName, highlightMoves, lastMoves, rematch, renderEnd, scoreTrack } from "./table.js";
import { catalogReader, journalLines } from "./wording.js";
import { TableConnection } from "./game/connection.js";
import { DecisionPanel, errorText } from "./game/decision.js";
import { TableFrame } from "./game/frame.js";
import { StatusBar } from "./game/status.js";
import { account } from "./account/session.js";
import { ChatPanel } from "./chat.js";
import { PreferencesMenu, confirmed, helloPreferences, tellTaken } from "./preferences.js";

/**
 * @typedef {import("./renderer-interface.js").TableState} TableState
 * @typedef {import("./renderer-interface.js").LogEntry} LogEntry
 * @typedef {import("./renderer-interface.js").Renderer} Renderer
 * @typedef {import("./renderer-interface.js").RendererContext} RendererContext
 * @typedef {typeof import("./app.js").app} App
 */

/**
 * A table as the lobby lists it (GET /api/games/<id>).
 * @typedef {object} TableSummary
 * @property {string} id
 * @property {string} game
 * @property {string} title
 * @property {string} status
 * @property {import("./renderer-interface.js").Seat[]} seats
 * @property {Record<string, any>} config
 * @property {import("./renderer-interface.js").Result | null} [result]
 * @property {number | null} [turn_timer]
 * @property {boolean} [hints] whether its players may ask for hints
 * @property {boolean} [private]
 * @property {number | null} [pace_days] a table that lasts days: the days a decision has
 * @property {"bot" | "out" | null} [on_timeout] what happens to a player whose days run out
 * @property {boolean} [rated] the result moves its players' ratings
 * @property {number | null} [min_rating] a rated table's least rating to sit down
 * @property {number | null} [min_reliability] a rated table's least per cent of games finished
 */

/** The page of one table: it loads the table and its game's renderer, then shows it live. */
export class GameView {
  /**
   * @param {HTMLElement} root
   * @param {App} app
   * @param {string} id the table
   */
  constructor(root, app, id) {
    this.root = root;
    this.app = app;
    this.id = id;
    this.closed = false;
    /** @type {LiveTable | null} */
    this.table = null;
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    const r = await fetch(`/api/games/${this.id}`);
    if (!r.ok) {
      this.root.replaceChildren(
        h(
          "div",
          { class: "panel notice" },
          this.c.t("game.not_found"),
          " ",
          h("a", { href: "#/" }, this.c.t("game.lobby")),
        ),
      );
      return;
    }
    /** @type {TableSummary} */
    const summary = await r.json();
    const meta = this.app.gameMeta(summary.game);
    const components = await (await fetch(`/api/games/${this.id}/components`)).json();
    const module = await import(meta?.renderer || "/static/games/generic.js");
    if (this.closed) return;
    this.table = new LiveTable(this.root, this.app, summary, (ctx) => module.createRenderer({ components, ...ctx }));
    byId("table-title").textContent = tableTitle(this.c, summary.title, summary.game);
    this.table.start();
  }

  destroy() {
    this.closed = true;
    document.title = this.c.t("app.name");
    document.body.classList.remove("at-table");
    this.table?.stop();
  }

  retranslate() {
    this.table?.retranslate();
  }
}

/** A table shown live: its parts, drawn anew from each state the server sends. */
export class LiveTable {
  /**
   * @param {HTMLElement} root
   * @param {App} app
   * @param {TableSummary} summary
   * @param {(ctx: Omit<RendererContext, "components">) => Renderer} createRenderer the game's
   * @param {(listener: import("./game/connection.js").Listener) => TableConnection} [connect] where the
   *   table's messages come from, if not the server (a lesson plays its script: learn/lesson.js)
   */
  constructor(root, app, summary, createRenderer, connect) {
    this.root = root;
    this.app = app;
    this.summary = summary;
    this.id = summary.id;
    /** @type {TableState | null} the state the page shows (the last drawn) */
    this.state = null;
    /** @type {TableState | null} a newer state the server sent, drawn at the next frame */
    this.next = null;
    this.nextFull = false; // the journal drawn anew with it
    this.drawing = false; // a frame asked for
    /** @type {LogEntry[]} */
    this.log = [];
    this.renderedEntries = 0;
    this.endClosed = false; // the player closed the end screen to look at the table
    this.chatToRead = false; // the chat's latest messages are to be read with the next state
    /** @type {Renderer} */
    this.renderer = createRenderer({
      catalog: () => this.c,
      seatName: (seat) => this.seatName(seat),
      actMany: (actions) => this.actMany(actions),
    });
    /** @type {import("./game/connection.js").Listener} */
    const listener = {
      message: (msg) => this.onMessage(msg),
      opening: (what) => this.opening(what),
      refused: (err) => toast(this.errorText(err), 5000),
      hello: () => ({ preferences: helloPreferences() }),
    };
    this.connection =
      connect?.(listener) ?? new TableConnection(this.id, () => seatStore.get(this.id)?.token || null, listener);
    this.chat = new ChatPanel({
      catalog: () => this.c,
      id: this.id,
      seated: () => this.state !== null && this.state.seat !== null,
      say: async (text) => /** @type {any} */ (await this.connection.post("chat", { text })),
      errorText: (err) => this.errorText(err ?? undefined),
    });
    this.frame = new TableFrame(() => this.state && this.render(this.state, false));
    this.status = new StatusBar(this);
    // the gear of the status bar; a change is named to the server by a new hello
    this.preferences = new PreferencesMenu(() => this.c, () => this.connection.reconnect?.());
    this.told = -1; // the version whose move the server takes for the seat was last told
    this.decision = new DecisionPanel(this);
    this.el = this.build();
    // the way to the next game where it is the player's turn follows the account's count
    this.unwatch = account.watch(() => {
      if (this.state) this.status.render(this.el.status, this.state);
      this.chat.update(); // signed in or out: who may write, mute, block and report
      this.chat.redraw();
    });
  }

  get c() {
    return this.app.catalog;
  }

  start() {
    this.connection.connect();
  }

  stop() {
    this.unwatch();
    this.preferences.stop();
    this.status.stop();
    this.connection.close();
  }

  retranslate() {
    this.el = this.build();
    if (this.state) this.render(this.state, true);
  }

  build() {
    const parts = this.frame.build(this.root, this.c, this.summary.game, {
      click: (e) => this.onClick(e),
      keydown: (e) => this.onKey(e),
    });
    parts.logBox.after(this.chat.element());
    return parts;
  }

  /** @param {number} seat */
  seatName(seat) {
    const s = this.state?.seats?.[seat] || this.summary.seats?.[seat];
    if (!s) return displayName(this.c, "", seat);
    if (s.kind === "bot") {
      const bot = this.c.has(`bot.${s.bot}`) ? this.c.t(`bot.${s.bot}`) : s.bot;
      return this.renderer.automatonName?.(seat) || this.c.t("game.bot_seat", { bot, n: seat + 1 });
    }
    if (s.kind === "automaton") return this.renderer.automatonName?.(seat) || s.name;
    return displayName(this.c, s.name, seat);
  }

  /** @param {import("./i18n.js").ServerError | undefined} err */
  errorText(err) {
    return errorText(this.c, this.renderer, err, this.state);
  }

  // --- the server's messages and the seat's actions

  /** @param {"connecting" | "reconnecting"} what */
  opening(what) {
    this.chat.reset(); // its latest messages are read again once the socket brings a state
    this.chatToRead = true;
    if (!this.state) this.el.status.replaceChildren(h("span", { class: "muted" }, this.c.t(`game.${what}`)));
    else if (what === "reconnecting") toast(this.c.t("game.reconnecting"));
  }

  /** @param {import("./game/connection.js").ServerMessage} msg */
  onMessage(msg) {
    if (msg.type === "state") {
      if (msg.log_from === 0) this.log = msg.log;
      else this.log = this.log.slice(0, msg.log_from).concat(msg.log);
      // a lone pass or done that the server makes for the seat (``forced``) is no choice of
      // the player's: nothing of it is offered, as if another seat decided
      const mine = (/** @type {TableState | null} */ st) =>
        st !== null && st.seat !== null && st.status === "running" && st.current === st.seat;
      const wasMine = mine(this.next || this.state);
      this.told = tellTaken(this.c, this.renderer, msg, this.told);
      // one's own move made, or one's turn come: the count of one's turns asked again
      if (wasMine !== mine(msg)) account.refreshTurns();
      this.draw(msg.forced ? { ...msg, legal: [] } : msg, msg.log_from === 0);
      if (this.chatToRead) this.readChat();
    } else if (msg.type === "presence") {
      if (this.next) this.next = { ...this.next, seats: msg.seats };
      if (!this.state) return;
      this.state = { ...this.state, seats: msg.seats };
      this.renderPlayers(this.state);
      this.status.render(this.el.status, this.state);
    } else if (msg.type === "chat") {
      this.chat.receive(msg);
    } else if (msg.type === "error") {
      toast(this.errorText(msg), 5000);
    }
  }

  /**
   * The chat's latest messages, read once the socket is open (it brings the next ones), as
   * the seat reads them now.
   */
  async readChat() {
    this.chatToRead = false;
    const r = await this.connection.get("chat");
    if (r.ok) this.chat.receive({ type: "chat", history: true, ...(await r.json()) });
  }

  /** @param {string | null} action */
  act(action) {
    if (!this.state || action === null || !this.state.legal.includes(action)) return;
    if (!confirmed(this.c, this.renderer, this.state, action)) return;
    this.connection.send({ type: "act", action }, this.state.version);
  }

  /**
   * Several actions of one's own at once (a renderer's choice confirmed in one step), all
   * applied or none; the new state comes over the socket like any other.
   * @param {string[]} actions
   */
  actMany(actions) {
    if (!this.state) return;
    this.connection.post("actions", { actions, version: this.state.version });
  }

  /** @param {Event} e */
  onClick(e) {
    const target = e.target instanceof Element ? e.target.closest("[data-action]") : null;
    if (target && this.root.contains(target)) {
      e.preventDefault();
      this.act(target.getAttribute("data-action"));
    }
  }

  /** @param {Event} e */
  onKey(e) {
    if (!(e instanceof KeyboardEvent) || (e.key !== "Enter" && e.key !== " ")) return;
    const target = e.target instanceof Element ? e.target.closest("[data-action]") : null;
    if (target && target.tagName !== "BUTTON") {
      e.preventDefault();
      this.act(target.getAttribute("data-action"));
    }
  }

  // --- rendering

  /**
   * Draw ``st`` at the next frame, and of several states come before it only the newest: a
   * page that draws more slowly than moves come (a turn of quick steps, a game caught up on
   * after a while away) never falls behind them.  A hidden page has no frames and draws at
   * once, for its title says whose turn it is.  Until drawn, a click answers the state shown.
   * @param {TableState} st
   * @param {boolean} fullLog the journal drawn anew
   */
  draw(st, fullLog) {
    this.next = st;
    this.nextFull ||= fullLog;
    if (document.hidden) this.drawNext();
    else if (!this.drawing) {
      this.drawing = true;
      requestAnimationFrame(() => this.drawNext());
    }
  }

  drawNext() {
    this.drawing = false;
    const st = this.next;
    if (!st) return;
    const full = this.nextFull;
    this.next = null;
    this.nextFull = false;
    this.state = st;
    this.render(st, full);
  }

  /**
   * @param {TableState} st
   * @param {boolean} fullLog the journal drawn anew (else only its new entries)
   */
  render(st, fullLog) {
    const game = this.el.game;
    game.dataset.version = String(st.version);
    game.dataset.status = st.status;
    game.dataset.seat = st.seat === null ? "" : String(st.seat);
    this.status.render(this.el.status, st);
    this.frame.redraw(this.el.board, this.renderer.board(st));
    const moves = lastMoves(this.log, st.seat);
    highlightMoves(this.el.board, moves);
    game.dataset.lastMoves = Object.keys(moves).join(" ");
    this.decision.render(this.el.decision, st);
    const mine = st.seat !== null ? this.renderer.privateArea(st) : null;
    this.el.mine.hidden = !mine;
    this.el.mine.replaceChildren(...(mine ? [mine] : []));
    this.renderPlayers(st);
    this.renderEnd(st);
    this.renderLog(fullLog);
    this.chat.update();
    this.frame.showTargets(this.el.board, st);
    const mineNow = st.status === "running" && st.current !== null && st.current === st.seat && !st.forced;
    const title = tableTitle(this.c, this.summary.title, this.summary.game);
    document.title = mineNow ? `● ${this.c.t("game.tab_your_turn")} · ${title}` : title;
  }

  /** The decision panel drawn anew for the state now (a hint came). */
  renderDecision() {
    if (this.state) this.decision.render(this.el.decision, this.state);
  }

  /**
   * The players' bar: each seat's panel (the renderer's), with what it did last, and the
   * score track where the game tells the scores.
   * @param {TableState} st
   */
  renderPlayers(st) {
    const panels = this.renderer.players(st);
    const moves = lastMoves(this.log, st.seat);
    for (const [seat, entry] of Object.entries(moves)) {
      const panel = panels.querySelector(`.player[data-seat="${seat}"]`);
      const text = this.journal(entry)
        .filter((line) => !line.cls)
        .map((line) => line.text)
        .join(" · ");
      if (panel && text) panel.append(h("div", { class: "last-move-line", "data-tip": text }, "↳ ", text));
    }
    for (const s of st.seats) {
      const panel = panels.querySelector(`.player[data-seat="${s.seat}"]`);
      if (!panel || (!s.out && !s.holiday)) continue;
      panel.classList.toggle("out", Boolean(s.out));
      const where = panel.querySelector(".name") || panel;
      if (s.out) where.append(h("span", { class: "badge seat-out", "data-out": s.seat }, this.c.t("game.out")));
      if (s.holiday)
        where.append(h("span", { class: "badge seat-holiday", "data-holiday": s.seat }, this.c.t("game.on_holiday")));
    }
    const track = scoreTrack(this.c, this.renderer.scores?.(st), (seat) => this.seatName(seat));
    this.el.players.replaceChildren(
      h("h2", { class: "sr" }, this.c.t("game.players")),
      panels,
      ...(track ? [track] : []),
    );
  }

  /**
   * The end screen shown again, or closed to look at the table.
   * @param {boolean} shown
   */
  showEnd(shown) {
    this.endClosed = !shown;
    if (!this.state) return;
    this.renderEnd(this.state);
    this.status.render(this.el.status, this.state);
  }

  /**
   * The end screen, over the table until the player closes it: the places, the scoring,
   * and the way back to the lobby, to a rematch or to the replay.
   * @param {TableState} st
   */
  renderEnd(st) {
    const table = st.status === "over" ? this.renderer.scoring(st) : null;
    this.el.end.hidden = !table || this.endClosed;
    if (!table || !st.result) return;
    this.el.end.replaceChildren(
      renderEnd(this.c, {
        result: st.result,
        seat: st.seat,
        table,
        seatName: (seat) => this.seatName(seat),
        close: () => this.showEnd(false),
        rematch: async () => {
          const refused = await rematch(this.c, this.summary, st.seats, st.seat);
          if (refused) toast(refused, 5000);
        },
        replay: `#/replay/${this.id}`,
      }),
    );
  }

  /**
   * The journal's lines of one log entry, in the page's language.
   * @param {LogEntry} entry
   */
  journal(entry) {
    return journalLines(
      entry,
      catalogReader(this.app.events, this.renderer.textFields?.() || {}, (seat) => this.seatName(seat)),
    );
  }

  /** @param {boolean} full the journal drawn anew (else only its new entries) */
  renderLog(full) {
    const box = this.el.logBox;
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    if (full || !this.renderedEntries) {
      this.el.log.replaceChildren();
      this.renderedEntries = 0;
    }
    for (let i = this.renderedEntries; i < this.log.length; i += 1) {
      this.renderer.followLog?.(this.log[i]);
      for (const line of this.journal(this.log[i])) {
        const seat = line.seat === undefined || line.seat === null ? "" : ` p${line.seat % 5}`;
        this.el.log.append(h("li", { class: `${line.cls || ""}${seat}` }, line.text));
      }
    }
    this.renderedEntries = this.log.length;
    if (atBottom || full) box.scrollTop = box.scrollHeight;
  }
}
