// How a seat is named, the same on the table and on the home page's saved
// games: "Player 1 (you)", "Player 2", "Bot 2 (easy)", "Starbots™ (level 3)".
import { t } from "../i18n.js";

/** A bot level's name in the player's language (an unknown level: its id). */
export function levelName(level) {
  const key = "table.level." + level;
  const text = t(key);
  return text === key ? level : text;
}

/** Seat `p` of `seats` (["human", "easy", …]); the one human of a table is "you". */
export function seatName(seats, p) {
  const seat = seats[p];
  if (seat === undefined) return "";
  if (seat === "human") {
    const humans = seats.filter((s) => s === "human").length;
    return t(humans === 1 ? "table.seat.you" : "table.seat.human", { n: p + 1 });
  }
  if (seat === "remote") return t("table.seat.remote", { n: p + 1 });
  const starbots = /^starbots-(\d+)$/.exec(seat);
  if (starbots) return t("table.seat.starbots", { level: starbots[1] });
  return t("table.seat.bot", { n: p + 1, level: levelName(seat) });
}
