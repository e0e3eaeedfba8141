// What the home page tells about each game, beside what the engine says of it
// (its title and player counts): a few words of our own, the play time printed
// on the rulebooks, and a picture.  Presentation only: no rule lives here, and
// a game the engine lists without an entry here is still shown, just plainer.
import { language, t } from "../i18n.js";

/** By engine game id: the picture (web/img/) and the play time in minutes, [fixed] or [from, to]. */
export const ABOUT = {
  // "45-90" on the French rulebook's cover (000), "45分~90分" on the Japanese rules (003)
  seize: { picture: "img/seize.svg", minutes: [45, 90] },
  // "30'" on the cover of the second French translation (004)
  cafe: { picture: "img/cafe.svg", minutes: [30] },
  // "2-4 joueurs | 30 minutes" under the title of the French rules (002)
  rush: { picture: "img/rush.svg", minutes: [30] },
};

/**
 * A game's presentation in the current language, or null when there is none:
 * {picture, alt, description, playTime}.
 */
export function aboutGame(id) {
  if (!Object.hasOwn(ABOUT, id)) return null;
  const { picture, minutes } = ABOUT[id];
  return {
    picture,
    alt: t(`about.${id}.picture`),
    description: t(`about.${id}.description`),
    playTime: formatMinutes(minutes),
  };
}

/** "30 minutes", "45–90 Minuten", "45～90 分": the language's own way of writing minutes. */
export function formatMinutes([from, to = from]) {
  const format = new Intl.NumberFormat(language(), { style: "unit", unit: "minute", unitDisplay: "long" });
  return from === to ? format.format(from) : format.formatRange(from, to);
}
