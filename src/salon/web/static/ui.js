// @ts-check
// Small DOM helpers shared by the shell and the game renderers: element builders for HTML
// and SVG, the tooltips, the name asked before taking a seat, and the toast for short notices.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * What h() and s() take as children: nodes, texts, numbers, nothing (null, undefined, false:
 * left out), or lists of these.
 * @typedef {Node | string | number | false | null | undefined | ChildList} Child
 * @typedef {{readonly [i: number]: Child, readonly length: number}} ChildList
 */

/**
 * The attributes of h() and s(): each set as written (true: present without a value; null,
 * undefined, false: left out), but ``on`` (event listeners by event name), ``text`` (the text
 * content) and ``style`` (set through the CSSOM).
 * @typedef {Record<string, string | number | boolean | null | undefined | Record<string, (e: Event) => void>>} Attrs
 */

/**
 * @template {Element} E
 * @param {E} node
 * @param {Attrs | null} attrs
 * @param {Child[]} children
 * @returns {E}
 */
function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "on" && typeof v === "object") {
      for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    } else if (k === "text") {
      node.textContent = String(v);
    } else if (k === "style" && (node instanceof HTMLElement || node instanceof SVGElement)) {
      node.style.cssText = String(v); // through the CSSOM: the page's policy forbids style attributes
    } else {
      node.setAttribute(k, v === true ? "" : String(v));
    }
  }
  append(node, children);
  return node;
}

/**
 * @param {Element} node
 * @param {Child} child
 */
function append(node, child) {
  if (child === undefined || child === null || child === false) return;
  if (Array.isArray(child)) for (const c of child) append(node, c);
  else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
}

/**
 * An HTML element: h("div", {class: "x"}, child, "text", ...).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = null, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * A table's title as the page's reader reads it: its own, or for a table named automatically
 * (an empty title) its game's name in the page's language ("<Game> table").
 * @param {import("./i18n.js").Catalog} c
 * @param {string} title
 * @param {string} game
 */
export function tableTitle(c, title, game) {
  return title || c.t("table.automatic", { game: c.has(`${game}.name`) ? c.t(`${game}.name`) : game });
}

/**
 * An SVG element, same calling convention as h().
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs = null, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/**
 * An element the page (index.html) always has.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el;
}

/**
 * The value of the input or select an event (a change, an input) comes from.
 * @param {Event} e
 * @returns {string}
 */
export function valueOf(e) {
  const el = e.target;
  if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) return el.value;
  throw new Error(`a ${e.type} event from no input or select`);
}

/**
 * Whether the checkbox an event (a change) comes from is checked.
 * @param {Event} e
 * @returns {boolean}
 */
export function checkedOf(e) {
  const el = e.target;
  if (el instanceof HTMLInputElement) return el.checked;
  throw new Error(`a ${e.type} event from no input`);
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;
/**
 * A short notice at the bottom of the page for ``ms`` milliseconds.
 * @param {string} message
 * @param {number} [ms]
 */
export function toast(message, ms = 3200) {
  const el = byId("toast");
  el.textContent = message;
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), ms);
}

/** Tooltips: any element with a data-tip attribute shows it beside the element under the
 *  pointer, or after a long press on a touch screen.  The tip follows its element while it
 *  is shown (through scrolling too) and goes when the element is clicked, the pointer leaves
 *  it or it leaves the page. */
export function installTooltips() {
  const tip = byId("tip");
  /** @type {Element | null} the element whose tip is shown */
  let current = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let hideTimer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let pressTimer;
  let following = false;
  const place = () => {
    following = Boolean(current);
    if (!current) return;
    if (!current.isConnected) {
      hide();
      following = false;
      return;
    }
    const box = current.getBoundingClientRect();
    const w = tip.offsetWidth;
    const hgt = tip.offsetHeight;
    const left = Math.min(window.innerWidth - w - 8, box.left);
    const below = box.bottom + 6;
    const top = below + hgt > window.innerHeight ? box.top - hgt - 6 : below;
    tip.style.left = `${Math.max(4, left)}px`;
    tip.style.top = `${Math.max(4, top)}px`;
    requestAnimationFrame(place);
  };
  /** @param {Element} target */
  const show = (target) => {
    if (current === target) return;
    current = target;
    tip.textContent = target.getAttribute("data-tip");
    tip.style.display = "block";
    if (!following) place();
  };
  const hide = () => {
    current = null;
    tip.style.display = "none";
  };
  /** @param {Event} e */
  const tipOf = (e) => (e.target instanceof Element ? e.target.closest("[data-tip]") : null);
  /** @type {number[] | null} */
  let clickedAt = null; // after a click the tip waits until the pointer moves on
  document.addEventListener("mouseover", (e) => {
    const target = tipOf(e);
    if (target && !clickedAt) show(target);
    else hide();
  });
  document.addEventListener("mousemove", (e) => {
    if (!clickedAt || (e.clientX === clickedAt[0] && e.clientY === clickedAt[1])) return;
    clickedAt = null;
    const target = tipOf(e);
    if (target) show(target);
  });
  document.addEventListener("mouseout", (e) => {
    if (current && !(e.relatedTarget instanceof Node && current.contains(e.relatedTarget))) hide();
  });
  document.addEventListener(
    "click",
    (e) => {
      clickedAt = [e.clientX, e.clientY];
      hide();
    },
    true,
  );
  document.addEventListener(
    "touchstart",
    (e) => {
      const target = tipOf(e);
      clearTimeout(pressTimer);
      if (!target) return;
      pressTimer = setTimeout(() => {
        show(target);
        clearTimeout(hideTimer);
        hideTimer = setTimeout(hide, 4000);
      }, 450);
    },
    { passive: true },
  );
  const cancelPress = () => clearTimeout(pressTimer);
  document.addEventListener("touchend", cancelPress, { passive: true });
  document.addEventListener("touchmove", cancelPress, { passive: true });
  document.addEventListener("contextmenu", (e) => {
    if (tipOf(e)) e.preventDefault();
  });
}

/**
 * Ask the player's name (remembered for the next time), before taking a seat: the stored one
 * is offered.  Resolves to the name, or null when the player cancels.
 * @param {import("./i18n.js").Catalog} c
 * @returns {Promise<string | null>}
 */
export function askName(c) {
  return new Promise((resolve) => {
    const input = h("input", {
      type: "text",
      id: "ask-name",
      maxlength: 40,
      value: localStorage.getItem("salon.name") || "",
      placeholder: c.t("lobby.name_placeholder"),
    });
    /** @param {string | null} name */
    const done = (name) => {
      overlay.remove();
      if (name !== null) localStorage.setItem("salon.name", name);
      resolve(name);
    };
    const form = h(
      "form",
      {
        class: "panel ask-name",
        on: {
          submit: (e) => {
            e.preventDefault();
            done(input.value.trim());
          },
        },
      },
      h("h2", {}, c.t("game.ask_name")),
      h("label", { for: "ask-name" }, c.t("lobby.your_name")),
      " ",
      input,
      h(
        "div",
        { class: "end-buttons" },
        h("button", { class: "btn primary", type: "submit", id: "ask-name-ok" }, c.t("game.take_this_seat")),
        h("button", { class: "btn", type: "button", on: { click: () => done(null) } }, c.t("game.cancel")),
      ),
    );
    const overlay = h("div", { class: "overlay" }, form);
    document.body.append(overlay);
    input.focus();
    input.select();
  });
}
