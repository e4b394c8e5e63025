// @ts-check
// What Rococo's renderer reads, as the server sends it: the public component descriptions
// (/api/games/<id>/components) and a seat's observation (salon.rococo's view).  Each names
// the parts the renderer goes through; the other fields are read where they are drawn.  This
// file holds only types.

/**
 * A component's description (a card, a garment, a tile, a jewel...), by its fields.
 * @typedef {Record<string, any>} Component
 */

/**
 * A decoration space of the board.
 * @typedef {Component & {id: string, kind: string}} Decoration
 */

/**
 * A guest space of the board, with the number of its hall.
 * @typedef {Component & {id: string, hall: number}} Space
 */

/**
 * A hall of the board with its guest spaces.
 * @typedef {Component & {number: number, spaces: Space[]}} Hall
 */

/**
 * The public component descriptions: cards, garments, tiles and jewels by id, the board, the
 * rules' numbers, the Jewelry Box and the solo mode where they are played, the edition's terms.
 * @typedef {object} Components
 * @property {Record<string, Component>} cards
 * @property {Record<string, Component>} garments
 * @property {Record<string, Component>} tiles
 * @property {string[]} colours the silk colours, in order
 * @property {Component & {decorations: Decoration[], halls: Hall[]}} board
 * @property {Record<string, any>} rules
 * @property {number} rounds how many rounds the game has
 * @property {Component | null} [jewelry]
 * @property {Component | null} [solo]
 * @property {Record<string, string>} [terms] the edition's words for the engine's terms
 * @property {string} [edition]
 */

/**
 * A player as the seat sees them; their hand, supply and rack for the seat's own only.
 * @typedef {Component & {seat: number, jewels: string[], hand?: string[], supply?: string[], rack?: string[]}} Player
 */

/**
 * The board now: the design display's windows, the drawers of resource tiles, the new
 * employees, and the decorations and guests placed.
 * @typedef {Component & {windows: Array<{garment: string | null, cost: number}>,
 *   drawers: Array<Array<string | null>>, display: Array<string | null>}} BoardState
 */

/**
 * A seat's observation: the board, the players, the decision now, the jewelry.
 * @typedef {object} Observation
 * @property {BoardState} board
 * @property {Player[]} players
 * @property {Record<string, any> | null} decision
 * @property {(Component & {display: Array<{jewel: string, price: number}>}) | null} [jewelry]
 * @property {Component | null} [solo]
 * @property {number} start_player
 * @property {number} round
 * @property {string} phase
 * @property {Array<Record<string, number>>} [breakdown] each seat's points by scoring step, once scored
 * @property {Array<number | null>} [projection] each seat's score if the game ended now (null: unknown)
 * @property {boolean} [over]
 */

/**
 * A garment seated on a guest space, and whose it is.
 * @typedef {{garment: string, owner: number}} Guest
 */

/**
 * One of Madame du Barry's cards in the solo mode.
 * @typedef {Component} SoloCard
 */

export {};
