// The generic table: one game being played in the page.  It knows no rule of
// any game: it asks the engine for views, legal moves, bot moves, undo, log
// and saves, and hands views to the game's renderer (web/js/games/<id>/).
//
// A renderer module exports:
//   id, options {name: {type: "bool", config, label, hint}},
//   solo (bool: the game has a solo automa, Starbots™), minSeats (1: a solo game with the normal rules),
//   setupNotes [i18n keys]          lines only this game's setup screen shows
//   render(board, ctx)            draw the board; legal options carry data-move
//   decision(view, status, ctx)   {what, why} for the decision banner
//   moveLabel(move, view, ctx)    node or text for one legal option
//   boardOnly(move)               optional: true for an option only the board shows (kept out of sight in the banner)
//   showHint(moveId)              optional: draw the board so it shows the suggested move (before it is marked)
//                                 (a board element marked data-focus-first takes the focus when such a decision arrives)
//   checkName(id, ctx)            optional: a lesson check's id (a card) in words, or null
//   moveText(move, view, ctx)     the same option in plain words (the hint's note)
//   goalText(goal)                optional: the words of an objective a hint's move serves (bot_move's goal)
//   eventText(event, ctx)         one translated log line
//   eventIcon(event)              a small picture for that line, or null
//   gameOver(view, status, ctx)   the final scoring breakdown (a node)
//   glossary(ctx)                 the rules help (a node)
//   forget()                      optional: drop what the renderer keeps of the last view (hot-seat eyes change)
import { EngineError } from "../engine.js";
import { language, onLanguageChange, t } from "../i18n.js";
import { setPageTitle } from "../page-title.js";
import { describeStatus, downloadText, exportFileName, exportFileText, newRecordId } from "../saves.js";
import { StorageFullError } from "../storage.js";
import { h } from "./dom.js";
import { arrive, snapshot, travel } from "./motion.js";
import { stepHeld, stepWait, travelTime } from "./pacing.js";
import { seatName } from "./seat-name.js";
import { StorageFullNotice } from "./storage-full.js";
import { encodeMoves, shareURL } from "./url.js";
import { close as closeZoom } from "./zoom.js";

export const PACES = { instant: 0, fast: 300, normal: 900, slow: 1800 };
// On a phone the sticky decision banner stays short: the first options and a
// "more" toggle, folded to one line once the page scrolls past it (foldDecision).
const PHONE = "(max-width: 700px)";
const COMPACT_OPTIONS = 4;
const FOLD_HYSTERESIS = 48; // px: a folded banner unfolds only this far above where it folded
const PACE_KEY = "brewhouse.pace";

export function currentPace() {
  const stored = localStorage.getItem(PACE_KEY);
  return stored in PACES ? stored : "normal";
}

/** A person on another device (remote play, web/js/remote/): the table waits for their move. */
export const REMOTE_SEAT = "remote";

export function isBotSeat(seat) { return seat !== "human" && seat !== REMOTE_SEAT; }

export class Table {
  /**
   * `remote` (remote play): {guest: true} on a guest's page (its engine is a remote/guest-engine.js,
   * nothing is saved there; `kept: true`: the guest's copy of its seat, read only; `spectator: true`: the view
   * for no player, "Watching"), {} on the host's;
   * either way no undo and no share links.
   */
  constructor({ engine, saves, renderer, gameInfo, root, info, navigate, remote = null }) {
    Object.assign(this, { engine, saves, renderer, gameInfo, root, info, navigate, remote });
    this.match = null;
    this.status = null;
    this.view = null;
    this.moves = [];
    this.viewer = null;     // the human whose eyes are on the screen
    this.runToken = 0;
    this.busy = false;
    this.hinting = false;
    this.hinted = null;     // {token, move, goal}: the suggestion shown for the current decision
    this.waiting = "none";  // "human" | "bot" | "privacy" | "over" | "none"
    this.summarySince = new Map(); // human seat → the ply of their last own move
    this.summary = [];      // what happened since then, as the viewer may see it
    this.movers = [];       // who moved since the board was last drawn
    this.marked = 0;        // how many board elements the last drawing marked as changed
    this.roundHeld = 0;     // ms the bots' steps since a human was last asked were held (pacing.js)
    this.drawn = null;      // {viewer, values}: the board last drawn, to mark what the next step changes
    this.skipping = false;  // the bots play on without waiting until a human is asked again
    this.wake = null;       // ends the current pace wait early
    this.cardNames = new Map();
    this.record = null;
    this.saving = false;    // a game is saved once a human at this device has moved (or it was saved already)
    this.onFirstSave = null; // called once the game is first saved (the page then names it in its address)
    this.setup = null;
    this.closed = false;
    this.standIns = new Map(); // remote seat → the bot level playing it while its guest is away (remote/host.js)
    this.unlisten = onLanguageChange(() => this.rerender());
    // a searching bot (a seat or the hint) reports the share of its budget spent
    this.unlistenProgress = engine.onBotProgress?.((p) => {
      if (p.match === this.match) this.showProgress(p.fraction);
    });
    this.build();
  }

  // ---- seats -----------------------------------------------------------------
  get seats() { return this.status?.seats ?? []; }
  humans() { return this.seats.map((s, i) => (s === "human" ? i : -1)).filter((i) => i >= 0); }

  seatName(p) { return seatName(this.seats, p); }

  /**
   * Whose eyes the board is drawn for while nobody here decides: the viewer, else the first human,
   * else seat 0 (a table of bots); a spectator's, no player's (null: the public view).
   */
  watcher() { return this.remote?.spectator ? null : this.viewer ?? this.humans()[0] ?? 0; }

  ctx(extra = {}) {
    return {
      t, h, seatName: (p) => this.seatName(p), seats: this.seats, viewer: this.viewer, status: this.status,
      cardName: (id) => this.cardName(id), language: language(), ...extra,
    };
  }

  cardName(id) {
    if (id === null || id === undefined) return "";
    const base = String(id).split("@")[0];
    const key = `${this.renderer.id}.cardName.${base}`;
    const translated = t(key);
    if (translated !== key) return translated;
    // a card no view shows any more (its names were forgotten when the device changed hands)
    // is named from its id, which is its English name in snake case
    return this.cardNames.get(id) ?? this.cardNames.get(base) ?? base.replace(/_/g, " ").replace(/(^|\s)([a-z])/g, (_, gap, c) => gap + c.toUpperCase());
  }

  learnNames(node) {
    // every card face in a view carries {id, name}: remember them for the log
    if (Array.isArray(node)) { for (const x of node) this.learnNames(x); return; }
    if (!node || typeof node !== "object") return;
    if (typeof node.id === "string" && typeof node.name === "string") {
      this.cardNames.set(node.id, node.name);
      if (node.card) this.cardNames.set(node.card, node.name);
    }
    for (const value of Object.values(node)) if (value && typeof value === "object") this.learnNames(value);
  }

