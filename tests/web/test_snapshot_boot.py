"""The memory-snapshot boot's fallbacks (web/js/snapshot.js bootEngineRuntime), under Node with fakes.

Every way a snapshot can fail ends in a normal boot that the player does not
notice; these check the decisions alone (each real failure is also played in
real Pyodide by tests/pyodide/test_snapshot.py).
"""
from __future__ import annotations

import json

from support.node import run_module

HARNESS = """
import { bootEngineRuntime, packSnapshot, unpackSnapshot } from "./web/js/snapshot.js";

/** A boot with fakes: what was called, in order, and what bootEngineRuntime said. */
async function scenario({ store = "memory", stored = null, enabled = true, restoreFails = false,
                          makeFails = false, putFails = false, getFails = false }) {
  const calls = [];
  const entries = new Map(stored ? [["k", stored]] : []);
  const memory = {
    async get(key) {
      calls.push("get");
      if (getFails) throw new Error("the cache cannot be read");
      return entries.has(key) ? { bytes: Promise.resolve(entries.get(key)) } : null;
    },
    async put(key, bytes) {
      calls.push("put");
      if (putFails) throw new DOMException("storage is full", "QuotaExceededError");
      entries.clear();
      entries.set(key, bytes);
    },
    async delete(key) { calls.push("delete"); entries.delete(key); },
  };
  const logged = [];
  const out = await bootEngineRuntime({
    store: store === "memory" ? memory : null, key: "k", enabled,
    restore: async (bytes) => {
      calls.push("restore");
      if (restoreFails) throw new Error("Snapshot build id mismatch");
      return { from: Array.from(await bytes) };
    },
    boot: async () => { calls.push("boot"); return { from: "boot" }; },
    make: async () => {
      calls.push("make");
      if (makeFails) throw new Error("the snapshot worker failed: it could not start");
      return new Uint8Array([9, 9, 9]);
    },
    later: (task) => { calls.push("later"); setTimeout(() => { calls.push("idle"); task(); }, 0); },
    log: (message) => logged.push(message),
  });
  calls.push("ready");
  const atReady = { ...out.snapshot };
  const wasStored = await out.stored;
  return { calls, pyodide: out.pyodide, atReady, snapshot: out.snapshot, stored: wasStored,
           kept: entries.has("k") ? Array.from(entries.get("k")) : null, logged: logged.length };
}
"""


def scenario(**options) -> dict:
    return run_module(HARNESS + f"console.log(JSON.stringify(await scenario({json.dumps(options)})));")


def test_a_first_visit_boots_normally_and_stores_a_snapshot_made_after_the_engine_is_ready():
    out = scenario()
    # the engine is handed over first; the snapshot is made apart, when the page is idle
    assert out["calls"] == ["get", "boot", "later", "ready", "idle", "make", "put"]
    assert out["atReady"] == {"state": "making", "key": "k"}
    assert out["snapshot"]["state"] == "made" and out["snapshot"]["bytes"] == 3
    assert out["stored"] is True and out["kept"] == [9, 9, 9]


def test_a_return_visit_restores_and_boots_nothing():
    out = scenario(stored=[1, 2, 3])
    assert out["calls"] == ["get", "restore", "ready"]
    assert out["pyodide"] == {"from": [1, 2, 3]}
    assert out["snapshot"]["state"] == "restored" and out["stored"] is False


def test_a_restore_that_throws_falls_back_and_replaces_the_snapshot():
    out = scenario(stored=[1, 2, 3], restoreFails=True)
    assert out["calls"] == ["get", "restore", "delete", "boot", "later", "ready", "idle", "make", "put"]
    assert out["pyodide"] == {"from": "boot"}
    assert out["snapshot"]["state"] == "made"
    assert out["snapshot"]["error"] == "restore: Snapshot build id mismatch"
    assert out["kept"] == [9, 9, 9] and out["logged"] == 1


def test_full_storage_still_boots():
    out = scenario(putFails=True)
    assert out["calls"][-1] == "put"
    assert out["pyodide"] == {"from": "boot"}
    assert out["snapshot"]["state"] == "made" and out["stored"] is False and out["kept"] is None
    assert out["logged"] == 1  # a note in the console, nothing for the player


def test_an_unreadable_store_boots_normally():
    out = scenario(getFails=True)
    assert out["calls"] == ["get", "boot", "later", "ready", "idle", "make", "put"]
    assert out["snapshot"]["error"] == "read: the cache cannot be read"


def test_a_browser_without_the_storage_api_boots_normally_without_making_one():
    out = scenario(store=None)
    assert out["calls"] == ["boot", "ready"]
    assert out["snapshot"]["state"] == "unavailable"


def test_switched_off_means_no_snapshot_at_all():
    out = scenario(stored=[1, 2, 3], enabled=False)
    assert out["calls"] == ["boot", "ready"]
    assert out["snapshot"]["state"] == "off"


def test_a_snapshot_that_cannot_be_made_leaves_the_engine_alone():
    out = scenario(makeFails=True)
    assert out["calls"] == ["get", "boot", "later", "ready", "idle", "make"]
    assert out["pyodide"] == {"from": "boot"} and out["atReady"]["state"] == "making"
    assert out["snapshot"]["state"] == "unavailable" and out["stored"] is False and out["kept"] is None
    assert out["snapshot"]["error"] == "make: the snapshot worker failed: it could not start"
    assert out["logged"] == 1  # a note in the console, nothing for the player


