// Seize the Bean's part of the setup screen: the district (or a custom or
// random Kiez), each seat's difficulty level and the official opening.
// Everything offered comes from the engine's compatibility table
// (`game_options`), the same table it enforces: a choice the table forbids
// for this number of players is greyed out with the booklet's reason, and a
// setup with a problem left is never submitted.
import { language, t } from "../../i18n.js";
import { h } from "../../table/dom.js";
import { groupIcon, icon } from "./icons.js";

export const DEFAULT_DISTRICT = "kreuzberg";
const SPECIAL = ["random", "custom"];
/** The packs that are customer groups: each replaces one of the six (in this order in `pack_replaces`). */
const GROUP_PACKS = ["board_game_media", "quality_beasts"];

/** The panel's state from a setup's options (a share link's, or a fresh one). */
export function panelState(options = {}) {
  return {
    district: options.district ?? DEFAULT_DISTRICT,
    groups: Array.isArray(options.groups) ? [...options.groups] : [],
    difficulty: Array.isArray(options.difficulty) ? [...options.difficulty] : [],
    opening: options.opening ?? "standard",
    friends: options.friends ?? "base",
    packs: Array.isArray(options.packs) ? [...options.packs] : [],
    // pack -> the group it replaces, as chosen (a link's list names one per group pack, in GROUP_PACKS order)
    replaces: Object.fromEntries(GROUP_PACKS.filter((p) => options.packs?.includes(p))
      .map((p, k) => [p, Array.isArray(options.replaces) ? options.replaces[k] : undefined]).filter(([, g]) => g)),
    cups: Array.isArray(options.cups) ? [...options.cups] : null, // null: all four Daily Specials
    founders: options.founders ?? "off",
    variants: Array.isArray(options.variants) ? [...options.variants] : [],
    scenario: options.scenario ?? null,
  };
}

/** The variant's name in the current language. */
export function variantName(id) { return t("seize.variant." + id); }

/** Why `players` may not add variant `id` to the panel's variants (null: they may). */
export function variantProblem(compat, id, panel, players) {
  const v = compat.variants?.[id];
  if (!v) return null;
  const rule = v.rule;
  if (players >= 5 && v.five_six === false) return t("seize.setup.variantNotFiveSix", { variant: variantName(id), rule: compat.rules.five_six ? `${rule}; ${compat.rules.five_six}` : rule });
  if (players === 1 && v.solo === false) return t("seize.setup.variantNotSolo", { variant: variantName(id), rule });
  const missing = (v.needs ?? []).filter((n) => !panel.variants.includes(n));
  if (missing.length) return t("seize.setup.variantNeeds", { variant: variantName(id), needed: missing.map(variantName).join(", "), rule });
  if (v.tokens && !panel.variants.includes(id) && !panel.variants.includes("pastries")
    && panel.variants.some((o) => o !== id && compat.variants[o]?.tokens)) {
    return t("seize.setup.variantTokens", { rule: compat.variants.pastries?.rule ?? rule });
  }
  return null;
}

/** The variants the game starts with: the chosen ones the table allows (a forbidden one is left out). */
export function chosenVariants(compat, panel, players) {
  const ids = Object.keys(compat.variants ?? {});
  let out = ids.filter((id) => panel.variants.includes(id));
  // what the player count forbids, and what needs a variant left out, is dropped (greyed out on screen)
  for (let again = true; again;) {
    again = false;
    for (const id of out) {
      const v = compat.variants[id];
      const bad = (players >= 5 && v.five_six === false) || (players === 1 && v.solo === false) || (v.needs ?? []).some((n) => !out.includes(n));
      if (bad) { out = out.filter((x) => x !== id); again = true; break; }
    }
  }
  return out;
}

/** The scenario the panel plays (solo only; null: none). */
export function panelScenario(compat, panel, players) {
  return players === 1 && panel.scenario && compat.scenarios?.[panel.scenario] ? panel.scenario : null;
}

/** Why `players` may not play with customer pack `id` (null: they may). */
export function packProblem(compat, id, players) {
  const p = compat.packs?.[id];
  if (!p) return null;
  if (players === 1 && !p.solo) return t("seize.setup.packNotSolo", { pack: t("seize.pack." + id), rule: compat.rules.packs });
  if (players >= 5 && p.five_six === false) return t("seize.setup.packNotFiveSix", { pack: t("seize.pack." + id), rule: compat.rules.packs });
  return null;
}

