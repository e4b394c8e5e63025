// @ts-check
// Message catalogues: one JSON file per language (and per game), nested keys flattened to
// "section.name", generated from the gettext catalogs of salon.i18n (python -m tools.i18n_export).
// A key missing in a language falls back to English, a key missing in
// English shows as itself, so a new event type never breaks the page.

import { LANGUAGES } from "./i18n/languages.js";

/**
 * A refusal as the server words it (salon.web.errors): its code and English message, with the
 * catalog key and fields of a worded one, and the engine's reason where it refused an action.
 * @typedef {object} ServerError
 * @property {string} code
 * @property {string} [message]
 * @property {string} [key]
 * @property {Record<string, any>} [fields]
 * @property {Refusal} [refusal]
 */

/**
 * Why the rules refuse an action (the engine's Refusal): the key of its reason with the
 * reason's fields, and the reason in the engine's English.
 * @typedef {{key?: string | null, fields?: Record<string, any>, reason: string}} Refusal
 */

/** A catalog's texts by flattened key. @typedef {Record<string, string>} Entries */

/** @type {Map<string, Promise<Record<string, any>>>} the files fetched, by address */
const files = new Map();

/**
 * @param {string} url
 * @returns {Promise<Record<string, any>>}
 */
async function fetchJson(url) {
  let file = files.get(url);
  if (!file) {
    file = fetch(url)
      .then((r) => (r.ok ? r.json() : {}))
      .catch(() => ({}));
    files.set(url, file);
  }
  return file;
}

/**
 * @param {Record<string, any>} obj
 * @param {string} prefix
 * @param {Entries} out
 */
function flatten(obj, prefix, out) {
  for (const [k, v] of Object.entries(obj)) {
    if (v !== null && typeof v === "object") flatten(v, `${prefix}${k}.`, out);
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}

export class Catalog {
  /**
   * @param {string} lang
   * @param {Entries} entries
   * @param {Catalog | null} fallback the catalog of a key this one lacks
   */
  constructor(lang, entries, fallback) {
    this.lang = lang;
    this.entries = entries;
    this.fallback = fallback;
    this.plural = new Intl.PluralRules(lang);
  }

  /**
   * @param {string} key
   * @returns {boolean}
   */
  has(key) {
    return key in this.entries || (this.fallback !== null && this.fallback.has(key));
  }

  /**
   * @param {string} key
   * @returns {string | undefined}
   */
  raw(key) {
    if (key in this.entries) return this.entries[key];
    return this.fallback ? this.fallback.raw(key) : undefined;
  }

  /**
   * The text of `key` with its {fields} filled in.
   * @param {string} key
   * @param {Record<string, any>} [fields]
   * @returns {string}
   */
  t(key, fields = {}) {
    const s = this.raw(key);
    if (s === undefined) return key;
    return s.replace(/\{(\w+)\}/g, (m, name) =>
      fields[name] !== undefined && fields[name] !== null ? fields[name] : m,
    );
  }

  /** A server refusal ``{code, message}`` in this language: the code's text (which may quote
   *  the server's message), else the server's own message.  A refusal with a catalog ``key``
   *  (a refused config: ``config.not_integer``, ``<game>.config.start_player``) quotes that
   *  text with its ``fields`` instead of the server's English.
   * @param {ServerError | null | undefined} err
   * @returns {string}
   */
  error(err) {
    const key = `error.${err?.code}`;
    const message = err?.key && this.has(err.key) ? this.t(err.key, err.fields || {}) : err?.message;
    return this.has(key) ? this.t(key, { message }) : message || key;
  }

  /**
   * A counted phrase: `key_one`, `key_few`, `key_many`, `key_other` by the language's plural rules.
   * @param {string} key
   * @param {number} n
   * @param {Record<string, any>} [fields]
   */
  n(key, n, fields = {}) {
    const form = `${key}_${this.plural.select(n)}`;
    const use = this.raw(form) !== undefined ? form : `${key}_other`;
    return this.t(use, { n, ...fields });
  }
}

/**
 * The catalogue of `lang` made of the given files (paths with {lang}), English beneath.
 * @param {string} lang
 * @param {string[]} paths
 */
export async function loadCatalog(lang, paths) {
  /** @param {string} code */
  const load = async (code) => {
    const parts = await Promise.all(paths.map((p) => fetchJson(p.replace("{lang}", code))));
    /** @type {Entries} */
    const out = {};
    for (const part of parts) flatten(part, "", out);
    return out;
  };
  const english = new Catalog("en", await load("en"), null);
  if (lang === "en") return english;
  return new Catalog(lang, await load(lang), english);
}

export { LANGUAGES };

export function preferredLanguage() {
  const stored = localStorage.getItem("salon.lang");
  if (stored && LANGUAGES.includes(stored)) return stored;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = l.slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}
