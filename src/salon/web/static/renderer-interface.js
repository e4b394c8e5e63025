// @ts-check
// What the table (game.js) and the replay (replay.js) ask of a game's renderer, the module
// /static/games/<name>/renderer.js whose createRenderer(ctx) they call.  This file holds only
// types: the renderers and the pages are checked against them (scripts/lint-js).

/**
 * What a page gives a renderer.
 * @typedef {object} RendererContext
 * @property {Record<string, any>} components the game's public component descriptions (/components)
 * @property {() => import("./i18n.js").Catalog} catalog the page's catalog now (the language may change)
 * @property {(seat: number) => string} seatName how the page names a seat
 * @property {(actions: string[]) => void} [actMany] sends several actions of one's own at once (the table only)
 */

/**
 * A seat as everyone sees it (the server's seats_json).
 * @typedef {object} Seat
 * @property {number} seat
 * @property {string} kind human, bot or automaton
 * @property {string | null} [bot] a bot's name
 * @property {string} name a person's name ("#n" where they gave none)
 * @property {boolean} taken
 * @property {boolean} online
 * @property {number} hints how many hints the seat asked for
 * @property {boolean} [vacant] its player left during the game
 * @property {number | null} [replaceable_in] seconds until the host may hand it on (0: now)
 * @property {boolean} [out] its player conceded or ran out of time: they finish last
 * @property {boolean} [holiday] its player is on holiday: their clock stops
 */

/**
 * A finished game's result (salon.core's Result).
 * @typedef {object} Result
 * @property {number[]} scores by seat
 * @property {number[][]} ranking groups of seats, best first
 * @property {number[]} winners
 * @property {number[]} tie_break by seat: what breaks a tie, where the game says
 * @property {Array<Record<string, number>>} breakdown each seat's points by scoring step
 */

/**
 * The state a renderer draws: the server's state message (the replay builds one per seat).
 * @typedef {object} TableState
 * @property {Record<string, any>} observation the seat's observation
 * @property {number | null} seat the seat shown (null: a spectator)
 * @property {string[]} legal the seat's legal actions now
 * @property {Seat[]} seats the seats as everyone sees them
 * @property {number | null} current the seat deciding now
 * @property {string} status open, running, over or ended
 * @property {Result | null} result the result of a finished game
 * @property {number} version
 * @property {number} [undoable] how many of its own actions the seat may take back (never a
 *   lone move the server made for it)
 * @property {string | null} [forced] the move the server makes for the seat (a lone pass or done, what
 *   decides nothing, a free gain the player leaves to it)
 * @property {string[]} [irrevocable] the legal actions that cannot be taken back, where the player asked
 *   to confirm them
 * @property {{seat: number, seconds: number, left: number, expired: boolean} | null} [timer] the turn timer
 * @property {number | null} [host] the seat of the table's host
 * @property {number | null} [pace_days] the days each decision has at a table that lasts days (null: live)
 * @property {"bot" | "out" | null} [on_timeout] what happens to a player whose days run out
 * @property {Clock | null} [clock] the deciding player's clock at a table that lasts days
 * @property {boolean} [rated] the result moves its players' ratings
 * @property {number[]} [end_votes] the seats whose players voted to end the game now
 * @property {boolean} [replay] a replay's view of a seat, shown under the seat's name to anyone
 */

/**
 * The clock of a table that lasts days.
 * @typedef {object} Clock
 * @property {number} seat the deciding seat
 * @property {number} days a decision's days
 * @property {number} deadline when its time runs out (seconds since the epoch)
 * @property {number} left seconds left
 * @property {boolean} paused stopped: the player is on holiday
 */

/**
 * One entry of the journal: the events of one action (the setup's for the first), each with its
 * lines of text where the server words the game (salon.wording).
 * @typedef {{n: number, actor?: number | null, events: Array<Record<string, any>>}} LogEntry
 */

/**
 * A seat on the score track: its points (null where hidden) and, where the game tells it, its
 * score if the game ended now (null where unknown).
 * @typedef {{seat: number, score: number | null, projected?: number | null}} TrackScore
 */

/**
 * A game's renderer.  The methods marked optional may be missing: the pages call them with ?.
 * @typedef {object} Renderer
 * @property {(state: TableState) => Element} board the board
 * @property {(state: TableState) => Element | null} privateArea the seat's own cards, null for a spectator
 * @property {(state: TableState) => Element} players the players' panels, each .player[data-seat]
 * @property {(state: TableState) => string} header where the game stands (round, phase)
 * @property {(state: TableState) => string} prompt the question of the current decision
 * @property {(action: string, state: TableState) => string} actionLabel a legal action in words
 * @property {(state: TableState) => Element | null} scoring the final scoring table, null before the end
 * @property {(seat: number) => string | null} [automatonName] the name of a seat the game plays itself
 * @property {(action: string, state: TableState) => string | null} [actionHelp] what an action does
 * @property {(state: TableState) => Element | null} [decisionVisual] what the decision is about, drawn
 * @property {(state: TableState) => string[]} [alternatives] the choices the rules refuse now
 * @property {(key: string, fields: Record<string, any>, state: TableState) => string | null} [refusal]
 *   an engine refusal's reason in words, null for a key the game does not word
 * @property {(state: TableState) => TrackScore[]} [scores] the score track
 * @property {() => Record<string, string>} [textFields] the fields every text of the game may use
 * @property {(entry: LogEntry) => void} [followLog] a new journal entry
 * @property {(name: string) => Element | Element[] | null} [region] what a lesson points at: the
 *   elements now on the page of a part of the table a tutorial names (``hand``, ``drawers``, ``market``...),
 *   several where the part is drawn in pieces, null for a part the game does not draw (the page
 *   itself finds ``choices``, the decision, and ``players``, the players' bar)
 */

/**
 * The catalog key of a heading of the seat's own things (``panel.your_hand``): in a replay,
 * which shows every seat's under its name, the seat's (``panel.seat_hand``), not "your".
 * @param {TableState} state
 * @param {string} thing
 */
export function own(state, thing) {
  return `panel.${state.replay ? "seat" : "your"}_${thing}`;
}
