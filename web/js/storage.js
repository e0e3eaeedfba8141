// The site's storage when it runs out: a player's data comes before any cache.
//
// Every IndexedDB write of a player's data (a save, an import, lesson
// progress) goes through `withRoomToWrite`.  When the browser refuses it for
// want of room, the caches this site can do without are dropped (the engine's
// memory snapshot: the next boot is a normal one, a few seconds longer) and
// the write is tried again; if that is not enough it fails with a
// StorageFullError, which the page says plainly.  The service worker's
// precache is never dropped: it is what makes the site play offline.
//
// Having made room, the site stops storing memory snapshots for a while
// (`snapshotsHeld`), or the next snapshot would eat the room again; and a
// snapshot is never stored when it would leave the origin's quota nearly used
// (`roomForSnapshot`).  Imported by the page and by the engine worker: no DOM.
import { SNAPSHOT_CACHE } from "./snapshot.js";

/** Cache Storage caches that no game needs (the precache is not one of them). */
export const DISPOSABLE_CACHES = [SNAPSHOT_CACHE];
/** localStorage key: when room was last made by dropping caches (ISO date). */
const ROOM_MADE_KEY = "brewhouse.storage.roomMade";
/** How long after making room no snapshot is stored: one week of normal boots. */
const HOLD_SNAPSHOTS_MS = 7 * 24 * 3600 * 1000;
/** The room a snapshot must leave free, at least: saves and lessons need little, but they need it. */
const SNAPSHOT_HEADROOM_BYTES = 64 * 1024 * 1024;
/** … and at least this share of the quota. */
const SNAPSHOT_HEADROOM_SHARE = 0.1;

export class StorageFullError extends Error {
  constructor(cause) {
    super(`storage is full: ${cause?.message || cause?.name || cause}`);
    this.name = "StorageFullError";
    this.cause = cause;
  }
}

/** Whether `err` is the browser refusing a write for want of room. */
export function isQuotaError(err) {
  return err?.name === "QuotaExceededError" || err?.code === 22 || err instanceof StorageFullError;
}

const roomMadeListeners = new Set();

/** Call `listener()` each time caches are dropped to make room (the page then holds the engine's snapshots). */
export function onRoomMade(listener) {
  roomMadeListeners.add(listener);
  return () => roomMadeListeners.delete(listener);
}

/**
 * Delete the caches the site can do without; resolves to whether there was
 * anything to delete.  Remembers when, so that no snapshot fills the room again.
 */
export async function dropDisposableCaches() {
  if (!globalThis.caches) return false;
  let dropped = false;
  for (const name of DISPOSABLE_CACHES) {
    try {
      if (await caches.delete(name)) dropped = true;
    } catch { /* a cache that cannot be deleted frees nothing */ }
  }
  try { localStorage.setItem(ROOM_MADE_KEY, new Date().toISOString()); } catch { /* not in a worker, or blocked */ }
  for (const listener of roomMadeListeners) listener();
  return dropped;
}

/**
 * Run `write()` (an IndexedDB write that may be refused for want of room);
 * refused, drop the disposable caches and run it once more.  Rejects with a
 * StorageFullError when there is still no room, with the write's own error
 * for anything else.  `write` must do the whole write again on each call.
 */
export async function withRoomToWrite(write) {
  try {
    return await write();
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    if (!(await dropDisposableCaches())) throw new StorageFullError(err);
    try {
      return await write();
    } catch (again) {
      throw isQuotaError(again) ? new StorageFullError(again) : again;
    }
  }
}

/** Whether room was made lately (then this page stores no snapshot: see HOLD_SNAPSHOTS_MS). */
export function snapshotsHeld(now = Date.now()) {
  try {
    const made = Date.parse(localStorage.getItem(ROOM_MADE_KEY) ?? "");
    return Number.isFinite(made) && now - made < HOLD_SNAPSHOTS_MS;
  } catch {
    return false;
  }
}

/**
 * Whether storing `bytes` more leaves the origin enough room
 * (navigator.storage.estimate; true where the browser cannot say).
 */
export async function roomForSnapshot(bytes) {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
  if (!estimate || !Number.isFinite(estimate.quota) || !Number.isFinite(estimate.usage)) return true;
  const headroom = Math.max(SNAPSHOT_HEADROOM_BYTES, estimate.quota * SNAPSHOT_HEADROOM_SHARE);
  return estimate.quota - estimate.usage - bytes >= headroom;
}

/**
 * What the home page says of the site's storage: {used, persisted}, or null
 * where the browser has no storage manager.  `ask` asks the browser to keep
 * the site's data first (once a player has something worth keeping).
 */
export async function storageState({ ask = false } = {}) {
  const manager = globalThis.navigator?.storage;
  if (!manager?.estimate) return null;
  let persisted = false;
  try {
    persisted = (await manager.persisted?.()) ?? false;
    if (!persisted && ask && manager.persist) persisted = await manager.persist();
  } catch { /* not granted */ }
  const { usage } = await manager.estimate().catch(() => ({}));
  return Number.isFinite(usage) ? { used: usage, persisted } : null;
}
