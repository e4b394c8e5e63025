// @ts-check
// The lessons' stylesheet (learn.css), linked into the page once, when a lesson's page or the
// list of lessons is first shown: the pages wait for it, so that nothing shows unstyled.

import { h } from "../ui.js";

/** @type {Promise<void> | null} */
let linked = null;

/** The lessons' stylesheet, once it is loaded (or could not be). */
export function useStyle() {
  if (!linked) {
    linked = new Promise((resolve) => {
      const link = h("link", { rel: "stylesheet", href: "/static/learn/learn.css" });
      link.addEventListener("load", () => resolve());
      link.addEventListener("error", () => resolve());
      document.head.append(link);
    });
  }
  return linked;
}
