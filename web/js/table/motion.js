// Pieces that travel: when a redraw shows a card or a token somewhere else than
// the drawing before, the new element slides from where the old one was to its
// new place (FLIP: First, Last, Invert, Play), with CSS transforms of the real
// elements.  It follows the views only: which piece is where is what the
// renderer drew from the engine's view, matched by the identity it wrote on
// the element, never by a rule of the game.
//
// A piece is an element carrying data-card (a card's id) or data-piece (what a
// renderer names a token by: "barista-0" for every barista of seat 0, a card's
// id on each square it covers once placed).  Its place is the chain of keyed
// elements around it (a seat, a row, a slot, a square…).  Between two drawings,
// a place that holds more pieces of a name than before gained them; each gain
// travels from a place that holds fewer of that name (a barista from its café
// to the space, a customer from the City row to the line).  Pieces that only
// shifted within their place (a row reflowing) do not travel, nor does a piece
// that appears from nowhere (a card drawn from a deck).
//
// Tokens drawn as a count (a cube with "×3" on a square, an ingredient's number
// in the supply) carry it in data-count: that element stands for so many pieces
// of its name, and is its own piece even on a card.  A count that grows gets a
// ghost (a copy of the element, on the page for the flight only) from each
// place the tokens left; a count element new in its place slides there itself.
// A piece carrying data-face (an upgrade tile face up or down) that changed face
// in its place turns over.
//
// Nothing flies from or to a place far outside the screen (more than 3/4 of a
// screen beyond its edges), nor farther than a screen's length (a customer sent
// to a discard pile two screens down on a phone): the piece is simply there.
//
// No motion at the instant pace, on Skip, or when the player asked the system
// for reduced motion.

const PIECE = "[data-card], [data-piece]";
/** The data- attributes that name a place on a board (most of the table's BOARD_KEYS, with the draft slots, action spaces and line positions). */
const PLACE_KEYS = ["seat", "testid", "where", "row", "slot", "cell", "square", "cup", "space", "pos"];
const PLACE = PLACE_KEYS.map((k) => `[data-${k}]`).join(",");
const REDUCED = "(prefers-reduced-motion: reduce)";
const EASING = "cubic-bezier(.3, .7, .4, 1)";

/** The name a piece is matched by from one drawing to the next. */
function nameOf(el) { return el.dataset.card ?? el.dataset.piece; }

/** How many pieces an element stands for: its data-count (a token drawn as a number), else one. */
function countOf(el) { return "count" in el.dataset ? Number(el.dataset.count) || 0 : 1; }

/** How many pieces these entries of one place stand for. */
function total(entries) { return (entries ?? []).reduce((n, p) => n + p.count, 0); }

/** Farther than this share of the screen beyond its edges, a place is far off screen. */
const FAR = 0.75;

function keysOf(el) { return PLACE_KEYS.filter((k) => k in el.dataset).map((k) => `${k}=${el.dataset[k]}`).join(","); }

/** Where an element stands: the keys of the places around it, inner last, up to the board. */
function placeOf(el, board) {
  const keys = [];
  for (let up = el.parentElement?.closest(PLACE); up && board.contains(up); up = up.parentElement?.closest(PLACE)) keys.unshift(keysOf(up));
  return keys.join("/");
}

/**
 * The board's pieces, as name → place → [{el, rect, offset}]: the rect relative
 * to the board (the page around it may have moved: only what moved on it
 * travels), the offset relative to the place holding it (the place may have
 * moved on the board too: a row that grew above it).
 */
