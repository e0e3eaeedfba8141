"""Seize the Bean's variants (booklet pp. 28-37) and solo scenarios (pp. 48-51) in a real browser:
the setup screen's Variants and Scenario choices and their greying, each scenario started from
the setup screen, two scenarios played to their end screens with the booklet's verdict, and a
hot-seat game with Sold Out!, Artisan mode, Diverse City and the Pastry figures reaching a Sold
Out! offer and a crafting decision, both in words."""
from __future__ import annotations

import random
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import legal_ids, open_table, settle
from seize_helpers import DESKTOP, click_move, decision_words, set_seats, shot, table
from seize_helpers import assert_worded as _assert_worded
from seize_helpers import open_setup as _open_setup

#: what an option or a heading must never show: a move id, a catalogue key, a missing value
RAW = re.compile(r"\b(?:craft|special|cup|mouth|sold_out|serve|pass|done):\S|seize\.|undefined|null|NaN|\{\w+\}|_[a-z]+_")



def open_setup(page, site: str):
    return _open_setup(page, site, box="variants")


def assert_worded(d: dict) -> None:
    _assert_worded(d, RAW)


SCENARIOS = {  # id: (district, first founder or None)
    "after_hours": ("friedrichshain_kreuzberg", None),
    "new_startup": ("kreuzkolln", "founder_ansgar_oberholz"),
    "wurfel_zucker": ("eilbek", None),
    "ao_amor": ("holzmarkt", "founder_adriano_rahde"),
    "cafe_da_nala": ("graefekiez", "founder_rodrigo_cunha"),
    "cafe_quorra": ("kovalsky", "founder_jazzbot"),
}









# ---- the setup screen --------------------------------------------------------------------------
def test_the_variants_are_greyed_out_with_the_booklets_reasons(page, site):
    open_setup(page, site)
    v = lambda name: page.locator(f"[data-testid=variant-{name}]")  # noqa: E731
    # Competitive Neighbour extends Sold Out!
    assert v("competitive_neighbour").is_disabled()
    assert "Sold Out!" in page.inner_text("[data-testid=variant-reason-competitive_neighbour]")
    page.check("[data-testid=variant-sold_out]")
    assert v("competitive_neighbour").is_enabled()
    # two special-token variants need the Pastry Pack figures
    page.check("[data-testid=variant-mouthwatering]")
    assert v("artisan").is_disabled() and v("diverse_city").is_disabled()
    assert "Pastries" in page.inner_text("[data-testid=variant-reason-artisan]")
    page.check("[data-testid=variant-pastries]")
    assert v("artisan").is_enabled()
    page.check("[data-testid=variant-artisan]")
    page.check("[data-testid=variant-daily_specials]")
    # Coffee Lovers says plainly what it is
    assert "cannot check" in page.inner_text("[data-variant=coffee_lovers]")
    page.locator("[data-testid=variants]").scroll_into_view_if_needed()
    shot(page, "seize-setup-variants", phone=True)
    # unticking Pastries leaves two token variants: the setup cannot start
    page.uncheck("[data-testid=variant-pastries]")
    assert page.locator("[data-testid=start]").is_disabled()
    assert "Pastries" in page.inner_text("[data-testid=setup-problem]")
    page.check("[data-testid=variant-pastries]")
    assert page.locator("[data-testid=start]").is_enabled()
    # five players: no Sold Out! nor Competitive Neighbour
    set_seats(page, ["human"] * 5)
    page.check("[data-testid=district-prenzlauer_berg]")
    assert v("sold_out").is_disabled() and not v("sold_out").is_checked()
    assert "5-6" in page.inner_text("[data-testid=variant-reason-sold_out]")
    # solo: neither, nor Daily Specials
    page.click("[data-testid=mode-solo]")
    for name in ("sold_out", "competitive_neighbour", "daily_specials"):
        assert v(name).is_disabled() and not v(name).is_checked(), name
        assert "solo" in page.inner_text(f"[data-testid=variant-reason-{name}]")
    assert v("artisan").is_checked()
    # a scenario sets the district, the variants and the rest: greyed out and said
    page.check("[data-testid=scenario-cafe_quorra]")
    assert v("artisan").is_disabled() and v("mouthwatering").is_disabled()
    assert v("artisan").is_checked() and not v("mouthwatering").is_checked()
    assert page.locator("[data-testid=district-kreuzberg]").is_disabled()
    assert "Café Quorra" in page.inner_text("[data-testid=districts] [data-testid=fixed-by-scenario]")
    text = page.inner_text("[data-scenario=cafe_quorra]")
    assert "Koval" in text and "hard" in text
    page.locator("[data-testid=scenarios]").scroll_into_view_if_needed()
    shot(page, "seize-setup-scenario", phone=True)
    page.check("[data-testid=scenario-none]")
    assert page.locator("[data-testid=district-kreuzberg]").is_enabled()
    assert page.problems == []


