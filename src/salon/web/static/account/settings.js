// @ts-check
// The account's page (#/account): its name and the language of its letters, its address and
// password, its passkeys, the holidays that stop its clocks, which notices it gets by mail
// and by push, what the server answers for it at the table, where it is signed in, the players
// it blocks, and deleting it.

import { checkedOf, h, toast, valueOf } from "../ui.js";
import { LANGUAGES } from "../i18n.js";
import { get, post, remove } from "./api.js";
import { account } from "./session.js";
import { Form, section, when } from "./forms.js";
import { passkeys, push, pushWorks } from "./optional.js";
import { Blocks } from "./blocks.js";
import { preferencesForm } from "../preferences.js";

/**
 * @typedef {typeof import("../app.js").app} App
 * @typedef {{id: string, label: string, created: number, seen: number, current: boolean}} Session
 * @typedef {{id: string, label?: string, name?: string, created?: number, used?: number | null}} Passkey
 * @typedef {{kinds: string[], mail: Record<string, boolean>, push: Record<string, boolean>, digest: boolean,
 *   mail_on: boolean, push_devices: number}} Notices
 */

/** The language names, each in its own language. */
const LANGUAGE_NAMES = { en: "English", fr: "Français", de: "Deutsch", uk: "Українська" };

const PASSWORD_ERRORS = {
  password_too_short: "new-password",
  password_too_long: "new-password",
  password_common: "new-password",
};

/** The account's page. */
export class AccountSettings {
  /**
   * @param {HTMLElement} root
   * @param {App} app
   */
  constructor(root, app) {
    this.root = root;
    this.app = app;
    /** @type {Session[]} */
    this.sessions = [];
    this.blocks = new Blocks(app);
    /** @type {Passkey[] | null} null: the server or the browser has none */
    this.keys = null;
    /** @type {import("./optional.js").Passkeys | null} */
    this.passkeys = null;
    /** @type {Notices | null} */
    this.notices = null;
    /** @type {import("./optional.js").Push | null} */
    this.push = null;
    this.pushOk = false;
    this.closed = false;
    this.unwatch = account.watch(() => {
      if (!account.me && !this.closed) this.render();
    });
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    this.render();
    if (!account.me) return;
    // The answers of a sign-in leave the preferences out: the account is read again with the rest.
    const me = account.me.preferences ? null : account.load();
    await Promise.all([this.loadSessions(), this.loadPasskeys(), this.loadNotices(), this.loadPush(),
      this.blocks.load(), me]);
    if (!this.closed) this.render();
  }

  destroy() {
    this.closed = true;
    this.unwatch();
  }

  retranslate() {
    this.render();
  }

  async loadSessions() {
    const r = await get("/api/account/sessions");
    this.sessions = r.ok ? r.data.sessions : [];
  }

  async loadPasskeys() {
    this.passkeys = await passkeys();
    if (!this.passkeys) return;
    const r = await get("/api/account/passkeys");
    this.keys = r.ok ? (Array.isArray(r.data) ? r.data : r.data?.passkeys || []) : null;
  }

  async loadNotices() {
    const r = await get("/api/account/notices");
    this.notices = r.ok ? r.data : null;
  }

  async loadPush() {
    this.push = await push();
    this.pushOk = await pushWorks(this.push);
  }

  render() {
    const c = this.c;
    document.title = `${c.t("account.title")} · ${c.t("app.name")}`;
    const me = account.me;
    if (!me) {
      this.root.replaceChildren(
        h(
          "div",
          { class: "account-page narrow", id: "page-account" },
          h(
            "section",
            { class: "panel" },
            h("h1", {}, c.t("account.title")),
            h("p", {}, c.t("account.sign_in_first")),
            h(
              "p",
              { class: "end-buttons" },
              h("a", { class: "btn primary", href: "#/sign-in" }, c.t("account.sign_in")),
              h("a", { class: "btn", href: "#/sign-up" }, c.t("account.sign_up")),
            ),
          ),
        ),
      );
      return;
    }
    this.root.replaceChildren(
      h(
        "div",
        { class: "account-page wide", id: "page-account" },
        h(
          "div",
          { class: "account-head" },
          h("h1", {}, c.t("account.title")),
          h("span", { class: "spacer" }),
          h("a", { class: "btn", href: "#/my" }, c.t("my.title")),
          h("button", { class: "btn", id: "sign-out", on: { click: () => this.signOut() } }, c.t("account.sign_out")),
        ),
        this.profile(me),
        this.holiday(me),
        this.noticesSection(),
        this.preferencesSection(me),
        this.addressSection(me),
        this.passwordSection(),
        this.passkeysSection(),
        this.sessionsSection(),
        this.blocks.element(),
        this.deleteSection(),
      ),
    );
  }

