// Before the first paint: a table's address never shows the home page, not even for a frame.
// The page's modules run after the browser has painted the HTML once; a classic script in the
// head runs before, so the home's room (its cards, the tagline) is never drawn and then taken
// away, which shifted the whole page about a second in (a layout shift of 0.19 on a phone).
// The same parameters as isTableRoute() in table/url.js (tests/web/test_table_urls.py keeps
// the two in step); main.js takes the class away when the page goes home.
(function () {
  var query = new URLSearchParams(location.search);
  var TABLE_PARAMS = ["game", "resume", "seats", "learn", "join", "guest"];
  var root = document.documentElement;
  if (TABLE_PARAMS.some(function (name) { return query.has(name); })) {
    root.classList.add("at-table");
  }
  // The build wrote the game cards into index.html in English. A player who may read another
  // language (asked in the address, chosen before, or the browser's) sees their room, not their
  // English words, until main.js has drawn them in that language (an unknown one falls back to
  // English there, and shows the same cards): initialLanguage() in i18n.js decides.
  var asked = query.get("lang") || localStorage.getItem("brewhouse.lang") || navigator.language || "en";
  if (asked.slice(0, 2) !== "en") root.classList.add("cards-pending");
})();
