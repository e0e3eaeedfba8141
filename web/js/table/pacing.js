/**
 * How long the table holds the bots' steps on screen, so the player sees what
 * they need to and no more.
 *
 * A bot step that changed something the player sees is held for one pace (the
 * bot's thinking time counts towards it); a step that changed nothing visible
 * is shown at once; and a round of bot turns (every bot step between two
 * decisions of the player) is held at most ROUND_PACES paces in all, thinking
 * included, so a table of four bots taking several steps each does not keep
 * the player waiting for every one of them.  Pure functions: the table keeps
 * the round's running total (Table.roundHeld).
 */

/** A round of bot turns is held at most this many paces in total. */
export const ROUND_PACES = 4;

/**
 * The wait (ms) after a bot step's thinking before the next step is drawn.
 * ``pace``: the table's pace in ms (0: instant); ``visible``: the step shown
 * changed something on the player's board; ``thinking``: ms the bot already
 * took; ``held``: ms this round of bot turns has already been held.
 */
export function stepWait(pace, { visible, thinking = 0 }, held = 0) {
  if (pace <= 0 || !visible) return 0;
  return Math.max(0, Math.min(pace - thinking, ROUND_PACES * pace - held - thinking));
}

/** What a step adds to the round's total: the time it was held on screen (thinking and wait). */
export function stepHeld(pace, step, held = 0) {
  return step.visible && pace > 0 ? (step.thinking ?? 0) + stepWait(pace, step, held) : 0;
}

/** The waits of a whole round of steps, in order (for what the rules above add up to). */
export function roundWaits(pace, steps) {
  let held = 0;
  return steps.map((step) => {
    const wait = stepWait(pace, step, held);
    held += stepHeld(pace, step, held);
    return wait;
  });
}

/**
 * How long a piece takes to travel to its new place (motion.js) at a pace: half
 * of it, so a bot's step has arrived before the next one is drawn.
 */
export function travelTime(pace) {
  return pace > 0 ? Math.round(pace / 2) : 0;
}
