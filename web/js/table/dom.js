// Tiny DOM helpers shared by the table and the game renderers (no innerHTML
// from data: every text goes through textContent, so nothing can inject markup).

/**
 * h("button.primary", {type: "button", dataset: {move: "x"}, onclick}, "label", child…)
 * Attributes: class via the tag (".a.b") or `class`; dataset; aria-*; on* listeners.
 */
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = {};
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = [el.className, value].filter(Boolean).join(" ");
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else if (key in el && !key.includes("-") && key !== "list") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * Sets each element's text smaller, step by step down to 0.55 em, until its widest word
 * fits its box.  Card names keep whole words (`overflow-wrap: normal`, `hyphens: auto`), but
 * where the browser has no hyphenation for the language a long word ("Risikokapitalgeber")
 * would stick out of a narrow card: it is set smaller instead of being split or cut.
 * Each element is looked at again whenever its box changes size (laid out, page resized).
 */
export function shrinkToFit(elements) {
  for (const el of elements) {
    fitWords(el);
    wordFitter?.observe(el);
  }
}

const MIN_EM = 0.55;
const wordFitter = typeof ResizeObserver === "function"
  ? new ResizeObserver((entries) => entries.forEach((e) => (e.target.isConnected ? fitWords(e.target) : wordFitter.unobserve(e.target))))
  : null;

function fitWords(el) {
  let em = parseFloat(el.style.fontSize) || 1;
  while (el.clientWidth && el.scrollWidth > el.clientWidth + 1 && em > MIN_EM) {
    em -= 0.05;
    el.style.fontSize = `${em.toFixed(2)}em`;
  }
}

/**
 * WCAG 2.5.3 (label in name): a control's accessible name starts with the words it shows, so a
 * player who says what they see (voice control) reaches it and a screen reader reads first what
 * is on screen.  An aria-label that does not begin with those words ("Place a barista on Milk"
 * on a button showing "Milk +3") gives way to the shown content, the label following it for
 * screen readers only ("Milk, +3 milk — Place a barista on Milk").  A symbol alone ("+", "✕")
 * is no word: its aria-label stays.  Returns the element.
 */
export function nameStartsWithShown(el) {
  const label = el.getAttribute("aria-label");
  const shown = shownWords(el);
  const plain = (text) => text.toLowerCase().replace(/\s+/g, " ").trim();
  if (!label || !/\p{L}/u.test(shown) || plain(label).startsWith(plain(shown))) return el;
  el.removeAttribute("aria-label");
  el.append(h("span.sr", ` — ${label}`));
  return el;
}

/** The text an element shows, as it runs on screen, less what only a screen reader gets (.sr, .visually-hidden). */
function shownWords(node) {
  let text = "";
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text += child.data;
    else if (child.nodeType === Node.ELEMENT_NODE && !child.hidden && !child.matches(".sr, .visually-hidden")) text += shownWords(child);
  }
  return text;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
