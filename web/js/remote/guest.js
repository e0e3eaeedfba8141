// A guest's page: an invite link (`?join#<fragment>`) opens the join screen,
// which shows the answer code to send back to the host; once the host pastes
// it the data channel opens, this page's engine (a Guest, brewhouse.remote)
// checks every message the host sends, and the table shows this seat's view.
// At the end the engine replays the whole game and says "verified" or where
// the host's messages differ from the rules.  A spectator's invite (no seat)
// opens the same way onto the view for no player: no options, no chat.
//
// The page keeps its copy of the seat on this device as updates arrive
// (remote/guest-copy.js; a spectator keeps none).  A page reloaded on a link it
// has joined by already (its offer is spent) shows the game so far from that
// copy and waits for the host's new link; a new link for the same seat rejoins
// from the copy, so the game so far shows at once and the audit still uses this
// device's nonce.
import { onLanguageChange, t } from "../i18n.js";
import { setPageTitle } from "../page-title.js";
import { h } from "../table/dom.js";
import { Table } from "../table/controller.js";
import { GuestEngine } from "./guest-engine.js";
import { Peer } from "./peer.js";
import { SignalError, decodeFragment } from "./signal.js";
import { Presence } from "./presence.js";
import { chatBox } from "./chat.js";
import { codeBox, networkNote, remoteError } from "./ui.js";
import { CopyKeeper, GuestCopies } from "./guest-copy.js";
import { EngineError } from "../engine.js";

const copies = new GuestCopies();

/** The longest text a host may send (brewhouse.remote.messages.MAX_HOST_CHARS) and the chunk marks' slack. */
const HOST_LIMIT = 1024 * 1024 + 64;

/**
 * Open the join screen of the invite in `location.hash` in `root`.
 * deps: {engine, games, info, navigate, loadRenderer}
 */
