// Entry of the table part of the site: turns a `?game=…` / `?resume=…` URL
// into a setup screen, a new game, a shared replay or a resumed save, and
// shows a clear, translated message (with a way home) for anything invalid.
import { t } from "../i18n.js";
import { setPageTitle } from "../page-title.js";
import { TABLES } from "../tables.js";
import { REMOTE_SEAT, Table } from "./controller.js";
import { h } from "./dom.js";
import { learnURL, openLearn } from "./learn.js";
import { renderSetup, probeSolo } from "./setup.js";
import { shortVersion } from "./version.js";
import { RouteError, decodeMoves, parseRoute } from "./url.js";

let current = null;          // the live Table, if any
const soloShapes = {};       // game id -> its probed solo shape (null: none), probed once per game
const renderers = {};
const refusedSetups = {};    // game id -> the setup of a link the engine refused, to fill the setup screen in

async function loadRenderer(game) {
  if (!renderers[game]) renderers[game] = (await TABLES[game]()).default;
  return renderers[game];
}

/** The game's solo-vs-automa shape, probed once per game (null when its renderer has no automa). */
async function soloShapeOf(engine, game, renderer) {
  if (!(game in soloShapes)) soloShapes[game] = renderer.solo ? await probeSolo(engine, game) : null;
  return soloShapes[game];
}

export function closeTable() {
  current?.close();
  current = null;
}

/** The live table (test and debugging hook). */
export function currentTable() { return current; }

/**
 * A fresh element for one table to draw into: the listeners a table puts on
 * its element go away with it, so a closed table never answers a click meant
 * for the next one.
 */
function tableHost(root) {
  const host = h("div.table-host");
  root.replaceChildren(host);
  return host;
}

function showRouteError(root, key, params, navigate, title = "table.error.title") {
  root.replaceChildren(h("section.route-error.error-panel", { role: "alert", dataset: { testid: "route-error" } },
    h("h2", t(title)),
    h("p", { dataset: { testid: "route-error-text", key } }, t(key, params)),
    h("button", { type: "button", dataset: { testid: "error-home" }, onclick: () => navigate("") }, t("table.backHome"))));
}

/** A saved game whose moves no longer all replay: offer the last position that still fits, as a copy. */
function showDiverged(root, { ply, moves }, navigate, openAtPly) {
  root.replaceChildren(h("section.route-error.error-panel", { role: "alert", dataset: { testid: "save-diverged" } },
    h("h2", t("table.diverged.title")),
    h("p", { dataset: { testid: "save-diverged-text" } }, t("table.diverged.body", { ply, moves })),
    h("div.row-buttons",
      h("button", { type: "button", dataset: { testid: "open-at-ply" }, onclick: openAtPly }, t("table.diverged.open", { ply })),
      h("button.secondary", { type: "button", dataset: { testid: "error-home" }, onclick: () => navigate("") }, t("table.backHome")))));
}

/**
 * Open whatever the URL asks for in `root`.
 * deps: {engine, saves, games, info, navigate(urlOrEmpty), progress (lessons done)}
 */