  /** @param {import("./session.js").Me} me */
  profile(me) {
    const c = this.c;
    const form = new Form(c, {
      id: "name-form",
      submit: c.t("account.save"),
      fields: [
        { id: "account-name", label: c.t("account.name"), autocomplete: "nickname", value: me.name, maxlength: 40 },
      ],
      errorFields: { bad_name: "account-name" },
      send: async (v) => {
        const r = await post("/api/account/name", { name: v["account-name"] });
        if (!r.ok) return r.error;
        account.set({ ...account.me, ...r.data });
        toast(c.t("account.saved"));
        return null;
      },
    });
    const languages = LANGUAGES.filter((l) => (this.app.meta.languages || LANGUAGES).includes(l));
    return section(
      "account-profile",
      c.t("account.profile"),
      form.el,
      h(
        "div",
        { class: "field" },
        h("label", { for: "account-lang" }, c.t("account.letters_language")),
        h(
          "select",
          { id: "account-lang", on: { change: (e) => this.setLanguage(valueOf(e)) } },
          languages.map((l) =>
            h("option", { value: l, selected: l === me.lang }, LANGUAGE_NAMES[/** @type {"en"} */ (l)] || l),
          ),
        ),
      ),
    );
  }

  /** @param {string} lang */
  async setLanguage(lang) {
    const r = await post("/api/account/language", { lang });
    if (!r.ok) {
      toast(this.c.error(r.error), 5000);
      return;
    }
    account.set({ ...account.me, ...r.data });
    toast(this.c.t("account.saved"));
  }

  /** @param {import("./session.js").Me} me */
  holiday(me) {
    const c = this.c;
    const holiday = me.holiday;
    if (!holiday) return null;
    const left = Math.max(0, Math.floor(holiday.days_left));
    return section(
      "account-holiday",
      c.t("account.holiday"),
      h("p", { class: "muted" }, c.t("account.holiday_help")),
      h(
        "div",
        { class: "switch-row" },
        h("input", {
          type: "checkbox",
          role: "switch",
          id: "holiday-on",
          checked: holiday.on,
          disabled: !holiday.on && left <= 0,
          on: { change: (e) => this.setHoliday(checkedOf(e), e) },
        }),
        h("label", { for: "holiday-on" }, c.t("account.holiday_on")),
      ),
      h(
        "p",
        { id: "holiday-left" },
        holiday.on && holiday.since
          ? c.t("account.holiday_since", { date: when(this.app.lang, holiday.since) }) + " "
          : "",
        c.n("account.holiday_days_left", left),
      ),
    );
  }

  /**
   * @param {boolean} on
   * @param {Event} e
   */
  async setHoliday(on, e) {
    const input = e.target instanceof HTMLInputElement ? e.target : null;
    if (input) input.disabled = true;
    const r = await post("/api/account/holiday", { on });
    if (!r.ok) {
      toast(this.c.error(r.error), 5000);
      if (input) input.checked = !on;
    }
    await account.load();
    this.render();
  }

