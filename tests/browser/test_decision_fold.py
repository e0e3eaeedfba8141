"""The phone's sticky decision banner never folds and unfolds by itself.

Folding the banner used to shrink the page: the browser moved the scroll to keep
the board in place, the banner's mark came back into sight, the banner unfolded,
the page grew… 17 to 23 flips in three seconds at a scroll of about 300 px, the
buttons jumping under the player's finger.  Here each table, mid-game on a phone,
is scrolled down its first 900 px (the banner's place and 300 px past it at least) in
10 px steps, then to the bottom, with no other input, 150 ms at each position
(the old loop flipped every 130-175 ms, so crossing its 30 px band saw two flips
or more): the banner folds once on the way down, and folding never moves what
follows it (the page's height stays as it was).
"""
from __future__ import annotations

import random

import pytest

from conftest import open_table, settle
from test_phone_layout import GAMES, PHONE, play_random

STEP_PX = 10
WAIT_MS = 150
#: how far down the page is swept step by step (the banner folds at 450-530 px on the three tables, and is
#: watched for 300 px more at least; the bottom is then one jump)
SWEEP_PX = 900
#: how far past the fold the sweep must go on, so a banner unfolding again just after is seen
PAST_THE_FOLD_PX = 300

SWEEP = """async ([step, wait, limit]) => {
  const decision = document.querySelector('[data-testid=decision]');
  const flips = [];
  const shifts = [];  // how much a fold moved what follows the banner (px)
  let position = 0;
  // the room the banner takes in the page: what follows it moves when that changes
  const footprint = () => decision.getBoundingClientRect().height + parseFloat(getComputedStyle(decision).marginBottom);
  let room = footprint();
  const classes = new MutationObserver((records) => {
    for (const r of records) if (r.oldValue?.includes('collapsed') !== decision.classList.contains('collapsed')) {
      flips.push(position);
      const now = footprint();
      if (Math.abs(now - room) > 0.5) shifts.push([position, Math.round(now - room)]);
      room = now;
    }
  });
  classes.observe(decision, { attributes: true, attributeFilter: ['class'], attributeOldValue: true });
  const perPosition = {};
  const bottom = () => document.documentElement.scrollHeight - innerHeight;
  // the fold happens where the banner's own place scrolls away: the first screens hold it, and the
  // rest of a long page (a Seize table is several thousand px) is one jump to the bottom
  const end = Math.min(bottom(), limit);
  for (position = 0; position <= end; position += step) {
    const before = flips.length;
    room = footprint();
    window.scrollTo(0, position);
    await new Promise((r) => setTimeout(r, wait));
    if (flips.length - before > 0) perPosition[position] = flips.length - before;
  }
  if (end < bottom()) {
    position = bottom();
    window.scrollTo(0, position);
    await new Promise((r) => setTimeout(r, wait));
  }
  classes.disconnect();
  return { flips, shifts, perPosition, bottom: bottom(), collapsed: decision.classList.contains('collapsed') };
}"""


@pytest.mark.parametrize("game", list(GAMES))
def test_the_banner_never_flips_by_itself_while_scrolling(page, site, game):
    page.set_viewport_size(PHONE)
    open_table(page, site, GAMES[game])
    assert settle(page) == "human"
    rng = random.Random(5)
    for _ in range(4):  # mid-game: a few moves in
        play_random(page, rng)
    assert page.evaluate("() => document.documentElement.scrollHeight > innerHeight * 1.5"), "too short a page to fold"
    result = page.evaluate(SWEEP, [STEP_PX, WAIT_MS, SWEEP_PX])
    assert result["collapsed"], "scrolled to the bottom, the banner did not fold"
    assert len(result["flips"]) == 1, f"{game}: the banner folded/unfolded at scroll positions {result['flips']} ({result['perPosition']})"
    assert result["flips"][0] + PAST_THE_FOLD_PX <= SWEEP_PX, f"{game}: folded at {result['flips'][0]} px, too late for the sweep"
    assert not result["shifts"], f"{game}: folding moved the page under the banner ([scroll, px]): {result['shifts']}"
    assert not page.problems, page.problems
