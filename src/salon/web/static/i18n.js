// @ts-check
// Message catalogues: one JSON file per language (and per game), nested keys flattened to
// "section.name", generated from the gettext catalogs of salon.i18n (python -m salon.i18n.export).
// A key missing in a language falls back to English, a key missing in
// English shows as itself, so a new event type never breaks the page.

import { LANGUAGES } from "./i18n/languages.js";

const files = new Map();

async function fetchJson(url) {
  if (!files.has(url)) {
    files.set(
      url,
      fetch(url)
        .then((r) => (r.ok ? r.json() : {}))
        .catch(() => ({})),
    );
  }
  return files.get(url);
}

function flatten(obj, prefix, out) {
  for (const [k, v] of Object.entries(obj)) {
    if (v !== null && typeof v === "object") flatten(v, `${prefix}${k}.`, out);
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}

export class Catalog {
  constructor(lang, entries, fallback) {
    this.lang = lang;
    this.entries = entries;
    this.fallback = fallback;
    this.plural = new Intl.PluralRules(lang);
  }

  has(key) {
    return key in this.entries || (this.fallback !== null && this.fallback.has(key));
  }

  raw(key) {
    if (key in this.entries) return this.entries[key];
    return this.fallback ? this.fallback.raw(key) : undefined;
  }

  /** The text of `key` with its {fields} filled in. */
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
   *  text with its ``fields`` instead of the server's English. */
  error(err) {
    const key = `error.${err?.code}`;
    const message = err?.key && this.has(err.key) ? this.t(err.key, err.fields || {}) : err?.message;
    return this.has(key) ? this.t(key, { message }) : message || key;
  }

  /** A counted phrase: `key_one`, `key_few`, `key_many`, `key_other` by the language's plural rules. */
  n(key, n, fields = {}) {
    const form = `${key}_${this.plural.select(n)}`;
    const use = this.raw(form) !== undefined ? form : `${key}_other`;
    return this.t(use, { n, ...fields });
  }
}

/** The catalogue of `lang` made of the given files (paths with {lang}), English beneath. */
export async function loadCatalog(lang, paths) {
  const load = async (code) => {
    const parts = await Promise.all(paths.map((p) => fetchJson(p.replace("{lang}", code))));
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
