// Starts the engine worker as soon as the page runs a script.  index.html loads
// this small module (and preloads its imports) before main.js, whose module
// graph (the UI, the message catalogues, the saved games) a first visit
// otherwise fetched level by level before the boot could begin; the engine's
// own boot needs none of it.
// main.js imports this same module instance and takes over the first boot.
import { Engine } from "./engine.js";
import { snapshotsHeld } from "./storage.js";

/** The page's one engine. */
export const engine = new Engine();

/**
 * Whether this boot may use or make a memory snapshot (`localStorage["brewhouse.snapshot"] = "off"` says no,
 * and so does storage that was full lately: see storage.js).
 */
export function snapshotsEnabled() {
  try {
    return localStorage.getItem("brewhouse.snapshot") !== "off" && !snapshotsHeld();
  } catch {
    return true; // storage blocked: the snapshot's own store decides (and falls back)
  }
}

let listener = () => {};
let lastReport = null;

/**
 * Hear the first boot's progress reports from now on; the latest one so far
 * is replayed at once (the boot starts before the page's UI has loaded).
 */
export function onFirstBootProgress(report) {
  listener = report;
  if (lastReport) report(lastReport);
}

/** The first boot, started at once: resolves with the engine's info, as `Engine.start` does. */
export const firstBoot = engine.start((progress) => {
  lastReport = progress;
  listener(progress);
}, { snapshot: snapshotsEnabled() });
firstBoot.catch(() => {}); // main.js reports a failed boot on the page
