// @ts-check
// One game in the browser: the live connection, the status bar, the players' bar with the score
// track and each seat's last move, the decision panel with every legal action, the journal,
// the end screen, and the frame around the game's own board renderer
// (/static/games/<name>/renderer.js).
//
// The server sends a "state" message after every change: the seat's observation, its legal
// actions when it decides, and the new journal entries.  A click on anything marked
// data-action sends that action with the version it was chosen in (the server's count of the
// changes this seat has seen).  A "presence" message updates only who is online.

import { askName, byId, h, toast } from "./ui.js";
import { seatStore } from "./seats.js";
import { displayName, highlightMoves, lastMoves, rematch, renderEnd, scoreTrack } from "./table.js";
import { catalogReader, journalLines } from "./wording.js";

const RECONNECT_MS = [500, 1000, 2000, 4000, 8000];
const ZOOMS = [1, 1.25, 1.5, 2, 2.5, 3];

export class GameView {
  constructor(root, app, id) {
    this.root = root;
    this.app = app;
    this.id = id;
    /** @type {import("./renderer-interface.js").TableState | null} the last state the server sent */
    this.state = null;
    /** @type {Array<import("./renderer-interface.js").LogEntry>} */
    this.log = [];
    /** @type {WebSocket | null} */
    this.ws = null;
    this.closed = false;
    this.pending = false;
    this.retries = 0;
    this.requestId = 0;
    /** @type {import("./renderer-interface.js").Renderer} the game's renderer, from start() on */
    this.renderer;
    /** @type {Record<string, HTMLElement>} the parts of the page, from build() on */
    this.el;
    /** @type {Record<string, any>} the table as the lobby lists it, from start() on */
    this.summary;
    this.renderedEntries = 0;
    this.zoom = window.innerWidth < 700 ? 2 : 1;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.ticker = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.seatTimer = undefined;
    this.hints = null; // the last hint: {version, list}
    this.endClosed = false; // the player closed the end screen to look at the table
  }

  get c() {
    return this.app.catalog;
  }

  get token() {
    return seatStore.get(this.id)?.token || null;
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
    this.summary = await r.json();
    const meta = this.app.gameMeta(this.summary.game);
    const components = await (await fetch(`/api/games/${this.id}/components`)).json();
    const module = await import(meta?.renderer || "/static/games/generic.js");
    this.renderer = module.createRenderer({
      components,
      catalog: () => this.c,
      seatName: (seat) => this.seatName(seat),
      actMany: (actions) => this.actMany(actions),
    });
    byId("table-title").textContent = this.summary.title;
    this.build();
    this.connect();
  }

  destroy() {
    this.closed = true;
    document.title = this.c.t("app.name");
    document.body.classList.remove("at-table");
    clearInterval(this.ticker);
    clearTimeout(this.seatTimer);
    if (this.ws) this.ws.close();
  }

  retranslate() {
    this.build();
    if (this.state) this.render(true);
  }

  seatName(seat) {
    const s = this.state?.seats?.[seat] || this.summary?.seats?.[seat];
    if (!s) return displayName(this.c, "", seat);
    if (s.kind === "bot") {
      const bot = this.c.has(`bot.${s.bot}`) ? this.c.t(`bot.${s.bot}`) : s.bot;
      return this.renderer?.automatonName?.(seat) || this.c.t("game.bot_seat", { bot, n: seat + 1 });
    }
    if (s.kind === "automaton") return this.renderer?.automatonName?.(seat) || s.name;
    return displayName(this.c, s.name, seat);
  }

  // --- layout

