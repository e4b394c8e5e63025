// @ts-check
// Rococo's look in the browser: the colours of silk, jewels and players, the board's gold and
// ink, its geometry in board units, the garments' silhouettes, and the small fixed lists the
// drawing and the texts share.

/** @typedef {{fill: string, mid: string, deep: string}} Shades a colour's light, middle and deep shades */

/** @type {Record<string, Shades>} */
export const SILK = {
  blue: { fill: "#a9c3e4", mid: "#7fa3d3", deep: "#3d6da8" },
  pink: { fill: "#f1bccb", mid: "#e393ab", deep: "#b5587a" },
  green: { fill: "#b5d6b0", mid: "#8dbf8f", deep: "#4b8a54" },
  orange: { fill: "#f3cb9e", mid: "#eaa866", deep: "#c06d25" },
  // the 2013 edition's own colours (its terms rename the engine's colours to these)
  yellow: { fill: "#f2e3a0", mid: "#e6cc5c", deep: "#a88a1e" },
  red: { fill: "#eeb1a8", mid: "#dc7d70", deep: "#a33a2e" },
};
export const JEWEL_DEEP = SILK;
/** The colours of an employee card's band by the employee's type: light, deep. @type {Record<string, string[]>} */
export const BANDS = {
  master: ["#9d4a5c", "#7c3345"],
  journeyman: ["#4f7fa0", "#365f7e"],
  apprentice: ["#6f9159", "#52703f"],
};
export const PLAYER = ["#a8323e", "#2d5aa0", "#c4880f", "#2e7d4f", "#6f4a9c"];
export const ROMAN = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
export const GOLD = "#b48c3c";
export const GOLD_LIGHT = "#e2c98a";
export const INK = "#3b2e24";
export const INK_SOFT = "#7a6552";
/** The smallest font of the board, in board units: over 11 px where the board is drawn as wide
 *  as a 1366 px window leaves it beside the players and the journal, the least that stays legible. */
export const MIN_FONT = 18;
export const FORM_TABLE = /^rococo\.(colour|term)_(\w+)\.\w+$/;
/** @type {Record<string, string>} */
export const LOWER_KEY = { "": "none", thread: "thread", lace: "lace", "thread/lace": "either", "thread+lace": "both" };

export const W = 1600;
export const SPW = 76; // guest space
export const SPH = 92;
export const GAP = 10;

// Silhouettes in a 40 x 52 box: a lady's gown and a gentleman's frock coat.
export const DRESS = "M20 3c-3 0-5 2-5 5l1 7-4 3-3 7 2 2-8 21c8 4 26 4 34 0l-8-21 2-2-3-7-4-3 1-7c0-3-2-5-5-5z";
export const COAT = "M14 4l6 7 6-7 7 3 4 21-4 1-2-12v31l-9 2-2-19-2 19-9-2v-31l-2 12-4-1 4-21z";
/** The scoring steps in rulebook order (the final table's rows). */
export const STEPS = ["game", "money", "jewels", "employees", "favour", "halls", "fireworks", "statues", "markers"];
