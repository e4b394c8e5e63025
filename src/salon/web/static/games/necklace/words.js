// @ts-check
// The Queen's Necklace's words in the browser: players, amounts, gems, characters and cards
// named in the page's language, the cards' tooltips, and the numbers of the rules every text
// may use.  The journal's texts come from the server (salon.wording); these name what the
// table shows.

/**
 * @typedef {import("./types.js").Components} Components
 * @typedef {import("./types.js").Face} Face
 * @typedef {import("./types.js").Observation} Observation
 * @typedef {import("../../renderer-interface.js").TableState} TableState
 */

/** Names what one game of the Queen's Necklace shows, from the public card descriptions. */
export class NecklaceWords {
  /** @param {import("../../renderer-interface.js").RendererContext} ctx */
  constructor({ components, catalog, seatName }) {
    this.comp = /** @type {Components} */ (components);
    this.catalog = catalog;
    this.seatNameOf = seatName;
  }

  get c() {
    return this.catalog();
  }

  /**
   * The observation of the state's seat, as the server sends it for this game.
   * @param {TableState} state
   */
  obs(state) {
    return /** @type {Observation} */ (state.observation);
  }

  /**
   * @param {string} key
   * @param {Record<string, any>} [fields]
   */
  t(key, fields) {
    return this.c.t(`necklace.${key}`, fields);
  }

  /** @param {string} key */
  has(key) {
    return this.c.has(`necklace.${key}`);
  }

  // --- phrases

  /** @param {number | null | undefined} seat */
  player(seat) {
    if (seat === null || seat === undefined || seat < 0) return this.t("unit.nobody");
    return this.seatNameOf(seat);
  }

  /** @param {number} n */
  livres(n) {
    return this.c.n("necklace.unit.livres", n);
  }

  /** @param {number} n */
  ducats(n) {
    return this.c.n("necklace.unit.ducats", n);
  }

  /** @param {string} name */
  gem(name) {
    return this.has(`gem.${name}`) ? this.t(`gem.${name}`) : name;
  }

  /**
   * @param {string} name
   * @param {number} n
   */
  gemCount(name, n) {
    return this.c.n(`necklace.gems.${name}`, n);
  }

  /** @param {string} kind */
  kind(kind) {
    return this.has(`kind.${kind}`) ? this.t(`kind.${kind}`) : kind;
  }

  /**
   * A card named by its own id (market, own cards) or by its kind (identical copies elsewhere).
   * @param {string} id
   * @returns {Face | undefined}
   */
  face(id) {
    return this.comp.cards[id] || (this.comp.kinds || {})[id];
  }

  /**
   * A card's face: "3 diamonds" for a gem card, its character's name otherwise.
   * @param {string} id
   */
  name(id) {
    const c = this.face(id);
    if (!c) return id || "—";
    return c.kind === "gem" ? this.gemCount(c.gem || "", c.gems || 0) : this.kind(c.kind);
  }

  /**
   * A card with its id where the views name it by id; by its face alone where they name it by kind.
   * @param {string} id
   */
  card(id) {
    return this.comp.cards[id] ? this.t("card.label", { name: this.name(id), id }) : this.name(id);
  }

  /** @param {string[] | undefined} ids */
  cards(ids) {
    return (ids || []).map((x) => this.card(x)).join(", ") || this.t("unit.none");
  }

  /** @param {string} id */
  tip(id) {
    const c = this.face(id);
    if (!c) return id;
    const lines = [this.card(id), this.t(`colour.${c.colour}`)];
    if (this.has(`effect.${c.kind}`)) {
      const r = this.comp.rules;
      lines.push(
        this.t(`effect.${c.kind}`, {
          bounty: r.necklace_bounty,
          bonus: r.banker_bonus,
          ducats: r.courtesan_ducats,
          musketeers: r.musketeers_for_necklace,
        }),
      );
    }
    if (c.ladder.length) lines.push(this.t("card.ladder", { ladder: c.ladder.join(" › ") }));
    return lines.join("\n");
  }

  /** The numbers of the rules every text of the game may use, the journal's included. */
  textFields() {
    const r = this.comp.rules;
    return Object.fromEntries(
      Object.entries({
        courtesan_ducats: r.courtesan_ducats,
        banker_bonus: r.banker_bonus,
        necklace_bounty: r.necklace_bounty,
        sales_total: r.sales,
        base_ducats: r.ducats,
        musketeers: r.musketeers_for_necklace,
      }).map(([k, v]) => [k, String(v)]),
    );
  }
}
