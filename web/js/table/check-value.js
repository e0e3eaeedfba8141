// A lesson check's value (the rulebook's number, or what the table shows) in words.
//
// A check compares a piece of engine state with the book: a count, a resource
// bag {"beans": 5, "milk": 1}, a list of card ids, a phase, a café cell
// ["yellow", 1].  None of that may reach the page as data: every id becomes its
// name in the player's language and every bag "5 beans, 1 milk".  Pure (no DOM):
// the words come from `words`, so it runs under Node as well as in the page.

/**
 * The catalogue keys that may name an engine id of `game`, tried in order: a card,
 * a customer group, an action space, a colour, an ingredient, a phase, an ability.
 */
export const TERM_KEYS = ["cardName", "group", "row", "colour", "ing", "phase", "ability", "closedBy"];
/** The catalogue keys that count an id ("5 beans", "2 yellow cubes"). */
export const COUNT_KEYS = ["count", "cubesN"];

/**
 * The words a check needs, from a catalogue lookup.
 * t(key, params) translates (an unknown key comes back as itself); game is the game's id;
 * name(id) is the renderer's or the table's own name for an id no catalogue knows (a card
 * seen in a view), or null; seat(p) a seat's name; lang the language (numbers and lists).
 */
export function checkWords({ t, game, lang = "en", name = () => null, seat = (p) => String(p + 1) }) {
  const known = (key, params) => { const text = t(key, params); return text === key ? null : text; };
  const term = (id) => {
    for (const k of TERM_KEYS) { const text = known(`${game}.${k}.${id}`); if (text) return text; }
    return name(id) ?? String(id).replace(/[_@]+/g, " ");
  };
  const number = (n) => new Intl.NumberFormat(lang).format(n);
  return {
    term,
    number,
    seat,
    count: (id, n) => {
      for (const k of COUNT_KEYS) { const text = known(`${game}.${k}.${id}`, { count: number(n) }); if (text) return text; }
      return t("learn.check.count", { count: number(n), name: term(id) });
    },
    list: (items) => (items.length ? items.join(t("learn.check.sep")) : t("learn.check.none")),
    yes: (flag) => t(flag ? "learn.check.yes" : "learn.check.no"),
    customer: (card, angry, happy) => t(angry ? "learn.check.angry" : happy ? "learn.check.happy" : "learn.check.calm",
      { card, count: number(happy) }),
    points: (n) => t("learn.check.points", { count: number(n) }),
  };
}

/**
 * `value` in words.  show (the expectation's own "show", from lessons.json) says what a bare
 * number means when it is not a count: "seats" (a winner, the new master).
 */
export function checkValue(value, words, show = null) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return words.yes(value);
  if (typeof value === "number") return show === "seats" ? words.seat(value) : words.number(value);
  if (typeof value === "string") return words.term(value);
  if (Array.isArray(value)) return listValue(value, words, show);
  return bagValue(value, words);
}

function listValue(items, words, show) {
  // a café cell: [colour, how many]
  if (items.length === 2 && typeof items[0] === "string" && typeof items[1] === "number") return words.count(items[0], items[1]);
  if (items.length && items.every((x) => typeof x === "string")) {
    // repeated ids (a cup's ingredients) read as counts, in their first order
    const counts = new Map();
    for (const id of items) counts.set(id, (counts.get(id) ?? 0) + 1);
    if (counts.size < items.length) return words.list([...counts].map(([id, n]) => words.count(id, n)));
  }
  return words.list(items.map((x) => checkValue(x, words, show)));
}

function bagValue(bag, words) {
  // a customer in a line: its card, happy or angry
  if (typeof bag.id === "string") return words.customer(words.term(bag.id), Boolean(bag.angry), Number(bag.happy ?? 0));
  const parts = [];
  for (const [key, v] of Object.entries(bag)) {
    if (key === "colour") continue; // read with its cubes
    if (key === "cubes" && typeof bag.colour === "string") parts.push(words.count(bag.colour, v));
    else if (key === "points" && typeof v === "number") parts.push(words.points(v));
    else if (typeof v === "number") parts.push(words.count(key, v));
    else parts.push(checkValue(v, words));
  }
  return words.list(parts);
}
