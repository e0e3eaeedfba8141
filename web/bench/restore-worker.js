// See restore.js: restore the stored snapshot of this build, then one engine call.
import { cacheStorageStore, restoreOptions, reviveSnapshot, snapshotIdentity, snapshotKey } from "../js/snapshot.js";

const started = performance.now();
const marks = {};
const mark = (name) => { marks[name] = Math.round(performance.now() - started); };
try {
  const base = new URL("../", import.meta.url);
  const manifest = await (await fetch(new URL("build-manifest.json", base), { cache: "no-cache" })).json();
  const indexURL = new URL(`${manifest.pyodide.path}/`, base).href;
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  mark("manifest");
  const found = await cacheStorageStore(base).get(snapshotKey(manifest));
  if (!found) throw new Error("no stored snapshot of this build: open the app first");
  const bytes = await found.bytes;
  const options = restoreOptions(bytes, snapshotIdentity(manifest));
  mark("snapshot-read");
  const pyodide = await loadPyodide({ indexURL, ...options });
  mark("pyodide");
  await reviveSnapshot(pyodide, snapshotIdentity(manifest), bytes);
  pyodide.pyimport("brewhouse.api").call_json("engine_info", "{}");
  mark("engine");
  postMessage({ ok: true, marks });
} catch (err) {
  postMessage({ ok: false, error: String(err) });
}
