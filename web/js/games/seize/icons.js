// Seize the Bean icons: our own SVG set (web/icons/seize/), each with a
// translated label (alt, aria-label and tooltip) and a glossary entry.
import { t } from "../../i18n.js";
import { h } from "../../table/dom.js";

/** Icons drawn as a resource picture plus a number (beans2 = "+2 beans"). */
const COUNTED = /^(beans|milk|sugar)([1-4])$/;

/** Every icon in the glossary, in reading order. */
export const GLOSSARY = [
  ["resources", ["beans", "milk", "sugar", "strong_coffee", "hq_coffee", "soy_milk", "croissant", "donut", "pie", "any_snack"]],
  ["actions", ["scoop", "beans2", "milk3", "sugar3", "attract", "upgrade_pantry", "upgrade_style", "good_review", "bad_review", "hype", "early_bird",
    "delivery", "innovation", "connections", "customer_tracking", "draw", "walk_in", "word_of_mouth"]],
  ["customers", ["happy", "angry", "entertain", "lose_customer", "patience", "hype_down", "max_hype"]],
  ["table", ["barista", "full_cup", "empty_cup", "service", "deck", "discard", "pantry", "style", "achievement", "award", "facedown"]],
  ["groups", ["group_hipsters", "group_cyclists", "group_tourists", "group_musicians", "group_start_uppers", "group_party_animals", "group_friends"]],
  ["tokens", ["green", "naptime", "board_game", "board_game_bag", "newsflash_review", "boost", "difficulty"]],
  // Further Friends & Family, the customer packs, the founders and the set-up drafts
  ["setup", ["founder", "founder_special", "founder_group", "draft", "celebrity", "wildcard", "lose_bad_review",
    "group_board_game_media", "group_quality_beasts"]],
  // the variants (booklet pp. 28-37) and the solo scenarios (pp. 48-51)
  ["variants", ["sold_out", "mouthwatering", "craft", "daily_special", "marker", "cookie", "espresso", "scenario", "tech_debt"]],
];

/** The further customer groups of the expansions (group id → its ability), in the glossary's order. */
export const FURTHER_GROUPS = [
  ["students", "early_bird"], ["funemployed_expats", "meet_up"], ["starving_artists", "draw"], ["performers", "acting"],
  ["street_smarts", "swap_customers"], ["tech_nerds", "ddos"], ["rebels", "disrupt"], ["criminal_minds", "steal"],
  ["authority_figures", "arrest"], ["happy_families", "naptime"], ["friendly_locals", "regular"], ["health_nuts", "fair_trade"],
  ["fashionistas", "camp_out"], ["coffee_connoisseurs", "roast"], ["upper_class", "exclusivity"], ["board_game_geeks", "board_games"],
  ["hungry_media", "newsflash"],
];

/** The picture of an ability (its super version shares it); an unknown one gets the Ability Boost mark. */
const ABILITY_ICONS = {
  hype: "hype", overcrowd: "hype_down", entertain: "entertain", walk_in: "walk_in", delivery: "delivery",
  innovation: "innovation", patience: "patience", lose_customer: "lose_customer", attract: "attract",
  connections: "connections", customer_tracking: "customer_tracking", lose_bad_review: "lose_bad_review",
  // Friends & Family's optional versions share the base pictures
  connections_ff: "connections", customer_tracking_ff: "customer_tracking", entertain_ff: "entertain",
  ...Object.fromEntries(FURTHER_GROUPS.map(([, ability]) => [ability, ability])),
};

export function abilityIcon(ability, cls = "") {
  const base = String(ability).replace(/^super_/, "");
  return icon(ABILITY_ICONS[base] ?? "boost", { cls, label: t("seize.ability." + ability) });
}

/** "1 bean", "3 beans", "2 milk": an amount of a resource, in the language's plural form. */
export function resourceCount(res, n) { return t("seize.count." + res, { count: n }); }

export function iconLabel(name) {
  const m = COUNTED.exec(name);
  if (m) return t("seize.icon.counted", { amount: resourceCount(m[1], Number(m[2])) });
  if (name === "*" || name === "group_*") return t("seize.icon.wildcard");
  if (name.startsWith("group_")) return t("seize.group." + name.slice(6));
  return t("seize.icon." + name);
}

function file(name) {
  const m = COUNTED.exec(name);
  if (m) return m[1];
  if (name === "delivery_any") return "delivery";
  if (name === "innovation_any") return "innovation";
  if (name === "*" || name === "group_*") return "wildcard";
  if (name === "founder_special" || name === "founder_group") return "founder";
  return name;
}

/** One icon: an <img> with a translated alt text and tooltip. */
export function icon(name, { cls = "", label = null } = {}) {
  const text = label ?? iconLabel(name);
  const m = COUNTED.exec(name);
  const img = h("img", { src: `icons/seize/${file(name)}.svg`, alt: m ? "" : text, title: text, class: "ic " + cls, width: 24, height: 24, draggable: false });
  if (!m) return img;
  return h("span.ic-count", { role: "img", "aria-label": text, title: text, class: cls }, img, h("b", { "aria-hidden": "true" }, m[2]));
}

