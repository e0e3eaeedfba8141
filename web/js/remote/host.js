// The host's page of a remote game: its engine hosts the match (brewhouse.remote
// Host, through the JSON API's remote calls), a lobby shows one invite per
// remote seat (a link to send, a QR code of it, and a box for the answer code
// that comes back), and once every remote seat has joined the engine deals and
// the table opens.  A guest who drops gets a fresh invite for the same seat;
// the game waits for them and goes on at the same ply.  Anyone may be invited
// to watch, in the lobby or at the table: each spectator's invite is a fresh
// single-use link of its own (the view for no player), and the deal never
// waits for a spectator.
import { onLanguageChange, t } from "../i18n.js";
import { setPageTitle } from "../page-title.js";
import { h } from "../table/dom.js";
import { Table } from "../table/controller.js";
import { seatName } from "../table/seat-name.js";
import { hostGame, keepsakeHook } from "./host-save.js";
import { PUBLIC_STUN, Peer, ownIceServers, saveOwnIceServers } from "./peer.js";
import { SignalError, encodeFragment } from "./signal.js";
import { Presence } from "./presence.js";
import { chatBox } from "./chat.js";
import { codeBox, networkNote, remoteError, standInSelect } from "./ui.js";
import { answerScanner } from "./scan.js";

/** A guest's message is at most brewhouse.remote.messages.MAX_GUEST_CHARS (plus the chunk marks). */
const GUEST_LIMIT = 2048 + 16;
/** A guest sends a few messages a second at most (a move, a hello): more is a peer gone wrong. */
const GUEST_RATE = 20;
/** How long a pasted answer may take to connect before the page says it did not. */
const CONNECT_MS = 20000;
const NETWORK_KEY = "brewhouse.remote.network";

/**
 * Host a remote game in `root`.
 * deps: {engine, saves, renderer, gameInfo, info, navigate, config, seats, options}, or a saved
 * `record` with its keepsake (remote/host-save.js) to host again: every remote seat gets a fresh link.
 * Returns a handle with close() and the table once dealt (`.table`).
 */
