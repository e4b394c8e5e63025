// @ts-check
// The seat tokens this browser holds, by game id: a token is the only key to a seat.

/** @typedef {{seat: number, token: string}} Held */

export const seatStore = {
  /** @returns {Record<string, Held>} */
  all() {
    try {
      return JSON.parse(localStorage.getItem("salon.seats") || "{}");
    } catch {
      return {};
    }
  },
  /**
   * @param {string} id
   * @returns {Held | null}
   */
  get(id) {
    return this.all()[id] || null;
  },
  /**
   * @param {string} id
   * @param {number} seat
   * @param {string} token
   */
  set(id, seat, token) {
    const all = this.all();
    all[id] = { seat, token };
    localStorage.setItem("salon.seats", JSON.stringify(all));
  },
  /** @param {string} id */
  forget(id) {
    const all = this.all();
    delete all[id];
    localStorage.setItem("salon.seats", JSON.stringify(all));
  },
};