export function snapshot(board) {
  const origin = board.getBoundingClientRect();
  const within = (r) => ({ left: r.left - origin.left, top: r.top - origin.top, width: r.width, height: r.height });
  const pieces = new Map();
  pieces.places = new Map(); // every place → its rect on the board (the first element of a path)
  for (const el of [board, ...board.querySelectorAll(PLACE)]) {
    const outer = placeOf(el, board);
    const path = outer ? `${outer}/${keysOf(el)}` : keysOf(el);
    if (!pieces.places.has(path)) pieces.places.set(path, within(el.getBoundingClientRect()));
  }
  for (const el of board.querySelectorAll(PIECE)) {
    // a piece inside a piece travels with it; a counted token is its own (cubes on a card's square)
    if (!("count" in el.dataset) && el.parentElement?.closest(PIECE)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue; // not shown (a closed pile)
    const name = nameOf(el);
    const place = placeOf(el, board);
    const holder = pieces.places.get(place) ?? { left: 0, top: 0 };
    if (!pieces.has(name)) pieces.set(name, new Map());
    const at = pieces.get(name);
    if (!at.has(place)) at.set(place, []);
    const rect = within(r);
    // a piece still on its way when the board is drawn again goes on from where it is (resume)
    const flight = el.getAnimations().find((a) => a.id === "travel" && a.playState === "running") ?? null;
    at.get(place).push({ el, rect, flight, count: countOf(el), face: el.dataset.face,
      offset: { left: rect.left - holder.left, top: rect.top - holder.top } });
  }
  return pieces;
}

/** The smallest rect around all of these. */
function around(rects) {
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.left + r.width));
  const bottom = Math.max(...rects.map((r) => r.top + r.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Slide the pieces that changed place since `before` (a snapshot of the board
 * taken before it was redrawn) from their old rects to the new ones, in
 * `duration` ms.  Returns how many elements travel.
 */
export function travel(board, before, duration) {
  if (!before || duration <= 0 || matchMedia(REDUCED).matches) return 0;
  const after = snapshot(board);
  const origin = board.getBoundingClientRect();
  const onScreen = (r) => { // a board rect near enough the screen to be seen on the way
    const x = innerWidth * FAR, y = innerHeight * FAR;
    const left = origin.left + r.left, top = origin.top + r.top;
    return left + r.width > -x && left < innerWidth + x && top + r.height > -y && top < innerHeight + y;
  };
  // a flight no longer than the screen is tall (or wide), between two places near it
  const near = (from, to) => onScreen(from) && onScreen(to)
    && Math.hypot(from.left + from.width / 2 - to.left - to.width / 2, from.top + from.height / 2 - to.top - to.height / 2) <= Math.max(innerWidth, innerHeight);
  const fly = { duration, near, board };
  let moving = 0;
  for (const [name, places] of after) {
    const was = before.get(name);
    if (!was) continue; // new on the board: it came from no place shown
    for (const [place, now] of places) {
      const old = was.get(place) ?? [];
      for (let i = 0; i < Math.min(old.length, now.length); i++) {
        if (old[i].flight) moving += resume(now[i].el, old[i].flight);
        else if (old[i].face !== now[i].face && onScreen(now[i].rect)) moving += turn(now[i].el, duration);
      }
    }
    // the places that lost pieces of this name, with the rects they left (one per piece)
    const left = [];
    for (const [place, old] of was) {
      let lost = total(old) - total(places.get(place));
      // seen where its place is now (the place is still drawn, maybe elsewhere), else where it was
      const holder = after.places.get(place);
      const from = (p) => (holder ? { ...p.rect, left: holder.left + p.offset.left, top: holder.top + p.offset.top } : p.rect);
      // the last pieces of the place left (in their order): a count element stands for several
      const gone = [];
      for (let i = old.length - 1; i >= 0 && lost > 0; i--) {
        const n = Math.min(lost, old[i].count);
        const rect = from(old[i]); // one object for the tokens of one element: their ghosts fly as one
        for (let j = 0; j < n; j++) gone.unshift(rect);
        lost -= n;
      }
      left.push(...gone);
    }
    if (!left.length) continue;
    let k = 0;
    const next = () => left[Math.min(k++, left.length - 1)];
    for (const [place, now] of places) {
      const gained = total(now) - total(was.get(place));
      if (gained <= 0) continue;
      const counted = now.filter((p) => "count" in p.el.dataset && p.count > 0);
      if (counted.length) {
        // a count that grew: a ghost from each place its tokens left; a count new here: the element itself
        const into = counted.at(-1);
        const froms = Array.from({ length: gained }, next).filter((r, i, all) => all.indexOf(r) === i);
        const stood = (was.get(place) ?? []).some((p) => "count" in p.el.dataset);
        if (stood) for (const from of froms) moving += ghost(into, from, fly);
        else moving += slide([into], froms[0], fly);
        continue;
      }
      // the pieces a place gained travel together (a card's squares keep their shape), from one
      // rect left behind each; more gains than losses: the last of those rects serves again
      moving += slide(now.slice(-gained), next(), fly);
    }
  }
  return moving;
}

/** A piece redrawn in the place it was travelling to goes on with the same flight. */
function resume(el, flight) {
  const timing = flight.effect.getTiming();
  launch(el, flight.effect.getKeyframes(), timing.duration, timing.easing).currentTime = flight.currentTime;
  return 1;
}

/** Where a group of pieces goes: what transform brings each element back to `from`, the group's shape kept. */
function slide(group, from, { duration, near }) {
  const to = around(group.map((p) => p.rect));
  if (!near(from, to)) return 0; // across content off screen: it is simply there
  // one scale for both sides (a compact card grows into a full one without being stretched),
  // centre on centre
  const scale = Math.min(2, Math.max(0.5, Math.sqrt((from.width * from.height) / ((to.width * to.height) || 1))));
  const cx = from.left + from.width / 2;
  const cy = from.top + from.height / 2;
  let n = 0;
  for (const { el, rect } of group) {
    // where this element's top left corner starts, the group's shape kept around the old centre
    const dx = cx + (rect.left - to.left - to.width / 2) * scale - rect.left;
    const dy = cy + (rect.top - to.top - to.height / 2) * scale - rect.top;
    if (Math.hypot(dx, dy) < 2 && Math.abs(scale - 1) < 0.05) continue;
    // a piece inside a scaled box moves by its own units
    const unit = el.offsetWidth ? rect.width / el.offsetWidth : 1;
    launch(el, [
      { transform: `translate(${dx / unit}px, ${dy / unit}px) scale(${scale})`, transformOrigin: "0 0" },
      { transform: "none", transformOrigin: "0 0" },
    ], duration, EASING);
    n += 1;
  }
  return n;
}

/**
 * A copy of a counted token flies from `from` to the token's element, and
 * leaves the page on landing (the element shows a number, not one per token).
 */
function ghost(piece, from, { duration, near, board }) {
  if (!near(from, piece.rect)) return 0;
  const copy = piece.el.cloneNode(true);
  for (const key of ["piece", "count", "card", "move", "testid"]) delete copy.dataset[key];
  copy.dataset.ghost = "";
  copy.setAttribute("aria-hidden", "true");
  Object.assign(copy.style, { position: "absolute", left: "0px", top: "0px", margin: "0", pointerEvents: "none",
    width: `${piece.rect.width}px`, height: `${piece.rect.height}px`, boxSizing: "border-box" });
  board.append(copy);
  // put it on the element's place, whatever box its position counts from
  const at = copy.getBoundingClientRect();
  const origin = board.getBoundingClientRect();
  copy.style.left = `${origin.left + piece.rect.left - at.left}px`;
  copy.style.top = `${origin.top + piece.rect.top - at.top}px`;
  const n = slide([{ el: copy, rect: piece.rect }], from, { duration, near });
  const leave = () => copy.remove();
  const flight = copy.getAnimations().find((a) => a.id === "travel");
  if (flight) flight.finished.then(leave, leave);
  else leave();
  return n;
}

/** A piece that changed face in its place turns over (edge on, then flat). */
function turn(el, duration) {
  launch(el, [{ transform: "perspective(30em) rotateY(90deg)" }, { transform: "none" }], duration, EASING);
  return 1;
}

/** Start a flight: the element is marked (data-travel) and lifted above its neighbours until it lands. */
function launch(el, keyframes, duration, easing) {
  el.dataset.travel = "";
  // above its neighbours on the way, below the sticky banner (a static element takes a stacking place for the time)
  const lift = { position: el.style.position, zIndex: el.style.zIndex };
  if (getComputedStyle(el).position === "static") el.style.position = "relative";
  el.style.zIndex = "4"; // under the sticky decision banner (5), over the board
  const animation = el.animate(keyframes, { duration, easing });
  animation.id = "travel";
  const land = () => { Object.assign(el.style, lift); delete el.dataset.travel; };
  animation.finished.then(land, land);
  return animation;
}

/** Every piece still travelling on the board arrives at once (Skip). */
export function arrive(board) {
  for (const animation of board.getAnimations({ subtree: true })) if (animation.id === "travel") animation.finish();
}
