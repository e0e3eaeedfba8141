// A short-lived worker that does one thing with the engine's memory snapshot
// in Cache Storage for the engine worker (read it, store it, delete it, or
// set, read and clear its restoring mark), then is ended.  A Cache object keeps even a deleted cache's bytes on disk until
// it is garbage-collected, which an idle worker may not do for a long time;
// a worker that ends lets go of its own at once.  So the engine worker, which
// lives as long as the page, never holds the snapshot's cache open, and
// dropping it to make room for a player's save (storage.js) frees its 33 MB
// straight away.
import { cacheStorageStore } from "./snapshot.js";

self.onmessage = async ({ data: { op, base, key, bytes } }) => {
  try {
    const store = cacheStorageStore(base);
    if (!store) throw new Error("no Cache Storage here");
    if (op === "get") {
      const found = await store.get(key);
      const read = found ? await found.bytes : null;
      self.postMessage({ found: Boolean(found), bytes: read }, read ? [read.buffer] : []);
    } else if (op === "put") {
      await store.put(key, bytes);
      self.postMessage({});
    } else if (op === "delete") {
      await store.delete(key);
      self.postMessage({});
    } else if (op === "markRestoring") {
      await store.markRestoring(key);
      self.postMessage({});
    } else if (op === "restoringMark") {
      self.postMessage({ mark: await store.restoringMark() });
    } else if (op === "clearRestoring") {
      await store.clearRestoring();
      self.postMessage({});
    } else {
      throw new Error(`unknown operation ${op}`);
    }
  } catch (err) {
    self.postMessage({ error: String(err?.message ?? err) });
  }
};
