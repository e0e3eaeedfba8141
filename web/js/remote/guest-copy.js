// A remote guest's copy of its seat, on its own device: the keepsake its engine
// gives (brewhouse.remote Guest.keepsake: the invite, the seat token, this
// device's nonce, the dealing's nonces and every update received), so that a
// reloaded page shows the game so far, a new invite link for the same seat
// rejoins from it, and the end's audit still covers the whole game and this
// device's own nonce.
//
// It is a record of its own kind, in stores of its own ("guest-copies", and
// "guest-updates" holding one received update a row, so each update adds only
// itself instead of writing the whole game again): never a saved game, never
// exported, never mixed with the host's keepsake (remote/host-save.js).  A
// record is {id, game, seat, seats, ply, status, verified, audit, link,
// created, updated, count, keepsake}: `link` is the invite fragment this page
// last joined by (its offer is spent once used), `count` how many updates are
// stored.  Writes make room like every save (storage.js) and reject with a
// StorageFullError when there is none: the page then plays on without a copy.
import { isSavedGameId } from "../table/url.js";
import { openDatabase } from "../saves.js";
import { StorageFullError, withRoomToWrite } from "../storage.js";

const COPIES = "guest-copies";
const UPDATES = "guest-updates";

/** The id of the copy of `invite`'s seat: one per game (its commitment) and seat, on this device. */
export function copyId(invite) {
  if (!Number.isInteger(invite?.seat)) return null; // a spectator has no seat to rejoin: it keeps no copy
  const id = `${invite.commit}-${invite.seat}`;
  return isSavedGameId(id) ? id : null;
}

/** The updates of copy `id`, in order (an IDB key range over [id, n]). */
const rows = (id) => IDBKeyRange.bound([id, 0], [id, Infinity]);

export class GuestCopies {
  get db() { return openDatabase(); }

  /** Every copy, most recently played first. */
  async list() {
    const all = await (await this.db).getAll(COPIES);
    return all.sort((a, b) => (a.updated < b.updated ? 1 : -1));
  }

  async get(id) { return isSavedGameId(id) ? (await this.db).get(COPIES, id) : undefined; }

  /** The copy of the seat `invite` is for, if this device keeps one. */
  async find(invite) {
    const id = copyId(invite);
    return id ? this.get(id) : undefined;
  }

  /** The keepsake of `record` as the engine takes it back (join_remote, remote_guest_copy). */
  async keepsake(record) {
    const updates = (await (await this.db).getAll(UPDATES, rows(record.id))).map((row) => row.update);
    return { ...record.keepsake, updates: updates.slice(0, record.count) };
  }

  /**
   * Store `record` and the updates received after its first `from` (`updates`): one transaction,
   * all or nothing.  From 0, the copy starts again (rows of an earlier copy of the seat go).
   */
  async store(record, from, updates) {
    const db = await this.db;
    await withRoomToWrite(async () => {
      const tx = db.transaction([COPIES, UPDATES], "readwrite");
      const writes = [];
      if (from === 0) writes.push(tx.objectStore(UPDATES).delete(rows(record.id)));
      updates.forEach((update, i) => writes.push(tx.objectStore(UPDATES).put({ copy: record.id, n: from + i, update })));
      writes.push(tx.objectStore(COPIES).put(record));
      await Promise.all([...writes, tx.done]);
    });
    return record;
  }

  /** Delete the copy `id` and every update it holds. */
  async delete(id) {
    const tx = (await this.db).transaction([COPIES, UPDATES], "readwrite");
    await Promise.all([tx.objectStore(UPDATES).delete(rows(id)), tx.objectStore(COPIES).delete(id), tx.done]);
  }
}

/**
 * What keeps the copy of a joined guest (`joined`, join_remote's answer) as updates arrive:
 * `keep(status)` after each update, `finish(audit)` after the reveal; writes go one after
 * another.  `stored` is how many updates the copy it rejoined from holds already (0: a new copy).
 * `onStored(ply)` after each write, `onFull(err)` when the device has no room left.
 */
export class CopyKeeper {
  constructor({ engine, copies, joined, invite, link, record = null, stored = 0, onStored = () => {}, onFull = () => {} }) {
    Object.assign(this, { engine, copies, joined, invite, link, stored, onStored, onFull });
    const now = new Date().toISOString();
    this.record = record && stored ? { ...record } : {
      id: copyId(invite), game: joined.game, seat: joined.seat, seats: [...joined.seats], ply: 0,
      status: "in_progress", verified: null, audit: null, created: record?.created ?? now, updated: now, count: 0, keepsake: null };
    this.queue = Promise.resolve();
  }

  /** Store what the guest holds now (its status after an update). */
  keep(status) {
    return this.write((record) => {
      record.ply = status.ply;
      if (status.over) record.status = "finished";
    });
  }

  /** The game is over and audited: the copy says so (and is kept until the player deletes it). */
  finish(audit) {
    return this.write((record) => {
      record.status = "finished";
      record.verified = Boolean(audit?.verified);
      record.audit = audit ? { verified: Boolean(audit.verified), ply: audit.ply ?? null, field: audit.field ?? null, detail: String(audit.detail ?? "").slice(0, 300) } : null;
    });
  }

  write(change) {
    this.queue = this.queue.then(async () => {
      if (!this.record.id) return;
      const { updates, count, from: _from, ...keepsake } = await this.engine.call("remote_guest_keepsake", { guest: this.joined.guest, from: this.stored });
      const record = { ...this.record, keepsake, link: this.link, count, updated: new Date().toISOString() };
      change(record);
      try {
        await this.copies.store(record, this.stored, updates);
      } catch (err) {
        if (err instanceof StorageFullError) return this.onFull(err); // play goes on; the next update tries again
        throw err;
      }
      this.record = record;
      this.stored = count;
      this.onStored(record.ply);
    }).catch((err) => console.warn("the guest's copy was not kept:", err));
    return this.queue;
  }
}
