// Cards you can read: any element a renderer marks with zoomable() opens an
// enlarged copy of itself in an overlay, by pointing at it for a moment
// (mouse), pressing on it for half a second (touch), or pressing "z" while it
// (or the button holding it) has the focus.  Escape, a click or a tap closes
// it.  Display only: the copy carries no move, so nothing in it can be played.
// Pointing is deliberate only: a card redrawn under a still pointer (the next
// card of a row sliding into the place of the one just clicked) does not open,
// nor does a card a scroll brings under it; and a pointed card never covers
// what the page keeps clear ([data-zoom-keep-clear], the final scores).
import { t } from "../i18n.js";
import { h } from "./dom.js";

const HOVER_MS = 350;
const LONG_PRESS_MS = 500;
const MOVE_TOLERANCE = 10;
const WIDE = 700; // from this width a pointed card opens beside the table, on the other half

let overlay = null;
let openedBy = null; // "hover" closes when the pointer leaves; "press"/"key" wait for a close
let hoverTimer = 0;
let hoverFor = null; // the card the pointer was last deliberately put on
let press = null;
let swallowClick = false;
let lastFocus = null;
let pointer = null; // where the mouse last moved to: an "over" at the same place is the page moving, not the hand

/**
 * Marks `el` as a card that opens larger.  `build` (optional) returns the node
 * to show (e.g. a compact card's full face); by default the element is copied.
 * Elements that are not inside a button become focusable themselves.
 */
export function zoomable(el, build = null) {
  installOnce();
  ensureCss();
  el.classList.add("zoomable");
  el.dataset.zoom = "1";
  if (build) el.zoomBuild = build;
  el.setAttribute("aria-keyshortcuts", "z");
  return el;
}

/** After a render: cards outside any button get a tab stop of their own, named as their tooltip names them. */
function focusableCard(el) {
  if (el.closest("button, a, [tabindex]")) return;
  el.tabIndex = 0;
  // a focusable element needs a role and a name of its own (a title alone is no name to rely on)
  if (!el.hasAttribute("role")) el.setAttribute("role", "group");
  if (!el.hasAttribute("aria-label") && el.title) el.setAttribute("aria-label", el.title);
}

function zoomTarget(node) {
  return node instanceof Element ? node.closest("[data-zoom]") : null;
}

function copyOf(el) {
  const node = el.zoomBuild ? el.zoomBuild() : el.cloneNode(true);
  // a copy shows, it never plays: no move, no focus stop, no duplicate test id
  for (const x of [node, ...node.querySelectorAll("*")]) {
    x.removeAttribute("id");
    x.removeAttribute("tabindex");
    x.removeAttribute("data-move");
    x.removeAttribute("data-testid");
    x.removeAttribute("data-zoom");
    x.classList?.remove("zoomable");
  }
  return node;
}

function open(el, how) {
  close();
  const box = el.getBoundingClientRect();
  const copy = copyOf(el);
  const label = el.getAttribute("aria-label") || el.getAttribute("title") || "";
  const frame = h("div.zoom-card", copy);
  overlay = h("div.zoom-overlay", { class: "by-" + how, role: "dialog", "aria-modal": how === "hover" ? null : "true",
    "aria-label": t("table.zoom.title"), dataset: { testid: "card-zoom" } },
  frame, how === "hover" ? null : h("p.zoom-hint", t("table.zoom.close")),
  label ? h("span.sr", label) : null);
  overlay.addEventListener("click", () => close());
  document.body.append(overlay);
  openedBy = how;
  // as large as the screen allows (a narrow phone card is laid out a little wider
  // first, so its words need not break), never wider than the screen
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const width = Math.max(box.width, 10 * rem);
  const beside = how === "hover" && window.innerWidth >= WIDE;
  const room = Math.min((beside ? window.innerWidth / 2 : window.innerWidth) - 2 * rem, 30 * rem) - rem;
  const tall = window.innerHeight * 0.75;
  const scale = Math.max(1, Math.min(3.5, room / width, tall / Math.max(box.height * box.width / width, 1)));
  copy.style.width = `${width}px`;
  frame.style.zoom = String(scale);
  if (beside) overlay.classList.add(box.left + box.width / 2 < window.innerWidth / 2 ? "right" : "left");
  if (how === "hover" && !keepClear(overlay, frame)) close();
  if (how !== "hover") {
    lastFocus = document.activeElement;
    overlay.tabIndex = -1;
    overlay.focus({ preventScroll: true });
  }
}

export function close() {
  clearTimeout(hoverTimer);
  if (!overlay) return;
  overlay.remove();
  overlay = null;
  const how = openedBy;
  openedBy = null;
  if (how !== "hover" && lastFocus?.isConnected) lastFocus.focus({ preventScroll: true });
  lastFocus = null;
}

/**
 * A pointed card's overlay starts below what the page keeps clear (the final
 * scores) when that is in sight; false when no room is left for it there.
 */
