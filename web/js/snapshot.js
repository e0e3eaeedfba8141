// Memory snapshots of the booted engine (experimental).
//
// A normal boot starts Pyodide, loads micropip, installs the engine wheel and
// imports the engine: seconds of work that give the same heap every time for
// one engine wheel and one Pyodide.  Once such a boot has made the engine ready, a second,
// short-lived worker (snapshot-maker.js) boots the same way, copies its
// WebAssembly heap (with the engine imported and every game's data loaded)
// and hands it over to be stored; the next visit with the same engine and
// Pyodide (whatever else the deploy changed) restores
// that heap instead of booting Python.
//
// What a heap snapshot does not carry is the file system, which lives in
// JavaScript: Pyodide writes its standard library zip again on every boot,
// and the installed packages' files (the engine's modules not imported yet,
// its JSON data read through importlib.resources) are stored with the heap
// and written back at the same paths before Python runs.
//
// Anything that goes wrong (no storage API, a snapshot of another engine or
// of another Pyodide, a restore that throws, storage full) ends in a normal
// boot, and making one never touches the engine the player uses:
// `bootEngineRuntime` never fails nor waits because of a snapshot.
//
// A damaged entry must never brick the site, since it would be restored on
// every visit.  Three guards, each ending in the entry deleted and a normal
// boot: the entry carries a SHA-256 digest of itself, checked before
// anything is restored; a "restoring" mark is stored before a restore and
// cleared once the engine has answered the page's first calls, so a boot that
// finds it (the last restore crashed the worker or the tab) drops the entry;
// and the restored engine must give the known answer stored at making time
// (a fixed game of each kind, and the digest of every installed data file) before
// the page may use it.  A fatal Pyodide error later on drops it too
// (`dropSnapshot`), and the page offers a reload.
// Used by the engine worker and by the Pyodide-on-Node tests, so both boot
// the same way.

/** Name of the Cache Storage cache holding the snapshot (the service worker keeps it). */
export const SNAPSHOT_CACHE = "brewhouse-snapshots";

/**
 * What a snapshot is made of, hence what it is checked against: the engine
 * wheel's bytes (its sha256) and the Pyodide version.  Not the build id: a
 * deploy that changes only the web files keeps the engine and Pyodide, so
 * the stored snapshot stays good and is not made again.
 */
export function snapshotIdentity(manifest) {
  return `engine-${manifest.engine.wheel_sha256.slice(0, 16)}-pyodide-${manifest.pyodide.version}`;
}

/** The key of the one snapshot a build can use (see `snapshotIdentity`). */
export function snapshotKey(manifest) {
  return `${snapshotIdentity(manifest)}.snapshot`;
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
    // the restoring mark: a record beside the entry (Cache Storage, which
    // workers reach and a crash of the worker or the tab does not undo)
    async markRestoring(key) {
      const cache = await caches.open(cacheName);
      await cache.put(url(RESTORING), new Response(key));
    },
    async restoringMark() {
      const cache = await caches.open(cacheName);
      const response = await cache.match(url(RESTORING));
      return response ? response.text() : null;
    },
    async clearRestoring() {
      const cache = await caches.open(cacheName);
      await cache.delete(url(RESTORING));
    },
  };
}

/** The name of the restoring mark's record (no snapshot key ends like it). */
const RESTORING = "restoring.mark";

// ---- the stored form: snapshot and installed files in one entry ------------

const MAGIC = 0x32534842; // "BHS2": BHS1 entries carried no digest
const DIGEST_BYTES = 32;

/** SHA-256 of `bytes` as lowercase hex (SubtleCrypto: in browsers, workers and Node). */
export async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

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
 * snapshot size, each file's path and size, the known answer), then the heap
 * snapshot (at an offset that keeps it 16-byte aligned), the files' bytes,
 * and last the SHA-256 digest of everything before it.  `answer` is what the
 * engine answered before the heap was copied (`brewhouse.warmup.known_answer`,
 * plus each data file's digest: see captureSnapshot).
 */
export async function packSnapshot(buildId, snapshot, files, answer = null) {
  const json = new TextEncoder().encode(JSON.stringify({
    build: buildId, snapshot: snapshot.length, files: files.map(([path, data]) => [path, data.length]), answer,
  }));
  const start = Math.ceil((8 + json.length) / 16) * 16;
  const body = start + snapshot.length + files.reduce((n, [, data]) => n + data.length, 0);
  const total = body + DIGEST_BYTES;
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
  out.set(new Uint8Array(await crypto.subtle.digest("SHA-256", out.subarray(0, body))), body);
  return out;
}

/** Packs again the parts of an entry (as unpackSnapshot gives them), with a fresh digest. */
export function repackSnapshot({ build, snapshot, files, answer }) {
  return packSnapshot(build, snapshot, files, answer);
}

/**
 * Throws unless the entry's last 32 bytes are the SHA-256 of the rest: any
 * byte changed since it was packed (a damaged disk, a torn write).
 */
export async function verifySnapshot(bytes) {
  if (bytes.length < 8 + DIGEST_BYTES) throw new Error("not a stored snapshot");
  const body = bytes.length - DIGEST_BYTES;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes.subarray(0, body)));
  if (!digest.every((b, i) => b === bytes[body + i])) throw new Error("stored snapshot is damaged: its digest does not match");
}

