// What a guest's table calls instead of the engine: it answers from the last
// position the host sent (already checked by this page's own engine, see
// remote/guest.js), and a move goes to the host, the call settling once the
// host's next position comes back (or with the host's refusal).
import { EngineError } from "../engine.js";

export class GuestEngine {
  /** `sendMove(moveId)` writes the move on the channel (it resolves once sent). */
  constructor(sendMove) {
    this.sendMove = sendMove;
    this.status = null;
    this.view = null;
    this.moves = [];
    this.events = [];
    this.pending = null; // {resolve, reject} of the move waiting for the host's answer
  }

  /** A position from the host (remote_guest_receive's answer to an `update`); true when a move waited for it. */
  update({ status, view, moves, events, since }) {
    this.status = status;
    this.view = view;
    this.moves = moves;
    if (since === 0) this.events = [];
    this.events.push(...events);
    const pending = this.pending;
    this.pending = null;
    pending?.resolve({ ...status, events: [] });
    return Boolean(pending);
  }

  /** The host refused the move sent (stale or illegal): the table shows it plainly. */
  refused({ code, message }) {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(new EngineError(code, message));
    return Boolean(pending);
  }

  async call(method, params = {}) {
    if (!this.status) throw new EngineError("not_started", "the host has not dealt yet");
    const mine = params.player === this.status.seats.indexOf("human") && params.player !== undefined;
    switch (method) {
      case "status": return { ...this.status, auto_move: mine ? this.status.auto_move : null };
      case "view": return { ...this.status, auto_move: mine ? this.status.auto_move : null, view: this.view, moves: mine ? this.moves : [] };
      case "legal_moves": return mine ? this.moves : [];
      case "log": return this.events;
      case "close": return { closed: this.status.match };
      case "apply_move": {
        if (this.pending) throw new EngineError("busy", "a move is on its way to the host");
        const answer = new Promise((resolve, reject) => { this.pending = { resolve, reject }; });
        await this.sendMove(params.move);
        return answer;
      }
      default:
        // no search bot, save or undo here: the host's engine holds the game
        throw new EngineError("bad_request", `a guest's table has no '${method}'`);
    }
  }
}
