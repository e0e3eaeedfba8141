// Small pieces the host's lobby and the guest's join screen share: a code or
// link with its Copy button, the note on the network used, and a plain
// message for what went wrong (never a silent spinner).  Text only: nothing
// a peer sent is ever put in the page as markup.
import { t } from "../i18n.js";
import { h } from "../table/dom.js";
import { levelName } from "../table/seat-name.js";
import { PUBLIC_STUN, ownIceServers } from "./peer.js";

/**
 * A QR code of `text` drawn on a canvas (the library from npm, loaded only here); its
 * accessible name says what it holds.  A text too long for a QR code: no picture, the link stays.
 */
export function qrCanvas(text, label) {
  const canvas = h("canvas.remote-qr", { role: "img", "aria-label": label, dataset: { testid: "qr" } });
  import("../vendor-qr.js").then(({ qrcode }) => {
    const qr = qrcode(0, "L");
    qr.addData(text, "Byte");
    qr.make();
    const n = qr.getModuleCount();
    const quiet = 4; // the white margin a scanner needs around the code
    const scale = Math.max(2, Math.floor(320 / (n + 2 * quiet)));
    canvas.width = canvas.height = (n + 2 * quiet) * scale;
    const g = canvas.getContext("2d");
    g.fillStyle = "#fff";
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = "#000";
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) g.fillRect((c + quiet) * scale, (r + quiet) * scale, scale, scale);
  }).catch((err) => { canvas.hidden = true; console.info("no QR code:", err.message); });
  return canvas;
}

/**
 * A read-only code or link (`value`), selected on focus, with a Copy button (and its QR code, `qr`);
 * `seat` or `spectator` (a host's invite) say whose it is in its dataset.
 */
export function codeBox({ value, testid, seat = null, spectator = null, label, qr = false }) {
  const dataset = { testid, ...(seat === null ? {} : { seat: String(seat) }), ...(spectator === null ? {} : { spectator: String(spectator) }) };
  const field = h("input.remote-code", { type: "text", readOnly: true, value, dataset, "aria-label": label,
    onfocus: (e) => e.target.select() });
  const note = h("span.muted", { role: "status" });
  const copy = h("button", { type: "button", dataset: { testid: `${testid}-copy` }, onclick: async () => {
    try { await navigator.clipboard.writeText(value); note.textContent = t("table.share.copied"); } catch { field.select(); note.textContent = t("table.share.copyManually"); }
  } }, t("table.share.copy"));
  return h("div.remote-code-box",
    h("label.remote-code-label", label),
    h("div.share-row", field, copy),
    note,
    qr ? h("details.remote-qr-box", { open: true }, h("summary", t("remote.qr")), qrCanvas(value, t("remote.qrLabel", { what: label }))) : null);
}

/** What the network mode means for the players' privacy: the room uses no third party; the internet a named STUN server. */
export function networkNote(network) {
  if (network !== "internet") return h("p.muted.remote-network-note", { dataset: { testid: "network-note" } }, t("remote.network.roomNote"));
  const own = ownIceServers();
  const server = own.length ? own.map((s) => s.urls).join(", ") : PUBLIC_STUN;
  return h("p.muted.remote-network-note", { dataset: { testid: "network-note" } }, t("remote.network.internetNote", { server }));
}

/** A translated message for `key`, with what to try; `err`'s text as a muted detail. */
export function remoteError(key, err = null) {
  const detail = err?.message ?? (typeof err === "string" ? err : null);
  return h("div.error-panel.remote-error", { role: "alert", dataset: { testid: "remote-error", key } },
    h("strong", t(key, err && typeof err === "object" ? err : {})),
    detail ? h("p.muted", String(detail).slice(0, 300)) : null);
}

/**
 * Who plays remote seat `seat` of `table` while its guest cannot: "wait for them", or a bot
 * level (the engine's, "random" left out) until the guest is back (Table.standIn); `onChange(level)` after.
 */
export function standInSelect(table, seat, botLevels = [], onChange = null) {
  const levels = botLevels.filter((l) => l !== "random");
  const current = table.standIns.get(seat) ?? "";
  return h("label.remote-stand-in", t("remote.host.standIn"), " ",
    h("select", { dataset: { testid: "stand-in", seat: String(seat) }, onchange: (e) => { table.standIn(seat, e.target.value || null); onChange?.(e.target.value || null); } },
      h("option", { value: "", selected: current === "" }, t("remote.host.standInWait")),
      levels.map((level) => h("option", { value: level, selected: current === level }, t("setup.bot", { level: levelName(level) })))));
}
