// Table URLs: parsing and validation of `?game=…` links, share links and the
// compact move encoding of replay links.  Nothing here knows a game's rules:
// seats and options are checked for shape only; the engine has the last word.
//
//   ?game=seize                                  → the setup screen
//   ?game=seize&seats=human,random&seed=7        → a new game, exactly this setup
//   ?game=seize&seats=human,human&scoop=1        → a game option (per game, declared by its table)
//   …&district=custom&groups=a,b,c,d,e,f&difficulty=normal,hard → word and list options (shape checked here)
//   ?game=seize&seats=…&seed=7&moves=z…          → a shared replay (moves compressed)
//   …&moves=z…&edition=4&digest=<16 hex>         → …under the rules edition they were played in, and the
//                                                  start of the shared position's state_sha256 (the engine checks it)
//   ?resume=<saved game id>                      → a saved game, restored by the engine
//   ?learn=seize                                 → the game's lessons (Learn to play)
//   ?learn=seize&lesson=first-action             → one lesson (the engine says whether it exists)
//   ?join#<invite>                               → a remote game's join screen (the fragment: remote/signal.js)
//   ?guest=<copy id>                             → a remote guest's copy of its seat, read only (remote/guest-copy.js)
//   …&lang=de                                    → any of these in a language (read by i18n.js, no part of the route)
export const MAX_SEED = 2 ** 53 - 1;
const SEAT_RE = /^(human|[a-z][a-z0-9_]{0,19}|starbots-([1-9]|1[0-9]|20))$/;
const BASE_KEYS = new Set(["game", "seats", "seed", "moves", "edition", "digest", "resume"]);
/** How many hex digits of the shared position's state_sha256 a replay link carries. */
export const REPLAY_DIGEST_CHARS = 16;
/** More parameters than any real link has (the base keys and every game option fit many times). */
export const MAX_PARAMS = 32;
/** What a saved game's id looks like, wherever one comes from (a resume link, an imported file). */
const SAVED_GAME_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function isSavedGameId(id) {
  return typeof id === "string" && SAVED_GAME_ID.test(id);
}
/** Parameters of the page rather than of the table: allowed on every table URL, ignored here. */
const PAGE_KEYS = ["lang"];

export class RouteError extends Error {
  /** `key` is an i18n key (table.error.*), `params` fill its placeholders. */
  constructor(key, params = {}) {
    super(key);
    this.name = "RouteError";
    this.key = key;
    this.params = params;
  }
}

/** True when the URL asks for a table rather than the home page. */
export function isTableRoute(search) {
  const q = new URLSearchParams(search);
  return q.has("game") || q.has("resume") || q.has("seats") || q.has("learn") || q.has("join") || q.has("guest");
}

/** What a lesson id looks like (the engine's own rule; it has the last word on which exist). */
const LESSON_ID = /^[a-z0-9][a-z0-9-]{0,40}$/;

/**
 * Parse a table URL.  `options` maps option name → {type: "bool"} as declared
 * by the game's table (e.g. {scoop: {type: "bool", config: "scoop_luck"}}).
 * Returns {kind: "setup"|"play"|"resume", …} or throws RouteError.
 */
