// @ts-check
// The table's status bar: whose turn it is and what they decide, the seats to take while the
// table waits for players, the turn timer, what a seated player may decide for another seat,
// the clock of a table that lasts days, the hints asked for, taking back a move, where the
// game stands, who one is, conceding, leaving, and the way to the next game where it is the
// signed-in player's turn.

import { askName, h, toast } from "../ui.js";
import { seatStore } from "../seats.js";
import { account } from "../account/session.js";
import { timeLeft } from "../account/forms.js";
import { takenLine } from "../preferences.js";

/**
 * @typedef {import("../renderer-interface.js").TableState} TableState
 * @typedef {import("../game.js").LiveTable} LiveTable
 */

/** The status bar of one table, with the timers that keep it current. */
export class StatusBar {
  /** @param {LiveTable} table */
  constructor(table) {
    this.table = table;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.ticker = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.seatTimer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.clockTicker = undefined;
    this.open = false; // on a phone, the rest of the bar shown
  }

  get c() {
    return this.table.c;
  }

  stop() {
    clearInterval(this.ticker);
    clearTimeout(this.seatTimer);
    clearInterval(this.clockTicker);
  }

  /**
   * The bar in one line: what is decided and by whom, the clocks, what a seated player may
   * decide for another seat, taking back a move and the way to the next game; the rest (where
   * the game stands, who one is, conceding, leaving...) beside it on a wide screen, folded
   * behind a button on a phone, where a tap on the line shows it whole.
   * @param {HTMLElement} bar
   * @param {TableState} st
   */
  render(bar, st) {
    const c = this.c;
    const me = st.seat;
    const parts = this.who(st);
    const button = h(
      "button",
      {
        class: "btn small status-toggle",
        id: "status-toggle",
        title: c.t("game.status_more"),
        "aria-label": c.t("game.status_more"),
        "aria-controls": "status-more",
        "aria-expanded": String(this.open),
      },
      "⋯",
    );
    const toggle = () => {
      this.open = !this.open;
      bar.classList.toggle("open", this.open);
      button.setAttribute("aria-expanded", String(this.open));
    };
    for (const part of parts) if (part.classList.contains("who")) part.addEventListener("click", toggle);
    parts.push(...this.timer(st));
    const [pace, ...clock] = this.clock(st);
    parts.push(...clock);
    parts.push(...this.seatChoices(st));
    parts.push(h("span", { class: "spacer" }));
    // not while the server is about to make the seat's lone pass or done: the button would
    // show for that moment only, and an undo sent then would meet the move already made
    if ((st.undoable ?? 0) > 0 && !st.forced) {
      parts.push(
        h(
          "button",
          {
            class: "btn small",
            id: "undo",
            title: c.t("game.undo_hint"),
            on: { click: () => this.table.connection.send({ type: "undo" }, st.version) },
          },
          "↶ ",
          c.t("game.undo"),
        ),
      );
    }
    parts.push(h("span", { class: "status-more", id: "status-more" }, pace, this.more(st)));
    const next = account.me ? account.turns.games.find((id) => id !== this.table.id) : undefined;
    if (next) {
      parts.push(
        h("a", { class: "btn small primary", id: "next-game", href: `#/game/${next}` }, c.t("game.next_game"), " →"),
      );
    }
    if (me !== null) parts.push(this.table.preferences.element());
    button.addEventListener("click", toggle);
    parts.push(button);
    bar.classList.toggle("mine", st.status === "running" && st.current === me && me !== null && !st.forced);
    bar.classList.toggle("open", this.open);
    bar.replaceChildren(...parts);
  }

  /**
   * Whose turn it is and what they decide, or where the table stands: the game over, the
   * seats to take while it waits for players.
   * @param {TableState} st
   * @returns {HTMLElement[]}
   */
  who(st) {
    const c = this.c;
    const table = this.table;
    const renderer = table.renderer;
    const me = st.seat;
    /** @param {number} seat */
    const dot = (seat) => h("span", { class: `dot p${seat % 5}` });
    if (st.status === "over") {
      const over = h("span", { class: "who" }, c.t("game.over"));
      if (!table.endClosed) return [over];
      const show = () => table.showEnd(true);
      return [over, h("button", { class: "btn small", id: "show-end", on: { click: show } }, c.t("game.show_result"))];
    }
    if (st.status === "ended") return [h("span", { class: "who" }, c.t("game.ended"))];
    if (st.status === "open") {
      const parts = [
        h("span", { class: "who" }, c.t("game.waiting_players")),
        h("button", { class: "btn small", on: { click: () => this.copyInvite() } }, c.t("game.invite")),
      ];
      if (me !== null) return parts;
      for (const s of st.seats.filter((x) => !x.taken && !x.vacant)) {
        parts.push(
          h(
            "button",
            { class: "btn small primary", "data-take-seat": s.seat, on: { click: () => this.join(s.seat) } },
            c.t("game.take_seat", { n: s.seat + 1 }),
          ),
        );
      }
      return parts;
    }
    if (st.current === null) return [];
    if (st.current === me && st.forced) {
      // the server makes the seat's move (a lone pass, what decides nothing, a free gain the
      // player leaves to it): nothing to show as the player's choice, only what is taken
      return [h("span", { class: "who", id: "lone-move" }, dot(me), " ", takenLine(c, renderer, st))];
    }
    const prompt = renderer.prompt(st);
    const whose =
      st.current === me
        ? [h("b", {}, c.t("game.your_turn"))]
        : [c.t("game.waiting_for", { player: table.seatName(st.current) })];
    return [h("span", { class: "who", title: prompt }, dot(st.current), " ", ...whose, " — ", prompt)];
  }

