// Saved games in IndexedDB (through idb), with export to and import from files.
//
// A record is { id, game, seats, status, ply, phase, created, updated, save },
// where `save` is the engine's own versioned save (game, config, seed, moves,
// state digest).  Export files wrap records in { format, version, records }.
// Imports are validated completely (shape here, then every save replayed by
// the engine) before anything is written: a bad file changes nothing.
import { openDB } from "./vendor.js";

export const DB_NAME = "brewhouse";
export const DB_VERSION = 1;
export const EXPORT_FORMAT = "brewhouse-saves";
export const EXPORT_VERSION = 1;
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export class ImportError extends Error {
  constructor(reason, detail = "") {
    super(detail || reason);
    this.name = "ImportError";
    this.reason = reason; // an i18n key suffix: error.<reason>
  }
}

function upgrade(db, oldVersion) {
  // one case per schema version, so old databases migrate step by step
  if (oldVersion < 1) {
    const store = db.createObjectStore("saves", { keyPath: "id" });
    store.createIndex("updated", "updated");
  }
}

export class SavesStore {
  constructor() { this.db = openDB(DB_NAME, DB_VERSION, { upgrade }); }

  /** Ask the browser not to evict our data; resolves to whether it agreed. */
  static async persist() {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return navigator.storage.persist();
  }

  async list() {
    const records = await (await this.db).getAllFromIndex("saves", "updated");
    return records.reverse(); // most recently played first
  }

  async get(id) { return (await this.db).get("saves", id); }

  async put(record) {
    checkRecord(record);
    await (await this.db).put("saves", record);
    return record;
  }

  async delete(id) { await (await this.db).delete("saves", id); }

  /** A JSON export file (as text) of the given records, or of all of them. */
  async exportText(ids = null) {
    const all = await this.list();
    const records = ids ? all.filter((r) => ids.includes(r.id)) : all;
    return JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exported: new Date().toISOString(), records }, null, 1);
  }

  /**
   * Import an export file.  `validateSave(save)` must throw for a save the
   * engine rejects.  All records are checked before any is written, and they
   * are written in one transaction: all or nothing.
   */
  async importText(text, validateSave) {
    const records = parseExport(text);
    for (const record of records) {
      try {
        await validateSave(record.save);
      } catch (err) {
        if (err.code === "engine_not_ready") throw new ImportError("engine_not_ready", err.message);
        throw new ImportError("bad_save", err.message);
      }
    }
    const tx = (await this.db).transaction("saves", "readwrite");
    await Promise.all([...records.map((r) => tx.store.put(r)), tx.done]);
    return records.length;
  }
}

/** Parse and shape-check an export file; throws ImportError with a reason. */
export function parseExport(text) {
  if (typeof text !== "string" || text.length > MAX_IMPORT_BYTES) throw new ImportError("too_large");
  let data;
  try { data = JSON.parse(text); } catch { throw new ImportError("not_json"); }
  if (!data || typeof data !== "object" || data.format !== EXPORT_FORMAT) throw new ImportError("not_brewhouse");
  if (!Number.isInteger(data.version) || data.version < 1) throw new ImportError("not_brewhouse");
  if (data.version > EXPORT_VERSION) throw new ImportError("too_new");
  if (!Array.isArray(data.records)) throw new ImportError("not_brewhouse");
  for (const record of data.records) {
    try { checkRecord(record); } catch (err) { throw new ImportError("bad_record", err.message); }
  }
  return data.records;
}

const STATUSES = new Set(["in_progress", "finished"]);

export function checkRecord(r) {
  const fail = (what) => { throw new Error(`invalid saved game: ${what}`); };
  if (!r || typeof r !== "object") fail("not an object");
  if (typeof r.id !== "string" || !r.id || r.id.length > 100) fail("id");
  if (typeof r.game !== "string") fail("game");
  if (!Array.isArray(r.seats) || !r.seats.every((s) => typeof s === "string")) fail("seats");
  if (!STATUSES.has(r.status)) fail("status");
  if (!Number.isInteger(r.ply) || r.ply < 0) fail("ply");
  for (const key of ["created", "updated"]) if (typeof r[key] !== "string" || Number.isNaN(Date.parse(r[key]))) fail(key);
  if (!r.save || typeof r.save !== "object" || r.save.game !== r.game) fail("save");
}

export function newRecordId() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}
