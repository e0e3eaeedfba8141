"""Coffee Rush in a real browser: complete games played through the page.

Human seats choose random legal options ([data-move], on the board or in the
decision banner); bots play in the engine worker.  Every game starts from the
URL form and ends on the game-over screen with the scoring breakdown.
"""
from __future__ import annotations

import random
import re
import time

from conftest import STATUS, legal_ids, open_table, play_through, rendered_ids, screenshot, settle

HUMAN_PHASES = {"opening", "place_meeple", "setup_cups", "upgrade", "move", "place", "send"}
#: an i18n key shown instead of its text (a missing translation)
RAW_KEY = re.compile(r"\brush\.[a-z_]+\.?[a-zA-Z_.]*")


def board_text(page) -> str:
    return page.inner_text("[data-testid=board]") + "\n" + page.inner_text("[data-testid=decision]")


def check_no_raw_keys(page) -> None:
    text = board_text(page) + page.inner_text("[data-testid=recent]")
    labels = " ".join(page.eval_on_selector_all("[data-testid=board] [aria-label], [data-testid=board] [title], [data-move]",
                                                "els => els.map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.title || ''))"))
    assert not RAW_KEY.search(text + " " + labels), RAW_KEY.search(text + " " + labels).group(0)


def check_options(page) -> None:
    """Every legal option is rendered (banner and/or board), nothing else, and each is a focusable button."""
    assert rendered_ids(page) == set(legal_ids(page))
    tags = set(page.eval_on_selector_all("[data-move]", "els => els.map(e => e.tagName + ':' + (e.getAttribute('aria-label') || e.textContent).trim().length)"))
    assert all(tag.startswith("BUTTON:") and not tag.endswith(":0") for tag in tags), tags


def click_random_option(page, rng: random.Random, check: bool = False) -> str:
    """A random legal option, nudged to send orders when a cup matches (random play rarely does)."""
    if check:
        check_options(page)
    sends = page.locator("[data-testid=board] [data-move^='send:']")
    puts = page.locator("[data-testid=board] [data-move^='put:']")
    if sends.count() and rng.random() < 0.9:
        options = sends
    elif puts.count() and rng.random() < 0.6:
        options = puts
    else:
        options = page.locator("[data-move]")
    n = options.count()
    assert n > 0, "a human decision without any option"
    pick = options.nth(rng.randrange(n))
    move = pick.get_attribute("data-move")
    pick.click()
    return move


def play_to_end(page, rng: random.Random, on_privacy=None, max_moves: int = 4000, check_every: int = 0) -> dict:
    phases: set[str] = set()

    def decide(page, n):
        phase = page.get_attribute(STATUS, "data-phase")
        assert phase in HUMAN_PHASES, phase
        phases.add(phase)
        click_random_option(page, rng, bool(check_every) and n % check_every == 0)

    return {**play_through(page, decide, on_privacy, max_moves), "phases": phases}


def check_game_over(page, players: int) -> None:
    assert page.locator("[data-testid=game-over]").is_visible()
    assert page.get_attribute(STATUS, "data-phase") == "over"
    table = page.locator("[data-testid=score-table]")
    assert table.locator("thead th").count() == players + 1
    rows = table.locator("tbody tr")
    assert rows.count() == 6  # sent, upgrades, penalties, total, two tie-breaks
    winner = page.inner_text("[data-testid=winner]")
    assert winner.startswith("Winner") or winner.startswith("Shared") or winner.startswith("Gagn") or winner.startswith("Victoire"), winner
    assert page.locator("[data-move]").count() == 0
    # the engine's own outcome is what the page shows
    outcome = page.evaluate("() => window.brewhouse.table.status.outcome")
    totals = [rows.nth(3).locator("td").nth(p).inner_text().strip() for p in range(players)]
    assert totals == [str(int(s)) for s in outcome["scores"]]
    sent = [rows.nth(4).locator("td").nth(p).inner_text().strip() for p in range(players)]
    assert sent == [str(b["sent"]) for b in outcome["breakdown"]]
    tokens = [rows.nth(5).locator("td").nth(p).inner_text().strip() for p in range(players)]
    assert tokens == [str(b["rush_tokens"]) for b in outcome["breakdown"]]


def wait_until_phase(page, rng: random.Random, phases: set[str], max_moves: int = 400) -> None:
    for _ in range(max_moves):
        assert settle(page) == "human"
        if page.get_attribute(STATUS, "data-phase") in phases:
            return
        click_random_option(page, rng)
    raise AssertionError(f"never reached {phases}")