  // ---- page structure ----------------------------------------------------------
  build() {
    const $ = (testid, tag = "div", cls = "") => h(`${tag}${cls}`, { dataset: { testid } });
    this.el = {
      status: h("div.table-status", { dataset: { testid: "game-status", phase: "", activePlayer: "", ply: "0", waiting: "none" }, role: "status", "aria-live": "polite" }),
      thinking: h("div.thinking", { dataset: { testid: "thinking" }, hidden: true, role: "status" }),
      skip: h("button.secondary.small", { type: "button", dataset: { testid: "skip" }, onclick: () => this.skip() }),
      undo: h("button.secondary", { type: "button", dataset: { testid: "undo" }, onclick: () => this.undo() }),
      hint: h("button.secondary", { type: "button", dataset: { testid: "hint" }, disabled: true, onclick: () => this.hint() }),
      hintNote: h("span.hint-note", { dataset: { testid: "hint-note", state: "" }, role: "status", "aria-live": "polite", hidden: true }),
      logButton: h("button.secondary", { type: "button", dataset: { testid: "log-toggle" }, "aria-expanded": "false", onclick: () => this.togglePanel("log") }),
      helpButton: h("button.secondary", { type: "button", dataset: { testid: "help-toggle" }, "aria-expanded": "false", onclick: () => this.togglePanel("help") }),
      share: h("button.secondary", { type: "button", dataset: { testid: "share" }, onclick: () => this.share(false) }),
      // a spectator's table says so, plainly, all along (remote play)
      watching: this.remote?.spectator ? h("span.watching-label", { dataset: { testid: "watching" } }) : null,
      shareReplay: h("button.secondary", { type: "button", dataset: { testid: "share-replay" }, onclick: () => this.share(true) }),
      home: h("button.secondary", { type: "button", dataset: { testid: "table-home" }, onclick: () => this.navigate("") }),
      pace: h("select", { dataset: { testid: "pace" }, onchange: (e) => localStorage.setItem(PACE_KEY, e.target.value) }),
      paceLabel: h("span"),
      decision: $("decision", "section", ".decision"),
      decisionMark: h("div.decision-mark", { "aria-hidden": "true" }),
      recent: $("recent", "div", ".recent"),
      board: $("board", "div", ".board"),
      log: $("log", "aside", ".side-panel"),
      help: $("help", "aside", ".side-panel"),
      privacy: $("privacy", "div", ".overlay"),
      over: $("game-over", "section", ".game-over"),
      shareBox: $("share-box", "div", ".share-box"),
      error: $("table-error", "div", ".error-panel"),
    };
    for (const k of ["log", "help", "privacy", "over", "shareBox", "error", "skip"]) this.el[k].hidden = true;
    this.el.over.dataset.zoomKeepClear = ""; // a pointed card never opens over the final scores (zoom.js)
    // a remote game: the guests have seen the position (no undo); its seed is no one's to share
    if (this.remote) for (const k of ["undo", "share", "shareReplay", ...(this.remote.guest ? ["hint"] : [])]) this.el[k].hidden = true;
    this.storageFull = new StorageFullNotice(() => this.exportGame());
    // a screen reader hears what the others just did as it is added (the summary is a log), and of the
    // decision only its heading, once, when it changes: the whole box read again on every redraw drowned it
    this.el.recent.setAttribute("role", "log");
    this.el.recent.setAttribute("aria-live", "polite");
    this.el.announce = h("div.visually-hidden", { role: "status", "aria-live": "polite", dataset: { testid: "decision-announce" } });
    this.announced = null;
    const bar = h("div.table-bar",
      h("div.table-title", h("h2", { dataset: { testid: "table-title" } }), this.el.watching, this.el.status, this.el.thinking, this.el.skip),
      h("div.table-tools", this.el.undo, this.el.hint, this.el.hintNote, this.el.logButton, this.el.helpButton, this.el.share, this.el.shareReplay,
        h("label.pace", { hidden: Boolean(this.remote?.guest) }, this.el.paceLabel, this.el.pace), this.el.home)); // no bot plays on a guest's table
    this.el.title = bar.querySelector("h2");
    this.root.replaceChildren(h("section.table", { dataset: { testid: "table", game: this.renderer.id } },
      bar, this.storageFull.el, this.el.error, this.el.shareBox, this.el.over, this.el.decisionMark, this.el.decision, this.el.announce, this.el.recent,
      h("div.table-body", this.el.board, h("div.drawer", this.el.log, this.el.help)), this.el.privacy));
    this.root.addEventListener("click", (event) => {
      if (this.waiting === "bot" && this.el.board.contains(event.target)) return this.skip();
      const target = event.target.closest("[data-move]");
      if (!target || !this.root.contains(target) || target.disabled) return;
      event.preventDefault();
      this.play(target.dataset.move);
    });
    this.el.decision.addEventListener("click", (event) => {
      if (!this.el.decision.classList.contains("collapsed")) return;
      event.preventDefault();
      this.openDecision();
    });
    this.watchScroll();
    this.translateChrome();
  }