/** The parts of a stored entry: {build, snapshot, files, answer}; throws on anything else (its digest is not checked). */
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
  if (at + DIGEST_BYTES !== bytes.length) throw new Error("stored snapshot is truncated or too long");
  return { build: header.build, snapshot: bytes.subarray(start, start + header.snapshot), files, answer: header.answer };
}

// ---- making and restoring -------------------------------------------------

/** The Python global naming the build a snapshot was made from (checked after a restore). */
const BUILD_MARK = "_brewhouse_snapshot_build";

/**
 * Copy the heap of a Pyodide booted with `_makeSnapshot: true` once the
 * engine is imported (every game's data is loaded first, and micropip, done
 * with, is dropped: it holds JavaScript functions a snapshot cannot carry),
 * and the installed packages' files, which live outside the heap: the bytes
 * to store.  The engine's known answer is taken from this normal boot just
 * before the copy, with every installed data file's digest, and stored with it.
 */
export async function captureSnapshot(pyodide, buildId) {
  pyodide.globals.set(BUILD_MARK, buildId);
  const result = pyodide.runPython(`
import gc, site, sys
from brewhouse.warmup import warm_up, known_answer
warm_up()
for name in [m for m in sys.modules if m == "micropip" or m.startswith("micropip.")]:
    del sys.modules[name]
_known = known_answer()
gc.collect()
[site.getsitepackages()[0], _known]
`);
  const [sitePackages, games] = result.toJs({ dict_converter: Object.fromEntries });
  result.destroy(); // a snapshot can hold no proxy
  pyodide.runPython("del _known");
  const files = readTree(pyodide.FS, sitePackages);
  // the engine's data files (its JSON, read through importlib.resources): its code
  // is checked by the games it plays, and hashing every installed file cost more
  const dataFiles = files.filter(([path]) => /\/brewhouse\/.*\.json$/.test(path));
  const answer = { games, files: Object.fromEntries(await Promise.all(dataFiles.map(async ([path, data]) => [path, await sha256Hex(data)]))) };
  // the JavaScript list of loaded packages is compared with an empty one
  const loaded = { ...pyodide.loadedPackages };
  for (const name of Object.keys(loaded)) delete pyodide.loadedPackages[name];
  let snapshot;
  try {
    snapshot = pyodide.makeMemorySnapshot();
  } finally {
    Object.assign(pyodide.loadedPackages, loaded);
  }
  return packSnapshot(buildId, snapshot, files, answer);
}

/**
 * Options for loadPyodide that restore a stored entry (`stored`: its bytes,
 * or a promise of them): the heap, and the installed files written back in place
 * before Python runs again.  Throws (from loadPyodide) on an entry of
 * another build or another Pyodide, one that is not a snapshot at all, or
 * one whose digest does not match (checked while Pyodide loads; `timings`
 * gets `digestMs`, what the check took).
 */
