// The shell: paints at once, boots the engine in a worker, shows the game menu
// (from the engine's list_games, written at build time so that the menu and
// the saved games show before the engine is ready) and keeps the site
// available offline through the service worker.
import { Workbox } from "./vendor.js";
import { engine, firstBoot, onFirstBootProgress, snapshotsEnabled } from "./engine-start.js";
import { URL_KEY, applyTo, formatNumber, initialLanguage, language, languageNames, onLanguageChange, setLanguage, t } from "./i18n.js";
import { ImportError, SavesStore, describeStatus, downloadText, exportFileName } from "./saves.js";
import { GuestCopies } from "./remote/guest-copy.js";
import { LessonProgress } from "./progress.js";
import { setPageTitle } from "./page-title.js";
import { onRoomMade, storageState } from "./storage.js";
import { TABLES } from "./tables.js";
import { aboutGame } from "./games/about.js";
import { gameCards } from "./home-cards.js";
import { h } from "./table/dom.js";
import { initInstall } from "./install.js";
import { seatName } from "./table/seat-name.js";
import { isTableRoute } from "./table/url.js";
import { shortVersion } from "./table/version.js";
import homeData from "./home-data.js"; // written by wasm-build/home_data.py

const $ = (id) => document.getElementById(id);
const saves = new SavesStore();
/** Remote games this device joined as a guest: its copies of its seat, listed with the saved games. */
const guestCopies = new GuestCopies();
const progress = new LessonProgress();
/**
 * The engine's list_games ([{id, title, min_players, max_players, available, status}]) and, by game id,
 * how many lessons it has (a game with none offers no "Learn to play"): the build's answers at first,
 * the running engine's once it is ready.
 */
let games = homeData.games;
let lessonCounts = homeData.lessons;
let engineInfo = null;
/** Whether the engine has booted: "New game" and "Resume" open their table only then. */
let engineReady = false;
/** How many of the last games played the home page offers to pick up, above the menu. */
const RECENT_GAMES = 3;

// ---- language --------------------------------------------------------------
/** The language menu, and the player's language: resolves once its catalogue (the one loaded) is in. */
async function initLanguage() {
  const select = $("lang-select");
  // the menu lists every registered catalogue, each under its own name
  select.replaceChildren(...languageNames().map(({ code, name }) => {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    return option;
  }));
  await setLanguage(initialLanguage());
  select.value = language();
  select.addEventListener("change", () => {
    followInAddress(select.value);
    setLanguage(select.value); // the other catalogue loads now; the page follows once it has
  });
  onLanguageChange(() => { renderMenu(); renderSaves(); renderBuildInfo(); });
}

/** A `?lang=` in the address follows the menu, so that a reload keeps the language just chosen. */
function followInAddress(lang) {
  const url = new URL(location.href);
  if (!url.searchParams.has(URL_KEY)) return;
  url.searchParams.set(URL_KEY, lang);
  history.replaceState(history.state, "", url);
}

// ---- engine boot -----------------------------------------------------------
function setEngineState(state) {
  document.querySelector("[data-testid=engine-status]").dataset.state = state;
}

/** The engine line says `key`; marked data-i18n, it follows a change of language like the static text. */
function setEngineLabel(key) {
  const label = $("engine-label");
  label.dataset.i18n = key;
  label.textContent = t(key);
}