  // ---- the decision banner on a phone ------------------------------------------------
  watchScroll() {
    this.decisionOpenedAt = null; // the scroll position where a folded banner was opened
    let queued = false;
    this.onScroll = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; this.foldDecision(); });
    };
    window.addEventListener("scroll", this.onScroll, { passive: true });
    this.onResize = () => requestAnimationFrame(() => { if (!this.closed) this.fitDecision(); }); // a phone turned
    window.addEventListener("resize", this.onResize, { passive: true });
  }

  // Folding happens as the page scrolls, without a tap: a player reading the board wants
  // the banner out of the way, and back when they return to the top.  It must never feed
  // itself: a folded banner that shrank the page made the browser move the scroll (to keep
  // the board in place), which brought the banner's place back into sight, which unfolded
  // it, which grew the page… the buttons flickered under the finger.  So the folded banner
  // keeps the room it had open (a bottom margin: the page's height never changes), it
  // folds only once its whole open place has scrolled away (that kept room is never seen),
  // and it unfolds only FOLD_HYSTERESIS px before that point.
  //
  // A wider screen's banner does not fold away (its options are how a player plays), but
  // once stuck the same way it keeps to one line ("compact": the question, then the options
  // side by side), so it never hides the board rows the decision is about.
  // A phone's open banner keeps to a quarter of the screen even when its labels wrap long
  // (a German card name, four options of three lines): first the reason keeps to one line,
  // then the options' words get smaller.  Measured, because the words' length is the
  // language's and the cards'.  The whole list ("more") may take the room it needs.
  fitDecision() {
    const el = this.el.decision;
    el.classList.remove("tight", "tighter");
    const open = !el.classList.contains("collapsed") && !el.classList.contains("compact") && !el.classList.contains("show-all");
    if (!open || el.hidden || !matchMedia(PHONE).matches) return;
    for (const step of ["tight", "tighter"]) {
      if (el.getBoundingClientRect().height <= window.innerHeight / 4) return;
      el.classList.add(step);
    }
  }

  foldDecision() {
    if (this.closed) return;
    const el = this.el.decision;
    const wasFolded = el.classList.contains("collapsed") || el.classList.contains("compact");
    if (!wasFolded) this.decisionOpenHeight = el.getBoundingClientRect().height;
    const phone = matchMedia(PHONE).matches;
    // how far the page has scrolled past the banner's own place (the mark just above it)
    const past = -this.el.decisionMark.getBoundingClientRect().top;
    const foldAt = this.decisionOpenHeight ?? 0;
    const scrolledAway = past > (wasFolded ? foldAt - FOLD_HYSTERESIS : foldAt);
    const compact = !phone && scrolledAway;
    const stuck = phone && scrolledAway;
    el.classList.toggle("compact", compact);
    if (!stuck) this.decisionOpenedAt = null;
    else if (this.decisionOpenedAt !== null && Math.abs(window.scrollY - this.decisionOpenedAt) > window.innerHeight / 4) this.decisionOpenedAt = null;
    const collapsed = stuck && this.decisionOpenedAt === null;
    el.classList.toggle("collapsed", collapsed);
    el.title = collapsed ? t("table.decision.show") : "";
    this.el.decisionShow?.toggleAttribute("hidden", !collapsed);
    // measured last: the ▾ button shown just above can make the folded line taller
    el.style.marginBottom = collapsed || compact ? `${Math.max(0, foldAt - el.getBoundingClientRect().height)}px` : "";
  }

  openDecision() {
    this.decisionOpenedAt = window.scrollY;
    this.foldDecision();
    this.fitDecision();
    [...this.el.decision.querySelectorAll("[data-move]")].find((el) => el.getClientRects().length)?.focus({ preventScroll: true });
  }

  translateChrome() {
    this.el.title.textContent = this.gameInfo.title;
    this.el.undo.textContent = t("table.undo");
    this.el.skip.textContent = t("table.skip");
    this.el.skip.title = t("table.skip.label");
    this.el.hint.textContent = t("table.hint");
    this.el.hint.setAttribute("aria-label", t("table.hint.label"));
    this.el.logButton.textContent = t("table.log");
    this.el.helpButton.textContent = t("table.help");
    this.el.share.textContent = t("table.share");
    this.el.shareReplay.textContent = t("table.shareReplay");
    this.el.home.textContent = t("table.home");
    this.el.paceLabel.textContent = t("table.pace");
    if (this.el.watching) this.el.watching.textContent = t("remote.watching");
    const pace = currentPace();
    this.el.pace.replaceChildren(...Object.keys(PACES).map((p) => h("option", { value: p, selected: p === pace }, t("table.pace." + p))));
    this.storageFull.render();
  }

  rerender() {
    if (this.closed) return;
    this.translateChrome();
    if (this.status) {
      this.renderStatus();
      if (this.waiting === "privacy") this.renderPrivacy(this.status.active_player);
      else if (this.view) this.renderView();
      if (this.status.over && this.view && !this.el.over.hidden) this.renderGameOver(); // the final frame follows the language too
      if (!this.el.log.hidden) this.renderLog();
      if (!this.el.help.hidden) this.renderHelp();
      if (!this.el.shareBox.hidden) this.el.shareBox.hidden = true;
    }
  }

  showError(key, params = {}, err = null) {
    this.el.error.hidden = false;
    this.el.error.setAttribute("role", "alert");
    this.el.error.replaceChildren(h("strong", t(key, params)),
      err ? h("p.muted", t("table.error.detail", { message: String(err.message ?? err).slice(0, 300) })) : null,
      h("button", { type: "button", dataset: { testid: "error-home" }, onclick: () => this.navigate("") }, t("table.backHome")));
  }

  // ---- starting --------------------------------------------------------------------
  async start({ config, seed, seats, moves = null, options = {}, shareSeats = null, edition = null, digest = null }) {
    const params = { game: this.renderer.id, config, seats };
    if (seed !== null && seed !== undefined) params.seed = seed;
    // a replay link's moves replay under the edition they were played in (none named: the first),
    // to the position it names (the engine checks the digest; an older link has none)
    const status = moves?.length
      ? await this.engine.call("replay", { ...params, seed: seed ?? 0, moves, ...(edition ? { edition } : {}), ...(digest ? { digest } : {}) })
      : await this.engine.call("new_game", params);
    this.setup = { game: this.renderer.id, seats: shareSeats ?? seats, seed: status.seed, options, edition: status.edition };
    // not saved yet: an opened link nobody plays in leaves no saved game (play() starts saving)
    this.record = { id: newRecordId(), created: new Date().toISOString() };
    await this.adopt(status);
    return status;
  }

  async resume(record) {
    const status = await this.engine.call("load", { save: record.save });
    this.record = { id: record.id, created: record.created };
    this.saving = true;
    this.setup = { game: record.game, seats: status.seats, seed: status.seed, options: this.renderer.optionsFromConfig?.(status.config) ?? {}, edition: status.edition };
    await this.adopt(status);
    return status;
  }

  /**
   * Open a saved game that no longer replays whole at the last position that still fits.
   * It becomes a new saved game; the original record is never changed or deleted.
   */
  async resumeAt(record, ply) {
    const status = await this.engine.call("load", { save: record.save, upto: ply });
    this.record = { id: newRecordId(), created: new Date().toISOString() };
    this.saving = true; // the player's own game, gone on with from where it still fits
    this.setup = { game: record.game, seats: status.seats, seed: status.seed, options: this.renderer.optionsFromConfig?.(status.config) ?? {}, edition: status.edition };
    await this.adopt(status);
    await this.autosave();
    return status;
  }

  /**
   * A remote game the host's engine has dealt (remote/host.js): played like any other, saved as it goes
   * (into its saved `record` when it is hosted again from there).
   */
  async startHosted(status, options = {}, record = null) {
    this.setup = { game: this.renderer.id, seats: status.seats, seed: null, options, edition: status.edition };
    this.record = record ? { id: record.id, created: record.created } : { id: newRecordId(), created: new Date().toISOString() };
    this.saving = Boolean(record);
    await this.adopt(status);
  }

  /** A guest's table (remote/guest.js): its engine answers from what the host sent. */
  async startGuest(status) {
    this.setup = { game: this.renderer.id, seats: status.seats, seed: null, options: {}, edition: status.edition };
    await this.adopt(status);
  }

  /**
   * A bot of `level` plays remote seat `seat` while its guest is away (null: the seat waits for them
   * again).  Its guest's return ends it (remote/host.js).
   */
  standIn(seat, level) {
    if (level) this.standIns.set(seat, level); else this.standIns.delete(seat);
    if (this.status?.active_player === seat && (this.waiting === "remote" || this.waiting === "bot")) this.run();
  }

  /** A person on another device moved (or the host sent a new position): the table goes on from there. */
  async remoteMoved() {
    if (this.closed || !this.match) return;
    const before = this.status.active_player;
    const status = await this.engine.call("status", { match: this.match, player: this.watcher() });
    if (this.closed || status.ply < this.status.ply) return; // a later position is on the table already
    this.status = status;
    if (before !== null && this.seats[before] === REMOTE_SEAT) this.movers.push(before);
    await this.autosave(); // the host's save holds a guest's move too: hosted again, the game goes on from it
    if (this.closed) return;
    if (!this.el.log.hidden) this.renderLog();
    if (this.waiting === "remote" || this.waiting === "over" || this.waiting === "none") this.run();
  }

  async adopt(status) {
    this.match = status.match;
    this.status = status;
    this.viewer = this.humans().length === 1 ? this.humans()[0] : null;
    if (this.humans().length === 0 && !this.remote?.spectator) this.viewer = 0;
    // a resumed game's summary starts empty: what came before is in the log
    for (const p of this.humans()) this.summarySince.set(p, status.ply);
    this.run();
  }

  close() {
    this.closed = true;
    this.runToken++;
    closeZoom(); // a card zoomed on this table does not stay over the next page
    this.unlisten?.();
    this.unlistenProgress?.();
    window.removeEventListener("scroll", this.onScroll);
    window.removeEventListener("resize", this.onResize);
    if (this.match) this.engine.call("close", { match: this.match }).catch(() => {});
  }

  // ---- the game loop -------------------------------------------------------------
  setWaiting(what) {
    if (what !== "bot") this.el.thinking.hidden = true; // a remote seat's line is shown again by remoteTurn
    this.waiting = what;
    this.el.status.dataset.waiting = what;
    this.el.undo.disabled = !(what === "human" && this.status?.can_undo);
    this.el.hint.disabled = what !== "human" || this.hinting;
    if (what !== "human") this.clearHint();
    if (what !== "bot" && what !== "busy") this.skipping = false;
    this.el.skip.hidden = what !== "bot" || this.skipping;
    if (what !== "busy" && what !== "none" && what !== "kept") this.titlePage(); // a kept copy: its page titles itself
  }

  /** The page's title says whose turn it is (or that the game is over). */
  titlePage() {
    const st = this.status;
    const game = this.gameInfo.title;
    if (st?.over) return setPageTitle("title.over", { game });
    const p = st?.active_player;
    if (p === null || p === undefined) return;
    const mine = this.seats[p] === "human" && (this.humans().length === 1 || this.viewer === p);
    setPageTitle(mine ? "title.yourTurn" : "title.waiting", { game, name: () => this.seatName(p) });
  }

  /** A click on the board or on Skip while bots play: no more waiting until a human is asked. */
  skip() {
    if (this.waiting !== "bot") return;
    this.skipping = true;
    this.el.skip.hidden = true;
    arrive(this.el.board);
    this.wake?.();
  }

  paceWait(ms) {
    if (ms <= 0 || this.skipping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake(), ms);
      this.wake = () => { clearTimeout(timer); this.wake = null; resolve(); };
    });
  }

  // ---- the move hint: what a strong bot would play, from this player's view only ----
  hintLevel() {
    const levels = this.info?.bot_levels ?? [];
    // the strongest search level the engine has; "random" is no advice
    return ["hard", "normal", "easy"].find((l) => levels.includes(l)) ?? null;
  }

  clearHint() {
    this.hinted = null;
    for (const el of this.root.querySelectorAll(".hinted")) el.classList.remove("hinted");
    if (this.hinting) return; // the note shows the thinking indicator until the answer comes
    this.el.hintNote.hidden = true;
    this.el.hintNote.dataset.state = "";
    this.el.hintNote.replaceChildren();
  }

  hintNote(state, ...content) {
    this.el.hintNote.dataset.state = state;
    this.el.hintNote.replaceChildren(...content);
    this.el.hintNote.hidden = false;
  }

  moveText(option, ctx) {
    // the renderer's words for the option: a label node's bare text would glue an
    // icon's number to them ("3Place a barista")
    if (this.renderer.moveText) return this.renderer.moveText(option, this.view, ctx);
    return h("span", this.renderer.moveLabel(option, this.view, ctx)).textContent.replace(/\s+/g, " ").trim();
  }

  /** A fresh bar for the current search; ``showProgress`` fills it as the engine reports. */
  progressBar() {
    this.el.progress = h("progress.thinking-progress", { max: 1, value: 0, dataset: { testid: "thinking-progress" } });
    return this.el.progress;
  }

  showProgress(fraction) {
    if (this.el.progress && Number.isFinite(fraction)) this.el.progress.value = Math.max(0, Math.min(1, fraction));
  }

  /** The note's words: the option, and in a solo scenario the victory condition it serves. */
  hintText(option, goal, ctx) {
    const move = this.moveText(option, ctx) || option.id;
    const toward = goal && this.renderer.goalText ? this.renderer.goalText(goal) : null;
    return toward ? t("table.hint.suggestedFor", { move, goal: toward }) : t("table.hint.suggested", { move });
  }

  async hint() {
    if (this.waiting !== "human" || this.busy || this.hinting) return;
    const level = this.hintLevel();
    this.clearHint();
    if (!level) return this.hintNote("unavailable", t("table.hint.unavailable"));
    const asked = { match: this.match, ply: this.status.ply, token: this.runToken };
    this.hinting = true;
    this.el.hint.disabled = true;
    this.el.hint.setAttribute("aria-busy", "true");
    this.hintNote("thinking", h("span.spinner", { "aria-hidden": "true" }), t("table.hint.thinking"), this.progressBar());
    let move = null;
    let goal = null; // in a solo scenario: the victory condition the move serves
    let problem = null;
    try {
      // in the worker: the page stays responsive while the bot searches
      ({ move, goal } = await this.engine.call("bot_move", { match: asked.match, level }));
    } catch (err) {
      problem = err;
    }
    this.hinting = false;
    this.el.hint.removeAttribute("aria-busy");
    const current = !this.closed && this.waiting === "human" && !this.busy && this.match === asked.match
      && this.runToken === asked.token && this.status.ply === asked.ply;
    this.el.hint.disabled = this.waiting !== "human";
    if (!current) return this.clearHint(); // the game moved on: the advice is for another position
    if (problem) {
      const code = problem instanceof EngineError ? problem.code : "unknown";
      // a game without search bots yet: say so (a random move would be no advice)
      if (code === "determinization_unavailable" || code === "bad_request") return this.hintNote("unavailable", t("table.hint.unavailable"));
      console.warn("hint failed:", problem);
      return this.hintNote("failed", t("table.hint.failed"));
    }
    this.showHint(move, goal);
  }

  showHint(moveId, goal = null) {
    const option = this.moves.find((m) => m.id === moveId);
    if (option) this.renderer.showHint?.(moveId); // e.g. a placement preview moves to the suggested spot
    const targets = [...this.root.querySelectorAll("[data-move]")].filter((el) => el.dataset.move === moveId);
    if (!option || !targets.length) return this.hintNote("failed", t("table.hint.failed"));
    for (const el of targets) el.classList.add("hinted");
    this.hinted = { token: this.runToken, move: moveId, goal };
    const ctx = this.ctx({ view: this.view, moves: this.moves, viewer: this.viewerOfView });
    this.hintNote("shown", this.hintText(option, goal, ctx));
    // the banner's option is always there and visible; scroll to it and give it the focus
    // (an option kept for the board only is hidden there: then its board button)
    const shown = targets.filter((x) => x.checkVisibility?.() ?? x.offsetParent !== null);
    const el = shown.find((x) => x.closest("[data-testid=decision]")) ?? shown[0] ?? targets[0];
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    el.focus({ preventScroll: true });
  }

  async run() {
    const token = ++this.runToken;
    try {
      while (token === this.runToken && !this.closed) {
        const st = this.status;
        this.renderStatus();
        if (st.over) {
          await this.fetchView(this.watcher());
          if (token !== this.runToken) return;
          this.renderView();
          this.renderGameOver();
          this.setWaiting("over");
          return;
        }
        if (this.remote?.kept) { // a guest's copy of its seat (remote/guest.js): the last position, nothing to play
          await this.fetchView(this.viewer ?? this.humans()[0] ?? 0);
          if (token !== this.runToken) return;
          this.renderView();
          this.setWaiting("kept");
          return;
        }
        const p = st.active_player;
        // a person on another device decides there: this device shows its own player's view meanwhile
        // (or a bot stands in for them while they are away: never this device's person, never their view)
        if (this.seats[p] === REMOTE_SEAT) {
          if (!this.standIns.has(p)) {
            if (await this.remoteTurn(p, token)) continue;
            return;
          }
          await this.botTurn(p, token);
          continue;
        }
        if (!isBotSeat(this.seats[p])) {
          // a game whose views hide nothing from one player that another has not seen
          // (the engine says: private_views) changes hands without the privacy screen
          if (this.humans().length > 1 && this.viewer !== p && this.gameInfo.private_views !== false) {
            this.forgetViewer();
            this.roundHeld = 0;
            this.setWaiting("privacy");
            this.renderPrivacy(p);
            return; // resumes when the player says they are ready
          }
          this.viewer = p;
          await this.fetchView(p);
          if (token !== this.runToken) return;
          if (this.movedOn(p)) continue;
          if (this.status.auto_move) {
            // one option and nothing hidden behind it: it plays itself (its events
            // join "Just now" and the log), then the loop goes on to a real decision
            await this.apply(this.status.auto_move, p);
            continue;
          }
          this.renderView();
          this.roundHeld = 0; // the next round of bot turns is paced afresh
          this.setWaiting("human");
          this.focusDecision();
          return; // resumes on a click on a legal option
        }
        await this.botTurn(p, token);
      }
    } catch (err) {
      if (token !== this.runToken) return;
      // a stand-in's move refused: the seat's guest came back meanwhile, and decides again
      const p = this.status?.active_player;
      if (err?.code === "bad_request" && this.seats[p] === REMOTE_SEAT && this.standIns.has(p)) {
        this.standIns.delete(p);
        return this.remoteMoved();
      }
      this.failed(err);
    }
  }

  /**
   * Whether the position fetched has moved on from seat `p`'s decision, which an older status said
   * was next.  A run may start from a status that a move still on its way is about to replace: in a
   * hosted game a guest's move and this device's own automatic one can cross (each ends in run()),
   * and the later run then read the position before the earlier one's move.  Its view is the
   * engine's answer now: decided from that, the table never waits on a decision that is not there
   * (nor on any once the game is over).
   */
  movedOn(p) {
    return this.status.over || this.status.active_player !== p;
  }

  /**
   * A remote seat decides: the board as this device's player sees it, until remoteMoved().
   * True when the position fetched has moved on from that seat (the run goes on from it).
   */
  async remoteTurn(p, token) {
    this.setWaiting("remote");
    await this.fetchView(this.watcher());
    if (token !== this.runToken) return false;
    if (this.movedOn(p)) return true;
    this.renderView();
    this.el.thinking.hidden = false;
    if (this.remote) {
      this.el.thinking.replaceChildren(h("span.spinner", { "aria-hidden": "true" }), t("remote.waitingFor", { name: this.seatName(p) }));
      return false;
    }
    // a remote game resumed from its save has no guests any more: a bot may play their seats from here
    const { standInSelect } = await import("../remote/ui.js");
    if (token !== this.runToken) return false;
    this.el.thinking.replaceChildren(h("span", { dataset: { testid: "remote-resumed" } }, t("remote.resumedSeat", { name: this.seatName(p) })), " ",
      standInSelect(this, p, this.info?.bot_levels ?? []));
    return false;
  }

  async botTurn(p, token) {
    this.setWaiting("bot");
    const watcher = this.watcher();
    const pace = this.skipping ? 0 : PACES[currentPace()];
    // at a readable pace the table draws every bot step, and holds those that changed
    // something on the board (pacing.js); "instant" only shows the human's move (what
    // the bots' changes are marked against) and where it stops
    const afterHuman = this.movers.some((q) => !isBotSeat(this.seats[q]));
    let visible = false;
    if (pace > 0 || !this.view || afterHuman) {
      await this.fetchView(watcher);
      if (token !== this.runToken) return;
      this.renderView();
      visible = this.marked > 0;
    }
    this.el.thinking.hidden = false;
    this.el.thinking.replaceChildren(h("span.spinner", { "aria-hidden": "true" }), t("table.thinking", { name: this.seatName(p) }),
      this.progressBar());
    const seat = this.standIns.get(p) ?? this.seats[p];
    const started = performance.now();
    // each level has its own calibrated thinking budget in the engine
    const { move } = await this.engine.call("bot_move", { match: this.match, level: seat });
    const step = { visible, thinking: performance.now() - started };
    const held = this.roundHeld;
    this.roundHeld += stepHeld(pace, step, held);
    await this.paceWait(stepWait(pace, step, held));
    if (token !== this.runToken) return;
    this.el.thinking.hidden = true;
    await this.apply(move, p);
  }

  async fetchView(player) {
    const [out, log] = await Promise.all([this.engine.call("view", { match: this.match, player }),
      this.engine.call("log", { match: this.match, player })]);
    // the summary: every step since this human last moved (a bot-only table: the last move)
    const since = this.summarySince.get(player) ?? this.status.ply - 1;
    this.summary = log.filter((e) => e.ply > since);
    this.view = out.view;
    this.moves = out.moves;
    this.viewerOfView = player;
    this.status = { ...this.status, ...out, view: undefined, moves: undefined };
    this.learnNames(out.view);
    this.learnNames(log);
  }

  /**
   * The device changes hands (hot-seat): forget everything the last viewer's eyes
   * were given (their view and options, summary, the card names learnt from them,
   * the log panel, a suggestion, a zoomed card, a share link, the renderer's own
   * memory of the board), so nothing of theirs stays in the page for the next
   * player.  What the next viewer may see is rebuilt from their own view and log
   * (fetchView); until then only the public view is held (renderPrivacy).
   */
  forgetViewer() {
    this.view = null;
    this.moves = [];
    this.summary = [];
    this.viewerOfView = null;
    this.cardNames.clear();
    this.drawn = null;
    this.hinted = null;
    closeZoom();
    this.renderer.forget?.();
    this.el.board.replaceChildren();
    this.el.decision.replaceChildren();
    this.el.announce.replaceChildren();
    this.announced = null;
    this.el.recent.replaceChildren();
    this.el.log.replaceChildren();
    this.el.log.hidden = true;
    this.el.logButton.setAttribute("aria-expanded", "false");
    this.el.shareBox.replaceChildren();
    this.el.shareBox.hidden = true;
  }

  async apply(move, player) {
    // the events shown are the log's, as the viewer may see them (fetchView)
    if (player !== this.status.active_player) throw new Error("not this seat's turn");
    const standIn = this.seats[player] === REMOTE_SEAT ? { stand_in: true } : {};
    const out = await this.engine.call("apply_move", { match: this.match, move, ply: this.status.ply, ...standIn });
    this.status = out;
    this.movers.push(player);
    await this.autosave();
    if (!this.el.log.hidden) this.renderLog();
  }

  async play(moveId) {
    if (this.waiting !== "human" || this.busy) return;
    if (!this.moves.some((m) => m.id === moveId)) return; // only legal options are ever rendered
    this.busy = true;
    this.setWaiting("busy");
    for (const b of this.root.querySelectorAll("[data-move]")) b.disabled = true;
    // this human acts: their summary starts again from this move, and the game is saved from now on
    this.summarySince.set(this.status.active_player, this.status.ply);
    this.saving = true;
    try {
      await this.apply(moveId, this.status.active_player);
    } catch (err) {
      this.busy = false;
      return this.failed(err);
    }
    this.busy = false;
    this.run();
  }

  async undo() {
    if (this.waiting !== "human" || this.busy || !this.status.can_undo) return;
    this.busy = true;
    this.setWaiting("busy");
    try {
      // the engine takes back this player's own last decision and the moves after it
      // (never the bots' moves alone: Undo is only offered when there is one, can_undo)
      const st = await this.engine.call("undo", { match: this.match, player: this.status.active_player });
      this.status = st;
      // a summary never reaches back past the position taken back to
      for (const [p, since] of this.summarySince) this.summarySince.set(p, Math.min(since, st.ply));
      await this.autosave();
    } catch (err) {
      this.busy = false;
      return this.failed(err);
    }
    this.busy = false;
    if (!this.el.log.hidden) this.renderLog();
    this.run();
  }

  readyFromPrivacy() {
    if (this.waiting !== "privacy") return;
    this.viewer = this.status.active_player;
    this.setWaiting("busy");
    this.el.privacy.hidden = true;
    this.run();
  }

  failed(err) {
    console.warn("table error:", err);
    this.el.thinking.hidden = true;
    this.setWaiting("none");
    const code = err instanceof EngineError ? err.code : "unknown";
    this.showError("table.error.engine", { code }, err);
  }

  /** The saved-game record of the match as it stands now. */
  async currentRecord() {
    const save = await this.engine.call("save", { match: this.match });
    // the day as the position stands now, as an import describes it: the view held
    // may be older (drawn before the moves just played, e.g. the bots' end of a day)
    const { view } = await this.engine.call("view", { match: this.match, player: null });
    // a hosted remote game keeps what hosting it again takes beside its save (remote/host-save.js)
    const keepsake = await this.remote?.keepsake?.();
    return { ...describeStatus(this.status, view), id: this.record.id,
      created: this.record.created, updated: new Date().toISOString(), save, ...(keepsake ? { remote: keepsake } : {}) };
  }

  /** Save the game; with no room left for it, say so on the table until a save goes through again. */
  async autosave() {
    if (!this.record || !this.saving || this.remote?.guest) return;
    try {
      const record = await this.saves.put(await this.currentRecord());
      const first = this.el.status.dataset.saved === undefined;
      this.el.status.dataset.saved = String(record.ply);
      if (first && !this.closed) this.onFirstSave?.();
      this.storageFull.hide();
    } catch (err) {
      if (err instanceof StorageFullError) this.storageFull.show();
      console.warn("autosave failed:", err);
    }
  }

  /** The game as it stands, as an export file (the player's copy when it cannot be saved here). */
  async exportGame() {
    const record = await this.currentRecord();
    await downloadText(exportFileName(record), exportFileText([record], this.info?.version));
  }

  // ---- rendering -------------------------------------------------------------------
  renderStatus() {
    const st = this.status;
    const s = this.el.status;
    s.dataset.phase = st.phase;
    s.dataset.activePlayer = st.active_player === null ? "" : String(st.active_player);
    s.dataset.ply = String(st.ply);
    const parts = [t("table.move", { ply: st.ply })];
    if (this.view?.day) parts.unshift(t("table.day", { day: this.view.day }));
    parts.push(t(`${this.renderer.id}.phase.${st.phase}`));
    if (st.over) parts.push(t("table.over"));
    else if (st.active_player !== null) parts.push(t("table.toPlay", { name: this.seatName(st.active_player) }));
    s.textContent = parts.join(" · ");
  }

  renderView() {
    if (!this.view) return;
    this.renderStatus();
    const interactive = this.waiting === "human" || (this.status.active_player === this.viewerOfView && !isBotSeat(this.seats[this.viewerOfView]));
    const moves = interactive && !this.status.over ? this.moves : [];
    const ctx = this.ctx({ view: this.view, moves, viewer: this.viewerOfView });
    // where the pieces stood, so what moved travels from there (the same eyes' board only)
    const travelMs = this.skipping ? 0 : travelTime(PACES[currentPace()]);
    const stood = travelMs > 0 && this.drawn?.viewer === this.viewerOfView ? snapshot(this.el.board) : null;
    this.renderer.render(this.el.board, ctx);
    this.remote?.presence?.decorate(this.el.board); // remote play: who is here, on their panels (remote/presence.js)
    this.markChanges();
    this.renderDecision(ctx);
    this.renderSummary(ctx);
    if (this.hinted?.token === this.runToken) { // a redraw (e.g. a language change) keeps the suggestion
      for (const el of this.root.querySelectorAll("[data-move]")) if (el.dataset.move === this.hinted.move) el.classList.add("hinted");
      const option = this.moves.find((m) => m.id === this.hinted.move);
      if (option) this.hintNote("shown", this.hintText(option, this.hinted.goal, ctx));
    }
    // measured once the banner and the summary above the board are drawn too
    travel(this.el.board, stood, travelMs);
  }

  renderDecision(ctx) {
    const st = this.status;
    const box = this.el.decision;
    if (st.over || this.remote?.kept) { box.replaceChildren(); box.hidden = true; return; }
    box.hidden = false;
    const d = this.renderer.decision(this.view, st, ctx);
    const who = st.active_player === null ? "" : this.seatName(st.active_player);
    const mine = ctx.moves.length > 0;
    box.dataset.player = String(st.active_player);
    box.classList.toggle("mine", mine);
    const boardOnly = (m) => Boolean(this.renderer.boardOnly?.(m));
    // a phone shows the first options (the board carries them all) and a toggle for the rest
    const listed = ctx.moves.filter((m) => !boardOnly(m)).length;
    const hidden = listed > COMPACT_OPTIONS ? listed - (COMPACT_OPTIONS - 1) : 0;
    let rank = 0;
    // a renderer may list the options in the order its board shows them (e.g. a hand of cards)
    const ordered = this.renderer.orderOptions?.(ctx.moves, this.view) ?? ctx.moves;
    const options = ordered.map((m) => {
      const only = boardOnly(m);
      const cls = !only && ++rank >= COMPACT_OPTIONS && hidden ? "extra" : "";
      return h("button.option", { class: cls, hidden: only, type: "button", dataset: { move: m.id, testid: "option" } },
        h("span.option-label", this.renderer.moveLabel(m, this.view, ctx)));
    });
    numberTwins(options);
    if (this.allOptionsPly !== st.ply) box.classList.remove("show-all");
    const more = hidden ? h("button.options-more.secondary", { type: "button", dataset: { testid: "options-more" },
      "aria-expanded": String(box.classList.contains("show-all")), onclick: () => this.toggleAllOptions(more, hidden) }) : null;
    if (more) this.labelMore(more, hidden);
    const list = h("div.options", { class: hidden ? "has-more" : "", role: "group", "aria-label": t("table.options") }, options, more);
    this.el.decisionShow = h("button.decision-show.secondary.small", { type: "button", "aria-label": t("table.decision.show"), hidden: true }, "▾");
    const heading = h("p.decision-who", this.el.decisionShow, h("strong", who), " — ", d.what);
    box.replaceChildren(
      heading,
      d.why ? h("p.decision-why.muted", d.why) : null,
      mine ? list : h("p.muted", t("table.waitingFor", { name: who })));
    this.fitDecision();
    this.foldDecision();
    this.announceDecision(heading);
  }

  /** The decision's heading goes to the status region once per decision and language (a redraw of the same one says nothing). */
  announceDecision(heading) {
    // the language is part of it: after a switch the region must not keep the old language's words
    const at = `${this.status.ply}:${this.status.active_player}:${this.viewerOfView}:${language()}`;
    if (this.announced === at) return;
    this.announced = at;
    const words = [...heading.childNodes].filter((n) => n !== this.el.decisionShow).map((n) => n.textContent).join("");
    this.el.announce.textContent = words.replace(/\s+/g, " ").trim();
  }

  toggleAllOptions(more, hidden) {
    const all = this.el.decision.classList.toggle("show-all");
    this.allOptionsPly = all ? this.status.ply : null;
    more.setAttribute("aria-expanded", String(all));
    this.labelMore(more, hidden);
    this.fitDecision();
  }

  labelMore(more, hidden) {
    more.textContent = this.el.decision.classList.contains("show-all") ? t("table.options.fewer") : t("table.options.more", { count: hidden });
  }

  /**
   * A decision has arrived: the focus goes where the player can act, so a keyboard player never
   * starts again from the top of the page.  The banner's first shown option; when it shows none
   * (options only the board carries, or a phone's banner folded away) the board's own place for
   * them (an element marked data-focus-first, Café's placement grid), an option of the board in
   * sight, else the banner unfolded.
   */
  focusDecision() {
    if (this.root.contains(document.activeElement)) return;
    const shown = (el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0;
    const inSight = (el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight; };
    const banner = [...this.el.decision.querySelectorAll("[data-move]")];
    const board = [...this.el.board.querySelectorAll("[data-focus-first], [data-move]")].filter(shown);
    const onBoard = board.find((el) => el.matches("[data-focus-first]")) ?? board.find(inSight);
    // when the board carries options (the banner keeps them hidden), the board is where the player acts:
    // what the banner still shows is then what closes the turn (end, pass), never the first thing Enter does
    const boardFirst = banner.some((el) => el.hidden);
    const target = boardFirst ? onBoard ?? banner.find(shown) : banner.find(shown) ?? onBoard;
    // no scrolling: a target is in sight (the renderer keeps a placement preview in sight itself), and
    // a page that jumped would fold a phone's banner under the player's finger
    if (target) return target.focus({ preventScroll: true });
    if (this.el.decision.classList.contains("collapsed") && banner.some((el) => !el.hidden)) return this.openDecision();
    board[0]?.focus();
  }

  /**
   * Mark what the other players' steps changed since the board was last drawn for
   * the same viewer: every keyed element (see boardValues) whose content differs,
   * the innermost only; a number that moved gets a +N/−N badge.
   */
  markChanges() {
    const before = this.drawn;
    const values = boardValues(this.el.board);
    const othersOnly = this.movers.length > 0 && this.movers.every((p) => p !== this.viewerOfView);
    this.drawn = { viewer: this.viewerOfView, values };
    this.movers = [];
    this.marked = 0;
    if (!before || before.viewer !== this.viewerOfView || !othersOnly) return;
    const changed = [...values].filter(([key, v]) => before.values.get(key)?.content !== v.content);
    const elements = changed.map(([, v]) => v.el);
    // instant or skipped: marked without motion
    const flash = !this.skipping && PACES[currentPace()] > 0;
    for (const [key, { el, content }] of changed) {
      if (elements.some((other) => other !== el && el.contains(other))) continue;
      // drawn as (or around) the viewer's options now: its look says what they may do, not what changed
      if (el.closest("[data-move]") || el.querySelector("[data-move]")) continue;
      el.classList.add("changed");
      this.marked += 1;
      el.classList.toggle("flash", flash);
      const delta = countDelta(before.values.get(key)?.content, content);
      if (delta) el.dataset.delta = (delta > 0 ? "+" : "−") + Math.abs(delta);
    }
  }

  /** One event as a line of the summary or the log: the renderer's icon and words. */
  eventLine(e, ctx, ...before) {
    const icon = this.renderer.eventIcon?.(e);
    return h("li", { dataset: { player: String(e.player ?? "") } }, ...before, icon ? [icon, " "] : null, this.renderer.eventText(e, ctx));
  }

  renderSummary(ctx) {
    if (!this.summary.length) { this.el.recent.replaceChildren(); return; }
    // it scrolls when long: a keyboard player must be able to stop on it and scroll it too
    const list = h("ol.log-list.turn-summary", { dataset: { testid: "turn-summary" }, tabindex: "0" }, this.summary.map((e) => this.eventLine(e, ctx)));
    // a spectator has no move of their own: theirs is what the last move did
    const title = this.remote?.spectator ? "table.summaryLast" : "table.summary";
    this.el.recent.replaceChildren(h("h3.summary-title", t(title, { count: this.summary.length })), list);
    list.scrollTop = list.scrollHeight; // the newest step in sight
  }

  renderPrivacy(p) {
    const ready = h("button", { type: "button", dataset: { testid: "privacy-ready" }, onclick: () => this.readyFromPrivacy() },
      t("table.privacy.ready", { name: this.seatName(p) }));
    this.el.privacy.replaceChildren(h("div.overlay-card", { role: "dialog", "aria-modal": "true", "aria-labelledby": "privacy-title" },
      h("h2", { id: "privacy-title" }, t("table.privacy.title", { name: this.seatName(p) })),
      h("p", t("table.privacy.body")), ready));
    this.el.privacy.hidden = false;
    ready.focus();
    // while the device changes hands the page holds the public view only (what everybody may
    // see: the day for the status line, card names for a note); and why it changes hands,
    // when the game says (Seize the Bean's Sold Out! offers): public words only
    const card = this.el.privacy.firstChild;
    const match = this.match;
    this.engine.call("view", { match, player: null }).then((out) => {
      if (this.waiting !== "privacy" || this.match !== match || this.el.privacy.firstChild !== card) return;
      this.view = out.view;
      this.learnNames(out.view);
      this.renderStatus();
      const note = this.renderer.privacyNote?.(out.view, { seatName: (q) => this.seatName(q), cardName: (id) => this.cardName(id) });
      if (note) card.querySelector("h2")?.after(h("p.privacy-note", { dataset: { testid: "privacy-note" } }, note));
    }).catch(() => {});
  }

  renderGameOver() {
    const st = this.status;
    const out = st.outcome;
    const winners = out.winners.map((p) => this.seatName(p));
    const ctx = this.ctx({ view: this.view, moves: [] });
    // a game played alone against nobody (Café solo) has no winner: its end screen
    // reads the score on the book's scale instead
    const contested = out.scores.length > 1;
    closeZoom(); // a card pointed at as the game ended does not stay over the final scores
    this.el.over.hidden = false;
    const winnerLine = contested
      ? [h("p.winner", { dataset: { testid: "winner" } }, t(winners.length > 1 ? "table.winners" : "table.winner", { names: winners.join(", ") }))]
      : [];
    this.el.over.replaceChildren(
      h("h2", t("table.gameOver")),
      ...winnerLine,
      this.renderer.gameOver(this.view, st, ctx),
      h("div.row-buttons",
        // a guest's table cannot deal a game of its own; a remote game is not shared as a link
        this.remote?.guest ? null : h("button", { type: "button", dataset: { testid: "play-again" }, onclick: () => this.navigate(shareURL({ ...this.setup, seed: null, edition: null })) }, t("table.playAgain")),
        this.remote ? null : h("button.secondary", { type: "button", onclick: () => this.share(true) }, t("table.shareReplay")),
        h("button.secondary", { type: "button", onclick: () => this.navigate("") }, t("table.backHome"))));
    this.el.decision.hidden = true;
  }

  togglePanel(which) {
    const panel = this.el[which];
    const button = which === "log" ? this.el.logButton : this.el.helpButton;
    panel.hidden = !panel.hidden;
    button.setAttribute("aria-expanded", String(!panel.hidden));
    if (!panel.hidden) (which === "log" ? this.renderLog() : this.renderHelp());
  }

  async renderLog() {
    if (this.waiting === "privacy") { this.el.log.hidden = true; return; }
    const viewer = this.watcher();
    let entries;
    try { entries = await this.engine.call("log", { match: this.match, player: viewer }); } catch { return; }
    // the device changed hands while the log was asked for: those lines are the last viewer's
    if (this.waiting === "privacy" || this.watcher() !== viewer) return;
    const filter = this.logFilter ?? "all";
    const select = h("select", { dataset: { testid: "log-filter" }, "aria-label": t("table.log.filter"),
      onchange: (e) => { this.logFilter = e.target.value; this.renderLog(); } },
      h("option", { value: "all", selected: filter === "all" }, t("table.log.all")),
      this.seats.map((_, p) => h("option", { value: String(p), selected: filter === String(p) }, this.seatName(p))));
    const ctx = this.ctx({ view: this.view, moves: [] });
    const shown = entries.filter((e) => filter === "all" || String(e.player) === filter);
    const list = h("ol.log-list", { dataset: { testid: "log-list" } },
      shown.slice(-400).reverse().map((e) => this.eventLine(e, ctx, h("span.log-ply", String(e.ply)), " ")));
    this.el.log.replaceChildren(this.panelHead("log"), h("label.log-filter", t("table.log.filter"), " ", select), list);
  }

  panelHead(which) {
    return h("div.panel-head", h("h3", t(which === "log" ? "table.log" : "table.help")),
      h("button.secondary.small", { type: "button", "aria-label": t("table.close"), onclick: () => this.togglePanel(which) }, "✕"));
  }

  renderHelp() {
    this.el.help.replaceChildren(this.panelHead("help"), this.renderer.glossary(this.ctx({ view: this.view, moves: [] })));
  }

  async share(withMoves) {
    this.el.shareBox.hidden = true;
    this.el.shareBox.replaceChildren();
    let url = shareURL(this.setup);
    if (withMoves) {
      const save = await this.engine.call("save", { match: this.match });
      url = shareURL({ ...this.setup, digest: save.state_sha256 }, save.moves.length ? await encodeMoves(save.moves) : null);
    }
    const input = h("input", { type: "text", readOnly: true, value: url, dataset: { testid: "share-link", kind: withMoves ? "replay" : "setup" }, "aria-label": t("table.share.link") });
    const note = h("span.muted", { role: "status" });
    const copy = h("button", { type: "button", onclick: async () => {
      try { await navigator.clipboard.writeText(url); note.textContent = t("table.share.copied"); } catch { input.select(); note.textContent = t("table.share.copyManually"); }
    } }, t("table.share.copy"));
    this.el.shareBox.replaceChildren(
      h("strong", t(withMoves ? "table.share.replayTitle" : "table.share.title")),
      h("p.muted", t(withMoves ? "table.share.replayHint" : "table.share.hint")),
      // the link carries the shuffle (and the moves): whoever opens it mid-game sees every hand and the cards to come
      ...(this.status?.over ? [] : [h("p.share-warning", { dataset: { testid: "share-warning" } }, t("table.share.revealsHidden"))]),
      h("div.share-row", input, copy, h("button.secondary", { type: "button", onclick: () => { this.el.shareBox.hidden = true; } }, t("table.close"))),
      note);
    this.el.shareBox.hidden = false;
    try { await navigator.clipboard.writeText(url); note.textContent = t("table.share.copied"); } catch { note.textContent = t("table.share.copyManually"); }
    input.focus();
    input.select();
  }
}

