// The catalogues the site offers, one line per language. Each catalogue names
// itself ("lang.name"), so a line added here is all a new language needs: the
// language menu lists it, `?lang=<code>` selects it, and the catalogue tests
// check it key by key against English. The menu lists languages by code.
export { default as de } from "./de.js";
export { default as en } from "./en.js";
export { default as fr } from "./fr.js";
export { default as ja } from "./ja.js";
