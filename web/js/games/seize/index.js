// Seize the Bean's renderer: draws the engine's view (City, pools, cafés,
// lines) and labels the engine's legal moves.  No rule lives here: every
// number shown comes from the view, every option from the engine's moves.
import { t } from "../../i18n.js";
import { h, nameStartsWithShown, shrinkToFit } from "../../table/dom.js";
import { zoomable } from "../../table/zoom.js";
import { abilityIcon, eventIcon, glossary, groupIcon, icon, iconLabel, resourceCount } from "./icons.js";
import { panelState, setupPanel } from "./setup.js";

const RESOURCE_ROWS = ["beans", "milk", "sugar"];
const CITY_ROWS = ["attract", "upgrade_pantry", "upgrade_style"];
const CITY_ROW_NAMES = ["customers", "pantry", "style"];

function ensureCss() {
  if (document.querySelector("link[data-seize-css]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "css/seize.css", dataset: { seizeCss: "1" } }));
}

// ---- small pieces ------------------------------------------------------------------
function costNode(cost) {
  const parts = Object.entries(cost || {}).filter(([, n]) => n > 0);
  if (!parts.length) return h("span.cost.free", t("seize.cost.free"));
  const label = parts.map(([res, n]) => resourceCount(res, n)).join(", ");
  return h("span.cost", { role: "img", "aria-label": t("seize.cost.pay", { cost: label }), title: t("seize.cost.pay", { cost: label }) },
    parts.map(([res, n]) => h("span.cost-part", { "aria-hidden": "true" }, icon(res), h("b", "×" + n))));
}

function iconsRow(names, cls = "") {
  return h("span.icons" + (cls ? "." + cls : ""), names.map((n) => icon(n)));
}

function groupsOf(face) {
  if (face.kind === "friend") return h("span.groups", icon("group_friends", { cls: "group-ic" }));
  if (face.kind === "founder") return h("span.groups", icon("founder", { cls: "group-ic", label: t("seize.kind.founder") }), face.group ? groupIcon(face.group) : null);
  return h("span.groups", (face.groups ?? []).map(groupIcon));
}

function faceGroups(face) {
  if (face.kind === "founder") return face.group ? [face.group] : [];
  return face.groups ?? [];
}

function kindClass(face) {
  const groups = faceGroups(face);
  const g = face.kind === "friend" ? "friends" : groups[0] === "*" ? "wild" : groups[0] ?? "none";
  return `card kind-${face.kind} g-${g}` + (groups.length > 1 ? " multi" : "");
}

/** A group's name; the wildcard "*" reads as the wildcard. */
export function groupName(g) { return g === "*" ? t("seize.icon.wildcard") : t("seize.group." + g); }

function orderLine(label, order, cost) {
  return h("div.order",
    h("span.order-label", label),
    iconsRow(order.order), h("span.arrow", { "aria-hidden": "true" }, "→"),
    order.reward.length ? iconsRow(order.reward) : h("span.muted", t("seize.card.noReward")),
    cost ? h("span.order-cost", " ", costNode(cost)) : null);
}

/** The card's name in the current language (the data's name when no translation exists). */
export function cardTitle(face) {
  const key = "seize.cardName." + (face.card ?? String(face.id).split("@")[0]);
  const text = t(key);
  return text === key ? face.name : text;
}

/** A readable card face. opts.cost = {main, side} from the view (Line customers). */
export function cardFace(face, opts = {}) {
  if (!face) return h("div.card.empty", t("seize.card.empty"));
  const kindText = t("seize.kind." + face.kind);
  const groupsText = face.kind === "friend" ? t("seize.group.friends") : faceGroups(face).map(groupName).join(", ");
  const el = h("div", { class: kindClass(face) + (opts.compact ? " compact" : ""), dataset: { card: face.id },
    title: `${cardTitle(face)} — ${kindText}${groupsText ? " · " + groupsText : ""}` },
  h("div.card-head", groupsOf(face), h("span.card-name", { class: cardTitle(face).length > 16 ? "long" : "" }, cardTitle(face))));
  if (opts.compact) {
    if (face.special) el.append(icon(face.special));
    // a covered or discarded card opens as its whole face
    return zoomable(el, () => cardFace(face));
  }
  zoomable(el);
  if (face.kind === "founder") return founderBody(el, face, opts);
  if (face.mains) return celebrityBody(el, face, opts);
  if (face.main) el.append(orderLine(t("seize.card.main"), face.main, opts.cost?.main));
  if (face.side) el.append(orderLine(t("seize.card.side"), face.side, opts.cost?.side));
  if (face.ability) {
    el.append(h("div.ability", abilityIcon(face.ability), face.boost ? icon("boost") : null, h("span", abilityText(face.ability))));
  }
  if (face.special) el.append(h("div.special", icon(face.special), h("span", t("seize.card.special", { icon: iconLabel(face.special) }))));
  if (face.icons) {
    el.append(h("ul.upgrade-icons", face.icons.map((ic) => h("li", icon(ic.icon), " ", h("span.muted", t("seize.card.onRow", { row: t("seize.row." + ic.row) }))))));
  }
  if (face.kind === "award") el.append(h("div.ability", icon("award"), h("span", t("seize.card.award", { group: groupsText }))));
  if (opts.reviews && (opts.reviews.good || opts.reviews.bad)) el.append(awardReviews(opts.reviews));
  return el;
}

/** A founder card (booklet pp. 23-27): café, main (and side) order, ability, special resource and group icons. */
function founderBody(el, face, opts) {
  el.append(h("div.founder-cafe.muted", t("seize.founder.cafe", { cafe: face.cafe ?? "" })));
  if (face.main) el.append(orderLine(t("seize.card.main"), face.main, opts.cost?.main));
  if (face.side) el.append(orderLine(t("seize.card.side"), face.side, opts.cost?.side));
  if (face.ability) el.append(h("div.ability", abilityIcon(face.ability), h("span", abilityText(face.ability))));
  const icons = h("div.founder-icons", { dataset: { testid: "founder-icons" } });
  if (face.special) icons.append(h("span.founder-icon", { title: t("seize.help.founder_special") }, icon(face.special), h("span", t("seize.founder.special", { icon: iconLabel(face.special) }))));
  if (face.group) icons.append(h("span.founder-icon", { title: t("seize.help.founder_group") }, groupIcon(face.group), h("span", t("seize.founder.group", { group: groupName(face.group) }))));
  if (opts.standsFor && opts.standsFor !== face.group) {
    icons.append(h("span.founder-icon.stands-for", { dataset: { testid: "founder-stands-for" } }, icon("award"), groupIcon(opts.standsFor),
      h("span", t("seize.founder.standsFor", { group: groupName(opts.standsFor) }))));
  }
  el.append(icons);
  return el;
}

/** A City Celebrity (booklet p. 21): two main orders side by side, each with its rewards and ability. */
function celebrityBody(el, face, opts) {
  el.append(h("div.celebrity-mark.muted", icon("celebrity", { label: t("seize.kind.celebrity") }), " ", t("seize.celebrity.either")));
  face.mains.forEach((m, i) => {
    const side = i === 0 ? "left" : "right";
    el.append(h("div.celebrity-order", { dataset: { side } },
      orderLine(t("seize.celebrity." + side), m, opts.cost?.mains?.[i]),
      m.ability ? h("div.ability", abilityIcon(m.ability), h("span", abilityText(m.ability))) : null));
  });
  if ((face.groups ?? []).includes("*")) el.append(h("div.special.wild", icon("wildcard"), h("span", t("seize.help.wildcard"))));
  return el;
}

/** An ability's words; one the catalogue does not know yet reads as its name. */
function abilityText(ability) {
  const key = "seize.ability." + ability;
  const text = t(key);
  return text === key ? humanize(ability) : text;
}

/** "swap_customers" → "swap customers": the last resort for a name no catalogue has. */
export function humanize(name) { return String(name ?? "").replace(/[_:]+/g, " ").trim(); }

/** Good and Bad Reviews Hungry Media put on an award (they go with it at the end). */
function awardReviews({ good = 0, bad = 0 }) {
  const text = t("seize.awardReviews", { good, bad });
  return h("div.award-reviews", { dataset: { testid: "award-reviews" }, title: text, "aria-label": text },
    icon("newsflash_review"), icon("good_review"), h("b", String(good)), icon("bad_review"), h("b", String(bad)));
}


const STEP_ICONS = { rival_bad_review: "bad_review", return_resources: "discard", steal_customer: "lose_customer", good_review_2: "good_review" };
function stepIcon(step, cls = "") {
  const name = typeof step === "string" ? step : step?.icon ?? String(step);
  return icon(STEP_ICONS[name] ?? name, { cls, label: t("seize.step." + name) });
}

function pickable(node, moveId, label) {
  return nameStartsWithShown(h("button.pick", { type: "button", dataset: { move: moveId }, "aria-label": label }, node));
}

// ---- the City ------------------------------------------------------------------------
function renderCity(view, moves, ctx) {
  const byId = new Map(moves.map((m) => [m.id, m]));
  return h("section.city", { "aria-label": t("seize.city") },
    h("h3", t("seize.city")),
    view.city.map((row) => {
      const r = row.row;
      const slot = (face, where, extra = null) => {
        const id = `city:row${r}:${where}`;
        const node = h("div.slot", { dataset: { where } }, cardFace(face), extra);
        return byId.has(id) ? pickable(node, id, moveText(byId.get(id), view, ctx)) : node;
      };
      return h("div.city-row", { dataset: { row: String(r) } },
        h("div.row-label", icon(["attract", "upgrade_pantry", "upgrade_style"][r - 1]), h("span", t("seize.cityRow." + CITY_ROW_NAMES[r - 1]))),
        h("div.deck-tile", { title: t("seize.deckCount", { count: row.deck_count }) }, icon("deck"), h("b", String(row.deck_count)), h("span.muted", t("seize.deck"))),
        row.slots.map((face, k) => slot(face, `slot${k + 1}`)),
        h("div.discard-wrap", slot(row.discard_top, "discard"),
          h("span.muted.discard-count", icon("discard"), t("seize.discardCount", { count: row.discard_count }))));
    }));
}

function renderPools(view, ctx) {
  return h("section.pools", { "aria-label": t("seize.pools") },
    h("div.pool", { dataset: { testid: "good-review-pool" } }, icon("good_review"),
      h("span", t("seize.pool", { count: view.good_review_pool })),
      view.good_reviews_from_box ? h("span.muted", t("seize.fromBox", { count: view.good_reviews_from_box })) : null),
    h("div.pool", h("span", t("seize.bonusTokens")),
      view.bonus_tokens.face_up.map((b) => icon(b)),
      h("span.muted", t("seize.faceDown", { count: view.bonus_tokens.face_down }))),
    view.end_triggered ? h("div.pool.warn", t("seize.endTriggered." + view.end_triggered)) : null,
    view.scoop_luck ? h("div.pool.muted", icon("scoop"), t("seize.scoopLuckOn")) : null,
    view.solo ? renderSolo(view, ctx) : null,
    view.groups?.length ? h("div.pool.groups-in-play", { dataset: { testid: "groups-in-play" } }, h("span", t("seize.groupsInPlay")),
      view.groups.map((g) => h("span.group-chip", { title: t("seize.group." + g) }, groupIcon(g), h("span.sr", t("seize.group." + g))))) : null,
    view.board_games ? h("div.pool", { dataset: { testid: "board-game-bag" }, title: t("seize.help.board_game_bag") }, icon("board_game_bag"),
      h("span", t("seize.boardGames.bag", { count: view.board_games.bag_count })),
      view.board_games.discard?.length ? h("span.muted", t("seize.boardGames.discard", { count: view.board_games.discard.length })) : null) : null,
    awardsWithReviews(view),
    view.scenario ? scenarioStatus(view, ctx) : null,
    view.cookies ? h("div.pool", { dataset: { testid: "cookie-stack" }, title: t("seize.help.cookie") }, icon("cookie"),
      h("span", t("seize.diverse.stack", { count: view.cookies.length, values: view.cookies.length
        ? [...view.cookies].reverse().map((n) => t("seize.diverse.cookieValue", { count: n })).join(", ") : t("seize.none") }))) : null,
    diverseMarks(view, ctx),
    view.daily_specials ? dailySpecials(view, ctx) : null,
    h("details.awards", h("summary", icon("award"), t("seize.awards", { n: view.awards.length })),
      h("div.award-list", view.awards.map((a) => cardFace(a, { reviews: reviewsOn(view, a) })))));
}

function reviewsOn(view, award) {
  return (award.groups ?? []).map((g) => view.award_reviews?.[g]).find(Boolean) ?? null;
}

/** Reviews waiting on awards are shown outside the folded award list too. */
function awardsWithReviews(view) {
  const waiting = Object.entries(view.award_reviews ?? {}).filter(([, r]) => r && (r.good || r.bad));
  if (!waiting.length) return null;
  return h("div.pool.award-waiting", { dataset: { testid: "award-reviews-waiting" } },
    waiting.map(([g, r]) => h("span.award-on", groupIcon(g), h("span.sr", t("seize.group." + g)), awardReviews(r))));
}

function renderSolo(view, ctx) {
  const solo = view.solo;
  const last = solo.action_discard[solo.action_discard.length - 1];
  const tokens = [solo.cellar_token, solo.style_token].filter(Boolean).map((k) => t("seize.token." + k)).join(", ") || t("seize.none");
  return h("div.solo-box", { dataset: { testid: "starbots" } },
    h("strong", t("seize.starbots.title", { level: solo.level })),
    h("div", t("seize.starbots.tokens", { tokens })),
    h("div.muted", t("seize.starbots.deckInfo", {
      cards: t("seize.starbots.actionCards", { count: solo.action_deck_count }),
      tokens: t("seize.starbots.upgradeTokens", { count: solo.upgrade_tokens_left }) })),
    last ? h("div", t("seize.starbots.lastCard", { number: last.number, space: t("seize.row." + last.space) })) : null,
    solo.starbots_last.length ? h("details", h("summary", t("seize.starbots.lastTurn")),
      h("ul.log-list", solo.starbots_last.map((e) => h("li", eventText(e, ctx))))) : null);
}

// ---- the variants and the solo scenarios (booklet pp. 28-37, 48-51) ---------------------
/** The awards in play (their groups), for Diverse City's marks. */
function awardGroups(view) {
  const have = new Set(view.awards.flatMap((a) => a.groups ?? []));
  return view.groups.filter((g) => have.has(g));
}

/** Diverse City: each café's marker on each award, once or twice. */
function diverseMarks(view, ctx) {
  const players = view.players.filter((pl) => pl.diverse_city);
  if (!players.length) return null;
  return h("div.pool.diverse-marks", { dataset: { testid: "diverse-marks" } },
    h("span", icon("marker", { label: "" }), " ", t("seize.diverse.title")),
    awardGroups(view).map((g) => h("span.award-marks", { dataset: { group: g } }, groupIcon(g),
      players.map((pl) => {
        const n = pl.diverse_city.marks[g] ?? 0;
        const text = `${ctx.seatName(pl.seat)} — ${t("seize.diverse.marksOn", { group: groupName(g), marks: n })}`;
        return h("span.marks", { title: text, "aria-label": text, class: n ? "" : "none" },
          n ? Array.from({ length: n }, () => icon(pl.diverse_city.marker, { label: "", cls: "mark" })) : h("span.muted", "·"));
      }))));
}

/** Daily Specials: each cup's empty and full cup, and whether the full one is face up. */
function dailySpecials(view, ctx) {
  const who = (seat) => (seat === null || seat === undefined ? t("seize.cups.city") : ctx.seatName(seat));
  return h("div.pool.daily-specials", { dataset: { testid: "daily-specials" } },
    h("span", icon("daily_special", { label: "" }), " ", t("seize.cups.title")),
    h("ul.cup-list", Object.entries(view.daily_specials).map(([cup, c]) => h("li", { dataset: { cup } },
      h("b", t("seize.cup." + cup)), " — ", t("seize.cups.empty", { name: who(c.empty) }), "; ", t("seize.cups.full", { name: who(c.full) }),
      c.full !== null && c.full !== undefined ? [" (", t(c.up ? "seize.cups.up" : "seize.cups.down"), ")"] : null))));
}

/** A solo scenario's public bookkeeping: its name, what wins, the tech debt, reviews boxed, awards marked. */
function scenarioStatus(view, ctx) {
  const sc = view.scenario;
  const info = view.scenario_info ?? {};
  const conds = (info.win ?? []).map((c) => t("seize.scenario.cond." + c)).join(" · ");
  return h("div.pool.scenario-status", { dataset: { testid: "scenario-status", scenario: sc.id } },
    h("strong", icon("scenario", { label: "" }), " ", t("seize.scenario.title", { name: info.name ?? humanize(sc.id) })),
    conds ? h("div.muted", t("seize.scenario.goal", { conditions: conds })) : null,
    "debt" in sc ? h("div", { dataset: { testid: "scenario-debt" }, title: t("seize.help.tech_debt") }, icon("tech_debt"), " ", t("seize.scenario.debt", { count: sc.debt })) : null,
    "boxed" in sc ? h("div", { dataset: { testid: "scenario-boxed" } }, t("seize.scenario.boxed", { count: sc.boxed })) : null,
    "marks" in sc ? h("div", { dataset: { testid: "scenario-marks" } }, icon("marker", { label: "" }), " ",
      t("seize.scenario.marks", { marked: sc.marks.length, total: view.groups.length }), " ", sc.marks.map(groupIcon)) : null);
}

/** What a variant puts in a café: the Mouthwatering token, crafted tokens, Diverse City's marker and cookies, Daily Special cups. */
function cafeVariants(view, pl, ctx) {
  const parts = [];
  if (pl.mouthwatering) {
    const text = t("seize.mouth.token", { icon: iconLabel(pl.mouthwatering) });
    parts.push(h("span.variant-chip.mouth", { dataset: { testid: "mouth-token" }, title: text, "aria-label": text }, icon("mouthwatering", { label: "" }), icon(pl.mouthwatering, { label: "" })));
  }
  if (pl.crafted) {
    const have = Object.entries(pl.crafted).filter(([, n]) => n > 0);
    const text = t("seize.crafted.title") + ": " + (have.map(([r, n]) => resourceCount(r, n)).join(", ") || t("seize.crafted.none"));
    parts.push(h("span.variant-chip.crafted", { dataset: { testid: "crafted" }, title: text, "aria-label": text }, icon("craft", { label: "" }),
      have.length ? have.map(([r, n]) => h("span.res", icon(r, { label: "" }), h("b", String(n)))) : h("span.muted", t("seize.crafted.none"))));
  }
  if (pl.diverse_city) {
    const d = pl.diverse_city;
    const marker = t("seize.diverse.marker", { name: ctx.seatName(pl.seat), marker: iconLabel(d.marker) });
    parts.push(h("span.variant-chip.diverse", { dataset: { testid: "diverse-city" }, title: marker },
      icon("marker", { label: "" }), icon(d.marker, { label: marker }),
      d.cookies.length ? [" ", icon("cookie", { label: "" }), h("span", t("seize.diverse.cookies", { cookies: d.cookies.map((n) => t("seize.diverse.cookieValue", { count: n })).join(", ") }))] : null));
  }
  for (const [cup, c] of Object.entries(view.daily_specials ?? {})) {
    if (c.empty === pl.seat) parts.push(h("span.variant-chip.cup", { dataset: { testid: "special-empty", cup }, title: t("seize.help.daily_special") },
      icon("empty_cup", { label: "" }), h("span", t("seize.cups.empty", { name: t("seize.cup." + cup) }))));
    if (c.full === pl.seat) parts.push(h("span.variant-chip.cup", { class: c.up ? "up" : "down", dataset: { testid: "special-full", cup, up: String(c.up) }, title: t("seize.help.daily_special") },
      icon("daily_special", { label: "" }), h("span", t("seize.cups.full", { name: t("seize.cup." + cup) }), " (", t(c.up ? "seize.cups.up" : "seize.cups.down"), ")")));
  }
  return parts.length ? h("div.cafe-variants", { dataset: { testid: "cafe-variants" } }, parts) : null;
}

/** Coffee Lovers (p. 37): a note to the day's first player, dismissed once per day; no game effect. */
const espressoSeen = new Set();
function coffeeLoversNote(view, ctx) {
  if (!(view.config?.variants ?? []).includes("coffee_lovers") || view.phase === "over") return null;
  const key = `${view.day}:${view.first_player}`;
  if (espressoSeen.has(key)) return null;
  const note = h("div.coffee-lovers", { role: "status", dataset: { testid: "coffee-lovers" } },
    icon("espresso", { label: "" }), h("span", t("seize.coffeeLovers.note", { name: ctx.seatName(view.first_player) })),
    h("button.secondary.small", { type: "button", dataset: { testid: "coffee-lovers-dismiss" },
      onclick: () => { espressoSeen.add(key); note.remove(); } }, t("seize.coffeeLovers.dismiss")));
  return note;
}

// ---- a café ---------------------------------------------------------------------------
function hypeTrack(pl) {
  return h("div.hype", { "aria-label": t("seize.hypeLevel", { n: pl.hype }) + (pl.max_hype ? " · " + t("seize.icon.max_hype") : "") },
    icon(pl.max_hype ? "max_hype" : "hype"),
    [1, 2, 3, 4, 5].map((n) => h("span.hype-cell", { class: n === pl.hype ? "on" : n < pl.hype ? "past" : "", "aria-hidden": "true" }, String(n))),
    pl.max_hype ? h("span.maxhype", t("seize.icon.max_hype")) : null);
}

function renderCafe(view, pl, moves, ctx) {
  const p = pl.seat;
  const active = view.decision?.player === p;
  // a space's move id ("space:beans") does not name the café: only the deciding
  // viewer's own café may offer the moves, never a rival's board (nor the automa's)
  const byId = new Map((active && ctx.viewer === p ? moves : []).map((m) => [m.id, m]));
  const name = ctx.seatName(p);
  const achievements = Object.entries(pl.achievements);
  // every barista of this café goes by one name, so a placed one travels from the café's head (table/motion.js)
  const barista = (node) => { node.dataset.piece = `barista-${p}`; return node; };
  const space = (s) => {
    const id = `space:${s.space}`;
    const icons = s.icons ? s.icons.map((ic, i) => icon(ic.icon, { cls: i === 0 ? "base" : "added" }))
      : s.usable === false ? [h("span.muted", t("seize.starbots.unused"))]
        : [...(s.actions || []).map((a) => stepIcon(a)), ...(s.tokens || []).map((a) => stepIcon(a, "added"))];
    const node = h("div.space", { class: s.barista ? "taken" : "", dataset: { space: s.space } },
      h("span.space-name", t("seize.row." + s.space)),
      h("span.space-icons", icons),
      s.barista ? barista(h("span.barista-on", icon("barista"), h("span.sr", t("seize.baristaHere")))) : null);
    return byId.has(id) ? pickable(node, id, moveText(byId.get(id), view, ctx)) : node;
  };
  const spaces = new Map(pl.spaces.map((s) => [s.space, s]));
  const lineItems = pl.line.map((e, i) => {
    const id = `target:p${p}:${e.card.id}`;
    const tokens = h("div.tokens",
      e.angry ? icon("angry") : null,
      e.nap ? h("span.token.nap", { dataset: { testid: "nap-token" }, title: t("seize.nap") }, icon("naptime", { label: t("seize.nap") })) : null,
      e.board_game ? h("span.token.board-game", { dataset: { testid: "board-game-token" }, title: t("seize.boardGameOn", { icon: iconLabel(e.board_game) }) },
        icon("board_game", { label: t("seize.boardGameOn", { icon: iconLabel(e.board_game) }) }), icon(e.board_game)) : null,
      Array.from({ length: e.happy }, () => icon("happy")),
      e.being_served ? h("span.serving", icon("service"), t("seize.serving")) : e.served ? h("span.served", t("seize.served")) : null);
    const node = h("div.line-entry", { class: e.being_served ? "current" : e.served ? "done" : "", dataset: { pos: String(i + 1) } },
      cardFace(e.card, { cost: e.cost }), tokens);
    return byId.has(id) ? pickable(node, id, moveText(byId.get(id), view, ctx)) : node;
  });
  const founder = pl.founder ? founderEntry(view, pl, byId, ctx) : null;
  const pantry = pl.pantry.map((c, i) => {
    const top = i === pl.pantry.length - 1;
    return h("div.pantry-card", { class: top ? "top" : "covered" },
      top ? h("span.top-flag", t("seize.pantryTop")) : null, cardFace(c, { compact: !top }));
  }).reverse();
  return h("section.cafe", { class: (active ? "active " : "") + (ctx.viewer === p ? "mine" : ""), dataset: { seat: String(p), player: String(p), testid: "player-panel" },
    "aria-label": t("seize.cafeOf", { name }) },
  h("header.cafe-head",
    h("h3", name),
    pl.difficulty && !pl.automa ? h("span.difficulty", { class: "lv-" + pl.difficulty, dataset: { testid: "difficulty", level: pl.difficulty },
      title: pl.difficulty === "normal" ? t("seize.help.difficulty") : t("seize.difficulty.about", { level: t("seize.difficulty." + pl.difficulty) }) },
    icon("difficulty", { label: "" }), t("seize.difficulty." + pl.difficulty)) : null,
    pl.full_cup ? icon("full_cup") : null, pl.empty_cup ? icon("empty_cup") : null,
    h("span.baristas", Array.from({ length: pl.baristas_home }, () => barista(icon("barista"))), h("span.sr", t("seize.baristasHome", { count: pl.baristas_home })))),
  h("div.stats",
    pl.automa ? null : h("span.stat", { dataset: { stat: "resources" } }, [...RESOURCE_ROWS, ...(pl.resources.green ? ["green"] : [])].map((r) =>
      h("span.res", { dataset: { res: r }, title: resourceCount(r, pl.resources[r] ?? 0) }, icon(r), h("b", String(pl.resources[r] ?? 0))))),
    hypeTrack(pl),
    h("span.stat", icon("good_review"), h("b", { dataset: { stat: "good" } }, String(pl.good_reviews))),
    h("span.stat", icon("bad_review"), h("b", { dataset: { stat: "bad" } }, String(pl.bad_reviews))),
    h("span.stat", { title: t("seize.deckCount", { count: pl.deck_count }) }, icon("deck"), h("b", String(pl.deck_count))),
    h("span.stat", { title: t("seize.discardCount", { count: pl.discard_count }) }, icon("discard"), h("b", String(pl.discard_count)))),
  h("div.action-board",
    h("div.action-col", h("span.col-label", t("seize.resourceRows")), RESOURCE_ROWS.map((r) => space(spaces.get(r)))),
    h("div.action-col", h("span.col-label", t("seize.cityRows")), CITY_ROWS.map((r) => space(spaces.get(r))))),
  h("div.cafe-cards",
    h("div.pile", h("h4", icon("pantry"), t("seize.pantry"), " ", h("span.muted", String(pl.pantry.length))), pantry.length ? pantry : h("p.muted", t("seize.none"))),
    h("div.pile", h("h4", icon("style"), t("seize.style"), " ", h("span.muted", String(pl.style.length))), pl.style.length ? pl.style.map((c) => cardFace(c)) : h("p.muted", t("seize.none")))),
  pl.cafe_groups.length ? h("div.cafe-groups", h("span.muted", t("seize.cafeGroups")), pl.cafe_groups.map(groupIcon)) : null,
  achievements.length ? h("div.achievements", icon("achievement"),
    achievements.map(([a, bonus]) => h("span.ach", t("seize.ach." + a), bonus && bonus !== "none" && bonus !== "facedown" ? [" ", icon(bonus)] : bonus === "facedown" ? [" ", icon("facedown")] : null))) : null,
  cafeVariants(view, pl, ctx),
  pl.automa ? h("p.muted", t("seize.starbots.deck", { count: pl.deck_count })) : h("div.line", h("h4", t("seize.line"), " ", h("span.muted", String(pl.line.length))),
    pl.service_token.done ? h("span.muted", icon("service"), t("seize.serviceDone")) : null,
    founder || lineItems.length ? h("div.line-cards", founder, lineItems) : h("p.muted", t("seize.lineEmpty"))),
  pl.friends?.length ? h("div.friends-owned.muted", { dataset: { testid: "friends-owned" } }, icon("group_friends", { cls: "group-ic" }), " ",
    t("seize.friendsOwned", { cards: pl.friends.map((c) => ctx.cardName(c)).join(", ") })) : null,
  pl.discard ? h("details.own-discard", h("summary", t("seize.yourDiscard", { n: pl.discard.length })),
    h("div.discard-cards", pl.discard.map((c) => cardFace(c, { compact: true })))) : null);
}

/** The founder at the head of its owner's Line: never a customer of it, served (or skipped) first each Service. */
function founderEntry(view, pl, byId, ctx) {
  const f = pl.founder;
  const state = view.phase === "service" ? (f.up ? "up" : "done") : "waiting";
  const node = h("div.line-entry.founder-entry", { class: state === "done" ? "done" : "", dataset: { testid: "founder", founder: f.id } },
    h("div.founder-flag", icon("founder", { label: "" }), h("b", t("seize.founder.title")), " ", h("span.muted", t("seize.founder.state." + state))),
    cardFace(f.card, { standsFor: f.group }));
  return node;
}

// ---- the set-up drafts ----------------------------------------------------------------------
/** The draft in progress: the viewer's own hand and picks (never another's), everyone's counts. */
function renderDraft(view, moves, ctx) {
  const d = view.draft;
  const byId = new Map(moves.map((m) => [m.id, m]));
  const mine = ctx.viewer !== null && ctx.viewer !== undefined && view.decision?.player === ctx.viewer;
  const card = (face, moveId) => {
    const node = h("div.draft-card", cardFace(face));
    return byId.has(moveId) ? pickable(node, moveId, moveText(byId.get(moveId), view, ctx)) : node;
  };
  const stageKey = d.kind === "founders" ? d.stage : "pick";
  const seats = view.players.map((pl) => pl.seat).filter((p) => !(d.auto ?? []).includes(p) || true);
  return h("section.draft", { dataset: { testid: "draft", kind: d.kind, stage: d.stage }, "aria-label": t("seize.draft.title." + d.kind) },
    h("h3", icon("draft", { label: "" }), " ", t("seize.draft.title." + d.kind)),
    h("p.muted", t("seize.draft.about." + d.kind + "." + stageKey, { need: d.need })),
    h("ul.draft-seats", seats.map((p) => h("li", { dataset: { seat: String(p) } }, h("b", ctx.seatName(p)), " ",
      t("seize.draft.seat", { picked: d.pick_counts[p], need: d.need, hand: d.hand_counts[p] })))),
    d.stage === "pick" && d.hand ? h("div.draft-hand", { dataset: { testid: "draft-hand" } },
      h("h4", t("seize.draft.hand", { count: d.hand.length })),
      h("div.draft-cards", d.hand.map((f) => card(f, "draft:" + f.id)))) : null,
    d.stage === "keep" && d.picks ? h("div.draft-hand", { dataset: { testid: "draft-keep" } },
      h("h4", t("seize.draft.keepFrom")),
      h("div.draft-cards", d.picks.map((f) => card(f, "founder:" + f.id)))) : null,
    d.stage === "pick" && d.picks?.length ? h("div.draft-picks", { dataset: { testid: "draft-picks" } },
      h("h4", t("seize.draft.picks", { count: d.picks.length, need: d.need })),
      h("div.draft-cards.small", d.picks.map((f) => cardFace(f, { compact: true })))) : null,
    d.kept_card ? h("div.draft-picks", h("h4", t("seize.draft.kept")), cardFace(d.kept_card, { compact: true })) : null,
    !mine && !d.hand?.length && d.stage !== "group" ? h("p.muted", t("seize.draft.waiting")) : null);
}

// ---- the renderer interface ---------------------------------------------------------------------
export function render(board, ctx) {
  ensureCss();
  const { view, moves } = ctx;
  const players = [...view.players];
  // the viewer's café first, then turn order
  const order = view.turn_order.map((p) => players[p]);
  const viewerFirst = ctx.viewer !== null && ctx.viewer !== undefined ? [players[ctx.viewer], ...order.filter((pl) => pl.seat !== ctx.viewer)] : order;
  board.replaceChildren(
    h("div.seize", { dataset: { phase: view.phase } }, coffeeLoversNote(view, ctx), view.draft ? renderDraft(view, moves, ctx) : null,
      h("div.city-area", renderCity(view, moves, ctx), renderPools(view, ctx)),
      h("div.cafes", { dataset: { count: String(viewerFirst.length) } }, viewerFirst.map((pl) => renderCafe(view, pl, moves, ctx)))));
  shrinkToFit(board.querySelectorAll(".card-name"));
}

function customerName(view, ctx, id) { return ctx.cardName(id); }

/** The founders a player may still serve this Service: two in the solo scenarios that deal two
 * (AO Amor, Café da Nala, Café Quorra), where serving one leaves the other up and skipping skips
 * both; the first founder when the view says none is up. */
function foundersUp(pl) {
  const up = [pl?.founder, pl?.founder2].filter((f) => f?.up);
  return up.length ? up : [pl?.founder].filter(Boolean);
}

/** The founders a skip passes over, as words ("A" or "A and B"). */
function skippedFounders(view, ctx, fallback) {
  const names = foundersUp(view.players?.[view.decision?.player]).map((f) => ctx.cardName(f.id));
  if (names.length === 2) return t("seize.founders.both", { a: names[0], b: names[1] });
  return names[0] ?? ctx.cardName(fallback);
}

export function decision(view, status, ctx) {
  const d = view.decision;
  if (!d) return { what: t("seize.phase." + status.phase), why: "" };
  const pl = view.players[d.player];
  switch (d.kind) {
    case "place": return { what: t("seize.decide.place"), why: t("seize.why.place", { count: pl.baristas_home }) };
    case "icons": return { what: t("seize.decide.icons", { space: t("seize.row." + d.space), done: d.activated, limit: d.to_activate }), why: t("seize.why.icons") };
    case "take": return { what: t("seize.decide.take." + d.dest, { row: t("seize.cityRow." + CITY_ROW_NAMES[d.row - 1]) }),
      why: t("seize.why.take." + (d.why in TAKE_WHY ? d.why : "other"), { groups: (pl.cafe_groups || []).map((g) => t("seize.group." + g)).join(", ") }) + (d.optional ? " " + t("seize.why.optional") : "") };
    case "reorder": return { what: t("seize.decide.reorder"), why: t("seize.why.reorder", { count: d.count }) };
    case "track": return { what: t("seize.decide.track"), why: t("seize.why.track") };
    case "pick_icon": return { what: t("seize.decide.pickIcon." + d.pile), why: t("seize.why.pickIcon", { count: d.remaining }) };
    case "conn_row": return { what: t("seize.decide.connRow"), why: t("seize.why.connRow") };
    case "line_target": return { what: t("seize.decide.target." + d.effect), why: d.optional ? t("seize.why.optional") : "" };
    case "serve": {
      const entry = pl.line.find((e) => e.being_served);
      const mood = entry ? (entry.angry ? "angry" : entry.happy > 0 ? "happy" : "neutral") : "neutral";
      // a City Celebrity has no side order: its own words (and the mood's, when happy or angry)
      const why = entry?.card?.mains
        ? t("seize.why.serve.celebrity") + (mood === "neutral" ? "" : " " + t("seize.why.serve." + mood))
        : t("seize.why.serve." + mood);
      return { what: t("seize.decide.serve", { card: customerName(view, ctx, d.customer) }), why };
    }
    case "draft_pick": {
      const dr = view.draft;
      const picked = dr?.pick_counts?.[d.player] ?? 0;
      const after = (dr?.need ?? 0) - picked - 1; // picks still to make after this one
      const what = d.draft === "founders"
        ? t(after > 0 ? "seize.decide.draftPick.founders" : "seize.decide.draftPick.founders.last", { count: after })
        : t("seize.decide.draftPick.friends", { n: picked + 1, need: dr?.need ?? 0 });
      return { what, why: t("seize.why.draftPick." + d.draft) };
    }
    case "sold_out": {
      const owner = ctx.seatName(d.owner);
      const neighbour = (view.config?.variants ?? []).includes("competitive_neighbour") ? " " + t("seize.why.soldOutNeighbour") : "";
      return { what: t("seize.decide.sold_out", { owner, card: ctx.cardName(d.customer) }), why: t("seize.why.sold_out", { owner }) + neighbour };
    }
    case "mouthwatering": return { what: t("seize.decide.mouthwatering", { icon: iconLabel(d.icon) }),
      why: t("seize.why.mouthwatering", { card: ctx.cardName(d.card), icon: iconLabel(d.icon), current: d.current ? iconLabel(d.current) : t("seize.none") }) };
    case "craft": {
      const v = view.config?.variants ?? [];
      const why = [v.includes("artisan") ? t("seize.why.crafting") : null, view.daily_specials ? t("seize.why.craftingCups") : null].filter(Boolean).join(" ");
      return { what: t("seize.decide.crafting"), why };
    }
    case "early_bird": return { what: t("seize.decide.early_bird"), why: t("seize.why.early_bird") };
    case "founder_keep": return { what: t("seize.decide.founderKeep"), why: t("seize.why.founderKeep") };
    case "founder_group": {
      const f = pl.founder?.card;
      return { what: t("seize.decide.founderGroup"),
        why: t("seize.why.founderGroup", { founder: f ? cardTitle(f) : ctx.cardName(d.founder), group: f?.group ? groupName(f.group) : t("seize.none") }) };
    }
    case "founder": {
      const up = foundersUp(pl);
      if (up.length === 2) {
        const [a, b] = up.map((f) => f.card ? cardTitle(f.card) : ctx.cardName(f.id));
        return { what: t("seize.decide.founders", { a, b }), why: t("seize.why.founders") };
      }
      const f = up[0]?.card;
      return { what: t("seize.decide.founder", { founder: f ? cardTitle(f) : ctx.cardName(d.founder) }), why: t("seize.why.founder") };
    }
    case "may": return { what: t("seize.decide.may", { step: t("seize.step." + d.icon), card: d.customer ? ctx.cardName(d.customer) : t("seize.kind.friend") }),
      why: t("seize.why.may") };
    case "achieve": return { what: t("seize.decide.achieve", { ach: t("seize.ach." + d.achievement) }), why: t("seize.why.achieve") };
    case "boost": return { what: t("seize.decide.boost"), why: d.ability ? abilityText(d.ability) : "" };
    case "meet_up": return { what: t("seize.decide.meet_up"), why: t("seize.why.meet_up") };
    case "acting": return { what: t("seize.decide.acting", { card: ctx.cardName(d.performer) }), why: t("seize.why.acting") };
    case "naptime": return { what: t("seize.decide.naptime"), why: t("seize.why.naptime") };
    case "regular": return { what: t("seize.decide.regular"), why: t("seize.why.regular") };
    case "fair_trade": return { what: t("seize.decide.fair_trade"), why: t("seize.why.fair_trade", { count: d.remaining }) };
    case "starbots_return": return { what: t("seize.decide.starbots_return"), why: t("seize.why.starbots_return") };
    case "camp_out": return { what: t("seize.decide.camp_out"), why: t("seize.why.camp_out") + (d.optional ? " " + t("seize.why.optional") : "") };
    case "board_games": return { what: t("seize.decide.board_games", { tokens: (d.tokens ?? []).map(iconLabel).join(", ") || t("seize.none") }),
      why: t("seize.why.board_games", { count: d.remaining }) };
    case "ddos": return { what: t("seize.decide.ddos", { count: d.n }), why: t("seize.why.ddos") };
    case "ddos_track": return { what: t("seize.decide.ddos_track", { name: ctx.seatName(d.target) }), why: t("seize.why.ddos_track", { name: ctx.seatName(d.target) }) };
    case "swap": return d.first
      ? { what: t("seize.decide.swap.second", { card: ctx.cardName(d.first.card) }), why: t("seize.why.swap.second") }
      : { what: t("seize.decide.swap.first"), why: t("seize.why.swap.first") + (d.not_pair?.length ? " " + t("seize.why.swap.notPair", { cards: d.not_pair.map((c) => ctx.cardName(c)).join(", ") }) : "") };
    case "disrupt": return { what: t("seize.decide.disrupt"), why: t("seize.why.disrupt") };
    case "arrest": return { what: t("seize.decide.arrest"), why: t("seize.why.arrest") };
    case "steal": return d.victim === null || d.victim === undefined
      ? { what: t("seize.decide.steal.victim"), why: t("seize.why.steal") }
      : { what: t("seize.decide.steal.set", { name: ctx.seatName(d.victim) }), why: t("seize.why.steal") + (d.any_set ? " " + t("seize.why.stealAny") : "") };
    case "roast": return { what: t("seize.decide.roast", { count: d.n }), why: t("seize.why.roast") };
    case "newsflash": return d.mode
      ? { what: t("seize.decide.newsflash." + (d.mode === "bad" ? "bad" : "good"), { count: d.left }), why: t("seize.why.newsflash.place") }
      : { what: t("seize.decide.newsflash.option"), why: t("seize.why.newsflash.option") + (d.both ? " " + t("seize.why.newsflash.both") : "") };
    default: {
      // a decision this table has no words of its own for: its engine name and reason, still readable
      const key = "seize.decide." + d.kind;
      const known = t(key);
      const what = known !== key ? known : t("seize.decide.generic", { what: humanize(d.ability ?? d.kind) });
      const reason = d.reason && d.reason !== d.kind ? (t("seize.ability." + d.reason) !== "seize.ability." + d.reason ? abilityText(d.reason) : humanize(d.reason)) : "";
      return { what, why: reason };
    }
  }
}
const TAKE_WHY = { attract: 1, upgrade_pantry: 1, upgrade_style: 1, word_of_mouth: 1, walk_in: 1 };

function whereText(where) {
  if (where === "discard") return t("seize.where.discard");
  const m = /^(slot|peek)(\d)$/.exec(where);
  return m ? t("seize.where." + m[1], { n: m[2] }) : where;
}

/** Plain-text label of a move (for aria-labels and the log). */
export function moveText(move, view, ctx) {
  const p = move.payload;
  // Sold Out!: serving another player's customer from one's own café
  if (p.kind === "serve" && Number.isInteger(p.owner)) {
    return t("seize.move.serveFor", { serve: ownMoveText(move, view, ctx), owner: ctx.seatName(p.owner) });
  }
  return ownMoveText(move, view, ctx);
}

function ownMoveText(move, view, ctx) {
  const p = move.payload;
  switch (p.kind) {
    case "space": return t("seize.move.space", { space: t("seize.row." + p.space) });
    case "icon": return p.mode === "alone" ? t("seize.move.iconAlone", { icon: iconLabel(p.icon), row: t("seize.cityRow." + CITY_ROW_NAMES[p.deck - 1]) })
      : p.mode === "with" ? t("seize.move.iconWith", { icon: iconLabel(p.icon), with: iconLabel(p.with_icon) })
        : p.card ? t("seize.move.iconOf", { icon: iconLabel(p.icon), card: ctx.cardName(p.card) })
          : t("seize.move.icon", { icon: iconLabel(p.icon) });
    case "take": return t("seize.move.take", { card: ctx.cardName(p.card), where: whereText(p.where) });
    case "order": return t("seize.move.order", { card: ctx.cardName(p.card), n: p.position });
    case "track": return t(p.keep ? "seize.move.keep" : "seize.move.discard", { card: ctx.cardName(p.card) });
    case "upgrade_icon": return t("seize.move.upgrade", { icon: iconLabel(p.icon), card: ctx.cardName(p.card) });
    case "connections": return t("seize.move.connections", { row: t("seize.cityRow." + CITY_ROW_NAMES[p.row - 1]) });
    case "connections_with": return t("seize.move.connectionsWith", { with: iconLabel(p.with_icon) });
    case "target": return t("seize.move.target." + p.effect, { card: ctx.cardName(p.card) });
    case "draft_pick": return t("seize.move.draftPick", { card: ctx.cardName(p.card) });
    case "founder_keep": return t("seize.move.founderKeep", { card: ctx.cardName(p.founder) });
    case "founder_group": return t("seize.move.founderGroup", { group: groupName(p.group) });
    case "skip_founder": {
      const founder = skippedFounders(view, ctx, p.founder);
      return p.next ? t("seize.move.skipFounder", { founder, card: ctx.cardName(p.next) })
        : t("seize.move.skipFounder.empty", { founder });
    }
    case "may": return t("seize.move.may", { step: t("seize.step." + p.icon) });
    case "serve_founder":
    case "serve": {
      if (p.kind === "serve" && !p.main) return t("seize.move.cannotPay");
      let serve = t(p.side ? "seize.move.serveBoth" : "seize.move.serveMain");
      if (p.kind === "serve_founder") serve = t(p.side ? "seize.move.serveFounderBoth" : "seize.move.serveFounder", { founder: ctx.cardName(p.founder) });
      if (p.orders) serve = celebrityServeText(p, view, ctx);
      const green = p.cost?.green ?? 0;
      if (!green) return serve;
      // "serve:main:green:beans1+milk1": the basic resources the green beans stand in for
      const label = String(move.id).split(":green:")[1] ?? "";
      const replaced = label.split("+").map((part) => /^([a-z_]+?)(\d+)$/.exec(part)).filter(Boolean)
        .map(([, res, n]) => resourceCount(res, Number(n))).join(", ");
      return t("seize.move.serveGreen", { serve, green: resourceCount("green", green), replaced, count: green });
    }
    case "meet_up": return t("seize.move.meet_up", { card: ctx.cardName(p.card), count: p.reviews ?? 0 });
    case "acting": return p.order
      ? t("seize.move.actingSide", { card: ctx.cardName(p.card), ability: abilityText(p.ability), side: t("seize.celebrity." + p.order) })
      : t("seize.move.acting", { card: ctx.cardName(p.card), ability: abilityText(p.ability) });
    case "naptime": return t("seize.move.naptime", { card: ctx.cardName(p.card) });
    case "regular": return t("seize.move.regular", { card: ctx.cardName(p.card), count: p.reviews ?? 0 });
    case "fair_trade": return t("seize.move.fair_trade", { amount: resourceCount(p.res, 1) });
    case "starbots_return": {
      // the kind left out stays whole: name it with what the player holds of it
      const held = view.players?.[view.decision?.player]?.resources ?? {};
      return t("seize.move.starbotsReturn", { res: amountsText(p.res), kept: (p.keep ?? []).map((r) => resourceCount(r, held[r] ?? 0)).join(", ") });
    }
    case "board_game": return p.use === "activate" ? t("seize.move.boardGame.activate", { icon: iconLabel(p.token) })
      : t("seize.move.boardGame.place", { icon: iconLabel(p.token), card: ctx.cardName(p.card), count: gameReviews(findFace(view, p.card)) });
    case "ddos": return p.player === ctx.viewer || p.player === view.decision?.player
      ? t("seize.move.ddos.own", { count: p.n })
      : t("seize.move.ddos.rival", { name: ctx.seatName(p.player), count: p.cards });
    case "ddos_track": return t(p.keep ? "seize.move.ddos.keep" : "seize.move.ddos.discard", { card: ctx.cardName(p.card), name: ctx.seatName(p.player) });
    case "swap": return p.with ? t("seize.move.swap.with", { a: placeText(p.with, ctx), b: placeText(p, ctx) }) : placeText(p, ctx);
    case "disrupt": return t("seize.move.disrupt", { card: ctx.cardName(p.card), name: ctx.seatName(p.player) });
    case "arrest": return t("seize.move.arrest", { card: ctx.cardName(p.card), name: ctx.seatName(p.player) });
    case "steal_from": return t("seize.move.stealFrom", { name: ctx.seatName(p.player) });
    case "steal_set": return stealSetText(p);
    case "roast": return t("seize.move.roast" + (p.own === 0 ? ".city" : p.city ? ".mixed" : ""),
      { name: ctx.seatName(p.player), beans: resourceCount("beans", p.n), own: p.own, city: p.city, count: p.reviews ?? p.own });
    case "newsflash": return p.option === "good"
      ? t("seize.move.newsflash.good", { count: p.reviews, groups: (p.matching ?? []).map((g) => t("seize.group." + g)).join(", ") })
      : t("seize.move.newsflash.bad", { count: p.reviews });
    case "award_review": return t("seize.move.awardReview." + (p.review === "bad" ? "bad" + (p.source === "cafe" ? ".cafe" : ".supply") : "good"),
      { group: t("seize.group." + p.group) });
    case "sold_out_pass": return t("seize.move.soldOutPass", { card: ctx.cardName(p.customer), owner: ctx.seatName(p.owner) });
    case "mouthwatering": return p.take
      ? (p.old ? t("seize.move.mouthSwap", { icon: iconLabel(p.icon), old: iconLabel(p.old) }) : t("seize.move.mouthTake", { icon: iconLabel(p.icon) }))
      : (p.old ? t("seize.move.mouthKeep", { old: iconLabel(p.old) }) : t("seize.move.mouthNone"));
    case "craft": return t("seize.move.craft", { res: iconLabel(p.res), cost: amountsText(p.cost) });
    case "daily_special": return t("seize.move.dailySpecial", { cup: t("seize.cup." + p.cup),
      ability: p.ability === "bad_reviews_to_others" ? t("seize.cupAbility.bad_reviews_to_others") : abilityText(p.ability) });
    case "done_crafting": return t("seize.move.doneCrafting");
    case "empty_cup": {
      const cup = p.cup === "regular" ? t("seize.cup.regular") : t("seize.cup." + p.cup);
      if (p.hype) return t("seize.move.cupOwn", { cup });
      return p.holder === null || p.holder === undefined ? t("seize.move.cupCity", { cup }) : t("seize.move.cupFrom", { cup, name: ctx.seatName(p.holder) });
    }
    case "skip_customer": return t("seize.move.skipCustomer");
    case "bonus": return t("seize.move.bonus", { icon: iconLabel(p.icon) });
    case "skip": return p.why && t("seize.step." + p.why) !== "seize.step." + p.why ? t("seize.move.skipStep", { step: t("seize.step." + p.why) }) : t("seize.move.skip");
    case "boost": return t("seize.move.boost", { card: ctx.cardName(p.card), n: p.reviews ?? 0 });
    default: return genericMoveText(move, ctx);
  }
}

/** A City Celebrity's serve: the order(s) filled and the order their abilities run in. */
function celebrityServeText(p, view, ctx) {
  const face = findFace(view, p.customer);
  // the ability's name only ("Arrest"): its words are on the card, the option stays short enough for a phone
  const ab = (i) => (face?.mains?.[i]?.ability ? abilityText(face.mains[i].ability).split(/[:：]/)[0].trim() : t("seize.celebrity." + (i === 0 ? "left" : "right")));
  if (p.orders.length === 1) return t("seize.move.serveCelebrity." + (p.orders[0] === 0 ? "left" : "right"), { ability: ab(p.orders[0]) });
  return t("seize.move.serveCelebrity.both", { first: ab(p.orders[0]), second: ab(p.orders[1]),
    side: t("seize.celebrity." + (p.orders[0] === 0 ? "left" : "right")) });
}

/** Where a customer stands, for Swap Customers: in whose line, or where in the City. */
function placeText(pos, ctx) {
  const card = ctx.cardName(pos.card);
  if (pos.player !== undefined && pos.player !== null) return t("seize.place.line", { card, name: ctx.seatName(pos.player) });
  return t("seize.place.city", { card, where: whereText(pos.city) });
}

/** A list of resource amounts ({beans: 1, milk: 2}) in words; "none" when empty. */
function amountsText(amounts) {
  return Object.entries(amounts ?? {}).filter(([, n]) => n > 0).map(([r, n]) => resourceCount(r, n)).join(", ") || t("seize.none");
}

function stealSetText(p) {
  const set = {};
  for (const r of p.set ?? []) set[r] = (set[r] ?? 0) + 1;
  const parts = [t("seize.move.steal.take", { res: amountsText(p.take) })];
  if (Object.keys(p.pay ?? {}).length) parts.push(t("seize.move.steal.pay", { res: amountsText(p.pay) }));
  if (p.bad) parts.push(t("seize.move.steal.bad"));
  return t("seize.move.steal.set", { set: amountsText(set), outcome: parts.join("; ") });
}

/** Good Reviews a customer with a Board Game token gives when served (5 minus its reward icons). */
function gameReviews(face) {
  if (!face) return 0;
  const rewards = (face.main?.reward?.length ?? 0) + (face.side?.reward?.length ?? 0);
  return Math.max(0, 5 - rewards);
}

/**
 * Words for a move of a kind this table does not know yet (a new ability's
 * choice): its kind, then what it names (cards, players, icons, amounts), so
 * every option stays readable and clickable.
 */
function genericMoveText(move, ctx) {
  const p = move.payload ?? {};
  const parts = [];
  for (const [key, value] of Object.entries(p)) {
    if (key === "kind" || value === null || value === undefined || value === false) continue;
    if (["card", "customer", "cust", "target"].includes(key) && typeof value === "string") parts.push(ctx.cardName(value));
    else if (["player", "rival", "to", "from", "owner"].includes(key) && Number.isInteger(value)) parts.push(ctx.seatName(value));
    else if (["icon", "bonus", "token"].includes(key) && typeof value === "string") parts.push(iconLabel(value));
    else if (["group", "award"].includes(key) && typeof value === "string") parts.push(t("seize.group." + value));
    else if (["res", "resource"].includes(key) && typeof value === "string") parts.push(t("seize.icon." + value));
    else if (Array.isArray(value)) parts.push(value.map((v) => (typeof v === "string" && /@|^[a-z]+_\d/.test(v) ? ctx.cardName(v) : humanize(v))).join(", "));
    else if (typeof value === "object") parts.push(Object.entries(value).map(([k, v]) => `${humanize(k)} ${v}`).join(", "));
    else if (value === true) parts.push(humanize(key));
    else parts.push(typeof value === "number" ? `${humanize(key)} ${value}` : humanize(value));
  }
  const kind = humanize(p.kind ?? String(move.id).split(":")[0]);
  return parts.length ? `${kind}: ${parts.join(" · ")}` : kind || move.id;
}

export function moveLabel(move, view, ctx) {
  const p = move.payload;
  const text = h("span.option-text", moveText(move, view, ctx));
  switch (p.kind) {
    case "space": return [iconsRow(p.icons), text];
    case "icon": return [icon(p.icon), p.with_icon ? icon(p.with_icon) : null, text];
    case "upgrade_icon": case "bonus": return [icon(p.icon), text];
    case "boost": return [icon("boost"), text];
    case "fair_trade": return [icon(p.res), h("span.arrow", { "aria-hidden": "true" }, "→"), icon("green"), text];
    case "starbots_return": return [...Object.keys(p.res).map((r) => icon(r)), text];
    case "board_game": return [icon("board_game"), icon(p.token), text];
    case "newsflash": return [icon(p.option === "bad" ? "bad_review" : "good_review"), text];
    case "award_review": return [icon(p.review === "bad" ? "bad_review" : "good_review"), groupIcon(p.group), text];
    case "roast": case "steal_from": case "steal_set": return [icon("beans"), text];
    case "naptime": return [icon("naptime"), text];
    case "disrupt": return [icon("angry"), text];
    case "arrest": return [icon("lose_customer"), text];
    case "ddos": case "ddos_track": return [icon("customer_tracking"), text];
    case "meet_up": case "regular": case "acting": {
      const face = findFace(view, p.card);
      return [text, face ? cardFace(face, { compact: true }) : null];
    }
    case "connections_with": return [icon("connections"), icon(p.with_icon), text];
    case "serve": return [p.orders ? icon("celebrity", { label: "" }) : null, text, p.main ? costNode(p.cost) : icon("angry")];
    case "serve_founder": return [icon("founder", { label: "" }), text, costNode(p.cost)];
    case "skip_founder": return [icon("founder", { label: "" }), text];
    case "may": return [stepIcon(p.icon), text];
    case "founder_group": return [icon("award"), groupIcon(p.group), text];
    case "draft_pick": case "founder_keep": {
      const face = findFace(view, p.card ?? p.founder);
      return [text, face ? cardFace(face, { compact: true }) : null];
    }
    case "skip_customer": return [icon("happy"), text];
    case "sold_out_pass": return [icon("sold_out"), text];
    case "mouthwatering": return [icon("mouthwatering", { label: "" }), p.take ? icon(p.icon) : p.old ? icon(p.old) : null, text];
    case "craft": return [icon("craft", { label: "" }), icon(p.res), text];
    case "daily_special": return [icon("daily_special", { label: "" }), text];
    case "empty_cup": return [icon(p.cup === "regular" ? "empty_cup" : "daily_special", { label: "" }), text];
    case "take": case "order": case "track": {
      const face = findFace(view, p.card);
      return [text, face ? cardFace(face, { compact: p.kind !== "take" || p.where.startsWith("peek") ? false : true }) : null];
    }
    default: return text;
  }
}

function findFace(view, id) {
  let found = null;
  const walk = (node) => {
    if (found || !node || typeof node !== "object") return;
    if (Array.isArray(node)) { node.forEach(walk); return; }
    if (node.id === id && typeof node.name === "string") { found = node; return; }
    Object.values(node).forEach(walk);
  };
  walk(view.decision);
  if (!found) walk(view.city);
  if (!found) walk(view.players);
  return found;
}

const EVENT_KEYS = {
  space: (v) => t("seize.row." + v), icon: (v) => (v ? iconLabel(v) : t("seize.none")), with_icon: (v) => iconLabel(v),
  res: (v) => t("seize.icon." + v), ability: (v) => t("seize.ability." + v), achievement: (v) => t("seize.ach." + v),
  phase: (v) => t("seize.phase." + v), reason: (v) => t("seize.endReason." + v), dest: (v) => t("seize.dest." + v),
  where: whereText, mood: (v) => t("seize.mood." + v), via: (v) => iconLabel(v),
  why: (v) => (v ? t("seize.reason." + v) : ""),
  cup: (v) => t("seize.cup." + v),  // a Daily Special cup
  own_group: (v) => (v ? groupName(v) : t("seize.none")),
};

/** The set-up drafts' events: their "kind" is which draft (founders, friends). */
const DRAFT_EVENTS = new Set(["draft_start", "draft_pass", "draft_picked", "draft_done"]);

/** Events whose message has plural forms: the parameter that counts. */
const COUNTED_PARAM = {
  good_review: "n", bad_review: "n", scoop: "n", board_game_bonus: "n", boost: "n", meet_up: "n", regular: "n", exclusivity: "n",
  newsflash: "n", ddos: "n", roast: "n", board_games_reshuffle: "tokens",
  review_to_debt: "n", review_to_box: "n", tech_debt: "n", diverse_cookie: "reviews",
};

/** Events worded in more than one way: the key's suffix chosen by their parameters. */
const EVENT_VARIANT = {
  customer_served: (p) => (p.orders ? (p.orders.length > 1 ? ".both" : ".one") : p.side ? ".side" : ""),
  activate: (p) => (p.via ? ".via" : ""),
  bonus_taken: (p) => (p.icon ? "" : ".none"),
  take: (p) => (p.why === "camp_out" ? ".camp_out" : ""),
  award_review: (p) => "." + p.kind + (p.kind === "bad" ? "." + p.source : ""),
  newsflash: (p) => "." + p.option,
  ddos: (p, e) => (p.target === e.player ? ".own" : ""),
  disrupt_self: (p) => (p.placed ? "" : ".none"),
  exclusivity: (p) => (p.card ? "" : ".empty"),
  steal: (p) => (Object.values(p.paid ?? {}).some((n) => n > 0) ? ".paid" : ""),
  roast: (p) => (p.own === 0 ? ".city" : p.city ? ".mixed" : ""),
  // a first Mouthwatering token gives nothing back
  mouthwatering: (p) => (p.old ? "" : ".first"),
  mouthwatering_keep: (p) => (p.old ? "" : ".first"),
  founder_revealed: (p) => (p.group ? "" : ".noAward"),
  founder_skipped: (p) => (p.forced ? ".forced" : "") + (p.founder2 ? ".both" : ""),
  founder_served: (p) => (p.side ? ".side" : ""),
  draft_start: (p) => "." + (p.kind === "friends" ? "friends" : "founders"),
  draft_pass: (p) => "." + (p.kind === "friends" ? "friends" : "founders"),
  draft_picked: (p) => "." + (p.kind === "friends" ? "friends" : "founders"),
  draft_done: (p) => "." + (p.kind === "friends" ? "friends" : "founders"),
};

export function eventText(event, ctx) {
  const code = event.code.replace(/^seize\./, "");
  const name = event.player === null || event.player === undefined ? "" : ctx.seatName(event.player);
  if (event.hidden) {
    const specific = "seize.ev." + code + ".hidden";
    const text = t(specific, { name });
    return text === specific ? t("seize.ev.hidden", { name }) : text;
  }
  const params = { name };
  for (const [key, value] of Object.entries(event.params || {})) {
    if (key === "card") params.card = code === "starbots_card" || code === "starbots_redraw" ? value : value ? ctx.cardName(value) : t("seize.none");
    else if (key === "target") params.target = ctx.seatName(value);
    else if (key === "via" && code === "acting") params.via = ctx.cardName(value);
    else if (key === "token") params.token = iconLabel(value);
    else if (key === "tokens" && Array.isArray(value)) params.tokens = value.map(iconLabel).join(", ") || t("seize.none");
    else if (key === "group") params.group = value ? groupName(value) : t("seize.none");
    else if (key === "founder" || key === "founder2") params[key] = ctx.cardName(value);
    else if (key === "orders" && Array.isArray(value)) params.orders = value.map((o) => t("seize.celebrity." + o)).join(", ");
    else if (key === "kind" && DRAFT_EVENTS.has(code)) params.kind = t("seize.draft.kind." + value);
    else if ((key === "a" || key === "b") && value && typeof value === "object") params[key] = placeText(value, ctx);
    else if (key === "took" || key === "paid") params[key] = amountsText(value);
    else if (key === "set" && Array.isArray(value)) params.set = value.map((r) => t("seize.icon." + r)).join(", ");
    else if (key === "green" && code === "fair_trade") params.green = resourceCount("green", value);
    else if (key === "deck" && value[0] === "own" && value[1] !== event.player) params.deck = t("seize.deckOf", { name: ctx.seatName(value[1]) });
    else if (key === "step") params.step = t("seize.step." + value);
    else if (key === "steps") params.steps = value.map((v) => t("seize.step." + v)).join(", ");
    else if (key === "use") params.use = t("seize.starbots.use." + value);
    else if (key === "row") params.row = t("seize.cityRow." + CITY_ROW_NAMES[value - 1]);
    else if (key === "res" && Array.isArray(value)) params.res = value.map((r) => t("seize.icon." + r)).join(", ") || t("seize.none");
    else if (key === "res" && value && typeof value === "object") params.res = Object.entries(value).filter(([, n]) => n > 0).map(([r, n]) => resourceCount(r, n)).join(", ") || t("seize.none");
    else if (key === "cards" && !Array.isArray(value)) params.cards = value;
    else if (key === "cards") params.cards = value.length ? value.map((c) => ctx.cardName(c)).join(", ") : t("seize.none");
    else if (key === "cost") params.cost = Object.entries(value).filter(([, n]) => n > 0).map(([r, n]) => resourceCount(r, n)).join(", ") || t("seize.cost.free");
    else if (key === "first" || key === "empty_cup" || key === "owner") params[key] = ctx.seatName(value);
    else if (key === "old") params.old = value ? iconLabel(value) : t("seize.none");
    else if (key === "deck") params.deck = value[0] === "city" ? t("seize.cityRow." + CITY_ROW_NAMES[value[1]]) : t("seize.ownDeck");
    else if (key in EVENT_KEYS) params[key] = EVENT_KEYS[key](value);
    else params[key] = value;
  }
  // the number a message's plural form follows; a gain reads as one amount ("1 bean")
  const counted = event.params?.[COUNTED_PARAM[code]];
  if (counted !== undefined) params.count = counted;
  if (code === "gain") params.amount = resourceCount(event.params.res, event.params.n);
  if (code === "fair_trade") params.amount = resourceCount(event.params.res, 1);
  if (code === "roast") params.beans = resourceCount("beans", event.params.n);
  if (code === "customer_served" && event.params?.orders?.length > 1) {
    params.first = t("seize.celebrity." + event.params.orders[0]);
    params.second = t("seize.celebrity." + event.params.orders[1]);
  }
  const key = "seize.ev." + code + (EVENT_VARIANT[code]?.(event.params || {}, event) ?? "");
  const text = t(key, params);
  return text === key ? t("seize.ev.unknown", { code }) : text;
}

export function gameOver(view, status, ctx) {
  const out = status.outcome;
  const n = out.breakdown.length;
  const seats = [...Array(n).keys()];
  const row = (label, fn, cls = "") => h("tr", { class: cls }, h("th", { scope: "row" }, label), seats.map((p) => h("td", fn(out.breakdown[p], p))));
  const awardsText = (b) => {
    const entries = Object.entries(b.awards);
    const total = entries.reduce((s, [, v]) => s + v, 0);
    const wild = Object.entries(b.wildcards ?? {});
    return [h("b", String(total)), entries.length ? h("div.muted.small", entries.map(([g, v]) => `${t("seize.group." + g)} ${v}`).join(", ")) : null,
      wild.length ? h("div.small.wildcards", { dataset: { testid: "score-wildcards" } }, icon("wildcard"), " ",
        t("seize.score.wildcards", { groups: wild.map(([g, n]) => t("seize.score.wildcardOne", { group: groupName(g), count: n })).join(", ") })) : null];
  };
  // a phone's width may not hold four players' columns: the table scrolls sideways in its box, never the page
  return h("div.score", { dataset: { testid: "score-breakdown" } }, h("div.score-scroll",
    h("table.score-table", { dataset: { testid: "score-table" } },
      h("caption", t("seize.score.caption")),
      h("thead", h("tr", h("th", { scope: "col" }, t("seize.score.step")),
        seats.map((p) => h("th", { scope: "col", class: out.winners.includes(p) ? "winner" : "" }, ctx.seatName(p), out.winners.includes(p) ? [" ", icon("award", { label: t("seize.score.winnerMark") })] : null)))),
      h("tbody",
        row(t("seize.score.step1"), (b) => [h("b", String(b.good_reviews + b.happy_tokens)), h("div.muted.small", t("seize.score.step1detail", {
          reviews: t("seize.score.reviews", { count: b.good_reviews }), happy: t("seize.score.happy", { count: b.happy_tokens }) }))]),
        row(t("seize.score.step2"), (b) => String(b.bad_reviews)),
        row(t("seize.score.step3"), (b) => String(b.achievements)),
        row(t("seize.score.step4"), awardsText),
        out.breakdown.some((b) => b.cookies) ? row(t("seize.score.cookies"), (b) => String(b.cookies ?? 0)) : null,
        row(t("seize.score.step5"), (b) => h("b", String(b.total)), "total"),
        row(t("seize.score.resources"), (b) => String(b.resources), "muted")))),
    h("p.muted", t("seize.score.tiebreak")),
    out.breakdown[0]?.scenario ? scenarioResult(out.breakdown[0].scenario, view) : null);
}

/** A solo scenario's verdict as the booklet scores it: won or lost, and each victory condition. */
function scenarioResult(sc, view) {
  const me = view?.players?.[0];
  const values = { bad: me?.bad_reviews ?? 0, marked: (sc.marks ?? []).length, mine: sc.customers?.[0] ?? 0, theirs: sc.customers?.[1] ?? 0 };
  return h("section.scenario-result", { class: sc.won ? "won" : "lost", dataset: { testid: "scenario-result", won: String(sc.won) } },
    h("h3", icon("scenario", { label: "" }), " ", t(sc.won ? "seize.scenario.won" : "seize.scenario.lost", { name: sc.name })),
    h("ul", sc.conditions.map((c) => h("li", { class: c.met ? "met" : "unmet", dataset: { condition: c.id, met: String(c.met) } },
      h("span.mark", { "aria-hidden": "true" }, c.met ? "✓" : "✗"), " ",
      c.met ? t("seize.scenario.cond." + c.id) : t("seize.scenario.condLost." + c.id, values),
      h("span.sr", ` (${t(c.met ? "seize.scenario.met" : "seize.scenario.notMet")})`)))),
    sc.customers && !sc.conditions.some((c) => c.id === "strictly_more_customers")
      ? h("p.muted", t("seize.scenario.customers", { mine: values.mine, theirs: values.theirs })) : null,
    sc.tech_debt_lost ? h("p.muted", t("seize.scenario.debtLost", { count: sc.tech_debt_lost })) : null,
    "boxed" in sc ? h("p.muted", t("seize.scenario.boxed", { count: sc.boxed })) : null);
}

/** Words for the hot-seat screen when the device changes hands mid-turn (a Sold Out! offer). */
export function privacyNote(view, ctx) {
  const d = view?.decision;
  if (!d || d.kind !== "sold_out") return null;
  return t("seize.soldOut.privacy", { owner: ctx.seatName(d.owner), name: ctx.seatName(d.player) });
}

/**
 * A draft's options in the order its cards lie on the board (the hand, or the three
 * founders kept from): the engine lists them by id.  Other decisions keep the engine's order.
 */
export function orderOptions(moves, view) {
  const d = view?.draft;
  const cards = d?.stage === "pick" ? d.hand : d?.stage === "keep" ? d.picks : null;
  if (!cards) return moves;
  const prefix = d.stage === "pick" ? "draft:" : "founder:";
  const place = new Map(cards.map((f, i) => [prefix + f.id, i]));
  const at = (m) => place.get(m.id) ?? cards.length; // anything else after the cards, as listed
  return [...moves].sort((a, b) => at(a) - at(b));
}

export default {
  id: "seize",
  solo: true,
  setupNotes: ["seize.setup.fullCup"],
  options: {
    scoop: { type: "bool", config: "scoop_luck", label: "seize.option.scoop", hint: "seize.option.scoopHint" },
    starbotsfirst: { type: "bool", config: "first_player", on: "starbots", off: "human", soloOnly: true,
      label: "seize.option.starbotsFirst", hint: "seize.option.starbotsFirstHint" },
    // the expansions' setup (its own panel on the setup screen; the engine checks every combination)
    district: { type: "text", pattern: /^[a-z_]{1,40}$/, config: "district" },
    groups: { type: "list", item: /^[a-z_]{1,40}$/, max: 6, config: "groups" },
    difficulty: { type: "list", item: /^(normal|hard|expert)$/, max: 6, config: "difficulty", perSeat: true },
    opening: { type: "text", pattern: /^(standard|official)$/, config: "opening" },
    friends: { type: "text", pattern: /^(base|extra|advanced|adopted)$/, config: "friends" },
    packs: { type: "list", item: /^(board_game_media|quality_beasts|city_celebrities)$/, max: 3, config: "packs" },
    replaces: { type: "list", item: /^[a-z_]{1,40}$/, max: 2, config: "pack_replaces" },
    founders: { type: "text", pattern: /^(off|base|all)$/, config: "founders" },
    variants: { type: "list", item: /^[a-z_]{1,40}$/, max: 8, config: "variants" },
    cups: { type: "list", item: /^[a-z_]{1,40}$/, max: 4, config: "cups" },
    // a solo scenario (booklet pp. 48-51): it sets the district, founders, variants… itself
    scenario: { type: "text", pattern: /^[a-z_]{1,40}$/, config: "scenario", soloOnly: true },
  },
  optionsFromConfig: (config) => {
    const base = { ...(config?.scoop_luck ? { scoop: true } : {}), ...(config?.first_player === "starbots" ? { starbotsfirst: true } : {}),
      ...(Array.isArray(config?.difficulty) && config.difficulty.some((lv) => lv !== "normal") ? { difficulty: [...config.difficulty] } : {}) };
    // a solo scenario sets the district, opening, founders, variants…: its name says them all
    if (config?.scenario) return { ...base, scenario: config.scenario };
    return {
      ...base,
      ...(config?.district && config.district !== "kreuzberg" ? { district: config.district } : {}),
      ...(config?.district === "custom" && Array.isArray(config.groups) ? { groups: [...config.groups] } : {}),
      ...(config?.opening === "official" ? { opening: "official" } : {}),
      ...(config?.friends && config.friends !== "base" ? { friends: config.friends } : {}),
      ...(Array.isArray(config?.packs) && config.packs.length ? { packs: [...config.packs] } : {}),
      ...(Array.isArray(config?.pack_replaces) && config.pack_replaces.length ? { replaces: [...config.pack_replaces] } : {}),
      ...(config?.founders && config.founders !== "off" ? { founders: config.founders } : {}),
      ...(Array.isArray(config?.variants) && config.variants.length ? { variants: [...config.variants] } : {}),
      // fewer than the four Daily Special cups (all four: the default, said by nothing)
      ...(Array.isArray(config?.cups) && config.cups.length && config.cups.length < 4 ? { cups: [...config.cups] } : {}),
    };
  },
  panelState,
  render, decision, moveLabel, moveText, eventText, eventIcon, gameOver, glossary, setupPanel, privacyNote, orderOptions,
  // a hint in a solo scenario names the victory condition its move serves
  goalText: (goal) => t("seize.scenario.cond." + goal),
};