  noticesSection() {
    const c = this.c;
    const n = this.notices;
    if (!n) return null;
    /**
     * @param {"mail" | "push"} channel
     * @param {string} kind
     */
    const box = (channel, kind) =>
      h("input", {
        type: "checkbox",
        id: `notice-${channel}-${kind}`,
        "data-channel": channel,
        "data-kind": kind,
        checked: Boolean(n[channel]?.[kind]),
        disabled: channel === "mail" ? !n.mail_on : !n.push_devices,
        "aria-label": `${this.kindName(kind)}: ${c.t(`account.channel_${channel}`)}`,
        on: { change: (e) => this.setNotice({ channel, kind, on: checkedOf(e) }, e) },
      });
    const table = h(
      "table",
      { class: "notices", id: "notices" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, c.t("account.notice")),
          h("th", { scope: "col" }, c.t("account.channel_mail")),
          h("th", { scope: "col" }, c.t("account.channel_push")),
        ),
      ),
      h(
        "tbody",
        {},
        n.kinds.map((kind) =>
          h(
            "tr",
            { "data-kind": kind },
            h("th", { scope: "row" }, this.kindName(kind)),
            h("td", {}, box("mail", kind)),
            h("td", {}, box("push", kind)),
          ),
        ),
      ),
    );
    const pushLine = this.pushOk
      ? h(
          "div",
          { class: "push-line" },
          h(
            "button",
            { class: "btn", type: "button", id: "push-on", on: { click: (e) => this.turnOnPush(e) } },
            c.t("account.push_on_here"),
          ),
          " ",
          h("span", { class: "muted", id: "push-devices" }, c.n("account.push_devices", n.push_devices || 0)),
        )
      : h("p", { class: "muted", id: "push-unsupported" }, c.t("account.push_unsupported"));
    return section(
      "account-notices",
      c.t("account.notices"),
      n.mail_on ? null : h("p", { class: "muted" }, c.t("account.mail_off")),
      table,
      h(
        "div",
        { class: "switch-row" },
        h("input", {
          type: "checkbox",
          id: "notice-digest",
          checked: n.digest,
          disabled: !n.mail_on,
          on: { change: (e) => this.setNotice({ digest: checkedOf(e) }, e) },
        }),
        h("label", { for: "notice-digest" }, c.t("account.digest")),
      ),
      pushLine,
    );
  }

  /**
   * What the server answers for the player at every table (salon.core.choices), read with the
   * account (start reads it again when a sign-in's answer left it out).
   * @param {import("./session.js").Me} me
   */
  preferencesSection(me) {
    if (!me.preferences) return null;
    return section("account-preferences", this.c.t("prefs.title"), preferencesForm(this.c, "account"));
  }

  /** @param {string} kind */
  kindName(kind) {
    return this.c.has(`account.notice_${kind}`) ? this.c.t(`account.notice_${kind}`) : kind;
  }

  /**
   * @param {Record<string, any>} change
   * @param {Event} e
   */
  async setNotice(change, e) {
    const input = e.target instanceof HTMLInputElement ? e.target : null;
    if (input) input.disabled = true;
    const r = await post("/api/account/notices", change);
    if (input) input.disabled = false;
    if (!r.ok) {
      toast(this.c.error(r.error), 5000);
      if (input) input.checked = !input.checked;
      return;
    }
    if (r.data && Array.isArray(r.data.kinds)) this.notices = r.data;
    else if (this.notices && "digest" in change) this.notices.digest = change.digest;
    else if (this.notices) this.notices[/** @type {"mail" | "push"} */ (change.channel)][change.kind] = change.on;
    toast(this.c.t("account.saved"));
  }

  /** @param {Event} e */
  async turnOnPush(e) {
    const button = e.currentTarget instanceof HTMLButtonElement ? e.currentTarget : null;
    if (button) button.disabled = true;
    try {
      await this.push?.subscribe();
      toast(this.c.t("account.push_turned_on"));
    } catch {
      toast(this.c.t("account.push_refused"), 5000);
    }
    await this.loadNotices();
    if (!this.closed) this.render();
  }

  /** @param {import("./session.js").Me} me */
  addressSection(me) {
    const c = this.c;
    const form = new Form(c, {
      id: "email-form",
      submit: c.t("account.change_email"),
      fields: [
        { id: "new-email", label: c.t("account.new_email"), type: "email", autocomplete: "email", maxlength: 320 },
        {
          id: "email-password",
          label: c.t("account.current_password"),
          type: "password",
          autocomplete: "current-password",
        },
      ],
      errorFields: { bad_address: "new-email", address_taken: "new-email", wrong_password: "email-password" },
      send: async (v) => {
        const r = await post("/api/account/email", { email: v["new-email"], password: v["email-password"] });
        if (!r.ok) return r.error;
        form.el.reset();
        toast(c.t("account.email_sent", { email: v["new-email"] }), 6000);
        return null;
      },
    });
    return section(
      "account-email",
      c.t("account.email"),
      h(
        "p",
        {},
        h("b", { id: "current-email" }, me.email),
        " ",
        h("span", { class: "chip" }, c.t(me.verified ? "account.confirmed" : "account.not_confirmed")),
      ),
      form.el,
    );
  }

  passwordSection() {
    const c = this.c;
    const form = new Form(c, {
      id: "password-form",
      submit: c.t("account.change_password"),
      fields: [
        {
          id: "old-password",
          label: c.t("account.current_password"),
          type: "password",
          autocomplete: "current-password",
        },
        {
          id: "new-password",
          label: c.t("account.new_password"),
          type: "password",
          autocomplete: "new-password",
          minlength: 8,
          help: c.t("account.password_rule"),
        },
      ],
      errorFields: { wrong_password: "old-password", ...PASSWORD_ERRORS },
      send: async (v) => {
        const r = await post("/api/account/password", { current: v["old-password"], password: v["new-password"] });
        if (!r.ok) return r.error;
        form.el.reset();
        toast(c.t("account.password_changed"), 5000);
        await this.loadSessions();
        this.render();
        return null;
      },
    });
    return section("account-password", c.t("account.password"), form.el);
  }

  passkeysSection() {
    const c = this.c;
    if (!this.passkeys || !this.keys) return null;
    return section(
      "account-passkeys",
      c.t("account.passkeys"),
      h("p", { class: "muted" }, c.t("account.passkeys_help")),
      this.keys.length
        ? h(
            "ul",
            { class: "plain-list", id: "passkey-list" },
            this.keys.map((k) =>
              h(
                "li",
                { "data-passkey": k.id },
                h("span", { class: "what" }, k.label || k.name || c.t("account.passkey")),
                k.created
                  ? h("span", { class: "muted" }, c.t("account.added_on", { date: when(this.app.lang, k.created) }))
                  : null,
                h(
                  "button",
                  { class: "btn small", type: "button", on: { click: () => this.removePasskey(k.id) } },
                  c.t("account.remove"),
                ),
              ),
            ),
          )
        : h("p", { class: "muted" }, c.t("account.no_passkeys")),
      this.passkeyForm(),
    );
  }

  /** A passkey of this device added: its name, and the account's password asked again. */
  passkeyForm() {
    const c = this.c;
    const form = new Form(c, {
      id: "passkey-form",
      submit: c.t("account.passkey_add"),
      fields: [
        {
          id: "passkey-label",
          label: c.t("account.passkey_label"),
          autocomplete: "off",
          maxlength: 60,
          optional: true,
        },
        {
          id: "passkey-password",
          label: c.t("account.current_password"),
          type: "password",
          autocomplete: "current-password",
        },
      ],
      errorFields: { wrong_password: "passkey-password" },
      send: async (v) => {
        try {
          await this.passkeys?.registerPasskey(v["passkey-password"], v["passkey-label"] || undefined);
        } catch (err) {
          const code = err && typeof err === "object" && "code" in err ? String(err.code) : "";
          return code ? { code } : { code: "passkey", message: this.c.t("account.passkey_failed") };
        }
        toast(c.t("account.passkey_added"));
        await this.loadPasskeys();
        if (!this.closed) this.render();
        return null;
      },
    });
    form.inputs["passkey-label"].placeholder = c.t("account.passkey_label_placeholder");
    return form.el;
  }

  /** @param {string} id */
  async removePasskey(id) {
    if (!window.confirm(this.c.t("account.passkey_remove_confirm"))) return;
    const r = await remove(`/api/account/passkeys/${encodeURIComponent(id)}`);
    if (!r.ok) toast(this.c.error(r.error), 5000);
    await this.loadPasskeys();
    if (!this.closed) this.render();
  }

  sessionsSection() {
    const c = this.c;
    const lang = this.app.lang;
    return section(
      "account-sessions",
      c.t("account.sessions"),
      h(
        "ul",
        { class: "plain-list", id: "session-list" },
        this.sessions.map((s) =>
          h(
            "li",
            { "data-session": s.id, class: s.current ? "current" : null },
            h(
              "span",
              { class: "what" },
              s.label || c.t("account.unknown_device"),
              s.current ? h("span", { class: "chip" }, c.t("account.this_session")) : null,
            ),
            h(
              "span",
              { class: "muted" },
              c.t("account.session_times", { created: when(lang, s.created), seen: when(lang, s.seen) }),
            ),
            s.current
              ? null
              : h(
                  "button",
                  { class: "btn small", type: "button", "data-revoke": s.id, on: { click: () => this.revoke(s.id) } },
                  c.t("account.revoke"),
                ),
          ),
        ),
      ),
      h(
        "button",
        { class: "btn", type: "button", id: "sign-out-everywhere", on: { click: () => this.signOutEverywhere() } },
        c.t("account.sign_out_everywhere"),
      ),
    );
  }

  /** @param {string} id */
  async revoke(id) {
    const r = await post(`/api/account/sessions/${encodeURIComponent(id)}/revoke`);
    if (!r.ok) toast(this.c.error(r.error), 5000);
    await this.loadSessions();
    if (!this.closed) this.render();
  }

  async signOut() {
    await account.signOut();
    toast(this.c.t("account.signed_out"));
    location.hash = "#/";
  }

  async signOutEverywhere() {
    if (!window.confirm(this.c.t("account.sign_out_everywhere_confirm"))) return;
    const r = await post("/api/account/sign-out-everywhere");
    if (!r.ok) {
      toast(this.c.error(r.error), 5000);
      return;
    }
    account.set(null);
    toast(this.c.t("account.signed_out"));
    location.hash = "#/";
  }

  deleteSection() {
    const c = this.c;
    const form = new Form(c, {
      id: "delete-form",
      submit: c.t("account.delete_confirm"),
      danger: true,
      fields: [
        {
          id: "delete-password",
          label: c.t("account.current_password"),
          type: "password",
          autocomplete: "current-password",
        },
      ],
      errorFields: { wrong_password: "delete-password" },
      send: async (v) => {
        if (!window.confirm(c.t("account.delete_really"))) return null;
        const r = await post("/api/account/delete", { password: v["delete-password"] });
        if (!r.ok) return r.error;
        account.set(null);
        toast(c.t("account.deleted"), 5000);
        location.hash = "#/";
        return null;
      },
    });
    const warning = h("p", { class: "muted" }, c.t("account.delete_warning"));
    return section("account-delete", c.t("account.delete"), warning, form.el);
  }
}
