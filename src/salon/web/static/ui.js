// Small DOM helpers shared by the shell and the game renderers: element builders for HTML
// and SVG, the tooltip that follows the pointer, and the toast for short notices.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "on") {
      for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    } else if (k === "text") {
      node.textContent = v;
    } else if (k === "style") {
      node.style.cssText = v;  // through the CSSOM: the page's policy forbids style attributes
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

let toastTimer = null;
export function toast(message, ms = 3200) {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), ms);
}

/** Tooltips: any element with a data-tip attribute shows it near the pointer (or on a tap). */
export function installTooltips() {
  const tip = document.getElementById("tip");
  let hideTimer = null;
  const show = (target, x, y) => {
    tip.textContent = target.getAttribute("data-tip");
    tip.style.display = "block";
    const w = tip.offsetWidth;
    const hgt = tip.offsetHeight;
    const left = Math.min(window.innerWidth - w - 8, x + 14);
    const top = y + 18 + hgt > window.innerHeight ? y - hgt - 12 : y + 18;
    tip.style.left = `${Math.max(4, left)}px`;
    tip.style.top = `${Math.max(4, top)}px`;
  };
  const hide = () => { tip.style.display = "none"; };
  document.addEventListener("mousemove", (e) => {
    const target = e.target instanceof Element ? e.target.closest("[data-tip]") : null;
    if (target) show(target, e.clientX, e.clientY); else hide();
  });
  document.addEventListener("touchstart", (e) => {
    const target = e.target instanceof Element ? e.target.closest("[data-tip]") : null;
    if (!target || target.closest("[data-action]")) return;
    const touch = e.touches[0];
    show(target, touch.clientX, touch.clientY);
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, 2800);
  }, { passive: true });
  document.addEventListener("scroll", hide, true);
}
