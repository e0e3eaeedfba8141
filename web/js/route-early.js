// Before the first paint: a table's address never shows the home page, not even for a frame.
// The page's modules run after the browser has painted the HTML once; a classic script in the
// head runs before, so the home's room (its cards, the tagline) is never drawn and then taken
// away, which shifted the whole page about a second in (a layout shift of 0.19 on a phone).
// The same parameters as isTableRoute() in table/url.js (tests/web/test_table_urls.py keeps
// the two in step); main.js takes the class away when the page goes home.
(function () {
  var query = new URLSearchParams(location.search);
  var TABLE_PARAMS = ["game", "resume", "seats", "learn", "join"];
  if (TABLE_PARAMS.some(function (name) { return query.has(name); })) {
    document.documentElement.classList.add("at-table");
  }
})();
