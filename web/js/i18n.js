// Message catalogues and the current language. Every visible string goes
// through t(); engine events and errors are translated by their codes.
// The languages themselves are listed in i18n/index.js; a catalogue is loaded
// when its language is first chosen (one of them, some 170 kB, on a page load).
import * as registered from "./i18n/index.js";

const LANGUAGES = new Map(Object.entries(registered));
/** The catalogues loaded so far, by language code. */
const CATALOGUES = new Map();
const STORAGE_KEY = "brewhouse.lang";
/** `?lang=de` in any address picks the language (and remembers it, like the menu). */
export const URL_KEY = "lang";
let current = "en";
const listeners = new Set();

export const languages = [...LANGUAGES.keys()];

/** Every language under its own name, for the language menu: [{code, name}]. */
export function languageNames() {
  return languages.map((code) => ({ code, name: LANGUAGES.get(code).name }));
}

function known(lang) { return typeof lang === "string" && LANGUAGES.has(lang); }

/** The catalogue of `lang` (a registered language), loaded on first use: {key: message}. */
export async function catalogue(lang) {
  if (!CATALOGUES.has(lang)) CATALOGUES.set(lang, (await LANGUAGES.get(lang).load()).default);
  return CATALOGUES.get(lang);
}

/** The address's `?lang=`, else the remembered choice, else the browser's language, else English. */
export function initialLanguage(search = location.search) {
  const asked = new URLSearchParams(search).get(URL_KEY);
  if (known(asked)) return asked;
  const stored = localStorage.getItem(STORAGE_KEY);
  if (known(stored)) return stored;
  const browser = (navigator.language || "en").slice(0, 2);
  return known(browser) ? browser : "en";
}

export function language() { return current; }

let requested = null;

/** Switch to `lang` once its catalogue has loaded (resolves then); the page's text follows. */
export async function setLanguage(lang) {
  if (!known(lang)) return;
  requested = lang;
  await catalogue(lang);
  if (requested !== lang) return; // chosen again meanwhile: the later choice wins
  current = lang;
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  applyTo(document);
  for (const fn of listeners) fn(lang);
}

/** Call `fn(lang)` after every change of language; returns what stops it (a closed screen stops listening). */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

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

/**
 * Translate a key, filling {placeholders}; a missing key shows itself (and is easy to spot in tests).
 * Every catalogue has English's keys (tests/web/test_catalogue_languages.py); English, when it
 * is loaded, still stands in for a key a language lacks.
 */
export function t(key, params = {}) {
  // own keys only: a key such as "constructor" is no message
  const own = (lang) => {
    const catalogue = CATALOGUES.get(lang);
    return catalogue && Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
  };
  const lang = own(current) !== undefined ? current : "en";
  const message = own(lang);
  if (message === undefined) return key;
  return pluralForm(message, lang, params).replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** A number written the current language's way (decimal comma in German and French). */
export function formatNumber(value, options = {}) {
  return new Intl.NumberFormat(current, options).format(value);
}

/** Fill every element marked data-i18n under root. */
export function applyTo(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
