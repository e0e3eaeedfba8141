// One lesson of "Learn to play": the game's real table, drawn from the lesson
// match's views for the learner, with a step panel above the decision.
//
// The engine runs the lesson (start_lesson, lesson_move, lesson_next): it
// accepts only the act step's move.  The page shows the decision as in a real
// game, but only that one move carries data-move; the other options stay in
// sight, marked data-lesson-option, and a click on one shows the step's hint
// (the engine's refusal says which).  No undo, no save, no hint bot.
import { EngineError } from "../engine.js";
import { language, t } from "../i18n.js";
import { StorageFullError } from "../storage.js";
import { setPageTitle } from "../page-title.js";
import { checkValue, checkWords } from "./check-value.js";
import { Table } from "./controller.js";
import { h } from "./dom.js";

/** A step's text (or a check's label): a catalogue key, or {text, params}. */
export function stepText(value, params = {}) {
  if (value && typeof value === "object") return t(value.text, { ...params, ...(value.params ?? {}) });
  return t(String(value ?? ""), params);
}

export class LessonTable extends Table {
  /**
   * deps as Table's, plus lessons ([{id, title, summary, steps}] of the game, in order),
   * progress (LessonProgress) and actions {open(id), list(), firstGame()}: where the done panel's buttons go.
   */
  constructor(deps) {
    super(deps);
    this.lessons = deps.lessons;
    this.progress = deps.progress;
    this.actions = deps.actions;
    this.lesson = null;      // the engine's lesson state: {id, title, index, count, step, done, player}
    this.hintShown = null;   // the step index whose hint is on screen
    this.notRemembered = null; // the lesson id whose completion storage had no room for
    this.root.querySelector("[data-testid=table]").dataset.lesson = "";
    // a lesson has none of these: it is restarted, never undone, saved or shared
    for (const k of ["undo", "hint", "hintNote", "share", "shareReplay", "skip"]) this.el[k].remove();
    this.el.pace.closest("label").remove();
    // back to the game's lessons from anywhere in one
    this.el.lessonsButton = h("button.secondary", { type: "button", dataset: { testid: "lesson-list-button" }, onclick: () => this.actions.list() });
    this.el.home.before(this.el.lessonsButton);
    this.el.step = h("section.lesson-step", { dataset: { testid: "lesson-step" }, "aria-live": "polite" });
    this.el.decisionMark.before(this.el.step);
    // a renderer redraws its board by itself on a selection (Café's card, Coffee Rush's ingredient):
    // the options it draws again are restricted again
    this.boardWatch = new MutationObserver(() => { if (this.lesson && this.view) this.restrictOptions(); });
    this.boardWatch.observe(this.el.board, { childList: true, subtree: true });
    this.root.addEventListener("click", (event) => {
      const other = event.target.closest("[data-lesson-option]");
      if (!other || !this.root.contains(other) || other.disabled) return;
      event.preventDefault();
      this.tryOption(other.dataset.lessonOption);
    });
    this.translateChrome();
  }

  translateChrome() {
    super.translateChrome();
    if (this.el.lessonsButton) this.el.lessonsButton.textContent = t("learn.done.list");
    if (this.lesson) this.el.title.textContent = t("learn.tableTitle", { game: this.gameInfo.title, lesson: t(this.lesson.title) });
  }

  close() {
    this.boardWatch.disconnect();
    super.close();
  }

  get learner() { return this.lesson?.player ?? 0; }

  /** A lesson's page is titled by the lesson, whoever's turn it is. */
  titlePage() {
    const title = this.lesson?.title;
    if (title) setPageTitle("title.lesson", { lesson: () => t(title) });
  }

  seatName(p) {
    if (this.seats[p] === undefined) return "";
    return p === this.learner ? t("table.seat.you", { n: p + 1 }) : t("table.seat.human", { n: p + 1 });
  }

  // ---- the engine's side ------------------------------------------------------------
  async startLesson(game, lessonId) {
    const status = await this.engine.call("start_lesson", { game, lesson: lessonId });
    this.summary = [];
    await this.adopt(status);
    return status;
  }

  /** Every lesson response: the match's status plus its lesson state. */
  async adopt(status) {
    this.match = status.match;
    this.status = status;
    this.lesson = status.lesson;
    this.root.querySelector("[data-testid=table]").dataset.lesson = status.lesson.id;
    this.viewer = this.learner;
    this.hintShown = null;
    this.translateChrome();
    await this.fetchView(this.learner);
    if (this.closed) return;
    this.show();
  }

  /** The learner's view only: the lesson's "what happened" is the events lesson_move returns. */
  async fetchView(player) {
    const out = await this.engine.call("view", { match: this.match, player });
    this.view = out.view;
    this.moves = out.moves;
    this.viewerOfView = player;
    this.status = { ...this.status, ...out, view: undefined, moves: undefined };
    this.learnNames(out.view);
  }

