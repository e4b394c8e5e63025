// @ts-check
// Rococo's words in the browser: the components' names, the tooltips and Madame du Barry's
// cards, in the page's language and in the words of the game's edition (RULES.md §16).  The
// journal's texts come from the server (salon.wording); these name what the board shows.

import { FORM_TABLE, LOWER_KEY, ROMAN, SILK } from "./palette.js";

// The engine terms every template may name as a field ({thread}, or {Thread} to begin a
// sentence), filled in the words of the game's edition: one list with the terminal's
// (salon.i18n.fields), the colours from the "colour" table, the others from "term".
import { COLOUR_TERMS as COLOUR_LIST, FIELD_TERMS } from "./terms.js";

const COLOUR_TERMS = new Set(COLOUR_LIST);

/**
 * @typedef {import("./types.js").Components} Components
 * @typedef {import("./types.js").Space} Space
 */

/** Names what one Rococo game shows, from the public component descriptions. */
export class RococoWords {
  /** @param {import("../../renderer-interface.js").RendererContext} ctx */
  constructor({ components, catalog, seatName }) {
    this.comp = /** @type {Components} */ (components);
    /** @type {Record<string, string>} the edition's words for the engine's terms */
    this.terms = this.comp.terms || {};
    this.edition = this.comp.edition || "deluxe";
    this.catalog = catalog;
    this.seatNameOf = seatName;
    /** @type {Record<string, import("./types.js").Decoration>} the decorations by id */
    this.decos = Object.fromEntries(this.comp.board.decorations.map((d) => [d.id, d]));
    /** @type {Record<string, Space>} the guest spaces by id */
    this.spaces = {};
    for (const hall of this.comp.board.halls) {
      for (const sp of hall.spaces) this.spaces[sp.id] = { ...sp, hall: hall.number };
    }
    /** @type {{catalog: import("../../i18n.js").Catalog, fields: Record<string, string>} | null} */
    this.termCache = null;
  }

  get c() {
    return this.catalog();
  }

  /**
   * The observation of the state's seat, as the server sends it for this game.
   * @param {import("../../renderer-interface.js").TableState} state
   */
  obs(state) {
    return /** @type {import("./types.js").Observation} */ (state.observation);
  }

  /**
   * A text with its fields filled in; the term fields ({thread}, {drawer}, {blue}...) come in
   * the words of the game's edition (the 2013 edition says wool for thread, floor for drawer).
   * @param {string} key
   * @param {Record<string, any>} [fields]
   */
  t(key, fields) {
    return this.c.t(`rococo.${key}`, { ...this.termFields(), ...fields });
  }

  /** The term fields in the current language: `{name}`, `{Name}`, and for a language that
   *  inflects them `{name_form}` / `{Name_form}` from its tables `colour_<form>` and
   *  `term_<form>` (e.g. `{blue_dress}`, `{drawer_in}`), the plain word where a form is missing. */
  termFields() {
    const c = this.c;
    if (this.termCache && this.termCache.catalog === c) return this.termCache.fields;
    /** @type {Record<string, Set<string>>} */
    const forms = { colour: new Set(), term: new Set() };
    const own = c.entries || {};
    for (const key of Object.keys(own)) {
      const m = FORM_TABLE.exec(key);
      if (m) forms[m[1]].add(m[2]);
    }
    /** @type {Record<string, string>} */
    const fields = {};
    /**
     * @param {string} name
     * @param {string} word
     */
    const put = (name, word) => {
      fields[name] = word;
      fields[name[0].toUpperCase() + name.slice(1)] = word[0].toUpperCase() + word.slice(1);
    };
    for (const name of FIELD_TERMS) {
      const table = COLOUR_TERMS.has(name) ? "colour" : "term";
      const word = String(this.terms[name] || name).replaceAll(" ", "_");
      const plain = c.t(`rococo.${table}.${word}`);
      put(name, plain);
      for (const form of forms[table]) {
        const k = `rococo.${table}_${form}.${word}`;
        put(`${name}_${form}`, k in own ? own[k] : plain);
      }
    }
    this.termCache = { catalog: c, fields };
    return fields;
  }

  /**
   * A decoration kind's name: the 2013 fountain's upper row and lower basin for the kitchen's sides.
   * @param {string} kind
   */
  decoKind(kind) {
    const word = String(this.terms[kind] || kind).replaceAll(" ", "_");
    return this.has(`deco.${word}`) ? this.t(`deco.${word}`) : this.t(`deco.${kind}`);
  }

  /** @param {string} key */
  has(key) {
    return this.c.has(`rococo.${key}`);
  }

  /**
   * The colour a component shows at this table: the edition's own colour for an engine colour.
   * @param {string} colour
   */
  shown(colour) {
    return this.terms[colour] || colour;
  }

  /**
   * The silk colours a component of this colour is painted in.
   * @param {string} colour
   * @returns {import("./palette.js").Shades}
   */
  paint(colour) {
    return SILK[this.shown(colour)] || SILK[colour];
  }