function showProgress({ stage, loaded, total }) {
  const bar = $("engine-progress");
  const mb = (n) => formatNumber(n / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (stage === "runtime") {
    setEngineLabel("engine.runtime");
    $("engine-detail").textContent = t("engine.bytes", { loaded: mb(loaded), total: mb(total) });
    bar.max = total || 1;
    bar.value = loaded;
  } else if (stage === "install") {
    setEngineLabel("engine.installing");
    $("engine-detail").textContent = "";
    bar.removeAttribute("value"); // indeterminate while micropip installs
  }
}

/** Wait for the engine (the first boot, started by engine-start.js; `retry`: a new one), then show the menu. */
async function bootEngine(retry = false) {
  setEngineState("booting");
  $("engine-error").hidden = true;
  setEngineLabel("engine.booting");
  try {
    if (retry) {
      engineInfo = await engine.start(showProgress, { snapshot: snapshotsEnabled() });
    } else {
      onFirstBootProgress(showProgress);
      engineInfo = await firstBoot;
    }
    document.querySelector("[data-testid=engine-status]").dataset.snapshot = engineInfo.snapshot?.state ?? "off";
    const listed = await engine.call("list_games");
    const counted = await countLessons(listed);
    engineReady = true;
    performance.mark("brewhouse-engine-ready"); // read by the benchmarks
    setEngineState("ready");
    setEngineLabel("engine.ready");
    $("engine-detail").textContent = "";
    // the build's answers came from this same engine: redrawn only if they differ
    if (JSON.stringify([listed, counted]) !== JSON.stringify([games, lessonCounts])) {
      [games, lessonCounts] = [listed, counted];
      renderMenu(true);
      renderSaves();
    }
    renderBuildInfo();
    if (isTableRoute(location.search)) route();
  } catch (err) {
    setEngineState("error");
    setEngineLabel("engine.failed");
    $("engine-error-text").textContent = String(err?.message ?? err);
    $("engine-error").hidden = false;
  }
}

// ---- game menu -------------------------------------------------------------
/** By game id, how many lessons the engine has for each available game of `listed` (as home_data.py counts). */
async function countLessons(listed) {
  return Object.fromEntries(await Promise.all(listed.filter((g) => g.available).map(async (g) =>
    [g.id, (await engine.call("list_lessons", { game: g.id }).catch(() => [])).length])));
}

/**
 * The cards, in the page's language.  The build drew them in English into index.html (the menu's
 * data-lang says so): they are drawn again only for another language or, with `changed`, when the
 * running engine lists other games than the build did.
 */
function renderMenu(changed = false) {
  const menu = $("game-menu");
  if (games.length && (changed || menu.dataset.lang !== language())) {
    menu.replaceChildren(...gameCards(games, lessonCounts)); // an engine that lists nothing: the build's stay
    menu.dataset.lang = language();
  }
  // in the player's language now: shown (js/route-early.js hid the build's English ones, their room kept)
  document.documentElement.classList.remove("cards-pending");
}

function renderBuildInfo() {
  fetch("build-manifest.json", { cache: "no-cache" }).then((r) => r.json()).then((m) => {
    $("build-info").textContent = t("footer.build", { engine: m.engine.version, pyodide: m.pyodide.version, build: m.build_id });
  }).catch(() => {});
}

// ---- saved games -----------------------------------------------------------
function showSavesMessage(text, isError = false) {
  const box = $("saves-message");
  box.textContent = text;
  box.classList.toggle("error", isError);
  box.hidden = false;
}

function gameTitle(id) { return games.find((g) => g.id === id)?.title ?? id; }

/** Select mode: a checkbox on every saved game, and a bar to delete the ones ticked (once confirmed). */
let selecting = false;
const selected = new Set();

async function renderSaves() {
  const records = await saves.list();
  const copies = await guestCopies.list().catch((err) => { console.info("guest copies not listed:", err.message); return []; });
  $("saves-empty").hidden = records.length + copies.length > 0;
  const ids = new Set(records.map((r) => r.id));
  for (const id of selected) if (!ids.has(id)) selected.delete(id); // deleted meanwhile (another tab)
  if (!records.length) selecting = false;
  renderSelectTools(records);
  renderStorage(records.length > 0);
  const fmt = new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" });
  renderRecent(records.slice(0, RECENT_GAMES), fmt);
  $("saves-list").replaceChildren(...records.map((r) => {
    const li = document.createElement("li");
    li.className = "save-row";
    li.dataset.saveId = r.id;
    li.dataset.testid = "save-row";
    const meta = document.createElement("div");
    meta.className = "meta";
    const name = document.createElement("strong");
    name.textContent = gameTitle(r.game);
    const detail = document.createElement("div");
    detail.className = "muted";
    detail.dataset.testid = "save-detail";
    detail.textContent = [
      t(r.status === "finished" ? "saves.finished" : "saves.inProgress"),
      ...resultParts(r),
      seatNames(r),
      ...(Number.isInteger(r.day) ? [t("saves.day", { day: r.day })] : []),
      t("saves.move", { ply: r.ply }),
      t("saves.lastPlayed", { date: fmt.format(new Date(r.updated)) }),
    ].join(" · ");
    meta.append(name, detail);
    const exportButton = button(t("saves.export"), "secondary", () => downloadText(exportFileName(r), saves.exportText([r.id], engineInfo?.version)));
    const deleteButton = button(t("saves.delete"), "secondary", async () => {
      if (!confirm(t("saves.confirmDelete"))) return;
      await saves.delete(r.id);
      showSavesMessage(t("saves.deleted"));
      renderSaves();
    });
    li.dataset.status = r.status;
    if (selecting) li.append(selectBox(r, fmt, li));
    li.append(meta, ...openButton(r), exportButton, deleteButton);
    return li;
  }), ...copies.map((c) => guestCopyRow(c, fmt)));
}

/**
 * A remote game joined as a guest, as this device keeps it (remote/guest-copy.js): where it stands
 * ("waiting for a new invite", or over and verified), opened read only; deleted once confirmed.
 * Not a saved game: no export, no select, never deleted with the finished games.
 */
function guestCopyRow(c, fmt) {
  const finished = c.status === "finished";
  const verdict = c.verified === null ? [] : [t(c.verified ? "remote.copy.verified" : "remote.copy.notVerified")];
  const open = button(t(finished ? "saves.view" : "remote.copy.open"), "", () => navigate(`?guest=${encodeURIComponent(c.id)}`));
  open.dataset.testid = "guest-copy-open";
  const remove = button(t("saves.delete"), "secondary", async () => {
    if (!confirm(t("remote.copy.confirmDelete"))) return;
    await guestCopies.delete(c.id);
    showSavesMessage(t("remote.copy.deleted"));
    renderSaves();
  });
  remove.dataset.testid = "guest-copy-remove";
  return h("li.save-row.guest-copy-row", { dataset: { testid: "guest-copy-row", copyId: c.id, status: c.status } },
    h("div.meta",
      h("strong", gameTitle(c.game)),
      h("div.muted", { dataset: { testid: "guest-copy-detail" } }, [
        t("remote.copy.seat", { n: c.seat + 1 }),
        ...(finished ? [t("saves.finished"), ...verdict] : [t("remote.copy.rowWaiting")]),
        t("saves.move", { ply: c.ply }),
        t("saves.lastPlayed", { date: fmt.format(new Date(c.updated)) }),
      ].join(" · "))),
    open, remove);
}

/** A row's checkbox in select mode, named for a screen reader by its game and date; a 44 px target. */
function selectBox(r, fmt, li) {
  const box = h("input", { type: "checkbox", checked: selected.has(r.id), dataset: { testid: "save-select-row" },
    "aria-label": t("saves.selectRow", { game: gameTitle(r.game), date: fmt.format(new Date(r.updated)) }) });
  li.classList.toggle("selected", selected.has(r.id));
  box.addEventListener("change", () => {
    if (box.checked) selected.add(r.id); else selected.delete(r.id);
    li.classList.toggle("selected", box.checked);
    renderSelectedCount();
  });
  return h("label.save-check", box);
}

/** The tools for deleting many: "Select…" and "Delete finished games" (each shown when it has games to act on). */
function renderSelectTools(records) {
  const finished = records.filter((r) => r.status === "finished").length;
  const select = $("saves-select");
  select.hidden = records.length === 0;
  select.setAttribute("aria-pressed", String(selecting));
  $("delete-finished").hidden = finished === 0;
  $("saves-selectbar").hidden = !selecting;
  renderSelectedCount();
}

function renderSelectedCount() {
  $("saves-selected-count").textContent = t("saves.selectedCount", { count: selected.size });
  $("delete-selected").disabled = selected.size === 0;
}

function setSelecting(on) {
  selecting = on;
  selected.clear();
  renderSaves().then(() => {
    // the keyboard lands where the next step is: the first checkbox, or back on "Select…"
    (on ? document.querySelector("[data-testid=save-select-row]") : $("saves-select"))?.focus();
  });
}

/**
 * Ask before deleting: a modal dialog that says how many games go (Escape or
 * "Keep them" keeps them).  Resolves to true only on the player's "Delete".
 */
function confirmDelete(text, count) {
  const dialog = $("saves-confirm");
  $("saves-confirm-text").textContent = text;
  dialog.querySelector("[data-testid=saves-confirm-no]").textContent = t("saves.confirmNo");
  dialog.querySelector("[data-testid=saves-confirm-yes]").textContent = t("saves.confirmYes", { count });
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "delete"), { once: true });
    dialog.showModal();
  });
}

