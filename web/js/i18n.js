// Message catalogues and the current language. Every visible string goes
// through t(); engine events and errors are translated by their codes.
import en from "./i18n/en.js";
import fr from "./i18n/fr.js";
import ja from "./i18n/ja.js";

const CATALOGUES = { en, fr, ja };
const STORAGE_KEY = "brewhouse.lang";
let current = "en";
const listeners = new Set();

export const languages = Object.keys(CATALOGUES);

export function initialLanguage() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && CATALOGUES[stored]) return stored;
  const browser = (navigator.language || "en").slice(0, 2);
  return CATALOGUES[browser] ? browser : "en";
}

export function language() { return current; }

export function setLanguage(lang) {
  if (!CATALOGUES[lang]) return;
  current = lang;
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  applyTo(document);
  for (const fn of listeners) fn(lang);
}

export function onLanguageChange(fn) { listeners.add(fn); }

/** Translate a key, filling {placeholders}; a missing key shows itself (and is easy to spot in tests). */
export function t(key, params = {}) {
  const text = CATALOGUES[current][key] ?? CATALOGUES.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Fill every element marked data-i18n under root. */
export function applyTo(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
