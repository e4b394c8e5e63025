// @ts-check
// A table's chat beside its journal: the messages of the channel the page reads (its seat's
// players', or the spectators'), a line to write one, muting the table's chat, and on each
// message of someone else the way to block its author or report it.  The table reads the
// channel's latest messages once its socket is open, which brings each next one as it is
// written ("chat" messages); names and texts are shown as text, never read as HTML.  The
// panel folds to one line (as the player last left it), which counts what came meanwhile.

import { h, toast } from "./ui.js";
import { post } from "./account/api.js";
import { account } from "./account/session.js";
import { displayName } from "./table.js";

/** The longest message the server keeps (salon.web.chat.service.TEXT_LIMIT). */
const TEXT_LIMIT = 300;
/** Where the browser remembers whether the player keeps the chat open, at every table. */
const OPEN_KEY = "salon.chat.open";

/**
 * A message as the server shows it to this reader (salon.web.api.models.ChatLine).
 * @typedef {object} ChatLine
 * @property {number} id
 * @property {string} name
 * @property {number | null} seat
 * @property {string | null} handle
 * @property {string} text
 * @property {number} at
 * @property {boolean} mine
 */

/**
 * The WebSocket's chat message (salon.web.api.messages.ChatMessage).
 * @typedef {{type: "chat", channel: "players" | "spectators", history: boolean, muted: boolean,
 *   messages: ChatLine[]}} ChatMessage
 */

/**
 * What the chat asks of its table.
 * @typedef {object} ChatHost
 * @property {() => import("./i18n.js").Catalog} catalog the page's catalog now
 * @property {string} id the table
 * @property {() => boolean} seated whether the page holds a seat of the table
 * @property {(text: string) => Promise<ChatLine | null>} say writes a message (null: refused, and told)
 * @property {(err: import("./i18n.js").ServerError | null) => string} errorText
 */

/** One table's chat. */
export class ChatPanel {
  /** @param {ChatHost} host */
  constructor(host) {
    this.host = host;
    /** @type {Map<number, ChatLine>} the messages shown, by id */
    this.lines = new Map();
    /** @type {"players" | "spectators" | null} */
    this.channel = null;
    this.muted = false;
    this.unread = 0;
    this.open = localStorage.getItem(OPEN_KEY) === "1"; // folded unless the player opened it
    /** @type {HTMLDetailsElement | null} */
    this.el = null;
    this.list = h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
    this.input = h("input", { type: "text", id: "chat-input", maxlength: TEXT_LIMIT, autocomplete: "off" });
    this.count = h("span", { class: "badge chat-unread", id: "chat-unread", hidden: true });
    this.muteButton = h("button", { type: "button", class: "btn small", id: "chat-mute" });
  }

  get c() {
    return this.host.catalog();
  }

  /** The panel, built anew in the page's language, with the messages it holds. */
  element() {
    const c = this.c;
    this.muteButton.onclick = () => this.mute(!this.muted);
    const form = h(
      "form",
      { class: "chat-form", on: { submit: (e) => this.send(e) } },
      this.input,
      h("button", { type: "submit", class: "btn small primary", id: "chat-send" }, c.t("chat.send")),
    );
    const el = h(
      "details",
      { class: "panel chat", id: "chat" },
      h(
        "summary",
        {},
        h("h2", {}, c.t("chat.title")),
        this.count,
        h("span", { class: "spacer" }),
        h("span", { class: "muted chat-channel", id: "chat-channel" }),
      ),
      h("div", { class: "chat-tools" }, this.muteButton),
      this.list,
      form,
    );
    el.open = this.open;
    el.addEventListener("toggle", () => {
      this.open = el.open;
      localStorage.setItem(OPEN_KEY, el.open ? "1" : "0");
      if (el.open) this.setUnread(0);
    });
    this.el = el;
    this.update();
    this.redraw();
    return el;
  }

  /** The parts that follow the seat, the account and the muting: drawn again. */
  update() {
    const c = this.c;
    const seated = this.host.seated();
    const channel = this.channel || (seated ? "players" : "spectators");
    const channelLabel = this.el?.querySelector("#chat-channel");
    if (channelLabel) channelLabel.textContent = c.t(`chat.${channel}`);
    const writes = seated || account.me !== null;
    this.input.disabled = !writes;
    this.input.placeholder = c.t(writes ? "chat.placeholder" : "chat.sign_in");
    this.input.setAttribute("aria-label", c.t("chat.placeholder"));
    this.muteButton.hidden = account.me === null;
    this.muteButton.textContent = c.t(this.muted ? "chat.unmute" : "chat.mute");
  }

