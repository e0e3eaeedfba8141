// A guest's page: an invite link (`?join#<fragment>`) opens the join screen,
// which shows the answer code to send back to the host; once the host pastes
// it the data channel opens, this page's engine (a Guest, brewhouse.remote)
// checks every message the host sends, and the table shows this seat's view.
// At the end the engine replays the whole game and says "verified" or where
// the host's messages differ from the rules.  A spectator's invite (no seat)
// opens the same way onto the view for no player: no options, no chat.
import { t } from "../i18n.js";
import { setPageTitle } from "../page-title.js";
import { h } from "../table/dom.js";
import { Table } from "../table/controller.js";
import { GuestEngine } from "./guest-engine.js";
import { Peer } from "./peer.js";
import { SignalError, decodeFragment } from "./signal.js";
import { Presence } from "./presence.js";
import { chatBox } from "./chat.js";
import { codeBox, networkNote, remoteError } from "./ui.js";

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
  const say = (...nodes) => screen.replaceChildren(h("h2", t("remote.join.title")), ...nodes);
  say(h("p.muted", t("remote.join.preparing")));
  let payload, joined;
  try {
    payload = await decodeFragment(location.hash.slice(1));
    joined = await engine.call("join_remote", { invite: payload.invite, ...(payload.token ? { token: payload.token } : {}) });
  } catch (err) {
    return say(remoteError(err instanceof SignalError ? err.key : err.code === "unknown_edition" || err.code === "save_too_new" ? "remote.error.build" : "remote.error.badLink", err),
      h("button", { type: "button", onclick: () => navigate("") }, t("table.backHome")));
  }
  const gameInfo = games.find((g) => g.id === joined.game) ?? { title: joined.game };
  const renderer = await deps.loadRenderer(joined.game);
  const peer = new Peer({ network: payload.network, limit: HOST_LIMIT });
  let answer;
  try {
    answer = await peer.answer(payload.offer);
  } catch (err) {
    return say(remoteError("remote.error.noConnection", err), networkNote(payload.network));
  }
  const spectator = joined.seat === null;
  const status = h("p.remote-status", { role: "status", dataset: { testid: "join-status", state: "waiting" } }, t("remote.join.waiting"));
  say(h("p", spectator ? t("remote.join.introWatch", { game: gameInfo.title }) : t("remote.join.intro", { game: gameInfo.title, n: joined.seat + 1 })),
    codeBox({ value: answer, testid: "answer-code", label: t("remote.join.code"), qr: true }),
    status, networkNote(payload.network));

  let table = null;
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
  // leaving the page closes the channel at once, so the host offers the seat a new link without waiting
  addEventListener("pagehide", () => peer.close("left"), { once: true });
  peer.onopen = () => {
    status.dataset.state = "connected";
    status.textContent = t(spectator ? "remote.join.connectedWatch" : "remote.join.connected");
    peer.send(joined.text);
  };
  peer.onfailed = () => {
    status.dataset.state = "failed";
    status.replaceChildren(remoteError("remote.error.iceFailed"));
  };
  peer.onclose = () => {
    if (verdict) return; // the game is over and audited: nothing more to come
    const note = h("p.remote-status.error-text", { role: "alert", dataset: { testid: "connection-lost" } }, t(spectator ? "remote.join.lostWatch" : "remote.join.lost"));
    (table ? root : screen).prepend(note);
    if (!table) status.dataset.state = "lost";
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
        const host = h("div.table-host");
        root.replaceChildren(host);
        table = new Table({ engine: guestEngine, saves: null, renderer, gameInfo, root: host, info: deps.info, navigate, remote: { guest: true, spectator, presence } });
        if (chat) root.append(chat.el);
        window.brewhouseRemote = { table, guest: joined.guest };
        await table.startGuest(got.status);
      } else if (!guestEngine.update(got)) {
        table.remoteMoved();
      }
    } else if (got.type === "presence") {
      presence.set(got.presence);
    } else if (got.type === "chat") {
      chat?.add(got.chat);
    } else if (got.type === "refused" && got.refused.code === "rate_limited") {
      chat?.notice(t("remote.chat.tooFast"));
    } else if (got.type === "refused") {
      if (!guestEngine.refused(got.refused)) root.prepend(remoteError("remote.error.refused", { message: got.refused.message }));
    } else if (got.type === "reveal") {
      verdict = got.audit;
      showVerdict(root, verdict);
    }
  };
  return { close: () => { verdict = verdict ?? { closing: true }; peer.close(); table?.close(); } };
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