export function restoreOptions(stored, buildId, timings = {}) {
  const parts = Promise.resolve(stored).then(async (bytes) => {
    const parts = unpackSnapshot(bytes);
    const started = performance.now();
    await verifySnapshot(bytes);
    timings.digestMs = Math.round(performance.now() - started);
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
 * After `loadPyodide(restoreOptions(stored, …))`: check the snapshot is this
 * build's and that the engine gives the known answer stored with it (the
 * same fixed games, the same installed data files), before anything else
 * uses it; then give this visit its own randomness (the snapshot holds the
 * random module's state of the boot that made it; game seeds come from
 * os.urandom and our PRNG lives in each game's state).  Rejects on any
 * mismatch; `timings` gets `filesMs` and `gamesMs`, what the checks took.
 */
export async function reviveSnapshot(pyodide, buildId, stored, timings = {}) {
  const madeFor = pyodide.globals.get(BUILD_MARK);
  if (madeFor !== buildId) throw new Error(`snapshot of build ${madeFor}, not ${buildId}`);
  const { answer } = unpackSnapshot(stored);
  if (!answer) throw new Error("the snapshot carries no known answer");
  const started = performance.now();
  // the files are hashed by SubtleCrypto (off this thread, and faster than
  // hashlib in Pyodide) while Python plays the fixed games
  const wrongFiles = Promise.all(Object.entries(answer.files).map(async ([path, digest]) => {
    let data;
    try {
      data = pyodide.FS.readFile(path);
    } catch {
      return `installed file ${path} is missing`;
    }
    return (await sha256Hex(data)) === digest ? null : `installed file ${path} is not the one the snapshot was made with`;
  })).then((wrong) => {
    timings.filesMs = Math.round(performance.now() - started);
    return wrong.filter(Boolean);
  });
  const check = pyodide.toPy({ expected: answer.games });
  let wrongGame;
  try {
    wrongGame = pyodide.runPython(`
import importlib
from brewhouse.warmup import known_answer
importlib.invalidate_caches()
def wrong_game():
    games = known_answer()
    for game, digest in expected.items():
        if games.get(game) != digest:
            return f"the restored engine plays {game} differently from the boot that made it"
wrong_game()
`, { globals: check });
  } catch (err) {
    wrongGame = `the restored engine fails its known answer: ${String(err.message ?? err).trim().split("\n").pop()}`;
  } finally {
    check.destroy();
  }
  timings.gamesMs = Math.round(performance.now() - started);
  const [wrongFile] = await wrongFiles; // a damaged file says more than what it made the games do
  if (wrongFile || wrongGame) throw new Error(wrongFile ?? wrongGame);
  pyodide.runPython("import random\nrandom.seed()");
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
 * - `store`: {get, put, delete} or null (no storage: always a normal boot),
 *   and optionally {markRestoring, restoringMark, clearRestoring}: the
 *   restoring mark, which must survive a crash of the worker or the tab;
 * - `restore(bytes)`: a Pyodide restored from the stored `bytes` with the
 *   engine revived and checked (throws when it cannot be);
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
 * `bytes`), or `unavailable` with an `error`.  Two more functions, which
 * never reject: `restoreAnswered()` clears the restoring mark (call it once
 * the restored engine has answered the page's first calls; until then a
 * crash means the next boot drops the entry), and `dropSnapshot()` deletes
 * the restored entry (after a fatal error of its engine).
 */
export async function bootEngineRuntime({ store, key, enabled = true, restore, boot, make,
                                          later = (task) => setTimeout(task, 0), log = () => {} }) {
  const status = { state: "off", key };
  const nothing = async () => {};
  if (!enabled || !store) {
    status.state = enabled ? "unavailable" : "off";
    return { pyodide: await boot(), snapshot: status, stored: Promise.resolve(false),
      restoreAnswered: nothing, dropSnapshot: nothing };
  }
  const quietly = async (step) => { try { await step(); } catch { /* the entry is replaced later anyway */ } };
  const clearMark = () => quietly(() => store.clearRestoring?.());
  const drop = () => quietly(() => store.delete(key)).then(clearMark);
  let found = null;
  let crashed = null;
  try {
    [found, crashed] = await Promise.all([store.get(key), store.restoringMark?.() ?? null]);
  } catch (err) {
    status.error = `read: ${err.message ?? err}`;
  }
  if (crashed) {
    // the last restore never reached the page's first answers: whatever it
    // restored (the digest cannot see everything) is not restored again
    status.error = "restore: the last restore of this snapshot did not finish";
    log(`snapshot dropped, booting normally: ${status.error}`);
    if (crashed !== key) await quietly(() => store.delete(crashed));
    await drop();
    found = null;
  }
  if (found) {
    try {
      await store.markRestoring?.(key);
      // read whole before Pyodide starts: reading 33 MB while Pyodide fetches and
      // compiles its WebAssembly made both slower (measured in Chromium)
      const bytes = await found.bytes;
      const pyodide = await restore(bytes);
      return { pyodide, snapshot: { ...status, state: "restored", bytes: bytes.length }, stored: Promise.resolve(false),
        restoreAnswered: clearMark, dropSnapshot: drop };
    } catch (err) {
      status.error = `restore: ${err.message ?? err}`;
      log(`snapshot not usable, booting normally: ${status.error}`);
      await drop();
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
  return { pyodide, snapshot: status, stored, restoreAnswered: nothing, dropSnapshot: nothing };
}