  /**
   * The rest of the bar: the hints asked for, where the game stands, who one is, the votes to
   * end the game, conceding, voting and leaving.
   * @param {TableState} st
   * @returns {HTMLElement[]}
   */
  more(st) {
    const c = this.c;
    const table = this.table;
    const me = st.seat;
    const parts = [];
    const asked = st.seats.filter((s) => s.hints > 0);
    if (asked.length) {
      const players = asked.map((s) => `${table.seatName(s.seat)} ${s.hints}`).join(", ");
      parts.push(h("span", { class: "chip", id: "hints-used" }, c.t("game.hints_used", { players })));
    }
    parts.push(h("span", { class: "round" }, table.renderer.header(st)));
    const dot = me === null ? null : h("span", { class: `dot p${me % 5}` });
    parts.push(
      me === null
        ? h("span", { class: "chip" }, c.t("game.spectator"))
        : h("span", { class: "chip" }, dot, " ", c.t("game.you_are", { player: table.seatName(me) })),
    );
    if (st.rated) parts.push(h("span", { class: "chip rated", id: "rated" }, c.t("game.rated")));
    const out = me !== null && Boolean(st.seats[me]?.out);
    const votes = st.end_votes || [];
    if (st.status === "running" && votes.length) {
      const names = votes.map((s) => table.seatName(s)).join(", ");
      parts.push(h("span", { class: "chip", id: "end-votes" }, c.t("game.end_votes", { names })));
    }
    if (me !== null && st.status === "running" && !out) {
      parts.push(
        h(
          "button",
          { class: "btn small", id: "concede", on: { click: () => this.concede(st.version) } },
          c.t("game.concede"),
        ),
      );
      const voted = votes.includes(me);
      parts.push(
        h(
          "button",
          {
            class: "btn small",
            id: "vote-end",
            title: c.t("game.vote_end_help"),
            on: { click: () => table.connection.post("end-vote", { version: st.version, end: !voted }) },
          },
          c.t(voted ? "game.vote_end_back" : "game.vote_end"),
        ),
      );
    }
    if (me !== null && (st.status === "open" || st.status === "running")) {
      parts.push(
        h("button", { class: "btn small", id: "leave", on: { click: () => this.leave() } }, c.t("game.leave")),
      );
    }
    return parts;
  }

