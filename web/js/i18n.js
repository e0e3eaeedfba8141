// Message catalogues and the current language. Every visible string goes
// through t(); engine events and errors are translated by their codes.
import en from "./i18n/en.js";
import fr from "./i18n/fr.js";

const CATALOGUES = { en, fr };
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

const pluralRules = {};

/**
 * The form of a message for params.count.  A message is a string, or its
 * plural forms keyed by the language's Intl.PluralRules categories, e.g.
 * {one: "{count} card", other: "{count} cards"} (French puts 0 and 1 in "one");
 * "other" is the form used when a category is missing or no count is given.
 */
function pluralForm(message, lang, params) {
  if (typeof message === "string") return message;
  const count = Number(params.count);
  if (!Number.isFinite(count)) return message.other;
  pluralRules[lang] ??= new Intl.PluralRules(lang);
  return message[pluralRules[lang].select(count)] ?? message.other;
}

/** Translate a key, filling {placeholders}; a missing key shows itself (and is easy to spot in tests). */
export function t(key, params = {}) {
  // own keys only: a key such as "constructor" is no message
  const lang = Object.hasOwn(CATALOGUES[current], key) ? current : "en";
  const message = Object.hasOwn(CATALOGUES[lang], key) ? CATALOGUES[lang][key] : undefined;
  if (message === undefined) return key;
  return pluralForm(message, lang, params).replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Fill every element marked data-i18n under root. */
export function applyTo(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