def test_a_multiplayer_setup_with_variants_reaches_the_engine_and_the_share_link(page, site):
    open_setup(page, site)
    for name in ("sold_out", "competitive_neighbour", "pastries", "artisan", "diverse_city", "coffee_lovers"):
        page.check(f"[data-testid=variant-{name}]")
    page.click("[data-testid=start]")
    if settle(page) == "privacy":
        page.click("[data-testid=privacy-ready]")
        settle(page)
    config = table(page, "status.config")
    assert config["variants"] == ["sold_out", "competitive_neighbour", "pastries", "artisan", "diverse_city", "coffee_lovers"]
    page.click("[data-testid=share]")
    link = page.input_value("[data-testid=share-link][data-kind=setup]")
    q = {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}
    assert q["variants"] == "sold_out,competitive_neighbour,pastries,artisan,diverse_city,coffee_lovers", q
    # Coffee Lovers: a note to the first player, dismissed with a click, nothing else
    note = page.locator("[data-testid=coffee-lovers]")
    if note.count():
        assert "espresso" in note.inner_text()
        page.click("[data-testid=coffee-lovers-dismiss]")
        assert page.locator("[data-testid=coffee-lovers]").count() == 0
    assert page.problems == []


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_each_solo_scenario_starts_from_the_setup_screen(page, site, sid):
    open_setup(page, site)
    page.click("[data-testid=mode-solo]")
    page.check(f"[data-testid=scenario-{sid}]")
    page.fill("[data-testid=seed]", "3")
    page.click("[data-testid=start]")
    settle(page)
    config = table(page, "status.config")
    district, founder = SCENARIOS[sid]
    assert config["scenario"] == sid and config["district"] == district, config
    view = table(page, "view")
    if founder:
        assert view["players"][0]["founder"]["id"] == founder
    status = page.locator("[data-testid=scenario-status]")
    assert status.count() == 1 and sid == status.get_attribute("data-scenario")
    assert not RAW.search(status.inner_text()), status.inner_text()
    # a save resumes with the scenario: its options say it
    assert table(page, "renderer.optionsFromConfig(window.brewhouse.table.status.config)")["scenario"] == sid
    assert page.problems == []


# ---- two scenarios to their end screens -----------------------------------------------------------
def play_solo(page, rng: random.Random, seen: dict) -> None:
    for _ in range(4000):
        waiting = settle(page)
        if waiting == "over":
            return
        assert waiting == "human", waiting
        d = decision_words(page)
        ids = legal_ids(page)
        if d["kind"] == "craft" and "craft" not in seen and any(i.startswith("craft:") for i in ids):
            seen["craft"] = d
            assert_worded(d)
        # craft sometimes, end the crafting phase often (so the game moves on)
        if d["kind"] == "craft" and "done" in ids and rng.random() < 0.5:
            click_move(page, "done")
            continue
        click_move(page, rng.choice(ids))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("sid", ["cafe_quorra", "new_startup"])