/** A group's icon; "*" is the wildcard (Quality Beasts, Cubee): any group but Quality Beasts. */
export function groupIcon(group) { return group === "*" ? icon("wildcard", { cls: "group-ic" }) : icon("group_" + group, { cls: "group-ic" }); }

/** The rules help: every icon with its label and what it does. */
export function glossary() {
  return h("div.glossary", { dataset: { testid: "glossary" } },
    h("p", t("seize.help.intro")),
    h("ol.help-phases", ["actions", "crafting", "hype", "service", "word_of_mouth", "end_of_day"].map((p) =>
      h("li", h("strong", t("seize.phase." + p)), " — ", t("seize.help.phase." + p)))),
    h("p.muted", t("seize.help.scoring")),
    GLOSSARY.map(([section, names]) => h("section",
      h("h4", t("seize.help.section." + section)),
      h("dl", names.map((n) => [h("dt", icon(n), " ", iconLabel(n)), h("dd", t("seize.help." + (COUNTED.test(n) ? "counted" : n)))])))),
    h("section", { dataset: { testid: "glossary-abilities" } },
      h("h4", t("seize.help.section.abilities")),
      h("dl", FURTHER_GROUPS.map(([group, ability]) => [
        h("dt", groupIcon(group), " ", t("seize.group." + group)),
        h("dd", { dataset: { ability } }, abilityIcon(ability), " ", t("seize.ability." + ability)),
        h("dd", { dataset: { ability: "super_" + ability } }, abilityIcon("super_" + ability), " ", t("seize.ability.super_" + ability))]))));
}

const DRAWN = new Set(GLOSSARY.flatMap(([, names]) => names));
/** The picture of each kind of log line; an activation or a gain shows its own icon or resource. */
const EVENT_ICONS = {
  barista_placed: "barista", take: "attract", starbots_attract: "attract", good_review: "good_review", bad_review: "bad_review",
  scoop: "scoop", customer_served: "service", happy_token: "happy", angry_token: "angry", customer_unserved: "angry",
  customer_lost: "lose_customer", customer_left: "lose_customer", starbots_steal_customer: "lose_customer",
  hype: "hype", max_hype: "max_hype", hype_draw: "draw", draw_to_line: "draw", achievement: "achievement",
  empty_cup: "empty_cup", cups: "full_cup", connections: "connections", tracking: "customer_tracking", tracking_discard: "discard",
  reshuffle: "deck", starbots_reshuffle: "deck", city_refill: "deck", starbots_upgrade: "upgrade_style",
  // the further customer groups' abilities
  ability_napping: "naptime", nap_token: "naptime", meet_up: "draw", meet_up_attract: "attract", regular: "deck",
  exclusivity: "discard", fair_trade: "green", board_games_drawn: "board_game_bag", board_games_reshuffle: "board_game_bag",
  board_game_activated: "board_game", board_game_placed: "board_game", board_game_bonus: "board_game", board_games_unused: "discard",
  boost: "boost", ddos: "customer_tracking", ddos_look: "customer_tracking", ddos_discard: "discard", disrupt: "angry",
  disrupt_self: "angry", arrest: "lose_customer", steal: "beans", roast: "beans", newsflash: "newsflash_review",
  award_review: "newsflash_review", swap: "walk_in",
  // set-up drafts, founders, further Friends & Family
  draft_start: "draft", draft_pass: "draft", draft_picked: "draft", draft_done: "draft", founder_kept: "founder",
  founder_revealed: "founder", founder_group: "founder", founder_served: "founder", founder_skipped: "founder",
  friends_revealed: "group_friends", bad_review_lost: "lose_bad_review",
  // the variants and the solo scenarios
  sold_out: "sold_out", sold_out_pass: "sold_out", sold_out_cannot: "sold_out", neighbour_take: "lose_customer",
  mouthwatering: "mouthwatering", mouthwatering_keep: "mouthwatering", diverse_mark: "marker", diverse_cookie: "cookie",
  coffee_lovers_espresso: "espresso", crafted: "craft", daily_special: "daily_special", special_empty_cup: "daily_special",
  special_full_cup: "daily_special", special_empty_passed: "daily_special", review_to_debt: "tech_debt", tech_debt: "tech_debt",
  review_to_box: "scenario", board_game_marker: "marker",
};

/** A log line's small icon (beside its words, so hidden from screen readers), or null. */
export function eventIcon(event) {
  const code = event.code.replace(/^seize\./, "");
  const p = event.params || {};
  const name = code === "activate" || code === "bonus_taken" ? p.icon : code === "gain" ? p.res : EVENT_ICONS[code];
  if (!name || !(DRAWN.has(name) || COUNTED.test(name))) return null;
  const node = icon(name, { label: "", cls: "ev-ic" });
  node.setAttribute("aria-hidden", "true");
  return node;
}
