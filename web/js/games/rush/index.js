// Coffee Rush's renderer: draws the engine's view (the 4×4 board, the supply,
// every player's board with order rows, cups, tokens and upgrade tiles) and
// labels the engine's legal moves.  No rule lives here: every number shown
// comes from the view, every clickable option is one of the engine's moves
// (reachable squares, gains, sendable orders… all come from move payloads).
import { t } from "../../i18n.js";
import { h, nameStartsWithShown } from "../../table/dom.js";
import { zoomable } from "../../table/zoom.js";
import { INGREDIENTS, UPGRADES, eventIcon, icon, ingName, ingredientList, ingredientToken, ingredientsText, meepleIcon, upgradeName } from "./icons.js";

// The ingredient the player is about to place (a display choice, not a rule:
// the cups then offer the engine's put:<ingredient>:<cup> moves for it).
let selectedIngredient = null;

function ensureCss() {
  if (document.querySelector("link[data-rush-css]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "css/rush.css", dataset: { rushCss: "1" } }));
}

function squareText(sq) {
  return t("rush.square", { row: sq.row, col: sq.col, ing: ingName(sq.ingredient) });
}

function squareOf(view, n) { return view.board[n]; }

function moveButton(move, label, content, cls = "") {
  return nameStartsWithShown(h("button.rush-pick" + (cls ? "." + cls : ""), { type: "button", dataset: { move: move.id }, "aria-label": label, title: label }, content));
}

// ---- drink names ------------------------------------------------------------------
/**
 * The catalogue key of a drink (an order card's name in the card data, which
 * stays English): "Café au Lait" → "rush.drink.cafe_au_lait".  Keyed by name,
 * not by card id, as several cards share a drink.
 */
export function drinkKey(name) {
  const slug = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
  return "rush.drink." + slug;
}

/** A drink's name in the player's language (a name no catalogue knows shows as it is). */
export function drinkName(name) {
  const key = drinkKey(name);
  const text = t(key);
  return text === key ? name : text;
}

function movesByKind(moves) {
  const out = {};
  for (const m of moves) (out[m.payload.kind] ??= []).push(m);
  return out;
}

// ---- an order card ---------------------------------------------------------------
function orderCard(face, extra = null, cls = "") {
  const label = t(face.specialty ? "rush.card.labelSpecialty" : "rush.card.label", { name: drinkName(face.name), ings: ingredientsText(face.ingredients) });
  return zoomable(h("div.rcard" + (face.specialty ? ".specialty" : "") + (cls ? "." + cls : ""), { dataset: { card: face.id }, title: label },
    h("span.sr", label),
    h("div.rcard-head", { "aria-hidden": "true" }, h("span.rcard-name", drinkName(face.name)), face.specialty ? icon("specialty", { cls: "star", decorative: true }) : null),
    h("div.rcard-ings", { "aria-hidden": "true" }, face.ingredients.map((ing) => icon(ing, { decorative: true }))),
    extra));
}

// ---- the board ---------------------------------------------------------------------
function renderBoard(view, moves, ctx) {
  const turn = view.turn;
  const steps = new Map();
  for (const m of moves) {
    if (m.payload.kind === "step" || m.payload.kind === "place_meeple") {
      const sq = m.payload.kind === "step" ? m.payload.to : m.payload.square;
      if (!steps.has(sq)) steps.set(sq, []);
      steps.get(sq).push(m);
    }
  }
  const stop = moves.find((m) => m.payload.kind === "stop");
  const pathIndex = new Map();
  if (turn) turn.path.forEach((sq, i) => { if (!pathIndex.has(sq)) pathIndex.set(sq, []); pathIndex.get(sq).push(i + 1); });
  const meepleCount = view.players[0]?.meeples.length ?? 1;
  const cells = view.board.map((sq) => {
    const who = sq.meeple;
    const moving = who && turn && view.phase === "move" && who.player === turn.player && (turn.meeple === null || turn.meeple === who.meeple);
    // a meeple is named by its seat and number, so it travels from square to square (table/motion.js)
    const meepleNode = who ? h("span.meeple", { class: moving ? "moving" : "", dataset: { piece: `meeple-${who.player}-${who.meeple}` } },
      meepleIcon(who.player, { label: meepleLabel(who, meepleCount, ctx) }),
      meepleCount > 1 ? h("span.meeple-no", { "aria-hidden": "true" }, String(who.meeple + 1)) : null) : null;
    const marks = h("span.sq-marks",
      sq.specialty ? icon("specialty", { cls: "mark", label: t("rush.specialtySquare") }) : null,
      sq.corner ? h("span.corner-mark", { title: t("rush.cornerSquare") }, h("span.sr", t("rush.cornerSquare"))) : null);
    const trail = pathIndex.has(sq.square) ? h("span.trail", { title: t("rush.pathStep", { n: pathIndex.get(sq.square).join(", ") }) }, pathIndex.get(sq.square).join(",")) : null;
    const start = turn && turn.start === sq.square && turn.steps_taken > 0;
    const face = [h("span.sq-ing", icon(sq.ingredient, { cls: "sq-ic", decorative: true }), h("span.sq-name", t("rush.ingShort." + sq.ingredient))), marks, meepleNode, trail,
      start ? h("span.sr", t("rush.start")) : null];
    const base = "sq" + (sq.specialty ? " specialty" : "") + (sq.corner ? " corner" : "") + (pathIndex.has(sq.square) ? " on-path" : "") + (start ? " start" : "");
    const desc = squareDescription(sq, ctx, meepleCount);
    const options = steps.get(sq.square) ?? [];
    if (stop && stop.payload.square === sq.square) {
      return h("div", { class: base + " target stop-here", dataset: { square: String(sq.square) } },
        moveButton(stop, moveText(stop, view, ctx), [face, h("span.gain.stop", t("rush.stopHere"))], "sq-button"));
    }
    if (options.length === 1) {
      const m = options[0];
      return h("div", { class: base + " target", dataset: { square: String(sq.square) } },
        moveButton(m, moveText(m, view, ctx), [face, gainBadge(m)], "sq-button"));
    }
    if (options.length > 1) {
      return h("div", { class: base + " target multi", dataset: { square: String(sq.square) }, role: "group", "aria-label": desc },
        face, h("span.multi-buttons", options.map((m) => moveButton(m, moveText(m, view, ctx),
          [h("span.meeple-no", "#" + (m.payload.meeple + 1)), gainBadge(m, true)], "small"))));
    }
    return h("div", { class: base, dataset: { square: String(sq.square) }, role: "img", "aria-label": desc }, face);
  });
  return h("section.rush-board-wrap", { "aria-label": t("rush.board") },
    h("h3", t("rush.board")),
    h("div.rush-board", { class: steps.size || stop ? "choosing" : "", dataset: { testid: "rush-board" } }, cells),
    turn ? stepSummary(view, turn) : null);
}

function meepleLabel(who, meepleCount, ctx) {
  return meepleCount > 1 ? t("rush.meepleOfN", { name: ctx.seatName(who.player), n: who.meeple + 1 }) : t("rush.meepleOf", { name: ctx.seatName(who.player) });
}

function squareDescription(sq, ctx, meepleCount) {
  const parts = [squareText(sq)];
  if (sq.specialty) parts.push(t("rush.specialtySquare"));
  if (sq.corner) parts.push(t("rush.cornerSquare"));
  if (sq.meeple) parts.push(meepleLabel(sq.meeple, meepleCount, ctx));
  return parts.join(" · ");
}

function gainBadge(move, compact = false) {
  const p = move.payload;
  if (p.kind === "place_meeple") return h("span.gain", t("rush.placeHere"));
  return h("span.gain" + (p.take < p.gain ? ".short" : "") + (p.occupied ? ".pass" : ""),
    "+" + p.take, icon(p.ingredient, { decorative: true }),
    p.rush ? icon("rush", { cls: "cost", decorative: true }) : null);
}

function stepSummary(view, turn) {
  if (view.phase !== "move") return null;
  return h("p.step-summary.muted", { dataset: { testid: "step-summary" } },
    t("rush.stepsInfo", { taken: turn.steps_taken, free: turn.steps_left, possible: turn.steps_possible }));
}

// ---- supply and tokens ----------------------------------------------------------------
function renderSupply(view, moves, ctx) {
  const openings = moves.filter((m) => m.payload.kind === "opening");
  const token = view.closed
    ? h("div.token.closed", { dataset: { testid: "closed-token" }, role: "img", "aria-label": t("rush.closedBy." + (view.closed_by ?? "deck")) },
      icon("closed", { decorative: true }), h("span", h("strong", t("rush.closed")), h("br"), h("span.muted", t("rush.closedBy." + (view.closed_by ?? "deck")))))
    : h("div.token.open", { dataset: { testid: "closed-token" }, role: "img", "aria-label": t("rush.openToken", { name: ctx.seatName(view.first_player) }) },
      icon("open", { decorative: true }), h("span", h("strong", t("rush.open")), h("br"), h("span.muted", t("rush.firstPlayer", { name: ctx.seatName(view.first_player) }))));
  return h("section.rush-supply", { "aria-label": t("rush.supply"), dataset: { testid: "rush-supply" } },
    h("h3", t("rush.supply")),
    h("ul.supply-list", INGREDIENTS.map((ing) => h("li", { class: view.supply[ing] === 0 ? "out" : "", title: t("rush.supplyOf", { ing: ingName(ing), n: view.supply[ing] }) },
      ingredientToken(ing, view.supply[ing]), h("span.sr", ingName(ing)), h("b", String(view.supply[ing]))))),
    h("div.supply-row",
      h("span.stat", { title: t("rush.rushSupply", { count: view.rush_supply }) }, icon("rush", { decorative: true }), h("b", String(view.rush_supply)), h("span.sr", t("rush.rushSupply", { count: view.rush_supply }))),
      h("span.stat", { title: t("rush.deckCount", { count: view.deck_count }) }, icon("deck", { decorative: true }), h("b", { dataset: { testid: "deck-count" } }, String(view.deck_count)), h("span.sr", t("rush.deckCount", { count: view.deck_count }))),
      h("span.stat", { title: t("rush.discardCount", { count: view.discard.length }) }, icon("sent", { decorative: true, cls: "dim" }), h("b", String(view.discard.length)), h("span.sr", t("rush.discardCount", { count: view.discard.length })))),
    token,
    openings.length || view.opening_pool.length ? h("div.opening", h("h4", t("rush.openingPool")),
      h("div.opening-cards", view.opening_pool.map((face) => {
        const m = openings.find((o) => o.payload.card === face.id);
        return m ? moveButton(m, moveText(m, view, ctx), orderCard(face)) : orderCard(face, null, "dim");
      }))) : null);
}

// ---- a player's board --------------------------------------------------------------------
function renderPlayer(view, pl, moves, ctx) {
  const p = pl.seat;
  const name = ctx.seatName(p);
  const active = view.active_player === p && view.phase !== "over";
  // the legal moves are the viewer's: only the viewer's own board may carry them
  const mine = moves.length > 0 && view.active_player === p && ctx.viewer === p;
  const my = mine ? movesByKind(moves) : {};
  const score = view.scores?.[p];
  const rows = pl.rows.map((row) => {
    const label = row.row === pl.rows.length ? t("rush.rowLast", { n: row.row }) : t("rush.row", { n: row.row });
    return h("div.order-row", { class: row.row === pl.rows.length ? "last" : "", dataset: { row: String(row.row) }, role: "group", "aria-label": label },
      h("span.row-label", { "aria-hidden": "true" }, String(row.row)),
      h("div.row-cards", row.orders.length ? row.orders.map((face) => {
        const sends = (my.send ?? []).filter((m) => m.payload.card === face.id);
        const buttons = sends.length ? h("div.send-buttons", sends.map((m) => moveButton(m, moveText(m, view, ctx),
          [icon("sent", { decorative: true }), t("rush.sendFrom", { cup: m.payload.cup })], "send"))) : null;
        return orderCard(face, buttons, sends.length ? "sendable" : "");
      }) : h("span.muted.row-empty", t("rush.rowEmpty"))));
  });
  const pending = pl.pending;
  const putMoves = my.put ?? [];
  const puttable = INGREDIENTS.filter((ing) => putMoves.some((m) => m.payload.ingredient === ing));
  if (mine && puttable.length && !puttable.includes(selectedIngredient)) selectedIngredient = puttable[0];
  const sel = mine && puttable.length ? selectedIngredient : null;
  const sendableCups = new Set((view.turn?.player === p ? view.turn.sendable : []).map((s) => s.cup));
  const cups = pl.cups.map((cup) => {
    const put = putMoves.find((m) => m.payload.ingredient === sel && m.payload.cup === cup.cup);
    const empty = (my.empty ?? []).find((m) => m.payload.cup === cup.cup);
    const content = [h("span.cup-title", icon("cup", { decorative: true }), t("rush.cupN", { n: cup.cup })), ingredientList(cup.ingredients, { pieces: true })];
    const label = t("rush.cupLabel", { n: cup.cup, ings: ingredientsText(cup.ingredients) });
    return h("div.cup", { class: sendableCups.has(cup.cup) ? "match" : "", dataset: { cup: String(cup.cup) } },
      put ? moveButton(put, moveText(put, view, ctx), [content, h("span.put-hint", "+", icon(sel, { decorative: true }))], "cup-button")
        : h("div.cup-body", { role: "img", "aria-label": label }, content),
      empty ? moveButton(empty, moveText(empty, view, ctx), t("rush.empty"), "small.empty-cup") : null);
  });
  const returns = my.return ?? [];
  const tray = pending.length ? h("div.tray", { dataset: { testid: `tray-${p}` } },
    h("h4", t("rush.toPlace", { n: pending.length })),
    h("div.tray-items", INGREDIENTS.filter((ing) => pending.includes(ing)).map((ing) => {
      const n = pending.filter((x) => x === ing).length;
      const ret = returns.find((m) => m.payload.ingredient === ing);
      const chip = puttable.includes(ing)
        ? h("button.chip", { type: "button", "aria-pressed": String(ing === sel), title: t("rush.select", { ing: ingName(ing) }), dataset: { chip: ing },
          onclick: () => {
            if (chip.closest(".board")?.querySelector("[data-move]:disabled")) return; // a move is on its way
            selectedIngredient = ing;
            const board = chip.closest(".board") ?? chip.parentElement.closest("div");
            render(board, ctx);
            board.querySelector(`[data-chip="${ing}"]`)?.focus();
          } },
          ingredientToken(ing, n), h("span", ingName(ing)), n > 1 ? h("b", "×" + n) : null)
        : h("span.chip.static", ingredientToken(ing, n), h("span", ingName(ing)), n > 1 ? h("b", "×" + n) : null);
      return h("span.tray-item", chip, ret ? moveButton(ret, moveText(ret, view, ctx), t("rush.return"), "small.return") : null);
    })),
    sel ? h("p.muted.tray-hint", t("rush.clickCup", { ing: ingName(sel) })) : null) : null;
  const upgrades = pl.upgrades.map((u) => {
    const m = (my.upgrade ?? []).find((x) => x.payload.upgrade === u.upgrade);
    const label = t(u.active ? "rush.upgradeActive" : "rush.upgradeDown", { name: upgradeName(u.upgrade) });
    // every tile shows its own picture (the view names each); a face-down one is drawn dimmed
    // named by seat and tile, with its face, so a tile turned face up turns over (table/motion.js)
    const tile = h("span.tile", { class: u.active ? "active" : "down", dataset: { upgrade: u.upgrade, piece: `upgrade-${p}-${u.upgrade}`, face: u.active ? "up" : "down" } },
      h("span.tile-ic", icon(u.upgrade, { decorative: true })), h("span.tile-name", upgradeName(u.upgrade)));
    return m ? moveButton(m, moveText(m, view, ctx), tile, "tile-button") : h("span.tile-wrap", { role: "img", "aria-label": label, title: label }, tile);
  });
  const targets = pl.rush_targets.map((s) => ctx.seatName(s)).join(", ");
  // the turn's closing options (also in the decision banner), next to the cups
  const closing = [...(my.done ?? []), ...(my.skip_upgrade ?? []), ...(my.end ?? [])];
  const actions = closing.length ? h("div.turn-actions", closing.map((m) => moveButton(m, moveText(m, view, ctx), moveText(m, view, ctx), "action"))) : null;
  return h("section.rush-player", { class: (active ? "active " : "") + (ctx.viewer === p ? "mine " : "") + `seat-${p % 4}`,
    dataset: { seat: String(p), player: String(p), testid: "player-panel" }, "aria-label": t("rush.boardOf", { name }) },
  h("header.player-head",
    meepleIcon(p, { decorative: true }), h("h3", name),
    pl.is_first ? icon(view.closed ? "closed" : "open", { label: t(view.closed ? "rush.closed" : "rush.firstToken") }) : null,
    h("span.stat", { title: t("rush.rushTokens", { count: pl.rush_tokens }) }, icon("rush", { decorative: true }), h("b", { dataset: { stat: "rush" } }, String(pl.rush_tokens)), h("span.sr", t("rush.rushTokens", { count: pl.rush_tokens }))),
    h("span.stat", { title: t("rush.sentCount", { count: pl.sent_count }) }, icon("sent", { decorative: true }), h("b", { dataset: { stat: "sent" } }, String(pl.sent_count)), h("span.sr", t("rush.sentCount", { count: pl.sent_count }))),
    h("span.stat", { title: t("rush.penaltyCount", { count: pl.penalty_count }) }, icon("penalty", { decorative: true }), h("b", { dataset: { stat: "penalties" } }, String(pl.penalty_count)), h("span.sr", t("rush.penaltyCount", { count: pl.penalty_count }))),
    score ? h("span.score", t("rush.scoreNow", { n: score.total })) : null),
  h("div.player-body",
    h("div.rows", { "aria-label": t("rush.orders") },
      h("h4", t("rush.orders"), ctx.viewer === p ? h("span.muted.small", t("rush.rowsHint")) : null), h("div.row-list", rows)),
    h("div.side",
      h("div.cups", { "aria-label": t("rush.cups") }, cups),
      tray,
      actions,
      h("div.upgrades", { "aria-label": t("rush.upgrades") }, upgrades),
      h("p.muted.small.targets", t("rush.rushTargets", { names: targets })))),
  pl.sent && pl.sent.length ? h("details.own-pile", h("summary", t("rush.yourSent", { n: pl.sent.length })), h("div.pile-cards", pl.sent.map((f) => orderCard(f, null, "mini")))) : null,
  pl.penalties && pl.penalties.length ? h("details.own-pile", h("summary", t("rush.yourPenalties", { n: pl.penalties.length })), h("div.pile-cards", pl.penalties.map((f) => orderCard(f, null, "mini")))) : null);
}

// ---- the renderer interface -----------------------------------------------------------------
export function render(board, ctx) {
  ensureCss();
  const { view, moves } = ctx;
  const n = view.players.length;
  const order = [...Array(n).keys()].map((k) => (view.first_player + k) % n);
  const first = ctx.viewer !== null && ctx.viewer !== undefined ? ctx.viewer : view.active_player ?? order[0];
  const seats = [first, ...order.filter((p) => p !== first)];
  board.replaceChildren(h("div.rush", { dataset: { players: String(n), phase: view.phase } }, h("div.rush-grid",
    h("div.rush-left", renderBoard(view, moves, ctx), renderSupply(view, moves, ctx)),
    h("div.rush-players", seats.map((p) => renderPlayer(view, view.players[p], moves, ctx))))));
}

export function decision(view, status, ctx) {
  const p = view.active_player;
  const pl = p === null || p === undefined ? null : view.players[p];
  const turn = view.turn;
  switch (view.phase) {
    case "opening": return { what: t("rush.decide.opening"), why: t("rush.why.opening") };
    case "place_meeple": return { what: t("rush.decide.place_meeple"), why: t("rush.why.place_meeple") };
    case "setup_cups": return { what: t("rush.decide.setup_cups", { ings: ingredientsText(pl.pending) }), why: t("rush.why.setup_cups") };
    case "upgrade": return { what: t("rush.decide.upgrade"), why: t("rush.why.upgrade", { n: pl.sent_count }) };
    case "move": return {
      what: t(turn.steps_taken ? "rush.decide.moveMore" : "rush.decide.move", { count: turn.steps_taken }),
      why: t("rush.why.move", { free: turn.steps_left, rush: pl.rush_tokens }),
    };
    case "place": return { what: t("rush.decide.place", { count: pl.pending.length }), why: t("rush.why.place") };
    case "send": return { what: t("rush.decide.send"), why: t("rush.why.send", { n: turn.sent_this_turn }) };
    default: return { what: t("rush.phase." + view.phase), why: "" };
  }
}

/** Plain-text label of a move (aria-labels, tooltips, option buttons). */
/** An order card id a lesson's check names: its drink (an order no view has shown: null). */
export function checkName(id, ctx) {
  const name = ctx.cardName(id);
  return name && name !== id ? drinkName(name) : null;
}

export function moveText(move, view, ctx) {
  const p = move.payload;
  switch (p.kind) {
    case "opening": return t("rush.move.opening", { card: drinkName(p.name), ings: ingredientsText(p.ingredients) });
    case "place_meeple": return t("rush.move.place", { square: squareText(p) }) + (p.specialty ? " · " + t("rush.specialtySquare") : "");
    case "put": return t("rush.move.put", { ing: ingName(p.ingredient), cup: p.cup });
    case "return": return t("rush.move.return", { ing: ingName(p.ingredient) });
    case "empty": return t("rush.move.empty", { cup: p.cup, ings: ingredientsText(p.ingredients) });
    case "done": return p.returns.length ? t("rush.move.doneReturn", { ings: ingredientsText(p.returns) }) : t("rush.move.done");
    case "upgrade": return t("rush.move.upgrade", { name: upgradeName(p.upgrade), n: p.discard.length });
    case "skip_upgrade": return t("rush.move.skipUpgrade");
    case "step": {
      const sq = squareOf(view, p.to);
      let text = t("rush.move.step", { square: squareText(sq), n: p.take, ing: ingName(p.ingredient) });
      if (p.take < p.gain) text += " " + t("rush.move.short", { n: p.gain });
      if (p.occupied) text += " " + t("rush.move.occupied");
      if (p.rush) text += " " + t("rush.move.rush");
      if (view.players[view.active_player]?.meeples.length > 1 && view.turn?.meeple === null) text += " " + t("rush.move.withMeeple", { n: p.meeple + 1 });
      return text;
    }
    case "stop": return t("rush.move.stop", { square: squareText(p) });
    case "send": return t(p.specialty ? "rush.move.sendSpecialty" : "rush.move.send", { card: drinkName(p.name), row: p.row, cup: p.cup });
    case "end": return t("rush.move.end");
    default: return move.id;
  }
}

/** A shorter text for the banner's option buttons (the board carries the long one as its label). */
function shortText(move, view, ctx) {
  const p = move.payload;
  switch (p.kind) {
    case "place_meeple": return t("rush.opt.square", { ing: ingName(p.ingredient), row: p.row, col: p.col });
    case "step": {
      let text = t("rush.opt.step", { n: p.take, ing: ingName(p.ingredient), row: p.row, col: p.col });
      if (p.occupied) text += " " + t("rush.opt.pass");
      if (view.players[view.active_player]?.meeples.length > 1 && view.turn?.meeple === null) text = t("rush.opt.meeple", { n: p.meeple + 1 }) + " " + text;
      return text;
    }
    case "stop": return t("rush.opt.stop", { row: p.row, col: p.col });
    case "put": return t("rush.opt.put", { ing: ingName(p.ingredient), cup: p.cup });
    default: return moveText(move, view, ctx);
  }
}

export function moveLabel(move, view, ctx) {
  const p = move.payload;
  const text = h("span.option-text", shortText(move, view, ctx));
  switch (p.kind) {
    case "place_meeple": case "stop": return [icon(p.ingredient, { decorative: true }), text];
    case "step": return [icon(p.ingredient, { decorative: true }), p.rush ? icon("rush", { decorative: true }) : null, text];
    case "put": case "return": return [icon(p.ingredient, { decorative: true }), text];
    case "empty": return [icon("cup", { decorative: true }), text];
    case "upgrade": return [icon(p.upgrade, { decorative: true }), text];
    case "send": return [icon("sent", { decorative: true }), text];
    case "opening": return [icon("order", { decorative: true }), text];
    default: return text;
  }
}

// ---- the log ------------------------------------------------------------------------------
/** A card's drink as learnt from the views (an order never seen on this page, e.g. before a replay's end, stays anonymous). */
function cardName(id, ctx) {
  const name = ctx.cardName(id);
  return name && name !== id ? drinkName(name) : t("rush.someOrder");
}
function cardList(ids, ctx) { return ids.length ? ids.map((c) => cardName(c, ctx)).join(", ") : t("rush.none"); }

export function eventText(event, ctx) {
  const code = event.code.replace(/^rush\./, "");
  const name = event.player === null || event.player === undefined ? "" : ctx.seatName(event.player);
  if (event.hidden) return t("rush.ev.hidden", { name });
  const params = { name };
  const board = ctx.view?.board;
  const sq = (n) => (board && board[n] ? squareText(board[n]) : String(n));
  for (const [key, value] of Object.entries(event.params || {})) {
    if (key === "card") params.card = cardName(value, ctx);
    else if (key === "cards" || key === "discarded") params[key] = cardList(value, ctx);
    else if (key === "ingredient") params.ing = ingName(value);
    else if (key === "ingredients") params.ings = ingredientsText(value);
    else if (key === "square" || key === "from" || key === "to") params[key] = sq(value);
    else if (key === "upgrade") params.upgrade = upgradeName(value);
    else if (key === "by") params.by = ctx.seatName(value);
    else if (key === "winners") params.winners = value.map((s) => ctx.seatName(s)).join(", ");
    else if (key === "scores") params.scores = value.join(" / ");
    else if (key === "meeple") params.meeple = value + 1;
    else params[key] = value;
  }
  let key = "rush.ev." + code;
  const pr = event.params || {};
  if (code === "ingredients_taken" && pr.count < pr.wanted) key += ".short";
  if (code === "meeple_moved" && pr.rush) key += ".rush";
  if (code === "cards_drawn") key += "." + (pr.reason ?? "setup") + (pr.cards.length < pr.wanted ? ".short" : "");
  if (code === "rush_tokens_gained") key += "." + (pr.reason ?? "penalty") + (pr.count < pr.wanted ? ".short" : "");
  if (code === "closed") key += "." + (pr.reason ?? "deck");
  if (code === "order_sent" && pr.specialty) key += ".specialty";
  // the number a message's plural form follows (penalty and token events already name it `count`)
  if (code === "movement_ended") params.count = pr.steps;
  if (code === "game_over") params.count = pr.winners?.length;
  if (code === "rush_tokens_gained" && pr.count < pr.wanted) params.tokens = t("rush.rushTokens", { count: pr.wanted });
  const text = t(key, params);
  return text === key ? t("rush.ev.unknown", { code }) : text;
}

// ---- game over -------------------------------------------------------------------------------
export function gameOver(view, status, ctx) {
  const out = status.outcome;
  const n = out.breakdown.length;
  const seats = [...Array(n).keys()];
  const row = (label, fn, cls = "") => h("tr", { class: cls }, h("th", { scope: "row" }, label), seats.map((p) => h("td", fn(out.breakdown[p], p))));
  const pts = (v) => (v > 0 ? "+" + v : String(v));
  return h("div.score.rush-score", { dataset: { testid: "score-breakdown" } },
    view.closed_by ? h("p", icon("closed", { decorative: true }), " ", t("rush.closedBy." + view.closed_by)) : null,
    h("table.score-table", { dataset: { testid: "score-table" } },
      h("caption", t("rush.score.caption")),
      h("thead", h("tr", h("th", { scope: "col" }, t("rush.score.what")),
        seats.map((p) => h("th", { scope: "col", class: out.winners.includes(p) ? "winner" : "" }, meepleIcon(p, { decorative: true }), " ", ctx.seatName(p),
          out.winners.includes(p) ? h("span.win-mark", " ★", h("span.sr", t("rush.score.winnerMark"))) : null)))),
      h("tbody",
        row(t("rush.score.sent"), (b) => [h("b", pts(b.sent_points)), h("div.muted.small", t("rush.score.sentDetail", { count: b.sent }))]),
        row(t("rush.score.upgrades"), (b) => [h("b", pts(b.upgrade_points)), h("div.muted.small", t("rush.score.upgradesDetail", { count: b.upgrades }))]),
        row(t("rush.score.penalties"), (b) => [h("b", pts(b.penalty_points)), h("div.muted.small", t("rush.score.penaltiesDetail", { count: b.penalties }))]),
        row(t("rush.score.total"), (b) => h("b", String(b.total)), "total"),
        row(t("rush.score.tie1"), (b) => String(b.sent), "muted"),
        row(t("rush.score.tie2"), (b) => String(b.rush_tokens), "muted"))),
    h("p.muted", t("rush.score.tiebreak")));
}

// ---- help ------------------------------------------------------------------------------------
export function glossary() {
  return h("div.glossary.rush-glossary", { dataset: { testid: "glossary" } },
    h("p", t("rush.help.intro")),
    h("ol.help-phases", ["upgrade", "move", "place", "send", "rush", "time"].map((s) => h("li", h("strong", t("rush.help.step." + s)), " — ", t("rush.help.stepText." + s)))),
    h("p.muted", t("rush.help.end")),
    h("p.muted", t("rush.help.scoring")),
    h("section", h("h4", t("rush.help.ingredients")),
      h("dl", INGREDIENTS.map((ing) => [h("dt", icon(ing, { decorative: true }), " ", ingName(ing)), h("dd", t("rush.help.ing." + ing))]))),
    h("section", h("h4", t("rush.help.upgrades")),
      h("dl", UPGRADES.map((u) => [h("dt", icon(u, { decorative: true }), " ", upgradeName(u)), h("dd", t("rush.help.upgrade." + u))]))),
    h("section", h("h4", t("rush.help.tokens")),
      h("dl", ["specialty", "rush", "open", "closed", "sent", "penalty", "deck", "cup"].map((k) => [h("dt", icon(k, { decorative: true }), " ", t("rush.icon." + k)), h("dd", t("rush.help.icon." + k))]))));
}

export default {
  id: "rush",
  solo: false,
  options: { opening: { type: "bool", config: "opening", on: "ristretto_espresso", off: "standard", label: "rush.option.opening", hint: "rush.option.openingHint" } },
  optionsFromConfig: (config) => (config?.opening === "ristretto_espresso" ? { opening: true } : {}),
  render, decision, checkName, moveLabel, moveText, eventText, eventIcon, gameOver, glossary,
};