  /**
   * Madame du Barry's seat in the solo mode is played by the game itself.
   * @param {number} seat
   */
  automatonName(seat) {
    return this.comp.solo && this.comp.solo.seat === seat ? this.t("panel.madame") : null;
  }

  /**
   * Prestige, or "?" while the edition keeps another seat's prestige hidden.
   * @param {number | null | undefined} n
   */
  vpOrHidden(n) {
    return n === null || n === undefined ? "?" : this.vp(n);
  }

  // --- phrases

  /** @param {number} n */
  livres(n) {
    return this.c.n("rococo.unit.livres", n);
  }

  /** @param {number} n */
  price(n) {
    return n ? this.livres(n) : this.t("unit.free");
  }

  /** @param {number} n */
  vp(n) {
    return this.t("unit.vp", { n });
  }

  /** @param {number | null | undefined} seat */
  player(seat) {
    if (seat === null || seat === undefined) return this.t("unit.none");
    return this.seatNameOf(seat);
  }

  /** @param {Record<string, number> | undefined} silk */
  silk(silk) {
    const parts = Object.entries(silk || {})
      .filter(([, n]) => n > 0)
      .map(([c, n]) => `${n} ${this.t(`colour.${this.shown(c)}`)}`);
    return parts.length ? parts.join(" + ") : this.t("garment.no_silk");
  }

  /**
   * A colour word agreeing with what it describes (a language may inflect it by the noun).
   * @param {string} noun
   * @param {string} engineColour
   */
  colourFor(noun, engineColour) {
    const colour = this.shown(engineColour);
    return this.has(`colour_${noun}.${colour}`) ? this.t(`colour_${noun}.${colour}`) : this.t(`colour.${colour}`);
  }

  /** @param {string | null | undefined} id a missing one reads "none" */
  garment(id) {
    const g = id ? this.comp.garments[id] : undefined;
    if (!g) return id || this.t("unit.none");
    const noun = g.dress ? "dress" : "coat";
    return this.t("garment.label", { colour: this.colourFor(noun, g.colour), kind: this.t(`garment.${noun}`), id });
  }

  /**
   * @param {string} id
   * @param {Record<string, number>} [silkOverride] the silk it needs where a bonus lowers it
   */
  needs(id, silkOverride) {
    const g = this.comp.garments[id];
    const parts = [];
    /** @type {Record<string, number>} */
    const silk = silkOverride || g.silk;
    if (Object.values(silk).some((n) => n > 0)) parts.push(this.silk(silk));
    if (g.thread) parts.push(this.t("unit.thread", { n: g.thread }));
    if (g.lace) parts.push(this.t("unit.lace", { n: g.lace }));
    return parts.join(", ") || this.t("unit.nothing");
  }

  /** @param {string | null | undefined} id a missing one reads "none" */
  card(id) {
    const c = id ? this.comp.cards[id] : undefined;
    if (!c) return id || this.t("unit.none");
    const level = c.group === "start" ? this.t("employee.start") : ROMAN[c.level];
    return `${this.t("employee.label", { type: this.t(`employee.${c.type}`), level })} (${id})`;
  }

  /**
   * An employee bonus in words; the 2013 level-III card pays 1 VP per decoration where the
   * Deluxe one pays 1 livre (D-47).
   * @param {string | undefined} id
   */
  bonus(id) {
    if (id === "l3_livre_per_dec" && this.edition === "2013") return this.t("bonus.l3_vp_per_dec", { vp: this.vp(1) });
    return this.has(`bonus.${id}`) ? this.t(`bonus.${id}`) : id ?? "";
  }

  /** @param {string | null | undefined} id a missing one reads "none" */
  tile(id) {
    const x = id ? this.comp.tiles[id] : undefined;
    if (!x) return id || this.t("unit.none");
    return `${id} (${this.silk(x.silk)})`;
  }

  /** @param {string} lower */
  lower(lower) {
    return this.t(`tile.lower_${LOWER_KEY[lower] || "none"}`);
  }

  /** @param {number} n */
  hallName(n) {
    return n === 1 ? this.t("hall.1") : this.t("hall.n", { n });
  }

  /** @param {string} id */
  space(id) {
    const sp = this.spaces[id];
    return sp ? this.t("space.guest", { hall: this.hallName(sp.hall), n: id.split("s").pop() }) : id;
  }

  /** @param {string} id */
  deco(id) {
    const d = this.decos[id];
    if (!d) return id;
    if (d.kind === "musician") return `${this.t("deco.musician")} (${this.hallName(d.hall)})`;
    return this.t("deco.label", { kind: this.decoKind(d.kind), id });
  }

  /** @param {string} id */
  jewel(id) {
    const j = this.comp.jewelry?.jewels?.[id];
    if (!j) return id;
    return this.t("jewel.label", { colour: this.colourFor(j.kind, j.colour), kind: this.t(`jewel.${j.kind}`) });
  }

