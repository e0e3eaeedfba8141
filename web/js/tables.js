// The browser tables that exist, by game id: each entry lazily imports the
// module that renders that game.  A game is playable from the menu when the
// engine lists it as available AND it has a table here.
export const TABLES = {
  seize: () => import("./games/seize/index.js"),
  rush: () => import("./games/rush/index.js"),
  cafe: () => import("./games/cafe/index.js"),
};
