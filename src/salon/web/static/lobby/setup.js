// @ts-check
// The table being set up in the lobby: its game, seats (an open one with the address of the
// person invited to it), options, title, pace (live, or days a decision) or turn timer, hints and
// listing, kept within what the game allows (an option exists only while the options it
// requires have their values, a player count only with the options that allow it), kept for
// this tab while it is set up (sessionStorage: through "How to play" and back, a reload),
// remembered for the next visit once created (localStorage), and made into the request that
// creates it.  The options come from the server's description of each game's config, passed
// through without knowing what they mean.

export const TIMERS = [0, 60, 180, 600, 86400]; // seconds a player has per decision; 0: no timer
export const PACES = [0, 1, 2, 3, 5, 7, 14]; // days a decision has at a table that lasts days; 0: live
export const ON_TIMEOUT = ["bot", "out"]; // what happens to a player whose days run out

/**
 * @typedef {import("../app.js").Meta} Meta
 * @typedef {import("../app.js").GameMeta} GameMeta
 * @typedef {import("../app.js").GameOption} GameOption
 */

/**
 * What is remembered of the last table set up.
 * @typedef {object} Remembered
 * @property {string} game
 * @property {number} players
 * @property {string[]} seats
 * @property {Record<string, any>} options
 * @property {number} timer
 * @property {number} [pace] days a decision has; 0: live
 * @property {string} [onTimeout] bot or out
 * @property {boolean} hints
 * @property {boolean} listed
 * @property {boolean} [rated] the result moves the players' ratings (accounts only, no bots)
 * @property {number} [minRating] a rated table's least rating to sit down; 0: none
 * @property {number} [minReliability] a rated table's least per cent of games finished; 0: none
 * @property {string} [title] kept while the table is set up, not once created
 * @property {string[]} [invites] kept while the table is set up, not once created
 */

/** The player's name, as given last. */
export function playerName() {
  return localStorage.getItem("salon.name") || "";
}

/**
 * The table the player set up last time (a created table, in localStorage), or null.
 * @returns {Partial<Remembered> | null}
 */
function remembered() {
  try {
    return JSON.parse(localStorage.getItem("salon.lobby") || "null");
  } catch {
    return null;
  }
}

/**
 * The table being set up in this tab and not yet created (in sessionStorage: the lobby is
 * drawn anew after "How to play" and back, and after a reload), or null.
 * @returns {Partial<Remembered> | null}
 */
function draft() {
  try {
    return JSON.parse(sessionStorage.getItem("salon.lobby.draft") || "null");
  } catch {
    return null;
  }
}

/** The choices of the table being set up. */
export class TableSetup {
  /**
   * The first game that has a board of its own (or the one set up last time), with the
   * choices made last time that still fit it.
   * @param {Meta} meta the server's games and bots
   */
  constructor(meta) {
    this.meta = meta;
    const games = meta.games;
    const last = draft() || remembered();
    const first = games.find((g) => g.name === last?.game) || games.find((g) => g.renderer) || games[0];
    /** @type {GameMeta | null} null: the server plays no game */
    this.game = null;
    this.players = 0;
    /** @type {string[]} each seat's choice: "you", "open" or "bot:<name>" */
    this.seats = [];
    /** @type {Record<string, any>} */
    this.options = {};
    this.title = "";
    this.timer = 0;
    this.pace = 0;
    this.onTimeout = "bot";
    /** @type {string[]} each open seat's invited address ("" where nobody is invited) */
    this.invites = [];
    this.hints = false;
    this.listed = false;
    this.rated = false;
    this.minRating = 0;
    this.minReliability = 0;
    if (first) this.selectGame(first.name);
    if (first && last && last.game === first.name) this.restore(last);
    if (first && last && last.game === first.name && typeof last.title === "string") this.title = last.title;
    if (first && last && last.game === first.name && Array.isArray(last.invites)) {
      this.invites = this.seats.map((_, i) => String(last.invites?.[i] || ""));
    }
  }

  /** @param {string} name */
  selectGame(name) {
    const meta = this.meta.games.find((g) => g.name === name);
    if (!meta) return;
    this.game = meta;
    this.options = {};
    for (const o of meta.options) this.options[o.key] = o.default;
    this.setPlayers(meta.players.includes(2) ? 2 : meta.players[0]);
  }

  /** @returns {GameOption[]} */
  gameOptions() {
    return this.game ? this.game.options : [];
  }

