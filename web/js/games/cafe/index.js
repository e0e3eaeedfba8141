// Café's renderer: draws the engine's view (every player's area as a grid of
// squares with cubes, the draft row, warehouses, action points, cafés, the
// auction) and maps clicks onto the engine's legal moves.  No rule lives
// here: the legal placements, actions and deliveries are the engine's moves;
// this file only finds which move a click, a rotation or an arrow key names
// (every clickable thing carries data-move="<move id>").
import { t } from "../../i18n.js";
import { h, nameStartsWithShown } from "../../table/dom.js";
import { zoomable } from "../../table/zoom.js";
import { KINDS, bean, colourCount, colourName, cubeToken, cubesNode, cubesOf, cubesText, eventIcon, icon, kindName } from "./icons.js";

const ROTS = [0, 90, 180, 270];
const ZOOMS = [0.6, 0.75, 0.9, 1, 1.2, 1.45, 1.75];

// Display state only (never a rule): the rotation and spot being previewed,
// and each area's zoom.
const ui = { placeKey: null, rot: 0, sel: null, zoom: new Map(), lastCtx: null, lastBoard: null, focus: null };

function ensureCss() {
  if (document.querySelector("link[data-cafe-css]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "css/cafe.css", dataset: { cafeCss: "1" } }));
}

const key = (r, c) => `${r},${c}`;

/**
 * A card named by what it shows, never by its catalogue id: its cafés' towns,
 * else the short name the engine gives it ("Farm 3", "Mill 7").
 * `view.cards` holds the face of every public card.
 */
function cardLabel(id, view = ui.lastCtx?.view) {
  if (!id) return "";
  const face = view?.cards?.[id] ?? (view?.row ?? []).find((f) => f.id === id);
  return face ? describeCard(face) : t("cafe.card.some");
}

/**
 * A card in words: its towns, or its family and number (engine data, RULES_NOTES "Card names").
 * squaresKey words a card without a name by its squares (a lesson check reads it without brackets).
 */
function describeCard(face, squaresKey = "cafe.card.squares") {
  if (face.start) return t("cafe.card.start");
  const towns = (face.cafes ?? []).map((c) => c.city);
  if (towns.length) return t("cafe.card.cafes", { count: towns.length, cities: towns.join(t("cafe.card.and")) });
  if (face.name) return t("cafe.card.family." + face.name.family, { n: face.name.number });
  const names = face.squares.map((sq) => (sq.kind === "production" ? colourName(sq.colour) : t("cafe.short." + sq.kind)));
  const rows = [];
  for (let i = 0; i < names.length; i += face.cols) rows.push(names.slice(i, i + face.cols).join(" · "));
  return t(squaresKey, { squares: rows.join(" / ") });
}

function byKind(moves) {
  const out = {};
  for (const m of moves) (out[m.payload.kind] ??= []).push(m);
  return out;
}

/**
 * A board button for one move. Its accessible name is the move in words, led by
 * the button's own visible words ("Pay: Take Farm 3, paying 1 yellow cube"), so
 * what a speech user reads on it names it; a glyph ("+", "✕") or a bean is no word.
 */
function pick(move, label, content, cls = "") {
  return nameStartsWithShown(h("button.cafe-pick" + (cls ? "." + cls : ""), { type: "button", dataset: { move: move.id }, "aria-label": label, title: label }, content));
}

function rerender() {
  if (ui.lastBoard && ui.lastCtx) render(ui.lastBoard, ui.lastCtx);
  if (ui.focus) {
    ui.lastBoard?.querySelector(`[data-ui="${ui.focus}"]`)?.focus();
    ui.focus = null;
  }
}

// ---- squares ------------------------------------------------------------------------
/** The picture of one square (area cell, card face or placement preview). */
function squareFace(sq, cafeInfo = null, showReq = true) {
  const kind = sq.kind;
  const parts = [];
  if (kind === "production") parts.push(bean(sq.colour, { cls: "sq-ic", decorative: true }));
  else parts.push(icon(kind, { cls: "sq-ic", decorative: true }));
  if (kind === "cafe" && cafeInfo && showReq) {
    const left = [...cafeInfo.delivered];
    parts.push(h("span.req", { "aria-hidden": "true" }, cafeInfo.requires.map((c) => {
      const i = left.indexOf(c);
      const got = i >= 0;
      if (got) left.splice(i, 1);
      return h("span.req-bean" + (got ? ".got" : ""), got ? cubeToken(c) : bean(c, { decorative: true }));
    })), h("span.vp", { "aria-hidden": "true" }, t("cafe.vpShort", { n: cafeInfo.vp })));
  }
  return parts;
}

function squareText(sq, cafeInfo = null) {
  if (sq.kind === "production") return t("cafe.sq.production", { colour: colourName(sq.colour) });
  if (sq.kind === "cafe" && cafeInfo) return cafeText(cafeInfo);
  return kindName(sq.kind);
}

function cafeText(cafe) {
  return t("cafe.cafeLabel", { city: cafe.city, year: cafe.year, vp: cafe.vp, req: cubesText(cafe.requires), got: cubesText(cafe.delivered) })
    + (cafe.available ? (cafe.complete ? " · " + t("cafe.cafeComplete") : "") : " · " + t("cafe.cafeCovered"));
}

/** A plan/start card face as a 2×3 grid (unrotated). */
function cardFace(face, cls = "") {
  const cafes = face.cafes ?? [];
  const label = describeCard(face) + (face.star ? " ★" : "") + ": "
    + face.squares.map((sq) => sq.kind === "cafe"
      ? t("cafe.sq.cafeOnCard", { req: cubesText(cafes[sq.cafe].requires), vp: cafes[sq.cafe].vp })
      : squareText(sq)).join(", ");
  const seen = new Set();
  // the head names the card's towns (with two cafés each café square names its own), or the card
  const head = face.start ? t("cafe.card.start") : face.name ? describeCard(face) : cafes.map((c) => c.city).join(" · ");
  const grid = h("div.pcard-grid", { "aria-hidden": "true" }, face.squares.map((sq) => {
    const cafe = sq.kind === "cafe" ? { ...cafes[sq.cafe], delivered: [] } : null;
    const first = sq.kind === "cafe" && !seen.has(sq.cafe);
    if (sq.kind === "cafe") seen.add(sq.cafe);
    return h("div", { class: `sq kind-${sq.kind}` + (sq.colour ? ` bean-${sq.colour}` : "") },
      squareFace(sq, cafe, first), first && cafes.length > 1 ? h("span.sq-town", cafe.city) : null);
  }));
  grid.style.setProperty("--cols", String(face.cols));
  return zoomable(h("div.pcard" + (cls ? "." + cls : ""), { dataset: { card: face.id }, role: "img", "aria-label": label, title: label },
    h("div.pcard-head", { "aria-hidden": "true" }, h("span.pcard-title", head), face.star ? icon("star", { decorative: true, cls: "star" }) : null,
      face.has_cup ? icon("cup", { decorative: true, cls: "tiny" }) : null),
    grid));
}

// ---- an area ---------------------------------------------------------------------------
function placeGrid(el, r, c, top, left) {
  el.style.gridRowStart = String(r - top + 1);
  el.style.gridColumnStart = String(c - left + 1);
  return el;
}

function cellMoves(moves, cafesById) {
  const at = new Map();
  const add = (r, c, m) => { const k = key(r, c); if (!at.has(k)) at.set(k, []); at.get(k).push(m); };
  for (const m of moves) {
    const p = m.payload;
    if (p.kind === "produce") for (const cube of p.cubes) add(cube.cell[0], cube.cell[1], m);
    else if (p.kind === "dry" || p.kind === "roast") add(p.target[0], p.target[1], m);
    else if (p.kind === "remove") add(p.cell[0], p.cell[1], m);
    else if (p.kind === "deliver_cube" && p.to !== "warehouse") {
      const cafe = cafesById.get(p.to);
      if (cafe) add(cafe.cells[0][0], cafe.cells[0][1], m);
    }
  }
  return at;
}

function moveChip(m, view) {
  const p = m.payload;
  const label = moveText(m, view);
  switch (p.kind) {
    case "produce": return pick(m, label, h("span.chip-t", "+"), "chip.produce");
    case "dry": case "roast": return pick(m, label, [bean(p.colour, { decorative: true }), p.n > 1 ? h("span.chip-t", String(p.n)) : null], "chip");
    case "remove": return pick(m, label, h("span.chip-t", "✕"), "chip.remove");
    case "deliver_cube": return pick(m, label, bean(p.colour, { decorative: true }), "chip");
    default: return pick(m, label, moveText(m, view), "chip");
  }
}

function renderArea(view, p, moves, ctx, { interactive, placing }) {
  const pl = view.players[p];
  const area = pl.area;
  const cafesById = new Map(pl.cafes.map((c) => [c.id, c]));
  const pending = view.active === p ? view.pending : null;
  const groupCells = new Set((pending?.group ?? []).map(([r, c]) => key(r, c)));
  const at = interactive ? cellMoves(moves, cafesById) : new Map();
  // extent: the area, widened to every legal placement's footprint
  let top = area.top, left = area.left, bottom = area.top + area.rows - 1, right = area.left + area.cols - 1;
  if (placing) {
    for (const m of placing.moves) {
      const [hgt, wid] = shapeSize(pl.hand_shapes[String(m.payload.rot)]);
      top = Math.min(top, m.payload.row); left = Math.min(left, m.payload.col);
      bottom = Math.max(bottom, m.payload.row + hgt - 1); right = Math.max(right, m.payload.col + wid - 1);
    }
  }
  const rows = bottom - top + 1, cols = right - left + 1;
  const cells = [];
  const firstCafeCell = new Set(pl.cafes.map((c) => c.cells.map(([r, cc]) => key(r, cc)).find((k) => area.grid.some((row) => row.some((x) => x && key(x.row, x.col) === k)))));
  for (const row of area.grid) {
    for (const sq of row) {
      if (!sq) continue;
      const k = key(sq.row, sq.col);
      const cafe = sq.cafe ? cafesById.get(sq.cafe) : null;
      const options = at.get(k) ?? [];
      const content = [squareFace(sq, cafe, firstCafeCell.has(k) || !cafe)];
      // cubes are named by colour and counted, so they travel between squares, warehouse and supply (table/motion.js)
      if (sq.cubes) content.push(h("span.cubes-on", { "aria-hidden": "true" }, cubeToken(sq.cubes.colour, sq.cubes.n), h("b", "×" + sq.cubes.n)));
      if (sq.ship_cube) content.push(h("span.cubes-on", { "aria-hidden": "true" }, cubeToken(sq.ship_cube)));
      let desc = squareText(sq, cafe);
      if (sq.cubes) desc += " · " + t("cafe.holds", { cubes: cubesText({ [sq.cubes.colour]: sq.cubes.n }) });
      if (sq.ship_cube) desc += " · " + t("cafe.shipHolds", { colour: colourName(sq.ship_cube) });
      // where it is, counted as the options and the hint count (from the area's top-left)
      desc = t("cafe.move.where", { move: desc, ...areaRowCol([sq.row, sq.col], area) });
      const cls = ["sq", `kind-${sq.kind}`, sq.colour ? `bean-${sq.colour}` : "", groupCells.has(k) ? "in-group" : "",
        cafe && !cafe.available ? "broken" : "", cafe?.complete ? "complete" : "", options.length ? "has-options" : ""].filter(Boolean).join(" ");
      // a square is named by the card it is part of: a placed card travels from the hand to its squares (table/motion.js)
      const el = h("div", { class: cls, dataset: { cell: k, piece: sq.card }, role: "group", "aria-label": desc, title: desc },
        h("span.sq-face", content),
        options.length ? h("span.chips", options.map((m) => moveChip(m, view))) : null);
      cells.push(placeGrid(el, sq.row, sq.col, top, left));
    }
  }
  // rulers: the area's columns and rows numbered from 1 at its top-left, as every position in words
  // counts them; beside the area in the free row/column a placement preview opens, else over the edge
  const colsAt = top < area.top ? area.top - 1 : top, rowsAt = left < area.left ? area.left - 1 : left;
  const ruler = (cls, n) => h("span.ruler." + cls + (cls === "ruler-col" ? (colsAt < area.top ? ".beside" : "") : (rowsAt < area.left ? ".beside" : "")),
    { "aria-hidden": "true" }, String(n));
  for (let c = area.left; c < area.left + area.cols; c++) cells.push(placeGrid(ruler("ruler-col", c - area.left + 1), colsAt, c, top, left));
  for (let r = area.top; r < area.top + area.rows; r++) cells.push(placeGrid(ruler("ruler-row", r - area.top + 1), r, rowsAt, top, left));
  const grid = h("div.area-grid", { dataset: { testid: `area-${p}` } }, cells);
  grid.style.setProperty("--rows", String(rows));
  grid.style.setProperty("--cols", String(cols));
  const zoomKey = `p${p}`;
  const zoom = ui.zoom.get(zoomKey) ?? (view.players.length > 1 && ctx.viewer !== p && view.active !== p ? 0.75 : 1);
  // a tab stop: the area scrolls on a phone, and a keyboard player must be able to scroll it too
  const wrap = h("div.area-wrap", { role: "region", tabindex: "0", "aria-label": t("cafe.areaOf", { name: ctx.seatName(p) }) });
  wrap.style.setProperty("--zoom", String(zoom));
  if (placing) addPlacement(grid, wrap, placing, pl, top, left);
  wrap.append(grid);
  const zi = ZOOMS.indexOf(zoom);
  const zoomBar = h("div.zoom", { role: "group", "aria-label": t("cafe.zoom") },
    h("button.secondary.small", { type: "button", "aria-label": t("cafe.zoomOut"), title: t("cafe.zoomOut"), disabled: zi <= 0, dataset: { ui: `zo-${zoomKey}` },
      onclick: () => { ui.zoom.set(zoomKey, ZOOMS[Math.max(0, zi - 1)]); ui.focus = `zo-${zoomKey}`; rerender(); } }, "−"),
    h("button.secondary.small", { type: "button", "aria-label": t("cafe.zoomIn"), title: t("cafe.zoomIn"), disabled: zi >= ZOOMS.length - 1, dataset: { ui: `zi-${zoomKey}` },
      onclick: () => { ui.zoom.set(zoomKey, ZOOMS[Math.min(ZOOMS.length - 1, zi + 1)]); ui.focus = `zi-${zoomKey}`; rerender(); } }, "+"));
  return { wrap, zoomBar };
}

// ---- placement -------------------------------------------------------------------------
function shapeSize(cells) {
  return [Math.max(...cells.map((c) => c[0])) + 1, Math.max(...cells.map((c) => c[1])) + 1];
}

function centre(m, shapes) {
  const [hh, ww] = shapeSize(shapes[String(m.payload.rot)]);
  return [m.payload.row + (hh - 1) / 2, m.payload.col + (ww - 1) / 2];
}

function nearest(list, [r, c], shapes) {
  let best = null, bestD = Infinity;
  for (const m of list) {
    const [mr, mc] = centre(m, shapes);
    const d = (mr - r) ** 2 + (mc - c) ** 2;
    if (d < bestD) { best = m; bestD = d; }
  }
  return best;
}

/** The placement state for the player about to place (display only). */
function placingState(view, moves) {
  const placeMoves = moves.filter((m) => m.payload.kind === "place");
  if (!placeMoves.length) return null;
  const pl = view.players[view.active];
  const shapes = pl.hand_shapes;
  const stateKey = `${view.round}|${view.active}|${pl.hand.id}|${placeMoves.length}|${pl.area.placements.length}`;
  const rotsWith = ROTS.filter((r) => placeMoves.some((m) => m.payload.rot === r));
  if (ui.placeKey !== stateKey || !placeMoves.some((m) => m.id === ui.sel)) {
    ui.placeKey = stateKey;
    ui.rot = rotsWith.includes(ui.rot) ? ui.rot : rotsWith[0];
    const a = pl.area;
    const mid = [a.top + (a.rows - 1) / 2, a.left + (a.cols - 1) / 2];
    ui.sel = nearest(placeMoves.filter((m) => m.payload.rot === ui.rot), mid, shapes).id;
  }
  const sel = placeMoves.find((m) => m.id === ui.sel);
  return { moves: placeMoves, rotsWith, shapes, sel, ofRot: placeMoves.filter((m) => m.payload.rot === ui.rot) };
}

function rotate(placing, dir) {
  const i = placing.rotsWith.indexOf(ui.rot);
  const next = placing.rotsWith[(i + dir + placing.rotsWith.length) % placing.rotsWith.length];
  const c = centre(placing.sel, placing.shapes);
  ui.rot = next;
  ui.sel = nearest(placing.moves.filter((m) => m.payload.rot === next), c, placing.shapes).id;
}

function nudge(placing, dr, dc) {
  const { row, col } = placing.sel.payload;
  let best = null, bestD = Infinity;
  for (const m of placing.ofRot) {
    const mr = m.payload.row - row, mc = m.payload.col - col;
    const along = dr ? mr * dr : mc * dc;
    const across = dr ? Math.abs(mc) : Math.abs(mr);
    if (along <= 0) continue;
    const d = along * 10 + across * 11;
    if (d < bestD) { best = m; bestD = d; }
  }
  if (best) ui.sel = best.id;
}

function selectAt(placing, r, c) {
  const shapes = placing.shapes;
  const covering = placing.ofRot.filter((m) => {
    const [hh, ww] = shapeSize(shapes[String(m.payload.rot)]);
    return r >= m.payload.row && r < m.payload.row + hh && c >= m.payload.col && c < m.payload.col + ww;
  });
  const m = nearest(covering.length ? covering : placing.ofRot, [r, c], shapes);
  if (m) ui.sel = m.id;
}

function drawPreview(grid, placing, pl, top, left) {
  for (const el of grid.querySelectorAll(".sq.preview")) el.remove();
  const sel = placing.sel;
  const hand = pl.hand;
  const offsets = placing.shapes[String(sel.payload.rot)];
  const occupied = new Set();
  for (const row of pl.area.grid) for (const sq of row) if (sq) occupied.add(key(sq.row, sq.col));
  const label = moveText(sel, null);
  const cafes = hand.cafes ?? [];
  const seen = new Set();
  offsets.forEach(([dr, dc], i) => {
    const r = sel.payload.row + dr, c = sel.payload.col + dc;
    const sq = hand.squares[i];
    const first = sq.kind === "cafe" && !seen.has(sq.cafe);
    if (sq.kind === "cafe") seen.add(sq.cafe);
    const cafe = sq.kind === "cafe" ? { ...cafes[sq.cafe], delivered: [] } : null;
    const covers = occupied.has(key(r, c));
    // a click on the previewed card places it (the same move as the "Place here" button)
    grid.append(placeGrid(h("div", { class: `sq preview kind-${sq.kind}` + (sq.colour ? ` bean-${sq.colour}` : "") + (covers ? " covers" : ""),
      dataset: { move: sel.id }, "aria-hidden": "true", title: label }, h("span.sq-face", squareFace(sq, cafe, first))), r, c, top, left));
  });
}

function addPlacement(grid, wrap, placing, pl, top, left) {
  const sel = placing.sel;
  drawPreview(grid, placing, pl, top, left);
  const cellAt = (event) => {
    const box = grid.getBoundingClientRect();
    const cols = Number(grid.style.getPropertyValue("--cols"));
    const rows = Number(grid.style.getPropertyValue("--rows"));
    return [top + Math.floor(((event.clientY - box.top) / box.height) * rows), left + Math.floor(((event.clientX - box.left) / box.width) * cols)];
  };
  // a click elsewhere moves the preview to the nearest legal spot for this rotation
  grid.addEventListener("click", (event) => {
    if (event.target.closest("[data-move]")) return;
    selectAt(placing, ...cellAt(event));
    rerender();
  });
  // dragging the previewed card moves it (a tap on it then places it)
  let drag = null;
  grid.addEventListener("pointerdown", (event) => {
    if (event.button === 0 && event.target.closest(".sq.preview")) drag = { x: event.clientX, y: event.clientY, id: event.pointerId, moved: false };
  });
  grid.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.moved) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
      drag.moved = true;
      grid.setPointerCapture(event.pointerId);
      grid.classList.add("dragging");
    }
    event.preventDefault();
    const before = ui.sel;
    selectAt(placing, ...cellAt(event));
    if (ui.sel !== before) {
      placing.sel = placing.moves.find((m) => m.id === ui.sel);
      drawPreview(grid, placing, pl, top, left);
    }
  });
  const stop = (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const moved = drag.moved;
    drag = null;
    if (moved) rerender(); // the old grid (and its click) leaves the page
  };
  grid.addEventListener("pointerup", stop);
  grid.addEventListener("pointercancel", stop);
  wrap.tabIndex = 0;
  wrap.dataset.ui = "place-grid";
  wrap.dataset.focusFirst = ""; // a keyboard player's placement starts here (arrows move, R turns, Enter places)
  wrap.setAttribute("aria-label", t("cafe.place.gridHelp"));
  wrap.addEventListener("keydown", (event) => {
    if (event.target !== wrap) return;
    const k = event.key;
    const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (k in dirs) nudge(placing, ...dirs[k]);
    else if (k === "r" || k === "R") rotate(placing, k === "R" ? -1 : 1);
    else if (k === "Enter") { wrap.querySelector(`[data-move="${sel.id}"]`)?.click(); event.preventDefault(); return; }
    else return;
    event.preventDefault();
    ui.focus = "place-grid";
    rerender();
  });
}