/** Delete `ids` once the player confirms `question`; then say how many went. */
async function deleteConfirmed(ids, question) {
  if (!ids.length || !(await confirmDelete(t(question, { count: ids.length }), ids.length))) return false;
  await saves.deleteMany(ids);
  showSavesMessage(t("saves.deletedMany", { count: ids.length }));
  return true;
}

function initDeleteMany() {
  $("saves-select").addEventListener("click", () => setSelecting(!selecting));
  $("saves-select-cancel").addEventListener("click", () => setSelecting(false));
  $("saves-select-all").addEventListener("click", async () => {
    for (const r of await saves.list()) selected.add(r.id);
    renderSaves();
  });
  $("delete-selected").addEventListener("click", async () => {
    if (await deleteConfirmed([...selected], "saves.confirmDeleteSelected")) setSelecting(false);
    else $("delete-selected").focus();
  });
  $("delete-finished").addEventListener("click", async () => {
    const finished = (await saves.list()).filter((r) => r.status === "finished").map((r) => r.id);
    if (await deleteConfirmed(finished, "saves.confirmDeleteFinished")) renderSaves();
    else $("delete-finished").focus();
  });
}

/**
 * The last games played, on top of the home page: each with its picture, its
 * result when it is over (or where it stands), and the button to open it.
 */
