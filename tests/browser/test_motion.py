"""Pieces that travel, a card zoom that opens only when asked, a banner that keeps the board in sight.

A card taken from the Café draft row slides from the row into the hand (the
real element, FLIP-style transforms, table/motion.js), a cube produced from the
supply onto its square, at the chosen pace; not under ``prefers-reduced-motion``.  The hover zoom opens only on a pointer moved
onto a card (a card redrawn under a still pointer opened by itself after a
click) and never over the final scores.  On a wide screen the decision banner,
once stuck at the top, keeps to one line.
"""
from __future__ import annotations

from conftest import ARTIFACTS, open_table, settle

ZOOM = "[data-testid=card-zoom]"
PHONE = {"width": 390, "height": 844}

#: the travelling animations on the page: [piece, first keyframe's transform, duration]
FLIGHTS = """() => document.getAnimations().filter(a => a.id === 'travel')
    .map(a => [a.effect.target.dataset.card ?? a.effect.target.dataset.piece, a.effect.getKeyframes()[0].transform])"""
#: any animation moving something (a spinner turning aside)
TRANSFORMS = """() => document.getAnimations().filter(a => !a.effect.target.closest('.spinner')
    && a.effect.getKeyframes().some(k => k.transform && k.transform !== 'none')).length"""
#: an element's rect relative to the board, as [left, top, width, height]
ON_BOARD = """e => { const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
    const r = e.getBoundingClientRect(); return [r.left - b.left, r.top - b.top, r.width, r.height]; }"""


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_a_taken_card_and_a_produced_cube_travel_but_not_under_reduced_motion(page, site):
    page.set_viewport_size(PHONE)
    open_table(page, site, "?game=cafe&seats=human,easy&seed=3", pace="normal")
    assert settle(page) == "human"
    take = page.evaluate("() => window.brewhouse.table.moves.find(m => m.payload.kind === 'take').id")
    card = page.evaluate("id => window.brewhouse.table.moves.find(m => m.id === id).payload.card", take)
    old = page.locator(f".draft [data-card='{card}']").evaluate(ON_BOARD)
    page.locator(f"[data-move='{take}']:visible").first.click()
    # the card drawn in the hand starts where the row's card was: its first frame is the old rect
    # (read as the flight starts: the hand may be drawn again once it has landed)
    now = page.wait_for_function("""card => {
        const e = document.querySelector(`.hand [data-card='${card}'][data-travel]`);
        const a = e?.getAnimations().find(a => a.id === 'travel');
        if (!a) return null;
        a.pause();
        a.currentTime = 0;
        const b = document.querySelector('[data-testid=board]').getBoundingClientRect(), r = e.getBoundingClientRect();
        a.currentTime = a.effect.getTiming().duration / 2;  // half way, for the picture
        e.scrollIntoView({ block: 'center' });
        return [r.left - b.left, r.top - b.top, r.width, r.height]; }""", arg=card, timeout=30_000, polling=10).json_value()
    assert abs((now[0] + now[2] / 2) - (old[0] + old[2] / 2)) < 4 and abs((now[1] + now[3] / 2) - (old[1] + old[3] / 2)) < 4, (now, old)
    shot(page, "motion-cafe-take-mid-390x844")
    page.evaluate("() => document.getAnimations().forEach(a => a.id === 'travel' && a.play())")
    assert settle(page) == "human"
    page.locator(f".hand [data-card='{card}']").evaluate("e => e.scrollIntoView({ block: 'center' })")
    page.wait_for_timeout(600)
    shot(page, "motion-cafe-take-after-390x844")

    # asked for less motion, the card placed next goes straight to its squares, nothing slides
    page.emulate_media(reduced_motion="reduce")
    place = page.locator("[data-testid=place-confirm]")
    (place if place.count() else page.locator(".board [data-move]:visible").first).click()
    for _ in range(20):
        assert page.evaluate(TRANSFORMS) == 0
        assert page.locator("[data-travel]").count() == 0
        page.wait_for_timeout(50)
    assert settle(page) == "human"

    # motion back: a cube produced comes from the supply (the bean counting them) onto its square
    page.emulate_media(reduced_motion="no-preference")
    produce = page.evaluate("() => window.brewhouse.table.moves.find(m => m.payload.kind === 'produce')")
    colour = produce["payload"]["cubes"][0]["colour"]
    supply = page.locator(f"[data-testid=cafe-info] [data-piece='cube-{colour}']")
    supply.evaluate("e => e.scrollIntoView({ block: 'center' })")
    old = supply.evaluate(ON_BOARD)
    page.locator(f"[data-move='{produce['id']}']:visible").first.click()
    now = page.wait_for_function("""colour => {
        const e = document.querySelector(`.area-grid [data-piece='cube-${colour}'][data-travel]`);
        const a = e?.getAnimations().find(a => a.id === 'travel');
        if (!a) return null;
        a.pause();
        a.currentTime = 0;
        const b = document.querySelector('[data-testid=board]').getBoundingClientRect(), r = e.getBoundingClientRect();
        a.currentTime = a.effect.getTiming().duration / 2;
        return [r.left - b.left, r.top - b.top, r.width, r.height]; }""", arg=colour, timeout=30_000, polling=10).json_value()
    assert abs((now[0] + now[2] / 2) - (old[0] + old[2] / 2)) < 4 and abs((now[1] + now[3] / 2) - (old[1] + old[3] / 2)) < 4, (now, old)
    page.evaluate("() => document.getAnimations().forEach(a => a.id === 'travel' && a.play())")
    assert settle(page) in ("human", "over")
    assert page.problems == []


