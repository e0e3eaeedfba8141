// One WebRTC connection to one peer: a single ordered data channel, signalled
// by hand (non-trickle: the description is given once ICE gathering is
// complete, see signal.js).  Texts are split into chunks under the data
// channel's message size and joined again, each side bounding what it
// accepts; a peer sending too much or too fast is cut off.
//
// A text is sent only once the other side is known to be listening: each side
// says "ready" (a bare "+", an empty chunk an older build simply skips) when
// its channel opens and again, once, when it first hears the other's.  The
// side whose channel opens first could otherwise send into a channel the other
// side has not opened yet, and Chromium drops such a message without a word
// (a guest's hello lost that way left its seat "connecting" for good).
import { compactSdp, fullSdp } from "./signal.js";

/** Chunks stay far under every browser's data channel message size (often 64 KiB). */
export const CHUNK = 16 * 1024;
/** How long a connection may stay "disconnected" before it counts as lost (a short hiccup recovers). */
const DROP_MS = 3000;
/** How long ICE gathering may take before the candidates found so far are used. */
const GATHER_MS = 5000;
/** The "ready" frame: an empty continuation chunk (a real one always carries text). */
const READY = "+";
/** How long texts wait for the other side's "ready" before they go anyway (a build that says none). */
const READY_MS = 8000;

/** The networks a game can be played over (remote.network.* in the catalogues). */
export const PUBLIC_STUN = "stun:stun.l.google.com:19302";
const OWN_SERVERS_KEY = "brewhouse.remote.iceServers";

/** The player's own STUN/TURN servers (settings), as RTCIceServer objects; none set: []. */
export function ownIceServers() {
  try {
    const saved = JSON.parse(localStorage.getItem(OWN_SERVERS_KEY) ?? "null");
    return Array.isArray(saved) ? saved.filter((s) => s && typeof s.urls === "string") : [];
  } catch { return []; }
}

export function saveOwnIceServers(servers) {
  localStorage.setItem(OWN_SERVERS_KEY, JSON.stringify(servers));
}

/** The ICE servers of a network mode: "room" none at all (host and mDNS candidates), "internet" a STUN server. */
export function iceServersFor(network) {
  if (network !== "internet") return [];
  const own = ownIceServers();
  return own.length ? own : [{ urls: PUBLIC_STUN }];
}

export class Peer {
  /**
   * `limit`: the longest text accepted from this peer (after joining its chunks);
   * `rate`: at most this many texts a second (0: no limit);
   * `readyMs`: how long texts wait for the other side's "ready".
   */
  constructor({ network = "room", limit, rate = 0, readyMs = READY_MS }) {
    this.pc = new RTCPeerConnection({ iceServers: iceServersFor(network) });
    this.limit = limit;
    this.readyMs = readyMs;
    this.rate = rate;
    this.channel = null;
    this.partial = "";
    this.stamps = [];
    this.onmessage = () => {};
    this.onopen = () => {};
    this.onclose = () => {};
    this.onfailed = () => {};
    this.closed = false;
    this.opened = false;
    this.peerReady = false; // the other side has said "ready" (or sent a text): it listens
    this.answered = false;  // this side has said "ready" once more, on hearing the other's
    this.waiting = [];      // texts sent before then, in order
    // a peer that vanishes (a closed tab, a phone gone to sleep) closes nothing: ICE notices it
    // stops answering ("disconnected"); a connection that stays so DROP_MS is taken as lost
    this.pc.addEventListener("iceconnectionstatechange", () => {
      const state = this.pc.iceConnectionState;
      clearTimeout(this.dropTimer);
      if (state === "failed") {
        if (this.opened) this.close("lost"); else this.onfailed("ice");
      } else if (state === "disconnected" && this.opened) {
        this.dropTimer = setTimeout(() => this.close("lost"), DROP_MS);
      }
    });
  }

  /** The host's side: a data channel and the compact offer (once gathering is complete). */
  async offer() {
    this.attach(this.pc.createDataChannel("brewhouse", { ordered: true }));
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await this.gathered();
    return compactSdp(this.pc.localDescription.sdp);
  }

  /** The host's side: the guest's answer code pasted back. */
  async accept(answerCompact) {
    await this.pc.setRemoteDescription({ type: "answer", sdp: fullSdp(answerCompact, "answer") });
  }

  /** The guest's side: the host's compact offer in, the compact answer (the answer code) out. */
  async answer(offerCompact) {
    this.pc.addEventListener("datachannel", (event) => this.attach(event.channel));
    await this.pc.setRemoteDescription({ type: "offer", sdp: fullSdp(offerCompact, "offer") });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await this.gathered();
    return compactSdp(this.pc.localDescription.sdp);
  }

  gathered() {
    if (this.pc.iceGatheringState === "complete") return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, GATHER_MS);
      this.pc.addEventListener("icegatheringstatechange", () => {
        if (this.pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
      });
    });
  }

  attach(channel) {
    this.channel = channel;
    channel.addEventListener("open", () => {
      this.opened = true;
      channel.send(READY);
      this.readyTimer = setTimeout(() => this.listening(), this.readyMs);
      this.onopen();
    });
    channel.addEventListener("close", () => this.close());
    channel.addEventListener("message", (event) => this.receive(event.data));
  }

  /** Send one text, in chunks: every chunk but the last starts with "+", the last with "=".
   *  Before the other side listens, the text waits (in order) and goes as soon as it does. */
  send(text) {
    if (!this.channel || this.channel.readyState !== "open") return false;
    if (!this.peerReady) {
      this.waiting.push(text);
      return true;
    }
    this.sendNow(text);
    return true;
  }

  sendNow(text) {
    for (let at = 0; at < text.length || at === 0; at += CHUNK) {
      const last = at + CHUNK >= text.length;
      this.channel.send((last ? "=" : "+") + text.slice(at, at + CHUNK));
      if (last) break;
    }
  }

  /** The other side listens: the texts waiting go, in order. */
  listening() {
    clearTimeout(this.readyTimer);
    if (this.peerReady) return;
    this.peerReady = true;
    const waiting = this.waiting;
    this.waiting = [];
    if (this.channel?.readyState === "open") for (const text of waiting) this.sendNow(text);
  }

  receive(data) {
    if (typeof data !== "string" || !/^[+=]/.test(data)) return this.close("bad");
    if (data === READY && !this.partial) {
      // its "ready": say ours once more, in case the first went before it listened.  Once only,
      // and even when this side's wait ran out first: unanswered, the other side would wait its own.
      if (!this.answered) { this.answered = true; this.channel?.send(READY); }
      this.listening();
      return;
    }
    this.listening(); // a text from an older build, which says no "ready": it listens too
    this.partial += data.slice(1);
    if (this.partial.length > this.limit) return this.close("too-long");
    if (data[0] === "+") return;
    const text = this.partial;
    this.partial = "";
    if (this.rate) {
      const now = performance.now();
      this.stamps = this.stamps.filter((s) => now - s < 1000);
      this.stamps.push(now);
      if (this.stamps.length > this.rate) return this.close("too-fast");
    }
    this.onmessage(text);
  }

  close(reason = "closed") {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.dropTimer);
    clearTimeout(this.readyTimer);
    try { this.channel?.close(); } catch { /* already closed */ }
    try { this.pc.close(); } catch { /* already closed */ }
    this.onclose(reason);
  }
}
