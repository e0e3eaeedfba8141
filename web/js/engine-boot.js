// The normal boot of the engine's Python, shared by the engine worker
// (engine-worker.js) and the worker that makes a memory snapshot after the
// first visit's boot (snapshot-maker.js): Pyodide, micropip, the engine wheel
// installed and imported.
import { aliasNamesForMicropip } from "./micropip-compat.js";

/**
 * Wrap fetch so every byte the runtime downloads is counted (`onBytes`), and
 * every failed download is reported (`onFailure`): Pyodide only logs a failed
 * wasm download and then waits forever, so a boot must fail on it explicitly.
 */
export function watchFetches(onBytes, onFailure) {
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

/** Where a build's files are, from its manifest and the site's base URL. */
export function buildLocations(manifest, base) {
  const pyodidePath = manifest.pyodide.path;
  return {
    pyodideModule: new URL(`${pyodidePath}/pyodide.mjs`, base).href,
    indexURL: new URL(`${pyodidePath}/`, base).href,
    micropipURL: new URL(manifest.micropip.wheel, base).href,
    wheelURL: new URL(manifest.engine.wheel, base).href,
    wheelName: manifest.engine.wheel.split("/").pop(),
  };
}

/**
 * The normal boot: Pyodide, micropip, the engine wheel installed and imported.
 * `makeSnapshot` boots a Pyodide that can make a memory snapshot (only the
 * snapshot maker does: the engine itself never needs to).
 */
export async function normalBoot({ loadPyodide, manifest, base, makeSnapshot = false,
                                   onInstall = () => {}, mark = () => {} }) {
  const where = buildLocations(manifest, base);
  // fetch the engine wheel while the runtime boots (it does not depend on it)
  const wheelPromise = fetchChecked(where.wheelURL, manifest.engine.wheel_sha256);
  wheelPromise.catch(() => {}); // awaited (and its error raised) below
  const pyodide = await loadPyodide({ indexURL: where.indexURL, ...(makeSnapshot ? { _makeSnapshot: true } : {}) });
  mark("pyodide");
  aliasNamesForMicropip(pyodide);
  // micropip is loaded by URL (its pinned sha256 is checked at build time,
  // then its modules are byte-compiled for this Pyodide);
  // integrity checking stays on for everything else
  const loadErrors = [];
  await pyodide.loadPackage(where.micropipURL, {
    messageCallback: () => {},
    errorCallback: (message) => loadErrors.push(message),
  });
  if (loadErrors.length) throw new Error(`micropip failed to load: ${loadErrors.join("; ")}`);
  mark("micropip");

  // the engine wheel was fetched by us and checked against the manifest; install it
  const wheel = await wheelPromise;
  onInstall();
  pyodide.FS.mkdirTree("/tmp/wheels");
  pyodide.FS.writeFile(`/tmp/wheels/${where.wheelName}`, wheel);
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(`emfs:/tmp/wheels/${where.wheelName}`);
  micropip.destroy();
  pyodide.pyimport("brewhouse.api").destroy();
  mark("install");
  return pyodide;
}