  // --- tooltips

  /** @param {string} id */
  garmentTip(id) {
    const g = this.comp.garments[id];
    if (!g) return id;
    const lines = [
      this.garment(id),
      this.t("garment.needs", { needs: this.needs(id) }),
      [
        this.t("garment.sells", { livres: this.livres(g.value) }),
        this.t("garment.prestige", { vp: this.vp(g.prestige) }),
      ].join(" · "),
    ];
    if (g.master_only) lines.push(this.t("garment.master_only"));
    if (g.expansion) lines.push(this.t(`garment.expansion_${g.expansion}`));
    if (g.effect)
      lines.push(
        this.t("garment.effect", { effect: this.has(`effect.${g.effect}`) ? this.t(`effect.${g.effect}`) : g.effect }),
      );
    return lines.join("\n");
  }

  /** @param {string} id */
  tileTip(id) {
    const x = this.comp.tiles[id];
    if (!x) return id;
    return [
      this.t("tile.label", { id }),
      this.t("tile.silk", { silk: this.silk(x.silk) }),
      this.t("tile.lower", { lower: this.lower(x.lower) }),
    ].join("\n");
  }

  /** @param {string} id */
  cardTip(id) {
    const c = this.comp.cards[id];
    if (!c) return id;
    const lines = [
      this.card(id),
      this.t("employee.bonus", { bonus: this.bonus(c.bonus) }),
      this.t("employee.sends_for", { livres: this.livres(c.send_value) }),
    ];
    if (c.condition) {
      lines.push(this.t("employee.specialist"));
      lines.push(
        this.t("employee.condition", {
          condition: this.has(`condition.${c.condition}`) ? this.t(`condition.${c.condition}`) : c.condition,
        }),
      );
    }
    return lines.join("\n");
  }

  /**
   * @param {string} id
   * @param {number | null | undefined} owner
   * @param {string} [terrace] the garment shown on it at the terrace
   */
  decoTip(id, owner, terrace) {
    const d = this.decos[id];
    const lines = [this.deco(id), this.t("deco.cost", { livres: this.livres(d.cost), vp: this.vp(d.vp) })];
    if (d.multiplier) lines.push(this.t("deco.multiplier", { m: d.multiplier }));
    lines.push(
      owner === undefined || owner === null
        ? this.t("deco.free")
        : this.t("deco.owner", { player: this.player(owner) }),
    );
    if (terrace) lines.push(this.t("deco.terrace", { garment: this.garment(terrace) }));
    return lines.join("\n");
  }

  /**
   * @param {string} id
   * @param {import("./types.js").Guest | null | undefined} guest the garment seated there
   */
  spaceTip(id, guest) {
    const sp = this.spaces[id];
    const lines = [this.space(id)];
    if (sp.master) lines.push(this.t("space.master"));
    lines.push(this.reward(sp));
    if (guest)
      lines.push(
        this.t("space.occupied", { garment: this.garment(guest.garment), player: this.player(guest.owner) }),
        this.garmentTip(guest.garment),
      );
    return lines.join("\n");
  }

  /** @param {Space} sp */
  reward(sp) {
    if (sp.reward === "livres") return this.t("space.reward_livres", { livres: this.livres(sp.livres) });
    return this.t(`space.reward_${sp.reward}`);
  }

  /**
   * One of Madame du Barry's cards: its id and what it shows.
   * @param {string} id
   */
  soloCard(id) {
    return this.comp.solo?.cards?.[id] ? `${id} ${this.soloEffect(id)}` : id;
  }

  /**
   * What one of her cards shows: the action with its target (top part), then the hall and,
   * with the Jewelry Box, the jewelry symbol of its bottom part (R-SOLO-PH3-1, R-SOLO-TAI-4).
   * @param {string} id
   */
  soloEffect(id) {
    const c = this.comp.solo?.cards?.[id];
    if (!c) return id;
    const hall = this.t("solo.hall", { n: c.hall });
    const bottom = this.comp.jewelry
      ? this.t("solo.bottom_jewel", { hall, symbol: this.t(`solo.symbol_${c.jewel}`) })
      : this.t("solo.bottom", { hall });
    return this.t("solo.card", { top: this.soloAction(c), bottom });
  }

  /** @param {import("./types.js").SoloCard} c */
  soloAction(c) {
    if (c.action === "acquire" && c.drawer) return this.t("solo.acquire_drawer", { n: c.drawer });
    if (c.action === "acquire")
      return this.t("solo.acquire_position", { position: this.t(`solo.position_${c.position}`) });
    if (c.action === "tailor" || c.action === "hire") {
      return this.t(`solo.${c.action}`, { ordinal: this.t(`solo.ordinal_${c.ordinal}_${c.direction}`) });
    }
    if (c.action === "finance") return this.t("solo.finance", { kind: this.t(`solo.kind_${c.kind}`) });
    return this.t("solo.favour");
  }
}
