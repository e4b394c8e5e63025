// @ts-check
// Small DOM helpers shared by the shell and the game renderers: element builders for HTML
// and SVG, the tooltips, the name asked before taking a seat, and the toast for short notices.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "on") {
      for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    } else if (k === "text") {
      node.textContent = v;
    } else if (k === "style") {
      node.style.cssText = v; // through the CSSOM: the page's policy forbids style attributes
    } else {
      node.setAttribute(k, v === true ? "" : String(v));
    }
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** An HTML element: h("div", {class: "x"}, child, "text", ...). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs, ...children) {
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

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;
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
  let current = null;
  let hideTimer = null;
  let pressTimer = null;
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

/** Ask the player's name (remembered for the next time), before taking a seat: the stored one
 *  is offered.  Resolves to the name, or null when the player cancels. */
export function askName(c) {
  return new Promise((resolve) => {
    const input = h("input", {
      type: "text",
      id: "ask-name",
      maxlength: 40,
      value: localStorage.getItem("salon.name") || "",
      placeholder: c.t("lobby.name_placeholder"),
    });
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
