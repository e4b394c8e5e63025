// @ts-check
// What Rococo's renderer reads, as the server sends it: the public component descriptions
// (/api/games/<id>/components) and a seat's observation, whose shapes protocol.js holds as
// salon.rococo.observation declares them (python -m tools.shapes writes it).  This file holds
// only types.

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

/** @typedef {import("./protocol.js").Player} Player */
/** @typedef {import("./protocol.js").Board} BoardState */
/** @typedef {import("./protocol.js").Guest} Guest */
/** @typedef {import("./protocol.js").Decision} Decision */

/**
 * A seat's observation, with each seat's score if the game ended now (null: unknown), which the
 * server adds beside it.
 * @typedef {import("./protocol.js").Observation & {projection?: Array<number | null>}} Observation
 */

/**
 * One of Madame du Barry's cards in the solo mode.
 * @typedef {Component} SoloCard
 */

export {};
