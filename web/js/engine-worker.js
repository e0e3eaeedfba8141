// The engine's home: a module Web Worker that boots Pyodide, installs the
// engine wheel with micropip and answers JSON API calls.  The page talks to it
// through Comlink; the UI thread never runs Python, so it never freezes.
// A return visit restores a memory snapshot of an earlier boot instead
// (snapshot.js); any problem with it falls back to the normal boot, and a
// fatal error of a restored engine drops the snapshot (the page offers a reload).
import { Comlink } from "./vendor.js";
import { buildLocations, normalBoot, watchFetches } from "./engine-boot.js";
import { bootEngineRuntime, makeInWorker, restoreOptions, reviveSnapshot, snapshotIdentity, snapshotKey } from "./snapshot.js";
import { roomForSnapshot } from "./storage.js";

let api = null; // brewhouse.api.call_json once booted
let snapshotStored = Promise.resolve(false); // settles once a new snapshot is stored
let startMaking = () => {}; // starts making a snapshot, when this boot will make one
let snapshotsHeld = false; // the page made room in storage: no snapshot may take it again

/**
 * The snapshot's store (snapshot.js's cacheStorageStore), each of its steps
 * done in a worker of its own that is ended once done (see
 * snapshot-cache-worker.js: this worker then never holds the cache open), or
 * null without Cache Storage.
 */
function storeInShortLivedWorkers(base) {
  if (!globalThis.caches || typeof Worker === "undefined") return null;
  const run = (message, transfer = []) => new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./snapshot-cache-worker.js", import.meta.url), { type: "module", name: "brewhouse-snapshot-cache" });
    const done = (err, data) => {
      worker.terminate();
      if (err) reject(err); else resolve(data);
    };
    worker.onmessage = ({ data }) => done(data.error ? new Error(data.error) : null, data);
    worker.onerror = (event) => {
      event.preventDefault();
      done(new Error(`the snapshot cache worker failed: ${event.message || "it could not start"}`));
    };
    worker.postMessage({ ...message, base: base.href }, transfer);
  });
  return {
    get: (key) => run({ op: "get", key }).then(({ found, bytes }) => (found ? { bytes: Promise.resolve(bytes) } : null)),
    put: (key, bytes) => run({ op: "put", key, bytes }, [bytes.buffer]).then(() => {}),
    delete: (key) => run({ op: "delete", key }).then(() => {}),
    markRestoring: (key) => run({ op: "markRestoring", key }).then(() => {}),
    restoringMark: () => run({ op: "restoringMark" }).then(({ mark }) => mark),
    clearRestoring: () => run({ op: "clearRestoring" }).then(() => {}),
  };
}

/** Throws when no snapshot may be stored now: the page made room, or `bytes` more would nearly fill the quota. */
async function checkRoomForSnapshot(bytes) {
  if (snapshotsHeld || !(await roomForSnapshot(bytes))) throw new Error("storage is nearly full: no snapshot this time");
}
let restoreAnswered = async () => {}; // clears the restoring mark of a restored boot
let dropSnapshot = async () => {}; // deletes the snapshot this boot restored
let failure = null; // the engine's fatal error, once it had one
let answered = 0; // calls answered since the boot
/** After this many answers (the home page's first: the games and their lessons) a restore has proved itself. */
const FIRST_CALLS = 4;

// Started as soon as the worker runs, while the page's request to boot is on its
// way: the build manifest (revalidated, never a stale one), then Pyodide's
// scripts (loadPyodide imports its runtime script again: from the module map).
const base = new URL("../", import.meta.url);
const early = fetch(new URL("build-manifest.json", base), { cache: "no-cache" })
  .then((response) => response.json())
  .then((manifest) => {
    const where = buildLocations(manifest, base);
    const runtimeScript = import(`${where.indexURL}pyodide.asm.mjs`);
    runtimeScript.catch(() => {}); // loadPyodide's own import reports it
    return { manifest, where, pyodide: import(where.pyodideModule) };
  });
early.catch(() => {}); // raised by boot

/** Boot once; `options.snapshot === false` never uses nor makes a memory snapshot. */
async function boot(onProgress = () => {}, options = {}) {
  if (api) return info();
  let failBoot;
  const bootFailed = new Promise((_, reject) => { failBoot = reject; });
  return Promise.race([bootSteps(onProgress, failBoot, options), bootFailed]);
}