export async function openHost(root, deps) {
  const { engine, renderer, gameInfo, seats, config, options } = deps;
  const hosted = await hostGame(engine, deps);
  const lobby = h("section.remote-lobby.panel", { dataset: { testid: "remote-lobby" } });
  const tableEl = h("div.table-host");
  root.replaceChildren(lobby, tableEl);
  setPageTitle("title.invite", { game: gameInfo.title });
  // every invite shown, by key: a remote seat's number, or "w1", "w2"… for the spectators' (entry.seat null)
  const handle = { table: null, closed: false, seats: new Map(), close };
  let network = localStorage.getItem(NETWORK_KEY) === "internet" ? "internet" : "room";
  let channels = 0;
  let spectators = 0; // spectators' invites made so far (each its own number)
  const byChannel = new Map(); // channel id -> seat entry
  let { joined, connected, watching } = hosted;
  const presence = new Presence(); // the engine's word on each remote seat, shown on its player panel
  let chat = null; // the table's chat, once dealt

  // what the host's engine sends a guest goes on that guest's channel (measured: remote play's message sizes)
  handle.sent = { messages: 0, chars: 0, largest: 0 };
  const unlisten = engine.onRemoteSend(({ host, channel, text }) => {
    if (host !== hosted.host) return;
    Object.assign(handle.sent, { messages: handle.sent.messages + 1, chars: handle.sent.chars + text.length,
      largest: Math.max(handle.sent.largest, text.length) });
    byChannel.get(channel)?.peer.send(text);
  });
  const stopTranslating = onLanguageChange(() => draw()); // the lobby speaks a language chosen meanwhile

  function close() {
    handle.closed = true;
    unlisten();
    stopTranslating();
    for (const entry of handle.seats.values()) {
      entry.scanner?.stop(); // the camera goes off with the screen
      entry.peer?.close("host-left");
    }
    handle.table?.close();
  }

  /** A new entry under `key` (replacing the one there, its connection closed), drawn as "preparing". */
  function newEntry(key, seat, spectator = null) {
    const old = handle.seats.get(key);
    if (old?.peer) { old.peer.onclose = () => {}; old.peer.close("replaced"); }
    old?.scanner?.stop(); // a replaced invite's camera goes off
    const entry = { key, seat, spectator, channel: `${seat === null ? key : `s${seat}`}.${++channels}`, state: "preparing",
      link: null, error: null, peer: null };
    handle.seats.set(key, entry);
    draw();
    return { entry, old };
  }

  /** A new connection offered to `seat`: its invite link once ICE gathering is complete. */
  async function invite(seat) {
    const { entry, old } = newEntry(seat, seat);
    let invitePayload;
    if (old?.inviteMsg || joined.includes(seat)) {
      invitePayload = await engine.call("remote_reinvite", { host: hosted.host, seat });
    } else {
      invitePayload = { invite: await engine.call("remote_invite", { host: hosted.host, seat }), token: null };
    }
    await offer(entry, invitePayload);
  }

  /** A fresh single-use invite to watch (the engine's view for no player), or one in place of spectator entry `old`. */
  async function inviteSpectator(old = null) {
    const n = old?.spectator ?? ++spectators;
    const { entry } = newEntry(old?.key ?? `w${n}`, null, n);
    await offer(entry, { invite: await engine.call("remote_invite", { host: hosted.host, seat: null }), token: null });
  }

  /** A fresh link in place of `entry`'s (a failed connection, another network mode). */
  function renew(entry) {
    return entry.seat === null ? inviteSpectator(entry) : invite(entry.seat);
  }

  /** The engine counts this entry's guest as here: its seat connected, or its spectator's channel watching. */
  function here(entry) {
    return entry.seat === null ? watching.includes(entry.channel) : connected.includes(entry.seat);
  }

  /** The link of `entry` (its invite message and, to rejoin a seat, its token), its peer's offer in the fragment. */
  async function offer(entry, invitePayload) {
    entry.inviteMsg = invitePayload.invite;
    const peer = entry.peer = new Peer({ network, limit: GUEST_LIMIT, rate: GUEST_RATE });
    byChannel.set(entry.channel, entry);
    try {
      const offer = await peer.offer();
      const fragment = await encodeFragment({ invite: invitePayload.invite, offer, network,
        ...(invitePayload.token ? { token: invitePayload.token } : {}) });
      const url = new URL(location.href);
      url.search = "?join";
      url.hash = fragment;
      entry.link = url.href;
      entry.state = "inviting";
    } catch (err) {
      entry.state = "failed";
      entry.error = remoteError("remote.error.noConnection", err);
    }
    peer.onopen = () => { clearTimeout(entry.timer); entry.state = "connecting"; draw(); };
    peer.onfailed = () => { clearTimeout(entry.timer); entry.state = "failed"; entry.error = remoteError("remote.error.iceFailed"); draw(); };
    peer.onmessage = (text) => receive(entry, text);
    peer.onclose = () => dropped(entry);
    if (handle.seats.get(entry.key) === entry) draw();
  }

  async function receive(entry, text) {
    let out;
    try {
      out = await engine.call("remote_receive", { host: hosted.host, channel: entry.channel, text });
    } catch (err) {
      // the engine could not take the message at all: a seat still joining says so rather than
      // waiting on "connecting" for ever; a seated guest's game goes on (its next message may pass)
      console.error("remote_receive failed:", err);
      if (!here(entry)) {
        entry.error = remoteError("remote.error.turnedAway", err);
        entry.state = "failed";
        draw();
      }
      return;
    }
    ({ joined, connected, watching } = out);
    presence.set(out.presence);
    for (const said of out.chat) chat?.add(said);
    // a guest turned away (another build, a used invite), or any message refused before its guest
    // joined (a hello the host cannot read): said on its seat, in the engine's words.  Refusals
    // during the game (a stale move) are the guest page's to show: it is re-synced.
    const refusal = out.refused.find((r) => ["version_mismatch", "protocol_mismatch", "invite_used", "unknown_invite", "bad_token"].includes(r.code))
      ?? (here(entry) ? undefined : out.refused[0]);
    if (refusal) {
      entry.error = remoteError(refusal.code === "version_mismatch" ? "remote.error.versionMismatch" : "remote.error.turnedAway", refusal.message);
      entry.state = "failed";
      draw();
    }
    if (here(entry) && entry.state !== "connected") {
      entry.state = "connected";
      if (entry.seat !== null) handle.table?.standIn(entry.seat, null); // back: the seat is theirs again
      draw();
    }
    if (out.started && !handle.table && !handle.closed) {
      await openTable(out.status);
    } else if (out.moved) {
      handle.table?.remoteMoved();
    }
  }

  async function openTable(status) {
    handle.table = new Table({ engine, saves: deps.saves, renderer, gameInfo, root: tableEl, info: deps.info, navigate: deps.navigate,
      remote: { ...keepsakeHook(engine, hosted.host), presence } });
    chat = chatBox({ seats, say: async (said) => chat.add(await engine.call("remote_say", { host: hosted.host, ...said })) });
    root.append(chat.el);
    handle.startedAt = performance.now();
    draw();
    await handle.table.startHosted(status, options, deps.record);
  }

  async function dropped(entry) {
    if (handle.closed || handle.seats.get(entry.key) !== entry) return;
    byChannel.delete(entry.channel);
    clearTimeout(entry.timer);
    const status = await engine.call("remote_disconnect", { host: hosted.host, channel: entry.channel });
    ({ joined, connected, watching } = status);
    presence.set(status.presence);
    // a spectator who left is gone (another may be invited to watch); a seat gets a fresh link at once
    if (entry.seat === null) { handle.seats.delete(entry.key); draw(); return; }
    await invite(entry.seat);
  }

  async function submitAnswer(entry, input, message) {
    const code = input.value.trim();
    message.replaceChildren();
    if (!code) return;
    try {
      await entry.peer.accept(code);
    } catch (err) {
      message.replaceChildren(remoteError(err instanceof SignalError ? err.key : "remote.error.badCode", err instanceof SignalError ? null : err));
      return;
    }
    entry.scanner?.stop(); // pasted while the camera was on: it is no longer needed
    entry.draft = null;
    // the channel may have opened, and the guest's hello been taken, while the code was being read
    if (!here(entry)) entry.state = "connecting";
    entry.answeredAt = performance.now();
    handle.answeredAt = entry.answeredAt;
    entry.timer = setTimeout(() => {
      if (entry.state !== "connecting" || here(entry)) return;
      entry.state = "failed";
      entry.error = remoteError("remote.error.iceFailed");
      draw();
    }, CONNECT_MS);
    draw();
  }

  function seatCard(entry) {
    const spectator = entry.seat === null;
    const name = spectator ? t("remote.host.spectator", { n: entry.spectator }) : seatName(seats, entry.seat);
    const head = h("h3", name);
    // what tells the cards apart in the page (the tests' contract): data-seat=N, or data-spectator=N
    const which = spectator ? { spectator: String(entry.spectator) } : { seat: String(entry.seat) };
    const dataset = { testid: "remote-seat", ...which, state: entry.state };
    if (entry.state === "connected") {
      return h("li.remote-seat", { dataset }, head, h("p.remote-status", t(spectator ? "remote.host.watching" : "remote.host.joined")));
    }
    if (entry.state === "preparing") return h("li.remote-seat", { dataset }, head, h("p.muted", t("remote.host.preparing")));
    // what the host has pasted or typed so far outlives a redraw (another guest connecting redraws the lobby)
    const input = h("input.remote-answer", { type: "text", dataset: { testid: "answer-input", ...which }, value: entry.draft ?? "",
      placeholder: t("remote.host.answerPlaceholder"), "aria-label": t("remote.host.answerLabel", { name }), autocomplete: "off",
      oninput: () => { entry.draft = input.value; } });
    const message = h("div");
    const submit = h("button", { type: "submit", dataset: { testid: "answer-submit", ...which } }, t("remote.host.connect"));
    const form = h("form.remote-answer-form", { onsubmit: (e) => { e.preventDefault(); submitAnswer(entry, input, message); } },
      h("label", t("remote.host.answerLabel", { name })), h("div.share-row", input, submit), message);
    // a scanned code is submitted as a pasted one is (the form of the lobby as last drawn); the scanner
    // itself lives as long as the invite, so a lobby drawn again keeps its camera running
    if (entry.state !== "connecting") entry.form = form; // the form on screen (once connecting, the one submitted)
    entry.scanner ??= answerScanner({ seat: entry.seat, onCode: (code) => {
      const field = entry.form.querySelector("[data-testid=answer-input]");
      field.value = code;
      entry.form.requestSubmit();
    } });
    message.before(entry.scanner.el); // what a scanned code's submission says comes below it, as for a paste
    return h("li.remote-seat", { dataset },
      head,
      entry.link ? codeBox({ value: entry.link, testid: "invite", ...which, label: t("remote.host.inviteLabel"), qr: true }) : null,
      entry.link ? h("p.muted", t(spectator ? "remote.host.spectatorHint" : "remote.host.inviteHint")) : null,
      entry.state === "connecting" ? h("p.remote-status", { role: "status" }, h("span.spinner", { "aria-hidden": "true" }), t("remote.host.connecting")) : form,
      entry.error,
      entry.error ? h("button.secondary", { type: "button", onclick: () => renew(entry) }, t("remote.host.newLink")) : null);
  }

  /** "Invite someone to watch": each click a new spectator's invite card. */
  function watchButton() {
    return h("button.secondary.remote-watch", { type: "button", dataset: { testid: "invite-spectator" }, onclick: () => inviteSpectator() },
      t("remote.host.inviteSpectator"));
  }

  function networkBox() {
    const choose = (value) => {
      network = value;
      localStorage.setItem(NETWORK_KEY, value);
      for (const entry of handle.seats.values()) if (entry.state !== "connected") renew(entry);
    };
    const radio = (value) => h("label.radio", h("input", { type: "radio", name: "remote-network", value, checked: network === value,
      dataset: { testid: `network-${value}` }, onchange: () => choose(value) }), t(`remote.network.${value}`));
    const own = h("textarea.remote-servers", { rows: 2, dataset: { testid: "ice-servers" }, "aria-label": t("remote.network.ownLabel"),
      placeholder: "stun:stun.example.org:3478\nturn:turn.example.org:3478 user password",
      value: ownIceServers().map((s) => [s.urls, s.username, s.credential].filter(Boolean).join(" ")).join("\n") });
    const saveOwn = h("button.secondary.small", { type: "button", onclick: () => {
      const servers = own.value.split("\n").map((l) => l.trim().split(/\s+/)).filter(([u]) => /^(stun|turns?):/.test(u ?? ""))
        .slice(0, 4).map(([urls, username, credential]) => ({ urls, ...(username ? { username, credential: credential ?? "" } : {}) }));
      saveOwnIceServers(servers);
      if (network === "internet") choose("internet");
    } }, t("remote.network.ownSave"));
    return h("fieldset.remote-network",
      h("legend", t("remote.network.title")), radio("room"), radio("internet"), networkNote(network),
      h("details", h("summary", t("remote.network.own", { server: PUBLIC_STUN })), own, saveOwn));
  }

  /** While a guest is away the game may go on: a bot level plays their seat until they are back (or "wait"). */
  function standInChoice(seat) {
    // the guests are told too: a seat a bot plays is "gone" until its guest is back
    const handOver = async (level) => {
      presence.set((await engine.call("remote_hand_over", { host: hosted.host, seat, bot: Boolean(level) })).presence);
      draw();
    };
    return handle.table ? h("span", " · ", standInSelect(handle.table, seat, deps.info?.bot_levels, handOver)) : null;
  }

  function draw() {
    if (handle.closed) return;
    const typing = focusedAnswer();
    drawLobby();
    typing?.restore();
  }

  /** The answer field the host is typing in, if any: found again (same seat or spectator) after a redraw, caret kept. */
  function focusedAnswer() {
    const el = document.activeElement;
    if (!lobby.contains(el) || el?.dataset.testid !== "answer-input") return null;
    const { seat, spectator } = el.dataset;
    const [start, end] = [el.selectionStart, el.selectionEnd];
    return { restore: () => {
      const again = [...lobby.querySelectorAll("[data-testid=answer-input]")]
        .find((e) => e.dataset.seat === seat && e.dataset.spectator === spectator);
      again?.focus({ preventScroll: true });
      again?.setSelectionRange(start, end);
    } };
  }

  function drawLobby() {
    const cards = [...handle.seats.values()].filter((e) => !handle.table || e.state !== "connected").map(seatCard);
    if (handle.table) {
      // at the table: who is here, and a fresh invite for a seat whose guest dropped
      const chips = hosted.remote_seats.map((seat) => {
        const state = presence.state(seat) ?? (connected.includes(seat) ? "connected" : "reconnecting");
        return h("li.remote-presence", { dataset: { testid: "presence", seat: String(seat), state } },
          seatName(seats, seat), " · ", t(`remote.presence.${state}`), state === "connected" ? null : standInChoice(seat));
      });
      if (watching.length) {
        chips.push(h("li.remote-presence", { dataset: { testid: "spectators", count: String(watching.length) } },
          t("remote.host.spectators", { count: watching.length })));
      }
      lobby.replaceChildren(h("div.remote-table-bar", h("ul.remote-presence-list", chips), watchButton()),
        ...(cards.length ? [h("ul.remote-seats", cards)] : []));
      return;
    }
    lobby.replaceChildren(
      h("h2", t("remote.host.title", { game: gameInfo.title })),
      h("p", t("remote.host.intro")),
      networkBox(),
      h("ul.remote-seats", cards),
      h("div", watchButton()),
      h("div.row-buttons", h("button.secondary", { type: "button", onclick: () => deps.navigate("") }, t("table.backHome"))));
  }

  draw();
  if (hosted.started) await openTable(hosted.status); // a saved game hosted again: its table, and a link per seat
  await Promise.all(hosted.remote_seats.map((seat) => invite(seat)));
  window.brewhouseRemote = handle; // test and measurement hook
  return handle;
}
