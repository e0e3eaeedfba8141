"""The three tables on a phone (390×844) and a desktop (1440×900).

On a phone the sticky decision banner takes at most a quarter of the screen
(its first options and a "more" toggle, never a small scrolling box) and folds
to one line once the page scrolls down; every seat's area is a player panel
and only the viewer's own panel carries legal options; Coffee Rush's board
labels never cover the ingredient they label; the Seize the Bean player sees
their own Line during Service without scrolling.
"""
from __future__ import annotations

import random

import pytest

from conftest import ARTIFACTS, STATUS, open_table, screenshot, settle

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
GAMES = {
    "seize": "?game=seize&seats=human,easy&seed=7",
    "cafe": "?game=cafe&seats=human,easy&seed=3",
    "rush": "?game=rush&seats=human,easy&seed=7",
}
DECISION = "[data-testid=decision]"
VIEWER = 0  # the human seat of every table here


def screen(page, name: str) -> None:
    """What the player sees without scrolling (the full page is in ``screenshot``)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def phase(page) -> str:
    return page.get_attribute(STATUS, "data-phase")


def play_random(page, rng: random.Random, may_end: bool = False) -> str:
    """One random legal option, clicked wherever it is drawn (banner or board), then wait.

    The bot's moves depend on its clock, so how far a game gets in a number of
    moves varies: ``may_end`` accepts a move that ends the game.
    """
    ids = sorted(set(page.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)")))
    assert ids, "a human decision without any option"
    move = rng.choice(ids)
    page.evaluate("(id) => [...document.querySelectorAll('[data-move]')].find(e => e.dataset.move === id).click()", move)
    state = settle(page)
    assert state == "human" or (may_end and state == "over"), state
    return state


def decision_height(page) -> float:
    return page.eval_on_selector(DECISION, "el => el.getBoundingClientRect().height")


def check_compact_decision(page) -> None:
    height = decision_height(page)
    assert height <= PHONE["height"] / 4, f"{phase(page)}: the decision banner is {height:.0f}px high"
    # no option list scrolls inside its own box
    scrolls = page.eval_on_selector(f"{DECISION} .options", "el => el.scrollHeight - el.clientHeight") if page.locator(f"{DECISION} .options").count() else 0
    assert scrolls <= 1, f"{phase(page)}: the options scroll inside the banner"


def check_player_panels(page, seats: int) -> None:
    panels = page.eval_on_selector_all("[data-testid=player-panel]", "els => els.map(e => [e.dataset.player, e.querySelectorAll('[data-move]').length])")
    assert sorted(int(p) for p, _ in panels) == list(range(seats)), panels
    for player, moves in panels:
        if int(player) != VIEWER:
            assert moves == 0, f"{phase(page)}: seat {player}'s panel carries {moves} options"
    assert page.locator("[data-move]").count() > 0


def check_collapses_when_scrolled(page) -> None:
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_selector(f"{DECISION}.collapsed")
    screen(page, f"phone-{page.get_attribute('[data-testid=table]', 'data-game')}-folded-390x844")
    folded = decision_height(page)
    assert folded <= 48, f"the folded banner is {folded:.0f}px high"
    assert page.locator(f"{DECISION} [data-move]:visible").count() == 0
    page.click(f"{DECISION} .decision-who")  # a tap opens it where the reader is
    page.wait_for_selector(f"{DECISION}:not(.collapsed)")
    # the options it lists show again (a decision taken on the board lists none, and says where)
    listed = page.locator(f"{DECISION} [data-move]:not([hidden])").count()
    assert page.locator(f"{DECISION} [data-move]:visible").count() == min(listed, 3 if listed > 4 else listed)
    assert page.locator(f"{DECISION} .decision-why").is_visible() or listed > 0
    assert decision_height(page) <= PHONE["height"] / 4
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function("() => !document.querySelector('[data-testid=decision]').classList.contains('collapsed')")


def check_more_toggle(page) -> None:
    """Many options: the first ones and a toggle; the toggle shows them all, none in a scrolling box."""
    listed = page.locator(f"{DECISION} [data-move]:not([hidden])").count()
    more = page.locator("[data-testid=options-more]")
    assert more.is_visible()
    assert page.locator(f"{DECISION} [data-move]:visible").count() == 3
    assert str(listed - 3) in more.inner_text()
    more.click()
    assert page.locator(f"{DECISION} [data-move]:visible").count() == listed
    screen(page, f"phone-{page.get_attribute('[data-testid=table]', 'data-game')}-all-options-390x844")
    assert page.eval_on_selector(f"{DECISION} .options", "el => el.scrollHeight - el.clientHeight") <= 1
    more.click()
    assert page.locator(f"{DECISION} [data-move]:visible").count() == 3


def check_rush_labels(page) -> None:
    """No option label on the 4×4 board covers the ingredient icon or name of its square."""
    overlaps = page.evaluate("""() => {
        const r = (el) => el.getBoundingClientRect();
        const cross = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        const out = [];
        for (const sq of document.querySelectorAll('[data-testid=rush-board] .sq')) {
          const named = [...sq.querySelectorAll('.sq-name, .sq-ic')].filter((e) => e.offsetParent);
          for (const label of sq.querySelectorAll('.gain, .trail')) {
            for (const n of named) if (cross(r(label), r(n))) out.push(sq.dataset.square + ': ' + label.textContent + ' over ' + (n.textContent || 'icon'));
          }
        }
        return out; }""")
    assert not overlaps, overlaps
    assert page.locator("[data-testid=rush-board] .gain").count() > 0


@pytest.mark.parametrize("game", list(GAMES))
def test_phone_decision_banner_and_player_panels(page, site, game):
    page.set_viewport_size(PHONE)
    open_table(page, site, GAMES[game])
    assert settle(page) == "human"
    seats = len(page.evaluate("() => window.brewhouse.table.seats"))
    rng = random.Random(11)
    seen, collapsed, toggled = set(), False, False
    for _ in range(60):
        check_compact_decision(page)
        check_player_panels(page, seats)
        now = phase(page)
        if now not in seen:
            seen.add(now)
            screen(page, f"phone-{game}-{now}-390x844")
        if not collapsed and page.evaluate("() => document.documentElement.scrollHeight > innerHeight * 1.5"):
            check_collapses_when_scrolled(page)
            collapsed = True
        if not toggled and page.locator("[data-testid=options-more]").count():
            check_more_toggle(page)
            toggled = True
        if game == "cafe" and now == "place":
            # the board's preview reaches every placement: the banner lists none of them
            assert page.locator(f"{DECISION} [data-move^='place:r']:visible").count() == 0
            assert page.locator("[data-testid=board] [data-move^='place:r']:visible").count() > 0
        if game == "rush" and now in ("place_meeple", "move"):
            check_rush_labels(page)
        if game == "rush" and now == "move":
            page.evaluate("() => window.scrollTo(0, 0)")
            screen(page, f"phone-{game}-move-390x844")
            break
        if game != "rush" and len(seen) >= 3 and collapsed:
            break
        play_random(page, rng)
    assert collapsed, "the page never grew long enough to scroll"
    if game == "rush":
        assert {"place_meeple", "move"} <= seen and toggled, seen

    page.set_viewport_size(DESKTOP)
    page.evaluate("() => window.scrollTo(0, 0)")
    check_player_panels(page, seats)
    if game == "rush":
        check_rush_labels(page)
    screen(page, f"desktop-{game}-1440x900")
    screenshot(page, f"desktop-{game}-full-1440x900")
    if play_random(page, rng, may_end=True) == "human":
        check_player_panels(page, seats)
    assert not page.problems, page.problems


def test_a_banner_of_long_labels_still_keeps_to_a_quarter_of_a_phone(page, site):
    """Four options of four lines each (a long German card name): the reason keeps to one line, then the words shrink."""
    page.set_viewport_size(PHONE)
    open_table(page, site, GAMES["seize"])
    assert settle(page) == "human"
    long = "Aktiviere Kundenverfolgung der Whiteboard-Wand im Hinterzimmer des Cafés"
    page.evaluate("""(words) => {
        const box = document.querySelector('[data-testid=decision]');
        box.querySelector('.decision-why').textContent = words + ' ' + words;
        for (const label of box.querySelectorAll('.option-label')) label.textContent = words;
        window.brewhouse.table.fitDecision(); }""", long)
    assert decision_height(page) <= PHONE["height"] / 4, f"the decision banner is {decision_height(page):.0f}px high"
    assert "tight" in page.get_attribute(DECISION, "class")
    screen(page, "phone-seize-long-labels-390x844")
    page.set_viewport_size(DESKTOP)  # a wider screen has room: nothing shrinks there
    page.evaluate("() => window.brewhouse.table.fitDecision()")
    assert "tight" not in page.get_attribute(DECISION, "class").split()
    assert not page.problems, page.problems


def test_seize_line_in_sight_during_service_on_a_desktop(page, site):
    page.set_viewport_size(DESKTOP)
    open_table(page, site, GAMES["seize"])
    assert settle(page) == "human"
    rng = random.Random(3)
    for _ in range(80):
        if phase(page) == "service":
            break
        play_random(page, rng)
    assert phase(page) == "service"
    page.evaluate("() => window.scrollTo(0, 0)")
    line = page.locator(f"[data-testid=player-panel][data-player='{VIEWER}'] .line")
    box = line.bounding_box()
    first = line.locator(".line-entry").first.bounding_box()
    banner = page.locator(DECISION).bounding_box()
    assert box["y"] >= banner["y"] + banner["height"] - 1, "the Line is under the decision banner"
    assert first["y"] + first["height"] <= DESKTOP["height"], f"the Line's first customer ends at {first['y'] + first['height']:.0f}px"
    screen(page, "desktop-seize-service-1440x900")
    assert not page.problems, page.problems


def test_whats_new_reads_on_a_phone_away_from_the_edges(page, site):
    """The What's new page (the update banner's link): on a phone its text keeps a margin from both
    edges and never scrolls sideways; on a desktop it is a readable column, centred."""
    page.set_viewport_size(PHONE)
    page.goto(site + "changes.html")
    box = page.locator("[data-testid=changes] h1").bounding_box()
    items = page.locator("[data-testid=changes] li")
    assert items.count() > 0
    first = items.first.bounding_box()
    assert box["x"] >= 12 and first["x"] >= 12 and first["x"] + first["width"] <= PHONE["width"] - 12
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screen(page, "whats-new-390x844")
    page.set_viewport_size(DESKTOP)
    column = page.locator("[data-testid=changes]").bounding_box()
    assert column["width"] < DESKTOP["width"] * 0.6
    assert abs(column["x"] - (DESKTOP["width"] - column["x"] - column["width"])) <= 2  # centred
