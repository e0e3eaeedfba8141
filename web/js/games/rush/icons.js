// Coffee Rush icons: our own SVG set (web/icons/rush/), each with a translated
// label used as alt text and tooltip.
import { t } from "../../i18n.js";
import { h } from "../../table/dom.js";

export const INGREDIENTS = ["coffee", "milk", "steam", "ice", "chocolate", "caramel", "tea", "water"];
export const UPGRADES = ["double_meeples", "diagonal_move", "double_corners", "double_specialties"];

export function ingName(ing) { return t("rush.ing." + ing); }
export function upgradeName(tile) { return t("rush.upgrade." + tile); }

export function iconLabel(name) {
  if (INGREDIENTS.includes(name)) return ingName(name);
  if (UPGRADES.includes(name)) return upgradeName(name);
  const m = /^meeple-(\d)$/.exec(name);
  if (m) return t("rush.icon.meeple", { n: m[1] });
  return t("rush.icon." + name);
}

/**
 * One icon: an <img> with a translated alt text and tooltip.
 * `decorative` (next to a text that already says it) gives an empty alt.
 */
export function icon(name, { cls = "", label = null, decorative = false } = {}) {
  const text = label ?? iconLabel(name);
  return h("img", { src: `icons/rush/${name}.svg`, alt: decorative ? "" : text, title: text, class: "ric " + cls,
    width: 24, height: 24, draggable: false });
}

/** A seat's meeple picture (seats 0-3 → meeple-1..4). */
export function meepleIcon(seat, opts = {}) { return icon(`meeple-${(seat % 4) + 1}`, opts); }

/** A list of ingredients as icons, grouped ("2× coffee"), with one text label. */
export function ingredientList(list, { cls = "", pieces = false } = {}) {
  if (!list.length) return h("span.ings.empty" + (cls ? "." + cls : ""), t("rush.nothing"));
  return h("span.ings" + (cls ? "." + cls : ""), { role: "img", "aria-label": ingredientsText(list), title: ingredientsText(list) },
    list.map((ing) => (pieces ? ingredientToken(ing) : icon(ing, { decorative: true }))));
}

/**
 * An ingredient's picture standing for `n` tokens in one place (the supply, a
 * player's tray; one each in a cup): named "ing-<ingredient>", so a token
 * taken from the supply travels to the tray, then into a cup (table/motion.js).
 */
export function ingredientToken(ing, n = null) {
  const el = icon(ing, { decorative: true });
  el.dataset.piece = "ing-" + ing;
  if (n !== null) el.dataset.count = String(n);
  return el;
}

/** "coffee, coffee, milk" in the current language. */
export function ingredientsText(list) {
  return list.length ? list.map(ingName).join(", ") : t("rush.nothing");
}

/** The picture of each kind of log line; one about an ingredient or an upgrade shows it. */
const EVENT_ICONS = {
  cup_emptied: "cup", ingredients_returned: "cup", order_sent: "sent", penalty: "penalty", rush_tokens_gained: "rush",
  rush_token_spent: "rush", cards_drawn: "deck", closed: "closed", last_orders: "closed", opening_chosen: "order", opening_removed: "order",
};

/** A log line's small icon (beside its words: decorative), or null. */
export function eventIcon(event) {
  const code = event.code.replace(/^rush\./, "");
  const p = event.params || {};
  if (code === "meeple_moved" || code === "meeple_placed") return meepleIcon(event.player ?? 0, { decorative: true, cls: "ev-ic" });
  const name = INGREDIENTS.includes(p.ingredient) ? p.ingredient : UPGRADES.includes(p.upgrade) ? p.upgrade
    : code === "order_sent" && p.specialty ? "specialty" : EVENT_ICONS[code];
  return name ? icon(name, { decorative: true, cls: "ev-ic" }) : null;
}
