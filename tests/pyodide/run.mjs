// Run a Python script in real Pyodide under Node, with the engine wheel of a
// built dist/ installed by micropip exactly as the browser worker does it.
// Usage: node run.mjs DIST SCRIPT.py [EXTRA_DIR]
// The script's global `result` is printed as JSON on the last line of stdout,
// with the boot's timings under "node".  BREWHOUSE_STDLIB_ZIP=PATH boots with
// another standard library zip (`make bench` compares the npm package's).
// BREWHOUSE_SNAPSHOT_DIR=DIR boots through a memory snapshot stored in DIR as
// the worker does (web/js/snapshot.js): restored when one fits, else a normal
// boot, then another Pyodide that makes one; "node.snapshot" says which.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, script, extraDir] = process.argv.slice(2);
const distDir = path.resolve(dist);
const manifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(distDir, manifest.pyodide.path, "pyodide.mjs")).href);
const { aliasNamesForMicropip } = await import(pathToFileURL(path.join(distDir, "js", "micropip-compat.js")).href);
const snapshots = await import(pathToFileURL(path.join(distDir, "js", "snapshot.js")).href);

const stdlibZip = process.env.BREWHOUSE_STDLIB_ZIP;
const options = {
  indexURL: path.join(distDir, manifest.pyodide.path) + "/",
  ...(stdlibZip ? { stdLibURL: path.resolve(stdlibZip) } : {}),
  stdout: (s) => console.error(s), stderr: (s) => console.error(s),
};
// BREWHOUSE_ENGINE_WHEEL=PATH installs another engine wheel (`make bench` compares the source one)
const wheel = readFileSync(process.env.BREWHOUSE_ENGINE_WHEEL ?? path.join(distDir, manifest.engine.wheel));
let bootMs = 0;

async function normalBoot(makeSnapshot) {
  const pyodide = await loadPyodide({ ...options, ...(makeSnapshot ? { _makeSnapshot: true } : {}) });
  if (!makeSnapshot) bootMs = performance.now() - started;
  aliasNamesForMicropip(pyodide);
  const errors = [];
  await pyodide.loadPackage(path.join(distDir, manifest.micropip.wheel), { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
  if (errors.length) throw new Error(errors.join("; "));
  const wheelName = manifest.engine.wheel.split("/").pop();
  pyodide.FS.mkdirTree("/tmp/wheels");
  pyodide.FS.writeFile(`/tmp/wheels/${wheelName}`, wheel);
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(`emfs:/tmp/wheels/${wheelName}`);
  micropip.destroy();
  return pyodide;
}

async function restore(bytes) {
  const pyodide = await loadPyodide({ ...options, ...snapshots.restoreOptions(bytes, manifest.build_id) });
  bootMs = performance.now() - started;
  await snapshots.reviveSnapshot(pyodide, manifest.build_id, bytes);
  return pyodide;
}

/** A snapshot store in a folder, one file per key, and the restoring mark (the browser's is Cache Storage). */
function folderStore(dir) {
  mkdirSync(dir, { recursive: true });
  const file = (key) => path.join(dir, key);
  const mark = path.join(dir, "restoring.mark");
  return {
    async markRestoring(key) { writeFileSync(mark, key); },
    async restoringMark() { try { return readFileSync(mark, "utf8"); } catch { return null; } },
    async clearRestoring() { rmSync(mark, { force: true }); },
    async get(key) { try { return { bytes: Promise.resolve(new Uint8Array(readFileSync(file(key)))) }; } catch { return null; } },
    async put(key, bytes) {
      for (const name of readdirSync(dir)) rmSync(path.join(dir, name));
      writeFileSync(file(key), bytes);
    },
    async delete(key) { rmSync(file(key), { force: true }); },
  };
}

const snapshotDir = process.env.BREWHOUSE_SNAPSHOT_DIR;
let snapshot = null;
let restoreAnswered = async () => {};
let pyodide;
if (snapshotDir) {
  const booted = await snapshots.bootEngineRuntime({
    store: folderStore(snapshotDir), key: snapshots.snapshotKey(manifest), restore, boot: () => normalBoot(false),
    // as the browser's snapshot worker does: another Pyodide boots normally and is captured
    make: async () => snapshots.captureSnapshot(await normalBoot(true), manifest.build_id),
    log: (m) => console.error(m),
  });
  pyodide = booted.pyodide;
  const stored = await booted.stored; // the status says "made" once it is
  snapshot = { ...booted.snapshot, stored };
  restoreAnswered = booted.restoreAnswered;
} else {
  pyodide = await normalBoot(false);
}
const readyMs = performance.now() - started;

if (extraDir) {
  // test-only modules (e.g. the toy game) are copied into the Pyodide file system
  pyodide.FS.mkdirTree("/extra/support");
  for (const name of ["__init__.py", "toygame.py"]) {
    pyodide.FS.writeFile(`/extra/support/${name}`, readFileSync(path.join(extraDir, "support", name)));
  }
  // and the golden save corpus, which the engine must load in WebAssembly too
  const corpus = path.join(extraDir, "fixtures", "saves");
  pyodide.FS.mkdirTree("/extra/fixtures/saves");
  for (const name of readdirSync(corpus).filter((n) => n.endsWith(".json"))) {
    pyodide.FS.writeFile(`/extra/fixtures/saves/${name}`, readFileSync(path.join(corpus, name)));
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/extra')");
}
pyodide.runPython(readFileSync(script, "utf8"));
await restoreAnswered(); // as the worker does once the page's first calls are answered
const scriptDoneMs = performance.now() - started;
const result = pyodide.globals.get("result");
const out = typeof result === "string" ? JSON.parse(result) : result.toJs({ dict_converter: Object.fromEntries });
out.node = { boot_ms: Math.round(bootMs), ready_ms: Math.round(readyMs), script_done_ms: Math.round(scriptDoneMs), python: pyodide.runPython("import sys; sys.version.split()[0]"), snapshot };
console.log(JSON.stringify(out));