export function parseRoute(search, { games = [], tables = {}, optionsFor = () => ({}) } = {}) {
  const q = new URLSearchParams(search);
  // one pass, and a bounded one: a pasted link may carry anything
  const seen = new Set();
  for (const [key, value] of q) {
    if (seen.size === MAX_PARAMS) throw new RouteError("table.error.tooManyParams", { max: MAX_PARAMS });
    if (seen.has(key)) throw new RouteError("table.error.duplicate", { name: short(key) });
    seen.add(key);
    if (value.length > 20000) throw new RouteError("table.error.tooLong", { name: short(key) });
  }
  for (const key of PAGE_KEYS) q.delete(key);
  if (q.has("learn")) {
    const extra = [...q.keys()].find((k) => k !== "learn" && k !== "lesson");
    if (extra !== undefined) throw new RouteError("table.error.unknownParam", { name: short(extra) });
    const game = q.get("learn");
    const info = games.find((g) => g.id === game);
    if (!info) throw new RouteError("table.error.unknownGame", { game: short(game) });
    if (!info.available || !Object.hasOwn(tables, game)) throw new RouteError("table.error.notPlayable", { game: info.title });
    if (!q.has("lesson")) return { kind: "lessons", game };
    const lesson = q.get("lesson");
    if (!LESSON_ID.test(lesson)) throw new RouteError("learn.error.unknown", { lesson: short(lesson), game: info.title });
    return { kind: "lesson", game, lesson };
  }
  // a remote game's invite: what it holds is in the fragment, read by the join screen
  if (q.has("join")) {
    if ([...q.keys()].some((k) => k !== "join")) throw new RouteError("table.error.unknownParam", { name: short([...q.keys()].find((k) => k !== "join")) });
    return { kind: "join" };
  }
  if (q.has("guest")) { // this device's copy of a remote seat: its id names it (remote/guest-copy.js)
    if ([...q.keys()].some((k) => k !== "guest")) throw new RouteError("table.error.unknownParam", { name: short([...q.keys()].find((k) => k !== "guest")) });
    if (!isSavedGameId(q.get("guest"))) throw new RouteError("table.error.badResume");
    return { kind: "guest-copy", id: q.get("guest") };
  }
  if (q.has("resume")) {
    const id = q.get("resume");
    if ([...q.keys()].some((k) => k !== "resume" && k !== "game")) throw new RouteError("table.error.unknownParam", { name: short([...q.keys()].find((k) => k !== "resume" && k !== "game")) });
    if (!isSavedGameId(id)) throw new RouteError("table.error.badResume");
    return { kind: "resume", id };
  }
  const game = q.get("game");
  if (!game) throw new RouteError("table.error.noGame");
  const info = games.find((g) => g.id === game);
  if (!info) throw new RouteError("table.error.unknownGame", { game: short(game) });
  if (!info.available || !Object.hasOwn(tables, game)) throw new RouteError("table.error.notPlayable", { game: info.title });
  const options = optionsFor(game);
  // own names only: "constructor" or "__proto__" is no option of any game
  for (const key of q.keys()) {
    if (!BASE_KEYS.has(key) && !Object.hasOwn(options, key)) throw new RouteError("table.error.unknownParam", { name: short(key) });
  }
  if (!q.has("seats")) {
    if ([...q.keys()].some((k) => k !== "game")) throw new RouteError("table.error.noSeats");
    return { kind: "setup", game };
  }
  const seats = q.get("seats").split(",");
  if (!seats.every((s) => SEAT_RE.test(s))) {
    throw new RouteError("table.error.badSeat", { seat: short(seats.find((s) => !SEAT_RE.test(s)) ?? "") });
  }
  let seed = null;
  if (q.has("seed")) {
    const text = q.get("seed");
    if (!/^\d{1,16}$/.test(text) || Number(text) > MAX_SEED) throw new RouteError("table.error.badSeed", { seed: short(text) });
    seed = Number(text);
  }
  const opts = {};
  for (const [key, spec] of Object.entries(options)) {
    if (!q.has(key)) continue;
    const value = q.get(key);
    if (spec.type === "bool") {
      if (value !== "0" && value !== "1") throw new RouteError("table.error.badOption", { name: key, value: short(value) });
      opts[key] = value === "1";
    } else if (spec.type === "text") {
      // a word of the game's own (a district, an opening): its shape here, its meaning in the engine
      if (!spec.pattern.test(value)) throw new RouteError("table.error.badOption", { name: key, value: short(value) });
      opts[key] = value;
    } else if (spec.type === "list") {
      const items = value.split(",");
      if (items.length > (spec.max ?? 8) || !items.every((item) => spec.item.test(item))) {
        throw new RouteError("table.error.badOption", { name: key, value: short(value) });
      }
      opts[key] = items;
    }
  }
  const out = { kind: "play", game, seats, seed, options: opts, moves: null };
  if (q.has("moves")) out.movesText = q.get("moves");
  // a replay names the rules edition its moves were played under; a link without one predates editions
  if (q.has("edition")) {
    const edition = q.get("edition");
    if (!q.has("moves") || !/^[1-9][0-9]{0,5}$/.test(edition)) throw new RouteError("table.error.badEdition", { edition: short(edition) });
    out.edition = edition;
  }
  // a replay names the position it was shared at; a link without one predates the check
  if (q.has("digest")) {
    const digest = q.get("digest");
    if (!q.has("moves") || !/^[0-9a-f]{16,64}$/.test(digest)) throw new RouteError("table.error.badDigest", { digest: short(digest) });
    out.digest = digest;
  }
  return out;
}

/**
 * The share link of a setup (and optionally its moves, already encoded, with the rules edition
 * they were played under and the digest of the position they lead to).
 */
export function shareURL({ game, seats, seed, options = {}, edition = null, digest = null }, encodedMoves = null, base = location.href) {
  const url = new URL(base);
  url.search = "";
  url.hash = "";
  const q = new URLSearchParams();
  q.set("game", game);
  q.set("seats", seats.join(","));
  if (seed !== null && seed !== undefined) q.set("seed", String(seed));
  for (const [key, value] of Object.entries(options)) {
    if (typeof value === "boolean") { if (value) q.set(key, "1"); } else if (Array.isArray(value)) q.set(key, value.join(",")); else q.set(key, String(value));
  }
  if (encodedMoves) {
    q.set("moves", encodedMoves);
    if (edition) q.set("edition", edition);
    if (digest) q.set("digest", digest.slice(0, REPLAY_DIGEST_CHARS));
  }
  url.search = q.toString().replace(/%2C/g, ",");
  return url.href;
}

function short(text) { return String(text).slice(0, 40); }

// ---- compact move lists: "z" + base64url(deflate-raw(ids joined by newlines))
export function toBase64Url(bytes) {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export async function encodeMoves(moves) {
  const text = new TextEncoder().encode(moves.join("\n"));
  return "z" + toBase64Url(await pipe(text, new CompressionStream("deflate-raw")));
}

/** Decode a `moves` parameter; throws RouteError("table.error.badMoves") on anything odd. */
export async function decodeMoves(text) {
  if (!text) return [];
  if (!/^z[A-Za-z0-9_-]+$/.test(text)) throw new RouteError("table.error.badMoves");
  try {
    const bytes = await pipe(fromBase64Url(text.slice(1)), new DecompressionStream("deflate-raw"));
    if (bytes.length > 200000) throw new Error("too long");
    const moves = new TextDecoder("utf-8", { fatal: true }).decode(bytes).split("\n");
    if (!moves.every((m) => m.length > 0 && m.length < 200)) throw new Error("bad move");
    return moves;
  } catch {
    throw new RouteError("table.error.badMoves");
  }
}
