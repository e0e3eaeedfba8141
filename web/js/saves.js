// Saved games in IndexedDB (through idb), with export to and import from files.
//
// A record is { id, game, seats, status, ply, phase, day, outcome, created,
// updated, save }, where `save` is the engine's own versioned save (opaque
// here but for `save.game`) and `outcome` ({scores, winners}, null while the
// game goes on) lets the list show a result without replaying the game.
// Export files wrap records in { format, version, records }.  An import
// trusts nothing but each record's save and dates: the engine replays every
// save and says what it is, all before anything is written, and an import
// adds games without ever replacing one: a bad file changes nothing.
// Every write makes room first when storage is full (storage.js): a save
// that still cannot be written rejects with a StorageFullError.
import { openDB } from "./vendor.js";
import { StorageFullError, withRoomToWrite } from "./storage.js";
import { isSavedGameId } from "./table/url.js";

export const DB_NAME = "brewhouse";
/**
 * 2 adds the "lessons" store (progress of Learn to play); 3 the stores of a remote guest's copies of
 * its seat (remote/guest-copy.js).  The saves store is never changed.
 */
export const DB_VERSION = 3;
export const EXPORT_FORMAT = "brewhouse-saves";
export const EXPORT_VERSION = 1;
/** The largest import file, in bytes (UTF-8, as on disk). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export class ImportError extends Error {
  constructor(reason, detail = "", params = {}) {
    super(detail || reason);
    this.name = "ImportError";
    this.reason = reason; // an i18n key suffix: error.<reason>
    this.params = params; // its placeholders (e.g. the version of a newer build)
  }
}

function upgrade(db, oldVersion) {
  // one case per schema version, so old databases migrate step by step
  if (oldVersion < 1) {
    const store = db.createObjectStore("saves", { keyPath: "id" });
    store.createIndex("updated", "updated");
  }
  // only ever adds a store: a saved game is never read or rewritten by an upgrade
  if (oldVersion < 2) db.createObjectStore("lessons", { keyPath: "game" });
  // a remote guest's copy of what it was sent: records of their own, never a saved game (remote/guest-copy.js)
  if (oldVersion < 3) {
    db.createObjectStore("guest-copies", { keyPath: "id" });
    db.createObjectStore("guest-updates", { keyPath: ["copy", "n"] });
  }
}

let opened = null;

/**
 * The site's one database, opened once per page with every upgrade.  A tab
 * that holds it open steps aside when a newer build needs to upgrade it.
 */
export function openDatabase() {
  opened ??= openDB(DB_NAME, DB_VERSION, {
    upgrade,
    blocking(_current, _next, event) { event.target.close(); opened = null; },
  });
  return opened;
}

export class SavesStore {
  /** The open database (opened again after a newer build's tab made this one step aside). */
  get db() { return openDatabase(); }

  async list() {
    const records = await (await this.db).getAllFromIndex("saves", "updated");
    return records.reverse(); // most recently played first
  }

  async get(id) { return (await this.db).get("saves", id); }

  async put(record) {
    checkRecord(record);
    const db = await this.db;
    await withRoomToWrite(() => db.put("saves", record));
    return record;
  }

  async delete(id) { await (await this.db).delete("saves", id); }

  /** Delete the saved games `ids` in one transaction: all of them or, on a failure, none. */
  async deleteMany(ids) {
    const tx = (await this.db).transaction("saves", "readwrite");
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  }

  /** A JSON export file (as text) of the given records, or of all of them. */
  async exportText(ids = null, engineVersion = null) {
    const all = await this.list();
    return exportFileText(ids ? all.filter((r) => ids.includes(r.id)) : all, engineVersion);
  }

  /**
   * Import an export file (a File or Blob): its size is checked before a
   * single byte is read.  See importText.
   */
  async importFile(file, describeSave) {
    if (!(file.size <= MAX_IMPORT_BYTES)) throw new ImportError("too_large");
    return this.importText(await file.text(), describeSave);
  }

  /**
   * Import an export file's text.  `describeSave(save)` asks the engine what a
   * save is ({game, seats, status, ply, phase, day, outcome}) and throws for a
   * save it rejects.  Every record is checked before any is written, and they
   * are written in one transaction: all or nothing.  A game already saved is
   * never replaced: a record whose id is taken is added under a new id, and an
   * entry repeated in the file (same id, same save) is added once.
   * Resolves to {imported, copies, repeated}.
   */
  async importText(text, describeSave) {
    const { entries, repeated } = withoutRepeats(parseExport(text));
    const described = [];
    for (const entry of entries) described.push(await describedRecord(entry, describeSave));
    const db = await this.db;
    try {
      const { copies } = await withRoomToWrite(() => addRecords(db, described));
      return { imported: described.length, copies, repeated };
    } catch (err) {
      if (err instanceof StorageFullError) throw new ImportError("storage_full", err.message);
      throw err;
    }
  }
}

/**
 * Add `described` records in one transaction, each under a free id (a taken
 * one is replaced by a new id, never overwritten); resolves to {copies}.
 * Works on copies of the records, so that a refused attempt can be made again.
 */
async function addRecords(db, described) {
  const records = described.map((r) => ({ ...r }));
  const tx = db.transaction("saves", "readwrite");
  const existing = await Promise.all(records.map((r) => tx.store.getKey(r.id)));
  const taken = new Set();
  let copies = 0;
  records.forEach((record, i) => {
    if (existing[i] !== undefined || taken.has(record.id)) {
      record.id = newRecordId();
      copies += 1;
    }
    taken.add(record.id);
  });
  await Promise.all([...records.map((r) => tx.store.put(r)), tx.done]);
  return { copies };
}