/** Why `players` may not deal founders `id` (null: they may): 3 each, so 5-6 players need all 18. */
export function foundersProblem(compat, id, players) {
  if (id === "base" && players >= 5) return t("seize.setup.foundersBaseFiveSix", { rule: compat.rules.founders });
  return null;
}

/** The six groups the panel's district gives (null: drawn at random when the game starts). */
function panelGroups(compat, panel) {
  if (panel.district === "custom") return panel.groups.length === 6 ? panel.groups : null;
  return compat.districts[panel.district]?.groups ?? null;
}

/** The group packs the game starts with (a pack the player count forbids is left out). */
function groupPacks(compat, panel, players) {
  return GROUP_PACKS.filter((p) => panel.packs.includes(p) && !packProblem(compat, p, players));
}

/** The group each chosen group pack replaces, as the players chose it (a choice of a group not in play
 * falls back to the default); null when that is the default: the last listed group, then the one before. */
export function chosenReplaces(compat, panel, players) {
  const groups = panelGroups(compat, panel);
  if (!groups) return null; // a random Kiez: its groups are drawn when the game starts
  const packs = groupPacks(compat, panel, players);
  const defaults = packs.map((_, k) => groups[groups.length - 1 - k]);
  const chosen = packs.map((p, k) => (groups.includes(panel.replaces?.[p]) ? panel.replaces[p] : defaults[k]));
  return chosen.some((g, k) => g !== defaults[k]) ? chosen : null;
}

/** The group a group pack replaces: chosen by the players, else the last listed group, then the one before. */
export function packReplaces(compat, panel, pack, players) {
  const packs = groupPacks(compat, panel, players);
  const k = packs.indexOf(pack);
  if (k < 0) return null;
  const groups = panelGroups(compat, panel);
  if (!groups) return k === 0 ? "last" : "beforeLast";
  return (chosenReplaces(compat, panel, players) ?? packs.map((_, i) => groups[groups.length - 1 - i]))[k];
}

/** The Daily Special cups the game starts with (null: all four, the default). */
export function chosenCups(compat, panel, players) {
  const all = compat.cups ?? [];
  if (!panel.cups || !chosenVariants(compat, panel, players).includes("daily_specials")) return null;
  const cups = all.filter((c) => panel.cups.includes(c));
  return cups.length && cups.length < all.length ? cups : null;
}

function about(d, id) {
  const lang = language();
  const key = "seize.district.about." + id;
  if (d.about?.[lang]) return d.about[lang];
  const text = t(key);
  return text !== key ? text : d.about?.en ?? "";
}

/** Why `players` may not play district `id` (null: they may). */
export function districtProblem(compat, id, players) {
  const d = compat.districts[id];
  if (!d) return null;
  if (players >= 5 && !d.five_six) return t("seize.setup.notFiveSix", { district: d.name, rule: compat.rules.five_six });
  if (players === 1 && d.solo === false) return t("seize.setup.notSolo", { district: d.name, rule: compat.rules.solo });
  return null;
}

/** Why `players` may not play with group `id` (null: they may). */
export function groupProblem(compat, id, players) {
  const g = compat.groups[id];
  if (!g) return null;
  if (players >= 5 && !g.five_six) return t("seize.setup.groupNotFiveSix", { group: t("seize.group." + id), rule: compat.rules.five_six });
  if (players === 1 && !g.solo) return t("seize.setup.groupNotSolo", { group: t("seize.group." + id), rule: compat.rules.solo });
  return null;
}