  get accepted() {
    const step = this.lesson?.step;
    return !this.lesson?.done && step?.kind === "act" ? step.move : null;
  }

  show() {
    this.setWaiting(this.lesson.done ? "over" : this.accepted ? "human" : "lesson");
    this.renderView();
    // a new step's words in sight, wherever the last click was (a phone scrolls far down the board);
    // the decision just below it then stands unfolded
    const at = `${this.lesson.id}:${this.lesson.index}`;
    if (this.shownStep !== at) {
      this.shownStep = at;
      this.el.step.scrollIntoView({ block: "nearest" });
    }
    if (this.lesson.done) this.finish();
    if (this.accepted) this.focusDecision();
    else this.el.step.querySelector("[data-testid=lesson-next], [data-testid=lesson-following], [data-testid=lesson-first-game]")?.focus({ preventScroll: true });
  }

  async play(moveId) {
    if (this.waiting !== "human" || this.busy) return;
    if (moveId !== this.accepted) return this.tryOption(moveId);
    this.busy = true;
    this.setWaiting("busy");
    for (const b of this.root.querySelectorAll("[data-move], [data-lesson-option]")) b.disabled = true;
    try {
      const out = await this.engine.call("lesson_move", { match: this.match, move: moveId });
      // what happened: the learner's move and the script's answer, as the learner may see them
      this.summary = out.events;
      this.movers.push(this.learner);
      this.busy = false;
      await this.adopt(out);
    } catch (err) {
      this.busy = false;
      this.failed(err);
    }
  }

  /** Another option of the decision: the engine refuses it (nothing changes) and says the step's hint. */
  async tryOption(moveId) {
    if (this.waiting !== "human" || this.busy) return;
    if (moveId === this.accepted) return this.play(moveId);
    let hint = this.lesson.step.hint;
    try {
      const out = await this.engine.call("lesson_move", { match: this.match, move: moveId });
      await this.adopt(out); // never: the engine accepts only the step's move
      return;
    } catch (err) {
      if (!(err instanceof EngineError) || err.code !== "lesson_wrong_move") return this.failed(err);
      if (err.details?.hint) hint = { text: err.details.hint, params: err.details.params ?? {} };
    }
    this.hintShown = { index: this.lesson.index, hint };
    this.renderStep();
    this.el.step.querySelector("[data-testid=lesson-hint]")?.scrollIntoView({ block: "nearest" });
  }

  async next() {
    if (this.waiting !== "lesson" || this.busy) return;
    this.busy = true;
    this.setWaiting("busy");
    try {
      const out = await this.engine.call("lesson_next", { match: this.match });
      this.busy = false;
      await this.adopt(out);
    } catch (err) {
      this.busy = false;
      this.failed(err);
    }
  }

  async finish() {
    try {
      const done = await this.progress.complete(this.gameInfo.id ?? this.renderer.id, this.lesson.id);
      this.el.step.dataset.saved = String(done.has(this.lesson.id));
    } catch (err) {
      console.warn("lesson progress not saved:", err);
      // no room even after dropping the caches: the done panel says so
      if (err instanceof StorageFullError) {
        this.notRemembered = this.lesson.id;
        this.renderStep();
      }
    }
  }

  // ---- drawing ------------------------------------------------------------------------
  /** The words a check's value is read in: the game's catalogue, then the renderer's names for what the views showed. */
  checkWords() {
    const ctx = this.ctx({ view: this.view, viewer: this.viewerOfView });
    const game = this.renderer.id;
    const name = (id) => {
      const own = this.renderer.checkName?.(id, ctx);
      if (own) return own;
      const seen = this.cardName(id);
      return seen && seen !== id && !seen.includes("_") ? seen : null;
    };
    return checkWords({ t, game, lang: language(), name, seat: (p) => this.seatName(p) });
  }

  renderView() {
    if (!this.view || !this.lesson) return;
    super.renderView();
    this.restrictOptions();
    this.renderStep();
    // a finished lesson asks nothing more: its last position stays on the board, the decision goes
    if (this.lesson.done) this.el.decision.hidden = true;
  }