function renderRecent(records, fmt) {
  $("recent").hidden = records.length === 0;
  $("recent-list").replaceChildren(...records.map((r) => {
    const finished = r.status === "finished";
    const about = aboutGame(r.game);
    const open = openButton(r, "recent-");
    return h("li.recent-game", { dataset: { testid: "recent-game", recentId: r.id, status: r.status, game: r.game } },
      about && h("img.recent-picture", { src: about.picture, alt: "", width: 56, height: 56 }),
      h("div.recent-meta",
        h("div.recent-title", h("strong", gameTitle(r.game)),
          h("span.status-chip", t(finished ? "saves.finished" : "saves.inProgress"))),
        h("div.recent-result", { dataset: { testid: "recent-result" } },
          standing(r).flatMap((part, i) => [i ? " · " : "", h("span", part)])),
        h("div.muted.recent-date", t("saves.lastPlayed", { date: fmt.format(new Date(r.updated)) }))),
      open);
  }));
}

/** A finished game's result (its move count when an older build saved no result); else who plays and how far it is. */
function standing(r) {
  const move = t("saves.move", { ply: r.ply });
  if (r.status === "finished") {
    const result = resultParts(r);
    return result.length ? result : [move];
  }
  return [seatNames(r), ...(Number.isInteger(r.day) ? [t("saves.day", { day: r.day })] : []), move];
}

/** Resume a game in progress; a finished one opens on its final scores. */
function openButton(r, testidPrefix = "") {
  if (!Object.hasOwn(TABLES, r.game)) return [];
  const finished = r.status === "finished";
  const open = button(t(finished ? "saves.view" : "saves.resume"), "", () => navigate(`?resume=${encodeURIComponent(r.id)}`));
  open.dataset.testid = testidPrefix + (finished ? "view" : "resume");
  return [open];
}

/**
 * A finished game's result as the engine scored it: who won and every seat's
 * score (one score alone, e.g. Café solo, is just the score).  Records saved
 * by older builds have no result: the list says "Finished" and the move count.
 */
