// Memory snapshots of the booted engine (experimental).
//
// A normal boot starts Pyodide, loads micropip, installs the engine wheel and
// imports the engine: seconds of work that give the same heap every time for
// one build.  Once such a boot has made the engine ready, a second,
// short-lived worker (snapshot-maker.js) boots the same way, copies its
// WebAssembly heap (with the engine imported and every game's data loaded)
// and hands it over to be stored; the next visit of the same build restores
// that heap instead of booting Python.
//
// What a heap snapshot does not carry is the file system, which lives in
// JavaScript: Pyodide writes its standard library zip again on every boot,
// and the installed packages' files (the engine's modules not imported yet,
// its JSON data read through importlib.resources) are stored with the heap
// and written back at the same paths before Python runs.
//
// Anything that goes wrong (no storage API, a snapshot of another build or
// of another Pyodide, a restore that throws, storage full) ends in a normal
// boot, and making one never touches the engine the player uses:
// `bootEngineRuntime` never fails nor waits because of a snapshot.
// Used by the engine worker and by the Pyodide-on-Node tests, so both boot
// the same way.

/** Name of the Cache Storage cache holding the snapshot (the service worker keeps it). */
export const SNAPSHOT_CACHE = "brewhouse-snapshots";

/** The key of the one snapshot a build can use: its build id and its Pyodide version. */
export function snapshotKey(manifest) {
  return `${manifest.build_id}-pyodide-${manifest.pyodide.version}.snapshot`;
}

/**
 * A snapshot store over Cache Storage, or null where the API is missing
 * (then the engine boots normally every time).  It keeps one snapshot only:
 * storing one removes the others (earlier builds').  `get` resolves with
 * null, or with `{bytes}`, a promise of the bytes (a store says at once
 * whether it holds the key; reading them may still fail).
 */
export function cacheStorageStore(base, cacheName = SNAPSHOT_CACHE) {
  if (!globalThis.caches) return null;
  const url = (key) => new URL(`__snapshots__/${key}`, base).href;
  return {
    async get(key) {
      const cache = await caches.open(cacheName);
      const response = await cache.match(url(key));
      return response ? { bytes: response.arrayBuffer().then((buffer) => new Uint8Array(buffer)) } : null;
    },
    async put(key, bytes) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) await cache.delete(request);
      await cache.put(url(key), new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    },
    async delete(key) {
      const cache = await caches.open(cacheName);
      await cache.delete(url(key));
    },
  };
}

// ---- the stored form: snapshot and installed files in one entry ------------

const MAGIC = 0x31534842; // "BHS1"

/** The folder tree under `dir` of an Emscripten file system: [[path, bytes], …]. */
function readTree(FS, dir) {
  const files = [];
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const path = `${dir}/${name}`;
    if (FS.isDir(FS.stat(path).mode)) files.push(...readTree(FS, path));
    else files.push([path, FS.readFile(path)]);
  }
  return files;
}

/**
 * One stored entry: a little header (magic, JSON length), the JSON (build id,
 * snapshot size, each file's path and size), then the heap snapshot (at an
 * offset that keeps it 16-byte aligned) and the files' bytes.
 */
export function packSnapshot(buildId, snapshot, files) {
  const json = new TextEncoder().encode(JSON.stringify({
    build: buildId, snapshot: snapshot.length, files: files.map(([path, data]) => [path, data.length]),
  }));
  const start = Math.ceil((8 + json.length) / 16) * 16;
  const total = start + snapshot.length + files.reduce((n, [, data]) => n + data.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, json.length, true);
  out.set(json, 8);
  out.set(snapshot, start);
  let at = start + snapshot.length;
  for (const [, data] of files) {
    out.set(data, at);
    at += data.length;
  }
  return out;
}

/** The parts of a stored entry: {build, snapshot, files}; throws on anything else. */
export function unpackSnapshot(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8 || view.getUint32(0, true) !== MAGIC) throw new Error("not a stored snapshot");
  const length = view.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length)));
  const start = Math.ceil((8 + length) / 16) * 16;
  let at = start + header.snapshot;
  const files = header.files.map(([path, size]) => {
    const data = bytes.subarray(at, at + size);
    at += size;
    return [path, data];
  });
  if (at !== bytes.length) throw new Error("stored snapshot is truncated or too long");
  return { build: header.build, snapshot: bytes.subarray(start, start + header.snapshot), files };
}

// ---- making and restoring -------------------------------------------------

/** The Python global naming the build a snapshot was made from (checked after a restore). */
const BUILD_MARK = "_brewhouse_snapshot_build";

/**
 * Copy the heap of a Pyodide booted with `_makeSnapshot: true` once the
 * engine is imported (every game's data is loaded first, and micropip, done
 * with, is dropped: it holds JavaScript functions a snapshot cannot carry),
 * and the installed packages' files, which live outside the heap: the bytes
 * to store.
 */
export function captureSnapshot(pyodide, buildId) {
  pyodide.globals.set(BUILD_MARK, buildId);
  const sitePackages = pyodide.runPython(`
import gc, site, sys
from brewhouse.warmup import warm_up
warm_up()
for name in [m for m in sys.modules if m == "micropip" or m.startswith("micropip.")]:
    del sys.modules[name]
gc.collect()
site.getsitepackages()[0]
`);
  // the JavaScript list of loaded packages is compared with an empty one
  const loaded = { ...pyodide.loadedPackages };
  for (const name of Object.keys(loaded)) delete pyodide.loadedPackages[name];
  let snapshot;
  try {
    snapshot = pyodide.makeMemorySnapshot();
  } finally {
    Object.assign(pyodide.loadedPackages, loaded);
  }
  return packSnapshot(buildId, snapshot, readTree(pyodide.FS, sitePackages));
}