function placementBar(view, placing) {
  const sel = placing.sel;
  const rb = (dir, name) => h("button.secondary.small", { type: "button", dataset: { ui: "rot" + dir }, "aria-label": t("cafe.place." + name), title: t("cafe.place." + name),
    disabled: placing.rotsWith.length < 2, onclick: () => { rotate(placing, dir); ui.focus = "rot" + dir; rerender(); } },
  icon(dir < 0 ? "rotate-left" : "rotate-right", { decorative: true }));
  const nb = (dr, dc, name, glyph) => h("button.secondary.small", { type: "button", dataset: { ui: "n" + name }, "aria-label": t("cafe.place.move." + name), title: t("cafe.place.move." + name),
    onclick: () => { nudge(placing, dr, dc); ui.focus = "n" + name; rerender(); } }, glyph);
  const offsets = placing.shapes[String(ui.rot)];
  const [hh, ww] = shapeSize(offsets);
  const hand = view.players[view.active].hand;
  const mini = h("div.mini-card", { "aria-hidden": "true" }, offsets.map(([dr, dc], i) => {
    const sq = hand.squares[i];
    const el = h("div", { class: `sq kind-${sq.kind}` + (sq.colour ? ` bean-${sq.colour}` : "") }, squareFace(sq, null, false));
    return placeGrid(el, dr, dc, 0, 0);
  }));
  mini.style.setProperty("--rows", String(hh));
  mini.style.setProperty("--cols", String(ww));
  return h("div.place-bar", { role: "group", "aria-label": t("cafe.place.tools"), dataset: { testid: "place-bar" } },
    mini,
    h("span.place-info", t("cafe.place.rotation", { rot: ui.rot }), " · ", h("strong", t("cafe.place.covers", { count: sel.payload.covers }))),
    h("span.btns", rb(-1, "rotLeft"), rb(1, "rotRight")),
    h("span.btns", nb(0, -1, "left", "←"), nb(-1, 0, "up", "↑"), nb(1, 0, "down", "↓"), nb(0, 1, "right", "→")),
    nameStartsWithShown(h("button.confirm", { type: "button", dataset: { move: sel.id, testid: "place-confirm" }, "aria-label": moveText(sel, view) }, t("cafe.place.here"))));
}