function keepClear(layer, frame) {
  let top = 0;
  for (const el of document.querySelectorAll("[data-zoom-keep-clear]")) {
    const r = el.getBoundingClientRect();
    if (r.height > 0 && r.bottom > 0 && r.top < window.innerHeight) top = Math.max(top, r.bottom);
  }
  if (top <= 0) return true;
  layer.style.top = `${top}px`;
  const room = window.innerHeight - top;
  const rect = frame.getBoundingClientRect();
  if (room < 120) return false;
  if (rect.height > room) frame.style.zoom = String(Math.max(0.5, parseFloat(frame.style.zoom) * room / rect.height));
  return true;
}

function ensureCss() {
  if (document.querySelector("link[data-zoom-css]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "css/zoom.css", dataset: { zoomCss: "1" } }));
}

// ---- the listeners (one set for the whole page) ----------------------------------------------
let installed = false;
function installOnce() {
  if (installed) return;
  installed = true;
  document.addEventListener("pointerover", onOver);
  document.addEventListener("pointerout", onOut);
  document.addEventListener("pointerdown", onDown, true);
  document.addEventListener("pointermove", onMove, true);
  document.addEventListener("pointermove", onMouseMove, true);
  document.addEventListener("pointerup", onUp, true);
  document.addEventListener("pointercancel", onUp, true);
  document.addEventListener("click", onClick, true);
  document.addEventListener("contextmenu", onContextMenu, true);
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("focusin", (event) => { const el = zoomTarget(event.target); if (el) focusableCard(el); });
  // cards outside buttons get their tab stop as soon as they are drawn
  new MutationObserver(() => { for (const el of document.querySelectorAll("[data-zoom]:not([tabindex])")) focusableCard(el); })
    .observe(document.body, { childList: true, subtree: true });
}

function onOver(event) {
  if (event.pointerType !== "mouse") return;
  clearTimeout(hoverTimer);
  // the pointer did not move: the card came to it (a redraw, a scroll), it was not pointed at
  if (!movedTo(event)) return;
  pointAt(zoomTarget(event.target));
}

function pointAt(el) {
  clearTimeout(hoverTimer);
  hoverFor = el;
  if (!el) return;
  if (openedBy && openedBy !== "hover") return;
  hoverTimer = setTimeout(() => { if (el.isConnected && el.matches(":hover")) open(el, "hover"); }, HOVER_MS);
}

/** Whether the mouse is somewhere else than it last was (and remember where it is). */
function movedTo(event) {
  const moved = !pointer || pointer.x !== event.clientX || pointer.y !== event.clientY;
  pointer = { x: event.clientX, y: event.clientY };
  return moved;
}

// a hand that moves again over a card it did not point at (it came under a still
// pointer) points at it now
function onMouseMove(event) {
  if (event.pointerType !== "mouse" || !movedTo(event)) return;
  const el = zoomTarget(event.target);
  if (el !== hoverFor && !overlay) pointAt(el);
}

function onOut(event) {
  if (event.pointerType !== "mouse") return;
  const el = zoomTarget(event.target);
  if (!el || el.contains(event.relatedTarget)) return;
  clearTimeout(hoverTimer);
  if (openedBy === "hover") close();
}

function onDown(event) {
  swallowClick = false;
  if (event.pointerType === "mouse") { if (openedBy === "hover") close(); return; }
  const el = zoomTarget(event.target);
  if (!el) return;
  press = { x: event.clientX, y: event.clientY, id: event.pointerId,
    timer: setTimeout(() => { press = null; swallowClick = true; open(el, "press"); }, LONG_PRESS_MS) };
}

function onMove(event) {
  if (!press || event.pointerId !== press.id) return;
  if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_TOLERANCE) cancelPress();
}

function onUp(event) {
  if (press && event.pointerId === press.id) cancelPress();
}

function cancelPress() {
  clearTimeout(press.timer);
  press = null;
}

// the click that ends a long press only opened the card: it must neither play the
// card nor close the copy that has just appeared under the finger
function onClick(event) {
  if (!swallowClick) return;
  swallowClick = false;
  event.preventDefault();
  event.stopPropagation();
}

function onContextMenu(event) {
  if (zoomTarget(event.target) && event.pointerType !== "mouse" && (press || openedBy === "press")) event.preventDefault();
}

function onKey(event) {
  if (overlay && event.key === "Escape") {
    event.preventDefault();
    event.stopPropagation();
    close();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const focused = document.activeElement;
  if (!(focused instanceof Element) || focused.matches("input, textarea, select, [contenteditable]")) return;
  const el = zoomTarget(focused) ?? focused.querySelector?.("[data-zoom]");
  if (!el) return;
  const ownStop = el === focused;
  if (event.key === "z" || event.key === "Z" || (ownStop && (event.key === "Enter" || event.key === " "))) {
    event.preventDefault();
    if (overlay) close();
    else open(el, "key");
  }
}
