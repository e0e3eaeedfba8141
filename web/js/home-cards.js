// The home page's game cards, one per game the engine lists.  The same code draws them twice
// over without being written twice: the build runs it under Node (wasm-build/prerender_home.mjs)
// to write the English cards into index.html, so the first paint already holds them; the page
// runs it again only for another language or another list of games.  The buttons carry where
// they go (data-go) and the page listens once on the menu, so the build's cards work as drawn.
import { t } from "./i18n.js";
import { TABLES } from "./tables.js";
import { aboutGame } from "./games/about.js";
import { h } from "./table/dom.js";

/**
 * The cards of `games` (the engine's list_games) as <li> elements; `lessonCounts`: by game id,
 * how many lessons it has (a game with none offers no "Learn to play").
 */
export function gameCards(games, lessonCounts) {
  return games.map((g) => gameCard(g, lessonCounts));
}

/** One card: picture, title, a few words, players and play time, and its buttons. */
function gameCard(g, lessonCounts) {
  const playable = g.available && Object.hasOwn(TABLES, g.id);
  const about = aboutGame(g.id);
  const players = t(g.min_players === 1 ? "menu.playersSolo" : "menu.players",
    { min: Math.max(2, g.min_players), max: g.max_players });
  return h("li.game-card", { dataset: { game: g.id, available: String(g.available), playable: String(playable) } },
    about && h("img.game-picture", { src: about.picture, alt: about.alt, width: 88, height: 88, dataset: { testid: "game-picture" } }),
    h("div.game-body",
      h("h3", g.title),
      about && h("p.game-description", { dataset: { testid: "game-description" } }, about.description),
      h("ul.game-facts",
        h("li", { dataset: { testid: "game-players" } }, players),
        about && h("li", { dataset: { testid: "game-time" } }, about.playTime)),
      playable ? h("div.game-actions", playButton(g), learnButton(g, lessonCounts)) : unavailableNote(g)));
}

function playButton(g) {
  return h("button", { type: "button", dataset: { testid: "play-" + g.id, go: `?game=${encodeURIComponent(g.id)}` } },
    t("menu.play"));
}

/** "Learn to play": the game's lessons, when the engine has some. */
function learnButton(g, lessonCounts) {
  if (!lessonCounts[g.id]) return null;
  return h("button.secondary", { type: "button", dataset: { testid: "learn-" + g.id, go: `?learn=${encodeURIComponent(g.id)}` } },
    t("learn.button"));
}

function unavailableNote(g) {
  return h("div.game-unavailable",
    h("span.badge", { dataset: { testid: "unavailable" } }, t("menu.unavailable")),
    h("small.muted", t(g.available ? "menu.tableComingHint" : "menu.unavailableHint")));
}