// ---- side panels ----------------------------------------------------------------------
function apTrack(view, pl, p) {
  const acting = view.phase === "actions" && view.active === p;
  const total = acting ? pl.ap_total : pl.cups;
  const left = acting ? pl.ap : 0;
  const label = acting ? t("cafe.apLeft", { count: pl.ap, total: pl.ap_total }) : t("cafe.cupsVisible", { count: pl.cups });
  return h("div.ap", { role: "img", "aria-label": label, title: label, dataset: { testid: `ap-${p}` } },
    icon("cup", { decorative: true }),
    h("span.ap-track", { "aria-hidden": "true" }, Array.from({ length: view.max_ap + 1 }, (_, i) =>
      h("span.ap-cell" + (acting && i <= left && i > 0 ? ".on" : "") + (i > 0 && i <= total ? ".avail" : "") + (i === left && acting ? ".here" : ""), String(i)))),
    h("span.ap-text", label));
}

function warehouseBox(view, pl, p, moves) {
  const cubes = pl.warehouse;
  const wh = moves.filter((m) => m.payload.kind === "deliver_cube" && m.payload.to === "warehouse");
  const detail = pl.score.warehouse_detail;
  return h("div.warehouse", { dataset: { testid: `warehouse-${p}` } },
    h("h4", icon("warehouse", { decorative: true }), t("cafe.warehouse"),
      h("span.muted.small", t("cafe.warehouseNow", { n: pl.score.warehouse }))),
    h("ul.wh-list", view.colours.map((c) => {
      const m = wh.find((x) => x.payload.colour === c);
      const scoring = detail.fewest.colour === c ? "×2" : detail.second.colour === c ? "×1" : "";
      return h("li", { title: colourCount(c, cubes[c]) },
        cubeToken(c, cubes[c]), h("b", String(cubes[c])), h("span.sr", colourCount(c, cubes[c])),
        scoring ? h("span.wh-score", { title: t("cafe.whScoring") }, scoring) : null,
        m ? pick(m, moveText(m, view), "+1", "chip") : null);
    })),
    wh.filter((m) => m.payload.colour === null).map((m) => pick(m, moveText(m, view), t("cafe.move.allWarehouseShort"), "small")));
}

