// @ts-check
// The pages of signing in: sign in (with a password, or a passkey where the browser has
// them), create an account, the address confirmed by the link of its letter (#/verify/TOKEN),
// a forgotten password asked for (#/reset) and set by the link of its letter (#/reset/TOKEN).

import { h } from "../ui.js";
import { post } from "./api.js";
import { account } from "./session.js";
import { Form } from "./forms.js";
import { passkeys } from "./optional.js";

/**
 * @typedef {typeof import("../app.js").app} App
 * @typedef {import("../i18n.js").Catalog} Catalog
 * @typedef {"sign-in" | "sign-up" | "verify" | "reset" | "reset-confirm"} Kind
 */

/** The errors shown under the field they concern, by code. */
const PASSWORD_ERRORS = {
  password_too_short: "password",
  password_too_long: "password",
  password_common: "password",
};

/** One of the pages of signing in. */
export class AccountPage {
  /**
   * @param {HTMLElement} root
   * @param {App} app
   * @param {Kind} kind
   * @param {string} [token] the link's, for verify and reset-confirm
   */
  constructor(root, app, kind, token) {
    this.root = root;
    this.app = app;
    this.kind = kind;
    this.token = token || "";
    /** @type {Element | null} what the page says once its form is done */
    this.done = null;
    /** @type {import("./optional.js").Passkeys | null} */
    this.passkeys = null;
    this.verifying = false;
  }

  get c() {
    return this.app.catalog;
  }

  async start() {
    if (this.kind === "sign-in") this.passkeys = await passkeys();
    this.render();
    if (this.kind === "verify") await this.verify();
  }

  destroy() {}

  retranslate() {
    this.render();
  }

  /** Where a page goes once signed in: the page the player came from, else their games. */
  afterSignIn() {
    location.hash = this.app.previous && this.app.previous !== "#/" ? this.app.previous : "#/my";
  }

  render() {
    const c = this.c;
    document.title = `${c.t(this.titleKey())} · ${c.t("app.name")}`;
    const body = this.done || this.content();
    this.root.replaceChildren(
      h(
        "div",
        { class: "account-page narrow", id: `page-${this.kind}` },
        h("section", { class: "panel" }, h("h1", {}, c.t(this.titleKey())), body),
      ),
    );
  }

  titleKey() {
    return {
      "sign-in": "account.sign_in",
      "sign-up": "account.sign_up",
      verify: "account.verify_title",
      reset: "account.reset_title",
      "reset-confirm": "account.reset_title",
    }[this.kind];
  }

  /** @returns {import("../ui.js").Child} */
  content() {
    switch (this.kind) {
      case "sign-in":
        return this.signIn();
      case "sign-up":
        return this.signUp();
      case "verify":
        return h("p", { id: "verify-state", role: "status" }, this.c.t("account.verifying"));
      case "reset":
        return this.askReset();
      default:
        return this.setPassword();
    }
  }

  /**
   * The page's outcome in place of its form.
   * @param {...import("../ui.js").Child} children
   */
  finish(...children) {
    this.done = h("div", { class: "account-done", id: `${this.kind}-done`, role: "status" }, ...children);
    this.render();
  }

  signIn() {
    const c = this.c;
    if (account.me) {
      return [
        h("p", {}, c.t("account.signed_in_as", { name: account.me.name })),
        h("p", {}, h("a", { class: "btn", href: "#/my" }, c.t("my.title"))),
      ];
    }
    const form = new Form(c, {
      id: "sign-in-form",
      submit: c.t("account.sign_in"),
      fields: [
        { id: "email", label: c.t("account.email"), type: "email", autocomplete: "username", maxlength: 320 },
        { id: "password", label: c.t("account.password"), type: "password", autocomplete: "current-password" },
      ],
      errorFields: { bad_credentials: "password", bad_address: "email" },
      send: async (v) => {
        const r = await post("/api/account/sign-in", { email: v.email, password: v.password });
        if (!r.ok) return r.error;
        await account.signedInAs(r.data);
        this.afterSignIn();
        return null;
      },
    });
    const passkey = this.passkeys
      ? h(
          "div",
          { class: "passkey-way" },
          h("p", { class: "or" }, c.t("account.or")),
          h(
            "button",
            { class: "btn", type: "button", id: "passkey-sign-in", on: { click: (e) => this.passkeySignIn(e) } },
            c.t("account.passkey_sign_in"),
          ),
          h("p", { class: "field-error", id: "passkey-error", role: "alert", hidden: true }),
        )
      : null;
    return [
      form.el,
      h("p", {}, h("a", { href: "#/reset", id: "forgot" }, c.t("account.forgot"))),
      passkey,
      h(
        "p",
        { class: "muted" },
        c.t("account.no_account"),
        " ",
        h("a", { href: "#/sign-up", id: "to-sign-up" }, c.t("account.sign_up")),
      ),
    ];
  }