def test_a_solo_scenario_plays_to_its_end_screen_with_the_booklets_verdict(page, site, sid):
    page.set_viewport_size(DESKTOP)
    open_table(page, site, f"?game=seize&seats=human,starbots-1&seed=11&scenario={sid}")
    seen: dict = {}
    play_solo(page, random.Random(11), seen)
    if sid == "cafe_quorra":
        assert "craft" in seen  # Artisan mode's crafting phase, in words
    result = page.locator("[data-testid=scenario-result]")
    assert result.count() == 1
    verdict = table(page, "status.outcome.breakdown[0].scenario")
    assert result.get_attribute("data-won") == str(verdict["won"]).lower()
    text = result.inner_text()
    assert ("won" if verdict["won"] else "lost") in text
    assert len(page.locator("[data-testid=scenario-result] li").all()) == len(verdict["conditions"])
    assert not RAW.search(text), text
    page.locator("[data-testid=scenario-result]").scroll_into_view_if_needed()
    shot(page, f"seize-scenario-end-{sid}", phone=sid == "cafe_quorra")
    assert page.problems == []


# ---- a hot-seat game: a Sold Out! offer and a crafting decision ------------------------------------
def test_sold_out_offers_and_crafting_are_worded_in_a_hot_seat_game(page, site):
    page.set_viewport_size(DESKTOP)
    open_table(page, site, "?game=seize&seats=human,human&seed=4&variants=sold_out,pastries,artisan,diverse_city")
    rng = random.Random(4)
    seen: dict = {}
    privacy_notes = []
    for _ in range(3000):
        waiting = settle(page)
        if waiting == "over" or {"sold_out", "craft"} <= set(seen):
            break
        if waiting == "privacy":
            page.wait_for_timeout(50)
            note = page.locator("[data-testid=privacy-note]")
            if note.count():
                privacy_notes.append(note.inner_text())
            page.click("[data-testid=privacy-ready]")
            continue
        d = decision_words(page)
        ids = legal_ids(page)
        if d["kind"] == "sold_out" and "sold_out" not in seen:
            seen["sold_out"] = d
            assert_worded(d)
            view = table(page, "view")
            owner = table(page, f"seatName({view['decision']['owner']})")
            assert "Sold Out!" in d["what"] and owner in d["what"], d["what"]
            assert any(o["id"] == "pass" and o["label"].startswith("Pass: leave ") for o in d["options"])
            assert any(o["id"].startswith("serve:") and owner in o["label"] for o in d["options"])
            shot(page, "seize-sold-out-offer", phone=True)
        if d["kind"] == "craft" and "craft" not in seen and any(i.startswith("craft:") for i in ids):
            seen["craft"] = d
            assert_worded(d)
            assert any(o["label"].startswith("Craft ") and "pay" in o["label"] for o in d["options"])
            assert any(o["id"] == "done" and o["label"] == "Done crafting" for o in d["options"])
            assert page.locator("[data-testid=crafted]").count() == 2
            assert page.locator("[data-testid=diverse-marks]").count() == 1
            shot(page, "seize-crafting-decision", phone=True)
        if d["kind"] == "craft":
            crafts = [i for i in ids if i.startswith("craft:")]
            # craft often: crafted tokens make orders payable, so a Sold Out! offer can come
            click_move(page, rng.choice(crafts) if crafts and rng.random() < 0.7 else "done")
            continue
        serves = [i for i in ids if i.startswith("serve:") and i != "serve:main"]
        click_move(page, rng.choice(serves) if serves and rng.random() < 0.8 else rng.choice(ids))
    assert {"sold_out", "craft"} <= set(seen), set(seen)
    # the log words the variants' events
    page.click("[data-testid=log-toggle]")
    log = page.inner_text("[data-testid=log-list]")
    assert "Sold Out!" in log and "crafts" in log
    assert not re.search(r"\(\w+_\w+\)", log)
    assert page.problems == []


