// Restores that must fail, in real Pyodide under Node, and the boot that
// follows each failure (web/js/snapshot.js).  Usage: node snapshot_faults.mjs DIST STORED
// where STORED is a good stored snapshot of DIST's build (made by run.mjs).
// Prints JSON: each case's error message, and the fallback boot's outcome.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, storedFile] = process.argv.slice(2);
const distDir = path.resolve(dist);
const manifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(distDir, manifest.pyodide.path, "pyodide.mjs")).href);
const snapshots = await import(pathToFileURL(path.join(distDir, "js", "snapshot.js")).href);
const indexURL = path.join(distDir, manifest.pyodide.path) + "/";
const good = new Uint8Array(readFileSync(storedFile));

async function restoreError(bytes, buildId = manifest.build_id) {
  try {
    const pyodide = await loadPyodide({ indexURL, ...snapshots.restoreOptions(Promise.resolve(bytes), buildId) });
    await snapshots.reviveSnapshot(pyodide, buildId, bytes);
    return null;
  } catch (err) {
    return String(err.message ?? err).split("\n")[0];
  }
}

const parts = snapshots.unpackSnapshot(good);
// the heap snapshot of another Pyodide build: Pyodide's own header names its build
const otherPyodide = new Uint8Array(parts.snapshot);
otherPyodide[16] ^= 0xff;
const out = {
  garbage: await restoreError(new Uint8Array(4096).fill(7)),
  truncated: await restoreError(good.subarray(0, good.length - 1000)),
  other_build: await restoreError(await snapshots.packSnapshot("0123456789abcdef", parts.snapshot, parts.files, parts.answer)),
  other_pyodide: await restoreError(await snapshots.packSnapshot(manifest.build_id, otherPyodide, parts.files, parts.answer)),
  // a container that claims the build asked for, around a heap marked for another
  other_engine: await restoreError(await snapshots.packSnapshot("fedcba9876543210", parts.snapshot, parts.files, parts.answer),
    "fedcba9876543210"),
};

// damage that the entry's digest sees: bytes changed since it was stored
function flipped(bytes, at, count) {
  const copy = new Uint8Array(bytes);
  for (let i = 0; i < count; i++) copy[at + i] ^= 0xa5;
  return copy;
}
const heapAt = parts.snapshot.byteOffset - good.byteOffset;
const fileAt = (suffix) => {
  const [, data] = parts.files.find(([file]) => file.endsWith(suffix));
  return data.byteOffset - good.byteOffset;
};
out.heap_flipped = await restoreError(flipped(good, heapAt + (parts.snapshot.length >> 1), 64));
out.lessons_damaged = await restoreError(flipped(good, fileAt("/seize/lessons.json") + 40, 24));
out.old_cards_damaged = await restoreError(flipped(good, fileAt("/seize/editions/1/cards.json") + 100, 24));

// damage that it cannot see (the entry packed again around it, digest and all):
// the known answer stored at making time must catch it
function replaced(data, needle, by) {
  const text = new TextEncoder().encode(needle);
  const copy = new Uint8Array(data);
  let hits = 0;
  outer: for (let i = 0; i + text.length <= copy.length; i++) {
    for (let j = 0; j < text.length; j++) if (copy[i + j] !== text[j]) continue outer;
    copy.set(new TextEncoder().encode(by), i);
    hits += 1;
  }
  if (!hits) throw new Error(`${needle} not found`);
  return copy;
}
const withFile = (suffix, change) => parts.files.map(([file, data]) => [file, file.endsWith(suffix) ? change(data) : data]);
out.lessons_repacked = await restoreError(await snapshots.repackSnapshot({ ...parts,
  files: withFile("/seize/lessons.json", (data) => flipped(data, 40, 24)) }));
out.old_cards_repacked = await restoreError(await snapshots.repackSnapshot({ ...parts,
  files: withFile("/seize/editions/1/cards.json", (data) => flipped(data, 100, 24)) }));
// a customer of the fixed Seize game, renamed in the heap (a string object of the loaded cards)
out.heap_repacked = await restoreError(await snapshots.repackSnapshot({ ...parts,
  snapshot: replaced(parts.snapshot, "velodrome_sprinter", "welodrome_sprinter") }));
out.no_answer = await restoreError(await snapshots.repackSnapshot({ ...parts, answer: null }));

// a failed restore ends in a normal boot (without micropip here: the engine is
// only imported from the good snapshot's files, which is all this case needs)
function withEngineFiles(pyodide) {
  for (const [file, data] of parts.files) {
    pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    pyodide.FS.writeFile(file, data);
  }
  return pyodide;
}

/** A store in memory holding `entry` under the build's key, with the restoring mark; `log` records every change. */
function memoryStore(entry, mark = null) {
  const log = [];
  const key = snapshots.snapshotKey(manifest);
  let held = entry;
  return {
    log,
    get: async (asked) => (asked === key && held ? { bytes: Promise.resolve(held) } : null),
    put: async (asked, bytes) => { held = bytes; mark = null; log.push([asked, bytes.length]); },
    delete: async (asked) => { held = null; log.push([asked, "deleted"]); },
    markRestoring: async (asked) => { mark = asked; log.push([asked, "marked"]); },
    restoringMark: async () => mark,
    clearRestoring: async () => { if (mark) log.push([mark, "cleared"]); mark = null; },
    get mark() { return mark; },
  };
}

let restores = 0;
async function boot(store) {
  const booted = await snapshots.bootEngineRuntime({
    store,
    key: snapshots.snapshotKey(manifest),
    restore: async (bytes) => {
      restores += 1;
      const pyodide = await loadPyodide({ indexURL, ...snapshots.restoreOptions(bytes, manifest.build_id) });
      await snapshots.reviveSnapshot(pyodide, manifest.build_id, bytes);
      return pyodide;
    },
    boot: async () => withEngineFiles(await loadPyodide({ indexURL })),
    make: async () => snapshots.captureSnapshot(withEngineFiles(await loadPyodide({ indexURL, _makeSnapshot: true })),
      manifest.build_id),
  });
  await booted.stored;
  return booted;
}
const engineVersion = (pyodide) => JSON.parse(pyodide.pyimport("brewhouse.api").call_json("engine_info", "{}")).result.version;

const garbage = memoryStore(new Uint8Array(4096).fill(7));
const fellBack = await boot(garbage);
out.fallback = { snapshot: fellBack.snapshot, stored: garbage.log.filter(([, what]) => what !== "marked" && what !== "cleared"),
  engine: engineVersion(fellBack.pyodide) };

// a good entry: marked while it is restored, the mark cleared once the engine answered
const goodStore = memoryStore(good);
const restored = await boot(goodStore);
const markedWhileBooting = goodStore.mark;
await restored.restoreAnswered();
out.good = { state: restored.snapshot.state, marked_while_booting: markedWhileBooting, mark_after: goodStore.mark,
  log: [...goodStore.log], engine: engineVersion(restored.pyodide) };
// a fatal error of the restored engine: the page asks to drop it
await restored.dropSnapshot();
out.good.dropped = goodStore.log.slice(out.good.log.length);

// the last restore crashed (the mark is still there): not restored again
restores = 0;
const crashedStore = memoryStore(good, snapshots.snapshotKey(manifest));
const afterCrash = await boot(crashedStore);
out.crashed = { snapshot: afterCrash.snapshot, restores, log: crashedStore.log, mark: crashedStore.mark,
  engine: engineVersion(afterCrash.pyodide) };
console.log(JSON.stringify(out));
