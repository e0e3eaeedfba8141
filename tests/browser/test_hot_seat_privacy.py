"""Hot-seat privacy in a real browser: when the device changes hands, the page keeps nothing the
next player may not see.  A seeded Seize the Bean game with hidden drafts (all founders, adopted
Friends & Family), three humans and a bot: at every privacy screen, and again on the next human's
turn, the whole document (hidden panels, attributes and titles included) and the table
controller's state are searched for every card another seat holds hidden at that moment, as the
engine (CPython, same seed and moves) says."""
from __future__ import annotations

import json
import random
from typing import Any, Optional

from brewhouse import api

from conftest import open_table, screenshot, settle

SEATS = ["human", "human", "human", "easy"]
QUERY = f"?game=seize&seats={','.join(SEATS)}&seed=11&founders=all&friends=adopted"
#: privacy screens checked once the drafts are over (the main game hides cards too)
AFTER_DRAFTS = 3

#: everything the page holds: the document as markup (hidden elements, attributes, titles) and
#: the table controller's own fields (views, options, summary, card names…), maps and sets as lists
#: and detached elements as markup; the services it is given (engine, saves, renderer…) are not its state
PAGE_TEXT = """() => {
  const table = window.brewhouse.table;
  const services = new Set(["engine", "saves", "renderer", "gameInfo", "root", "info", "navigate", "el"]);
  const state = {};
  for (const [key, value] of Object.entries(table)) if (!services.has(key)) state[key] = value;
  const seen = new WeakSet();
  const json = JSON.stringify(state, (key, value) => {
    if (value instanceof Element) return value.outerHTML;
    if (value instanceof Map || value instanceof Set) return [...value];
    if (value && typeof value === "object") { if (seen.has(value)) return undefined; seen.add(value); }
    return value;
  });
  return document.documentElement.outerHTML + "\\n" + json;
}"""


def cards(node: Any, out: Optional[dict[str, str]] = None) -> dict[str, str]:
    """Every card face in a view or log: id → name (a face carries both)."""
    out = {} if out is None else out
    if isinstance(node, (list, tuple)):
        for x in node:
            cards(x, out)
    elif isinstance(node, dict):
        if isinstance(node.get("id"), str) and isinstance(node.get("name"), str):
            out[node["id"]] = node["name"]
        for value in node.values():
            cards(value, out)
    return out


def seen_by(match: str, viewer: Optional[int]) -> tuple[Any, Any]:
    return (api.call("view", {"match": match, "player": viewer})["result"]["view"],
            api.call("log", {"match": match, "player": viewer})["result"])


def hidden_from(page, viewer: Optional[int]) -> dict[str, str]:
    """The cards some other seat sees now and ``viewer`` (None: everybody) may not: the same
    position rebuilt by the engine in CPython from the page's own save."""
    save = page.evaluate("() => window.brewhouse.table.engine.call('save', { match: window.brewhouse.table.match })")
    out = api.call("load", {"save": save})
    assert out["ok"], out
    match = out["result"]["match"]
    try:
        mine = json.dumps(seen_by(match, viewer), ensure_ascii=False)
        secret: dict[str, str] = {}
        for seat in range(len(SEATS)):
            if seat != viewer:
                cards(seen_by(match, seat), secret)
        # a card whose id or name the viewer's own view or log shows is no secret from them
        return {cid: name for cid, name in secret.items() if cid not in mine and name not in mine}
    finally:
        api.call("close", {"match": match})


def assert_nothing_hidden(page, viewer: Optional[int], when: str) -> int:
    secret = hidden_from(page, viewer)
    text = page.evaluate(PAGE_TEXT)
    found = sorted({f"{cid} ({name})" for cid, name in secret.items() if cid in text or name in text})
    assert not found, f"{when}: the page holds what seat {viewer} may not see: {found}"
    return len(secret)


def test_the_page_keeps_nothing_of_another_players_hidden_cards_when_the_device_changes_hands(page, site):
    open_table(page, site, QUERY)
    rng = random.Random(11)
    screens = checked = 0
    after_drafts = 0
    for _ in range(400):
        waiting = settle(page)
        assert waiting != "over", "the game ended before the checks were done"
        if waiting == "privacy":
            screens += 1
            nxt = page.evaluate("() => window.brewhouse.table.status.active_player")
            # behind the privacy screen the page holds only what everybody may see
            checked += assert_nothing_hidden(page, None, f"privacy screen {screens} (before seat {nxt})")
            if screens == 1:
                page.set_viewport_size({"width": 390, "height": 844})
                screenshot(page, "hot-seat-privacy-390x844")
                page.set_viewport_size({"width": 1280, "height": 800})
            if page.evaluate("() => window.brewhouse.table.status.phase") != "draft":
                after_drafts += 1
                if after_drafts > AFTER_DRAFTS:
                    break
            page.click("[data-testid=privacy-ready]")
            settle(page)
            me = page.evaluate("() => window.brewhouse.table.viewer")
            assert me == nxt
            # the next player's turn: their own view and log only
            checked += assert_nothing_hidden(page, me, f"seat {me}'s turn after privacy screen {screens}")
            continue
        assert waiting == "human", waiting
        # the log panel open, as a player who reads it: its lines are private to the viewer too
        if page.get_attribute("[data-testid=log-toggle]", "aria-expanded") != "true":
            page.click("[data-testid=log-toggle]")
        page.locator("[data-testid=log-list]").wait_for(state="attached")
        ids = page.evaluate("() => window.brewhouse.table.moves.map((m) => m.id)")
        page.evaluate("(id) => window.brewhouse.table.play(id)", rng.choice(ids))
    else:
        raise AssertionError("the drafts did not end")
    assert screens >= 10 and checked > 0, (screens, checked)
    assert page.problems == []
