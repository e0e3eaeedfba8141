// "Learn to play": a game's lesson list (`?learn=GAME`) and one lesson
// (`?learn=GAME&lesson=ID`).  Which lessons exist is the engine's word
// (list_lessons); which are done is the player's progress (IndexedDB).
import { t } from "../i18n.js";
import { setPageTitle } from "../page-title.js";
import { h } from "./dom.js";
import { LessonTable } from "./lesson.js";
import { shareURL } from "./url.js";

/** The level of the bots a newcomer's first game is played against. */
const FIRST_GAME_LEVEL = "easy";

/** The URL of a game's lesson list, or of one of its lessons. */
export function learnURL(game, lesson = null) {
  return `?learn=${encodeURIComponent(game)}${lesson ? `&lesson=${encodeURIComponent(lesson)}` : ""}`;
}

/** A first game of `gameInfo`'s game: the learner against the easy bot (as few seats as the game allows). */
export function firstGameURL(gameInfo, botLevels) {
  const level = botLevels.includes(FIRST_GAME_LEVEL) ? FIRST_GAME_LEVEL : botLevels[0] ?? "random";
  const bots = Math.max(1, (gameInfo.min_players ?? 2) - 1);
  return shareURL({ game: gameInfo.id, seats: ["human", ...Array(bots).fill(level)], seed: null, options: {} });
}

/** The lesson list of one game, each lesson with its done mark. */
export function renderLessonList(root, { gameInfo, lessons, done, navigate, botLevels }) {
  const finished = lessons.filter((l) => done.has(l.id)).length;
  setPageTitle("title.lessons", { game: gameInfo.title });
  const items = lessons.map((l, i) => {
    const isDone = done.has(l.id);
    return h("li.lesson-item", { dataset: { testid: "lesson", lesson: l.id, done: String(isDone) } },
      h("span.lesson-number", { "aria-hidden": "true" }, String(i + 1)),
      h("div.lesson-body",
        h("h3.lesson-title", t(l.title)),
        h("p.lesson-summary", t(l.summary)),
        h("p.lesson-meta.muted", t("learn.list.steps", { count: l.steps }))),
      h("div.lesson-side",
        isDone ? h("span.lesson-done-mark", { dataset: { testid: "lesson-done-mark" } }, "✓ ", t("learn.list.done")) : null,
        h(isDone ? "button.secondary" : "button", { type: "button", dataset: { testid: "lesson-open" }, onclick: () => navigate(learnURL(gameInfo.id, l.id)) },
          t(isDone ? "learn.list.again" : "learn.list.start"))));
  });
  root.replaceChildren(h("section.lesson-list-page.panel", { dataset: { testid: "lesson-list", game: gameInfo.id } },
    h("h2", t("learn.list.title", { game: gameInfo.title })),
    h("p.muted", lessons.length ? t("learn.list.intro") : t("learn.list.none")),
    lessons.length ? h("p.lesson-progress-line", { dataset: { testid: "lesson-progress" } },
      t("learn.list.progress", { done: finished, count: lessons.length })) : null,
    h("ol.lesson-items", items),
    h("div.row-buttons",
      h("button.secondary", { type: "button", dataset: { testid: "lesson-play" }, onclick: () => navigate(firstGameURL(gameInfo, botLevels)) },
        t("learn.list.play")),
      h("button.secondary", { type: "button", dataset: { testid: "error-home" }, onclick: () => navigate("") }, t("table.backHome")))));
}

/**
 * Open a `?learn=` route in `root`: the list, or the lesson as a live table.
 * deps: {engine, games, info, navigate, progress, renderer, host, showRouteError}; resolves to the LessonTable or null.
 */
export async function openLearn(root, route, deps) {
  const { engine, games, info, navigate, progress, renderer, host, showRouteError } = deps;
  const gameInfo = games.find((g) => g.id === route.game);
  const botLevels = info?.bot_levels ?? ["random"];
  const lessons = await engine.call("list_lessons", { game: route.game });
  if (route.kind === "lessons") {
    const done = await progress.done(route.game).catch(() => new Set());
    renderLessonList(root, { gameInfo, lessons, done, navigate, botLevels });
    return null;
  }
  if (!lessons.some((l) => l.id === route.lesson)) {
    showRouteError(root, "learn.error.unknown", { lesson: route.lesson, game: gameInfo.title });
    root.querySelector("[data-testid=error-home]")?.before(
      h("button", { type: "button", dataset: { testid: "error-lessons" }, onclick: () => navigate(learnURL(route.game)) }, t("learn.error.toList")), " ");
    return null;
  }
  const actions = {
    open: (id) => navigate(learnURL(route.game, id)),
    list: () => navigate(learnURL(route.game)),
    firstGame: () => navigate(firstGameURL(gameInfo, botLevels)),
  };
  const table = new LessonTable({ engine, saves: null, renderer, gameInfo, root: host(), info, navigate, lessons, progress, actions });
  try {
    await table.startLesson(route.game, route.lesson);
  } catch (err) {
    table.close();
    throw err;
  }
  return table;
}