function cafesBox(view, pl, p) {
  if (!pl.cafes.length) return null;
  return h("div.cafes", h("h4", icon("cafe", { decorative: true }), t("cafe.cafes")),
    h("ul.cafe-list", pl.cafes.map((cafe) => {
      const left = [...cafe.delivered];
      return h("li", { class: cafe.complete ? "complete" : cafe.available ? "" : "broken", title: cafeText(cafe) },
        h("span.sr", cafeText(cafe)),
        h("span.cafe-name", { "aria-hidden": "true" }, cafe.city, " ", h("span.muted.small", String(cafe.year))),
        h("span.req", { "aria-hidden": "true" }, cafe.requires.map((c) => {
          const i = left.indexOf(c);
          if (i >= 0) left.splice(i, 1);
          return h("span.req-bean" + (i >= 0 ? ".got" : ""), i >= 0 ? cubeToken(c) : bean(c, { decorative: true }));
        })),
        h("span.vp", { "aria-hidden": "true" }, t("cafe.vpShort", { n: cafe.vp })),
        h("span.cafe-state.small", { "aria-hidden": "true" }, cafe.complete ? t("cafe.cafeComplete") : cafe.available ? "" : t("cafe.cafeCovered")));
    })));
}

function renderPlayer(view, p, moves, ctx) {
  const pl = view.players[p];
  const active = view.active === p;
  // the legal moves are the viewer's: only the viewer's own board may carry them
  const mine = active && ctx.viewer === p && moves.length > 0;
  const my = mine ? moves : [];
  const placing = mine && view.phase === "place" ? placingState(view, moves) : null;
  const actionMoves = mine && view.phase === "actions" ? my : [];
  const { wrap, zoomBar } = renderArea(view, p, actionMoves, ctx, { interactive: actionMoves.length > 0, placing });
  const kinds = byKind(actionMoves);
  const tools = actionMoves.length ? h("div.action-bar", { role: "group", "aria-label": t("cafe.actions") },
    (kinds.deliver ?? []).map((m) => pick(m, moveText(m, view), [icon("roasting", { decorative: true }), t("cafe.move.deliverShort")], "tool")),
    (kinds.done ?? []).map((m) => pick(m, moveText(m, view), t("cafe.move.doneShort"), "tool")),
    (kinds.end ?? []).map((m) => pick(m, moveText(m, view), t("cafe.move.endShort", { count: m.payload.unspent }), "tool.end"))) : null;
  const hand = pl.hand ? h("div.hand", h("h4", t("cafe.hand")), cardFace(pl.hand)) : null;
  const pool = active && view.pending?.kind === "deliver"
    ? h("div.pool", { dataset: { testid: "delivery-pool" } }, h("strong", t("cafe.toDeliver")), " ", cubesNode(view.pending.pool, view.colours, { pieces: true })) : null;
  const name = ctx.seatName(p);
  return h("section.cafe-player", { class: (active ? "active " : "") + (ctx.viewer === p ? "mine" : ""), dataset: { seat: String(p), player: String(p), testid: "player-panel" },
    "aria-label": t("cafe.playerOf", { name }) },
  h("header.player-head",
    h("h3", name), h("span.muted.small", t("cafe.company", { n: pl.company })),
    view.master === p ? icon("master", { label: t("cafe.icon.master") }) : null,
    h("span.stat", { title: t("cafe.shipsCount", { count: pl.ships }) }, icon("ship", { decorative: true }), h("b", String(pl.ships)), h("span.sr", t("cafe.shipsCount", { count: pl.ships }))),
    h("span.score-now", { dataset: { testid: `score-${p}` } }, t("cafe.scoreNow", { n: pl.score.total })),
    zoomBar),
  view.phase === "over" ? null : apTrack(view, pl, p),
  placing ? placementBar(view, placing) : null,
  tools, pool,
  h("div.player-body", wrap, h("div.side", hand, warehouseBox(view, pl, p, my), cafesBox(view, pl, p))));
}

