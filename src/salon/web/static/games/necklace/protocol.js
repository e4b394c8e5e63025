// @ts-check
// Written by python -m tools.shapes from salon.necklace.observation; do not edit.
// The shapes of what the server sends of the game: a seat's observation and its decisions.

/**
 * A Queen's Necklace game as one seat may know it (QN-INFO-1/2): what is public, what the seat itself holds, and
 * nothing of the draw pile's order.
 * @typedef {object} Observation
 * @property {"necklace"} game
 * @property {number | null} viewer The seat observing; null for a spectator.
 * @property {Player[]} players
 * @property {number} active The seat whose turn it is.
 * @property {number} turn
 * @property {"setup" | "influence" | "purchase" | "devaluation" | "sale" | "over"} phase
 * @property {number | null} ducats The active player's, while they influence and buy.
 * @property {number} bought
 * @property {Array<MarketSlot | null>} market
 * @property {number} pile_count
 * @property {string[]} discard
 * @property {string[]} merchants_in_play
 * @property {Fashion[]} fashion Most fashionable first.
 * @property {Record<string, number> | null} last_sale_rarity
 * @property {number} sales Sales held so far.
 * @property {number} sales_total
 * @property {Decision | null} decision Null once the game is over.
 * @property {boolean} over
 */

/**
 * What is being decided: whose decision and its kind for everyone, its details for the seat that decides.
 * @typedef {object} Decision
 * @property {number} seat
 * @property {"alchemist" | "buy" | "cardinal" | "forger_discard" | "forger_response" | "influence" | "present" |
 *   "queen"} kind
 * @property {number} [ducats] Ducats left to spend this turn.
 * @property {number} [bought] Cards bought this turn.
 * @property {number} [forger] The seat playing the Forger.
 * @property {string} [gem] The gem type the Forger names.
 * @property {number} [slot] The market slot of the Queen.
 * @property {string} [card] The card in that slot.
 * @property {string} [merchant] The Merchant the Cardinal may cancel.
 * @property {number} [active] The seat whose turn it is.
 * @property {number} [sale] The number of the sale.
 * @property {Record<string, string[]>} [lots] The presentation so far, by gem type.
 * @property {string[]} [bankers] The Bankers presented so far.
 */

/**
 * A player as the seat sees them; the hand, the hands seen and the presentation being made only for the seat's own.
 * @typedef {object} Player
 * @property {number} seat
 * @property {number} score
 * @property {number} hand_count
 * @property {boolean} necklace Whether the player wears the necklace.
 * @property {string[]} delayed_sales The Merchants lying beside the player.
 * @property {CardView[]} [hand]
 * @property {Record<string, string[]>} [seen] The hands a Confessor or a Forger showed, by seat.
 * @property {Presentation} [presenting] The presentation being made, before the reveal.
 * @property {Presentation} [presented] The presentation, once revealed.
 */

/**
 * A card for sale in the market: its slot, price and step down its price ladder.
 * @typedef {object} MarketSlot
 * @property {number} slot
 * @property {CardView} card
 * @property {number} price
 * @property {number} step
 * @property {number[]} ladder
 */

/**
 * A gem type and its fashion value.
 * @typedef {object} Fashion
 * @property {string} gem
 * @property {number} value
 */

/**
 * A card by its own id, its kind and, for a gem card, its gem type and gems.
 * @typedef {object} CardView
 * @property {string} id
 * @property {"gem" | "ring" | "necklace" | "king" | "banker" | "confessor" | "courtesan" | "forger" | "favorite" |
 *   "thief" | "alchemist" | "astrologer" | "cardinal" | "musketeer" | "queen" | "merchant"} kind
 * @property {string} [gem]
 * @property {number} [gems]
 */

/**
 * A presentation: the cards of each gem type's column, in fashion order, and the Bankers beside them.
 * @typedef {object} Presentation
 * @property {Record<string, string[]>} lots
 * @property {string[]} bankers
 */

export {};
