"""What the Seize the Bean browser tests share: opening the setup screen, choosing seats, reading
the table's state and the decision box's words, clicking a move and taking screenshots."""
from __future__ import annotations

import re

from conftest import ARTIFACTS, open_table

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}


def open_setup(page, site: str, box: str = "districts"):
    """The Seize setup screen on a desktop, once its ``box`` fieldset is drawn."""
    page.set_viewport_size(DESKTOP)
    open_table(page, site, "?game=seize")
    setup = page.locator("[data-testid=setup]")
    setup.wait_for()
    page.locator(f"[data-testid={box}]").wait_for()
    return setup


def set_seats(page, seats: list[str]) -> None:
    """The multi-player seats: as many as listed, each human or a bot level."""
    while page.locator("[data-testid^=seat-]").count() < len(seats):
        page.click("[data-testid=add-seat]")
    for i, seat in enumerate(seats):
        page.select_option(f"[data-testid=seat-{i}]", seat)


def table(page, expr: str):
    """A value of the page's table controller, e.g. ``table(page, "status.config")``."""
    return page.evaluate(f"() => window.brewhouse.table.{expr}")


def decision_words(page) -> dict:
    """The decision box as the player reads it: heading, reason and each option's words."""
    return page.evaluate("""() => {
        const box = document.querySelector('[data-testid=decision]');
        return { kind: window.brewhouse.table.view.decision?.kind ?? null,
                 player: window.brewhouse.table.view.decision?.player ?? null,
                 what: box.querySelector('.decision-who').innerText, why: box.querySelector('.decision-why')?.innerText ?? '',
                 options: [...box.querySelectorAll('[data-move]')].map((b) => ({ id: b.dataset.move, text: b.innerText.trim(),
                   label: b.querySelector('.option-text')?.innerText ?? '' })) }; }""")


def assert_worded(d: dict, raw: re.Pattern) -> None:
    """Every text of decision ``d`` is present and shows nothing ``raw`` matches (ids, keys, gaps)."""
    for text in [d["what"], d["why"], *(o["label"] or o["text"] for o in d["options"])]:
        assert text and not raw.search(text), (d["kind"], text)


def click_move(page, mid: str) -> None:
    page.click(f"[data-testid=decision] [data-move='{mid}']", force=True)


def shot(page, name: str, phone: bool = False, focus: str | None = None) -> None:
    """A screenshot at 1440×900 (and at phone size: the decision, then ``focus`` scrolled into
    view), the page left at desktop size."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-1440x900.png"))
    if phone:
        page.set_viewport_size(PHONE)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS / f"{name}-phone.png"))
        if focus and page.locator(focus).count():
            page.locator(focus).first.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"{name}-phone-board.png"))
        page.set_viewport_size(DESKTOP)
        page.evaluate("() => window.scrollTo(0, 0)")