def test_a_failed_restore_then_a_failed_make_still_boots_and_keeps_nothing():
    out = scenario(stored=[1, 2, 3], restoreFails=True, makeFails=True)
    assert out["calls"] == ["get", "restore", "delete", "boot", "later", "ready", "idle", "make"]
    assert out["pyodide"] == {"from": "boot"}
    assert out["snapshot"]["state"] == "unavailable" and out["kept"] is None and out["logged"] == 2


def test_the_stored_form_round_trips_and_refuses_anything_else():
    out = run_module("""
        import { packSnapshot, unpackSnapshot, verifySnapshot } from "./web/js/snapshot.js";
        const answer = { games: { seize: "ab" }, files: { "/lib/d/b.json": "cd" } };
        const packed = await packSnapshot("b1", new Uint8Array([1, 2, 3, 4, 5]),
                                          [["/lib/a.py", new Uint8Array([6])], ["/lib/d/b.json", new Uint8Array([7, 8])]], answer);
        const parts = unpackSnapshot(packed);
        const refused = (bytes) => { try { unpackSnapshot(bytes); return null; } catch (err) { return err.message; } };
        const failsDigest = (bytes) => verifySnapshot(bytes).then(() => null, (err) => err.message);
        const flipped = (at) => { const copy = new Uint8Array(packed); copy[at] ^= 1; return copy; };
        console.log(JSON.stringify({
          build: parts.build, snapshot: Array.from(parts.snapshot), aligned: parts.snapshot.byteOffset % 16,
          files: parts.files.map(([p, d]) => [p, Array.from(d)]), answer: parts.answer,
          garbage: refused(new Uint8Array(64).fill(7)), empty: refused(new Uint8Array(0)),
          truncated: refused(packed.subarray(0, packed.length - 1)),
          intact: await failsDigest(packed),
          // a byte of the header, of the heap, of the last file, of the digest itself
          damaged: await Promise.all([10, parts.snapshot.byteOffset, packed.length - 33, packed.length - 1].map((at) => failsDigest(flipped(at)))),
        }));""")
    assert out["build"] == "b1" and out["snapshot"] == [1, 2, 3, 4, 5] and out["aligned"] == 0
    assert out["files"] == [["/lib/a.py", [6]], ["/lib/d/b.json", [7, 8]]]
    assert out["answer"] == {"games": {"seize": "ab"}, "files": {"/lib/d/b.json": "cd"}}
    assert out["garbage"] == out["empty"] == "not a stored snapshot"
    assert out["truncated"] == "stored snapshot is truncated or too long"
    assert out["intact"] is None
    assert out["damaged"] == ["stored snapshot is damaged: its digest does not match"] * 4


MAKER_HARNESS = """
import { makeInWorker } from "./web/js/snapshot.js";

/** makeInWorker over a fake Worker that behaves as `behaviour` says; what came out, and whether it was ended. */
async function make(behaviour, timeoutMs) {
  const workers = [];
  globalThis.Worker = class {
    constructor(url, options) { this.url = String(url); this.options = options; this.ended = false; workers.push(this); }
    terminate() { this.ended = true; }
    postMessage(message) {
      this.posted = message;
      setTimeout(() => {
        if (behaviour === "bytes") this.onmessage({ data: { bytes: new Uint8Array([4, 5]) } });
        if (behaviour === "error") this.onmessage({ data: { error: "micropip failed to load: 404" } });
        if (behaviour === "crash") this.onerror({ message: "Uncaught Error: no snapshot here", preventDefault() {} });
      }, 0);
    }
  };
  let out;
  try {
    out = { bytes: Array.from(await makeInWorker("https://example.test/js/snapshot-maker.js", { build_id: "b" }, { timeoutMs })) };
  } catch (err) {
    out = { error: err.message };
  }
  const [worker] = workers;
  return { ...out, ended: worker.ended, type: worker.options.type, posted: worker.posted };
}
"""


def make_in_worker(behaviour: str, timeout_ms: int = 60_000) -> dict:
    return run_module(MAKER_HARNESS + f"console.log(JSON.stringify(await make({json.dumps(behaviour)}, {timeout_ms})));")


def test_the_snapshot_worker_hands_back_the_bytes_and_is_ended():
    out = make_in_worker("bytes")
    assert out == {"bytes": [4, 5], "ended": True, "type": "module", "posted": {"manifest": {"build_id": "b"}}}


def test_a_snapshot_worker_that_reports_an_error_is_ended_and_its_error_raised():
    out = make_in_worker("error")
    assert out["error"] == "micropip failed to load: 404" and out["ended"] is True


def test_a_snapshot_worker_that_crashes_is_ended_and_raises():
    out = make_in_worker("crash")
    assert out["error"] == "the snapshot worker failed: Uncaught Error: no snapshot here" and out["ended"] is True


def test_a_snapshot_worker_that_never_answers_is_given_up():
    out = make_in_worker("silent", timeout_ms=10)
    assert out["error"] == "not made in 0.01 s" and out["ended"] is True
