// @ts-check
// The coach of a lesson: the step's text in the page's language, how far the lesson is, "Next"
// on a word between moves, a way back to the part of the table the step is about, and on demand
// the rules the step applies, each a link to the game's "How to play".  Beside the table, never
// over it: in the side column on a wide screen, a bar at the window's foot on a narrow one, whose
// height the page leaves free below the table (--coach-h).

import { h } from "../ui.js";

/**
 * @typedef {import("./lesson.js").Frame} Frame
 * @typedef {import("../i18n.js").Catalog} Catalog
 */

/**
 * What the coach asks of its page.
 * @typedef {object} CoachPage
 * @property {() => Catalog} catalog the page's texts now
 * @property {(frame: Frame) => string} say a step's text, in the page's language
 * @property {() => void} next "Next" on a word between moves
 * @property {() => void} show the part of the table the step is about, brought into view again
 */

/** The coach's panel, drawn anew for each step. */
export class Coach {
  /**
   * @param {string} game
   * @param {number} total the lesson's steps
   * @param {CoachPage} page
   */
  constructor(game, total, page) {
    this.game = game;
    this.total = total;
    this.page = page;
    this.el = h("section", { class: "panel coach", id: "coach", "aria-live": "polite" }); // each step read out
    /** @type {{at: number, frame: Frame} | null} */
    this.step = null;
    this.whyOpen = false; // the rules stay shown from step to step once asked for
    this.sizer = new ResizeObserver(() => this.measure());
    this.sizer.observe(this.el);
  }

  stop() {
    this.sizer.disconnect();
    document.documentElement.style.removeProperty("--coach-h");
  }

  /** The coach's height, left free at the window's foot where the coach is a bar there. */
  measure() {
    const fixed = getComputedStyle(this.el).position === "fixed";
    const height = fixed ? `${Math.ceil(this.el.getBoundingClientRect().height)}px` : "0px";
    document.documentElement.style.setProperty("--coach-h", height);
  }

  /**
   * @param {number} at the step's index
   * @param {Frame} frame
   */
  render(at, frame) {
    this.step = { at, frame };
    this.redraw();
  }

  redraw() {
    if (!this.step) return;
    const c = this.page.catalog();
    const { at, frame } = this.step;
    const word = frame.action === "";
    const done = h("span", {});
    done.style.width = `${(100 * (at + 1)) / this.total}%`;
    const progress = h("div", { class: "coach-progress", "aria-hidden": "true" }, done);
    this.el.setAttribute("aria-label", c.t("learn.coach"));
    this.el.dataset.step = String(at);
    this.el.dataset.word = word ? "1" : "";
    const focused = this.el.contains(document.activeElement); // "Next" pressed from the keyboard
    this.el.replaceChildren(
      h(
        "div",
        { class: "coach-head" },
        h("span", { class: "coach-step", id: "coach-step" }, c.t("learn.step_of", { n: at + 1, total: this.total })),
        progress,
        h("a", { class: "coach-quit", id: "coach-quit", href: "#/learn" }, c.t("learn.quit")),
      ),
      h("p", { class: "coach-say", id: "coach-say" }, this.page.say(frame)),
      h(
        "div",
        { class: "coach-tools" },
        word
          ? h(
              "button",
              { class: "btn primary", id: "coach-next", on: { click: () => this.page.next() } },
              c.t("learn.next"),
              " →",
            )
          : null,
        h("button", { class: "btn small", id: "coach-show", on: { click: () => this.page.show() } }, c.t("learn.show")),
        this.why(c, frame),
      ),
    );
    const next = this.el.querySelector("#coach-next, #coach-show");
    if (focused && next instanceof HTMLElement) next.focus({ preventScroll: true });
    this.measure();
  }

  /**
   * The rules the step applies, each a link to the game's "How to play" where it is summed up.
   * @param {Catalog} c
   * @param {Frame} frame
   */
  why(c, frame) {
    if (!frame.rules.length) return null;
    const box = h(
      "details",
      { class: "coach-why", id: "coach-why", open: this.whyOpen },
      h("summary", {}, c.t("learn.why")),
      h(
        "ul",
        {},
        frame.rules.map((rule) =>
          h(
            "li",
            {},
            h(
              "a",
              { href: `#/rules/${this.game}/${rule}`, target: "_blank", rel: "noopener", "data-rule": rule },
              rule,
            ),
          ),
        ),
      ),
    );
    box.addEventListener("toggle", () => {
      this.whyOpen = box.open;
      this.measure();
    });
    return box;
  }

  /**
   * The coach put away (the lesson is over), or back.
   * @param {boolean} hidden
   */
  hide(hidden) {
    this.el.hidden = hidden;
    this.measure();
  }

  /** The coach asks for attention again: the learner chose another move. */
  nudge() {
    this.el.classList.remove("nudged");
    void this.el.offsetWidth; // the animation starts over
    this.el.classList.add("nudged");
  }
}