  build() {
    const c = this.c;
    this.el = {
      status: h("div", { id: "status", class: "panel" }),
      board: h("div", { class: "board-scroll", id: "board" }),
      decision: h("section", { class: "panel decision", id: "decision" }),
      mine: h("section", { class: "panel mine", id: "mine" }),
      players: h("section", { class: "panel players-bar", id: "players-box", "aria-label": c.t("game.players") }),
      end: h("div", { class: "end-screen", id: "end", hidden: true }),
      log: h("ol", {}),
    };
    const zoom = (dz) => () => {
      const i = ZOOMS.indexOf(this.zoom);
      this.zoom = dz === 0 ? 1 : ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, (i < 0 ? 0 : i) + dz))];
      this.applyZoom();
    };
    document.body.classList.add("at-table");
    this.root.replaceChildren(
      h(
        "div",
        { class: "game", on: { click: (e) => this.onClick(e), keydown: (e) => this.onKey(e) } },
        this.el.status,
        this.el.players,
        h(
          "section",
          { class: "panel board-wrap", "aria-label": c.t("game.board") },
          h(
            "div",
            { class: "zoom" },
            h(
              "a",
              {
                class: "btn small",
                id: "rules-link",
                href: `#/rules/${this.summary.game}`,
                target: "_blank",
                rel: "noopener",
              },
              c.t("game.how_to_play"),
            ),
            h("span", { class: "spacer" }),
            h("button", { class: "btn", title: c.t("game.zoom_out"), on: { click: zoom(-1) } }, "−"),
            h("button", { class: "btn", title: c.t("game.zoom_fit"), on: { click: zoom(0) } }, "⤢"),
            h("button", { class: "btn", title: c.t("game.zoom_in"), on: { click: zoom(1) } }, "+"),
          ),
          this.el.board,
        ),
        h(
          "aside",
          { class: "side" },
          h("div", { class: "side-scroll" }, this.el.decision, this.el.mine),
          h("section", { class: "panel log", id: "log" }, h("h2", {}, c.t("game.log")), this.el.log),
        ),
        this.el.end,
      ),
    );
  }

  applyZoom() {
    const svg = this.el.board.querySelector("svg");
    if (svg) svg.style.width = `${this.zoom * 100}%`;
  }

  // --- connection

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${this.id}/ws`);
    this.ws = ws;
    this.setConnection("connecting");
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: this.token }));
    ws.onmessage = (ev) => this.onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      if (this.closed || this.ws !== ws) return;
      this.pending = false;
      this.setConnection("reconnecting");
      const wait = RECONNECT_MS[Math.min(this.retries, RECONNECT_MS.length - 1)];
      this.retries += 1;
      setTimeout(() => {
        if (!this.closed) this.connect();
      }, wait);
    };
  }

  setConnection(what) {
    if (!this.state) this.el.status.replaceChildren(h("span", { class: "muted" }, this.c.t(`game.${what}`)));
    else if (what === "reconnecting") toast(this.c.t("game.reconnecting"));
  }

  onMessage(msg) {
    if (msg.type === "state") {
      this.retries = 0;
      this.pending = false;
      if (msg.log_from === 0) this.log = msg.log;
      else this.log = this.log.slice(0, msg.log_from).concat(msg.log);
      const reset = msg.log_from === 0;
      this.state = msg;
      this.render(reset);
    } else if (msg.type === "presence") {
      if (!this.state) return;
      this.state = { ...this.state, seats: msg.seats };
      this.renderPlayers();
      this.renderStatus();
    } else if (msg.type === "ack") {
      this.pending = false;
    } else if (msg.type === "error") {
      this.pending = false;
      toast(this.errorText(msg), 5000);
      if (msg.code === "bad_token") this.ws.close();
    }
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.pending) return;
    this.pending = true;
    this.requestId += 1;
    this.ws.send(JSON.stringify({ ...message, id: this.requestId, version: this.state.version }));
  }

  act(action) {
    if (!this.state || !this.state.legal.includes(action)) return;
    this.send({ type: "act", action });
  }

  /** Several actions of one's own at once (a renderer's choice confirmed in one step), all
   * applied or none; the new state comes over the socket like any other. */
  actMany(actions) {
    if (!this.state) return;
    this.post("actions", { actions, version: this.state.version });
  }

  onClick(e) {
    const target = e.target instanceof Element ? e.target.closest("[data-action]") : null;
    if (target && this.root.contains(target)) {
      e.preventDefault();
      this.act(target.getAttribute("data-action"));
    }
  }

  onKey(e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    const target = e.target instanceof Element ? e.target.closest("[data-action]") : null;
    if (target && target.tagName !== "BUTTON") {
      e.preventDefault();
      this.act(target.getAttribute("data-action"));
    }
  }

  async post(path, body) {
    const headers = { "Content-Type": "application/json" };
    if (this.token) headers["X-Seat-Token"] = this.token;
    const r = await fetch(`/api/games/${this.id}/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const data = await r.json();
    if (!r.ok) {
      toast(this.errorText(data.error), 5000);
      return null;
    }
    return data;
  }

  reconnect() {
    this.ws.close();
    this.ws = null;
    this.connect();
  }

  async join(seat) {
    const name = await askName(this.c);
    if (name === null) return;
    const data = await this.post("join", { seat, name });
    if (!data) return;
    seatStore.set(this.id, data.seat, data.token);
    this.reconnect();
  }

  async leave() {
    if (!window.confirm(this.c.t("game.leave_confirm"))) return;
    if (!(await this.post("leave", {}))) return;
    seatStore.forget(this.id);
    this.reconnect();
  }

  async refresh() {
    /** @type {Record<string, string>} */
    const headers = this.token ? { "X-Seat-Token": this.token } : {};
    const r = await fetch(`/api/games/${this.id}/state`, { headers });
    if (r.ok && !this.closed) this.onMessage(await r.json());
  }

  async askHint() {
    const version = this.state.version;
    this.hints = { version, list: null };
    this.renderDecision();
    const data = await this.post("hint", {});
    this.hints = data && this.state.version === version ? { version, list: data.hints } : null;
    this.renderDecision();
  }

  /** A hint's estimate in words, in the game's unit (points ahead of the best opponent). */
  worth(value) {
    const c = this.c;
    const unit = (n) => c.t(`${this.summary.game}.unit.hint`, { n });
    const rounded = Math.abs(value) >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
    if (rounded === 0) return c.t("game.hint_level");
    return c.t(rounded > 0 ? "game.hint_ahead" : "game.hint_behind", { points: unit(Math.abs(rounded)) });
  }

  renderHints() {
    const c = this.c;
    const st = this.state;
    if (!this.summary.hints) return null;
    const box = [
      h(
        "button",
        {
          class: "btn small",
          id: "hint",
          disabled: Boolean(this.hints && !this.hints.list),
          on: { click: () => this.askHint() },
        },
        "💡 ",
        c.t("game.hint"),
      ),
    ];
    if (this.hints && this.hints.version === st.version) {
      if (!this.hints.list) box.push(h("span", { class: "muted" }, " ", c.t("game.hint_wait")));
      else {
        box.push(h("div", { class: "hint-title" }, c.t("game.hint_title")));
        box.push(
          h(
            "ol",
            { class: "hints", id: "hints" },
            this.hints.list.map((x) =>
              h(
                "li",
                { "data-hint": x.action },
                h("button", { class: "btn small", "data-action": x.action }, this.renderer.actionLabel(x.action, st)),
                " ",
                this.worth(x.value),
              ),
            ),
          ),
        );
      }
    }
    return h("div", { class: "hint-box" }, box);
  }

  async takeOver(choice) {
    await this.post("timeout", { choice, version: this.state.version });
  }

  // --- rendering

  render(fullLog) {
    const st = this.state;
    const frame = this.root.firstElementChild;
    frame.dataset.version = st.version;
    frame.dataset.status = st.status;
    frame.dataset.seat = st.seat === null ? "" : st.seat;
    this.renderStatus();
    const scrollLeft = this.el.board.scrollLeft;
    const scrollTop = this.el.board.scrollTop;
    this.el.board.replaceChildren(this.renderer.board(st));
    this.applyZoom();
    this.el.board.scrollLeft = scrollLeft;
    this.el.board.scrollTop = scrollTop;
    const moves = lastMoves(this.log, st.seat);
    highlightMoves(this.el.board, moves);
    frame.dataset.lastMoves = Object.keys(moves).join(" ");
    this.renderDecision();
    const mine = st.seat !== null ? this.renderer.privateArea(st) : null;
    this.el.mine.hidden = !mine;
    this.el.mine.replaceChildren(...(mine ? [mine] : []));
    this.renderPlayers();
    this.renderEnd();
    this.renderLog(fullLog);
    this.showTargets();
    const mineNow = st.status === "running" && st.current !== null && st.current === st.seat;
    document.title = mineNow ? `● ${this.c.t("game.tab_your_turn")} · ${this.summary.title}` : this.summary.title;
  }

  /** The players' bar: each seat's panel (the renderer's), with what it did last, and the
   *  score track where the game tells the scores. */
  renderPlayers() {
    const st = this.state;
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
    this.el.players.replaceChildren(
      h("h2", { class: "sr" }, this.c.t("game.players")),
      panels,
      scoreTrack(this.c, this.renderer.scores?.(st), (seat) => this.seatName(seat)),
    );
  }

  /** On a narrow screen the board is zoomed in: the first place to click is scrolled into view. */
  showTargets() {
    if (window.innerWidth >= 700 || !this.state.legal.length) return;
    const target = this.el.board.querySelector("[data-action]");
    if (!target || this.shownTargets === this.state.version) return;
    this.shownTargets = this.state.version;
    const box = target.getBoundingClientRect();
    const frame = this.el.board.getBoundingClientRect();
    this.el.board.scrollLeft += box.left - frame.left - (frame.width - box.width) / 2;
    this.el.board.scrollTop += box.top - frame.top - (frame.height - box.height) / 2;
  }

  renderStatus() {
    const c = this.c;
    const st = this.state;
    const parts = [];
    const me = st.seat;
    const dot = (seat) => h("span", { class: `dot p${seat % 5}` });
    if (st.status === "over") {
      parts.push(h("span", { class: "who" }, c.t("game.over")));
      if (this.endClosed) {
        parts.push(
          h(
            "button",
            {
              class: "btn small",
              id: "show-end",
              on: {
                click: () => {
                  this.endClosed = false;
                  this.renderEnd();
                  this.renderStatus();
                },
              },
            },
            c.t("game.show_result"),
          ),
        );
      }
    } else if (st.status === "ended") {
      parts.push(h("span", { class: "who" }, c.t("game.ended")));
    } else if (st.status === "open") {
      parts.push(h("span", { class: "who" }, c.t("game.waiting_players")));
      parts.push(h("button", { class: "btn small", on: { click: () => this.copyInvite() } }, c.t("game.invite")));
      if (me === null) {
        for (const s of st.seats.filter((x) => !x.taken && !x.vacant)) {
          parts.push(
            h(
              "button",
              { class: "btn small primary", "data-take-seat": s.seat, on: { click: () => this.join(s.seat) } },
              c.t("game.take_seat", { n: s.seat + 1 }),
            ),
          );
        }
      }
    } else if (st.current !== null && st.current === me) {
      parts.push(
        h("span", { class: "who" }, dot(me), " ", h("b", {}, c.t("game.your_turn")), " — ", this.renderer.prompt(st)),
      );
    } else if (st.current !== null) {
      parts.push(
        h(
          "span",
          { class: "who" },
          dot(st.current),
          " ",
          c.t("game.waiting_for", { player: this.seatName(st.current) }),
          " — ",
          this.renderer.prompt(st),
        ),
      );
    }
    parts.push(...this.renderTimer());
    parts.push(...this.renderSeatChoices());
    const asked = st.seats.filter((s) => s.hints > 0);
    if (asked.length) {
      parts.push(
        h(
          "span",
          { class: "chip", id: "hints-used" },
          c.t("game.hints_used", {
            players: asked.map((s) => `${this.seatName(s.seat)} ${s.hints}`).join(", "),
          }),
        ),
      );
    }
    parts.push(h("span", { class: "spacer" }));
    if (st.undoable > 0) {
      parts.push(
        h(
          "button",
          {
            class: "btn small",
            id: "undo",
            title: c.t("game.undo_hint"),
            on: { click: () => this.send({ type: "undo" }) },
          },
          "↶ ",
          c.t("game.undo"),
        ),
      );
    }
    parts.push(h("span", { class: "round" }, this.renderer.header(st)));
    parts.push(
      me === null
        ? h("span", { class: "chip" }, c.t("game.spectator"))
        : h("span", { class: "chip" }, dot(me), " ", c.t("game.you_are", { player: this.seatName(me) })),
    );
    if (me !== null && (st.status === "open" || st.status === "running")) {
      parts.push(
        h("button", { class: "btn small", id: "leave", on: { click: () => this.leave() } }, c.t("game.leave")),
      );
    }
    this.el.status.classList.toggle("mine", st.status === "running" && st.current === me && me !== null);
    this.el.status.replaceChildren(...parts);
  }

  /** The deciding player's turn timer, counting down in the page between the server's
   *  messages; once it ran out, the other seated players may hand the seat to a bot or end
   *  the game. */
  renderTimer() {
    const c = this.c;
    const st = this.state;
    clearInterval(this.ticker);
    if (!st.timer) return [];
    const shownAt = Date.now();
    const left = () => Math.max(0, Math.ceil(st.timer.left - (Date.now() - shownAt) / 1000));
    const clock = h("span", { class: "chip timer", id: "timer" });
    const parts = [clock];
    const tick = () => {
      const s = left();
      clock.textContent = c.t("game.timer", { time: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` });
      clock.classList.toggle("late", s === 0);
      if (s === 0 && !st.timer.expired && st.seat !== null && st.seat !== st.timer.seat) {
        clearInterval(this.ticker); // ask the server again: it decides when the time is out
        setTimeout(() => this.refresh(), 1000);
      }
    };
    tick();
    this.ticker = setInterval(tick, 1000);
    if (st.timer.expired && st.seat !== null && st.seat !== st.timer.seat) {
      parts.push(
        h(
          "button",
          { class: "btn small", id: "timeout-bot", on: { click: () => this.takeOver("bot") } },
          c.t("game.timeout_bot", { player: this.seatName(st.timer.seat) }),
        ),
      );
      parts.push(
        h(
          "button",
          { class: "btn small", id: "timeout-end", on: { click: () => this.takeOver("end") } },
          c.t("game.timeout_end"),
        ),
      );
    }
    return parts;
  }

  /** What a seated player may decide for another seat: one left during the game (any seated
   *  player), or one whose player has been away or idle too long (the host), once the server
   *  allows it; the page asks again when the host's wait is over. */
  renderSeatChoices() {
    const c = this.c;
    const st = this.state;
    clearTimeout(this.seatTimer);
    if (st.seat === null || !["open", "running"].includes(st.status)) return [];
    const parts = [];
    let soonest = null;
    for (const s of st.seats) {
      if (s.seat === st.seat) continue;
      let ask = null;
      if (s.vacant) ask = "game.seat_left";
      else if (st.host === st.seat && typeof s.replaceable_in === "number") {
        if (s.replaceable_in > 0) {
          soonest = Math.min(soonest ?? Infinity, s.replaceable_in);
          continue;
        }
        ask = s.online ? "game.seat_idle" : "game.seat_away";
      }
      if (!ask) continue;
      parts.push(
        h(
          "span",
          { class: "seat-choice", "data-seat-choice": s.seat },
          c.t(ask, { player: this.seatName(s.seat), n: s.seat + 1 }),
          " ",
          h(
            "button",
            { class: "btn small", "data-seat-bot": s.seat, on: { click: () => this.manageSeat(s.seat, "bot") } },
            c.t("game.seat_to_bot"),
          ),
          " ",
          h(
            "button",
            { class: "btn small", "data-seat-open": s.seat, on: { click: () => this.manageSeat(s.seat, "open") } },
            c.t("game.seat_to_open"),
          ),
        ),
      );
    }
    if (soonest !== null) this.seatTimer = setTimeout(() => this.refresh(), (soonest + 1) * 1000);
    return parts;
  }

  async manageSeat(seat, choice) {
    await this.post(`seats/${seat}`, { choice, version: this.state.version });
  }

  copyInvite() {
    const url = `${location.origin}/#/game/${this.id}`;
    navigator.clipboard?.writeText(url).then(
      () => toast(this.c.t("game.copied")),
      () => toast(url, 8000),
    );
  }

  renderDecision() {
    const c = this.c;
    const st = this.state;
    if (!st.legal.length) {
      this.el.decision.hidden = true;
      return;
    }
    this.el.decision.hidden = false;
    const buttons = st.legal.map((a) =>
      h(
        "button",
        {
          class: `btn${a.startsWith("main:") ? " main" : ""}`,
          "data-action": a,
          "data-tip": this.renderer.actionHelp?.(a, st) || null,
        },
        this.renderer.actionLabel(a, st),
      ),
    );
    const visual = this.renderer.decisionVisual?.(st);
    this.el.decision.replaceChildren(
      ...[
        h("h2", {}, c.t("game.actions")),
        h("div", { class: "prompt" }, this.renderer.prompt(st)),
        st.legal.length > 1 ? this.renderHints() : null,
        visual,
        h("div", { class: "list", id: "actions" }, buttons),
        this.renderNotOffered(),
        h("div", { class: "hint" }, c.t("game.board_hint")),
      ].filter((x) => x),
    );
  }

  /** A refused request in the player's language; a refused action says why, as the rules
   *  word it (its ``refusal``), rather than in the server's English. */
  errorText(err) {
    if (!err?.refusal || !this.state) return this.c.error(err);
    return this.c.t(`error.${err.code}`, { message: this.refusalText(err.refusal, this.state) });
  }

  /** A refusal's reason (the server's key and fields) in the player's language: the game's
   *  renderer words its game's reasons, the shell the engine's own (``refusal.<key>``); the
   *  engine's English reason only for a key nobody knows (a game without texts of its own). */
  refusalText(data, st) {
    const c = this.c;
    const own = data.key ? this.renderer.refusal?.(data.key, data.fields || {}, st) : null;
    if (own) return own;
    if (data.key === "wrong_step") return c.t("refusal.wrong_step", { prompt: this.renderer.prompt(st) });
    if (data.key && c.has(`refusal.${data.key}`)) return c.t(`refusal.${data.key}`, data.fields || {});
    return data.reason;
  }

  /** The choices of this kind the rules do not allow now (the renderer knows them), each
   *  answering with the rule that forbids it, and why, when the player asks. */
  renderNotOffered() {
    const c = this.c;
    const st = this.state;
    const legal = new Set(st.legal);
    const missing = (this.renderer.alternatives?.(st) || []).filter((a) => !legal.has(a));
    if (!missing.length) return null;
    const why = h("div", { class: "why-not", id: "why-not", "aria-live": "polite" });
    const ask = async (action) => {
      /** @type {Record<string, string>} */
    const headers = this.token ? { "X-Seat-Token": this.token } : {};
      const r = await fetch(`/api/games/${this.id}/explain?action=${encodeURIComponent(action)}`, { headers });
      const data = await r.json();
      if (!r.ok) {
        toast(c.error(data.error), 5000);
        return;
      }
      if (data.legal) return;
      why.replaceChildren(
        c.t("game.not_offered_reason", {
          action: this.renderer.actionLabel(action, st),
          reason: this.refusalText(data, st),
          rule: data.rule,
        }),
        " ",
        h("a", { href: `#/rules/${this.summary.game}`, target: "_blank", rel: "noopener" }, c.t("game.how_to_play")),
      );
    };
    return h(
      "div",
      { class: "not-offered", id: "not-offered" },
      h("span", { class: "muted" }, c.t("game.not_offered")),
      " ",
      missing.map((a) =>
        h(
          "button",
          { class: "btn small unavailable", "data-explain": a, on: { click: () => ask(a) } },
          this.renderer.actionLabel(a, st),
        ),
      ),
      why,
    );
  }

  /** The end screen, over the table until the player closes it: the places, the scoring,
   *  and the way back to the lobby, to a rematch or to the replay. */
  renderEnd() {
    const st = this.state;
    const table = st.status === "over" ? this.renderer.scoring(st) : null;
    this.el.end.hidden = !table || this.endClosed;
    if (!table) return;
    this.el.end.replaceChildren(
      renderEnd(this.c, {
        result: st.result,
        seat: st.seat,
        table,
        seatName: (seat) => this.seatName(seat),
        close: () => {
          this.endClosed = true;
          this.renderEnd();
          this.renderStatus();
        },
        rematch: async () => {
          const refused = await rematch(this.c, this.summary, st.seats, st.seat);
          if (refused) toast(refused, 5000);
        },
        replay: `#/replay/${this.id}`,
      }),
    );
  }

  /** The journal's lines of one log entry, in the page's language. */
  journal(entry) {
    return journalLines(
      entry,
      catalogReader(this.app.events, this.renderer.textFields?.() || {}, (seat) => this.seatName(seat)),
    );
  }

  renderLog(full) {
    const box = this.el.log.parentElement;
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