# ---- Mouthwatering, Daily Specials, Early Bird's cup choice and Competitive Neighbour ---------------
SCREENS_VARIANTS = ["sold_out", "competitive_neighbour", "pastries", "mouthwatering", "daily_specials"]


def screens_script(seed: int) -> tuple[list[str], dict[str, int]]:
    """Moves of a 2-player game with these variants that reach the four screens, found by the engine
    itself with a serving-minded random policy; the page then plays them by ply."""
    from brewhouse.core.registry import REGISTRY

    game = REGISTRY.get("seize")
    state = game.setup(game.normalize_config({"players": 2, "variants": SCREENS_VARIANTS}), seed)
    rng, script, seen = random.Random(seed), [], {}
    while len(seen) < 4 and len(script) < 600:
        moves = game.legal_moves(state)
        kinds = {m.payload.get("kind") for m in moves}
        if "mouthwatering" in kinds:
            seen.setdefault("mouthwatering", len(script))
        if "empty_cup" in kinds and len(moves) > 1:
            seen.setdefault("early_bird", len(script))
        serves = [m for m in moves if m.id.startswith("serve:") and m.id != "serve:main"]
        move = rng.choice(serves) if serves and rng.random() < 0.8 else rng.choice(moves)
        t = game.apply(state, move.id)
        state = t.state
        script.append(move.id)
        for e in t.events:
            if e.code == "seize.neighbour_take":
                seen.setdefault("neighbour", len(script))
            if e.code == "seize.special_full_cup":
                seen.setdefault("cups", len(script))
    assert len(seen) == 4, seen
    return script, seen


def test_mouthwatering_daily_specials_early_bird_and_competitive_neighbour_in_words(page, site):
    script, seen = screens_script(1)
    page.set_viewport_size(DESKTOP)
    open_table(page, site, "?game=seize&seats=human,human&seed=1&variants=" + ",".join(SCREENS_VARIANTS))
    settle(page)
    assert table(page, "status.config")["variants"] == SCREENS_VARIANTS
    shots = set()
    while True:
        waiting = settle(page)
        if waiting == "privacy":
            page.click("[data-testid=privacy-ready]")
            continue
        ply = table(page, "status.ply")
        if ply >= len(script):
            break
        assert waiting == "human", waiting
        if "cups" not in shots:  # the Daily Specials cups are on the table, each with its holders
            shots.add("cups")
            cups = page.locator("[data-testid=daily-specials]")
            assert cups.locator("li").count() >= 1
            assert not RAW.search(cups.inner_text()), cups.inner_text()
        d = decision_words(page)
        if d["kind"] == "mouthwatering" and "mouth" not in shots:
            shots.add("mouth")
            assert_worded(d)
            assert "Mouthwatering: take the " in d["what"], d["what"]
            assert any(o["id"].startswith("mouth:take:") for o in d["options"])
            assert any(o["id"] == "mouth:keep" for o in d["options"])
            shot(page, "seize-mouthwatering-choice", phone=True)
        if d["kind"] == "early_bird" and "early" not in shots:
            shots.add("early")
            assert_worded(d)
            assert d["what"].endswith("Early Bird: choose an empty cup"), d["what"]
            assert any(o["id"] == "cup:regular" for o in d["options"])
            assert any(o["id"].startswith("cup:") and o["id"] != "cup:regular" for o in d["options"])
            shot(page, "seize-early-bird-cups", phone=True)
        click_move(page, script[ply])
    assert shots == {"cups", "mouth", "early"}, (shots, seen)
    page.click("[data-testid=log-toggle]")
    log = page.inner_text("[data-testid=log-list]")
    assert "(Competitive Neighbour)" in log and "into their own discard pile" in log, log[-2000:]
    assert "receives the full cup of the" in log
    assert "Mouthwatering" in log and "(none)" not in log
    assert not re.search(r"\(\w+_\w+\)", log)
    shot(page, "seize-variant-screens-log")
    assert page.problems == []