/** Everything wrong with the panel's choices for `players` (empty: the setup may start). */
export function setupProblems(compat, panel, players) {
  const problems = [];
  if (panel.district === "custom") {
    if (panel.groups.length < 6) problems.push(t("seize.setup.pickSix", { count: 6 - panel.groups.length, rule: compat.rules.districts }));
    if (panel.groups.length > 6 || new Set(panel.groups).size !== panel.groups.length) problems.push(t("seize.setup.tooMany", { rule: compat.rules.districts }));
    for (const g of panel.groups) {
      const why = groupProblem(compat, g, players);
      if (why) problems.push(why);
    }
  } else if (panel.district !== "random") {
    const why = districtProblem(compat, panel.district, players);
    if (why) problems.push(why);
  }
  if (panelScenario(compat, panel, players)) return problems; // the scenario sets the rest
  // a pack the player count forbids is greyed out and left out of the game (never a blocking problem)
  const replaced = chosenReplaces(compat, panel, players);
  if (replaced && new Set(replaced).size !== replaced.length) problems.push(t("seize.setup.packsSameGroup", { rule: compat.rules.packs }));
  const why = foundersProblem(compat, panel.founders, players);
  if (why) problems.push(why);
  // two token variants without the Pastry Pack figures: the one problem a choice of variants can leave
  const variants = chosenVariants(compat, panel, players);
  const tokens = variants.filter((v) => compat.variants[v].tokens);
  if (tokens.length > 1 && !variants.includes("pastries")) problems.push(t("seize.setup.variantTokens", { rule: compat.variants.pastries?.rule ?? "" }));
  return problems;
}

/**
 * The panel for the generic setup screen.
 * ctx: {gameOptions, panel (this module's state), players, seatLabels [text per seat; null: solo], redraw}
 * Returns {nodes, problems, options()}: options() is what the share link carries.
 */
