// @ts-check
// A lesson's link to its table: the table's page (game.js) plays a tutorial as it plays a real
// game, but its messages come from the lesson's script (GET /api/learn/<game>/<name>) rather than
// from the server.  Each frame is the state message the server would send the learner at that
// step; the taught move brings the next frame, any other move changes nothing and is told to the
// page, and a word between moves waits for "Next".  Nothing the learner does is sent anywhere.

import { TableConnection } from "../game/connection.js";

/**
 * @typedef {import("../game/connection.js").Listener} Listener
 * @typedef {import("../game/connection.js").StateMessage} StateMessage
 */

/**
 * One learner's step: what the table shows, and what the step teaches.
 * @typedef {object} Frame
 * @property {string} action the taught move; "" for a word between moves, answered with "Next"
 * @property {string} say the step's text: a key of the game's journal catalog
 * @property {string} point the part of the table the step is about (a renderer's region)
 * @property {string[]} rules the rule ids the step applies
 * @property {StateMessage} state the table's state message at this step, from the learner's seat
 */

/**
 * A tutorial, played: its frames in order, and the real game it hands over to.
 * @typedef {object} Lesson
 * @property {string} game
 * @property {string} name
 * @property {string} title the catalog key of its title (the game's journal catalog)
 * @property {number} seat the learner's seat
 * @property {Frame[]} frames
 * @property {{config: Record<string, any>, bot: string}} then
 * @property {Record<string, any>} [components] what the game's renderer draws from
 */

/**
 * What a lesson tells its page.
 * @typedef {object} Steps
 * @property {(at: number) => void} shown the table shows the step ``at`` now
 * @property {(action: string) => void} wrong the learner chose a move this step does not teach
 * @property {() => void} over the last step is done
 */

/** The script of a lesson, in the place of a table's link to the server. */
export class LessonConnection extends TableConnection {
  /**
   * @param {Lesson} lesson
   * @param {Listener} listener the table
   * @param {Steps} steps the lesson's page
   */
  constructor(lesson, listener, steps) {
    super(`learn-${lesson.game}-${lesson.name}`, () => null, listener);
    this.lesson = lesson;
    this.steps = steps;
    this.at = 0;
  }

  /** The step the learner is at; null once the lesson is over. */
  get frame() {
    return this.lesson.frames[this.at] ?? null;
  }

  connect() {
    this.listener.opening("connecting");
    this.later(() => this.show());
  }

  reconnect() {}

  close() {
    this.closed = true;
  }

  async refresh() {
    this.show();
  }

  /**
   * The table's request: a move is played against the script.
   * @param {Record<string, any>} message
   */
  send(message) {
    if (message.type === "act") this.later(() => this.play([message.action]));
  }

  /**
   * Several moves at once (a renderer's choice confirmed in one step) are played against the
   * script one after the other; no other request has an answer in a lesson.
   * @param {string} path
   * @param {Record<string, any>} body
   * @returns {Promise<Record<string, any> | null>}
   */
  async post(path, body) {
    if (path !== "actions") return null;
    this.later(() => this.play(body.actions));
    return {};
  }

  /**
   * A lesson's table has no chat, and every choice it does not offer is simply another move.
   * @param {string} path
   */
  async get(path) {
    if (path.startsWith("explain")) return Response.json({ legal: true });
    return Response.json({}, { status: 404 });
  }

  /** "Next" on a word between moves. */
  next() {
    if (this.frame?.action === "") this.advance();
  }

  /**
   * The learner's moves, each the taught one of its step (else nothing changes from there on);
   * none taught: the page is told.
   * @param {string[]} actions
   */
  play(actions) {
    if (this.closed || !this.frame) return;
    if (actions[0] !== this.frame.action || !this.frame.action) {
      this.steps.wrong(actions[0]);
      return;
    }
    for (const action of actions) {
      if (!this.frame || !this.frame.action || action !== this.frame.action) break;
      this.advance();
    }
  }

  advance() {
    this.at += 1;
    if (this.frame) this.show();
    else this.steps.over();
  }

  /** The step's frame shown as the server's state message; a word between moves offers no move. */
  show() {
    const frame = this.frame;
    if (this.closed || !frame) return;
    const name = localStorage.getItem("salon.name") || "";
    const seats = frame.state.seats.map((s) => (s.seat === this.lesson.seat ? { ...s, name } : s));
    this.listener.message({ ...frame.state, seats, legal: frame.action ? frame.state.legal : [] });
    this.steps.shown(this.at);
  }

  /**
   * As a message of the server comes: after the click that caused it.
   * @param {() => void} then
   */
  later(then) {
    setTimeout(then, 0);
  }
}