async function bootSteps(onProgress, failBoot, options) {
  const started = performance.now();
  const marks = {};
  const mark = (name) => { marks[name] = Math.round(performance.now() - started); };
  const { manifest, where, pyodide: pyodideModule } = await early;
  const file = (rel) => manifest.files[rel]?.bytes ?? 0;
  const pyodidePath = manifest.pyodide.path;
  const total = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
    .reduce((sum, name) => sum + file(`${pyodidePath}/${name}`), 0)
    + file(manifest.micropip.wheel) + file(manifest.engine.wheel);
  let loaded = 0;
  let reportedAt = -Infinity;
  // every chunk counts, but the page hears at most every 50 ms (each report is a
  // message its main thread handles while the wasm downloads and compiles)
  watchFetches((n) => {
    loaded += n;
    const now = performance.now();
    if (now - reportedAt < 50 && loaded < total) return;
    reportedAt = now;
    onProgress({ stage: "runtime", loaded: Math.min(loaded, total), total });
  }, failBoot);
  onProgress({ stage: "runtime", loaded: 0, total });

  const { loadPyodide } = await pyodideModule;
  mark("manifest");

  /** A Pyodide restored from a stored snapshot, the engine's files written back, checked. */
  async function restore(stored) {
    const timings = {};
    const options = restoreOptions(stored, snapshotIdentity(manifest), timings);
    const { _loadSnapshot: snapshot, fsInit } = options;
    // Pyodide awaits the snapshot once its script is loaded, and initialises the
    // file system once its WebAssembly is instantiated: both marked
    options._loadSnapshot = { then: (ok, fail) => { mark("runtime-script"); return snapshot.then(ok, fail); } };
    options.fsInit = async (...args) => { mark("runtime-wasm"); await fsInit(...args); };
    const pyodide = await loadPyodide({ indexURL: where.indexURL, ...options });
    mark("pyodide");
    await reviveSnapshot(pyodide, snapshotIdentity(manifest), stored, timings);
    Object.assign(marks, { snapshotDigestMs: timings.digestMs, snapshotFilesMs: timings.filesMs, snapshotGamesMs: timings.gamesMs });
    mark("snapshot-checked");
    const engine = JSON.parse(pyodide.pyimport("brewhouse.api").call_json("engine_info", "{}"));
    if (engine.result?.version !== manifest.engine.version) throw new Error("the restored engine is not this build's");
    mark("install");
    return pyodide;
  }

  const onInstall = () => onProgress({ stage: "install", loaded: total, total });
  const store = storeInShortLivedWorkers(base);
  const booted = await bootEngineRuntime({
    store: store && { ...store, get: (key) => store.get(key).then((found) => found && { bytes: found.bytes.finally(() => mark("snapshot-read")) }),
      put: (key, bytes) => checkRoomForSnapshot(bytes.length).then(() => store.put(key, bytes)) },
    key: snapshotKey(manifest),
    enabled: options.snapshot !== false,
    restore,
    boot: () => normalBoot({ loadPyodide, manifest, base, onInstall, mark }),
    // a second, short-lived worker boots its own Pyodide to make the snapshot,
    // once this engine answers and the page is idle (it asks: makeSnapshot)
    // (not when storage is nearly full: a player's saves need the room more)
    make: () => checkRoomForSnapshot(0).then(() => makeInWorker(new URL("./snapshot-maker.js", import.meta.url), manifest)),
    later: (task) => { startMaking = task; },
    log: (message) => console.info(message),
  });
  const { pyodide } = booted;
  snapshotStored = booted.stored;
  ({ restoreAnswered, dropSnapshot } = booted);
  mark("snapshot");

  const module = pyodide.pyimport("brewhouse.api");
  api = module.call_json;
  // a thinking bot reports how much of its budget it has spent; the page fills its indicator
  module.on_bot_progress((text) => self.postMessage({ brewhouseBotProgress: JSON.parse(text) }));
  // a hosted remote game's messages to its guests: the page writes each on its guest's data channel
  module.on_remote_send((text) => self.postMessage({ brewhouseRemoteSend: JSON.parse(text) }));
  mark("import");
  self.__bootMs = performance.now() - started;
  self.__bootStartedAt = performance.timeOrigin + started;
  self.__bootMarks = marks;
  self.__snapshot = booted.snapshot;
  onProgress({ stage: "ready", loaded: total, total });
  return info();
}

function info() {
  return { bootMs: self.__bootMs, bootMarks: self.__bootMarks, bootStartedAt: self.__bootStartedAt, snapshot: self.__snapshot,
    ...JSON.parse(api("engine_info", "{}")).result };
}

/** One JSON API call: method name and JSON text in, JSON text out (never throws for bad input). */
function call(method, paramsJson) {
  if (!api) return JSON.stringify({ ok: false, error: { code: "engine_not_ready", message: "the engine is still starting", details: {} } });
  if (failure) return engineFailed(failure);
  try {
    const answer = api(method, paramsJson);
    if (++answered === FIRST_CALLS) restoreAnswered();
    return answer;
  } catch (err) {
    if (!isFatal(err)) throw err;
    failure = err;
    return dropSnapshot().then(() => engineFailed(err));
  }
}

/**
 * Whether `err` is a fatal error of Pyodide (a WebAssembly trap such as
 * "memory access out of bounds" or "function signature mismatch", after
 * which Pyodide refuses every call): the engine can only be booted again.
 */
function isFatal(err) {
  return Boolean(err?.pyodide_fatal_error) || err instanceof WebAssembly.RuntimeError
    || /fatally failed and can no longer be used/.test(String(err?.message ?? ""));
}

/** The answer to every call once the engine had a fatal error (its snapshot, if any, is dropped). */
function engineFailed(err) {
  const message = String(err?.message ?? err).split("\n")[0];
  return JSON.stringify({ ok: false, error: { code: "engine_failed", message: `the rules engine stopped: ${message}`,
    details: { snapshot: self.__snapshot?.state ?? "off" } } });
}

/**
 * The page is idle after its first calls: a restored engine has answered them
 * (its restoring mark is cleared, if that was not done yet), and a normal
 * boot may now make a snapshot.
 */
function makeSnapshot() {
  const cleared = restoreAnswered();
  const start = startMaking;
  startMaking = () => {};
  start();
  return cleared;
}

/** Store no snapshot from now on: the page had to drop one to make room for a player's data. */
function holdSnapshots() {
  snapshotsHeld = true;
}

/** Whether this boot stored a new snapshot (false when it restored one or could not store it). */
function whenSnapshotStored() {
  return snapshotStored;
}

Comlink.expose({ boot, call, holdSnapshots, makeSnapshot, whenSnapshotStored });
