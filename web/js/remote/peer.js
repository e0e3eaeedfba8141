// One WebRTC connection to one peer: a single ordered data channel, signalled
// by hand (non-trickle: the description is given once ICE gathering is
// complete, see signal.js).  Texts are split into chunks under the data
// channel's message size and joined again, each side bounding what it
// accepts; a peer sending too much or too fast is cut off.
import { compactSdp, fullSdp } from "./signal.js";

/** Chunks stay far under every browser's data channel message size (often 64 KiB). */
export const CHUNK = 16 * 1024;
/** How long a connection may stay "disconnected" before it counts as lost (a short hiccup recovers). */
const DROP_MS = 3000;
/** How long ICE gathering may take before the candidates found so far are used. */
const GATHER_MS = 5000;

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
   * `rate`: at most this many texts a second (0: no limit).
   */
  constructor({ network = "room", limit, rate = 0 }) {
    this.pc = new RTCPeerConnection({ iceServers: iceServersFor(network) });
    this.limit = limit;
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
    channel.addEventListener("open", () => { this.opened = true; this.onopen(); });
    channel.addEventListener("close", () => this.close());
    channel.addEventListener("message", (event) => this.receive(event.data));
  }

  /** Send one text, in chunks: every chunk but the last starts with "+", the last with "=". */
  send(text) {
    if (!this.channel || this.channel.readyState !== "open") return false;
    for (let at = 0; at < text.length || at === 0; at += CHUNK) {
      const last = at + CHUNK >= text.length;
      this.channel.send((last ? "=" : "+") + text.slice(at, at + CHUNK));
      if (last) break;
    }
    return true;
  }

  receive(data) {
    if (typeof data !== "string" || !/^[+=]/.test(data)) return this.close("bad");
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
    try { this.channel?.close(); } catch { /* already closed */ }
    try { this.pc.close(); } catch { /* already closed */ }
    this.onclose(reason);
  }
}
