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
    snapshots.reviveSnapshot(pyodide, buildId);
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
  other_build: await restoreError(snapshots.packSnapshot("0123456789abcdef", parts.snapshot, parts.files)),
  other_pyodide: await restoreError(snapshots.packSnapshot(manifest.build_id, otherPyodide, parts.files)),
  // a container that claims the build asked for, around a heap marked for another
  other_engine: await restoreError(snapshots.packSnapshot("fedcba9876543210", parts.snapshot, parts.files),
    "fedcba9876543210"),
};

// a failed restore ends in a normal boot (without micropip here: the engine is
// only imported from the good snapshot's files, which is all this case needs)
function withEngineFiles(pyodide) {
  for (const [file, data] of parts.files) {
    pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    pyodide.FS.writeFile(file, data);
  }
  return pyodide;
}
const stored = [];
const booted = await snapshots.bootEngineRuntime({
  store: {
    get: async () => ({ bytes: Promise.resolve(new Uint8Array(4096).fill(7)) }),
    put: async (key, bytes) => { stored.push([key, bytes.length]); },
    delete: async (key) => { stored.push([key, "deleted"]); },
  },
  key: snapshots.snapshotKey(manifest),
  restore: async (bytes) => loadPyodide({ indexURL, ...snapshots.restoreOptions(bytes, manifest.build_id) }),
  boot: async () => withEngineFiles(await loadPyodide({ indexURL })),
  make: async () => snapshots.captureSnapshot(withEngineFiles(await loadPyodide({ indexURL, _makeSnapshot: true })),
    manifest.build_id),
});
await booted.stored;
out.fallback = {
  snapshot: booted.snapshot,
  stored,
  engine: JSON.parse(booted.pyodide.pyimport("brewhouse.api").call_json("engine_info", "{}")).result.version,
};
console.log(JSON.stringify(out));
