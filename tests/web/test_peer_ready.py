"""The remote transport's "ready" handshake (web/js/remote/peer.js), run under Node over fake channels.

A data channel drops a text that reaches the other end before that end's channel has opened
(Chromium does, without a word, now and then): a guest's hello sent the moment its channel
opened was lost that way, and its seat stayed "connecting" on the host's screen for good.  Each
side now says "ready" (a bare "+") when it opens and once more when it first hears the other's,
and texts wait for the other side's.  The fake channels here drop exactly as such a channel does.
"""
from __future__ import annotations

import json

from support.node import run_module

SETUP = """
globalThis.RTCPeerConnection = class { addEventListener() {} close() {} };
const { Peer, CHUNK } = await import("./web/js/remote/peer.js");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One end of a channel pair: what is sent to an end not yet open is dropped (and noted). */
class FakeChannel extends EventTarget {
  constructor(name) { super(); this.name = name; this.readyState = "connecting"; this.wire = []; this.dropped = []; }
  send(data) {
    if (this.readyState !== "open") throw new Error("send on a channel not open");
    this.wire.push(data);
    const other = this.other;
    setTimeout(() => {
      if (other.readyState !== "open") { other.dropped.push(data); return; }
      const e = new Event("message"); e.data = data; other.dispatchEvent(e);
    }, 1);
  }
  open() { this.readyState = "open"; this.dispatchEvent(new Event("open")); }
  close() { this.readyState = "closed"; }
}
function pair() {
  const a = new FakeChannel("host"), b = new FakeChannel("guest");
  a.other = b; b.other = a;
  return [a, b];
}
function peer(channel, got, options = {}) {
  const p = new Peer({ limit: 1 << 21, ...options });
  p.attach(channel);
  p.onmessage = (text) => got.push(text);
  return p;
}
"""


def run(body: str) -> dict:
    return run_module(SETUP + body)


def test_a_hello_sent_before_the_other_end_opens_arrives_once():
    out = run("""
const [hostCh, guestCh] = pair();
const hostGot = [], guestGot = [];
const host = peer(hostCh, hostGot), guest = peer(guestCh, guestGot);
guest.onopen = () => guest.send("hello");    // the guest speaks the moment its channel opens
guestCh.open();
await sleep(30);                             // ... while the host's end is not open yet
const before = [...hostGot];
host.onopen = () => {};
hostCh.open();
await sleep(30);
host.send("welcome");
await sleep(30);
console.log(JSON.stringify({ before, hostGot, guestGot, dropped: hostCh.dropped, guestWire: guestCh.wire }));
""")
    assert out["before"] == []
    assert out["dropped"] == ["+"]               # the guest's first "ready" went before the host listened
    assert out["hostGot"] == ["hello"]           # the hello waited, and arrived once
    assert out["guestGot"] == ["welcome"]
    assert out["guestWire"] == ["+", "+", "=hello"]


def test_both_ends_open_together_long_texts_in_order_both_ways():
    out = run("""
const [hostCh, guestCh] = pair();
const hostGot = [], guestGot = [];
const host = peer(hostCh, hostGot), guest = peer(guestCh, guestGot);
const long = "x".repeat(CHUNK * 2 + 5);
hostCh.open(); guestCh.open();
guest.send("a"); guest.send(long); guest.send("b");
host.send("1"); host.send("2");
await sleep(50);
console.log(JSON.stringify({ hostGot: hostGot.map((t) => t.length > 10 ? t.length : t), guestGot,
  dropped: hostCh.dropped.length + guestCh.dropped.length }));
""")
    assert out["hostGot"] == ["a", 2 * 16 * 1024 + 5, "b"]
    assert out["guestGot"] == ["1", "2"]
    assert out["dropped"] == 0


def test_an_older_build_that_says_no_ready_is_still_heard_and_answered():
    """Its first text proves it listens; with nothing from it, texts go after ``readyMs``."""
    out = run("""
// an older build: it sends texts as "=..." at once and skips an empty "+" chunk
const [newCh, oldCh] = pair();
const got = [];
const p = peer(newCh, got, { readyMs: 40 });
const oldGot = [];
oldCh.addEventListener("message", (e) => { if (e.data !== "+") oldGot.push(e.data); });
newCh.open(); oldCh.open();
p.send("first");                              // waits: the older end said no "ready"
await sleep(10);
const early = [...oldGot];
await sleep(60);                              // readyMs passed: it goes
oldCh.send("=hi");
await sleep(10);
p.send("second");
await sleep(10);
console.log(JSON.stringify({ early, oldGot, got }));
""")
    assert out["early"] == []
    assert out["oldGot"] == ["=first", "=second"]
    assert out["got"] == ["hi"]


def test_a_text_from_the_other_end_counts_as_its_ready():
    out = run("""
const [newCh, oldCh] = pair();
const got = [];
const p = peer(newCh, got, { readyMs: 5000 });
const oldGot = [];
oldCh.addEventListener("message", (e) => oldGot.push(e.data));
newCh.open(); oldCh.open();
p.send("queued");
await sleep(10);
oldCh.send("=hello from an older build");
await sleep(10);
console.log(JSON.stringify({ got, oldGot }));
process.exit(0);                              // the 5 s fallback timer need not run out
""")
    assert out["got"] == ["hello from an older build"]
    assert out["oldGot"] == ["+", "=queued"]


def test_a_ready_heard_after_the_wait_ran_out_is_still_answered():
    """The host's wait ran out before the guest's end opened: the guest's "ready" is still answered,
    so the guest's texts go at once instead of after its own wait."""
    out = run("""
const [hostCh, guestCh] = pair();
const hostGot = [], guestGot = [];
const host = peer(hostCh, hostGot, { readyMs: 20 }), guest = peer(guestCh, guestGot, { readyMs: 5000 });
hostCh.open();                               // its "ready" is dropped: the guest's end is not open
await sleep(60);                             // the host's wait runs out
guest.onopen = () => guest.send("hello");
guestCh.open();
await sleep(30);                             // far less than the guest's own 5 s wait
console.log(JSON.stringify({ hostGot, hostWire: hostCh.wire, dropped: guestCh.dropped }));
process.exit(0);                              // the 5 s fallback timer need not run out
""")
    assert out["dropped"] == ["+"]
    assert out["hostWire"] == ["+", "+"]         # its first "ready", then the answer to the guest's
    assert out["hostGot"] == ["hello"]
