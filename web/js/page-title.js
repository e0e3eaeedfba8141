// The page's title says where the player is (home, a set-up, a game and whose turn it
// is, a lesson), in the player's language: it is what a screen reader reads first and
// what a browser tab shows.
import { onLanguageChange, t } from "./i18n.js";

let current = { key: null, params: {} };

function apply() {
  const { key, params } = current;
  if (!key) { document.title = t("title.home"); return; }
  // a parameter may be a function: a name that follows the language (a lesson's title, a seat)
  const filled = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === "function" ? v() : v]));
  document.title = t("title.page", { where: t(key, filled) });
}

/** Title the page with a catalogue key (null: the home page). */
export function setPageTitle(key = null, params = {}) {
  current = { key, params };
  apply();
}

onLanguageChange(apply);