function renderDraft(view, moves, ctx) {
  const kinds = byKind(moves);
  const draftMoves = [...(kinds.take ?? []), ...(kinds.discard ?? [])];
  if (!view.row.length) return null;
  return h("section.draft", { "aria-label": t("cafe.draftRow"), dataset: { testid: "draft-row" } },
    h("h3", t("cafe.draftRow")),
    h("div.draft-cards", view.row.map((face, slot) => {
      const opts = draftMoves.filter((m) => m.payload.slot === slot);
      // the cost shown is the engine's: read from the options' payloads when they are ours
      let cost;
      if (opts.some((m) => m.payload.pay)) cost = h("p.cost.small", icon("cup", { decorative: true }), t("cafe.costCube"));
      else if (opts.some((m) => m.payload.free_by_ships)) cost = h("p.cost.small.free", icon("ship", { decorative: true }), t("cafe.costFreeShips"));
      else if (opts.some((m) => m.payload.kind === "take")) cost = h("p.cost.small.free", t("cafe.costFree"));
      else if (opts.length) cost = null;
      else cost = face.has_cup ? h("p.cost.small", icon("cup", { decorative: true }), t(view.config.variant === "auction" ? "cafe.showsCup" : "cafe.costCube")) : null;
      return h("div.draft-slot", { dataset: { slot: String(slot) } }, cardFace(face), cost,
        opts.length ? h("div.draft-buttons", opts.map((m) => {
          const p = m.payload;
          if (p.kind === "discard") return pick(m, moveText(m, view), t("cafe.move.discardShort"), "small.warn");
          if (p.pay) return pick(m, moveText(m, view), [t("cafe.move.payShort"), bean(p.pay, { decorative: true })], "small");
          return pick(m, moveText(m, view), t("cafe.move.takeShort"), "small");
        })) : null);
    })));
}

function renderAuction(view, moves, ctx) {
  const au = view.auction;
  if (!au) return null;
  const kinds = byKind(moves);
  const buttons = [...(kinds.bid ?? []), ...(kinds.pass ?? []), ...(kinds.pay ?? []), ...(kinds.ship ?? [])];
  return h("section.auction", { dataset: { testid: "auction" } },
    h("h3", icon("master", { decorative: true }), t("cafe.auction")),
    h("p", au.holder === null ? t("cafe.auctionNoBid") : t("cafe.auctionHigh", { n: au.high, name: ctx.seatName(au.holder) })),
    h("p.muted.small", t("cafe.auctionOut", { names: au.out.map((o, q) => (o ? ctx.seatName(q) : null)).filter(Boolean).join(", ") || t("cafe.none") })),
    offersLine(au, ctx),
    au.paying ? h("p", t("cafe.auctionPaying", { n: au.paying.amount, cubes: t("cafe.cubes", { count: au.paying.left }) })) : null,
    buttons.length ? h("div.auction-buttons", buttons.map((m) => pick(m, moveText(m, view), moveLabel(m, view, ctx), "small"))) : null);
}

