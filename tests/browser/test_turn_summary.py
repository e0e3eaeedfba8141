"""What the other players did, shown to the human whose turn comes back.

The turn summary lists every event the engine logged since this human's last
move (their own move first, then every bot step, as the log shows them to this
human), stays until they move again and then starts over from that move.  While
a bot plays at a readable pace, each step marks what it changed on the board;
Skip (or a click on the board) ends the waiting.
"""
from __future__ import annotations

import random

import pytest

from conftest import STATUS, open_table, screenshot, settle

GAMES = {
    "seize": "?game=seize&seats=human,easy&seed=7",
    "cafe": "?game=cafe&seats=human,easy&seed=3",
    "rush": "?game=rush&seats=human,easy&seed=7",
}
SIZES = {"desktop": (1440, 900), "phone": (390, 844)}
SUMMARY = "[data-testid=turn-summary] li"
#: the table's state once the human moved: its turn again, or a bot step drawn with its changes marked
AFTER_MOVE = """() => {
    const waiting = document.querySelector('[data-testid=game-status]').dataset.waiting;
    if (waiting === 'human' || waiting === 'over' || document.querySelector('[data-testid=table-error]:not([hidden])')) return waiting;
    if (waiting === 'bot' && document.querySelector('[data-testid=board] .changed')) return 'marked';
    return false; }"""


def logged_after(page, ply: int) -> list[dict]:
    """The events the engine logged after ``ply``, as the viewer may see them."""
    return page.evaluate("""async (ply) => {
        const table = window.brewhouse.table;
        const log = await window.brewhouse.engine.call('log', {match: table.match, player: table.viewer});
        return log.filter((e) => e.ply > ply); }""", ply)


def click_an_option(page, rng: random.Random) -> int:
    """One human decision through the page; the ply it was made at."""
    ply = int(page.get_attribute(STATUS, "data-ply"))
    confirm = page.locator("[data-testid=place-confirm]")  # Café placements: the previewed spot
    options = page.locator("[data-move]:visible")
    (confirm if confirm.count() else options.nth(rng.randrange(options.count()))).click()
    page.wait_for_selector(f"{STATUS}:not([data-ply='{ply}'])")
    return ply


#: a point of the board a player can see and tap: not under the sticky decision bar, not a
#: button or a card (a card opens larger); the one nearest the middle of what shows of the board,
#: away from the bar, which may grow as the bot's next step is drawn
TAPPABLE_POINT = """() => {
    const board = document.querySelector('[data-testid=board]');
    board.scrollIntoView({ block: 'center' });
    const r = board.getBoundingClientRect();
    const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
    const left = Math.max(r.left, 0), right = Math.min(r.right, innerWidth);
    const mid = { x: (left + right) / 2, y: (top + bottom) / 2 };
    let best = null;
    for (let y = top + 4; y < bottom; y += 8)
        for (let x = left + 4; x < right; x += 8) {
            const el = document.elementFromPoint(x, y);
            if (!el || !board.contains(el) || el.closest('[data-move], [data-zoom]')) continue;
            const d = Math.hypot(x - mid.x, y - mid.y);
            if (!best || d < best.d) best = { x, y, d };
        }
    return best; }"""


def tap_the_board(page) -> None:
    """A tap on a bare part of the board, where the player's finger lands on the board itself."""
    point = page.evaluate(TAPPABLE_POINT)
    assert point, "no bare part of the board shows on the screen"
    page.mouse.click(point["x"], point["y"])


#: for every summary line that starts with an icon: how far the icon (with its number, "+3 milk")
#: reaches past the start of the line's words, in pixels, and whether it carries a number
ICON_OVERLAPS = """() => [...document.querySelectorAll('[data-testid=turn-summary] li')].flatMap((li) => {
    const icon = li.querySelector(':scope > .ev-ic');
    const words = [...li.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (!icon || !words) return [];
    const range = document.createRange();
    range.selectNodeContents(words);
    const right = Math.max(...[icon, ...icon.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right));
    const first = range.getClientRects()[0];  // the words' first line (a long line wraps under the icon)
    return [{ over: right - first.left, counted: icon.classList.contains('ic-count') }];
})"""


def icons_clear_of_words(page) -> int:
    """No icon in the summary covers its line's words; the number of icons with a number seen."""
    icons = page.evaluate(ICON_OVERLAPS)
    assert all(i["over"] <= 0.5 for i in icons), icons
    return sum(i["counted"] for i in icons)