export async function openTable(root, search, deps) {
  closeTable();
  setPageTitle(null); // until the page opened says where the player is
  const { engine, saves, games, info, navigate } = deps;
  const botLevels = info?.bot_levels ?? ["random"];
  root.replaceChildren(h("p.muted.table-loading", t("table.loading")));
  let route;
  try {
    const optionsFor = (game) => (renderers[game]?.options ?? {});
    // options are declared by the renderer: load it first when the game is known
    const game = new URLSearchParams(search).get("game") ?? new URLSearchParams(search).get("learn");
    if (game && Object.hasOwn(TABLES, game) && games.some((g) => g.id === game && g.available)) await loadRenderer(game);
    route = parseRoute(search, { games, tables: TABLES, optionsFor });
  } catch (err) {
    if (err instanceof RouteError) return showRouteError(root, err.key, err.params, navigate);
    throw err;
  }

  if (route.kind === "join") { // a remote game's invite: this page joins it as a guest
    const { openJoin } = await import("../remote/guest.js");
    return current = await openJoin(root, { engine, games, info, navigate, loadRenderer });
  }
  if (route.kind === "guest-copy") { // this device's copy of a remote seat: the game so far, waiting for a new link
    const { openKeptCopy } = await import("../remote/guest.js");
    return current = await openKeptCopy(root, route.id, { engine, games, info, navigate, loadRenderer });
  }

  if (route.kind === "lessons" || route.kind === "lesson") {
    const renderer = await loadRenderer(route.game);
    try {
      return current = await openLearn(root, route, { engine, games, info, navigate, progress: deps.progress, renderer,
        host: () => tableHost(root), showRouteError: (at, key, params) => showRouteError(at, key, params, navigate) });
    } catch (err) {
      closeTable();
      showRouteError(root, "learn.error.failed", { message: String(err.message).slice(0, 200) }, navigate);
      root.querySelector("[data-testid=error-home]")?.before(
        h("button", { type: "button", dataset: { testid: "error-lessons" }, onclick: () => navigate(learnURL(route.game)) }, t("learn.error.toList")), " ");
      return null;
    }
  }

  if (route.kind === "resume") {
    const record = await saves.get(route.id);
    if (!record) return showRouteError(root, "table.error.noSave", {}, navigate);
    if (!Object.hasOwn(TABLES, record.game)) return showRouteError(root, "table.error.notPlayable", { game: record.game }, navigate);
    const renderer = await loadRenderer(record.game);
    const gameInfo = games.find((g) => g.id === record.game) ?? { title: record.game };
    const { canHostAgain } = await import("../remote/host-save.js");
    if (canHostAgain(record)) { // a remote game its host closed: hosted again, a fresh link for each friend
      const { openHost } = await import("../remote/host.js");
      try {
        return current = await openHost(root, { engine, saves, renderer, gameInfo, info, navigate, seats: record.seats, record,
          options: renderer.optionsFromConfig?.(record.save.config) ?? {} });
      } catch (err) {
        closeTable(); // a keepsake that does not fit its save: the game opens as a plain one (a bot may play the seats)
        console.warn("the saved remote game cannot be hosted again:", err);
      }
    }
    const open = async (upto = null) => {
      const table = current = new Table({ engine, saves, renderer, gameInfo, root: tableHost(root), info, navigate });
      await (upto === null ? table.resume(record) : table.resumeAt(record, upto));
      return table;
    };
    try {
      return await open();
    } catch (err) {
      closeTable();
      // a save from a newer build, or one that no longer replays: said plainly, and the record is kept
      if (err.code === "save_too_new") return showRouteError(root, "table.error.saveTooNew", { version: shortVersion(err.details?.engine) }, navigate, "table.error.saveTitle");
      if (err.code === "save_diverged") return showDiverged(root, err.details, navigate, async () => {
        try {
          const table = await open(err.details.ply);
          history.replaceState({}, "", `?resume=${encodeURIComponent(table.record.id)}`);
        } catch (again) {
          closeTable();
          showRouteError(root, "table.error.badSave", { message: String(again.message).slice(0, 200) }, navigate, "table.error.saveTitle");
        }
      });
      return showRouteError(root, "table.error.badSave", { message: String(err.message).slice(0, 200) }, navigate, "table.error.saveTitle");
    }
  }

  const renderer = await loadRenderer(route.game);
  const gameInfo = games.find((g) => g.id === route.game);
  if (route.kind === "setup") {
    const soloShape = await soloShapeOf(engine, route.game, renderer);
    // what goes together (Seize the Bean's districts…), read from the engine: the table it enforces
    const gameOptions = renderer.setupPanel ? await engine.call("game_options", { game: route.game }).catch(() => null) : null;
    const initial = refusedSetups[route.game] ?? null;
    delete refusedSetups[route.game];
    // a game with lessons offers them beside its first game
    const lessons = await engine.call("list_lessons", { game: route.game }).catch(() => []);
    const learn = lessons.length ? () => navigate(learnURL(route.game)) : null;
    renderSetup(root, { renderer, gameInfo, botLevels, solo: !!soloShape, navigate, gameOptions, initial, learn });
    setPageTitle("title.setup", { game: gameInfo.title });
    return null;
  }

  // a game from a URL: check the seats against what the engine offers
  const starbots = route.seats.filter((s) => s.startsWith("starbots-"));
  for (const seat of route.seats) {
    if (seat !== "human" && seat !== REMOTE_SEAT && !seat.startsWith("starbots-") && !botLevels.includes(seat)) {
      return showRouteError(root, "table.error.unknownLevel", { seat, levels: botLevels.join(", ") }, navigate);
    }
  }
  let config, seats = route.seats;
  if (starbots.length) {
    // a game without an automa has no Starbots seat; one whose automa the engine lacks has it "coming soon"
    if (!renderer.solo) return showRouteError(root, "table.error.noStarbots", { game: gameInfo.title }, navigate);
    const soloShape = await soloShapeOf(engine, route.game, renderer);
    if (!soloShape || starbots.length !== 1 || route.seats.length !== 2 || route.seats[0] !== "human") {
      return showRouteError(root, soloShape ? "table.error.badSolo" : "table.error.soloComing", {}, navigate);
    }
    const level = Number(starbots[0].split("-")[1]);
    ({ config, seats } = soloShape(level));
  } else {
    // a renderer may allow one seat (a solo game with the normal rules, e.g. Café): `minSeats: 1`
    const min = Math.max(renderer.minSeats ?? 2, gameInfo.min_players);
    if (seats.length < min || seats.length > gameInfo.max_players) {
      return showRouteError(root, "table.error.seatCount", { count: seats.length, min, max: gameInfo.max_players }, navigate);
    }
    config = { players: seats.length };
  }
  for (const [name, value] of Object.entries(route.options)) {
    const spec = renderer.options[name];
    if (spec.soloOnly && !starbots.length) return showRouteError(root, "table.error.soloOption", { name }, navigate);
    config[spec.config] = "on" in spec ? (value ? spec.on : spec.off) : value;
  }

  if (seats.includes(REMOTE_SEAT)) { // friends on other devices: the lobby invites them, then the table opens
    if (seats.every((s) => s === REMOTE_SEAT) || route.movesText) return showRouteError(root, "remote.error.hostSeat", {}, navigate);
    const { openHost } = await import("../remote/host.js");
    try {
      return current = await openHost(root, { engine, saves, renderer, gameInfo, info, navigate, config, seats, options: route.options });
    } catch (err) {
      return showRouteError(root, "table.error.badSetup", { message: String(err.message).slice(0, 200) }, navigate);
    }
  }

  let moves = null;
  try {
    moves = route.movesText ? await decodeMoves(route.movesText) : null;
  } catch (err) {
    return showRouteError(root, err.key ?? "table.error.badMoves", {}, navigate);
  }
  const table = current = new Table({ engine, saves, renderer, gameInfo, root: tableHost(root), info, navigate });
  // once saved (a human's first move), the address bar names this saved game, so a reload resumes it;
  // until then it keeps the link opened, and leaving leaves no saved game behind
  table.onFirstSave = () => history.replaceState({}, "", `?resume=${encodeURIComponent(table.record.id)}`);
  try {
    await table.start({ config, seed: route.seed, seats, moves, options: route.options, shareSeats: route.seats,
      edition: route.edition, digest: route.digest });
  } catch (err) {
    closeTable();
    // a replay from a newer version (a rules edition this one does not know), or one that leads
    // elsewhere than where it was shared (a changed seed, setup or moves): said plainly
    if (moves && err.code === "save_too_new") return showRouteError(root, "table.error.replayTooNew", { edition: route.edition ?? "?" }, navigate);
    if (moves && err.code === "replay_mismatch") return showRouteError(root, "table.error.replayMismatch", {}, navigate);
    const key = moves ? "table.error.badReplay" : "table.error.badSetup";
    showRouteError(root, key, { message: String(err.message).slice(0, 200) }, navigate);
    if (!moves) {
      // the engine refused this setup (e.g. a district the player count forbids): its
      // message stays on screen, and the setup screen opens with the same choices
      refusedSetups[route.game] = { seats: route.seats, seed: route.seed, options: route.options };
      root.querySelector("[data-testid=route-error-text]")?.after(
        h("p.muted", { dataset: { testid: "route-error-detail" } }, t("table.error.detail", { message: String(err.message).slice(0, 300) })));
      root.querySelector("[data-testid=error-home]")?.before(
        h("button", { type: "button", dataset: { testid: "error-setup" }, onclick: () => navigate(`?game=${route.game}`) }, t("table.error.fixSetup")), " ");
    }
    return null;
  }
  return table;
}
