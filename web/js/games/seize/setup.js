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

/** The panel's state from a setup's options (a share link's, or a fresh one). */
export function panelState(options = {}) {
  return {
    district: options.district ?? DEFAULT_DISTRICT,
    groups: Array.isArray(options.groups) ? [...options.groups] : [],
    difficulty: Array.isArray(options.difficulty) ? [...options.difficulty] : [],
    opening: options.opening ?? "standard",
    friends: options.friends ?? "base",
    packs: Array.isArray(options.packs) ? [...options.packs] : [],
    founders: options.founders ?? "off",
  };
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

/** The group a group pack replaces: the engine replaces the last listed group, then the one before. */
export function packReplaces(compat, panel, pack) {
  const groupPacks = ["board_game_media", "quality_beasts"].filter((p) => panel.packs.includes(p));
  const k = groupPacks.indexOf(pack);
  if (k < 0) return null;
  const groups = panelGroups(compat, panel);
  return groups ? groups[groups.length - 1 - k] : k === 0 ? "last" : "beforeLast";
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
  // a pack the player count forbids is greyed out and left out of the game (never a blocking problem)
  const why = foundersProblem(compat, panel.founders, players);
  if (why) problems.push(why);
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
      const replaced = chosen ? packReplaces(compat, panel, id) : null;
      const replacesText = replaced === "last" || replaced === "beforeLast" ? t("seize.setup.packReplaces." + replaced)
        : replaced ? t("seize.setup.packReplaces", { group: t("seize.group." + replaced) }) : null;
      return h("label.check.pack-choice", { class: why ? "forbidden" : "", dataset: { pack: id } },
        h("input", { type: "checkbox", checked: chosen, disabled: Boolean(why), dataset: { testid: `pack-${id}` },
          onchange: (e) => { panel.packs = e.target.checked ? [...panel.packs, id] : panel.packs.filter((p) => p !== id); redraw(); } }),
        id === "city_celebrities" ? icon("celebrity", { cls: "group-ic" }) : groupIcon(id),
        h("span", h("strong", t("seize.pack." + id)), h("br"), h("span.muted", t("seize.setup.packHint." + id)),
          replacesText ? [h("br"), h("span.replaces", { dataset: { testid: `pack-replaces-${id}` } }, replacesText)] : null,
          why ? [h("br"), h("span.reason", { dataset: { testid: `pack-reason-${id}` } }, why)] : null));
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

  // read when the game starts (a level or the opening changes without a redraw)
  const options = () => {
    const out = {};
    if (panel.district !== DEFAULT_DISTRICT) out.district = panel.district;
    if (panel.district === "custom") out.groups = [...panel.groups];
    if (panel.difficulty.some((lv) => lv !== levels[0])) out.difficulty = [...panel.difficulty];
    if (panel.opening === "official") out.opening = "official";
    if (panel.friends && panel.friends !== "base") out.friends = panel.friends;
    const packs = (panel.packs ?? []).filter((p) => !packProblem(compat, p, players));
    if (packs.length) out.packs = ["board_game_media", "quality_beasts", "city_celebrities"].filter((p) => packs.includes(p));
    if (panel.founders && panel.founders !== "off") out.founders = panel.founders;
    return out;
  };
  return { nodes: [districtBox, levelBox, openingBox, friendsBox, packBox, founderBox].filter(Boolean), problems: setupProblems(compat, panel, players), options };
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