export function setupPanel({ gameOptions, panel, players, seatLabels: seats, redraw }) {
  const compat = gameOptions?.compatibility;
  // solo: one level, the human's (Starbots have their own 1-20)
  const seatLabels = seats ?? [t("seize.setup.yourDifficulty")];
  if (!compat) return { nodes: [], problems: [], options: () => ({}) };
  const levels = compat.difficulties ?? ["normal"];
  while (panel.difficulty.length < seatLabels.length) panel.difficulty.push(levels[0]);
  panel.difficulty.length = seatLabels.length;

  const districtChoice = (id) => {
    const d = compat.districts[id];
    const why = districtProblem(compat, id, players);
    const flags = [d.five_six ? t("seize.setup.fiveSix") : null, d.solo !== false ? t("seize.setup.solo") : null].filter(Boolean);
    return h("label.radio.district", { class: why ? "forbidden" : "", dataset: { district: id } },
      h("input", { type: "radio", name: "district", value: id, checked: panel.district === id, disabled: Boolean(why),
        dataset: { testid: `district-${id}` }, onchange: () => { panel.district = id; redraw(); } }),
      h("span",
        h("strong", d.name), " ", flags.map((f) => h("span.flag", f)), " ",
        h("span.district-groups", { "aria-label": t("seize.setup.groups", { groups: d.groups.map((g) => t("seize.group." + g)).join(", ") }) },
          d.groups.map(groupIcon)),
        h("br"), h("span.muted", about(d, id)),
        why ? [h("br"), h("span.reason", { dataset: { testid: `district-reason-${id}` } }, why)] : null));
  };
  const kinds = [["main", "seize.setup.mainDistricts"], ["further", "seize.setup.furtherDistricts"]];
  const districtBox = h("fieldset.districts", { dataset: { testid: "districts" } },
    h("legend", t("seize.setup.district")),
    kinds.map(([kind, title]) => {
      const ids = Object.keys(compat.districts).filter((id) => (compat.districts[id].kind ?? "main") === kind);
      return ids.length ? h("div.district-list", h("h4", t(title)), ids.map(districtChoice)) : null;
    }),
    h("div.district-list", h("h4", t("seize.setup.ownMix")),
      SPECIAL.map((id) => h("label.radio", { dataset: { district: id } },
        h("input", { type: "radio", name: "district", value: id, checked: panel.district === id, dataset: { testid: `district-${id}` },
          onchange: () => { panel.district = id; redraw(); } }),
        h("span", h("strong", t("seize.setup." + id)), id === "random" ? [h("br"), h("span.muted", t("seize.setup.randomHint"))] : null))),
      panel.district === "custom" ? customGroups(compat, panel, players, redraw) : null));

  const levelBox = h("fieldset", { dataset: { testid: "difficulties" } },
    h("legend", t("seize.setup.difficulty")),
    seatLabels.map((label, i) => h("label.seat",
      h("span", label),
      h("select", { dataset: { testid: `difficulty-${i}` }, onchange: (e) => { panel.difficulty[i] = e.target.value; } },
        levels.map((lv) => h("option", { value: lv, selected: panel.difficulty[i] === lv }, t("seize.difficulty." + lv)))))),
    h("p.muted", t("seize.setup.difficultyHint", { rule: compat.rules.difficulty })));

  const openingBox = h("fieldset", h("legend", t("seize.setup.opening")),
    h("label.check",
      h("input", { type: "checkbox", checked: panel.opening === "official", dataset: { testid: "opening" },
        onchange: (e) => { panel.opening = e.target.checked ? "official" : "standard"; } }),
      h("span", h("strong", t("seize.setup.opening")), h("br"), h("span.muted", t("seize.setup.openingHint", { rule: compat.rules.opening })))));

  const friendsBox = compat.friends ? h("fieldset.friends", { dataset: { testid: "friends-modes" } },
    h("legend", t("seize.setup.friends")),
    compat.friends.map((id) => h("label.radio", { dataset: { friends: id } },
      h("input", { type: "radio", name: "friends", value: id, checked: panel.friends === id, dataset: { testid: `friends-${id}` },
        onchange: () => { panel.friends = id; redraw(); } }),
      h("span", h("strong", t("seize.setup.friends." + id)), h("br"), h("span.muted", t("seize.setup.friendsHint." + id))))),
    h("p.muted", t("seize.setup.rule", { rule: compat.rules.friends }))) : null;

  const packBox = compat.packs ? h("fieldset.packs", { dataset: { testid: "packs" } },
    h("legend", t("seize.setup.packs")),
    Object.keys(compat.packs).map((id) => {
      const why = packProblem(compat, id, players);
      const chosen = panel.packs.includes(id) && !why;
      const replaced = chosen ? packReplaces(compat, panel, id, players) : null;
      const replacesText = replaced === "last" || replaced === "beforeLast" ? t("seize.setup.packReplaces." + replaced)
        : replaced ? t("seize.setup.packReplaces", { group: t("seize.group." + replaced) }) : null;
      const groups = panelGroups(compat, panel);
      // the players choose the group it replaces (booklet p. 20) once the six groups are known
      const replaceChoice = replaced && groups && groups.includes(replaced) ? h("label.seat.pack-replaces-choice",
        h("span", t("seize.setup.packReplacesChoose")),
        h("select", { dataset: { testid: `pack-replaces-select-${id}` },
          onchange: (e) => { panel.replaces = { ...panel.replaces, [id]: e.target.value }; redraw(); } },
          groups.map((g) => h("option", { value: g, selected: g === replaced }, t("seize.group." + g))))) : null;
      return [h("label.check.pack-choice", { class: why ? "forbidden" : "", dataset: { pack: id } },
        h("input", { type: "checkbox", checked: chosen, disabled: Boolean(why), dataset: { testid: `pack-${id}` },
          onchange: (e) => { panel.packs = e.target.checked ? [...panel.packs, id] : panel.packs.filter((p) => p !== id); redraw(); } }),
        id === "city_celebrities" ? icon("celebrity", { cls: "group-ic" }) : groupIcon(id),
        h("span", h("strong", t("seize.pack." + id)), h("br"), h("span.muted", t("seize.setup.packHint." + id)),
          replacesText ? [h("br"), h("span.replaces", { dataset: { testid: `pack-replaces-${id}` } }, replacesText)] : null,
          why ? [h("br"), h("span.reason", { dataset: { testid: `pack-reason-${id}` } }, why)] : null)), replaceChoice];
    }),
    h("p.muted", t("seize.setup.rule", { rule: compat.rules.packs }))) : null;

  const founderBox = compat.founders ? h("fieldset.founders", { dataset: { testid: "founder-modes" } },
    h("legend", t("seize.setup.founders")),
    compat.founders.map((id) => {
      const why = foundersProblem(compat, id, players);
      return h("label.radio", { class: why ? "forbidden" : "", dataset: { founders: id } },
        h("input", { type: "radio", name: "founders", value: id, checked: panel.founders === id, disabled: Boolean(why), dataset: { testid: `founders-${id}` },
          onchange: () => { panel.founders = id; redraw(); } }),
        h("span", h("strong", t("seize.setup.founders." + id)), h("br"), h("span.muted", t("seize.setup.foundersHint." + id)),
          why ? [h("br"), h("span.reason", { dataset: { testid: `founders-reason-${id}` } }, why)] : null));
    }),
    h("p.muted", t("seize.setup.rule", { rule: compat.rules.founders }))) : null;

  const scenario = panelScenario(compat, panel, players);
  const variantBox = compat.variants ? variantsBox(compat, panel, players, redraw, scenario) : null;
  const scenarioBox = players === 1 && compat.scenarios && Object.keys(compat.scenarios).length ? scenariosBox(compat, panel, redraw) : null;
  if (scenario) {
    // what the scenario sets is greyed out, said once in each box
    const note = () => h("p.fixed-note", { dataset: { testid: "fixed-by-scenario" } }, t("seize.setup.fixedByScenario", { scenario: compat.scenarios[scenario].name }));
    for (const box of [districtBox, openingBox, friendsBox, packBox, founderBox]) {
      if (!box) continue;
      box.disabled = true;
      box.classList.add("fixed");
      box.querySelector("legend")?.after(note());
    }
  }

  // read when the game starts (a level or the opening changes without a redraw)
  const options = () => {
    const out = {};
    if (scenario) {
      out.scenario = scenario;
      if (panel.difficulty.some((lv) => lv !== levels[0])) out.difficulty = [...panel.difficulty];
      return out;
    }
    if (panel.district !== DEFAULT_DISTRICT) out.district = panel.district;
    if (panel.district === "custom") out.groups = [...panel.groups];
    if (panel.difficulty.some((lv) => lv !== levels[0])) out.difficulty = [...panel.difficulty];
    if (panel.opening === "official") out.opening = "official";
    if (panel.friends && panel.friends !== "base") out.friends = panel.friends;
    const packs = (panel.packs ?? []).filter((p) => !packProblem(compat, p, players));
    if (packs.length) out.packs = ["board_game_media", "quality_beasts", "city_celebrities"].filter((p) => packs.includes(p));
    const replaces = chosenReplaces(compat, panel, players);
    if (replaces) out.replaces = replaces;
    if (panel.founders && panel.founders !== "off") out.founders = panel.founders;
    const variants = chosenVariants(compat, panel, players);
    if (variants.length) out.variants = variants;
    const cups = chosenCups(compat, panel, players);
    if (cups) out.cups = cups;
    return out;
  };
  return { nodes: [scenarioBox, districtBox, levelBox, openingBox, friendsBox, packBox, founderBox, variantBox].filter(Boolean), problems: setupProblems(compat, panel, players), options };
}