/** The data- attributes that name a thing on a board the same way from one view to the next. */
const BOARD_KEYS = ["seat", "testid", "stat", "space", "where", "card", "cell", "square", "cup", "row"];
const KEYED = BOARD_KEYS.map((k) => `[data-${k}]`).join(",");

/**
 * Every keyed element on the board: its path of keys → {el, content}, the content
 * being its words and pictures (options left out: they are the viewer's, not a
 * change someone made).
 */
function boardValues(board) {
  const values = new Map();
  const keyOf = (el) => BOARD_KEYS.filter((k) => k in el.dataset).map((k) => `${k}=${el.dataset[k]}`).join(",");
  for (const el of board.querySelectorAll(KEYED)) {
    let path = keyOf(el);
    for (let up = el.parentElement?.closest(KEYED); up && board.contains(up); up = up.parentElement?.closest(KEYED)) path = keyOf(up) + "/" + path;
    let key = path;
    for (let i = 2; values.has(key); i++) key = `${path}#${i}`;
    values.set(key, { el, content: contentOf(el) });
  }
  return values;
}

/** How much the one number in a content moved ("1 VP now" → "3 VP now": 2), or 0 when it is not one counter. */
function countDelta(before, after) {
  // the words only: a picture's file name ("[icons/rush/meeple-1.svg]") is not a number shown
  const words = (content) => (content ?? "").split(/\[[^\]]*\]/).join("|");
  const numbers = (content) => words(content).match(/-?\d+/g) ?? [];
  const shape = (content) => (content ?? "").replace(/(\[[^\]]*\])|-?\d+/g, (m, picture) => picture ?? "#");
  if (before === undefined || numbers(before).length !== 1 || numbers(after).length !== 1 || shape(before) !== shape(after)) return 0;
  return Number(numbers(after)[0]) - Number(numbers(before)[0]);
}

function contentOf(el) {
  let text = "";
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) text += child.data;
      else if (child.nodeType === Node.ELEMENT_NODE && !child.hasAttribute("data-move")) {
        if (child.tagName === "IMG") text += `[${child.getAttribute("src")}]`;
        walk(child);
        text += " "; // two numbers side by side in two elements are not one number
      }
    }
  };
  walk(el);
  return text.trim();
}

/**
 * Options whose labels read the same (two like icons on one card) get a number
 * each, so a player can tell them apart and a screen reader names them apart;
 * the engine's options stay as they are.
 */
function numberTwins(options) {
  const byText = new Map();
  for (const button of options) {
    if (button.hidden) continue;
    const text = button.textContent;
    byText.set(text, [...(byText.get(text) ?? []), button]);
  }
  for (const twins of byText.values()) {
    if (twins.length < 2) continue;
    twins.forEach((button, i) => {
      const label = button.querySelector(".option-label");
      label.textContent = t("table.option.nth", { label: label.textContent, n: i + 1 });
    });
  }
}
