// @ts-check
// A game's config options in the lobby's form, each as the control its type asks for (a
// checkbox, a choice, a list of checkboxes, a seat, a number or a text), named and explained
// in the page's language where the game's catalog words them.

import { checkedOf, h, valueOf } from "../ui.js";

/**
 * @typedef {import("../i18n.js").Catalog} Catalog
 * @typedef {import("../app.js").GameOption} GameOption
 * @typedef {import("./setup.js").TableSetup} TableSetup
 */

/**
 * An option's name in the page's language, else its key.
 * @param {Catalog} c
 * @param {string} game
 * @param {string} key
 */
export function optionLabel(c, game, key) {
  return c.has(`${game}.option.${key}`) ? c.t(`${game}.option.${key}`) : key;
}

/**
 * A value of a choice or list option in the page's language, else as it is.
 * @param {Catalog} c
 * @param {string} game
 * @param {string} key
 * @param {unknown} value
 */
function choiceLabel(c, game, key, value) {
  const k = `${game}.option.${key}_${value}`;
  return c.has(k) ? c.t(k) : String(value);
}

/**
 * One option's row of the form.
 * @param {Catalog} c
 * @param {TableSetup} setup
 * @param {GameOption} o
 * @param {() => void} changed the form drawn anew after a change that may show or hide options
 */
export function optionRow(c, setup, o, changed) {
  const game = setup.game?.name || "";
  const value = setup.options[o.key];
  // a translated explanation is shown under the option where it is short, else as its tooltip
  const help = c.has(`${game}.option.${o.key}_help`) ? c.t(`${game}.option.${o.key}_help`) : null;
  const tip = c.has(`${game}.option.${o.key}_tip`) ? c.t(`${game}.option.${o.key}_tip`) : null;
  /** @param {unknown} v */
  const set = (v) => {
    setup.options[o.key] = v;
  };
  /** @param {unknown} v */
  const setAndRedraw = (v) => {
    set(v);
    setup.optionsChanged();
    changed();
  };
  const label = h("label", { for: `opt-${o.key}`, "data-tip": tip }, optionLabel(c, game, o.key));
  const choices = o.choices || [];
  let control;
  if (o.type === "bool") {
    control = h("input", {
      type: "checkbox",
      id: `opt-${o.key}`,
      "data-option": o.key,
      checked: value === true,
      on: { change: (e) => setAndRedraw(checkedOf(e)) },
    });
    return h(
      "div",
      {},
      h("div", { class: "form-row check" }, control, label),
      help ? h("div", { class: "option-help" }, help) : null,
    );
  }
  if (o.type === "choice") {
    control = h(
      "select",
      { id: `opt-${o.key}`, "data-option": o.key, on: { change: (e) => setAndRedraw(valueOf(e)) } },
      choices.map((ch) => h("option", { value: ch, selected: ch === value }, choiceLabel(c, game, o.key, ch))),
    );
  } else if (o.type === "list") {
    const chosen = new Set(value || []);
    control = h(
      "div",
      { class: "checks" },
      choices.map((ch) =>
        h(
          "label",
          {},
          h("input", {
            type: "checkbox",
            "data-option": `${o.key}:${ch}`,
            checked: chosen.has(ch),
            on: {
              change: (e) => {
                if (checkedOf(e)) chosen.add(ch);
                else chosen.delete(ch);
                setAndRedraw(choices.filter((x) => chosen.has(x)));
              },
            },
          }),
          " ",
          choiceLabel(c, game, o.key, ch),
        ),
      ),
    );
  } else if (o.type === "seat") {
    control = h(
      "select",
      {
        id: `opt-${o.key}`,
        "data-option": o.key,
        on: {
          change: (e) => {
            const v = valueOf(e);
            set(v === "" ? null : Number(v));
          },
        },
      },
      h("option", { value: "", selected: value === null || value === undefined }, c.t("lobby.chance")),
      Array.from({ length: setup.players }, (_, i) =>
        h("option", { value: i, selected: value === i }, i === 0 ? c.t("lobby.you") : c.t("lobby.seat", { n: i + 1 })),
      ),
    );
  } else if (o.type === "int") {
    control = h("input", {
      type: "number",
      id: `opt-${o.key}`,
      "data-option": o.key,
      min: 0,
      value: value ?? "",
      on: {
        change: (e) => {
          const v = valueOf(e);
          set(v === "" ? (o.optional ? null : o.default) : Number(v));
        },
      },
    });
  } else {
    control = h("input", {
      type: "text",
      id: `opt-${o.key}`,
      "data-option": o.key,
      value: value ?? "",
      on: { change: (e) => set(valueOf(e)) },
    });
  }
  return h(
    "div",
    {},
    h("div", { class: "form-row" }, label, control),
    help ? h("div", { class: "option-help" }, help) : null,
  );
}