/** The variants (booklet pp. 28-37): each with a line of explanation, greyed out with the booklet's reason. */
function variantsBox(compat, panel, players, redraw, scenario) {
  const fixed = scenario ? compat.scenarios[scenario] : null;
  const effective = chosenVariants(compat, panel, players);
  const box = h("fieldset.variants", { dataset: { testid: "variants" } },
    h("legend", t("seize.setup.variants")),
    fixed ? h("p.fixed-note", { dataset: { testid: "fixed-by-scenario" } }, t("seize.setup.fixedByScenario", { scenario: fixed.name })) : null,
    Object.keys(compat.variants).map((id) => {
      const why = fixed ? null : variantProblem(compat, id, panel, players);
      // a forbidden variant is left out (unticked); a ticked one may always be unticked
      const chosen = fixed ? fixed.variants.includes(id) : effective.includes(id);
      const cups = id === "daily_specials" && chosen && !fixed && compat.cups ? cupsChoice(compat, panel, redraw) : null;
      return [h("label.check.variant-choice", { class: why ? "forbidden" : "", dataset: { variant: id } },
        h("input", { type: "checkbox", checked: chosen, disabled: Boolean(fixed) || (Boolean(why) && !chosen),
          dataset: { testid: `variant-${id}` },
          onchange: (e) => { panel.variants = e.target.checked ? [...panel.variants, id] : panel.variants.filter((v) => v !== id); redraw(); } }),
        icon(VARIANT_ICONS[id], { cls: "variant-ic", label: "" }),
        h("span", h("strong", variantName(id)),
          h("br"), h("span.muted", t("seize.setup.variantHint." + id)),
          why ? [h("br"), h("span.reason", { dataset: { testid: `variant-reason-${id}` } }, why)] : null)), cups];
    }));
  if (fixed) { box.disabled = true; box.classList.add("fixed"); }
  return box;
}

