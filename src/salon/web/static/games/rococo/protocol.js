// @ts-check
// Written by python -m tools.shapes from salon.rococo.observation; do not edit.
// The shapes of what the server sends of the game: a seat's observation and its decisions.

/**
 * A Rococo game as one seat may know it (R-SETUP-12): what is public, what the seat itself holds, and nothing of what
 * nobody sees (the order of the deck and the bags).
 * @typedef {object} Observation
 * @property {"rococo"} game
 * @property {number | null} viewer The seat observing; null for a spectator.
 * @property {Player[]} players
 * @property {number} round
 * @property {"setup" | "prepare" | "choose" | "actions" | "income" | "scoring" | "end" | "over"} phase
 * @property {number} start_player
 * @property {string | null} turn_card The card being played.
 * @property {Decision | null} decision Null once the game is over.
 * @property {boolean} over
 * @property {Board} board
 * @property {string[]} expansions
 * @property {Jewelry | null} jewelry
 * @property {number} festive_waiting Festive garments waiting for the second round.
 * @property {Solo | null} solo
 * @property {Array<Record<string, number>> | null} breakdown Each seat's points by scoring step, once scored (and
 *   shown).
 * @property {number[] | null} money_left Each seat's livres left, once the game is over.
 */

/**
 * What is being decided: whose decision and its kind for everyone, its details for the seat that decides.
 * @typedef {object} Decision
 * @property {number} seat
 * @property {"acquire" | "bonus" | "buy" | "dispose" | "exq_send" | "fate" | "finance" | "give" | "hand" | "hire" |
 *   "jewel" | "main" | "mdb_remove" | "play" | "promote" | "reduce" | "sets" | "silk_vp" | "tailor" | "task" |
 *   "terrace"} kind
 * @property {string} [card] The card being played.
 * @property {string} [bonus_card] The card whose bonus is offered.
 * @property {string} [bonus] The bonus offered, by its id.
 * @property {string | null} [free_gain] The action that uses a bonus which only gains livres or points, which a front
 *   end may take for the player (salon.core.choices); null for any other bonus.
 * @property {string} [mode] How the acquisition or tailoring comes about: `main`, `bonus`, `reward` or a garment's
 *   effect.
 * @property {number} [picks_left] Cards still to pick for the hand.
 * @property {string} [tile] The resource tile to keep or convert.
 * @property {string} [garment] The garment being made or placed.
 * @property {boolean} [free] Whether the jewel comes free.
 * @property {string[]} [tasks] The exam tasks to mark one of.
 * @property {Silk} [need] The silk still to hand in.
 * @property {number} [discount] Livres off the decoration's price.
 * @property {number} [price] The price of what may be bought.
 */

/**
 * A player as the seat sees them: the public counts and goods of everyone, the seat's own rack, silk, hand, supply and
 * specialized apprentice; the jewels and exam with the Jewelry Box.
 * @typedef {object} Player
 * @property {number} seat
 * @property {number} livres
 * @property {number} thread
 * @property {number} lace
 * @property {number | null} vp Null where it is hidden (the 2013 edition keeps the others' prestige secret, D-10).
 * @property {number} rack_count
 * @property {number} hand_count
 * @property {number} supply_count
 * @property {string[]} discard
 * @property {string | null} in_play
 * @property {number} staff_size
 * @property {string[]} [jewels]
 * @property {"journeyman" | "master"} [exam]
 * @property {string[]} [tasks] The tasks of the current exam already marked.
 * @property {number} [master_exams]
 * @property {boolean} [has_specialist]
 * @property {Specialist} [specialist]
 * @property {string[]} [rack]
 * @property {Silk} [silk]
 * @property {string[]} [hand]
 * @property {string[]} [supply]
 */

/**
 * The board now: the design display's windows, the drawers of resource tiles, the new employees, the decorations and
 * guests placed, the bags and discards.
 * @typedef {object} Board
 * @property {string} side
 * @property {Window[]} windows
 * @property {Array<Array<string | null>>} drawers
 * @property {Array<string | null>} display The employees to hire, by space.
 * @property {number} deck_count
 * @property {number | null} favour The seat holding the Queen's favour.
 * @property {Record<string, Guest>} guests By guest space.
 * @property {Record<string, number>} decorations The seat owning each decoration space taken.
 * @property {Record<string, string>} terrace The garment on the terrace beside each fireworks space.
 * @property {Array<number | null>} all_halls The seat on each space of the all-halls ladder.
 * @property {string | null} making The garment being made.
 * @property {number} resource_bag_count
 * @property {string[]} resource_discard
 * @property {number} garment_bag_count
 * @property {string[]} garment_discard
 * @property {string[]} removed_cards
 */

/**
 * The jeweler's board (the Jewelry Box).
 * @typedef {object} Jewelry
 * @property {JewelSpace[]} display
 * @property {number} bag_count
 * @property {string[]} removed
 * @property {number} journeyman_stack_count
 * @property {number} master_stack_count
 */

/**
 * Madame du Barry in the solo mode: her seat, her cards' counts and discard pile.
 * @typedef {object} Solo
 * @property {number} seat
 * @property {number} hand_count
 * @property {number} supply_count
 * @property {string[]} discard
 */

/**
 * Silk bales by colour.
 * @typedef {object} Silk
 * @property {number} blue
 * @property {number} pink
 * @property {number} green
 * @property {number} orange
 */

/**
 * A specialized apprentice and the condition of hiring it (R-JB-SA-*).
 * @typedef {object} Specialist
 * @property {string} card
 * @property {string} condition
 */

/**
 * A window of the design display, its garment and its cost.
 * @typedef {object} Window
 * @property {string | null} garment
 * @property {number} cost
 */

/**
 * A garment seated on a guest space, and whose it is.
 * @typedef {object} Guest
 * @property {string} garment
 * @property {number} owner
 */

/**
 * A space of the jewelry display, its jewel and its price.
 * @typedef {object} JewelSpace
 * @property {string | null} jewel
 * @property {number} price
 */

export {};