  /** @param {Event} e */
  async passkeySignIn(e) {
    const button = e.currentTarget;
    if (!(button instanceof HTMLButtonElement) || !this.passkeys) return;
    const error = this.root.querySelector("#passkey-error");
    button.disabled = true;
    try {
      await this.passkeys.signInWithPasskey();
      await account.load();
      if (account.me) {
        await account.signedInAs(account.me);
        this.afterSignIn();
        return;
      }
      throw new Error("no session");
    } catch (err) {
      if (error instanceof HTMLElement) {
        const code = err && typeof err === "object" && "code" in err ? String(err.code) : "";
        error.textContent = code ? this.c.error({ code }) : this.c.t("account.passkey_failed");
        error.hidden = false;
      }
    } finally {
      button.disabled = false;
    }
  }

  signUp() {
    const c = this.c;
    const form = new Form(c, {
      id: "sign-up-form",
      submit: c.t("account.sign_up"),
      fields: [
        { id: "name", label: c.t("account.name"), autocomplete: "nickname", maxlength: 40 },
        { id: "email", label: c.t("account.email"), type: "email", autocomplete: "email", maxlength: 320 },
        {
          id: "password",
          label: c.t("account.password"),
          type: "password",
          autocomplete: "new-password",
          minlength: 8,
          help: c.t("account.password_rule"),
        },
      ],
      errorFields: { bad_name: "name", bad_address: "email", ...PASSWORD_ERRORS },
      send: async (v) => {
        const r = await post("/api/account/sign-up", {
          name: v.name,
          email: v.email,
          password: v.password,
          lang: this.app.lang,
        });
        if (!r.ok) return r.error;
        this.finish(h("p", {}, c.t("account.check_mail", { email: v.email })));
        return null;
      },
    });
    return [
      h("p", { class: "muted" }, c.t("account.why")),
      form.el,
      h(
        "p",
        { class: "muted" },
        c.t("account.have_account"),
        " ",
        h("a", { href: "#/sign-in", id: "to-sign-in" }, c.t("account.sign_in")),
      ),
    ];
  }

  async verify() {
    if (this.verifying) return;
    this.verifying = true;
    const c = this.c;
    const r = await post("/api/account/verify", { token: this.token });
    if (!r.ok) {
      this.finish(
        h("p", { class: "form-error" }, c.error(r.error)),
        h("p", {}, h("a", { href: "#/sign-in" }, c.t("account.sign_in"))),
      );
      return;
    }
    if (r.data?.account) {
      await account.signedInAs(r.data.account);
      this.finish(
        h("p", {}, c.t("account.verified")),
        h("p", {}, h("a", { class: "btn primary", href: "#/my", id: "to-my" }, c.t("my.title"))),
      );
    } else {
      this.finish(
        h("p", {}, c.t("account.verified_sign_in")),
        h("p", {}, h("a", { class: "btn primary", href: "#/sign-in", id: "to-sign-in" }, c.t("account.sign_in"))),
      );
    }
  }

  askReset() {
    const c = this.c;
    const form = new Form(c, {
      id: "reset-form",
      submit: c.t("account.reset_send"),
      fields: [{ id: "email", label: c.t("account.email"), type: "email", autocomplete: "email", maxlength: 320 }],
      errorFields: { bad_address: "email" },
      send: async (v) => {
        const r = await post("/api/account/reset", { email: v.email });
        if (!r.ok) return r.error;
        this.finish(h("p", {}, c.t("account.reset_sent", { email: v.email })));
        return null;
      },
    });
    return [h("p", { class: "muted" }, c.t("account.reset_ask")), form.el];
  }

  setPassword() {
    const c = this.c;
    const form = new Form(c, {
      id: "reset-confirm-form",
      submit: c.t("account.reset_set"),
      fields: [
        {
          id: "password",
          label: c.t("account.new_password"),
          type: "password",
          autocomplete: "new-password",
          minlength: 8,
          help: c.t("account.password_rule"),
        },
      ],
      errorFields: PASSWORD_ERRORS,
      send: async (v) => {
        const r = await post("/api/account/reset/confirm", { token: this.token, password: v.password });
        if (!r.ok) return r.error;
        account.set(null);
        this.finish(
          h("p", {}, c.t("account.reset_done")),
          h("p", {}, h("a", { class: "btn primary", href: "#/sign-in" }, c.t("account.sign_in"))),
        );
        return null;
      },
    });
    return form.el;
  }
}