/** Daily Specials: the cups in play, one or more (booklet p. 36 recommends all four; the last one stays). */
function cupsChoice(compat, panel, redraw) {
  const inPlay = panel.cups ? compat.cups.filter((c) => panel.cups.includes(c)) : [...compat.cups];
  return h("div.cup-choices", { dataset: { testid: "cups" } },
    h("p.muted", h("strong", t("seize.setup.cups")), " ", t("seize.setup.cupsHint")),
    compat.cups.map((cup) => {
      const on = inPlay.includes(cup);
      return h("label.check.cup-choice", { dataset: { cup } },
        h("input", { type: "checkbox", checked: on, disabled: on && inPlay.length === 1, dataset: { testid: `cup-${cup}` },
          onchange: (e) => { panel.cups = e.target.checked ? [...inPlay, cup] : inPlay.filter((c) => c !== cup); redraw(); } }),
        icon("daily_special", { cls: "variant-ic", label: "" }), h("span", t("seize.cup." + cup)));
    }));
}

/** The variants' pictures on the setup screen (the glossary has each). */
const VARIANT_ICONS = { sold_out: "sold_out", competitive_neighbour: "lose_customer", pastries: "croissant", mouthwatering: "mouthwatering",
  artisan: "craft", diverse_city: "cookie", daily_specials: "daily_special", coffee_lovers: "espresso" };

/** The solo scenarios (booklet pp. 48-51): none, or one, with its district, difficulty and a line of our own. */
function scenariosBox(compat, panel, redraw) {
  const choice = (id) => {
    const sc = id ? compat.scenarios[id] : null;
    const district = sc ? compat.districts[sc.district]?.name ?? sc.district : "";
    return h("label.radio.scenario", { dataset: { scenario: id ?? "none" } },
      h("input", { type: "radio", name: "scenario", value: id ?? "", checked: (panel.scenario ?? null) === id, dataset: { testid: `scenario-${id ?? "none"}` },
        onchange: () => { panel.scenario = id; redraw(); } }),
      h("span", sc ? [h("strong", sc.name), " ", h("span.flag", t("seize.setup.scenarioMeta", { district, difficulty: scenarioLevel(sc.difficulty) })),
        h("br"), h("span.muted", t("seize.scenario.about." + id))] : h("strong", t("seize.setup.scenario.none"))));
  };
  return h("fieldset.scenarios", { dataset: { testid: "scenarios" } },
    h("legend", icon("scenario", { label: "" }), " ", t("seize.setup.scenario")),
    choice(null), Object.keys(compat.scenarios).map(choice),
    h("p.muted", t("seize.setup.scenarioHint", { rule: compat.rules.scenarios ?? "" })));
}

/** A scenario's difficulty as the booklet rates it, in words. */
export function scenarioLevel(level) {
  const key = "seize.scenario.level." + String(level ?? "").replace(/ /g, "_");
  const text = t(key);
  return text === key ? String(level ?? "") : text;
}

function customGroups(compat, panel, players, redraw) {
  const full = panel.groups.length >= 6;
  return h("div.custom-groups", { dataset: { testid: "custom-groups" } },
    h("p.muted", { dataset: { testid: "custom-count" } }, t("seize.setup.chosen", { count: panel.groups.length })),
    h("div.group-grid", Object.keys(compat.groups).map((id) => {
      const why = groupProblem(compat, id, players);
      const chosen = panel.groups.includes(id);
      return h("label.check.group-choice", { class: why ? "forbidden" : "", title: why ?? t("seize.group." + id) },
        h("input", { type: "checkbox", checked: chosen, disabled: !chosen && (Boolean(why) || full), dataset: { testid: `group-${id}` },
          onchange: (e) => {
            panel.groups = e.target.checked ? [...panel.groups, id] : panel.groups.filter((g) => g !== id);
            redraw();
          } }),
        groupIcon(id), h("span", t("seize.group." + id), why ? [h("br"), h("span.reason", why)] : null));
    })));
}
