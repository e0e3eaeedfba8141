// The host's keepsake of a remote game: what its page keeps beside its save
// (the fairness secret, each remote seat's token and nonce: brewhouse.remote
// Host.keepsake) so that, once the tab has closed, the saved game is hosted
// again from the home page and each friend rejoins by a fresh link at the
// same ply, the end's audit still verifying.  It lives in this device's
// IndexedDB record only: never sent to a guest, never exported.  A record
// without it (saved before keepsakes were kept) opens as a plain game whose
// remote seats a bot may play (Table.remoteTurn).

/** A saved game this page can host again: a remote seat, and the keepsake that goes with its save. */
export function canHostAgain(record) {
  return Boolean(record?.remote && typeof record.remote === "object" && record.seats?.includes("remote"));
}

/** The engine's host of a new remote game, or of the saved `record` hosted again (its table opens at once). */
export function hostGame(engine, { renderer, config, seats, record = null }) {
  if (record) return engine.call("host_resume", { save: record.save, keepsake: record.remote });
  return engine.call("host_remote", { game: renderer.id, config, seats });
}

/** The table's `remote` hook of host `hostId`: each autosave stores the keepsake in the record's `remote`. */
export function keepsakeHook(engine, hostId) {
  return { keepsake: () => engine.call("remote_keepsake", { host: hostId }) };
}
