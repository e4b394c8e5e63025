// @ts-check
// A table's link to the server: the WebSocket that brings the table's messages (opened again,
// after a growing wait, when it drops) and takes the seat's requests, each with the version it
// was chosen in, one at a time; and the HTTP requests, made with the seat's token.

const RECONNECT_MS = [500, 1000, 2000, 4000, 8000];

/** @typedef {import("../i18n.js").ServerError} ServerError */

/**
 * The state message: the seat's state with the journal's entries from ``log_from`` on.
 * @typedef {import("../renderer-interface.js").TableState & {type: "state", log_from: number,
 *   log: import("../renderer-interface.js").LogEntry[]}} StateMessage
 */

/**
 * A message of the server: the seat's state; who is here now; a request's answer; the table's
 * chat; a refusal.
 * @typedef {StateMessage
 *   | {type: "presence", seats: import("../renderer-interface.js").Seat[]}
 *   | {type: "ack"}
 *   | import("../chat.js").ChatMessage
 *   | ({type: "error"} & ServerError)} ServerMessage
 */

/**
 * What the connection tells its table.
 * @typedef {object} Listener
 * @property {(msg: ServerMessage) => void} message a message of the server
 * @property {(what: "connecting" | "reconnecting") => void} opening the socket is being opened
 * @property {(error: ServerError) => void} refused an HTTP request the server refused
 * @property {() => Record<string, any>} [hello] what the hello names besides the seat's token
 */

/** The link of one table's page to the server. */
export class TableConnection {
  /**
   * @param {string} id the table
   * @param {() => string | null} token the seat's token now, if the browser holds one
   * @param {Listener} listener
   */
  constructor(id, token, listener) {
    this.id = id;
    this.token = token;
    this.listener = listener;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.closed = false;
    this.pending = false; // a request sent over the socket waits for its answer
    this.retries = 0;
    this.requestId = 0;
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${this.id}/ws`);
    this.ws = ws;
    this.listener.opening("connecting");
    ws.onopen = () => ws.send(JSON.stringify({ ...this.listener.hello?.(), type: "hello", token: this.token() }));
    ws.onmessage = (ev) => this.receive(JSON.parse(ev.data));
    ws.onclose = () => {
      if (this.closed || this.ws !== ws) return;
      this.pending = false;
      this.listener.opening("reconnecting");
      const wait = RECONNECT_MS[Math.min(this.retries, RECONNECT_MS.length - 1)];
      this.retries += 1;
      setTimeout(() => {
        if (!this.closed) this.connect();
      }, wait);
    };
  }

  /** A new socket at once (the seat's token changed). */
  reconnect() {
    this.ws?.close();
    this.ws = null;
    this.connect();
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }

  /** @param {ServerMessage} msg */
  receive(msg) {
    if (msg.type === "state") this.retries = 0;
    if (msg.type !== "presence" && msg.type !== "chat") this.pending = false; // no answer to a request
    this.listener.message(msg);
    if (msg.type === "error" && msg.code === "bad_token") this.ws?.close();
  }

  /**
   * A request over the socket, with the version of the state it was chosen in; none while an
   * earlier one waits for its answer.
   * @param {Record<string, any>} message
   * @param {number} version
   */
  send(message, version) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.pending) return;
    this.pending = true;
    this.requestId += 1;
    this.ws.send(JSON.stringify({ ...message, id: this.requestId, version }));
  }

  /** @returns {Record<string, string>} */
  headers() {
    const token = this.token();
    return token ? { "X-Seat-Token": token } : {};
  }

  /**
   * A POST to the table's ``path``: its answer, or null where the server refused it (the
   * listener is told why).
   * @param {string} path
   * @param {Record<string, any>} body
   * @returns {Promise<Record<string, any> | null>}
   */
  async post(path, body) {
    const r = await fetch(`/api/games/${this.id}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...this.headers() },
      body: JSON.stringify(body),
    });
    const data = await r.json();
    if (!r.ok) {
      this.listener.refused(data.error);
      return null;
    }
    return data;
  }

  /**
   * A GET of the table's ``path``, as the seat.
   * @param {string} path
   */
  get(path) {
    return fetch(`/api/games/${this.id}/${path}`, { headers: this.headers() });
  }

  /** The state asked for again, outside the socket (a timer ran out). */
  async refresh() {
    const r = await this.get("state");
    if (r.ok && !this.closed) this.receive(await r.json());
  }
}