export async function openJoin(root, deps) {
  const { engine, games, navigate } = deps;
  const screen = h("section.remote-join.panel", { dataset: { testid: "join" } });
  root.replaceChildren(screen);
  setPageTitle("title.join");
  // what the screen says is drawn by a function, drawn again in the language the guest chooses
  // while waiting (the table, once dealt, translates itself)
  let draw = () => [];
  const redraw = () => screen.replaceChildren(h("h2", t("remote.join.title")), ...draw());
  const say = (words) => { draw = words; redraw(); };
  let table = null;
  const stopTranslating = onLanguageChange(() => { if (!table) redraw(); });
  say(() => [h("p.muted", t("remote.join.preparing"))]);
  let payload, joined;
  const link = location.hash.slice(1);
  // a screen that goes no further: on leaving it, only its translating stops
  const stopped = { close: stopTranslating };
  const failed = (err) => (say(() => [remoteError(err instanceof SignalError ? err.key : err.code === "unknown_edition" || err.code === "save_too_new" ? "remote.error.build" : "remote.error.badLink", err),
    h("button", { type: "button", onclick: () => navigate("") }, t("table.backHome"))]), stopped);
  try {
    payload = await decodeFragment(link);
  } catch (err) {
    return failed(err);
  }
  const record = await copies.find(payload.invite).catch((err) => console.info("no copy read:", err.message));
  // this page has joined by this very link (a reload): its offer is spent, the copy shows the game so far
  if (record && (record.link === link || record.status === "finished")) {
    history.replaceState({}, "", `?guest=${encodeURIComponent(record.id)}`);
    stopTranslating(); // the copy's screen translates itself
    return showKeptCopy(root, record, deps);
  }
  let kept = null; // the copy a new link for the same seat rejoins from
  try {
    if (record && payload.token) {
      try {
        joined = await engine.call("join_remote", { invite: payload.invite, token: payload.token, keepsake: await copies.keepsake(record) });
        kept = record;
      } catch (err) {
        console.info("this link's seat is not the copy's; joining without it:", err.message);
      }
    }
    joined ??= await engine.call("join_remote", { invite: payload.invite, ...(payload.token ? { token: payload.token } : {}) });
  } catch (err) {
    return failed(err);
  }
  const gameInfo = games.find((g) => g.id === joined.game) ?? { title: joined.game };
  const renderer = await deps.loadRenderer(joined.game);
  const peer = new Peer({ network: payload.network, limit: HOST_LIMIT });
  let answer;
  try {
    answer = await peer.answer(payload.offer);
  } catch (err) {
    say(() => [remoteError("remote.error.noConnection", err), networkNote(payload.network)]);
    return stopped;
  }
  const spectator = joined.seat === null;
  // the connection's state (waiting, connected, failed, lost) and its words
  const status = h("p.remote-status", { role: "status", dataset: { testid: "join-status", state: "waiting" } });
  const statusWords = {
    waiting: () => t("remote.join.waiting"),
    connected: () => t(spectator ? "remote.join.connectedWatch" : "remote.join.connected"),
    failed: () => remoteError("remote.error.iceFailed"),
    lost: () => "", // the note above says it
  };
  const lostNote = () => h("p.remote-status.error-text", { role: "alert", dataset: { testid: "connection-lost" } },
    t(spectator ? "remote.join.lostWatch" : "remote.join.lost"));
  const setStatus = (state) => {
    status.dataset.state = state;
    if (statusWords[state]) status.replaceChildren(statusWords[state]());
  };
  setStatus("waiting");
  say(() => {
    setStatus(status.dataset.state);
    return [status.dataset.state === "lost" ? lostNote() : null,
      h("p", spectator ? t("remote.join.introWatch", { game: gameInfo.title }) : t("remote.join.intro", { game: gameInfo.title, n: joined.seat + 1 })),
      codeBox({ value: answer, testid: "answer-code", label: t("remote.join.code"), qr: true }), // the same code, its words translated
      status, networkNote(payload.network)].filter(Boolean);
  });
  // the game so far, from this device's copy, while the host pastes the code (not awaited: the channel may open first)
  let keptShown = null;
  if (kept) {
    keptTable(kept, deps).then((shown) => {
      if (table || verdict) return shown.table.close(); // the live table is here already
      keptShown = shown;
      root.append(shown.host);
    }).catch((err) => console.info("the copy is not shown:", err.message));
  }

  const presence = new Presence(joined.seat); // who else is here, as the host says (on their player panels)
  // the chat of a seated guest (a spectator watches without a word); seats named as this page's table names them
  const chat = spectator ? null : chatBox({
    seats: joined.seats.map((_, i) => (i === joined.seat ? "human" : "remote")),
    say: async (said) => peer.send((await engine.call("remote_guest_say", { guest: joined.guest, ...said })).text) });
  const guestEngine = new GuestEngine(async (move) => {
    const { text } = await engine.call("remote_guest_move", { guest: joined.guest, move });
    peer.send(text);
  });
  let verdict = null;
  let fullNoted = false;
  const keeper = new CopyKeeper({ engine, copies, joined, invite: payload.invite, link, record: kept, stored: kept?.count ?? 0,
    onStored: (ply) => { if (table) table.el.status.dataset.saved = String(ply); },
    onFull: () => { // no room for the copy on this device: said once, and the game goes on
      if (fullNoted) return;
      fullNoted = true;
      root.prepend(h("p.remote-status.error-text", { role: "status", dataset: { testid: "copy-not-kept" } }, t("remote.copy.full")));
    } });
  // leaving the page closes the channel at once, so the host offers the seat a new link without waiting
  addEventListener("pagehide", () => peer.close("left"), { once: true });
  peer.onopen = () => {
    setStatus("connected");
    peer.send(joined.text);
  };
  peer.onfailed = () => setStatus("failed");
  peer.onclose = () => {
    if (verdict) return; // the game is over and audited: nothing more to come
    if (table) return root.prepend(lostNote());
    setStatus("lost");
    redraw(); // the note, at the top of the screen
  };
  peer.onmessage = async (text) => {
    let got;
    try {
      got = await engine.call("remote_guest_receive", { guest: joined.guest, text });
    } catch (err) {
      // the host sent something that is no message of the protocol: said, and the connection ends
      peer.close("bad");
      return root.prepend(remoteError("remote.error.badHostMessage", err));
    }
    if (got.type === "update") {
      if (!table) {
        guestEngine.update(got);
        keptShown?.table.close();
        keptShown = null;
        const host = h("div.table-host");
        root.replaceChildren(host);
        table = new Table({ engine: guestEngine, saves: null, renderer, gameInfo, root: host, info: deps.info, navigate, remote: { guest: true, spectator, presence } });
        if (chat) root.append(chat.el);
        window.brewhouseRemote = { table, guest: joined.guest };
        await table.startGuest(got.status);
      } else if (!guestEngine.update(got)) {
        table.remoteMoved();
      }
      keeper.keep(got.status);
    } else if (got.type === "presence") {
      presence.set(got.presence);
    } else if (got.type === "chat") {
      chat?.add(got.chat);
    } else if (got.type === "chat_history") {
      for (const line of got.chat_history) chat?.add(line); // what was said before this page joined

    } else if (got.type === "refused" && got.refused.code === "rate_limited") {
      chat?.notice(t("remote.chat.tooFast"));
    } else if (got.type === "refused") {
      if (!guestEngine.refused(got.refused)) root.prepend(remoteError("remote.error.refused", { message: got.refused.message }));
    } else if (got.type === "reveal") {
      verdict = got.audit;
      showVerdict(root, verdict);
      keeper.finish(verdict); // the copy says the game is over and verified, and stays until deleted
    }
  };
  return { close: () => { stopTranslating(); verdict = verdict ?? { closing: true }; peer.close(); table?.close(); keptShown?.table.close(); } };
}

