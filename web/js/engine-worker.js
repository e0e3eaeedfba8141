// The engine's home: a module Web Worker that boots Pyodide, installs the
// engine wheel with micropip and answers JSON API calls.  The page talks to it
// through Comlink; the UI thread never runs Python, so it never freezes.
// A return visit restores a memory snapshot of an earlier boot instead
// (snapshot.js); any problem with it falls back to the normal boot.
import { Comlink } from "./vendor.js";
import { aliasNamesForMicropip } from "./micropip-compat.js";
import { bootEngineRuntime, cacheStorageStore, captureSnapshot, restoreOptions, reviveSnapshot, snapshotKey } from "./snapshot.js";

let api = null; // brewhouse.api.call_json once booted
let snapshotStored = Promise.resolve(false); // settles once a new snapshot is stored

/**
 * Wrap fetch so every byte the runtime downloads is counted for the progress
 * bar, and every failed download is reported: Pyodide only logs a failed wasm
 * download and then waits forever, so the boot must fail on it explicitly.
 */
function watchFetches(onBytes, onFailure) {
  const plainFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = String(input?.url ?? input);
    let response;
    try {
      response = await plainFetch(input, init);
    } catch (err) {
      onFailure(new Error(`could not download ${url}: ${err.message}`));
      throw err;
    }
    if (!response.ok) onFailure(new Error(`could not download ${url}: HTTP ${response.status}`));
    if (!response.body) return response;
    // count a clone's bytes as they arrive and hand back the original response
    // untouched, so the wasm still compiles from the browser's own stream
    const reader = response.clone().body.getReader();
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        onBytes(value.byteLength);
      }
    })().catch(() => {});
    return response;
  };
}

async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetchChecked(url, expectedSha256) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const actual = await sha256Hex(bytes);
  if (actual !== expectedSha256) throw new Error(`${url}: sha256 ${actual} does not match the build manifest`);
  return bytes;
}

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
  const manifestURL = new URL("../build-manifest.json", import.meta.url);
  const manifest = await (await fetch(manifestURL, { cache: "no-cache" })).json();
  const base = new URL("../", import.meta.url);
  const file = (rel) => manifest.files[rel]?.bytes ?? 0;
  const pyodidePath = manifest.pyodide.path;
  const total = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
    .reduce((sum, name) => sum + file(`${pyodidePath}/${name}`), 0)
    + file(manifest.micropip.wheel) + file(manifest.engine.wheel);
  let loaded = 0;
  watchFetches((n) => { loaded += n; onProgress({ stage: "runtime", loaded: Math.min(loaded, total), total }); }, failBoot);
  onProgress({ stage: "runtime", loaded: 0, total });

  const { loadPyodide } = await import(new URL(`${pyodidePath}/pyodide.mjs`, base).href);
  const indexURL = new URL(`${pyodidePath}/`, base).href;
  const micropipURL = new URL(manifest.micropip.wheel, base).href;
  const wheelName = manifest.engine.wheel.split("/").pop();
  mark("manifest");

  /** A Pyodide restored from a stored snapshot, the engine's files written back, checked. */
  async function restore(stored) {
    const pyodide = await loadPyodide({ indexURL, ...restoreOptions(stored, manifest.build_id) });
    mark("pyodide");
    reviveSnapshot(pyodide, manifest.build_id);
    const engine = JSON.parse(pyodide.pyimport("brewhouse.api").call_json("engine_info", "{}"));
    if (engine.result?.version !== manifest.engine.version) throw new Error("the restored engine is not this build's");
    mark("install");
    return pyodide;
  }

  /** The normal boot: Pyodide, micropip, the engine wheel installed and imported. */
  async function normalBoot(makeSnapshot) {
    // fetch the engine wheel while the runtime boots (it does not depend on it)
    const wheelPromise = fetchChecked(new URL(manifest.engine.wheel, base).href, manifest.engine.wheel_sha256);
    wheelPromise.catch(() => {}); // awaited (and its error raised) below
    const pyodide = await loadPyodide({ indexURL, ...(makeSnapshot ? { _makeSnapshot: true } : {}) });
    mark("pyodide");
    aliasNamesForMicropip(pyodide);
    // micropip is loaded by URL (its pinned sha256 is checked at build time,
    // then its modules are byte-compiled for this Pyodide);
    // integrity checking stays on for everything else
    const loadErrors = [];
    await pyodide.loadPackage(micropipURL, {
      messageCallback: () => {},
      errorCallback: (message) => loadErrors.push(message),
    });
    if (loadErrors.length) throw new Error(`micropip failed to load: ${loadErrors.join("; ")}`);
    mark("micropip");

    // the engine wheel was fetched by us and checked against the manifest; install it
    const wheel = await wheelPromise;
    onProgress({ stage: "install", loaded: total, total });
    pyodide.FS.mkdirTree("/tmp/wheels");
    pyodide.FS.writeFile(`/tmp/wheels/${wheelName}`, wheel);
    const micropip = pyodide.pyimport("micropip");
    await micropip.install(`emfs:/tmp/wheels/${wheelName}`);
    micropip.destroy();
    pyodide.pyimport("brewhouse.api").destroy();
    mark("install");
    return pyodide;
  }

  const store = cacheStorageStore(base);
  const booted = await bootEngineRuntime({
    store: store && { ...store, get: (key) => store.get(key).then((found) => found && { bytes: found.bytes.finally(() => mark("snapshot-read")) }) },
    key: snapshotKey(manifest),
    enabled: options.snapshot !== false,
    restore,
    boot: normalBoot,
    capture: (pyodide) => captureSnapshot(pyodide, manifest.build_id),
    log: (message) => console.info(message),
  });
  const { pyodide } = booted;
  snapshotStored = booted.stored;
  mark("snapshot");

  const module = pyodide.pyimport("brewhouse.api");
  api = module.call_json;
  // a thinking bot reports how much of its budget it has spent; the page fills its indicator
  module.on_bot_progress((text) => self.postMessage({ brewhouseBotProgress: JSON.parse(text) }));
  mark("import");
  self.__bootMs = performance.now() - started;
  self.__bootMarks = marks;
  self.__snapshot = booted.snapshot;
  onProgress({ stage: "ready", loaded: total, total });
  return info();
}

function info() {
  return { bootMs: self.__bootMs, bootMarks: self.__bootMarks, snapshot: self.__snapshot,
    ...JSON.parse(api("engine_info", "{}")).result };
}

/** One JSON API call: method name and JSON text in, JSON text out (never throws for bad input). */
function call(method, paramsJson) {
  if (!api) return JSON.stringify({ ok: false, error: { code: "engine_not_ready", message: "the engine is still starting", details: {} } });
  return api(method, paramsJson);
}

/** Whether this boot stored a new snapshot (false when it restored one or could not store it). */
function whenSnapshotStored() {
  return snapshotStored;
}

Comlink.expose({ boot, call, whenSnapshotStored });