// Each player's offer so far, as the engine counts it (games whose raises pay only the added cubes).
function offersLine(au, ctx) {
  if (!au.offers?.some((n) => n > 0)) return null;
  const offers = au.offers.map((n, q) => (n > 0 ? t("cafe.auctionOffer", { name: ctx.seatName(q), n }) : null)).filter(Boolean).join(" · ");
  return h("p.small", { dataset: { testid: "auction-offers" } }, t("cafe.auctionOffers", { offers }));
}

function infoBar(view, ctx) {
  return h("div.cafe-info", { dataset: { testid: "cafe-info" } },
    h("span.stat", h("strong", t("cafe.round", { n: view.round, total: view.rounds }))),
    h("span.stat", icon("master", { decorative: true }), t("cafe.master", { name: ctx.seatName(view.master) })),
    h("span.stat", { title: t("cafe.deckCount", { count: view.deck_count }) }, icon("deck", { decorative: true }), h("b", String(view.deck_count)), h("span.sr", t("cafe.deckCount", { count: view.deck_count }))),
    h("span.stat.supply", { title: t("cafe.supply") }, h("span.muted", t("cafe.supply")), " ",
      view.colours.map((c) => h("span.cube-n", { title: colourCount(c, view.supply[c]) }, cubeToken(c, view.supply[c]), h("b", String(view.supply[c])),
        h("span.sr", colourCount(c, view.supply[c]))))),
    view.order.length ? h("span.stat.muted", t("cafe.order", { names: view.order.map((q) => ctx.seatName(q)).join(" → ") })) : null);
}

// ---- the renderer interface ----------------------------------------------------------------
// Pointing at an option of the decision banner lights up the squares that carry the same move.
function lightUp(event) {
  const opt = event.target.closest?.(".decision [data-move]");
  const board = ui.lastBoard;
  if (!board) return;
  for (const el of board.querySelectorAll(".sq.lit")) el.classList.remove("lit");
  if (!opt || event.type === "focusout" || event.type === "mouseout") return;
  for (const el of board.querySelectorAll(`[data-move="${CSS.escape(opt.dataset.move)}"]`)) el.closest(".sq")?.classList.add("lit");
}
let listening = false;

/** The device changes hands (hot-seat): keep nothing of the last viewer's board or placement. */
export function forget() {
  Object.assign(ui, { placeKey: null, rot: 0, sel: null, lastCtx: null, lastBoard: null, focus: null });
}

export function render(board, ctx) {
  ensureCss();
  if (!listening) {
    listening = true;
    for (const type of ["mouseover", "mouseout", "focusin", "focusout"]) document.addEventListener(type, lightUp);
  }
  ui.lastBoard = board;
  ui.lastCtx = ctx;
  const { view, moves } = ctx;
  const n = view.players.length;
  const first = view.phase !== "over" && moves.length ? view.active : (ctx.viewer ?? view.active ?? 0);
  const seats = [first, ...[...Array(n).keys()].filter((p) => p !== first)];
  const scrollers = [...board.querySelectorAll(".area-wrap")].map((w) => [w.scrollLeft, w.scrollTop]);
  board.replaceChildren(h("div.cafe", { dataset: { players: String(n), phase: view.phase } },
    infoBar(view, ctx),
    renderAuction(view, moves, ctx),
    renderDraft(view, moves, ctx),
    h("div.cafe-players", seats.map((p) => renderPlayer(view, p, moves, ctx)))));
  board.querySelectorAll(".area-wrap").forEach((w, i) => { if (scrollers[i]) [w.scrollLeft, w.scrollTop] = scrollers[i]; });
  // keep the placement preview in sight
  if (!ui.focus) board.querySelector(".sq.preview")?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
}

export function decision(view, status, ctx) {
  const p = view.active;
  const pl = p === null || p === undefined ? null : view.players[p];
  const moves = ctx.moves;
  switch (view.phase) {
    case "auction": {
      const au = view.auction;
      if (au?.paying && au.paying.left > 0) return { what: t("cafe.decide.pay", { count: au.paying.left }), why: t("cafe.why.pay") };
      // the engine's auction carries "stored" and "offers" where a player stores one cube per
      // auction and a raise pays only the cubes it adds (rules edition 2)
      if (au?.paying) return { what: t("cafe.decide.ship"), why: t(au.stored ? "cafe.why.shipOnce" : "cafe.why.ship") };
      return { what: t("cafe.decide.bid"), why: t(au?.offers ? "cafe.why.bidOffer" : "cafe.why.bid") };
    }
    // the options the board carries stay out of the banner (boardOnly): it says where they are
    case "draft":
      if (moves.some((m) => m.payload.kind === "discard")) return { what: t("cafe.decide.draftDiscard"), why: onBoard(moves, "cafe.board.draftDiscard", t("cafe.why.draftDiscard")) };
      return { what: t("cafe.decide.draft"), why: onBoard(moves, "cafe.board.draft", t(view.config.variant === "auction" ? "cafe.why.draftAuction" : "cafe.why.draft")) };
    case "place":
      if (moves.some((m) => m.payload.kind === "unplaceable")) return { what: t("cafe.decide.unplaceable"), why: "" };
      return { what: t("cafe.decide.place", { card: pl?.hand ? describeCard(pl.hand) : "" }), why: t("cafe.why.place") };
    case "actions":
      if (view.pending?.kind === "deliver") return { what: t("cafe.decide.deliver", { cubes: cubesText(view.pending.pool, view.colours) }), why: onBoard(moves, "cafe.board.deliver", t("cafe.why.deliver")) };
      if (view.pending) return { what: t("cafe.decide.group." + view.pending.kind), why: t("cafe.why.group") };
      return { what: t("cafe.decide.actions", { n: pl?.ap ?? 0, total: pl?.ap_total ?? 0 }), why: t("cafe.why.actions") };
    default: return { what: t("cafe.phase." + view.phase), why: "" };
  }
}

