// Who is at the table: each remote seat's presence (connected / reconnecting / gone) shown on its
// player panel, on the host's page and on every guest's.  The host's engine is the source of truth
// (brewhouse.remote.Host.presence, sent to guests as a `presence` message); the table calls
// decorate() after every redraw of the board, so the badge survives the panels being rebuilt.
import { t } from "../i18n.js";
import { h } from "../table/dom.js";

/** The states a seat may be in (brewhouse.remote.messages.PRESENCE_STATES): anything else is ignored. */
const STATES = new Set(["connected", "reconnecting", "gone"]);

export class Presence {
  /** `own`: this page's own seat (a guest's), which needs no badge: its player knows they are here. */
  constructor(own = null) {
    this.own = own;
    this.seats = new Map(); // seat -> state
    this.board = null;
  }

  /** The host's word: `[[seat, state], …]`; the panels drawn already follow at once. */
  set(pairs) {
    this.seats = new Map((pairs ?? []).filter(([seat, state]) => Number.isInteger(seat) && STATES.has(state)));
    if (this.board) this.decorate(this.board);
  }

  state(seat) {
    return seat === this.own ? null : this.seats.get(seat) ?? null;
  }

  /** A badge on every remote seat's panel in `board` (text from the catalogue only). */
  decorate(board) {
    this.board = board;
    for (const panel of board.querySelectorAll("[data-testid=player-panel]")) {
      panel.querySelector(":scope > .presence-badge")?.remove();
      const state = this.state(Number(panel.dataset.seat));
      if (!state) { delete panel.dataset.presence; continue; }
      panel.dataset.presence = state;
      panel.prepend(h("span.presence-badge", { dataset: { testid: "presence-badge", seat: panel.dataset.seat, state } },
        t(`remote.presence.${state}`)));
    }
  }
}
