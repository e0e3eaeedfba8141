// The catalogues the site offers, one line per language: its code, its name in
// itself (the language menu lists it before any catalogue has loaded; it is the
// catalogue's own "lang.name", which the catalogue tests check) and how to load
// it. Only the player's language is loaded, the others when chosen. A line added
// here is all a new language needs: the language menu lists it, `?lang=<code>`
// selects it, and the catalogue tests check it key by key against English. The
// menu lists languages by code.
export const de = { name: "Deutsch", load: () => import("./de.js") };
export const en = { name: "English", load: () => import("./en.js") };
export const fr = { name: "Français", load: () => import("./fr.js") };
export const ja = { name: "日本語", load: () => import("./ja.js") };