/** The copy `id` of a seat, opened from the home page (`?guest=<id>`): the game so far, read only. */
export async function openKeptCopy(root, id, deps) {
  const record = await copies.get(id).catch(() => undefined);
  if (!record) {
    return root.replaceChildren(h("section.route-error.error-panel", { role: "alert", dataset: { testid: "route-error" } },
      h("p", t("remote.copy.missing")), h("button", { type: "button", onclick: () => deps.navigate("") }, t("table.backHome"))));
  }
  return showKeptCopy(root, record, deps);
}

/**
 * A kept copy on its own: the table of the last position received (read only: no options) and,
 * above it, where things stand — waiting for the host's new link, or over (and verified or not) —
 * with the way home and the way to delete the copy (once confirmed).
 */
async function showKeptCopy(root, record, deps) {
  const { games, navigate } = deps;
  const finished = record.status === "finished";
  const title = games.find((g) => g.id === record.game)?.title ?? record.game;
  const remove = async () => {
    if (!confirm(t("remote.copy.confirmDelete"))) return;
    await copies.delete(record.id);
    navigate("");
  };
  const heading = h("h2");
  const state = h("p.remote-status", { role: "status", dataset: { testid: "guest-copy-state" } });
  const home = h("button", { type: "button", dataset: { testid: "guest-copy-home" }, onclick: () => navigate("") });
  const del = h("button.secondary", { type: "button", dataset: { testid: "guest-copy-delete" }, onclick: remove });
  const words = () => { // again in a language chosen meanwhile (the table below redraws itself)
    heading.textContent = t("remote.copy.title", { game: title, n: record.seat + 1 });
    state.textContent = t(finished ? "remote.copy.over" : "remote.copy.waiting");
    home.textContent = t("table.backHome");
    del.textContent = t("remote.copy.delete");
  };
  words();
  const panel = h("section.remote-kept.panel", { dataset: { testid: "guest-copy", state: finished ? "finished" : "waiting" } },
    heading, state, h("div.row-buttons", home, del));
  root.replaceChildren(panel);
  const stopTranslating = onLanguageChange(words);
  setPageTitle("title.keptCopy", { game: title });
  let shown;
  try {
    shown = await keptTable(record, deps);
  } catch (err) {
    panel.append(remoteError("remote.copy.broken", err)); // the way home and the delete button stay
    return { close: stopTranslating };
  }
  root.append(shown.host);
  if (finished && record.audit) showVerdict(root, record.audit);
  return { close: () => { stopTranslating(); shown.table.close(); } };
}

/** A read-only table of the copy `record` (its last position, its log): {table, host}. */
async function keptTable(record, deps) {
  const copy = await deps.engine.call("remote_guest_copy", { keepsake: await copies.keepsake(record) });
  const renderer = await deps.loadRenderer(copy.game);
  const gameInfo = deps.games.find((g) => g.id === copy.game) ?? { title: copy.game };
  const guestEngine = new GuestEngine(async () => { throw new EngineError("bad_request", "a kept copy plays nothing"); });
  guestEngine.update(copy);
  const host = h("div.table-host", { dataset: { testid: "guest-copy-table" } });
  const table = new Table({ engine: guestEngine, saves: null, renderer, gameInfo, root: host, info: deps.info, navigate: deps.navigate,
    remote: { guest: true, kept: true } });
  await table.startGuest(copy.status);
  return { table, host };
}

/** The audit's word on the end screen: "verified", or the ply and field where the host's messages differ. */
function showVerdict(root, audit) {
  const line = audit.verified
    ? h("p.remote-audit.verified", { dataset: { testid: "audit", verified: "true" } }, "✓ ", t("remote.audit.verified"))
    : h("p.remote-audit.error-text", { role: "alert", dataset: { testid: "audit", verified: "false" } },
      t("remote.audit.differs", { ply: audit.ply ?? "—", field: audit.field ?? "", detail: audit.detail ?? "" }));
  // the end screen is drawn once the last position is rendered: the verdict joins it then
  const attach = () => {
    const over = root.querySelector("[data-testid=game-over]");
    if (!over || over.hidden) return setTimeout(attach, 100);
    over.querySelector("[data-testid=audit]")?.remove();
    over.append(line);
  };
  attach();
}
