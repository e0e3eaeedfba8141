// Page-side handle on the engine worker.  Every call returns the API result or
// throws an EngineError carrying the engine's stable error code.
import { Comlink } from "./vendor.js";

export class EngineError extends Error {
  constructor(code, message, details = {}) {
    super(message);
    this.name = "EngineError";
    this.code = code;
    this.details = details;
  }
}

/** Run `task` a moment after the page is done with its current work, when it is idle. */
function whenIdle(task, settleMs = 1000) {
  setTimeout(() => (self.requestIdleCallback ? requestIdleCallback(task, { timeout: 2000 }) : task()), settleMs);
}

export class Engine {
  constructor() {
    this.worker = null;
    this.remote = null;
    this.ready = null;
    this.progressListeners = new Set();
    this.failureListeners = new Set();
    this.remoteListeners = new Set();
  }

  /**
   * Call ``listener(error)`` when the engine has stopped for good (a fatal
   * error of its runtime; only a new boot helps); returns an unsubscribe function.
   */
  onFailure(listener) {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** Call ``listener({match, level, fraction})`` while a bot thinks; returns an unsubscribe function. */
  onBotProgress(listener) {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  /** Call ``listener({host, channel, text})`` for every message a hosted remote game sends a guest. */
  onRemoteSend(listener) {
    this.remoteListeners.add(listener);
    return () => this.remoteListeners.delete(listener);
  }

  /**
   * Start (or restart) the worker; resolves with engine info when ready.
   * `options.snapshot === false` boots without a memory snapshot (neither uses nor makes one).
   */
  start(onProgress, options = {}) {
    this.stop();
    performance.mark("brewhouse-engine-start"); // read by the benchmarks, with the worker's bootMarks
    this.worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module", name: "brewhouse-engine" });
    this.remote = Comlink.wrap(this.worker);
    // progress messages carry no Comlink id, so Comlink ignores them
    this.worker.addEventListener("message", (event) => {
      const progress = event.data && event.data.brewhouseBotProgress;
      if (progress) for (const listener of this.progressListeners) listener(progress);
      const remote = event.data && event.data.brewhouseRemoteSend;
      if (remote) for (const listener of this.remoteListeners) listener(remote);
    });
    this.ready = this.remote.boot(Comlink.proxy(onProgress), options);
    // a first visit's boot then makes a memory snapshot for the next visits, in a
    // worker of its own: started once the page has shown the engine ready and is idle
    const remote = this.remote;
    this.ready.then(() => performance.mark("brewhouse-engine-booted"), () => {});
    this.ready.then(() => whenIdle(() => {
      if (this.remote === remote) remote.makeSnapshot().catch(() => {});
    }), () => {});
    return this.ready;
  }

  /** Resolves with whether this boot stored a new memory snapshot, once that is settled. */
  async whenSnapshotStored() {
    if (!this.remote) return false;
    await this.ready;
    return this.remote.whenSnapshotStored();
  }

  /** Store no memory snapshot in this boot any more (the page dropped one to make room). */
  holdSnapshots() {
    this.remote?.holdSnapshots().catch(() => {});
  }

  stop() {
    if (this.remote) this.remote[Comlink.releaseProxy]();
    if (this.worker) this.worker.terminate();
    this.worker = this.remote = this.ready = null;
  }

  async call(method, params = {}) {
    if (!this.remote) throw new EngineError("engine_not_ready", "the engine is not started");
    const out = JSON.parse(await this.remote.call(method, JSON.stringify(params)));
    if (!out.ok && out.error.code === "engine_failed") for (const listener of this.failureListeners) listener(out.error);
    if (!out.ok) throw new EngineError(out.error.code, out.error.message, out.error.details);
    return out.result;
  }
}