  /** The messages forgotten (the socket opens again: they are read anew). */
  reset() {
    this.lines.clear();
    this.channel = null;
  }

  /**
   * New messages, or the channel's latest (``history``), which come with the channel and the
   * muting; read over HTTP, they join those the socket brought meanwhile.
   * @param {ChatMessage} msg
   */
  receive(msg) {
    if (msg.history) {
      if (msg.muted || (this.channel !== null && msg.channel !== this.channel)) this.lines.clear();
      this.channel = msg.channel;
      this.muted = msg.muted;
    }
    let fresh = 0;
    for (const line of msg.messages) {
      if (!this.lines.has(line.id) && !line.mine && !msg.history) fresh += 1;
      this.lines.set(line.id, line);
    }
    if (!this.open) this.setUnread(this.unread + fresh);
    this.update();
    this.redraw();
  }

  /** @param {number} n */
  setUnread(n) {
    this.unread = n;
    this.count.hidden = n === 0;
    this.count.textContent = String(n);
  }

  redraw() {
    const c = this.c;
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 30;
    const lines = [...this.lines.values()].sort((a, b) => a.id - b.id);
    const empty = this.muted ? "chat.muted" : "chat.empty";
    this.list.replaceChildren(
      ...(lines.length ? lines.map((line) => this.line(line)) : [h("li", { class: "muted chat-none" }, c.t(empty))]),
    );
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }

  /** @param {ChatLine} line */
  line(line) {
    const name = line.seat === null ? line.name : displayName(this.c, line.name, line.seat);
    const when = new Date(line.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    return h(
      "li",
      {
        class: `chat-line${line.seat === null ? "" : ` p${line.seat % 5}`}${line.mine ? " mine" : ""}`,
        "data-id": line.id,
        title: when,
      },
      h("span", { class: "chat-name" }, name),
      " ",
      h("span", { class: "chat-text" }, line.text),
      !line.mine && account.me !== null ? this.menu(line, name) : null,
    );
  }

  /**
   * The menu of someone else's message: block its author (an account's), report it.
   * @param {ChatLine} line
   * @param {string} name
   */
  menu(line, name) {
    const c = this.c;
    const box = h("div", { class: "chat-menu-items" });
    const menu = h("details", { class: "chat-menu" }, h("summary", { "aria-label": c.t("chat.menu") }, "⋯"), box);
    if (line.handle !== null) {
      const handle = line.handle;
      box.append(
        h("button", { type: "button", class: "btn small chat-block", on: { click: () => this.block(handle, name) } },
          c.t("chat.block", { name })),
      );
    }
    box.append(
      h("button", { type: "button", class: "btn small chat-report", on: { click: () => this.reportForm(box, line) } },
        c.t("chat.report")),
    );
    return menu;
  }

  /** @param {Event} e */
  async send(e) {
    e.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    const said = await this.host.say(text);
    if (!said) return;
    this.input.value = "";
    this.lines.set(said.id, said);
    this.redraw();
  }

  /** @param {boolean} muted */
  async mute(muted) {
    const r = await post(`/api/games/${this.host.id}/chat/mute`, { muted });
    if (!r.ok) toast(this.host.errorText(r.error), 5000);
  }

  /**
   * @param {string} handle
   * @param {string} name
   */
  async block(handle, name) {
    const r = await post("/api/account/blocks", { handle });
    if (!r.ok) {
      toast(this.host.errorText(r.error), 5000);
      return;
    }
    for (const [id, line] of this.lines) if (line.handle === handle) this.lines.delete(id);
    this.redraw();
    toast(this.c.t("chat.blocked", { name }), 5000);
  }

  /**
   * The report's few words, asked in the message's menu, then sent.
   * @param {HTMLElement} box
   * @param {ChatLine} line
   */
  reportForm(box, line) {
    const c = this.c;
    const why = h("input", { type: "text", class: "chat-report-text", maxlength: 1000,
      placeholder: c.t("chat.report_placeholder"), "aria-label": c.t("chat.report_placeholder") });
    const send = async (/** @type {Event} */ e) => {
      e.preventDefault();
      const r = await post(`/api/games/${this.host.id}/chat/${line.id}/report`, { text: why.value });
      toast(r.ok ? c.t("chat.reported") : this.host.errorText(r.error), 5000);
      if (r.ok) box.closest("details")?.removeAttribute("open");
    };
    box.replaceChildren(
      h("form", { class: "chat-report-form", on: { submit: send } }, why,
        h("button", { type: "submit", class: "btn small" }, c.t("chat.report_send"))),
    );
    why.focus();
  }
}
