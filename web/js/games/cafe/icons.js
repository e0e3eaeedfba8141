// Café icons: our own SVG set (web/icons/cafe/).  Bean colours are told apart
// by shape as well as colour (yellow circle, brown square, green triangle,
// red diamond), so nothing relies on colour vision alone.
import { t } from "../../i18n.js";
import { h } from "../../table/dom.js";

export const KINDS = ["production", "drying", "roasting", "cafe", "ship", "cup", "empty"];

export function colourName(colour) { return t("cafe.colour." + colour); }
/** "2 yellow" (fr "2 jaunes"): a number of one colour, the colour agreeing with it. */
export function colourCount(colour, n) { return t("cafe.colourN." + colour, { count: n }); }
/** "1 green cube", "3 green cubes" (fr "3 cubes verts"). */
export function cubesOf(colour, n) { return t("cafe.cubesN." + colour, { count: n }); }
export function kindName(kind) { return t("cafe.kind." + kind); }

/** One icon: an <img> with a translated alt text and tooltip (empty alt when decorative). */
export function icon(name, { cls = "", label = null, decorative = false } = {}) {
  const text = label ?? iconLabel(name);
  return h("img", { src: `icons/cafe/${name}.svg`, alt: decorative ? "" : text, title: text, class: "cic " + cls,
    width: 24, height: 24, draggable: false });
}

export function iconLabel(name) {
  if (name.startsWith("bean-")) return colourName(name.slice(5));
  if (KINDS.includes(name)) return kindName(name);
  return t("cafe.icon." + name);
}

export function bean(colour, opts = {}) { return icon("bean-" + colour, opts); }

/**
 * A bean standing for `n` cubes of a colour in one place (a square, a warehouse,
 * the supply): named "cube-<colour>" with its count, so a cube leaving one place
 * for another travels between them (table/motion.js).
 */
export function cubeToken(colour, n = 1) {
  const el = bean(colour, { decorative: true });
  Object.assign(el.dataset, { piece: "cube-" + colour, count: String(n) });
  return el;
}

/** "2 yellow, 1 red" in the current language, from {colour: n} or a list of colours. */
export function cubesText(cubes, colours = ["yellow", "brown", "green", "red"]) {
  const counts = Array.isArray(cubes)
    ? Object.fromEntries(colours.map((c) => [c, cubes.filter((x) => x === c).length]))
    : cubes || {};
  const parts = colours.filter((c) => counts[c] > 0).map((c) => colourCount(c, counts[c]));
  return parts.length ? parts.join(", ") : t("cafe.none");
}

/** Bean icons with a count: {yellow: 2} → [●×2]; as `pieces`, cubes that travel (cubeToken). */
export function cubesNode(cubes, colours = ["yellow", "brown", "green", "red"], { pieces = false } = {}) {
  const parts = colours.filter((c) => (cubes?.[c] ?? 0) > 0);
  if (!parts.length) return h("span.muted", t("cafe.none"));
  return h("span.cubes", { role: "img", "aria-label": cubesText(cubes, colours), title: cubesText(cubes, colours) },
    parts.map((c) => h("span.cube-n", { "aria-hidden": "true" }, pieces ? cubeToken(c, cubes[c]) : bean(c, { decorative: true }), cubes[c] > 1 ? h("b", "×" + cubes[c]) : null)));
}

/** The picture of each kind of log line. */
const EVENT_ICONS = {
  produced: "production", dried: "drying", roasted: "roasting", delivery_started: "cafe", delivered: "cafe", group_done: "cafe",
  cards_revealed: "deck", card_drawn: "deck", card_taken: "deck", card_discarded: "deck", card_placed: "rotate-right",
  cubes_removed: "warehouse", cube_shipped: "ship", ship_unloaded: "ship", actions_started: "cup", actions_ended: "cup",
  bid: "master", bid_paid: "master", bid_passed: "master", auction_ended: "master", master_changed: "master", game_over: "star",
};

/** A log line's small icon (beside its words: decorative), or null. */
export function eventIcon(event) {
  const name = EVENT_ICONS[event.code.replace(/^cafe\./, "")];
  return name ? icon(name, { decorative: true, cls: "ev-ic" }) : null;
}