  /**
   * Take back the remembered choices that still fit the game's options and player counts.
   * @param {Partial<Remembered>} last
   */
  restore(last) {
    const options = last.options || {};
    for (const o of this.gameOptions()) {
      if (o.key in options) this.options[o.key] = options[o.key];
    }
    this.keepAvailable();
    if (last.players !== undefined && this.playerCounts().includes(last.players)) {
      const known = ["open", ...this.meta.bots.map((b) => `bot:${b}`)];
      this.seats = (last.seats || []).slice(0, last.players).map((x) => (known.includes(x) ? x : ""));
      this.setPlayers(last.players);
    }
    this.timer = last.timer !== undefined && TIMERS.includes(last.timer) ? last.timer : 0;
    this.pace = last.pace !== undefined && PACES.includes(last.pace) ? last.pace : 0;
    this.onTimeout = last.onTimeout && ON_TIMEOUT.includes(last.onTimeout) ? last.onTimeout : "bot";
    this.hints = last.hints === true;
    this.listed = last.listed === true;
    this.rated = last.rated === true;
    this.minRating = Number.isInteger(last.minRating) ? Number(last.minRating) : 0;
    this.minReliability = Number.isInteger(last.minReliability) ? Number(last.minReliability) : 0;
  }

  /** Whether the table may be rated: every seat a person's (bots never change a rating). */
  get rateable() {
    return this.seats.every((s, i) => i === 0 || s === "open");
  }

  /** The choices, as remembered. */
  choices() {
    const { players, seats, options, timer, pace, onTimeout, hints, listed, rated, minRating, minReliability } = this;
    return {
      game: this.game?.name,
      players,
      seats,
      options,
      timer,
      pace,
      onTimeout,
      hints,
      listed,
      rated,
      minRating,
      minReliability,
    };
  }

  /** The table created: remembered for the next visit. */
  remember() {
    localStorage.setItem("salon.lobby", JSON.stringify(this.choices()));
  }

  /** The table created: this tab sets up the next one from what is remembered. */
  forgetDraft() {
    try {
      sessionStorage.removeItem("salon.lobby.draft");
    } catch {
      // nothing was kept
    }
  }

  /** A choice made: the table being set up kept for this tab, title included. */
  keep() {
    try {
      const kept = { ...this.choices(), title: this.title, invites: this.invites };
      sessionStorage.setItem("salon.lobby.draft", JSON.stringify(kept));
    } catch {
      // storage refused (full, or disabled): the form keeps its choices while it is shown
    }
  }

  /**
   * An option with ``requires`` exists only while the options it names have those values
   * (``{contains: x}``: a list option that includes x): otherwise it is hidden and kept at
   * its default (the engine would refuse the mix).
   * @param {GameOption} o
   */
  available(o) {
    return Object.entries(o.requires || {}).every(([key, want]) => {
      const have = this.options[key];
      if (want !== null && typeof want === "object") return (have || []).includes(want.contains);
      return have === want;
    });
  }

  keepAvailable() {
    for (const o of this.gameOptions()) if (!this.available(o)) this.options[o.key] = o.default;
  }

  /** An option changed: the others and the player count kept within what it allows. */
  optionsChanged() {
    this.keepAvailable();
    const counts = this.playerCounts();
    if (!counts.includes(this.players)) this.setPlayers(counts[0]);
  }

  /** @returns {number[]} */
  playerCounts() {
    const meta = this.game;
    if (!meta) return [];
    for (const [key, counts] of Object.entries(meta.players_with || {})) {
      if (this.options[key] === true) return counts;
    }
    return meta.players;
  }

  /** @param {number} n */
  setPlayers(n) {
    for (const o of this.gameOptions()) {
      if (o.type === "seat" && this.options[o.key] >= n) this.options[o.key] = o.default;
    }
    const bots = this.meta.bots;
    const bot = bots.includes("normal") ? "normal" : bots[0];
    this.players = n;
    this.invites = Array.from({ length: n }, (_, i) => this.invites[i] || "");
    this.seats = Array.from({ length: n }, (_, i) => this.seats[i] || (i === 0 ? "you" : `bot:${bot}`));
    this.seats[0] = "you";
  }

  /**
   * The request that creates the table (POST /api/games), the player in its first seat; without
   * a title the table is named automatically, in each reader's language.
   */
  request() {
    const seats = this.seats.map((choice, i) => {
      if (choice.startsWith("bot:")) return { kind: "bot", bot: choice.slice(4) };
      const invite = choice === "open" ? (this.invites[i] || "").trim() : "";
      return invite ? { kind: "human", invite } : { kind: "human" };
    });
    /** @type {Record<string, any>} */
    const config = {};
    for (const o of this.gameOptions()) {
      const v = this.options[o.key];
      if (JSON.stringify(v) !== JSON.stringify(o.default)) config[o.key] = v;
    }
    const title = this.title.trim();
    /** @type {Record<string, any>} */
    const body = { game: this.game?.name, title, seats, config, join: { seat: 0, name: playerName() } };
    if (this.pace) {
      body.pace_days = this.pace;
      body.on_timeout = this.onTimeout;
    } else if (this.timer) body.turn_timer = this.timer;
    if (this.hints) body.hints = true;
    if (this.rated && this.rateable) {
      body.rated = true;
      if (this.minRating > 0) body.min_rating = this.minRating;
      if (this.minReliability > 0) body.min_reliability = this.minReliability;
    }
    body.private = !this.listed;
    return body;
  }
}