/** The decision's explanation, led by where on the board to act when the viewer has options there. */
function onBoard(moves, key, why) {
  return moves.some(boardOnly) ? t(key) + " " + why : why;
}

/** Plain text of a move (aria-labels, tooltips, the banner's option buttons). */
export function moveText(move, view) {
  const text = moveWords(move, view);
  const cell = moveSquare(move.payload);
  const area = view?.players?.[view.active]?.area;
  if (!cell || !area) return text;
  // two moves of one kind read alike: the square they act on tells them apart
  return t("cafe.move.where", { move: text, ...areaRowCol(cell, area) });
}

/**
 * A square's row and column as the player counts them: from 1 at their area's
 * top-left as it is now (the engine's coordinates start at the first card and go negative).
 */
function areaRowCol([r, c], area) {
  return { row: r - area.top + 1, col: c - area.left + 1 };
}

/**
 * Where a placement lies, in words a player can find: the first square of their
 * area it covers (reading order), always inside the area, where the card's own
 * corner may stick out above or left of it. The ghost on the grid shows the rest.
 */
function placementWords(p, view) {
  const pl = view?.players?.[view.active];
  const offsets = pl?.hand_shapes?.[String(p.rot)];
  if (!pl || !offsets) return null;
  const shown = new Set();
  for (const row of pl.area.grid) for (const sq of row) if (sq) shown.add(key(sq.row, sq.col));
  const covered = offsets.map(([dr, dc]) => [p.row + dr, p.col + dc]).filter(([r, c]) => shown.has(key(r, c)))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return covered.length ? areaRowCol(covered[0], pl.area) : null;
}

function moveSquare(p) {
  if (p.kind === "produce") return p.cubes[0]?.cell ?? null;
  if (p.kind === "dry" || p.kind === "roast") return p.target;
  if (p.kind === "remove") return p.cell;
  return null;
}

function moveWords(move, view) {
  const p = move.payload;
  switch (p.kind) {
    case "take": return p.pay ? t("cafe.move.buy", { card: cardLabel(p.card, view), colour: colourName(p.pay) })
      : t(p.free_by_ships ? "cafe.move.takeShips" : "cafe.move.take", { card: cardLabel(p.card, view) });
    case "discard": return t("cafe.move.discard", { card: cardLabel(p.card, view) });
    case "place": return t("cafe.move.place", { card: cardLabel(p.card, view), rot: p.rot, count: p.covers,
      ...(placementWords(p, view) ?? { row: p.row, col: p.col }) });
    case "unplaceable": return t("cafe.move.unplaceable", { card: cardLabel(p.card, view) });
    case "produce": return t("cafe.move.produce", { cubes: cubesText(Object.fromEntries(countColours(p.cubes.map((c) => c.colour)))), count: p.group.length });
    case "dry": case "roast": return t(`cafe.move.${p.kind}${p.cost ? "" : "Free"}`, { count: p.n, cubes: cubesOf(p.colour, p.n), squares: t("cafe.squares", { count: p.from.length }) });
    case "done": return t("cafe.move.done");
    case "deliver": return t("cafe.move.deliver", { cubes: cubesText(p.cubes) });
    case "deliver_cube": {
      if (p.colour === null) return t("cafe.move.allWarehouse", { count: p.n });
      if (p.to === "warehouse") return t("cafe.move.toWarehouse", { colour: colourName(p.colour) });
      const cafe = view?.players[view.active]?.cafes.find((c) => c.id === p.to);
      return t("cafe.move.toCafe", { colour: colourName(p.colour), city: cafe?.city ?? p.to });
    }
    case "remove": return t("cafe.move.remove", { cubes: cubesText({ [p.colour]: p.n }) });
    case "end": return p.unspent ? t("cafe.move.end", { count: p.unspent }) : t("cafe.move.endNone");
    case "pass": return t("cafe.move.pass");
    case "bid": return p.cost !== undefined && p.cost < p.amount ? t("cafe.move.bidRaise", { n: p.amount, cost: p.cost }) : t("cafe.move.bid", { n: p.amount });
    case "pay": return t("cafe.move.pay", { colour: colourName(p.colour) });
    case "ship": return p.cell ? t("cafe.move.ship", { colour: colourName(p.colour) }) : t("cafe.move.shipNone");
    default: return move.id;
  }
}

