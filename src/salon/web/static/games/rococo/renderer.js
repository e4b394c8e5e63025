// Rococo in the browser: the whole board as SVG, the player panels, one's own hand and rack,
// and the texts of decisions, actions, journal entries and the final scoring.
//
// Everything is drawn from the seat's observation (what the server sends) and the public
// component descriptions (/api/games/<id>/components).  Each legal action that has a place
// on the board is drawn there as a clickable element carrying data-action="<action>".

import { h, s } from "../../ui.js";
// The engine terms every template may name as a field ({thread}, or {Thread} to begin a
// sentence), filled in the words of the game's edition (RULES.md §16): one list with the
// terminal's (salon.i18n.fields), the colours from the "colour" table, the others from "term".
import { COLOUR_TERMS as COLOUR_LIST, FIELD_TERMS } from "./terms.js";

const COLOUR_TERMS = new Set(COLOUR_LIST);

const SILK = {
  blue: { fill: "#a9c3e4", mid: "#7fa3d3", deep: "#3d6da8" },
  pink: { fill: "#f1bccb", mid: "#e393ab", deep: "#b5587a" },
  green: { fill: "#b5d6b0", mid: "#8dbf8f", deep: "#4b8a54" },
  orange: { fill: "#f3cb9e", mid: "#eaa866", deep: "#c06d25" },
  // the 2013 edition's own colours (its terms rename the engine's colours to these)
  yellow: { fill: "#f2e3a0", mid: "#e6cc5c", deep: "#a88a1e" },
  red: { fill: "#eeb1a8", mid: "#dc7d70", deep: "#a33a2e" },
};
const JEWEL_DEEP = SILK;
const PLAYER = ["#a8323e", "#2d5aa0", "#c4880f", "#2e7d4f", "#6f4a9c"];
const ROMAN = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
const GOLD = "#b48c3c";
const GOLD_LIGHT = "#e2c98a";
const INK = "#3b2e24";
const INK_SOFT = "#7a6552";
/** The smallest font of the board, in board units: about 9 px where the board is drawn at its
 *  narrowest (a 1366 px window on a 1× screen), the least that stays legible. */
const MIN_FONT = 15;
const STEPS = ["game", "money", "jewels", "employees", "favour", "halls", "fireworks", "statues", "markers"];
const FORM_TABLE = /^rococo\.(colour|term)_(\w+)\.\w+$/;
const LOWER_KEY = { "": "none", thread: "thread", lace: "lace", "thread/lace": "either", "thread+lace": "both" };

const W = 1600;
const SPW = 76; // guest space
const SPH = 92;
const GAP = 10;

// Silhouettes in a 40 x 52 box: a lady's gown and a gentleman's frock coat.
const DRESS = "M20 3c-3 0-5 2-5 5l1 7-4 3-3 7 2 2-8 21c8 4 26 4 34 0l-8-21 2-2-3-7-4-3 1-7c0-3-2-5-5-5z";
const COAT = "M14 4l6 7 6-7 7 3 4 21-4 1-2-12v31l-9 2-2-19-2 19-9-2v-31l-2 12-4-1 4-21z";

export function createRenderer(ctx) {
  return new RococoRenderer(ctx);
}