function resultParts(r) {
  if (r.status !== "finished" || !r.outcome) return [];
  const number = new Intl.NumberFormat(language());
  const { scores, winners } = r.outcome;
  if (scores.length === 1) return [t("saves.score", { score: number.format(scores[0]) })];
  const parts = [scores.map((s) => number.format(s)).join(" – ")]; // spaced: a score may be negative
  if (winners.length) {
    const names = new Intl.ListFormat(language(), { type: "conjunction" })
      .format(winners.map((p) => seatName(r.seats, p)));
    parts.unshift(t(winners.length > 1 ? "saves.tiedBetween" : "saves.wonBy", { names }));
  }
  return parts;
}

/** Every seat of a saved game, named as its table names them ("Player 1 (you), Bot 2 (easy)"). */
function seatNames(r) { return r.seats.map((_, p) => seatName(r.seats, p)).join(", "); }

function button(label, cls, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

let askedToKeep = false;

/**
 * One quiet line under the saved games: how much the site stores and whether
 * the browser keeps it.  Once there is a saved game, the browser is asked
 * (once a page) to keep the site's data even when space runs low.
 */
async function renderStorage(hasSaves) {
  const ask = hasSaves && !askedToKeep;
  if (ask) askedToKeep = true;
  const state = await storageState({ ask });
  const line = $("storage-status");
  line.hidden = !state;
  if (!state) return;
  line.dataset.persisted = String(state.persisted);
  line.textContent = t(state.persisted ? "saves.storage.kept" : "saves.storage.notKept", { used: formatBytes(state.used) });
}

/** A size in the player's language: kB under a megabyte, else MB with one decimal. */
function formatBytes(bytes) {
  const [value, unit] = bytes < 1e6 ? [Math.max(1, Math.round(bytes / 1e3)), "kilobyte"] : [bytes / 1e6, "megabyte"];
  return formatNumber(value, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 });
}

/**
 * What a save is, in the engine's words: it replays the save completely (and
 * throws for anything it rejects), so an imported record never says more than
 * its moves do.  The match is closed again whatever happens.
 */
async function describeSave(save, onDiverged = () => {}) {
  let status;
  try {
    status = await engine.call("load", { save });
  } catch (err) {
    // a save that no longer replays whole is still a player's game: it is imported as it is,
    // described at its last fitting position, and opening it offers to go on from there
    if (err.code !== "save_diverged") throw err;
    status = await engine.call("load", { save, upto: err.details.ply });
    onDiverged();
  }
  try {
    const { view } = await engine.call("view", { match: status.match, player: null });
    return describeStatus(status, view);
  } finally {
    await engine.call("close", { match: status.match }).catch((err) => console.info("close failed:", err.message));
  }
}

function importedMessage({ imported, copies, repeated }, diverged) {
  return [
    t("saves.imported", { count: imported }),
    copies ? t("saves.importedCopies", { count: copies }) : "",
    repeated ? t("saves.importedRepeats", { count: repeated }) : "",
    diverged ? t("saves.importedDiverged", { count: diverged }) : "",
  ].filter(Boolean).join(" ");
}

function initSaves() {
  initDeleteMany();
  $("import-file").addEventListener("change", async (event) => {
    const input = event.target;
    const fileToImport = input.files?.[0];
    input.value = ""; // the same file can be chosen again after fixing it
    if (!fileToImport) return;
    try {
      let diverged = 0;
      const counts = await saves.importFile(fileToImport, (save) => describeSave(save, () => { diverged += 1; }));
      await renderSaves(); // the list shows the imported games when the message says so
      showSavesMessage(importedMessage(counts, diverged));
    } catch (err) {
      const reason = err instanceof ImportError ? err.reason : "unknown";
      // a newer build's file says which version made it, when it says
      const version = err.params?.version;
      const text = reason === "too_new" && version ? t("error.too_new_version", { version: shortVersion(version) }) : t("error." + reason);
      showSavesMessage(t("saves.importFailed", { reason: text }), true);
      console.info("import rejected:", err.message);
    }
  });
  $("export-all").addEventListener("click", async () => {
    if (!(await saves.list()).length) return showSavesMessage(t("saves.exportEmpty"));
    downloadText("brewhouse-saves.json", saves.exportText(null, engineInfo?.version));
  });
  // a memory snapshot dropped to make room for a player's data is not made again by this boot
  onRoomMade(() => engine.holdSnapshots());
  return renderSaves();
}