function countColours(list) {
  const m = new Map();
  for (const c of list) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

// The engine lists every placement as an option: the board's preview, rotate and
// arrow buttons reach them all, so the decision banner keeps them out of sight.
/** A card id a lesson's check names, in words (a card no view has shown: null). */
export function checkName(id, ctx) {
  const face = ctx.view?.cards?.[id] ?? (ctx.view?.row ?? []).find((f) => f.id === id);
  return face ? describeCard(face, "cafe.card.plan") : null;
}

/** Kinds of option every one of which has a button on the board (the card row, the squares' chips). */
const ON_BOARD = new Set(["take", "discard", "produce", "dry", "roast", "remove"]);

/**
 * The board is where one acts: an option it offers as a button (a card of the row,
 * a square's chip, a café's or the warehouse's cube) or through the placement
 * preview stays out of the banner, which keeps what has no place on the board
 * (pass, end, finish a group, deliver all to the warehouse, bids).
 */
export function boardOnly(move) {
  const p = move.payload;
  if (p.kind === "place") return move.id.startsWith("place:r");
  if (p.kind === "deliver_cube") return p.colour !== null;
  return ON_BOARD.has(p.kind);
}

/** The hint names a placement: the preview goes there, so the grid shows it as a ghost card. */
export function showHint(moveId) {
  const placing = ui.lastCtx && placingState(ui.lastCtx.view, ui.lastCtx.moves);
  const m = placing?.moves.find((x) => x.id === moveId);
  if (!m) return;
  ui.rot = m.payload.rot;
  ui.sel = m.id;
  rerender();
}

export function moveLabel(move, view, ctx) {
  const p = move.payload;
  const text = h("span.option-text", moveText(move, view));
  const colour = p.colour ?? p.pay;
  if (colour) return [bean(colour, { decorative: true }), text];
  switch (p.kind) {
    case "produce": return [icon("production", { decorative: true }), text];
    case "deliver": return [icon("roasting", { decorative: true }), text];
    case "place": return [icon("rotate-right", { decorative: true }), text];
    case "take": case "discard": return [icon("deck", { decorative: true }), text];
    case "bid": case "pass": return [icon("master", { decorative: true }), text];
    default: return text;
  }
}

// ---- the log ------------------------------------------------------------------------------
export function eventText(event, ctx) {
  const code = event.code.replace(/^cafe\./, "");
  const pr = event.params || {};
  const params = { name: event.player === null || event.player === undefined ? "" : ctx.seatName(event.player) };
  for (const [k, v] of Object.entries(pr)) {
    if (k === "card") params.card = cardLabel(v, ctx.view);
    else if (k === "cards") params.cards = v.map((id) => cardLabel(id, ctx.view)).join(", ");
    else if (k === "colour" || k === "paid") params[k] = v ? colourName(v) : "";
    else if (k === "cubes" || k === "colours" || k === "cubes_to_supply") params[k] = cubesText(v);
    else if (k === "master") params.master = ctx.seatName(v);
    else if (k === "winners") params.winners = v.map((s) => ctx.seatName(s)).join(", ");
    else if (k === "scores") params.scores = v.join(" / ");
    else if (k === "to") params.to = v === "warehouse" ? t("cafe.warehouseLower") : (ctx.view?.players[event.player]?.cafes.find((c) => c.id === v)?.city ?? t("cafe.aCafe"));
    else if (k === "action") params.action = t("cafe.actionName." + v);
    else if (k === "cafes_lost") params.lost = v.length;
    else if (k === "cells") params.cellsN = v.length;
    else if (typeof v !== "object") params[k] = v;
  }
  // counted phrases agree with their number ("1 green cube", "3 cubes verts")
  if (typeof pr.n === "number" && pr.colour) params.cubes = cubesOf(pr.colour, pr.n);
  if (typeof pr.covered === "number") params.squares = t("cafe.squares", { count: pr.covered });
  if (pr.cafes_lost?.length) params.cafes = t("cafe.cafesLost", { count: pr.cafes_lost.length });
  if (code === "actions_started") params.count = pr.ap;
  if (code === "bid" && typeof pr.cost === "number") params.count = pr.cost;
  if (code === "game_over") params.count = pr.winners?.length;
  let k = "cafe.ev." + code;
  if (code === "card_taken") k += pr.paid ? ".paid" : pr.free_by_ships ? ".ships" : "";
  if (code === "card_discarded") k += "." + (pr.reason ?? "draft_leftover");
  if ((code === "dried" || code === "roasted") && pr.free) k += ".free";
  if (code === "bid" && pr.cost !== undefined && pr.cost < pr.amount) k += ".raise";
  if (code === "card_placed" && pr.cafes_lost?.length) k += ".lost";
  if (code === "game_over" && pr.scores?.length === 1) k += ".solo";  // alone, nobody wins
  const text = t(k, params);
  return text === k ? t("cafe.ev.unknown", { code }) : text;
}

// ---- game over -------------------------------------------------------------------------------
export function gameOver(view, status, ctx) {
  const out = status.outcome;
  const n = out.breakdown.length;
  const seats = [...Array(n).keys()];
  const cafesOf = (p) => view.players[p].cafes;
  const row = (label, fn, cls = "", testid = null) => h("tr", { class: cls, dataset: testid ? { testid } : {} }, h("th", { scope: "row" }, label), seats.map((p) => h("td", fn(out.breakdown[p], p))));
  const solo = n === 1 ? out.breakdown[0].rank : null;
  return h("div.score.cafe-score", { dataset: { testid: "score-breakdown" } },
    solo ? h("p.solo-rank", { dataset: { testid: "solo-rank", rank: solo } },
      t("cafe.solo.result", { n: out.breakdown[0].total, rank: t("cafe.rank." + solo) })) : null,
    h("table.score-table", { dataset: { testid: "score-table" } },
      h("caption", t("cafe.score.caption")),
      h("thead", h("tr", h("th", { scope: "col" }, t("cafe.score.what")),
        seats.map((p) => h("th", { scope: "col", class: out.winners.includes(p) && n > 1 ? "winner" : "" }, ctx.seatName(p),
          out.winners.includes(p) && n > 1 ? h("span.win-mark", " ★", h("span.sr", t("cafe.score.winnerMark"))) : null)))),
      h("tbody",
        row(t("cafe.score.cafes"), (b, p) => [h("b", String(b.cafes)), h("div.muted.small",
          b.cafes_completed.length ? b.cafes_completed.map((id) => cafesOf(p).find((c) => c.id === id)?.city ?? id).join(", ") : t("cafe.score.noCafe"))]),
        row(t("cafe.score.warehouse"), (b) => [h("b", String(b.warehouse)), h("div.muted.small",
          t("cafe.score.whDetail", { c1: colourName(b.warehouse_detail.fewest.colour), n1: b.warehouse_detail.fewest.cubes,
            c2: colourName(b.warehouse_detail.second.colour), n2: b.warehouse_detail.second.cubes }))]),
        row(t("cafe.score.total"), (b) => h("b", String(b.total)), "total", "score-total"),
        row(t("cafe.score.tie1"), (b) => String(b.roasting_cubes), "muted"),
        row(t("cafe.score.tie2"), (b) => String(b.drying_cubes), "muted"))),
    n > 1 ? h("p.muted", t("cafe.score.tiebreak")) : h("p.muted", t("cafe.solo.scale")));
}

// ---- help ------------------------------------------------------------------------------------
export function glossary() {
  return h("div.glossary.cafe-glossary", { dataset: { testid: "glossary" } },
    h("p", t("cafe.help.intro")),
    h("ol.help-phases", ["draft", "place", "actions", "end"].map((s) => h("li", h("strong", t("cafe.help.step." + s)), " — ", t("cafe.help.stepText." + s)))),
    h("section", h("h4", t("cafe.help.squares")),
      h("dl", KINDS.map((k) => [h("dt", icon(k, { decorative: true }), " ", kindName(k)), h("dd", t("cafe.help.kind." + k))]))),
    h("section", h("h4", t("cafe.help.beans")),
      h("dl", ["yellow", "brown", "green", "red"].map((c) => [h("dt", bean(c, { decorative: true }), " ", colourName(c)), h("dd", t("cafe.help.bean." + c))]))),
    h("p.muted", t("cafe.help.scoring")),
    h("p.muted", t("cafe.help.solo")),
    h("p.muted", t("cafe.help.controls")));
}

export default {
  id: "cafe",
  solo: false,
  minSeats: 1,
  options: { auction: { type: "bool", config: "variant", on: "auction", off: "standard", label: "cafe.option.auction", hint: "cafe.option.auctionHint" } },
  optionsFromConfig: (config) => (config?.variant === "auction" ? { auction: true } : {}),
  render, forget, decision, boardOnly, showHint, checkName, moveLabel, moveText, eventText, eventIcon, gameOver, glossary,
};
