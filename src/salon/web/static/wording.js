// @ts-check
// The journal's texts: the server sends each event with its lines, phrases that name a template
// of the game's events catalog and its fields (salon.wording); this module words them in the
// page's language.  It is the browser's copy of salon.wording.phrase.render and must give the
// same text for the same phrase (a test runs both on the same phrases).  A template is filled
// str.format-like: {name} is the field name, and a field the phrase does not give stays as it is.

/**
 * A phrase as the server sends it (salon.wording.phrase): a template with its fields, a counted
 * phrase, a seat, a field every text may use, a marked value, or values joined.
 * @typedef {{key: string, n?: number, fields?: Record<string, Value>, depth?: number, heading?: boolean}
 *   | {seat: number} | {field: string} | {mark: string, text: Value} | {join: Value[], sep: string}} Phrase
 * @typedef {Phrase | string | number} Value
 */

/**
 * What the page brings to word a phrase.
 * @typedef {object} Reader
 * @property {(key: string) => string | undefined} template the catalog's template of a key
 * @property {(key: string, n: number) => string | undefined} plural the form of a counted phrase for n
 * @property {Record<string, string>} fields the fields every text of the game may use
 * @property {(seat: number) => string} seat how the page names a seat
 * @property {(style: string, text: string) => string} [mark] how it sets off a marked value
 * @property {(text: string) => string} [literal] how it shows a string taken as it is
 */

/**
 * One line of the journal.
 * @typedef {{text: string, seat?: number | null, cls: string}} JournalLine
 */

/**
 * ``{name}`` replaced by the field ``name``; an unknown field stays as written.
 * @param {string} template
 * @param {Record<string, string>} fields
 * @returns {string}
 */
export function fill(template, fields) {
  return template.replace(/\{(\w+)\}/g, (m, name) => (Object.hasOwn(fields, name) ? fields[name] : m));
}

/**
 * A phrase (or a plain value) as text.
 * @param {Value} value
 * @param {Reader} reader
 * @returns {string}
 */
export function render(value, reader) {
  if (typeof value === "string") return reader.literal ? reader.literal(value) : value;
  if (typeof value !== "object" || value === null) return String(value);
  if ("seat" in value) return reader.seat(Number(value.seat));
  if ("field" in value)
    return Object.hasOwn(reader.fields, value.field) ? reader.fields[value.field] : `{${value.field}}`;
  if ("mark" in value) {
    const text = render(value.text, reader);
    return reader.mark ? reader.mark(value.mark, text) : text;
  }
  if ("join" in value) return value.join.map((v) => render(v, reader)).join(value.sep);
  /** @type {Record<string, string>} */
  let filled = {};
  for (const [name, v] of Object.entries(value.fields || {})) filled[name] = render(v, reader);
  let template;
  if (value.n !== undefined) {
    template = reader.plural(value.key, value.n);
    filled = { n: String(value.n), ...filled };
  } else {
    template = reader.template(value.key);
  }
  if (template === undefined) return value.key;
  return fill(template, { ...reader.fields, ...filled });
}

/**
 * The reader of a catalog (salon.i18n's events catalogs, see i18n.js): a key missing in the
 * page's language falls back to English, then to the key itself.
 * @param {import("./i18n.js").Catalog} catalog
 * @param {Record<string, string>} fields
 * @param {(seat: number) => string} seat
 * @returns {Reader}
 */
export function catalogReader(catalog, fields, seat) {
  return {
    template: (key) => catalog.raw(key),
    plural: (key, n) => catalog.raw(`${key}_${catalog.plural.select(n)}`) ?? catalog.raw(`${key}_other`),
    fields,
    seat,
  };
}

/**
 * The journal's lines of one log entry: each event's lines as the server chose them; an event
 * of a game the server words not (it sent no text) as its type and data.
 * @param {{events: Array<Record<string, any>>}} entry
 * @param {Reader} reader
 * @returns {JournalLine[]}
 */
export function journalLines(entry, reader) {
  /** @type {JournalLine[]} */
  const lines = [];
  for (const ev of entry.events) {
    if (!ev.text) {
      const { type, seat, ...data } = ev;
      const who = seat === undefined ? "" : `${reader.seat(seat)}: `;
      const rest = Object.keys(data).length ? ` ${JSON.stringify(data)}` : "";
      lines.push({ text: `${who}${type}${rest}`, seat, cls: "" });
      continue;
    }
    for (const line of ev.text) {
      lines.push({
        text: render(line, reader),
        seat: ev.seat,
        cls: line.heading ? "round" : line.depth ? "detail" : "",
      });
    }
  }
  return lines;
}