/** The text of an export file holding `records` (the engine version lets a later build's file say which version made it). */
export function exportFileText(records, engineVersion = null) {
  return JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, engine: engineVersion ?? undefined,
    // a remote game's host keepsake (its fairness secret) stays on this device: an export file may be shared
    exported: new Date().toISOString(), records: records.map(({ remote, ...record }) => record) }, null, 1);
}

/** The name an exported game's file is offered under. */
export function exportFileName(record) {
  return `brewhouse-${record.game}-${record.id.slice(0, 8)}.json`;
}

/** Offer `text` (or a promise of it) to the player as a JSON file named `filename`. */
export async function downloadText(filename, text) {
  const blob = new Blob([await text], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** The file's entries once each: an entry equal to an earlier one (id and save) is counted, not kept. */
function withoutRepeats(entries) {
  const seen = new Set();
  const kept = entries.filter((entry) => {
    const key = JSON.stringify([entry.id, entry.save]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { entries: kept, repeated: entries.length - kept.length };
}

/** A record for one file entry: the engine's description of its save, the file's save and dates. */
async function describedRecord(entry, describeSave) {
  let described;
  try {
    described = await describeSave(entry.save);
  } catch (err) {
    if (err.code === "engine_not_ready") throw new ImportError("engine_not_ready", err.message);
    if (err.code === "save_too_new") throw new ImportError("too_new", err.message, { version: err.details?.engine });
    throw new ImportError("bad_save", err.message);
  }
  const record = {
    ...described,
    id: isSavedGameId(entry.id) ? entry.id : newRecordId(),
    created: entry.created, updated: entry.updated, save: entry.save,
  };
  try { checkRecord(record); } catch (err) { throw new ImportError("bad_save", err.message); }
  return record;
}

/**
 * The fields of a record that only the engine can say, from its status (of
 * `load`, `apply_move`…) and a view (`day` is Seize the Bean's; other games
 * have none).
 */
export function describeStatus(status, view) {
  return {
    game: status.game, seats: [...status.seats], status: status.over ? "finished" : "in_progress",
    ply: status.ply, phase: status.phase, day: Number.isInteger(view?.day) ? view.day : null,
    outcome: outcomeSummary(status.outcome),
  };
}

/** What the list shows of a result: every seat's score and the winners (null while the game goes on). */
export function outcomeSummary(outcome) {
  return outcome ? { scores: [...outcome.scores], winners: [...outcome.winners] } : null;
}

/** How many bytes `text` takes in UTF-8, as in the file it was read from. */
function utf8Length(text) {
  if (text.length > MAX_IMPORT_BYTES) return text.length; // at least one byte per UTF-16 unit: too large already
  return new TextEncoder().encode(text).length;
}

/**
 * Parse and shape-check an export file; throws ImportError with a reason.
 * Only what an import keeps is checked here: each entry's save (which the
 * engine then replays) and its dates; ids are checked when records are made.
 */
export function parseExport(text) {
  if (typeof text !== "string" || utf8Length(text) > MAX_IMPORT_BYTES) throw new ImportError("too_large");
  let data;
  try { data = JSON.parse(text); } catch { throw new ImportError("not_json"); }
  if (!data || typeof data !== "object" || data.format !== EXPORT_FORMAT) throw new ImportError("not_brewhouse");
  if (!Number.isInteger(data.version) || data.version < 1) throw new ImportError("not_brewhouse");
  if (data.version > EXPORT_VERSION) throw new ImportError("too_new", "", { version: typeof data.engine === "string" ? data.engine : null });
  if (!Array.isArray(data.records)) throw new ImportError("not_brewhouse");
  for (const entry of data.records) {
    try { checkEntry(entry); } catch (err) { throw new ImportError("bad_record", err.message); }
  }
  return data.records;
}

const STATUSES = new Set(["in_progress", "finished"]);
const fail = (what) => { throw new Error(`invalid saved game: ${what}`); };

function checkDates(r) {
  for (const key of ["created", "updated"]) if (typeof r[key] !== "string" || Number.isNaN(Date.parse(r[key]))) fail(key);
}

function checkEntry(entry) {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) fail("not an object");
  if (!entry.save || typeof entry.save !== "object" || typeof entry.save.game !== "string") fail("save");
  checkDates(entry);
}

const isNumberList = (list, ok) => Array.isArray(list) && list.every(ok);

export function checkRecord(r) {
  if (!r || typeof r !== "object") fail("not an object");
  if (!isSavedGameId(r.id)) fail("id");
  if (typeof r.game !== "string") fail("game");
  if (!Array.isArray(r.seats) || !r.seats.every((s) => typeof s === "string")) fail("seats");
  if (!STATUSES.has(r.status)) fail("status");
  if (!Number.isInteger(r.ply) || r.ply < 0) fail("ply");
  if (r.outcome != null && !(isNumberList(r.outcome.scores, Number.isFinite)
    && isNumberList(r.outcome.winners, (p) => Number.isInteger(p) && p >= 0 && p < r.outcome.scores.length))) fail("outcome");
  checkDates(r);
  if (!r.save || typeof r.save !== "object" || r.save.game !== r.game) fail("save");
}

export function newRecordId() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}