/**
 * Options for loadPyodide that restore a stored entry (`stored`: its bytes,
 * or a promise of them): the heap, and the installed files written back in place
 * before Python runs again.  Throws (from loadPyodide) on an entry of
 * another build or another Pyodide, or one that is not a snapshot at all.
 */
export function restoreOptions(stored, buildId) {
  const parts = Promise.resolve(stored).then(unpackSnapshot).then((parts) => {
    if (parts.build !== buildId) throw new Error(`snapshot of build ${parts.build}, not ${buildId}`);
    return parts;
  });
  const snapshot = parts.then((p) => p.snapshot);
  snapshot.catch(() => {}); // raised by loadPyodide, which awaits the snapshot later
  return {
    _loadSnapshot: snapshot,
    fsInit: async (FS) => {
      for (const [path, data] of (await parts).files) {
        FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        FS.writeFile(path, data);
      }
    },
  };
}

/**
 * After `loadPyodide(restoreOptions(…))`: check the snapshot is this build's
 * and give this visit its own randomness (the snapshot holds the random
 * module's state of the boot that made it; game seeds come from os.urandom
 * and our PRNG lives in each game's state).
 */
export function reviveSnapshot(pyodide, buildId) {
  const madeFor = pyodide.globals.get(BUILD_MARK);
  if (madeFor !== buildId) throw new Error(`snapshot of build ${madeFor}, not ${buildId}`);
  pyodide.runPython("import importlib, random\nimportlib.invalidate_caches()\nrandom.seed()");
}

/**
 * Make a snapshot in a worker of its own (snapshot-maker.js at `url`), which
 * boots a second, short-lived Pyodide: resolves with the bytes to store, or
 * rejects (the worker cannot start, its boot or capture fails, or it takes
 * longer than `timeoutMs`).  The worker is ended either way.
 */
export function makeInWorker(url, manifest, { timeoutMs = 180_000 } = {}) {
  if (typeof Worker === "undefined") return Promise.reject(new Error("no workers here to make it in"));
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { type: "module", name: "brewhouse-snapshot" });
    const timer = setTimeout(() => done(new Error(`not made in ${timeoutMs / 1000} s`)), timeoutMs);
    function done(err, bytes) {
      clearTimeout(timer);
      worker.terminate();
      if (err) reject(err); else resolve(bytes);
    }
    worker.onmessage = ({ data }) => done(data.error ? new Error(data.error) : null, data.bytes);
    worker.onerror = (event) => {
      event.preventDefault();
      done(new Error(`the snapshot worker failed: ${event.message || "it could not start"}`));
    };
    worker.postMessage({ manifest });
  });
}

/**
 * Boot the engine's Python, from a stored snapshot when one fits, else
 * normally (and then make a snapshot for next time, off the player's path).
 *
 * - `store`: {get, put, delete} or null (no storage: always a normal boot);
 * - `restore(bytes)`: a Pyodide restored from the stored `bytes` with the
 *   engine revived (throws when it cannot be);
 * - `boot()`: a normal boot with the engine installed and imported;
 * - `make()`: the bytes of a new snapshot, made apart from the booted engine
 *   (another worker or another Pyodide), which it never touches;
 * - `later(task)`: runs `task` when making a snapshot would not slow the
 *   player down (by default as soon as the current work is done).
 *
 * Resolves, as soon as the engine runs, with `{pyodide, snapshot}` where
 * `snapshot` says what happened (`state`: restored, making, off,
 * unavailable; `error` when a step failed; `bytes`), and `stored`: a promise
 * that settles with whether a new snapshot was stored (never rejects).  A
 * snapshot being made updates that same status once done: `made` (with its
 * `bytes`), or `unavailable` with an `error`.
 */
export async function bootEngineRuntime({ store, key, enabled = true, restore, boot, make,
                                          later = (task) => setTimeout(task, 0), log = () => {} }) {
  const status = { state: "off", key };
  if (!enabled || !store) {
    status.state = enabled ? "unavailable" : "off";
    return { pyodide: await boot(), snapshot: status, stored: Promise.resolve(false) };
  }
  let found = null;
  try {
    found = await store.get(key);
  } catch (err) {
    status.error = `read: ${err.message ?? err}`;
  }
  if (found) {
    try {
      // read whole before Pyodide starts: reading 33 MB while Pyodide fetches and
      // compiles its WebAssembly made both slower (measured in Chromium)
      const bytes = await found.bytes;
      const pyodide = await restore(bytes);
      return { pyodide, snapshot: { ...status, state: "restored", bytes: bytes.length }, stored: Promise.resolve(false) };
    } catch (err) {
      status.error = `restore: ${err.message ?? err}`;
      log(`snapshot not usable, booting normally: ${status.error}`);
      try { await store.delete(key); } catch { /* it is replaced later anyway */ }
    }
  }
  const pyodide = await boot();
  status.state = "making";
  const stored = new Promise((resolve) => later(resolve)).then(make).then((snapshot) => {
    Object.assign(status, { state: "made", bytes: snapshot.length });
    return store.put(key, snapshot).then(() => true, (err) => {
      log(`snapshot not stored: ${err.message ?? err}`);
      return false;
    });
  }, (err) => {
    Object.assign(status, { state: "unavailable", error: `make: ${err.message ?? err}` });
    log(`no snapshot made: ${status.error}`);
    return false;
  });
  return { pyodide, snapshot: status, stored };
}
