"""Café in a real browser: complete games played through the page.

Human seats choose random legal options among the visible [data-move]
elements (cards in the draft row, the placement preview and its buttons,
the chips on the squares, the warehouse…); bots play in the engine worker.
Placements are chosen with the rotate and arrow buttons, as a player would.
"""
from __future__ import annotations

import random
import re
import time

from conftest import STATUS, choose_language, legal_ids, message_forms, open_table, play_through, rendered_ids, screenshot as full_screenshot, settle

RANKS = {"mediocre", "average", "good", "very good", "excellent", "exceptional"}


def screenshot(page, name: str) -> None:
    """A full-page picture from the top (the sticky decision banner then sits where it belongs)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    full_screenshot(page, name)


def play_one(page, rng: random.Random, check_legal: bool = False) -> str:
    """One human decision: a random visible legal option (placements via the preview tools)."""
    if check_legal:  # every legal option is in the page, and nothing else
        assert rendered_ids(page) == set(legal_ids(page))
    if page.get_attribute(STATUS, "data-phase") == "place" and page.locator("[data-testid=place-bar]").count():
        bar = page.locator("[data-testid=place-bar]")
        for _ in range(rng.randrange(4)):
            buttons = bar.locator("button:not([data-move]):not([disabled])")
            buttons.nth(rng.randrange(buttons.count())).click()
        target = page.locator("[data-testid=place-confirm]") if rng.random() < .5 else page.locator(".sq.preview").first
        move = target.get_attribute("data-move")
        assert move in legal_ids(page)
        target.click()
        return move
    options = page.locator("[data-move]:visible")
    n = options.count()
    assert n > 0, "a human decision without any visible option"
    pick = options.nth(rng.randrange(n))
    move = pick.get_attribute("data-move")
    pick.click()
    return move


def play_to_end(page, rng: random.Random, check_first: int = 0, max_moves: int = 3000, on_move=None) -> int:
    """Random human decisions to the game's end (the first ``check_first`` checked
    against the legal moves); ``on_move(page, n)`` may play a decision itself
    (and return True).  Returns the number of human decisions."""
    def decide(page, n):
        if on_move and on_move(page, n):
            return  # the hook played (and maybe took back) a move itself
        play_one(page, rng, check_legal=n < check_first)

    return play_through(page, decide, max_steps=max_moves)["human_moves"]


def check_game_over(page, players: int) -> None:
    assert page.locator("[data-testid=game-over]").is_visible()
    assert page.get_attribute(STATUS, "data-phase") == "over"
    table = page.locator("[data-testid=score-table]")
    assert table.locator("thead th").count() == players + 1
    assert table.locator("tbody tr").count() == 5  # cafés, warehouse, total, two tie-breaks
    outcome = page.evaluate("() => window.brewhouse.table.status.outcome")
    totals = page.locator("[data-testid=score-total] td")
    assert [totals.nth(p).inner_text().strip() for p in range(players)] == [str(s) for s in outcome["scores"]]
    if players > 1:
        winner = page.inner_text("[data-testid=winner]")
        assert winner.startswith("Winner") or winner.startswith("Shared")
    else:  # alone, nobody wins: the solo scale says how it went
        assert page.locator("[data-testid=winner]").count() == 0
    assert page.locator("[data-move]").count() == 0


def test_human_against_a_bot_plays_a_complete_game(page, site):
    started = time.time()
    open_table(page, site, "?game=cafe&seats=human,random&seed=7")
    assert settle(page) == "human"
    assert page.locator("[data-testid=draft-row]").is_visible()
    screenshot(page, "cafe-draft-1280x800")
    shots = set()

    def on_move(page, i):
        phase = page.get_attribute(STATUS, "data-phase")
        rnd = page.evaluate("() => window.brewhouse.table.view.round")
        if phase not in shots and rnd >= 3:
            shots.add(phase)
            screenshot(page, f"cafe-{phase}-1280x800")
        if phase == "place" and "keys" not in shots and page.locator("[data-testid=place-bar]").count():
            # the keyboard alone moves, turns and lays the card: R turns, arrows move
            shots.add("keys")
            grid = page.locator("[data-ui=place-grid]")
            grid.focus()
            before = page.inner_text("[data-testid=place-bar]")
            grid.press("r")
            assert page.inner_text("[data-testid=place-bar]") != before or page.locator(".place-bar [data-ui=rot1][disabled]").count()
            assert page.evaluate("() => document.activeElement.dataset.ui") == "place-grid"
            grid.press("ArrowLeft")
            assert page.locator("[data-testid=place-confirm]").get_attribute("data-move") in legal_ids(page)
        if phase == "place" and rnd == 5 and "mobile" not in shots:
            shots.add("mobile")
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(100)
            screenshot(page, "cafe-place-390x844")
            page.set_viewport_size({"width": 1280, "height": 800})
        if phase == "actions" and rnd == 6 and "mobile-actions" not in shots:
            shots.add("mobile-actions")
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(100)
            screenshot(page, "cafe-actions-390x844")
            page.set_viewport_size({"width": 1280, "height": 800})

    moves = play_to_end(page, random.Random(7), check_first=30, on_move=on_move)
    check_game_over(page, 2)
    screenshot(page, "cafe-game-over-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "cafe-game-over-390x844")
    records = page.evaluate("() => window.brewhouse.saves.list()")
    assert records[0]["status"] == "finished" and records[0]["game"] == "cafe"
    assert page.problems == []
    print(f"human vs bot: {moves} human moves in {time.time() - started:.1f} s")


def check_undo(page, rng: random.Random) -> bool:
    """Play one move, take it back: the view and the board are exactly as before."""
    before_view = page.evaluate("() => JSON.stringify(window.brewhouse.table.view)")
    before_board = page.inner_text("[data-testid=board]")
    ply = page.get_attribute(STATUS, "data-ply")
    play_one(page, rng)
    if settle(page) != "human":
        return False
    assert page.get_attribute(STATUS, "data-ply") != ply
    if not page.is_enabled("[data-testid=undo]"):
        return False  # the move drew cards (a new round): no undo past a reveal
    page.click("[data-testid=undo]")
    page.wait_for_selector(f"{STATUS}[data-waiting=human][data-ply='{ply}']")
    assert page.evaluate("() => JSON.stringify(window.brewhouse.table.view)") == before_view
    if page.get_attribute(STATUS, "data-phase") != "place":  # (a placement keeps the spot last previewed)
        assert page.inner_text("[data-testid=board]") == before_board
    return True


def test_solo_game_with_undo_ends_on_the_score_scale(page, site):
    started = time.time()
    open_table(page, site, "?game=cafe&seats=human&seed=3")
    undone = []
    rng = random.Random(3)

    def on_move(page, i):
        if len(undone) < 3 and page.get_attribute(STATUS, "data-phase") in {"actions", "place"} \
                and page.is_enabled("[data-testid=undo]"):
            if check_undo(page, rng):
                undone.append(i)
            return True
        return False

    moves = play_to_end(page, rng, on_move=on_move)
    assert len(undone) == 3
    check_game_over(page, 1)
    assert "Game over: " in page.inner_text("[data-testid=recent]")
    assert "Winner" not in page.inner_text("[data-testid=game-over]") + page.inner_text("[data-testid=recent]")
    rank = page.locator("[data-testid=solo-rank]")
    assert rank.is_visible()
    outcome = page.evaluate("() => window.brewhouse.table.status.outcome")
    label = rank.inner_text()
    assert label.startswith(f"{outcome['scores'][0]} VP: ")
    assert label.split(": ", 1)[1] in RANKS
    assert rank.get_attribute("data-rank") == outcome["breakdown"][0]["rank"]
    screenshot(page, "cafe-solo-over-1280x800")
    # the same label in French
    choose_language(page, "fr")
    assert page.locator("[data-testid=solo-rank]").inner_text().split(" : ", 1)[1] in {
        "médiocre", "moyen", "bon", "très bon", "excellent", "exceptionnel"}
    assert page.problems == []
    print(f"solo: {moves} moves in {time.time() - started:.1f} s")


def test_auction_raise_says_what_it_costs(page, site):
    """A raise of your own bid shows the cubes it adds, as the engine counts them (rules edition 2)."""
    open_table(page, site, "?game=cafe&seats=human,human&seed=5&auction=1")
    panel = page.locator("[data-testid=auction]")

    def bid_and_pay(bid: str) -> None:
        while settle(page) == "privacy":
            page.click("[data-testid=privacy-ready]")
        panel.locator(f"[data-move='{bid}']").click()
        while settle(page) == "human" and page.locator("[data-testid=auction] [data-move^='pay:']").count():
            panel.locator("[data-move^='pay:']").first.click()

    bid_and_pay("bid:1")
    bid_and_pay("bid:1")  # the second player equals: the first may raise
    while settle(page) == "privacy":
        page.click("[data-testid=privacy-ready]")
    assert panel.locator("[data-move='bid:2']").inner_text().strip() == "Raise to 2 (pay 1 more)"
    assert page.inner_text("[data-testid=auction-offers]").strip() == "Cubes offered so far: Player 1: 1 · Player 2: 1"
    assert "raising it costs only the cubes you add" in page.inner_text("[data-testid=decision]")
    screenshot(page, "cafe-auction-raise-1280x800")
    # the same offer in German and in Japanese
    choose_language(page, "de")
    assert panel.locator("[data-move='bid:2']").inner_text().strip() == "Auf 2 erhöhen (1 mehr zahlen)"
    assert page.inner_text("[data-testid=auction-offers]").strip() == "Bisher gebotene Würfel: Spieler 1: 1 · Spieler 2: 1"
    screenshot(page, "cafe-auction-raise-de-1280x800")
    choose_language(page, "ja")
    assert panel.locator("[data-move='bid:2']").inner_text().strip() == "2に上げる（追加で1個支払う）"
    assert page.inner_text("[data-testid=auction-offers]").strip() == "これまでの入札キューブ：プレイヤー1：1 · プレイヤー2：1"
    screenshot(page, "cafe-auction-raise-ja-1280x800")
    choose_language(page, "en")
    panel.locator("[data-move='bid:2']").click()
    settle(page)
    assert "Paying a bid of 2: 1 cube still to pay" in panel.inner_text()
    choose_language(page, "de")
    assert "Gebot von 2 wird bezahlt: noch 1 Würfel zu zahlen" in panel.inner_text()
    page.click("[data-testid=log-toggle]")
    log = page.inner_text("[data-testid=log-list]")
    assert "Spieler 2 bietet 1." in log and "Spieler 1 erhöht auf 2 (1 Würfel mehr)." in log, log
    assert page.problems == []


def test_auction_variant_first_rounds(page, site):
    open_table(page, site, "?game=cafe&seats=human,random&seed=5&auction=1")
    rng = random.Random(5)
    seen = set()
    for _ in range(300):
        if settle(page) == "over" or page.evaluate("() => window.brewhouse.table.view.round") >= 2:
            break
        seen.add(page.get_attribute(STATUS, "data-phase"))
        if page.get_attribute(STATUS, "data-phase") == "auction" and "shot" not in seen:
            seen.add("shot")
            assert page.locator("[data-testid=auction]").is_visible()
            screenshot(page, "cafe-auction-1280x800")
        play_one(page, rng, check_legal=True)
    assert {"auction", "draft", "place", "actions"} <= seen
    # in French, no English string of the Café table is left (board, banner, log, help)
    catalogues = page.evaluate("""async () => ({
        en: (await import('./js/i18n/en.js')).default, fr: (await import('./js/i18n/fr.js')).default })""")
    english = [part for key, message in catalogues["en"].items() if catalogues["fr"].get(key) != message
               for text in message_forms(message)
               for part in (p.strip(" .,:;()—-·") for p in re.split(r"\{\w+\}", text)) if len(part) >= 9]
    choose_language(page, "fr")
    page.click("[data-testid=log-toggle]")
    page.locator("[data-testid=log-list] li").first.wait_for()
    page.click("[data-testid=help-toggle]")
    page.locator("[data-testid=glossary]").wait_for()
    text = page.inner_text("body")
    assert sorted({s for s in english if s in text}) == []
    screenshot(page, "cafe-fr-1280x800")
    assert page.problems == []