def test_the_zoom_opens_on_a_pointed_card_not_on_one_redrawn_under_a_still_pointer(page, site):
    open_table(page, site, "?game=seize&seats=human,easy&seed=2")
    assert settle(page) == "human"
    card = page.locator(".city .card[data-zoom]").nth(1)
    card.scroll_into_view_if_needed()
    card.hover()
    page.locator(ZOOM).wait_for(state="visible", timeout=3000)
    page.mouse.down()  # a click closes it
    page.mouse.up()
    page.locator(ZOOM).wait_for(state="detached", timeout=3000)
    # the board is drawn again (as after a move): a new card element under the still pointer
    page.evaluate("() => window.brewhouse.table.renderView()")
    page.wait_for_timeout(1000)
    assert page.locator(ZOOM).count() == 0
    # the hand moves: now it is pointed at
    box = card.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2 + 3, box["y"] + box["height"] / 2 + 3)
    page.locator(ZOOM).wait_for(state="visible", timeout=3000)
    page.keyboard.press("Escape")

    # a wide screen's banner, stuck at the top, keeps to one line over the board
    full = page.locator("[data-testid=decision]").bounding_box()["height"]
    page.mouse.wheel(0, 900)
    page.wait_for_function("() => document.querySelector('[data-testid=decision]').classList.contains('compact')")
    stuck = page.locator("[data-testid=decision]").bounding_box()
    assert stuck["y"] <= 1 and stuck["height"] < 60 < full, (stuck, full)
    shot(page, "motion-seize-banner-stuck-1280x800")
    assert page.problems == []


def test_the_zoom_never_opens_over_the_final_scores(page, site):
    open_table(page, site, "?game=rush&seats=random,random&seed=7")
    assert settle(page) == "over"
    over = page.locator("[data-testid=game-over]")
    # most of the screen the final scores, a card of the board in sight below them
    page.evaluate("() => window.scrollBy(0, document.querySelector('[data-testid=game-over]').getBoundingClientRect().bottom - 380)")
    index = page.evaluate("""() => [...document.querySelectorAll('.board [data-zoom]')].findIndex(e => {
        const r = e.getBoundingClientRect(); return r.top > 390 && r.bottom < innerHeight - 5; })""")
    assert index >= 0, "no card in sight below the final scores"
    card = page.locator(".board [data-zoom]").nth(index)
    card.hover()
    page.wait_for_timeout(800)
    zoom = page.locator(f"{ZOOM} .zoom-card")
    if zoom.count():
        z, o = zoom.bounding_box(), over.bounding_box()
        assert z["y"] >= o["y"] + o["height"] - 1 or z["y"] + z["height"] <= o["y"], (z, o)
    shot(page, "motion-rush-over-zoom-1280x800")
    assert page.problems == []