def summary_matches_the_log(page, since: int) -> list[dict]:
    """The summary has one line per event logged after ``since``, in the viewer's words for it."""
    events = logged_after(page, since)
    assert page.locator(SUMMARY).count() == len(events) > 0
    assert page.eval_on_selector_all(SUMMARY, "els => els.map(e => e.dataset.player)") == \
        [str(e["player"]) if e["player"] is not None else "" for e in events]
    lines = page.eval_on_selector_all(SUMMARY, "els => els.map(e => e.textContent)")
    texts = page.evaluate("""(events) => {
        const table = window.brewhouse.table;
        const ctx = table.ctx({ view: table.view, moves: [] });
        return events.map((e) => table.renderer.eventText(e, ctx)); }""", events)
    assert all(line.endswith(text) for line, text in zip(lines, texts)), (lines, texts)
    page.counted_icons = getattr(page, "counted_icons", 0) + icons_clear_of_words(page)
    return events


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_the_summary_shows_every_step_since_the_human_moved(page, site, game, size):
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    reduced = size == "phone"  # one run each way: the marks without motion, and flashing
    page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    open_table(page, site, GAMES[game], pace="slow")
    rng = random.Random(7)
    marked = False
    for _ in range(40):
        assert settle(page) == "human"
        since = click_an_option(page, rng)
        page.wait_for_function(AFTER_MOVE, timeout=120_000)
        if page.evaluate(AFTER_MOVE) == "marked" and not marked:
            marked = True
            # mid-turn: the human's move and the bot's steps so far, the last step marked on the board
            summary_matches_the_log(page, since)
            changed = page.locator("[data-testid=board] .changed").first
            assert changed.evaluate("e => getComputedStyle(e).outlineStyle") == "solid"
            animation = changed.evaluate("e => getComputedStyle(e).animationName")
            assert animation == ("none" if reduced else "changed-flash")
            screenshot(page, f"turn-summary-{game}-mid-turn-{width}x{height}")
            # the rest of the bot's turn without waiting: Skip, or (on the phone) a tap on the board
            if reduced:
                tap_the_board(page)
            else:
                page.click("[data-testid=skip]")
            assert page.evaluate("() => window.brewhouse.table.skipping || window.brewhouse.table.waiting !== 'bot'")
        assert settle(page) == "human"
        events = logged_after(page, since)
        if any(e["player"] == 1 for e in events) and marked:
            break
    else:
        raise AssertionError("no bot step was seen")
    assert page.locator("[data-testid=skip]").is_hidden()

    # the marks are the bot's changes, never the human's options drawn anew
    board = "[data-testid=board]"
    assert page.locator(f"{board} .changed [data-move], {board} [data-move] .changed, {board} .changed[data-move]").count() == 0
    # back to the human: everything since their move, their own move first, then the bot's steps
    events = summary_matches_the_log(page, since)
    assert [e["player"] for e in events if e["player"] is not None][0] == 0 and any(e["player"] == 1 for e in events)
    assert "Bot 2" in page.inner_text("[data-testid=turn-summary]")
    before = page.inner_text("[data-testid=turn-summary]")
    # it stays while the human looks around (the log opened and closed)
    page.click("[data-testid=log-toggle]")
    page.locator("[data-testid=log-list] li").first.wait_for()
    page.click("[data-testid=log] .panel-head button")  # (on a phone the drawer covers the toolbar)
    assert page.inner_text("[data-testid=turn-summary]") == before

    # the human acts: the summary starts over from that move
    since = click_an_option(page, rng)
    settle(page)
    summary_matches_the_log(page, since)
    assert page.inner_text("[data-testid=turn-summary]") != before
    screenshot(page, f"turn-summary-{game}-after-{width}x{height}")
    if game == "seize":  # its steps with a number ("activates +3 milk") were drawn, their numbers clear of the words
        assert page.counted_icons > 0
    assert page.problems == []


def test_in_hot_seat_each_human_sees_what_came_after_their_own_move(page, site):
    """Two humans on one device: at each decision the summary starts at that human's
    own last move, as the log shows it to them (the log hides another's private cards)."""
    open_table(page, site, "?game=seize&seats=human,human&seed=7")
    rng = random.Random(3)
    last = {0: 0, 1: 0}  # a new game: everything from its start
    for _ in range(24):
        if settle(page) == "privacy":
            page.click("[data-testid=privacy-ready]")
            assert settle(page) == "human"
        viewer = page.evaluate("() => window.brewhouse.table.viewer")
        events = logged_after(page, last[viewer])
        if events:
            summary_matches_the_log(page, last[viewer])
        else:
            assert page.locator(SUMMARY).count() == 0
        last[viewer] = click_an_option(page, rng)
    assert last[0] and last[1]
    assert page.problems == []


#: records, in the page, each move the table played by itself for the human (the API's
#: ``auto_move``) and whether it revealed something (a move that reveals clears Undo)
RECORD_AUTO = """() => {
    const table = window.brewhouse.table;
    window.autoPlayed = [];
    const apply = table.apply.bind(table);
    table.apply = async (move, player) => {
        const auto = table.waiting !== 'human' && move === table.status.auto_move;
        await apply(move, player);
        if (auto) window.autoPlayed.push({ move, ply: table.status.ply, revealed: !table.status.can_undo });
    }; }"""


def test_a_forced_move_that_reveals_plays_itself_into_the_summary(page, site):
    """Solo Seize the Bean: an icon activation with one option that draws (until now left
    to a click) plays itself, and its events are in the summary and the log the human reads
    at their next decision, after their own move."""
    open_table(page, site, "?game=seize&seats=human,starbots-3&seed=1")
    assert settle(page) == "human"
    page.evaluate(RECORD_AUTO)
    rng = random.Random(1)
    for _ in range(60):
        assert settle(page) == "human"
        since = click_an_option(page, rng)
        assert settle(page) == "human"
        own = page.evaluate("(since) => window.autoPlayed.filter((a) => a.ply > since && a.revealed)", since)
        if own:
            break
    else:
        raise AssertionError("no forced revealing move met")
    events = summary_matches_the_log(page, since)
    assert {a["ply"] for a in own} <= {e["ply"] for e in events}
    page.click("[data-testid=log-toggle]")
    page.locator("[data-testid=log-list] li").first.wait_for()
    assert page.locator("[data-testid=log-list] li").count() >= len(events)
    assert page.problems == []