  /**
   * The deciding player's turn timer, counting down in the page between the server's
   * messages; once it ran out, the other seated players may hand the seat to a bot or end
   * the game.
   * @param {TableState} st
   * @returns {HTMLElement[]}
   */
  timer(st) {
    const c = this.c;
    clearInterval(this.ticker);
    const timer = st.timer;
    if (!timer) return [];
    const shownAt = Date.now();
    const left = () => Math.max(0, Math.ceil(timer.left - (Date.now() - shownAt) / 1000));
    const clock = h("span", { class: "chip timer", id: "timer" });
    const parts = [clock];
    const tick = () => {
      const s = left();
      clock.textContent = c.t("game.timer", { time: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` });
      clock.classList.toggle("late", s === 0);
      if (s === 0 && !timer.expired && st.seat !== null && st.seat !== timer.seat) {
        clearInterval(this.ticker); // ask the server again: it decides when the time is out
        setTimeout(() => this.table.connection.refresh(), 1000);
      }
    };
    tick();
    this.ticker = setInterval(tick, 1000);
    if (timer.expired && st.seat !== null && st.seat !== timer.seat) {
      parts.push(
        h(
          "button",
          { class: "btn small", id: "timeout-bot", on: { click: () => this.takeOver("bot", st.version) } },
          c.t("game.timeout_bot", { player: this.table.seatName(timer.seat) }),
        ),
      );
      parts.push(
        h(
          "button",
          { class: "btn small", id: "timeout-end", on: { click: () => this.takeOver("end", st.version) } },
          c.t("game.timeout_end"),
        ),
      );
    }
    return parts;
  }

  /**
   * The clock of a table that lasts days: its pace, and the time the deciding player has left
   * (stopped while they are on holiday), counted down in the page between the server's messages.
   * @param {TableState} st
   * @returns {HTMLElement[]}
   */
  clock(st) {
    const c = this.c;
    clearInterval(this.clockTicker);
    const summary = this.table.summary;
    const days = st.pace_days ?? summary.pace_days ?? st.clock?.days;
    if (!days) return [];
    const onTimeout = st.on_timeout ?? summary.on_timeout ?? "bot";
    const pace = h(
      "span",
      { class: "chip pace", id: "pace", "data-tip": c.t(`game.on_timeout_${onTimeout}`) },
      c.n("game.pace_days", days),
    );
    const clock = st.clock;
    if (!clock || st.status !== "running") return [pace];
    const shownAt = Date.now();
    const mine = clock.seat === st.seat;
    const chip = h("span", { class: "chip clock", id: "clock", "data-seat": clock.seat });
    const tick = () => {
      const left = clock.paused ? clock.left : Math.max(0, clock.left - (Date.now() - shownAt) / 1000);
      const time = timeLeft(c, left);
      chip.textContent = clock.paused
        ? c.t("game.clock_paused", { player: this.table.seatName(clock.seat), time })
        : mine
          ? c.t("game.clock_mine", { time })
          : c.t("game.clock_other", { player: this.table.seatName(clock.seat), time });
      chip.classList.toggle("late", !clock.paused && left < 86400);
      chip.classList.toggle("paused", clock.paused);
    };
    tick();
    chip.setAttribute(
      "data-tip",
      c.t("game.clock_deadline", {
        date: new Date(clock.deadline * 1000).toLocaleString(c.lang, { dateStyle: "full", timeStyle: "short" }),
      }),
    );
    if (!clock.paused) this.clockTicker = setInterval(tick, 30_000);
    return [pace, chip];
  }

  /**
   * What a seated player may decide for another seat: one left during the game (any seated
   * player), or one whose player has been away or idle too long (the host), once the server
   * allows it; the page asks again when the host's wait is over.
   * @param {TableState} st
   * @returns {HTMLElement[]}
   */
  seatChoices(st) {
    const c = this.c;
    clearTimeout(this.seatTimer);
    if (st.seat === null || !["open", "running"].includes(st.status)) return [];
    const parts = [];
    /** @type {number | null} */
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
          c.t(ask, { player: this.table.seatName(s.seat), n: s.seat + 1 }),
          " ",
          h(
            "button",
            {
              class: "btn small",
              "data-seat-bot": s.seat,
              on: { click: () => this.manageSeat(s.seat, "bot", st.version) },
            },
            c.t("game.seat_to_bot"),
          ),
          " ",
          h(
            "button",
            {
              class: "btn small",
              "data-seat-open": s.seat,
              on: { click: () => this.manageSeat(s.seat, "open", st.version) },
            },
            c.t("game.seat_to_open"),
          ),
        ),
      );
    }
    if (soonest !== null) {
      const wait = (soonest + 1) * 1000;
      this.seatTimer = setTimeout(() => this.table.connection.refresh(), wait);
    }
    return parts;
  }

  /** @param {number} seat */
  async join(seat) {
    const name = await askName(this.c);
    if (name === null) return;
    const data = await this.table.connection.post("join", { seat, name });
    if (!data) return;
    seatStore.set(this.table.id, data.seat, data.token);
    this.table.connection.reconnect();
  }

  /** @param {number} version */
  async concede(version) {
    if (!window.confirm(this.c.t("game.concede_confirm"))) return;
    const data = await this.table.connection.post("concede", { version });
    if (data) account.refreshTurns(); // the new state comes over the socket
  }

  async leave() {
    if (!window.confirm(this.c.t("game.leave_confirm"))) return;
    if (!(await this.table.connection.post("leave", {}))) return;
    seatStore.forget(this.table.id);
    this.table.connection.reconnect();
  }

  /**
   * The seat whose time ran out handed to a bot, or the game ended.
   * @param {"bot" | "end"} choice
   * @param {number} version
   */
  async takeOver(choice, version) {
    await this.table.connection.post("timeout", { choice, version });
  }

  /**
   * @param {number} seat
   * @param {"bot" | "open"} choice
   * @param {number} version
   */
  async manageSeat(seat, choice, version) {
    await this.table.connection.post(`seats/${seat}`, { choice, version });
  }

  copyInvite() {
    const url = `${location.origin}/#/game/${this.table.id}`;
    navigator.clipboard?.writeText(url).then(
      () => toast(this.c.t("game.copied")),
      () => toast(url, 8000),
    );
  }
}
