// @ts-check
// What the Queen's Necklace's renderer reads: the public card descriptions
// (/api/games/<id>/components) and a seat's observation (salon.necklace.view), as the server
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

/**
 * A card as the observation shows it.
 * @typedef {{id: string, kind: string, gem?: string, gems?: number}} CardView
 */

/**
 * A presentation: the cards of each gem type's column, and the Bankers beside them.
 * @typedef {{lots: Record<string, string[]>, bankers: string[]}} Presentation
 */

/**
 * A player as the seat sees them; the hand, the hands seen and the presentation being made
 * only for the seat's own.
 * @typedef {object} Player
 * @property {number} seat
 * @property {number} score
 * @property {number} hand_count
 * @property {boolean} necklace
 * @property {string[]} delayed_sales
 * @property {CardView[]} [hand]
 * @property {Record<string, string[]>} [seen] the hands a Confessor or a Forger showed, by seat
 * @property {Presentation} [presenting]
 * @property {Presentation} [presented]
 */

/**
 * A card for sale in the market.
 * @typedef {{slot: number, card: CardView, price: number, step: number, ladder: number[]}} MarketSlot
 */

/**
 * The decision now, with its details for the seat that makes it.
 * @typedef {object} Decision
 * @property {number} seat
 * @property {string} kind
 * @property {number} [ducats]
 * @property {number} [forger]
 * @property {string} [gem]
 * @property {string} [card]
 * @property {number} [sale]
 */

/**
 * A seat's observation.
 * @typedef {object} Observation
 * @property {Player[]} players
 * @property {number} active
 * @property {number} turn
 * @property {string} phase
 * @property {number | null} ducats the active player's, while they influence and buy
 * @property {Array<MarketSlot | null>} market
 * @property {number} pile_count
 * @property {string[]} discard
 * @property {string[]} merchants_in_play
 * @property {Array<{gem: string, value: number}>} fashion most fashionable first
 * @property {Record<string, number> | null} last_sale_rarity
 * @property {number} sales
 * @property {number} sales_total
 * @property {Decision | null} decision
 * @property {boolean} over
 */

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