// ---- offline: service worker with an update prompt -------------------------
function initServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const wb = new Workbox("sw.js");
  wb.addEventListener("waiting", () => {
    $("update-banner").hidden = false;
    $("update-reload").onclick = () => {
      wb.addEventListener("controlling", () => location.reload());
      wb.messageSkipWaiting();
    };
  });
  wb.register().catch((err) => console.info("service worker not registered:", err.message));
}

// ---- routing: `?game=…`, `?resume=…` and `?learn=…` open the table, anything else the home --
let tableModule = null;

function navigate(url) {
  history.pushState({}, "", url || location.pathname);
  route();
}

async function route() {
  const home = $("home");
  const root = $("table-root");
  if (!isTableRoute(location.search)) {
    tableModule?.closeTable();
    root.hidden = true;
    root.replaceChildren();
    home.hidden = false;
    document.documentElement.classList.remove("at-table");
    setPageTitle(null);
    renderSaves();
    return;
  }
  showTableRoot();
  if (!engineReady) { // the engine is still booting: bootEngine() routes when ready
    const wait = document.createElement("p");
    wait.className = "muted table-loading";
    wait.textContent = t("table.loading");
    root.replaceChildren(wait);
    return;
  }
  await lateStylesheets;
  tableModule ??= await import("./table/index.js");
  await tableModule.openTable(root, location.search, { engine, saves, games, info: engineInfo, navigate, progress });
}

/**
 * The stylesheets index.html loads without holding up the first paint (data-late, media "print"), turned on
 * for every screen as each one has loaded (a page's own script may do it: its policy refuses inline handlers);
 * resolves once all are.
 */
const lateStylesheets = Promise.all([...document.querySelectorAll("link[data-late]")].map((link) =>
  new Promise((resolve) => {
    const turnOn = () => { link.media = "all"; resolve(); };
    if (link.sheet) turnOn();
    else {
      link.addEventListener("load", turnOn);
      link.addEventListener("error", resolve);
    }
  })));

/** The table's part of the page instead of the home's. */
function showTableRoot() {
  $("home").hidden = true;
  $("table-root").hidden = false;
  document.documentElement.classList.add("at-table");
}

window.addEventListener("popstate", route);

// ---- start -----------------------------------------------------------------
// a table's address never shows the home page, not even while the words load
if (isTableRoute(location.search)) showTableRoot();
// listening at once: the browser's install offer may come while the catalogue loads (its words follow then)
initInstall($("install"));
// a card's buttons say where they go (home-cards.js): one listener serves the build's cards and the page's
$("game-menu").addEventListener("click", (event) => {
  const go = event.target.closest("button[data-go]")?.dataset.go;
  if (go) navigate(go);
});
$("engine-retry").addEventListener("click", () => bootEngine(true));
// the engine's runtime stopped for good (a restored snapshot it came from is already dropped): only a reload helps
engine.onFailure(() => { $("engine-stopped").hidden = false; });
$("engine-stopped-reload").addEventListener("click", () => location.reload());
// the home page draws itself from the build's data and the saved games, the engine still booting
await initLanguage();
applyTo(document);
setPageTitle(null); // the home's, in the player's language (a table route retitles it)
// the recent games (above the menu) and the menu come in one frame: the menu is not pushed down later
await initSaves().catch((err) => console.info("saved games not listed:", err.message));
renderMenu();
if (isTableRoute(location.search)) route();
// the service worker registers once the engine has booted (or failed to): its first
// install then finds the runtime's big versioned files in the browser's HTTP cache,
// where the page's own fetches left them, instead of downloading them a second time
bootEngine().finally(initServiceWorker);

// test and benchmark hooks (no rules here: they only reach the same objects the UI uses)
window.brewhouse = { engine, saves, progress, renderSaves, navigate, get info() { return engineInfo; },
  get table() { return tableModule?.currentTable() ?? null; } };
