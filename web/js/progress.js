// Learn-to-play progress in IndexedDB: which lessons of each game the player
// has completed.  One record per game, { game, done: [lesson ids], updated },
// in the "lessons" store of the site's database (see saves.js: the store was
// added by an upgrade that leaves the saved games alone).  Written like a save:
// room is made first when storage is full (storage.js).
import { openDatabase } from "./saves.js";
import { withRoomToWrite } from "./storage.js";

const STORE = "lessons";
const ID = /^[a-z0-9][a-z0-9-]{0,40}$/;

export class LessonProgress {
  /** The ids of the lessons of `game` completed so far (a Set). */
  async done(game) {
    const record = await (await openDatabase()).get(STORE, game);
    return new Set(Array.isArray(record?.done) ? record.done.filter((id) => typeof id === "string") : []);
  }

  /**
   * Remember that `lesson` of `game` is complete; resolves to the updated set
   * (rejects with a StorageFullError when there is no room for it).
   */
  async complete(game, lesson) {
    if (typeof game !== "string" || !ID.test(lesson)) throw new Error(`bad lesson id: ${String(lesson).slice(0, 40)}`);
    const db = await openDatabase();
    return withRoomToWrite(() => addDone(db, game, lesson));
  }
}

/** One read-and-write of a game's record, in one transaction, with `lesson` added. */
async function addDone(db, game, lesson) {
  const tx = db.transaction(STORE, "readwrite");
  const record = await tx.store.get(game);
  const done = new Set(Array.isArray(record?.done) ? record.done : []);
  done.add(lesson);
  await Promise.all([tx.store.put({ game, done: [...done], updated: new Date().toISOString() }), tx.done]);
  return done;
}
