// @ts-check
// The seat tokens this browser holds, by game id: a token is the only key to a seat.

export const seatStore = {
  all() {
    try {
      return JSON.parse(localStorage.getItem("salon.seats") || "{}");
    } catch {
      return {};
    }
  },
  get(id) {
    return this.all()[id] || null;
  },
  set(id, seat, token) {
    const all = this.all();
    all[id] = { seat, token };
    localStorage.setItem("salon.seats", JSON.stringify(all));
  },
  forget(id) {
    const all = this.all();
    delete all[id];
    localStorage.setItem("salon.seats", JSON.stringify(all));
  },
};
