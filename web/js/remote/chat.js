// A short chat and a few reactions around a remote table.  The host's engine relays every line
// (brewhouse.remote.Host: at most 140 characters, 5 per 10 seconds, a fixed set of reactions);
// this box only shows them, always as text (textContent), never as markup.  Its log is a polite
// live region; on a phone it is a sheet at the bottom that closes, so it never covers the board.
import { t } from "../i18n.js";
import { h } from "../table/dom.js";
import { seatName } from "../table/seat-name.js";

/** brewhouse.remote.messages.REACTIONS and MAX_CHAT_CHARS. */
export const REACTIONS = ["👍", "😮", "😂", "☕"];
const MAX_CHARS = 140;
/** Lines kept on the page (the oldest leave first). */
const KEPT = 50;

/**
 * The chat box. `say({text}|{reaction})` sends (it rejects with the engine's error: shown in the box);
 * `seats` names the senders (seatName).  Returns {el, add(message), open(yes), notice(text)}.
 */
export function chatBox({ say, seats }) {
  const log = h("ol.chat-log", { role: "log", "aria-live": "polite", "aria-label": t("remote.chat.title"), dataset: { testid: "chat-log" } });
  const note = h("p.chat-note.muted", { role: "status" });
  const input = h("input.chat-input", { type: "text", maxLength: MAX_CHARS, autocomplete: "off",
    "aria-label": t("remote.chat.label"), placeholder: t("remote.chat.placeholder"), dataset: { testid: "chat-input" } });
  let unread = 0;
  const count = h("span.chat-unread", { hidden: true, "aria-hidden": "true" });
  const toggle = h("button.chat-toggle", { type: "button", "aria-expanded": "false", dataset: { testid: "chat-toggle" },
    onclick: () => open(panel.hidden) }, "💬 ", t("remote.chat.title"), count);
  const send = async (said) => {
    note.textContent = "";
    try { await say(said); return true; } catch (err) { note.textContent = t("remote.chat.notSent", { message: String(err.message ?? err).slice(0, 200) }); return false; }
  };
  const form = h("form.chat-form", { onsubmit: async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (text && await send({ text })) input.value = "";
  } }, input, h("button", { type: "submit", dataset: { testid: "chat-send" } }, t("remote.chat.send")));
  const reactions = h("div.chat-reactions", REACTIONS.map((r) => h("button.secondary.small", { type: "button",
    "aria-label": t("remote.chat.react", { reaction: r }), dataset: { testid: "chat-react", reaction: r }, onclick: () => send({ reaction: r }) }, r)));
  const close = h("button.chat-close.secondary.small", { type: "button", "aria-label": t("remote.chat.close"), dataset: { testid: "chat-close" },
    onclick: () => open(false) }, "×");
  const panel = h("section.chat-panel", { hidden: true, dataset: { testid: "chat" }, "aria-label": t("remote.chat.title") },
    h("header.chat-head", h("h2", t("remote.chat.title")), close), log, reactions, form, note);
  const el = h("div.remote-chat", toggle, panel);

  function open(yes) {
    panel.hidden = !yes;
    toggle.setAttribute("aria-expanded", String(yes));
    if (yes) { unread = 0; count.hidden = true; input.focus({ preventScroll: true }); }
  }

  /** One relayed message {seat, text} or {seat, reaction}: a line of text. */
  function add(msg) {
    const who = msg.seat === null || msg.seat === undefined ? t("remote.chat.host") : seatName(seats, msg.seat);
    const said = typeof msg.reaction === "string" ? msg.reaction : String(msg.text ?? "");
    const line = h("li.chat-line", { dataset: { testid: "chat-line" } }, h("strong", who), ": ");
    line.append(document.createTextNode(said.slice(0, MAX_CHARS * 2))); // text, never markup
    log.append(line);
    while (log.children.length > KEPT) log.firstElementChild.remove();
    log.scrollTop = log.scrollHeight;
    if (panel.hidden) { unread += 1; count.hidden = false; count.textContent = ` ${unread}`; }
  }

  /** A word from this page (e.g. the host refused a line sent too fast). */
  function notice(text) { note.textContent = text; }

  return { el, add, open, notice };
}