  /**
   * Only the step's move carries data-move, once (the visible one: a banner option a
   * renderer keeps for the board only is hidden); every other option stays drawn and,
   * at an act step, answers a click with the hint.
   */
  restrictOptions() {
    const accepted = this.accepted;
    const all = [...this.root.querySelectorAll("[data-move]")];
    const mine = all.filter((el) => el.dataset.move === accepted);
    const visible = (el) => el.checkVisibility?.() ?? el.offsetParent !== null;
    const inBanner = (el) => this.el.decision.contains(el);
    let keep = mine.find((el) => inBanner(el) && visible(el)) ?? mine.find(visible) ?? mine.find(inBanner) ?? mine[0] ?? null;
    // an option a renderer draws on the board only, not drawn there now (e.g. behind a selection): the banner shows it
    if (keep && !visible(keep) && inBanner(keep)) keep.hidden = false;
    for (const el of all) {
      // never folded away behind a phone's "more" toggle: it is the one option of the step
      if (el === keep) { el.classList.add("lesson-accepted"); el.classList.remove("extra"); continue; }
      const id = el.dataset.move;
      delete el.dataset.move;
      if (accepted) {
        // the same move drawn elsewhere (the board's space for the banner's option) is marked too, and plays it
        el.dataset.lessonOption = id;
        el.classList.add(id === accepted ? "lesson-accepted" : "lesson-other");
      } else {
        el.classList.add("lesson-inert");
        if (el.tagName === "BUTTON") el.disabled = true;
      }
    }
  }

  renderSummary(ctx) {
    if (!this.summary.length) { this.el.recent.replaceChildren(); return; }
    const list = h("ol.log-list.turn-summary", { dataset: { testid: "turn-summary" } }, this.summary.map((e) => this.eventLine(e, ctx)));
    this.el.recent.replaceChildren(h("h3.summary-title", t("learn.whatHappened")), list);
    list.scrollTop = list.scrollHeight;
  }

  renderStep() {
    const l = this.lesson;
    const box = this.el.step;
    box.dataset.index = String(l.index);
    box.dataset.count = String(l.count);
    box.dataset.kind = l.done ? "done" : l.step.kind;
    if (l.done) return this.renderDone();
    const step = l.step;
    const hint = this.hintShown?.index === l.index
      ? h("p.lesson-hint", { role: "alert", dataset: { testid: "lesson-hint" } }, stepText(this.hintShown.hint)) : null;
    const words = step.kind === "check" ? this.checkWords() : null;
    const shown = (value, c) => checkValue(value, words, c.show ?? null);
    const checks = step.kind === "check" ? h("ul.lesson-checks", step.checks.map((c) => h("li.lesson-check",
      { dataset: { testid: "lesson-check", name: c.name, ok: String(c.ok) } },
      h("span.lesson-check-mark", { "aria-hidden": "true" }, c.ok ? "✓" : "✗"),
      h("span.lesson-check-label", stepText({ text: c.label, params: c.params })),
      h("strong.lesson-check-value", shown(c.expected, c)),
      c.ok ? h("span.visually-hidden", t("learn.check.ok")) : h("span.lesson-check-off", t("learn.check.off", { actual: shown(c.actual, c) }))))) : null;
    const next = step.kind === "act" ? null
      : h("button.lesson-next", { type: "button", dataset: { testid: "lesson-next" }, onclick: () => this.next() },
        t(l.index + 1 >= l.count ? "learn.finish" : "learn.next"));
    box.replaceChildren(...[
      h("div.lesson-progress",
        h("span.lesson-count", t("learn.stepOf", { n: l.index + 1, count: l.count })),
        h("progress", { max: l.count, value: l.index + 1, "aria-hidden": "true" })),
      h("p.lesson-text", { dataset: { testid: "lesson-text", key: typeof step.text === "object" ? step.text.text : step.text } },
        stepText(step.text, step.params ?? {})),
      checks,
      step.kind === "act" ? h("p.lesson-do.muted", t("learn.doIt")) : null,
      hint,
      next,
    ].filter(Boolean));
  }

  renderDone() {
    const l = this.lesson;
    const at = this.lessons.findIndex((x) => x.id === l.id);
    const following = at >= 0 ? this.lessons[at + 1] : null;
    const actions = this.actions;
    this.el.step.replaceChildren(h("div.lesson-done", { dataset: { testid: "lesson-done" } },
      h("h3", h("span.lesson-done-mark", { "aria-hidden": "true" }, "✓ "), t("learn.done.title")),
      h("p", t("learn.done.body", { lesson: t(l.title) })),
      this.notRemembered === l.id ? h("p.error-panel", { role: "alert", dataset: { testid: "lesson-not-saved" } }, t("learn.done.notSaved")) : null,
      h("div.row-buttons",
        following ? h("button", { type: "button", dataset: { testid: "lesson-following", lesson: following.id }, onclick: () => actions.open(following.id) },
          t("learn.done.nextLesson", { lesson: t(following.title) })) : null,
        following ? null : h("button", { type: "button", dataset: { testid: "lesson-first-game" }, onclick: () => actions.firstGame() },
          t("learn.done.firstGame")),
        h("button.secondary", { type: "button", dataset: { testid: "lesson-restart" }, onclick: () => actions.open(l.id) }, t("learn.done.restart")),
        h("button.secondary", { type: "button", dataset: { testid: "lesson-list" }, onclick: () => actions.list() }, t("learn.done.list")))));
  }
}
