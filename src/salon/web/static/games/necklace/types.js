// @ts-check
// What the Queen's Necklace's renderer reads: the public card descriptions
// (/api/games/<id>/components) and a seat's observation, whose shapes protocol.js holds as
// salon.necklace.observation declares them (python -m tools.shapes writes it), as the server
// sends them, and the journal's events it follows.  This file holds only types.

/**
 * A card's face, by its id or its public name.
 * @typedef {object} Face
 * @property {string} kind the character, or "gem"
 * @property {string} colour
 * @property {string} [gem] a gem card's gem type
 * @property {number} [gems] how many gems it shows
 * @property {number[]} ladder its price ladder in the market
 */

/**
 * The numbers of the rules the texts name.
 * @typedef {object} Rules
 * @property {number} necklace_bounty
 * @property {number} banker_bonus
 * @property {number} courtesan_ducats
 * @property {number} musketeers_for_necklace
 * @property {number[]} fashion_values
 * @property {number} sales
 * @property {number} ducats
 */

/**
 * The public component descriptions.
 * @typedef {object} Components
 * @property {Record<string, Face>} cards by card id
 * @property {Record<string, Face>} [kinds] by public name, for identical copies
 * @property {string[]} [gems] the gem types
 * @property {Rules} rules
 */

/** @typedef {import("./protocol.js").CardView} CardView */
/** @typedef {import("./protocol.js").Presentation} Presentation */
/** @typedef {import("./protocol.js").Player} Player */
/** @typedef {import("./protocol.js").MarketSlot} MarketSlot */
/** @typedef {import("./protocol.js").Decision} Decision */
/** @typedef {import("./protocol.js").Observation} Observation */

/**
 * A sale's outcome (its "sale_result" event), by gem type.
 * @typedef {object} SaleResult
 * @property {Record<string, number>} gems
 * @property {Record<string, number>} rarity
 * @property {Record<string, number>} prices
 * @property {Record<string, number[]>} sellers
 * @property {string[]} cancelled
 * @property {Array<Record<string, number>>} income by seat
 */

/**
 * The last sale as the journal told it.
 * @typedef {{number: number, presented: Presentation[] | null, result: SaleResult | null}} Sale
 */

export {};
