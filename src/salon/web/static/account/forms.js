// @ts-check
// The account pages' forms: each field with its label, its autocomplete hint and the error
// worded under it, the form's own error beside its button, and the button busy while the
// request is under way.

import { h } from "../ui.js";

/**
 * @typedef {import("../i18n.js").Catalog} Catalog
 * @typedef {import("../i18n.js").ServerError} ServerError
 */

/**
 * A field of a form.
 * @typedef {object} FieldSpec
 * @property {string} id
 * @property {string} label its text
 * @property {string} [type] text, email, password
 * @property {string} [autocomplete]
 * @property {string} [value]
 * @property {string} [help] a line under it
 * @property {number} [maxlength]
 * @property {number} [minlength]
 * @property {boolean} [optional] (every other field is required)
 */

/**
 * A form of the account pages.
 * @typedef {object} FormSpec
 * @property {string} id
 * @property {string} submit the button's text
 * @property {FieldSpec[]} fields
 * @property {Record<string, string>} [errorFields] the field an error's code is shown under
 * @property {boolean} [danger] the button of a change that cannot be undone
 * @property {(values: Record<string, string>) => Promise<ServerError | null>} send what the form
 *   does: the server's refusal, or null when done
 */

/** A form drawn, and its parts. */
export class Form {
  /**
   * @param {Catalog} c
   * @param {FormSpec} spec
   */
  constructor(c, spec) {
    this.c = c;
    this.spec = spec;
    /** @type {Record<string, HTMLInputElement>} */
    this.inputs = {};
    /** @type {Record<string, HTMLElement>} */
    this.errors = {};
    const rows = spec.fields.map((f) => this.field(f));
    this.error = h("p", { class: "form-error", id: `${spec.id}-error`, role: "alert", hidden: true });
    this.button = h(
      "button",
      { class: `btn ${spec.danger ? "danger" : "primary"}`, type: "submit", id: `${spec.id}-submit` },
      spec.submit,
    );
    this.el = h(
      "form",
      { class: "account-form", id: spec.id, novalidate: true, on: { submit: (e) => this.submit(e) } },
      rows,
      h("div", { class: "form-actions" }, this.button, this.error),
    );
  }

  /** @param {FieldSpec} f */
  field(f) {
    const error = h("p", { class: "field-error", id: `${f.id}-error`, role: "alert", hidden: true });
    const help = f.help ? h("p", { class: "field-help", id: `${f.id}-help` }, f.help) : null;
    const input = h("input", {
      id: f.id,
      name: f.id,
      type: f.type || "text",
      autocomplete: f.autocomplete,
      value: f.value,
      maxlength: f.maxlength,
      minlength: f.minlength,
      required: !f.optional,
      spellcheck: f.type === "email" || f.type === "password" ? "false" : null,
      autocapitalize: f.type === "email" ? "none" : null,
      "aria-describedby": [help ? `${f.id}-help` : "", `${f.id}-error`].filter((x) => x).join(" "),
    });
    this.inputs[f.id] = input;
    this.errors[f.id] = error;
    return h("div", { class: "field" }, h("label", { for: f.id }, f.label), input, help, error);
  }

  /** @returns {Record<string, string>} */
  values() {
    /** @type {Record<string, string>} */
    const out = {};
    for (const [id, input] of Object.entries(this.inputs)) {
      out[id] = input.type === "password" ? input.value : input.value.trim();
    }
    return out;
  }

  clearErrors() {
    for (const [id, el] of Object.entries(this.errors)) {
      el.hidden = true;
      el.textContent = "";
      this.inputs[id].removeAttribute("aria-invalid");
    }
    this.error.hidden = true;
    this.error.textContent = "";
  }

  /**
   * The server's refusal worded under its field, or beside the button.
   * @param {ServerError} err
   */
  showError(err) {
    const id = this.spec.errorFields?.[err.code];
    const text = this.c.error(err);
    const el = id && this.errors[id] ? this.errors[id] : this.error;
    el.textContent = text;
    el.hidden = false;
    if (id && this.inputs[id]) {
      this.inputs[id].setAttribute("aria-invalid", "true");
      this.inputs[id].focus();
    }
  }

  /**
   * @param {string} id
   * @param {string} text
   */
  fieldError(id, text) {
    this.errors[id].textContent = text;
    this.errors[id].hidden = false;
    this.inputs[id].setAttribute("aria-invalid", "true");
    this.inputs[id].focus();
  }

  /** @param {boolean} busy */
  busy(busy) {
    this.button.disabled = busy;
    this.el.setAttribute("aria-busy", String(busy));
    this.el.classList.toggle("busy", busy);
  }

  /** @param {Event} e */
  async submit(e) {
    e.preventDefault();
    if (this.el.getAttribute("aria-busy") === "true") return;
    this.clearErrors();
    const values = this.values();
    const empty = this.spec.fields.find((f) => !f.optional && !values[f.id]);
    if (empty) {
      this.fieldError(empty.id, this.c.t("account.required"));
      return;
    }
    this.busy(true);
    /** @type {ServerError | null} */
    let err;
    try {
      err = await this.spec.send(values);
    } finally {
      this.busy(false);
    }
    if (err) this.showError(err);
  }
}

/**
 * A section of a page: its heading and content.
 * @param {string} id
 * @param {string} title
 * @param {...import("../ui.js").Child} children
 */
export function section(id, title, ...children) {
  return h("section", { class: "panel account-section", id }, h("h2", {}, title), ...children);
}

/**
 * A date and time in the page's language.
 * @param {string} lang
 * @param {number} seconds since the epoch
 */
export function when(lang, seconds) {
  return new Date(seconds * 1000).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * A time left in the page's language: days and hours, hours and minutes, or minutes.
 * @param {Catalog} c
 * @param {number} seconds
 */
export function timeLeft(c, seconds) {
  const s = Math.max(0, Math.round(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return hours ? c.t("time.days_hours", { d: days, h: hours }) : c.n("time.days", days);
  if (hours > 0) return c.t("time.hours_minutes", { h: hours, m: minutes });
  return c.n("time.minutes", Math.max(1, minutes));
}
