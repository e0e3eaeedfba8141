// Signalling by hand: a non-trickle WebRTC offer or answer reduced to what the
// other side cannot guess (ICE username fragment and password, the DTLS
// certificate's fingerprint, the gathered candidates), and rebuilt into a full
// SDP there.  A data-channel-only session needs nothing else: every other line
// is the same in every Brewhouse session.
//
//   compact:  <ufrag> " " <pwd> " " <fingerprint, base64url of 32 bytes> " " <candidate>,<candidate>…
//   candidate: <h|s|r|p (host, srflx, relay, prflx)><u|t (udp, tcp)>/<address>/<port>
//
// The invite link's fragment (never sent to any server) carries the host's
// invite and its compact offer, deflated; the answer code is the guest's
// compact answer as it is (short and already incompressible).
import { fromBase64Url, pipe, toBase64Url } from "../table/url.js";

/** How long a pasted code or a link's fragment may be before it is refused unread. */
export const MAX_CODE = 4000;
const TYPES = { host: "h", srflx: "s", relay: "r", prflx: "p" };
const TYPE_NAMES = Object.fromEntries(Object.entries(TYPES).map(([k, v]) => [v, k]));
const ICE_CHARS = /^[A-Za-z0-9+/]{4,256}$/;
const ADDRESS = /^[0-9A-Za-z.:-]{1,80}$/;

export class SignalError extends Error {
  /** `key` is an i18n key (remote.error.*). */
  constructor(key, detail = "") {
    super(`${key}${detail ? ": " + detail : ""}`);
    this.name = "SignalError";
    this.key = key;
  }
}

/** The compact form of a local description's SDP (an offer or an answer, gathering complete). */
export function compactSdp(sdp) {
  const line = (prefix) => sdp.split(/\r?\n/).find((l) => l.startsWith(prefix))?.slice(prefix.length).trim();
  const ufrag = line("a=ice-ufrag:");
  const pwd = line("a=ice-pwd:");
  const fingerprint = line("a=fingerprint:sha-256 ");
  if (!ufrag || !pwd || !fingerprint) throw new SignalError("remote.error.noSdp");
  const bytes = Uint8Array.from(fingerprint.split(":").map((x) => parseInt(x, 16)));
  const candidates = [];
  for (const l of sdp.split(/\r?\n/)) {
    if (!l.startsWith("a=candidate:")) continue;
    // a=candidate:<foundation> <component> <protocol> <priority> <address> <port> typ <type> …
    const [, component, protocol, , address, port, , type] = l.slice(12).split(" ");
    if (component !== "1" || !(type in TYPES)) continue;
    if (protocol.toLowerCase() === "tcp") continue; // passive TCP candidates rarely help a data channel
    const entry = `${TYPES[type]}u/${address}/${port}`;
    if (!candidates.includes(entry)) candidates.push(entry);
  }
  if (!candidates.length) throw new SignalError("remote.error.noCandidates");
  return [ufrag, pwd, toBase64Url(bytes), candidates.join(",")].join(" ");
}

/** Read a compact description back (throws SignalError on anything that is not one). */
export function parseCompact(text) {
  if (typeof text !== "string" || text.length > MAX_CODE) throw new SignalError("remote.error.badCode");
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 4) throw new SignalError("remote.error.badCode");
  const [ufrag, pwd, fp, list] = parts;
  if (!ICE_CHARS.test(ufrag) || !ICE_CHARS.test(pwd) || !/^[A-Za-z0-9_-]{43}$/.test(fp)) throw new SignalError("remote.error.badCode");
  const candidates = list.split(",").slice(0, 32).map((c) => {
    const m = /^([hsrp])u\/([^/]+)\/(\d{1,5})$/.exec(c);
    if (!m || !ADDRESS.test(m[2]) || Number(m[3]) > 65535) throw new SignalError("remote.error.badCode");
    return { type: TYPE_NAMES[m[1]], address: m[2], port: Number(m[3]) };
  });
  const fingerprint = [...fromBase64Url(fp)].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  return { ufrag, pwd, fingerprint, candidates };
}

const PRIORITY = { host: 2122260223, prflx: 1853824767, srflx: 1686052607, relay: 41885439 };

/** A full SDP from a compact description: `role` "offer" (setup actpass) or "answer" (setup active). */
export function fullSdp(compact, role) {
  const { ufrag, pwd, fingerprint, candidates } = typeof compact === "string" ? parseCompact(compact) : compact;
  const lines = [
    "v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidates.map((c, i) => `a=candidate:${i + 1} 1 udp ${PRIORITY[c.type] - i} ${c.address} ${c.port} typ ${c.type}`
      + (c.type === "host" ? "" : " raddr 0.0.0.0 rport 0") + " generation 0"),
    "a=end-of-candidates",
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, "a=ice-options:trickle", `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${role === "offer" ? "actpass" : "active"}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  return lines.join("\r\n") + "\r\n";
}

/** The invite link's fragment: {invite, offer, network, token?} deflated and base64url-coded. */
export async function encodeFragment(payload) {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  return toBase64Url(await pipe(bytes, new CompressionStream("deflate-raw")));
}

/** The payload of an invite link's fragment; throws SignalError when it is not one. */
export async function decodeFragment(fragment) {
  if (typeof fragment !== "string" || fragment.length > MAX_CODE || !/^[A-Za-z0-9_-]+$/.test(fragment)) {
    throw new SignalError("remote.error.badLink");
  }
  try {
    const bytes = await pipe(fromBase64Url(fragment), new DecompressionStream("deflate-raw"));
    if (bytes.length > 64 * 1024) throw new Error("too long");
    const payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (!payload || typeof payload !== "object" || typeof payload.offer !== "string" || !payload.invite
      || typeof payload.invite !== "object") throw new Error("not an invite");
    parseCompact(payload.offer);
    return payload;
  } catch (err) {
    if (err instanceof SignalError) throw err;
    throw new SignalError("remote.error.badLink", err.message);
  }
}
