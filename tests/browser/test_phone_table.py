"""The game tables on a phone (390×844): options that can be told apart, controls a finger can hit.

For the first human decisions of a seeded game of each game against a bot:
- no two options of the decision banner show the same text, and no option's
  label is cut (an ellipsis or a clipped line hides the part where options differ),
  in the compact banner and with every option shown;
- every visible control of the table (button, option, input, select) offers at
  least 44×44 px to a finger: its own box, or an invisible hit area (a positioned
  ``::before``/``::after``) around it;
- no word of a card title is split across two lines without a hyphen.
"""
from __future__ import annotations

import random

import pytest

from conftest import open_table, settle
from test_phone_layout import GAMES, PHONE, play_random

DECISION = "[data-testid=decision]"
DECISIONS = 10  # human decisions looked at in each game
MIN_TARGET = 44  # px, the smallest touch target (WCAG 2.5.5, platform guidelines)
CARD_TITLES = ".card-name, .rcard-name, .pcard-title, .tile-name"

#: the options of the banner as a player reads them: visible text and whether it is cut
OPTION_TEXTS = """() => [...document.querySelectorAll('[data-testid=decision] [data-move]')]
  .filter((el) => el.offsetParent && el.getClientRects().length)
  .map((el) => {
    const cut = [el, ...el.querySelectorAll('*')].filter((e) => e.offsetParent !== null || e === el).some((e) => {
      const cs = getComputedStyle(e);
      const clips = cs.overflowX !== 'visible' || cs.overflowY !== 'visible';
      return clips && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
    });
    return { id: el.dataset.move, text: el.innerText.replace(/\\s+/g, ' ').trim(), cut };
  })"""

#: controls whose hit area (own box, or a positioned pseudo-element around it) is under the minimum
SMALL_TARGETS = """(min) => {
  const out = [];
  const table = document.querySelector('[data-testid=table]');
  for (const el of table.querySelectorAll('button, [data-move], input, select')) {
    if (!el.offsetParent || el.closest('[hidden]')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let w = r.width, h = r.height;
    for (const pseudo of ['::before', '::after']) {
      const cs = getComputedStyle(el, pseudo);
      if (cs.content === 'none' || cs.position !== 'absolute' || cs.pointerEvents === 'none') continue;
      w = Math.max(w, parseFloat(cs.width) || 0);
      h = Math.max(h, parseFloat(cs.height) || 0);
    }
    if (w < min - 0.5 || h < min - 0.5) {
      const name = (el.dataset.move || el.getAttribute('aria-label') || el.innerText || el.className).toString().trim().slice(0, 40);
      out.push(`${name} ${Math.round(w)}×${Math.round(h)}`);
    }
  }
  return out; }"""

#: words of card titles split over two lines with no hyphen at the break, or too wide for the card
SPLIT_WORDS = """(selector) => {
  const out = [];
  for (const title of document.querySelectorAll(selector)) {
    if (!title.offsetParent) continue;
    const cs = getComputedStyle(title);
    // a break the browser hyphenates itself only happens with these: a split word then shows a hyphen
    const hyphenated = cs.hyphens === 'auto' && cs.overflowWrap === 'normal' && cs.wordBreak === 'normal';
    if (title.scrollWidth > title.clientWidth + 1) out.push(`"${title.textContent.trim()}" is wider than its card`);
    const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s\\-\\u00ad]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
        if (tops.size > 1 && !hyphenated) out.push(`${m[0]} (in "${title.textContent.trim()}")`);
      }
    }
  }
  return out; }"""


def check_options(page, where: str) -> None:
    options = page.evaluate(OPTION_TEXTS)
    cut = [o["text"] for o in options if o["cut"]]
    assert not cut, f"{where}: {len(cut)} of {len(options)} option labels are cut: {cut}"
    seen: dict[str, str] = {}
    for o in options:
        assert o["text"] not in seen, f"{where}: {seen[o['text']]} and {o['id']} both read {o['text']!r}"
        seen[o["text"]] = o["id"]


def check_decision(page, game: str, n: int) -> None:
    where = f"{game} decision {n} ({page.get_attribute('[data-testid=game-status]', 'data-phase')})"
    check_options(page, where)
    small = page.evaluate(SMALL_TARGETS, MIN_TARGET)
    assert not small, f"{where}: {len(small)} controls under {MIN_TARGET}×{MIN_TARGET} px: {small}"
    more = page.locator("[data-testid=options-more]")
    if more.count() and more.is_visible():
        more.click()
        check_options(page, where + ", every option shown")
        more.click()
    split = page.evaluate(SPLIT_WORDS, CARD_TITLES)
    assert not split, f"{where}: card titles split mid-word: {split}"
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{where}: the page is {width}px wide"


@pytest.mark.parametrize("game, lang", [(game, "en") for game in GAMES] + [("seize", "de"), ("cafe", "de")])
def test_phone_options_targets_and_card_titles(page, site, game, lang):
    page.set_viewport_size(PHONE)
    open_table(page, site, GAMES[game], lang=lang)
    assert settle(page) == "human"
    rng = random.Random(3)
    for n in range(DECISIONS):
        check_decision(page, game, n)
        play_random(page, rng)
    assert not page.problems, page.problems