def test_human_against_a_bot_plays_a_complete_game(page, site):
    started = time.time()
    open_table(page, site, "?game=rush&seats=human,random&seed=7")
    assert settle(page) == "human"
    assert page.get_attribute("[data-testid=table]", "data-game") == "rush"
    assert page.get_attribute(STATUS, "data-phase") == "place_meeple"
    assert page.get_attribute(STATUS, "data-active-player") == "0"
    # the board: 16 squares, 4 of them specialty squares, free squares offered for the meeple
    assert page.locator("[data-testid=rush-board] [data-square]").count() == 16
    assert page.locator("[data-testid=rush-board] .sq.specialty").count() == 4
    assert page.locator("[data-testid=rush-board] [data-move^='place:']").count() == len(legal_ids(page))
    assert page.locator("[data-testid=closed-token]").is_visible()
    check_options(page)
    check_no_raw_keys(page)
    screenshot(page, "rush-start-1280x800")

    # keyboard: a legal option is reachable with the keyboard and shows a visible focus
    first = page.locator("[data-testid=rush-board] [data-move]").first
    first.focus()
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none"), outline
    ply = page.get_attribute(STATUS, "data-ply")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{STATUS}:not([data-ply='{ply}'])")

    rng = random.Random(7)
    wait_until_phase(page, rng, {"move"})
    # the reachable squares carry the gain preview from the move payloads
    steps = page.locator("[data-testid=rush-board] [data-move^='step:']")
    assert steps.count() > 0
    assert "+" in steps.first.inner_text()
    check_options(page)
    screenshot(page, "rush-move-1280x800")

    # undo restores the previous view
    before_text = board_text(page)
    before_ply = page.get_attribute(STATUS, "data-ply")
    steps.first.click()
    assert settle(page) == "human"
    assert page.get_attribute(STATUS, "data-ply") != before_ply
    assert not page.locator("[data-testid=undo]").is_disabled()
    page.click("[data-testid=undo]")
    assert settle(page) == "human"
    page.wait_for_selector(f"{STATUS}[data-ply='{before_ply}']")
    assert board_text(page) == before_text

    # a few turns with full checks, a phone-sized look, then the rest of the game
    for i in range(24):
        if settle(page) == "over":
            break
        if i % 3 == 0:
            check_no_raw_keys(page)
        click_random_option(page, rng, check=True)
    wait_until_phase(page, rng, {"place", "move"})
    screenshot(page, "rush-midgame-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "rush-midgame-390x844")
    page.set_viewport_size({"width": 1280, "height": 800})
    stats = play_to_end(page, rng, check_every=15)
    assert {"move", "place"} <= stats["phases"]
    check_game_over(page, 2)
    screenshot(page, "rush-game-over-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "rush-game-over-390x844")
    records = page.evaluate("() => window.brewhouse.saves.list()")
    assert records[0]["status"] == "finished" and records[0]["game"] == "rush"
    assert page.problems == []
    print(f"rush human vs bot: {stats['human_moves']} human moves in {time.time() - started:.1f} s")


def test_undo_takes_back_the_players_own_move_never_the_bots_alone(page, site):
    """The bot places first: Undo is not offered before the player has moved (it would
    take back the bot's placement, which the bot then plays differently).  After the
    player's move and the bot's reply, Undo returns to before the player's move."""
    open_table(page, site, "?game=rush&seats=human,random&seed=7")
    assert settle(page) == "human"
    undo = page.locator("[data-testid=undo]")
    start_ply = int(page.get_attribute(STATUS, "data-ply"))
    assert start_ply >= 1, "the bot was to place first"
    assert undo.is_disabled(), "Undo offered before the player has moved"
    before_text = board_text(page)

    page.locator("[data-testid=rush-board] [data-move^='place:']").first.click()
    assert settle(page) == "human"
    assert int(page.get_attribute(STATUS, "data-ply")) >= start_ply + 2  # the player's move and the bot's reply
    assert not undo.is_disabled()
    undo.click()
    assert settle(page) == "human"
    page.wait_for_selector(f"{STATUS}[data-ply='{start_ply}']")
    assert board_text(page) == before_text
    assert undo.is_disabled()  # only the bot's placement is left: not the player's to take back
    assert page.problems == []


def test_three_seats_hot_seat_and_bot_in_french(page, site):
    started = time.time()
    open_table(page, site, "?game=rush&seats=human,random,human&seed=11", lang="fr")
    shots = []

    def on_privacy(page):
        assert page.locator("[data-testid=privacy]").is_visible()
        assert page.locator("[data-testid=board] *").count() == 0
        assert page.locator("[data-move]").count() == 0

    rng = random.Random(11)
    privacy = 0
    # the opening turns with full checks (French text, no raw keys)
    for _ in range(40):
        waiting = settle(page)
        if waiting == "privacy":
            privacy += 1
            on_privacy(page)
            page.click("[data-testid=privacy-ready]")
            continue
        assert page.locator("[data-testid^=player-]").count() >= 3
        check_no_raw_keys(page)
        if not shots and page.get_attribute(STATUS, "data-phase") in {"place", "move"}:
            page.set_viewport_size({"width": 390, "height": 844})
            screenshot(page, "rush-3p-fr-390x844")
            page.set_viewport_size({"width": 1280, "height": 800})
            screenshot(page, "rush-3p-fr-1280x800")
            shots.append(1)
        click_random_option(page, rng, check=True)
    stats = play_to_end(page, rng, on_privacy=on_privacy, check_every=20)
    # nothing private in Coffee Rush: the device changes hands without a screen (rush/RULES_NOTES.md)
    assert stats["privacy"] + privacy == 0
    check_game_over(page, 3)
    screenshot(page, "rush-3p-game-over-1280x800")
    assert page.problems == []
    print(f"rush 3 seats: {stats['human_moves'] + 40} human moves, {stats['privacy']} privacy screens in {time.time() - started:.1f} s")


def test_four_seats_two_humans_and_two_bots_play_to_game_over(page, site):
    started = time.time()
    open_table(page, site, "?game=rush&seats=human,random,random,human&seed=11")

    def on_privacy(page):
        # nobody's private table shows while the device changes hands
        assert page.locator("[data-testid=privacy]").is_visible()
        assert page.locator("[data-testid=board] *").count() == 0
        assert page.locator("[data-move]").count() == 0

    assert settle(page) in {"human", "privacy"}
    assert page.evaluate("() => window.brewhouse.table.status.config.players") == 4
    stats = play_to_end(page, random.Random(11), on_privacy=on_privacy, check_every=25)
    assert stats["privacy"] == 0  # nothing private in Coffee Rush (rush/RULES_NOTES.md)
    assert {"move", "place"} <= stats["phases"]
    assert page.locator("[data-testid^=player-]").count() >= 4
    check_game_over(page, 4)
    # the breakdown has one column per player, and the engine's outcome has 4 players
    outcome = page.evaluate("() => window.brewhouse.table.status.outcome")
    assert len(outcome["scores"]) == 4 and len(outcome["breakdown"]) == 4
    screenshot(page, "rush-4p-game-over-1280x800")
    assert page.problems == []
    print(f"rush 4 seats: {stats['human_moves']} human moves, {stats['privacy']} privacy screens in {time.time() - started:.1f} s")


# ---- targeted decisions, reached by a replay link --------------------------------------------
def _encode_moves(moves: list[str]) -> str:
    """The page's replay encoding: "z" + base64url(deflate-raw(ids joined by newlines))."""
    import base64
    import zlib

    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = c.compress("\n".join(moves).encode()) + c.flush()
    return "z" + base64.urlsafe_b64encode(data).decode().rstrip("=")


def _moves_to(phase: str, min_pending: int = 0) -> tuple[int, list[str]] | None:
    """A seed and moves (engine bots on both seats) reaching seat 0's decision in `phase`."""
    from brewhouse.api import call

    level = "easy" if "easy" in call("engine_info", {})["result"]["bot_levels"] else "random"
    for seed in range(1, 30):
        st = call("new_game", {"game": "rush", "seed": seed, "seats": ["human", level], "config": {"players": 2}})["result"]
        match, moves = st["match"], []
        try:
            while not st["over"] and len(moves) < 400:
                if st["active_player"] == 0 and st["phase"] == phase:
                    view = call("view", {"match": match, "player": 0})["result"]["view"]
                    if len(view["players"][0]["pending"]) >= min_pending:
                        return seed, moves
                move = call("bot_move", {"match": match, "level": level, "budget_ms": 50})["result"]["move"]
                st = call("apply_move", {"match": match, "move": move, "player": st["active_player"], "ply": st["ply"]})["result"]
                moves.append(move)
        finally:
            call("close", {"match": match})
    return None


def _open_at(page, site: str, found, first: bool) -> None:
    seed, moves = found
    query = f"?game=rush&seats=human,random&seed={seed}&moves={_encode_moves(moves)}"
    if first:
        open_table(page, site, query)
    else:
        page.evaluate("q => window.brewhouse.navigate(q)", query)
    assert settle(page) == "human"


def test_sending_upgrading_and_filling_cups_on_the_board(page, site):
    targets = {"send": _moves_to("send"), "upgrade": _moves_to("upgrade"), "place": _moves_to("place", min_pending=2)}
    assert targets["send"] and targets["place"], "the engine bots never reached a send / place decision"
    first = True

    # sending: the matching order card carries the send button, the sent pile grows
    _open_at(page, site, targets["send"], first)
    first = False
    assert page.get_attribute(STATUS, "data-phase") == "send"
    check_options(page)
    check_no_raw_keys(page)
    screenshot(page, "rush-send-1280x800")
    sent_before = int(page.inner_text("[data-testid=player-panel][data-player='0'] [data-stat=sent]"))
    page.locator("[data-testid=player-panel][data-player='0'] .rcard.sendable [data-move^='send:']").first.click()
    settle(page)
    page.wait_for_selector(f"[data-testid=player-panel][data-player='0'] [data-stat=sent]:text-is('{sent_before + 1}')")

    # filling cups: choose an ingredient in the tray, then click a cup
    _open_at(page, site, targets["place"], first)
    assert page.get_attribute(STATUS, "data-phase") == "place"
    check_options(page)
    chips = page.locator("[data-testid=tray-0] button.chip")
    if chips.count() > 1:
        chips.nth(1).click()
        chosen = chips.nth(1).get_attribute("data-chip")
        assert page.locator("[data-testid=tray-0] button.chip").nth(1).get_attribute("aria-pressed") == "true"
        cup = page.locator("[data-testid=player-panel][data-player='0'] button.cup-button").first
        assert cup.get_attribute("data-move").startswith(f"put:{chosen}:")
        check_options(page)
    screenshot(page, "rush-place-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "rush-place-390x844")
    page.set_viewport_size({"width": 1280, "height": 800})
    before = len(page.evaluate("() => window.brewhouse.table.view.players[0].pending"))
    page.locator("[data-testid=player-panel][data-player='0'] button.cup-button").first.click()
    settle(page)
    after = page.evaluate("() => window.brewhouse.table.view.players[0].pending")
    assert len(after) == before - 1

    # upgrading: the face-down tiles are the options
    if targets["upgrade"]:
        _open_at(page, site, targets["upgrade"], first)
        assert page.get_attribute(STATUS, "data-phase") == "upgrade"
        check_options(page)
        tiles = page.locator("[data-testid=player-panel][data-player='0'] button.tile-button")
        assert tiles.count() >= 1
        screenshot(page, "rush-upgrade-1280x800")
        # the rules help and the game log are translated too
        page.click("[data-testid=help-toggle]")
        page.click("[data-testid=log-toggle]")
        page.wait_for_selector("[data-testid=glossary]")
        page.wait_for_selector("[data-testid=log-list] li")
        text = page.inner_text("[data-testid=help]") + page.inner_text("[data-testid=log]")
        assert not RAW_KEY.search(text), RAW_KEY.search(text).group(0)
        assert "rush.ev.unknown" not in text and "Something happened" not in text
        screenshot(page, "rush-help-log-1280x800")
        page.click("[data-testid=help-toggle]")
        page.click("[data-testid=log-toggle]")
        tiles.first.click()
        settle(page)
        assert page.locator("[data-testid=player-panel][data-player='0'] .tile.active").count() >= 1

    # the optional Ristretto/Espresso opening: the opening orders are offered in the supply panel
    page.evaluate("q => window.brewhouse.navigate(q)", "?game=rush&seats=human,random&seed=7&opening=1")
    assert settle(page) == "human"
    assert page.get_attribute(STATUS, "data-phase") == "opening"
    check_options(page)
    picks = page.locator("[data-testid=rush-supply] [data-move^='opening:']")
    assert picks.count() >= 1
    screenshot(page, "rush-opening-1280x800")
    picks.first.click()
    assert settle(page) == "human"
    assert page.get_attribute(STATUS, "data-phase") == "place_meeple"
    assert page.locator("[data-testid=player-panel][data-player='0'] .rcard").filter(has_text=re.compile("Ristretto|Espresso")).count() >= 1

    # the setup screen offers the opening as a translated option
    page.evaluate("q => window.brewhouse.navigate(q)", "?game=rush")
    page.wait_for_selector("[data-testid=setup] [data-testid=option-opening]")
    assert not RAW_KEY.search(page.inner_text("[data-testid=setup]"))
    assert page.problems == []