function wrap(text, maxChars) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const w of words) {
    if (line && (line + " " + w).length > maxChars) {
      lines.push(line);
      line = w;
    } else {
      line = line ? `${line} ${w}` : w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function svgText(x, y, text, attrs = {}) {
  return s("text", { x, y, fill: INK, ...attrs }, text);
}

class RococoRenderer {
  constructor({ components, catalog, seatName }) {
    this.comp = components;
    this.terms = components.terms || {};
    this.edition = components.edition || "deluxe";
    this.catalog = catalog;
    this.seatNameOf = seatName;
    this.decos = Object.fromEntries(components.board.decorations.map((d) => [d.id, d]));
    this.spaces = {};
    for (const hall of components.board.halls) {
      for (const sp of hall.spaces) this.spaces[sp.id] = { ...sp, hall: hall.number };
    }
  }

  get c() { return this.catalog(); }

  /** A text with its fields filled in; the term fields ({thread}, {drawer}, {blue}...) come in
   *  the words of the game's edition (the 2013 edition says wool for thread, floor for drawer). */
  t(key, fields) {
    return this.c.t(`rococo.${key}`, { ...this.termFields(), ...fields });
  }

  /** The term fields in the current language: `{name}`, `{Name}`, and for a language that
   *  inflects them `{name_form}` / `{Name_form}` from its tables `colour_<form>` and
   *  `term_<form>` (e.g. `{blue_dress}`, `{drawer_in}`), the plain word where a form is missing. */
  termFields() {
    const c = this.c;
    if (this.termCache && this.termCache.catalog === c) return this.termCache.fields;
    const forms = { colour: new Set(), term: new Set() };
    const own = c.entries || {};
    for (const key of Object.keys(own)) {
      const m = FORM_TABLE.exec(key);
      if (m) forms[m[1]].add(m[2]);
    }
    const fields = {};
    const put = (name, word) => {
      fields[name] = word;
      fields[name[0].toUpperCase() + name.slice(1)] = word[0].toUpperCase() + word.slice(1);
    };
    for (const name of FIELD_TERMS) {
      const table = COLOUR_TERMS.has(name) ? "colour" : "term";
      const word = String(this.terms[name] || name).replaceAll(" ", "_");
      const plain = c.t(`rococo.${table}.${word}`);
      put(name, plain);
      for (const form of forms[table]) {
        const k = `rococo.${table}_${form}.${word}`;
        put(`${name}_${form}`, k in own ? own[k] : plain);
      }
    }
    this.termCache = { catalog: c, fields };
    return fields;
  }

  /** A decoration kind's name: the 2013 fountain's upper row and lower basin for the kitchen's sides. */
  decoKind(kind) {
    const word = String(this.terms[kind] || kind).replaceAll(" ", "_");
    return this.has(`deco.${word}`) ? this.t(`deco.${word}`) : this.t(`deco.${kind}`);
  }

  has(key) { return this.c.has(`rococo.${key}`); }

  /** The colour a component shows at this table: the edition's own colour for an engine colour. */
  shown(colour) { return this.terms[colour] || colour; }

  paint(colour) { return SILK[this.shown(colour)] || SILK[colour]; }

  /** Madame du Barry's seat in the solo mode is played by the game itself. */
  automatonName(seat) {
    return this.comp.solo && this.comp.solo.seat === seat ? this.t("panel.madame") : null;
  }

  /** Prestige, or "?" while the edition keeps another seat's prestige hidden. */
  vpOrHidden(n) { return n === null || n === undefined ? "?" : this.vp(n); }

  // --- phrases

  livres(n) { return this.c.n("rococo.unit.livres", n); }

  price(n) { return n ? this.livres(n) : this.t("unit.free"); }

  vp(n) { return this.t("unit.vp", { n }); }

  player(seat) {
    if (seat === null || seat === undefined) return this.t("unit.none");
    return this.seatNameOf(seat);
  }

  silk(silk) {
    const parts = Object.entries(silk || {}).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${this.t(`colour.${this.shown(c)}`)}`);
    return parts.length ? parts.join(" + ") : this.t("garment.no_silk");
  }

  /** A colour word agreeing with what it describes (a language may inflect it by the noun). */
  colourFor(noun, engineColour) {
    const colour = this.shown(engineColour);
    return this.has(`colour_${noun}.${colour}`) ? this.t(`colour_${noun}.${colour}`) : this.t(`colour.${colour}`);
  }

  garment(id) {
    const g = this.comp.garments[id];
    if (!g) return id || this.t("unit.none");
    const noun = g.dress ? "dress" : "coat";
    return this.t("garment.label", { colour: this.colourFor(noun, g.colour), kind: this.t(`garment.${noun}`), id });
  }

  needs(id, silkOverride) {
    const g = this.comp.garments[id];
    const parts = [];
    const silk = silkOverride || g.silk;
    if (Object.values(silk).some((n) => n > 0)) parts.push(this.silk(silk));
    if (g.thread) parts.push(this.t("unit.thread", { n: g.thread }));
    if (g.lace) parts.push(this.t("unit.lace", { n: g.lace }));
    return parts.join(", ") || this.t("unit.nothing");
  }

  card(id) {
    const c = this.comp.cards[id];
    if (!c) return id || this.t("unit.none");
    const level = c.group === "start" ? this.t("employee.start") : ROMAN[c.level];
    return `${this.t("employee.label", { type: this.t(`employee.${c.type}`), level })} (${id})`;
  }

  /** An employee bonus in words; the 2013 level-III card pays 1 VP per decoration where the
   *  Deluxe one pays 1 livre (D-47). */
  bonus(id) {
    if (id === "l3_livre_per_dec" && this.edition === "2013") return this.t("bonus.l3_vp_per_dec", { vp: this.vp(1) });
    return this.has(`bonus.${id}`) ? this.t(`bonus.${id}`) : id;
  }

  cardBonus(id) { return this.bonus(this.comp.cards[id]?.bonus); }

  tile(id) {
    const x = this.comp.tiles[id];
    if (!x) return id || this.t("unit.none");
    return `${id} (${this.silk(x.silk)})`;
  }

  lower(lower) { return this.t(`tile.lower_${LOWER_KEY[lower] || "none"}`); }

  hallName(n) { return n === 1 ? this.t("hall.1") : this.t("hall.n", { n }); }

  space(id) {
    const sp = this.spaces[id];
    return sp ? this.t("space.guest", { hall: this.hallName(sp.hall), n: id.split("s").pop() }) : id;
  }

  deco(id) {
    const d = this.decos[id];
    if (!d) return id;
    if (d.kind === "musician") return `${this.t("deco.musician")} (${this.hallName(d.hall)})`;
    return this.t("deco.label", { kind: this.decoKind(d.kind), id });
  }

  jewel(id) {
    const j = this.comp.jewelry?.jewels?.[id];
    if (!j) return id;
    return this.t("jewel.label", { colour: this.colourFor(j.kind, j.colour), kind: this.t(`jewel.${j.kind}`) });
  }

  goods(thread, lace) {
    const parts = [];
    if (thread) parts.push(this.t("unit.thread", { n: Math.abs(thread) }));
    if (lace) parts.push(this.t("unit.lace", { n: Math.abs(lace) }));
    return parts.join(" + ");
  }

  why(why) { return this.has(`why.${why}`) ? this.t(`why.${why}`) : this.t("why.other"); }

  // --- tooltips

  garmentTip(id) {
    const g = this.comp.garments[id];
    if (!g) return id;
    const lines = [this.garment(id), this.t("garment.needs", { needs: this.needs(id) }),
      `${this.t("garment.sells", { livres: this.livres(g.value) })} · ${this.t("garment.prestige", { vp: this.vp(g.prestige) })}`];
    if (g.master_only) lines.push(this.t("garment.master_only"));
    if (g.expansion) lines.push(this.t(`garment.expansion_${g.expansion}`));
    if (g.effect) lines.push(this.t("garment.effect", { effect: this.has(`effect.${g.effect}`) ? this.t(`effect.${g.effect}`) : g.effect }));
    return lines.join("\n");
  }

  tileTip(id) {
    const x = this.comp.tiles[id];
    if (!x) return id;
    return [this.t("tile.label", { id }), this.t("tile.silk", { silk: this.silk(x.silk) }),
      this.t("tile.lower", { lower: this.lower(x.lower) })].join("\n");
  }

  cardTip(id) {
    const c = this.comp.cards[id];
    if (!c) return id;
    const lines = [this.card(id), this.t("employee.bonus", { bonus: this.bonus(c.bonus) }),
      this.t("employee.sends_for", { livres: this.livres(c.send_value) })];
    if (c.condition) {
      lines.push(this.t("employee.specialist"));
      lines.push(this.t("employee.condition", { condition: this.has(`condition.${c.condition}`) ? this.t(`condition.${c.condition}`) : c.condition }));
    }
    return lines.join("\n");
  }

  decoTip(id, owner, terrace) {
    const d = this.decos[id];
    const lines = [this.deco(id), this.t("deco.cost", { livres: this.livres(d.cost), vp: this.vp(d.vp) })];
    if (d.multiplier) lines.push(this.t("deco.multiplier", { m: d.multiplier }));
    lines.push(owner === undefined || owner === null ? this.t("deco.free") : this.t("deco.owner", { player: this.player(owner) }));
    if (terrace) lines.push(this.t("deco.terrace", { garment: this.garment(terrace) }));
    return lines.join("\n");
  }

  spaceTip(id, guest) {
    const sp = this.spaces[id];
    const lines = [this.space(id)];
    if (sp.master) lines.push(this.t("space.master"));
    lines.push(this.reward(sp));
    if (guest) lines.push(this.t("space.occupied", { garment: this.garment(guest.garment), player: this.player(guest.owner) }), this.garmentTip(guest.garment));
    return lines.join("\n");
  }

  reward(sp) {
    if (sp.reward === "livres") return this.t("space.reward_livres", { livres: this.livres(sp.livres) });
    return this.t(`space.reward_${sp.reward}`);
  }

  // --- SVG pieces

  clickable(node, action, legal, tip, hl) {
    const attrs = { "data-tip": tip };
    if (action && legal.has(action)) {
      node.setAttribute("class", `${node.getAttribute("class") || ""} clickable`.trim());
      node.setAttribute("data-action", action);
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      if (hl) node.append(hl);
    }
    for (const [k, v] of Object.entries(attrs)) if (v) node.setAttribute(k, v);
    return node;
  }

  marker(x, y, seat, r = 9) {
    return s("g", {},
      s("circle", { cx: x, cy: y + 1.5, r: r + 1, fill: "rgba(60,40,20,.25)" }),
      s("circle", { cx: x, cy: y, r, fill: PLAYER[seat % 5], stroke: "#fff", "stroke-width": 2 }),
      s("circle", { cx: x - r / 3, cy: y - r / 3, r: r / 3, fill: "rgba(255,255,255,.35)" }));
  }

  coin(x, y, text, r = 12) {
    return s("g", {},
      s("circle", { cx: x, cy: y, r, fill: "url(#gold)", stroke: "#8a6a2a", "stroke-width": 1 }),
      svgText(x, y + r * 0.42, text, { "text-anchor": "middle", "font-size": Math.max(r * 1.25, MIN_FONT), "font-weight": 600, fill: "#4a3410" }));
  }

  rosette(x, y, text, r = 11) {
    return s("g", {},
      s("circle", { cx: x, cy: y, r: r + 2, fill: "#fff8e6", stroke: GOLD, "stroke-width": 1.2, "stroke-dasharray": "2 1.5" }),
      s("circle", { cx: x, cy: y, r, fill: "#7c3345" }),
      svgText(x, y + r * 0.44, text, { "text-anchor": "middle", "font-size": Math.max(r * 1.3, MIN_FONT), "font-weight": 600, fill: "#fff6e0" }));
  }

  threadIcon(x, y, size = 12) {
    const k = size / 12;
    return s("g", { transform: `translate(${x},${y}) scale(${k})` },
      s("rect", { x: -5, y: -6, width: 10, height: 12, rx: 1.5, fill: "#d8c39a", stroke: "#7a5a2a", "stroke-width": 0.8 }),
      s("rect", { x: -6.5, y: -7, width: 13, height: 2.2, rx: 1, fill: "#8a6a3a" }),
      s("rect", { x: -6.5, y: 4.8, width: 13, height: 2.2, rx: 1, fill: "#8a6a3a" }),
      s("path", { d: "M-4 -3h8M-4 -0.5h8M-4 2h8", stroke: "#9b4a3a", "stroke-width": 1 }));
  }

  laceIcon(x, y, size = 12) {
    const k = size / 12;
    const petals = [];
    for (let i = 0; i < 8; i += 1) {
      const a = (i * Math.PI) / 4;
      petals.push(s("circle", { cx: Math.cos(a) * 5, cy: Math.sin(a) * 5, r: 2.4, fill: "#fffdf8", stroke: "#9a8a70", "stroke-width": 0.7 }));
    }
    return s("g", { transform: `translate(${x},${y}) scale(${k})` }, petals,
      s("circle", { r: 4, fill: "#fffdf8", stroke: "#9a8a70", "stroke-width": 0.7 }), s("circle", { r: 1.5, fill: "#cdbb98" }));
  }

  thimbleIcon(x, y) {
    return s("g", { transform: `translate(${x},${y})` },
      s("path", { d: "M-5 5v-6a5 5 0 0 1 10 0v6z", fill: "url(#gold)", stroke: "#7a5a1a", "stroke-width": 0.8 }),
      s("path", { d: "M-4.5 5h9", stroke: "#7a5a1a", "stroke-width": 1.6 }));
  }

  silkPips(x, y, silk, size = 8) {
    const nodes = [];
    let i = 0;
    for (const colour of this.comp.colours) {
      for (let k = 0; k < (silk[colour] || 0); k += 1) {
        nodes.push(s("rect", { x: x + i * (size + 2), y, width: size, height: size * 0.8, rx: 2, fill: this.paint(colour).mid, stroke: this.paint(colour).deep, "stroke-width": 0.8 }));
        i += 1;
      }
    }
    return { nodes, width: i * (size + 2) };
  }

  /** A garment tile: pastel field, silhouette, prestige; with its needs and value when on display. */
  garmentSvg(id, x, y, w, ht, { needs = false, owner = null } = {}) {
    const g = this.comp.garments[id];
    if (!g) return s("g");
    const col = this.paint(g.colour);
    const nodes = [
      s("rect", { x, y, width: w, height: ht, rx: 7, fill: col.fill, stroke: col.deep, "stroke-width": 1.4 }),
      s("rect", { x: x + 3, y: y + 3, width: w - 6, height: ht - 6, rx: 5, fill: "none", stroke: "#fff", "stroke-opacity": 0.6 }),
    ];
    const figH = needs ? ht * 0.5 : ht * 0.62;
    const k = figH / 52;
    const fx = x + w / 2 - 20 * k;
    const fy = y + (needs ? 22 : 14);
    nodes.push(s("path", { d: g.dress ? DRESS : COAT, transform: `translate(${fx},${fy}) scale(${k})`, fill: col.deep, "fill-opacity": 0.82, stroke: "#fff6df", "stroke-width": 1.2 / k }));
    nodes.push(this.rosette(x + 14, y + 14, String(g.prestige), 11));
    if (g.master_only) nodes.push(this.thimbleIcon(x + w - 11, y + 11));
    if (g.effect) nodes.push(svgText(x + w - (g.master_only ? 24 : 10), y + 16, "✦", { "text-anchor": "middle", "font-size": 15.5, fill: "#7c3345" }));
    if (needs) {
      const pips = this.silkPips(0, 0, g.silk, 7);
      const extra = (g.thread ? 14 : 0) + (g.lace ? 14 : 0);
      const total = pips.width + extra;
      const sx = x + (w - total) / 2;
      const py = y + ht - 30;
      nodes.push(s("g", { transform: `translate(${sx},${py})` }, pips.nodes));
      let ix = sx + pips.width + 6;
      if (g.thread) { nodes.push(this.threadIcon(ix, py + 3, 10)); ix += 14; }
      if (g.lace) nodes.push(this.laceIcon(ix, py + 3, 10));
      nodes.push(this.coin(x + w / 2, y + ht - 13, String(g.value), 12));
    }
    if (owner !== null && owner !== undefined) nodes.push(this.marker(x + w - 11, y + ht - 11, owner, 7));
    return s("g", {}, nodes);
  }

  tileSvg(id, x, y, size) {
    const t = this.comp.tiles[id];
    if (!t) return s("g");
    const nodes = [
      s("rect", { x, y, width: size, height: size, rx: 6, fill: "#fffaf0", stroke: "#b99c62", "stroke-width": 1.2 }),
    ];
    const bales = [];
    for (const c of this.comp.colours) for (let k = 0; k < (t.silk[c] || 0); k += 1) bales.push(c);
    const lowerH = t.lower ? size * 0.28 : 0;
    const area = size - lowerH;
    const per = bales.length <= 2 ? bales.length : Math.ceil(bales.length / 2);
    const rows = Math.max(1, Math.ceil(bales.length / Math.max(1, per)));
    const bw = Math.min(size * 0.34, (size - 10) / Math.max(1, per) - 3);
    const bh = Math.min(area * 0.3, (area - 8) / rows - 3);
    bales.forEach((c, i) => {
      const r = Math.floor(i / per);
      const inRow = Math.min(per, bales.length - r * per);
      const bx = x + (size - inRow * (bw + 3) + 3) / 2 + (i % per) * (bw + 3);
      const by = y + (area - rows * (bh + 3) + 3) / 2 + r * (bh + 3);
      nodes.push(s("rect", { x: bx, y: by, width: bw, height: bh, rx: bh / 2.5, fill: this.paint(c).mid, stroke: this.paint(c).deep, "stroke-width": 1 }));
      nodes.push(s("path", { d: `M${bx + bw * 0.25} ${by + 1.5}v${bh - 3}M${bx + bw * 0.75} ${by + 1.5}v${bh - 3}`, stroke: "#fff", "stroke-opacity": 0.55, "stroke-width": 1 }));
    });
    if (t.lower) {
      const ly = y + size - lowerH;
      nodes.push(s("path", { d: `M${x + 4} ${ly}h${size - 8}`, stroke: "#d9c8a0", "stroke-dasharray": "3 2" }));
      const cy = ly + lowerH / 2;
      const icon = size * 0.2;
      if (t.lower === "thread") nodes.push(this.threadIcon(x + size / 2, cy, icon));
      else if (t.lower === "lace") nodes.push(this.laceIcon(x + size / 2, cy, icon));
      else {
        nodes.push(this.threadIcon(x + size / 2 - icon, cy, icon));
        nodes.push(this.laceIcon(x + size / 2 + icon, cy, icon));
        nodes.push(svgText(x + size / 2, cy + 4, t.lower === "thread/lace" ? "/" : "+", { "text-anchor": "middle", "font-size": Math.max(icon, MIN_FONT), "font-weight": 600, fill: INK_SOFT }));
      }
    }
    return s("g", {}, nodes);
  }

  cardSvg(id, x, y, w, ht) {
    const c = this.comp.cards[id];
    if (!c) return s("g");
    const band = { master: ["#9d4a5c", "#7c3345"], journeyman: ["#4f7fa0", "#365f7e"], apprentice: ["#6f9159", "#52703f"] }[c.type];
    const nodes = [
      s("rect", { x, y, width: w, height: ht, rx: 7, fill: "#fffdf6", stroke: "#c9b07a", "stroke-width": 1.2 }),
      s("path", { d: `M${x} ${y + 7}a7 7 0 0 1 7 -7h${w - 14}a7 7 0 0 1 7 7v19h${-w}z`, fill: band[1] }),
      svgText(x + 8, y + 20, c.group === "start" ? "✻" : ROMAN[c.level], { "font-size": 17, "font-weight": 600, fill: "#fff6e0" }),
      svgText(x + w - 8, y + 20, this.t(`employee.${c.type}`), { "text-anchor": "end", "font-size": 16.5, fill: "#fff6e0" }),
    ];
    // the bonus in as many lines as fit, cut with an ellipsis (the card's tooltip has it whole)
    const all = wrap(this.bonus(c.bonus), Math.floor(w / 8.4));
    const lines = all.slice(0, Math.max(1, Math.floor((ht - 58) / 19)));
    if (lines.length < all.length) lines[lines.length - 1] = `${lines[lines.length - 1]}…`;
    lines.forEach((line, i) => nodes.push(svgText(x + 8, y + 45 + i * 19, line, { "font-size": 17, fill: INK })));
    nodes.push(this.coin(x + w - 16, y + ht - 15, String(c.send_value), 12));
    nodes.push(svgText(x + 8, y + ht - 9, id, { "font-size": 15, fill: INK_SOFT }));
    return s("g", {}, nodes);
  }

  frame(x, y, w, ht, title, extra = {}) {
    return s("g", {},
      s("rect", { x, y, width: w, height: ht, rx: 12, fill: extra.fill || "url(#silk)", stroke: GOLD, "stroke-width": 1.5 }),
      s("rect", { x: x + 4, y: y + 4, width: w - 8, height: ht - 8, rx: 9, fill: "none", stroke: GOLD_LIGHT, "stroke-width": 0.8 }),
      title ? svgText(x + 16, y + 29, title, { "font-size": 22, "font-weight": 600, fill: INK, "letter-spacing": "0.03em" }) : null);
  }

  defs() {
    return s("defs", {},
      s("linearGradient", { id: "gold", x1: 0, y1: 0, x2: 0, y2: 1 },
        s("stop", { offset: "0", "stop-color": "#f3dc9a" }), s("stop", { offset: "1", "stop-color": "#c49a45" })),
      s("linearGradient", { id: "silk", x1: 0, y1: 0, x2: 1, y2: 1 },
        s("stop", { offset: "0", "stop-color": "#fffaf0" }), s("stop", { offset: "1", "stop-color": "#f6ecd8" })),
      s("linearGradient", { id: "hall", x1: 0, y1: 0, x2: 0, y2: 1 },
        s("stop", { offset: "0", "stop-color": "#fbf3e3" }), s("stop", { offset: "1", "stop-color": "#f1e3c8" })),
      s("linearGradient", { id: "throne", x1: 0, y1: 0, x2: 0, y2: 1 },
        s("stop", { offset: "0", "stop-color": "#fbeff0" }), s("stop", { offset: "1", "stop-color": "#f2dcdc" })),
      s("linearGradient", { id: "night", x1: 0, y1: 0, x2: 0, y2: 1 },
        s("stop", { offset: "0", "stop-color": "#3e4a6b" }), s("stop", { offset: "1", "stop-color": "#6b6a86" })),
      s("pattern", { id: "damask", width: 24, height: 24, patternUnits: "userSpaceOnUse" },
        s("rect", { width: 24, height: 24, fill: "#f7efdf" }),
        s("path", { d: "M12 3c2 4 5 5 9 9-4 4-7 5-9 9-2-4-5-5-9-9 4-4 7-5 9-9z", fill: "#efe2c6", opacity: 0.7 })));
  }

  hl(x, y, w, ht, rx = 8) {
    return s("rect", { class: "hl", x: x - 4, y: y - 4, width: w + 8, height: ht + 8, rx });
  }

  hlCircle(x, y, r) {
    return s("circle", { class: "hl", cx: x, cy: y, r: r + 5 });
  }

  // --- the board

  board(state) {
    const obs = state.observation;
    const b = obs.board;
    const legal = new Set(state.legal);
    const jewelry = obs.jewelry && this.comp.jewelry;
    const height = jewelry ? 1190 : 985;
    const root = s("svg", { viewBox: `0 0 ${W} ${height}`, xmlns: "http://www.w3.org/2000/svg", role: "img",
      "aria-label": this.t("name"), id: "board-svg" });
    root.append(this.defs(), s("rect", { width: W, height, rx: 14, fill: "url(#damask)" }));
    root.append(this.topBand(obs, legal));
    const hallsBottom = this.halls(root, obs, legal);
    this.market(root, obs, legal, hallsBottom + 16);
    if (jewelry) this.jeweler(root, obs, legal, 985);
    return root;
  }

  topBand(obs, legal) {
    const g = s("g");
    const b = obs.board;
    // round track and the Queen's favour
    g.append(this.frame(10, 10, 420, 140, this.t("board.rounds")));
    const rounds = this.comp.rounds;
    for (let r = 1; r <= rounds; r += 1) {
      const cx = 40 + (r - 1) * 52;
      const current = r === obs.round;
      g.append(s("circle", { cx, cy: 62, r: 17, fill: current ? "url(#gold)" : r < obs.round ? "#eadcc0" : "#fffaf0", stroke: GOLD, "stroke-width": current ? 2.5 : 1 }),
        svgText(cx, 68, ROMAN[r] || String(r), { "text-anchor": "middle", "font-size": 19.5, "font-weight": current ? 600 : 400, fill: current ? "#4a3410" : INK_SOFT }));
    }
    const fav = b.favour;
    const favTip = fav === null ? this.t("board.favour_free", { livres: this.livres(this.comp.rules.favour_livres), vp: this.vp(this.comp.rules.favour_end_vp) })
      : this.t("board.favour_held", { player: this.player(fav) });
    const favour = s("g", { "data-tip": `${this.t("board.favour")}\n${favTip}` },
      s("circle", { cx: 48, cy: 115, r: 22, fill: fav === null ? "url(#gold)" : "#f3e6c4", stroke: GOLD, "stroke-width": 1.5 }),
      s("path", { d: "M36 121l-3-14 8 6 7-10 7 10 8-6-3 14z", fill: fav === null ? "#7c3345" : "#c9b48a", stroke: "#fff5dc", "stroke-width": 1 }),
      fav !== null ? this.marker(64, 130, fav, 8) : null,
      svgText(80, 112, this.t("board.favour"), { "font-size": 19.5, "font-weight": 600 }),
      svgText(80, 131, fav === null ? `+${this.livres(this.comp.rules.favour_livres)}` : this.t("board.favour_held", { player: this.player(fav) }), { "font-size": 17, fill: INK_SOFT }));
    g.append(favour);
    g.append(s("g", { "data-tip": this.t("board.start_player", { player: this.player(obs.start_player) }) },
      this.marker(400, 24, obs.start_player, 8),
      svgText(386, 30, this.player(obs.start_player), { "text-anchor": "end", "font-size": 16, fill: INK_SOFT })));

    // terrace with the fireworks
    const fws = this.comp.board.decorations.filter((d) => d.kind === "fireworks");
    g.append(this.frame(445, 10, 710, 140, this.t("board.terrace"), { fill: "url(#night)" }));
    g.lastChild.querySelector("text")?.setAttribute("fill", "#f7ecd0");
    const step = 690 / fws.length;
    fws.forEach((d, i) => {
      const cx = 455 + step * i + step / 2 - 26;
      const cy = 82;
      const owner = b.decorations[d.id];
      const node = s("g", { "data-deco": d.id });
      const rays = [];
      for (let k = 0; k < 12; k += 1) {
        const a = (k * Math.PI) / 6;
        rays.push(`M${cx + Math.cos(a) * 10} ${cy + Math.sin(a) * 10}L${cx + Math.cos(a) * 27} ${cy + Math.sin(a) * 27}`);
      }
      node.append(s("circle", { cx, cy, r: 32, fill: "#2f3a58", stroke: GOLD_LIGHT, "stroke-width": 1.5 }),
        s("path", { d: rays.join(""), stroke: ["#f3d27a", "#f1bccb", "#a9c3e4"][i % 3], "stroke-width": 2.2, "stroke-linecap": "round" }),
        s("circle", { cx, cy, r: 6, fill: "#fff3c4" }),
        svgText(cx, cy + 50, `${this.livres(d.cost)} · ${this.vp(d.vp)} · ×${d.multiplier}`, { "text-anchor": "middle", "font-size": 17, fill: "#f7ecd0" }));
      if (owner !== undefined) node.append(this.marker(cx + 22, cy - 22, owner, 9));
      this.clickable(node, `finance:${d.id}`, legal, this.decoTip(d.id, owner, b.terrace[d.id]), this.hlCircle(cx, cy, 32));
      g.append(node);
      const tx = cx + 40;
      const terrace = b.terrace[d.id];
      if (terrace) g.append(s("g", { "data-tip": this.garmentTip(terrace) }, this.garmentSvg(terrace, tx, cy - 34, 50, 62, { owner })));
      else g.append(s("rect", { x: tx, y: cy - 34, width: 50, height: 62, rx: 7, fill: "none", stroke: "#8e8aa8", "stroke-dasharray": "4 3" }));
    });

    // all-halls ladder
    g.append(this.frame(1170, 10, 420, 140, this.t("board.all_halls")));
    const ladder = this.comp.board.all_halls_vp;
    const ladderStep = Math.min(120, 390 / ladder.length);
    ladder.forEach((vp, i) => {
      const x = 1185 + i * ladderStep;
      const owner = b.all_halls[i];
      const bw = ladderStep - 14;
      g.append(s("g", { "data-tip": this.t("board.all_halls_tip", { vp: this.vp(vp) }) },
        s("rect", { x, y: 48, width: bw, height: 80, rx: 10, fill: "#fffaf0", stroke: GOLD }),
        this.rosette(x + bw / 2, 78, String(vp), 14),
        owner !== null && owner !== undefined ? this.marker(x + bw / 2, 112, owner, 9) : svgText(x + bw / 2, 117, "5 ✦", { "text-anchor": "middle", "font-size": 15.5, fill: INK_SOFT })));
    });
    return g;
  }

  hallBox(root, hall, x, y, w, obs, legal, minHeight = 0) {
    const b = obs.board;
    const perRow = Math.max(1, Math.floor((w - 20) / (SPW + GAP)));
    const rows = Math.ceil(hall.spaces.length / perRow);
    const ht = Math.max(minHeight, 44 + rows * (SPH + GAP) + 6);
    const throne = hall.number === 1;
    root.append(s("g", { "data-hall": hall.number }, this.frame(x, y, w, ht, null, { fill: throne ? "url(#throne)" : "url(#hall)" })));
    const title = s("g", {}, svgText(x + 16, y + 29, this.hallName(hall.number), { "font-size": 23.5, "font-weight": 600 }),
      svgText(x + 16 + this.hallName(hall.number).length * 11.5 + 12, y + 29, `${hall.majority[0]} / ${hall.majority[1]}`, { "font-size": 18, fill: INK_SOFT }));
    this.clickable(title, `hall:${hall.number}`, legal, this.t("hall.majority", { first: hall.majority[0], second: hall.majority[1] }),
      this.hl(x + 8, y + 8, 200, 28));
    root.append(title);
    // musicians
    const mus = this.decos[hall.musician];
    const owner = b.decorations[mus.id];
    const mx = x + w - 30;
    const my = y + 24;
    const musician = s("g", { "data-deco": mus.id },
      s("circle", { cx: mx, cy: my, r: 15, fill: "#fffaf0", stroke: GOLD, "stroke-width": 1.2 }),
      s("path", { d: `M${mx - 6} ${my + 7}c-2-8 0-14 6-16c6 2 8 8 6 16M${mx - 3} ${my - 4}v11M${mx} ${my - 6}v13M${mx + 3} ${my - 4}v11`, fill: "none", stroke: "#8a6a2a", "stroke-width": 1.3 }),
      svgText(mx - 22, my + 5, `${mus.cost}`, { "text-anchor": "end", "font-size": 17, fill: INK_SOFT }),
      owner !== undefined ? this.marker(mx + 11, my + 11, owner, 7) : null);
    this.clickable(musician, `finance:${mus.id}`, legal, this.decoTip(mus.id, owner), this.hlCircle(mx, my, 15));
    root.append(musician);
    hall.spaces.forEach((sp, i) => {
      const r = Math.floor(i / perRow);
      const inRow = Math.min(perRow, hall.spaces.length - r * perRow);
      const sx = x + (w - inRow * (SPW + GAP) + GAP) / 2 + (i % perRow) * (SPW + GAP);
      const sy = y + 42 + r * (SPH + GAP);
      root.append(this.guestSpace(sp, sx, sy, b.guests[sp.id], legal));
    });
    return ht;
  }

  guestSpace(sp, x, y, guest, legal) {
    const node = s("g", { "data-space": sp.id });
    node.append(s("rect", { x, y, width: SPW, height: SPH, rx: 8, fill: "#fffcf5", stroke: sp.master ? GOLD : "#cdb98e",
      "stroke-width": sp.master ? 2.4 : 1, "stroke-dasharray": sp.master ? null : "4 2" }));
    if (guest) {
      node.append(this.garmentSvg(guest.garment, x + 2, y + 2, SPW - 4, SPH - 4, { owner: guest.owner }));
    } else {
      if (sp.master) node.append(this.thimbleIcon(x + SPW / 2, y + 30), svgText(x + SPW / 2, y + 52, "★", { "text-anchor": "middle", "font-size": 15.5, fill: GOLD }));
      node.append(this.rewardIcon(sp, x + SPW / 2, y + SPH - 18));
    }
    if (guest && (sp.master || sp.reward !== "none")) {
      // keep the space's mark readable beside the garment
      if (sp.master) node.append(this.thimbleIcon(x + SPW - 10, y + 12));
    }
    return this.clickable(node, `rent:${sp.id}`, legal, this.spaceTip(sp.id, guest), this.hl(x, y, SPW, SPH));
  }

  rewardIcon(sp, x, y) {
    if (sp.reward === "none") return null;
    if (sp.reward === "livres") return this.coin(x, y, String(sp.livres), 11);
    if (sp.reward === "thread") return this.threadIcon(x, y, 16);
    if (sp.reward === "lace") return this.laceIcon(x, y, 16);
    return s("g", {}, s("rect", { x: x - 10, y: y - 10, width: 20, height: 20, rx: 3, fill: "#fffaf0", stroke: "#b99c62" }),
      s("rect", { x: x - 6, y: y - 5, width: 5, height: 4, rx: 1, fill: SILK.blue.mid }), s("rect", { x: x + 1, y: y - 5, width: 5, height: 4, rx: 1, fill: SILK.pink.mid }),
      s("rect", { x: x - 6, y: y + 1, width: 5, height: 4, rx: 1, fill: SILK.green.mid }), s("rect", { x: x + 1, y: y + 1, width: 5, height: 4, rx: 1, fill: SILK.orange.mid }));
  }

  decoSpace(d, x, y, owner, legal, icon) {
    const node = s("g", { "data-deco": d.id },
      s("circle", { cx: x, cy: y, r: 24, fill: "#fffaf0", stroke: GOLD, "stroke-width": 1.3 }),
      icon(x, y),
      svgText(x, y + 41, `${this.livres(d.cost)}`, { "text-anchor": "middle", "font-size": 18, fill: INK_SOFT }),
      svgText(x, y + 58, this.vp(d.vp), { "text-anchor": "middle", "font-size": 18, fill: INK_SOFT }));
    if (owner !== undefined) node.append(this.marker(x + 17, y - 17, owner, 8));
    return this.clickable(node, `finance:${d.id}`, legal, this.decoTip(d.id, owner), this.hlCircle(x, y, 24));
  }

  halls(root, obs, legal) {
    const halls = this.comp.board.halls;
    const throne = halls.find((x) => x.number === 1);
    const others = halls.filter((x) => x.number !== 1);
    const tw = Math.min(900, Math.max(600, throne.spaces.length * (SPW + GAP) + 40));
    const tx = (W - tw) / 2;
    const ty = 162;
    const b = obs.board;
    const decos = this.comp.board.decorations;
    const kitchenRows = Math.max(...["kitchen_left", "kitchen_right"].map((k) => decos.filter((d) => d.kind === k).length));
    const statueRows = Math.ceil(decos.filter((d) => d.kind === "statue").length / 2);
    const th = this.hallBox(root, throne, tx, ty, tw, obs, legal, Math.max(70 + kitchenRows * 50, 50 + statueRows * 58));
    // kitchen at the left, statues at the right of the Throne hall
    const fw = tx - 20;
    root.append(this.frame(10, ty, fw, th, this.t("board.kitchen")));
    const kl = decos.filter((d) => d.kind === "kitchen_left");
    const kr = decos.filter((d) => d.kind === "kitchen_right");
    const pot = (x, y) => s("path", { d: `M${x - 12} ${y - 3}h24l-3 12h-18zM${x - 14} ${y - 5}h28M${x - 4} ${y - 9}h8`, fill: "#e8d7b5", stroke: "#8a6a2a", "stroke-width": 1.2 });
    const colW = (fw - 20) / 2;
    [[kl, "kitchen_left"], [kr, "kitchen_right"]].forEach(([list, kind], col) => {
      const cx = 20 + colW * col + colW / 2;
      root.append(svgText(cx, ty + 54, this.decoKind(kind), { "text-anchor": "middle", "font-size": 18, fill: INK_SOFT }));
      list.forEach((d, i) => {
        const cy = ty + 84 + i * 50;
        root.append(this.decoSpaceSmall(d, cx, cy, b.decorations[d.id], legal, pot));
      });
    });
    const statues = decos.filter((d) => d.kind === "statue");
    const sx = tx + tw + 10;
    root.append(this.frame(sx, ty, W - 10 - sx, th, this.t("board.statues")));
    const statue = (x, y) => s("path", { d: `M${x - 9} ${y + 12}h18v-4h-4v-9c3-2 3-7 0-9-1-3-7-3-8 0-3 2-3 7 0 9v9h-4z`, fill: "#e9e4da", stroke: "#8a7f6a", "stroke-width": 1.1 });
    const perRow = Math.ceil(statues.length / 2);
    const sw = (W - 10 - sx - 20) / perRow;
    statues.forEach((d, i) => {
      const cx = sx + 10 + (i % perRow) * sw + sw / 2;
      const cy = ty + 66 + Math.floor(i / perRow) * 58;
      root.append(this.decoSpaceSmall(d, cx, cy, b.decorations[d.id], legal, statue));
    });
    // halls 2-5 in a row
    const y2 = ty + th + 14;
    const hw = (W - 20 - (others.length - 1) * 12) / others.length;
    let tallest = 0;
    others.forEach((hall, i) => {
      tallest = Math.max(tallest, this.hallBox(root, hall, 10 + i * (hw + 12), y2, hw, obs, legal));
    });
    return y2 + tallest;
  }

  decoSpaceSmall(d, x, y, owner, legal, icon) {
    const node = s("g", { "data-deco": d.id },
      s("circle", { cx: x - 22, cy: y, r: 20, fill: "#fffaf0", stroke: GOLD, "stroke-width": 1.3 }),
      icon(x - 22, y),
      svgText(x + 4, y - 3, this.livres(d.cost), { "font-size": 18, fill: INK }),
      svgText(x + 4, y + 15, this.vp(d.vp), { "font-size": 18, fill: INK_SOFT }));
    if (owner !== undefined) node.append(this.marker(x - 8, y - 14, owner, 7));
    return this.clickable(node, `finance:${d.id}`, legal, this.decoTip(d.id, owner), this.hlCircle(x - 22, y, 20));
  }

  market(root, obs, legal, y) {
    const b = obs.board;
    const comp = this.comp.board;
    const ht = 985 - y - 10;
    // design display
    const n = b.windows.length;
    const ww = Math.min(100, (830 - 30) / n - 8);
    const dw = n * (ww + 8) + 30;
    root.append(this.frame(10, y, dw, ht, this.t("board.windows")));
    const dark = comp.dark_windows;
    b.windows.forEach((win, i) => {
      const x = 25 + i * (ww + 8);
      const wy = y + 40;
      const wh = ht - 80;
      const isDark = i >= n - dark;
      root.append(s("path", { d: `M${x} ${wy + wh}v${-(wh - ww / 2)}a${ww / 2} ${ww / 2} 0 0 1 ${ww} 0v${wh - ww / 2}z`,
        fill: isDark ? "#d9d3e4" : "#eef3f8", stroke: GOLD, "stroke-width": 1.3, "data-tip": isDark ? this.t("board.dark") : null }));
      if (win.garment) {
        const node = s("g", { "data-window": i }, this.garmentSvg(win.garment, x + 4, wy + ww / 2 - 6, ww - 8, wh - ww / 2, { needs: true }));
        root.append(this.clickable(node, `garment:${win.garment}`, legal, this.garmentTip(win.garment), this.hl(x + 4, wy + ww / 2 - 6, ww - 8, wh - ww / 2)));
      }
      root.append(s("g", { "data-tip": this.t("board.window_cost", { livres: this.livres(win.cost) }) }, this.coin(x + ww / 2, y + ht - 22, String(win.cost), 13)));
    });
    if (b.making) {
      root.append(s("g", { "data-tip": `${this.t("board.making")}\n${this.garmentTip(b.making)}` },
        svgText(10 + dw - 50, y + 28, `${this.t("board.making")}`, { "text-anchor": "end", "font-size": 16, fill: "#7c3345" }),
        this.garmentSvg(b.making, 10 + dw - 44, y + 6, 30, 34)));
    }
    // resource drawers
    const dx = 10 + dw + 14;
    const drw = 400;
    root.append(this.frame(dx, y, drw, ht, this.t("board.drawers")));
    const rowH = (ht - 44) / comp.drawers;
    const size = Math.min(64, rowH - 34, (drw - 60) / comp.drawer_spaces - 10);
    b.drawers.forEach((drawer, d) => {
      const ry = y + 38 + d * rowH;
      const count = drawer.filter((x) => x).length;
      root.append(s("rect", { x: dx + 12, y: ry, width: drw - 24, height: rowH - 6, rx: 6, fill: "#f6ead0", stroke: "#d2b983" }),
        s("circle", { cx: dx + drw - 24, cy: ry + rowH / 2, r: 3.5, fill: GOLD }),
        svgText(dx + 20, ry + 18, this.drawerLabel(d + 1, count), { "font-size": 16, fill: INK_SOFT }));
      drawer.forEach((tile, k) => {
        if (!tile) return;
        const tx = dx + 22 + k * (size + 12);
        const node = s("g", { "data-tile": tile }, this.tileSvg(tile, tx, ry + 24, size));
        root.append(this.clickable(node, `take:${tile}`, legal, this.tileTip(tile), this.hl(tx, ry + 24, size, size)));
      });
    });
    // employee display
    const ex = dx + drw + 14;
    const ew = W - 10 - ex;
    const shown = b.display.filter((c) => c);
    const price = shown.length ? this.price(comp.hire_price[shown.length]) : "—";
    root.append(this.frame(ex, y, ew, ht, this.t("board.employees")));
    root.append(svgText(ex + 16, y + 52, `${this.t("board.hire_price", { price })} · ${this.t("board.deck", { count: b.deck_count })}`,
      { "font-size": 16, fill: INK_SOFT }));
    const cols = 2;
    const rows = Math.ceil(comp.hire_spaces / cols);
    const cw = (ew - 30 - (cols - 1) * 10) / cols;
    const ch = (ht - 74 - (rows - 1) * 10) / rows;
    b.display.forEach((card, i) => {
      if (!card) return;
      const cx = ex + 15 + (i % cols) * (cw + 10);
      const cy = y + 64 + Math.floor(i / cols) * (ch + 10);
      const node = s("g", { "data-card": card }, this.cardSvg(card, cx, cy, cw, ch));
      root.append(this.clickable(node, `hire:${card}`, legal, this.cardTip(card), this.hl(cx, cy, cw, ch)));
    });
  }

  drawerLabel(n, count) {
    if (!count) return this.t("board.drawer_empty", { n });
    const price = this.comp.board.resource_price[count];
    return price ? this.t("board.drawer", { n, price: this.livres(price) }) : this.t("board.drawer_free", { n });
  }

  jeweler(root, obs, legal, y) {
    const jw = obs.jewelry;
    const comp = this.comp.jewelry;
    const b = obs.board;
    root.append(this.frame(10, y, W - 20, 190, this.t("board.jeweler")));
    root.append(svgText(W - 26, y + 24, this.t("board.jewel_bag", { n: jw.bag_count }), { "text-anchor": "end", "font-size": 17, fill: INK_SOFT }));
    // jewelry display
    jw.display.forEach((slot, i) => {
      const x = 30 + i * 92;
      const cy = y + 90;
      root.append(s("rect", { x, y: y + 40, width: 80, height: 120, rx: 8, fill: "#fffaf0", stroke: "#cdb98e" }));
      if (slot.jewel) {
        const node = s("g", { "data-jewel": slot.jewel }, this.jewelSvg(slot.jewel, x + 40, cy, 22));
        root.append(this.clickable(node, `jewel:${slot.jewel}`, legal, `${this.jewel(slot.jewel)}\n${this.t("jewel.price", { livres: this.livres(slot.price) })}`,
          this.hlCircle(x + 40, cy, 24)));
      }
      root.append(this.coin(x + 40, y + 140, String(slot.price), 11));
    });
    // jeweler decoration spaces
    const jx = 30 + jw.display.length * 92 + 20;
    const gem = (x, yy) => s("path", { d: `M${x - 10} ${yy - 3}l5 -6h10l5 6-10 13z`, fill: "#cfe3f2", stroke: "#4a6a8a", "stroke-width": 1.1 });
    const jewelers = this.comp.board.decorations.filter((d) => d.kind === "jeweler");
    jewelers.forEach((d, i) => {
      root.append(this.decoSpace(d, jx + 30 + i * 64, y + 82, b.decorations[d.id], legal, gem));
    });
    // the exams: task spaces with the markers of the players who fulfilled them
    const ex = jx + jewelers.length * 64 + 24;
    const tw = Math.min(130, (W - 30 - ex) / 4 - 8);
    const taskRow = (tasks, exam, yy) => {
      const count = exam === "master" ? jw.master_stack_count : jw.journeyman_stack_count;
      root.append(svgText(ex, yy - 8, `${this.t(exam === "master" ? "board.master_tasks" : "board.journeyman_tasks")} · ${this.t("exam.stack", { count })}`,
        { "font-size": 15.5, fill: INK_SOFT }));
      tasks.forEach((task, i) => {
        const x = ex + i * (tw + 8);
        const node = s("g", { "data-tip": `${task}: ${this.t(`task.${task}`)}` },
          s("rect", { x, y: yy, width: tw, height: 40, rx: 8, fill: "#fffaf0", stroke: GOLD }),
          svgText(x + 10, yy + 26, task, { "font-size": 18, "font-weight": 600 }));
        obs.players.forEach((p, seat) => {
          if (p.exam === exam && (p.tasks || []).includes(task)) node.append(this.marker(x + 48 + seat * 18, yy + 20, seat, 7));
        });
        root.append(this.clickable(node, `task:${task}`, legal, null, this.hl(x, yy, tw, 40)));
      });
      obs.players.forEach((p, seat) => {
        if (p.exam === exam) root.append(this.marker(ex + tasks.length * (tw + 8) + 10 + seat * 18, yy + 20, seat, 6));
      });
    };
    taskRow(comp.journeyman_tasks, "journeyman", y + 58);
    taskRow(comp.master_tasks, "master", y + 130);
  }

  jewelSvg(id, x, y, r) {
    const j = this.comp.jewelry.jewels[id];
    const col = JEWEL_DEEP[j.colour];
    if (j.kind === "ring") {
      return s("g", {}, s("circle", { cx: x, cy: y + 4, r: r * 0.7, fill: "none", stroke: "url(#gold)", "stroke-width": r * 0.22 }),
        s("path", { d: `M${x - r * 0.35} ${y - r * 0.55}l${r * 0.35} ${-r * 0.35}l${r * 0.35} ${r * 0.35}l${-r * 0.35} ${r * 0.4}z`, fill: col.mid, stroke: col.deep }));
    }
    return s("g", {}, s("path", { d: `M${x - r} ${y - r * 0.6}q${r} ${r * 1.4} ${r * 2} 0`, fill: "none", stroke: "url(#gold)", "stroke-width": 2.5 }),
      [-0.6, -0.3, 0, 0.3, 0.6].map((k) => s("circle", { cx: x + k * r * 1.3, cy: y + r * 0.1 + (0.6 - Math.abs(k)) * r * 0.55, r: r * 0.16, fill: col.mid, stroke: col.deep, "stroke-width": 0.8 })),
      s("path", { d: `M${x} ${y + r * 0.35}l${r * 0.25} ${r * 0.35}l${-r * 0.25} ${r * 0.35}l${-r * 0.25} ${-r * 0.35}z`, fill: col.deep }));
  }

  // --- HTML parts

  htmlCard(id, action, legal) {
    const c = this.comp.cards[id];
    if (!c) return h("div", { class: "card" }, id);
    const attrs = { class: `card ${c.type}`, "data-card": id, "data-tip": this.cardTip(id) };
    if (action && legal.has(action)) {
      attrs["data-action"] = action;
      attrs.tabindex = 0;
      attrs.role = "button";
    }
    return h("div", attrs,
      h("div", { class: "band" }, h("span", {}, c.group === "start" ? "✻" : ROMAN[c.level]), h("span", {}, this.t(`employee.${c.type}`))),
      h("div", { class: "body" }, this.bonus(c.bonus)),
      h("div", { class: "foot" }, h("span", {}, id), h("span", {}, `⟶ ${c.send_value}`)));
  }

  htmlTile(id, action, legal) {
    const attrs = { class: "tile-html", "data-tile": id, "data-tip": this.tileTip(id) };
    if (action && legal.has(action)) {
      attrs["data-action"] = action;
      attrs.tabindex = 0;
      attrs.role = "button";
    }
    const svg = s("svg", { viewBox: "0 0 64 64", width: 54, height: 54 }, this.tileSvg(id, 1, 1, 62));
    return h("div", attrs, svg);
  }

  /** What the current decision is about, drawn beside its prompt: the garment being made,
   * the tile received, the card whose action or bonus is used. */
  decisionVisual(state) {
    const d = state.observation.decision;
    if (!d || d.seat !== state.seat) return null;
    const parts = [];
    const card = d.bonus_card || d.card;
    if (card && this.comp.cards[card]) parts.push(this.htmlCard(card, null, new Set()));
    if (d.garment && this.comp.garments[d.garment]) {
      parts.push(h("div", { class: "visual", "data-tip": this.garmentTip(d.garment) },
        s("svg", { viewBox: "0 0 96 130", width: 96, height: 130 }, this.defs(), this.garmentSvg(d.garment, 2, 2, 92, 126, { needs: true }))));
    }
    if (d.tile && this.comp.tiles[d.tile]) {
      parts.push(h("div", { class: "visual", "data-tip": this.tileTip(d.tile) },
        s("svg", { viewBox: "0 0 72 72", width: 72, height: 72 }, this.tileSvg(d.tile, 2, 2, 68))));
    }
    return parts.length ? h("div", { class: "decision-visual" }, parts) : null;
  }

  privateArea(state) {
    const obs = state.observation;
    const me = obs.players[state.seat];
    if (!me || !me.hand) return null;
    const legal = new Set(state.legal);
    const parts = [];
    parts.push(h("h3", {}, this.t("panel.your_hand")),
      h("div", { class: "cards", id: "hand" }, me.hand.length ? me.hand.map((c) => this.htmlCard(c, `play:${c}`, legal))
        : h("span", { class: "muted" }, this.t("panel.empty"))));
    if (me.supply.length) {
      parts.push(h("h3", {}, this.t("panel.your_supply")),
        h("div", { class: "cards", id: "supply" }, me.supply.map((c) => this.htmlCard(c, `pick:${c}`, legal))));
    }
    parts.push(h("h3", {}, this.t("panel.your_rack")),
      h("div", { class: "tiles", id: "rack" }, me.rack.length ? me.rack.map((x) => this.htmlTile(x, legal.has(`give:${x}`) ? `give:${x}` : `silk:${x}`, legal))
        : h("span", { class: "muted" }, this.t("panel.empty"))),
      h("div", { class: "muted" }, this.t("panel.your_silk", { silk: this.silk(me.silk) })));
    if (me.specialist) {
      parts.push(h("h3", {}, this.t("panel.your_specialist")),
        h("div", { class: "cards" }, this.htmlCard(me.specialist.card, `hire:${me.specialist.card}`, legal)));
    }
    if (me.jewels && me.jewels.length) {
      parts.push(h("h3", {}, this.t("panel.your_jewels")), h("div", {}, me.jewels.map((j) => this.jewel(j)).join(", ")));
    }
    return h("div", {}, parts);
  }

  players(state) {
    const obs = state.observation;
    const current = state.current;
    const online = Object.fromEntries(state.seats.map((x) => [x.seat, x.online]));
    return h("div", { class: "players" }, obs.players.map((p) => {
      const seat = p.seat;
      const badges = [];
      if (seat === obs.start_player) badges.push(h("span", { class: "badge" }, this.t("panel.start")));
      if (seat === obs.board.favour) badges.push(h("span", { class: "badge" }, this.t("panel.favour")));
      if (p.in_play) badges.push(h("span", { class: "badge", "data-tip": this.cardTip(p.in_play) }, this.t("panel.in_play", { card: this.card(p.in_play) })));
      const extra = [];
      if (p.discard && p.discard.length) {
        const top = p.discard[p.discard.length - 1];
        extra.push(h("div", { "data-tip": this.cardTip(top) }, this.t("panel.discard", { card: this.card(top) })));
      }
      if (p.jewels) {
        extra.push(h("div", {}, this.t("panel.jewels", { jewels: p.jewels.length ? p.jewels.map((j) => this.jewel(j)).join(", ") : "—" })));
        const tasks = (p.tasks || []).map((task) => (this.has(`task.${task}`) ? this.t(`task.${task}`) : task));
        const tip = (p.tasks || []).map((task, i) => `${task}: ${tasks[i]}`).join("\n");
        extra.push(h("div", { class: "exam-tasks", "data-tip": tip || null },
          this.t("panel.exam", { exam: this.t(`exam.${p.exam}`), tasks: tasks.join("; ") || "—" })));
        if (p.has_specialist) extra.push(h("div", {}, this.t("panel.specialist")));
      }
      const stat = (icon, text, label) => h("span", { "data-tip": label }, h("span", { class: "icon" }, icon), " ", text);
      if (obs.solo && seat === obs.solo.seat) return this.madamePanel(p, obs.solo, current, stat);
      return h("div", { class: `player p${seat % 5}${seat === current ? " current" : ""}${online[seat] === false ? " offline" : ""}`, "data-seat": seat },
        h("div", { class: "name" }, h("span", { class: "dot" }), this.player(seat), ...badges),
        h("div", { class: "stats" },
          stat("◉", this.livres(p.livres), this.t("panel.livres")),
          stat("✦", this.vpOrHidden(p.vp), this.t(p.vp === null ? "panel.vp_hidden" : "panel.vp")),
          stat("✚", this.t("unit.thread", { n: p.thread }), this.t("panel.thread")),
          stat("❀", this.t("unit.lace", { n: p.lace }), this.t("panel.lace")),
          stat("▦", this.c.n("rococo.unit.tiles", p.rack_count), this.t("panel.tiles"))),
        h("div", { class: "extra" }, this.t("panel.cards", { hand: p.hand_count, supply: p.supply_count, staff: p.staff_size })),
        extra.length ? h("div", { class: "extra" }, extra) : null);
    }));
  }

  /** What a main action does, in a line (its button's tooltip). */
  actionHelp(action) {
    const [family, arg] = action.split(":");
    return family === "main" && this.has(`main.${arg}_help`) ? this.t(`main.${arg}_help`) : null;
  }

  /** The main actions the rules do not offer now, when the decision is the main action: the
   *  page asks the server why, on the player's demand. */
  /** The choices of the decision a player would look for but may not take now: the main
   *  actions, and on the board the garments of the design display, the tiles of the drawers,
   *  the new employees and the free decoration spaces that the decision's rules refuse. */
  alternatives(state) {
    const obs = state.observation;
    const b = obs.board;
    const legal = new Set(state.legal);
    const missing = (actions) => actions.filter((a) => !legal.has(a));
    if (state.legal.some((a) => a.startsWith("main:"))) {
      const exams = obs.jewelry ? ["journeyman_exam", "master_exam"] : [];
      return ["favour", "acquire", "tailor", "hire", "send", "finance", ...exams].map((x) => `main:${x}`);
    }
    switch (obs.decision?.seat === state.seat ? obs.decision.kind : null) {
      case "tailor": return missing(b.windows.filter((w) => w.garment).map((w) => `garment:${w.garment}`));
      case "acquire": return missing(b.drawers.flat().filter((t) => t).map((t) => `take:${t}`));
      case "hire": return missing(b.display.filter((c) => c).map((c) => `hire:${c}`));
      case "finance": return missing(this.comp.board.decorations.filter((d) => !(d.id in b.decorations)).map((d) => `finance:${d.id}`));
      default: return [];
    }
  }

  /** An engine refusal's reason (GET /explain: its key and raw fields) in the player's words:
   *  ids become card, garment, tile, jewel and space names, amounts livres; null for a key the
   *  catalog lacks. */
  refusal(key, fields) {
    if (!this.has(`refusal.${key}`)) return null;
    const word = {
      card: (v) => this.card(v), garment: (v) => this.garment(v), tile: (v) => this.tile(v), jewel: (v) => this.jewel(v),
      space: (v) => this.space(v), decoration: (v) => this.deco(v), bonus: (v) => this.bonus(v),
      type: (v) => this.t(`employee.${v}`), action: (v) => this.t(`main.${v}`), exam: (v) => this.t(`main.${v}`),
      cost: (v) => this.livres(v), price: (v) => this.livres(v), fee: (v) => this.livres(v),
    };
    const f = {};
    for (const [name, value] of Object.entries(fields)) f[name] = word[name] ? word[name](value) : String(value);
    return this.t(`refusal.${key}`, f);
  }

  /** Each seat's prestige for the score track (null where the edition hides it). */
  scores(state) {
    return state.observation.players.map((p) => ({ seat: p.seat, score: p.vp }));
  }

  /** Madame du Barry: no livres and no employees of her own to show, but her card piles and
   *  the cards she revealed last, which tell what she did. */
  madamePanel(p, solo, current, stat) {
    const revealed = solo.discard.slice(-3).reverse();
    const shown = revealed.map((id) => h("li", { "data-card": id }, this.soloCard(id)));
    return h("div", { class: `player madame p${p.seat % 5}${p.seat === current ? " current" : ""}`, "data-seat": p.seat },
      h("div", { class: "name" }, h("span", { class: "dot" }), this.player(p.seat)),
      h("div", { class: "stats" },
        stat("✦", this.vpOrHidden(p.vp), this.t("panel.vp")),
        stat("✚", this.t("unit.thread", { n: p.thread }), this.t("panel.thread")),
        stat("❀", this.t("unit.lace", { n: p.lace }), this.t("panel.lace")),
        stat("▦", this.c.n("rococo.unit.tiles", p.rack_count), this.t("panel.tiles"))),
      h("div", { class: "extra", id: "madame-piles" }, this.t("panel.madame_piles", {
        hand: this.c.n("rococo.unit.cards", solo.hand_count), supply: this.c.n("rococo.unit.cards", solo.supply_count) })),
      h("div", { class: "extra", id: "madame-revealed" }, this.t("panel.madame_revealed"),
        shown.length ? h("ul", { class: "madame-cards", style: "margin:.1rem 0 0;padding-left:1.1rem" }, shown) : ` ${this.t("unit.none")}`));
  }

  /** One of Madame du Barry's cards: its id and what it shows. */
  soloCard(id) {
    return this.comp.solo?.cards?.[id] ? `${id} ${this.soloEffect(id)}` : id;
  }

  /** What one of her cards shows: the action with its target (top part), then the hall and,
   *  with the Jewelry Box, the jewelry symbol of its bottom part (R-SOLO-PH3-1, R-SOLO-TAI-4). */
  soloEffect(id) {
    const c = this.comp.solo?.cards?.[id];
    if (!c) return id;
    const hall = this.t("solo.hall", { n: c.hall });
    const bottom = this.comp.jewelry
      ? this.t("solo.bottom_jewel", { hall, symbol: this.t(`solo.symbol_${c.jewel}`) })
      : this.t("solo.bottom", { hall });
    return this.t("solo.card", { top: this.soloAction(c), bottom });
  }

  soloAction(c) {
    if (c.action === "acquire" && c.drawer) return this.t("solo.acquire_drawer", { n: c.drawer });
    if (c.action === "acquire") return this.t("solo.acquire_position", { position: this.t(`solo.position_${c.position}`) });
    if (c.action === "tailor" || c.action === "hire") {
      return this.t(`solo.${c.action}`, { ordinal: this.t(`solo.ordinal_${c.ordinal}_${c.direction}`) });
    }
    if (c.action === "finance") return this.t("solo.finance", { kind: this.t(`solo.kind_${c.kind}`) });
    return this.t("solo.favour");
  }

  header(state) {
    const obs = state.observation;
    return `${this.t("board.round", { round: obs.round, rounds: this.comp.rounds })} · ${this.has(`phase.${obs.phase}`) ? this.t(`phase.${obs.phase}`) : obs.phase}`;
  }

  // --- decisions and actions

  prompt(state) {
    const obs = state.observation;
    const d = obs.decision;
    if (!d) return "";
    if (d.seat !== state.seat || !state.legal.length) {
      return this.has(`doing.${d.kind}`) ? this.t(`doing.${d.kind}`) : this.t("doing.other");
    }
    const kind = d.kind;
    const mode = d.mode || "main";
    const f = {};
    let key = `decision.${kind}`;
    if (kind === "hand") f.left = d.picks_left ?? 1;
    else if (kind === "main") f.card = this.card(d.card);
    else if (kind === "acquire") key = `decision.acquire_${mode}`;
    else if (kind === "fate") f.tile = this.tile(d.tile);
    else if (kind === "tailor" && mode !== "main") key = "decision.tailor_bonus";
    else if (["reduce", "give", "dispose"].includes(kind)) {
      f.garment = this.garment(d.garment);
      f.need = this.silk(d.need || {});
    } else if (kind === "hire") f.price = this.price(this.hirePrice(obs));
    else if (kind === "finance" && d.discount) {
      key = "decision.finance_discount";
      f.discount = this.livres(d.discount);
    } else if (kind === "bonus") {
      f.card = this.card(d.bonus_card);
      f.bonus = this.bonus(d.bonus);
    } else if (kind === "buy") f.price = this.livres(d.price || 0);
    else if (kind === "sets") f.vp = this.vp(this.comp.rules.thread_lace_set_vp);
    else if (kind === "jewel") f.garment = this.garment(d.garment);
    if (!this.has(key)) return this.t("decision.other", { kind });
    return this.t(key, f);
  }

  hirePrice(obs) {
    const n = obs.board.display.filter((c) => c).length;
    return n ? this.comp.board.hire_price[n] : 0;
  }

  drawerPrice(obs, tile) {
    for (const drawer of obs.board.drawers) {
      if (drawer.includes(tile)) return this.comp.board.resource_price[drawer.filter((x) => x).length];
    }
    return 0;
  }

  actionLabel(action, state) {
    const obs = state.observation;
    const d = obs.decision || {};
    const [head, ...rest] = action.split(":");
    const arg = rest.join(":");
    const me = obs.players[state.seat] || {};
    switch (head) {
      case "pick": return this.t("action.pick", { card: this.card(arg) });
      case "play": return this.t("action.play", { card: this.card(arg) });
      case "main": return this.has(`main.${arg}`) ? this.t(`main.${arg}`) : arg;
      case "take": return this.t("action.take", { tile: this.tile(arg), price: this.price(d.mode === "reward" ? 0 : this.drawerPrice(obs, arg)) });
      case "tile": {
        const t = this.comp.tiles[d.tile];
        if (arg === "keep") return this.t("action.keep", { tile: d.tile, silk: t ? this.silk(t.silk) : "" });
        if (arg === "thread" || arg === "lace") return this.t(`action.convert_${arg}`, { tile: d.tile });
        return this.t("action.convert", { tile: d.tile, lower: t ? this.lower(t.lower) : "" });
      }
      case "garment": {
        const win = obs.board.windows.find((w) => w.garment === arg);
        const g = this.comp.garments[arg];
        const silk = { ...g.silk };
        if (d.mode === "l4" && silk.green) silk.green = Math.max(0, silk.green - this.comp.rules.green_reduction_l4);
        return this.t("action.garment", { garment: this.garment(arg), cost: win && win.cost ? this.livres(win.cost) : this.t("unit.nothing"), needs: this.needs(arg, silk) });
      }
      case "reduce": return this.t(`action.reduce_${arg}`);
      case "give": return this.t("action.give", { tile: arg, silk: this.silk(this.comp.tiles[arg]?.silk) });
      case "sell": {
        const g = this.comp.garments[d.garment];
        return this.t("action.sell", { garment: this.garment(d.garment), value: this.livres(g ? g.value : 0) });
      }
      case "rent": {
        const sp = this.spaces[arg];
        return `${this.t("action.rent", { space: this.space(arg) })}${sp && sp.master ? " ★" : ""}${sp && sp.reward !== "none" ? ` — ${this.reward(sp)}` : ""}`;
      }
      case "hire":
        if (me.specialist && me.specialist.card === arg) return this.t("action.hire_specialist", { card: this.card(arg) });
        return this.t("action.hire", { card: this.card(arg), price: this.price(this.hirePrice(obs)) });
      case "finance": {
        const deco = this.decos[arg];
        return this.t("action.finance", { deco: this.deco(arg), cost: this.price(Math.max(0, deco.cost - (d.discount || 0))) });
      }
      case "bonus": {
        if (arg === "skip") return this.t("action.bonus_skip");
        if (arg === "thread" || arg === "lace") {
          const paid = d.bonus === "start_pay1_thread_or_lace" ? this.comp.rules.start_thread_lace_price : 0;
          return this.t(`action.bonus_${arg}`, { price: paid ? this.t("action.bonus_price", { price: this.livres(paid) }) : "" });
        }
        return this.t("action.bonus_use", { bonus: this.bonus(d.bonus) });
      }
      case "dismiss": {
        const c = this.comp.cards[arg];
        if (d.bonus === "l2_dismiss_for_cash") return this.t("action.dismiss_cash", { card: this.card(arg), livres: this.livres(this.comp.rules.dismiss_cash[c.type]) });
        if (arg === d.bonus_card) return this.t("action.dismiss_self", { card: this.card(arg) });
        return this.t("action.dismiss_use", { card: this.card(arg) });
      }
      case "buy": return this.t("action.buy", { price: this.livres(d.price || 0) });
      case "done": return this.t(d.kind === "terrace" ? "action.terrace_done" : "action.done");
      case "silk": return this.t("action.silk", { tile: this.tile(arg) });
      case "sets": {
        const k = Number(arg);
        if (!k) return this.t("action.sets_none");
        return this.t("action.sets", { sets: this.c.n("rococo.unit.sets", k), vp: this.vp(k * this.comp.rules.thread_lace_set_vp) });
      }
      case "terrace": {
        const [gid, did] = arg.split(":");
        const g = this.comp.garments[gid];
        const deco = this.decos[did];
        return this.t("action.terrace", { garment: this.garment(gid), deco: this.deco(did), vp: this.vp(g.prestige * deco.multiplier), base: this.vp(g.prestige) });
      }
      case "jewel": {
        if (arg === "none") return this.t("action.jewel_none");
        if (d.free) return this.t("action.jewel_free", { jewel: this.jewel(arg) });
        const slot = (obs.jewelry?.display || []).find((x) => x.jewel === arg);
        return this.t("action.jewel", { jewel: this.jewel(arg), price: this.price(slot ? slot.price : 0) });
      }
      case "task": return `${this.t("action.task", { task: arg })}: ${this.has(`task.${arg}`) ? this.t(`task.${arg}`) : ""}`;
      case "promote": return this.t("action.promote", { card: this.card(arg) });
      case "replay": return this.t("action.replay", { card: this.card(arg) });
      case "copy": return this.t("action.copy", { card: this.card(arg) });
      case "hall": return this.t("action.hall", { hall: this.hallName(Number(arg)) });
      case "remove": return this.t("action.remove", { card: this.card(arg) });
      case "send":
        if (arg === "none") return this.t("action.send_none");
        return this.t("action.send", { card: this.card(arg), livres: this.livres(this.comp.cards[arg]?.send_value || 0) });
      default: return action;
    }
  }

  // --- the journal

  logLines(entry, state) {
    const lines = [];
    for (const ev of entry.events) {
      const text = this.event(ev);
      if (text) lines.push({ text, seat: ev.seat, cls: ev.type === "round" ? "round" : "" });
    }
    return lines;
  }

  event(v) {
    const kind = v.type;
    const seat = v.seat;
    const f = { player: this.player(seat) };
    let key = `event.${kind}`;
    switch (kind) {
      case "turn_end": return null;
      case "setup":
        Object.assign(f, { players: v.players, player: this.player(v.start_player) });
        if (this.comp.solo) key = "event.setup_solo";
        break;
      case "round": f.round = v.round; break;
      case "card_removed": case "played": case "hired": case "card_picked": case "card_sent_away":
      case "promoted": case "replayed": case "copied":
        if (!("card" in v)) key = "event.card_picked_hidden"; else f.card = this.card(v.card);
        break;
      case "display": f.cards = v.cards.map((c) => this.card(c)).join(", ") || this.t("board.empty"); break;
      case "windows": f.garments = v.garments.filter((g) => g).map((g) => this.garment(g)).join(", ") || this.t("board.empty"); break;
      case "garment_expired": case "tailor": case "sold": case "rented": case "terrace":
        f.garment = this.garment(v.garment);
        if (kind === "rented") f.space = this.space(v.space);
        break;
      case "hand_taken": case "supply_recycled": f.count = this.c.n("rococo.unit.cards", v.count); break;
      case "main": f.action = this.has(`main.${v.action}`) ? this.t(`main.${v.action}`) : v.action; break;
      case "livres":
        key = v.amount > 0 ? "event.livres_gain" : "event.livres_pay";
        Object.assign(f, { amount: this.livres(Math.abs(v.amount)), why: this.why(v.why) });
        break;
      case "vp":
        if (!("amount" in v)) key = "event.vp_hidden";
        Object.assign(f, { amount: this.vp(v.amount), why: this.why(v.why) });
        break;
      case "goods":
        key = v.thread + v.lace > 0 ? "event.goods_gain" : "event.goods_spend";
        Object.assign(f, { goods: this.goods(v.thread, v.lace), why: this.why(v.why) });
        break;
      case "tile_taken": case "tile_kept": case "tile_converted": case "tile_drawn": case "tile_spent":
        if (!("tile" in v)) key = `event.${kind}_hidden`; else f.tile = this.tile(v.tile);
        if (kind === "tile_taken") f.n = Math.floor(v.slot / this.comp.board.drawer_spaces) + 1;
        break;
      case "financed": f.deco = this.deco(v.space); break;
      case "bonus": case "bonus_skipped":
        f.bonus = this.bonus(v.bonus);
        if ("card" in v) f.card = this.card(v.card);
        break;
      case "all_halls": f.vp = this.vp(v.vp); break;
      case "scored":
        Object.assign(f, { vp: this.vp(v.vp), step: this.has(`step.${v.step}`) ? this.t(`step.${v.step}`) : v.step });
        if ("hall" in v) { key = "event.scored_hall"; f.hall = this.hallName(v.hall); } // R-SCORE-3: hall by hall
        break;
      case "jewel": f.jewel = this.jewel(v.jewel); break;
      case "jewel_display": f.jewels = v.jewels.filter((j) => j).map((j) => this.jewel(j)).join(", ") || this.t("board.empty"); break;
      case "jewel_removed": f.jewel = this.jewel(v.jewel); break;
      case "exam_passed": f.exam = this.t(`exam.${v.exam}`); break;
      case "task": f.task = `${v.task} (${this.has(`task.${v.task}`) ? this.t(`task.${v.task}`) : ""})`; break;
      case "garment_effect": f.effect = this.has(`effect.${v.effect}`) ? this.t(`effect.${v.effect}`) : v.effect; break;
      case "mdb_hand": f.count = this.c.n("rococo.unit.cards", v.count); break;
      case "mdb_card":
        Object.assign(f, { card: v.card, action: this.comp.solo?.cards?.[v.card] ? this.soloEffect(v.card)
          : this.has(`main.${v.action}`) ? this.t(`main.${v.action}`) : v.action });
        break;
      case "mdb_acquired": f.tiles = (v.tiles || []).map((x) => this.tile(x)).join(", ") || this.t("unit.nothing"); break;
      case "mdb_placement":
        Object.assign(f, { card: v.card, hall: this.hallName(v.hall) });
        if (this.comp.jewelry && v.jewel) {
          key = "event.mdb_placement_jewel";
          f.symbol = this.t(`solo.symbol_${v.jewel}`);
        }
        break;
      case "mdb_fallback": f.action = this.has(`fallback.${v.why}`) ? this.t(`fallback.${v.why}`) : v.why; break;
      default: break;
    }
    if (!this.has(key.slice(0))) return this.t("event.other", { type: kind });
    return this.t(key, f);
  }

  // --- the final scoring

  scoring(state) {
    const obs = state.observation;
    const result = state.result;
    if (!result) return null;
    const breakdown = result.breakdown.length ? result.breakdown : obs.breakdown || [];
    const seen = new Set();
    for (const b of breakdown) for (const k of Object.keys(b)) seen.add(k);
    const steps = [...STEPS.filter((x) => seen.has(x)), ...[...seen].filter((x) => !STEPS.includes(x))];
    const seats = obs.players.map((p) => p.seat);
    const winners = new Set(result.winners);
    const cell = (seat, text, tag = "td") => h(tag, { class: winners.has(seat) ? "winner" : "" }, text);
    return h("table", { class: "scoring", id: "scoring-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((seat) => cell(seat, h("span", {}, h("span", { class: `dot p${seat % 5}` }), " ", this.player(seat)), "th")))),
      h("tbody", {},
        steps.map((step) => h("tr", { "data-step": step }, h("td", {}, this.has(`step.${step}`) ? this.t(`step.${step}`) : step),
          seats.map((seat) => cell(seat, String(breakdown[seat]?.[step] ?? 0))))),
        h("tr", { class: "total" }, h("td", {}, this.c.t("game.total")), seats.map((seat) => cell(seat, String(result.scores[seat])))),
        h("tr", {}, h("td", {}, this.c.t("game.tie_break")), seats.map((seat) => cell(seat, this.livres(result.tie_break[seat]))))));
  }
}
