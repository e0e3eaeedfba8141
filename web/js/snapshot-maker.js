// A short-lived module worker that makes the engine's memory snapshot
// (snapshot.js) off the player's path.  The engine worker starts it once its
// own engine answers and the page is idle, posts it the build manifest, and
// gets back the snapshot's bytes (or an error message); then it ends it.
// Making a snapshot needs a Pyodide loaded with `_makeSnapshot: true` that
// holds no JavaScript callbacks, so it boots one of its own: the engine the
// player uses is never touched, and whatever fails here only means no
// snapshot this time.
import { buildLocations, normalBoot, watchFetches } from "./engine-boot.js";
import { captureSnapshot, snapshotIdentity } from "./snapshot.js";

self.onmessage = async ({ data: { manifest } }) => {
  try {
    let failBoot;
    const bootFailed = new Promise((_, reject) => { failBoot = reject; });
    watchFetches(() => {}, failBoot);
    const base = new URL("../", import.meta.url);
    const bytes = await Promise.race([bootFailed, (async () => {
      const { loadPyodide } = await import(buildLocations(manifest, base).pyodideModule);
      const pyodide = await normalBoot({ loadPyodide, manifest, base, makeSnapshot: true });
      return captureSnapshot(pyodide, snapshotIdentity(manifest));
    })()]);
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (err) {
    self.postMessage({ error: String(err?.message ?? err) });
  }
};
