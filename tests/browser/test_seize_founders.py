"""Seize the Bean's founders, set-up drafts, further Friends & Family and customer packs in a
real browser: the setup screen's choices and their greying, the hidden drafts in hot-seat
(privacy screen between drafters, nobody else's hand in the page), founders at the heads of
the Lines, City Celebrities' serve choices, all in words, and a whole game to the scoring."""
from __future__ import annotations

import random
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import legal_ids, open_table, screenshot, settle
from seize_helpers import DESKTOP, PHONE, decision_words, open_setup, set_seats, shot, table
from seize_helpers import assert_worded as _assert_worded

#: what an option or a heading must never show: a move id, a catalogue key, a missing value
RAW = re.compile(r"\b(?:draft|founder|award|serve|may|acting):\S|seize\.|undefined|null|\{\w+\}|founder_[a-z]")







def assert_worded(d: dict) -> None:
    _assert_worded(d, RAW)


def test_the_setup_screen_greys_out_packs_solo_and_base_founders_at_five(page, site):
    open_setup(page, site)
    # solo: the packs are greyed out with the booklet's reason
    page.click("[data-testid=mode-solo]")
    for pack in ("board_game_media", "quality_beasts", "city_celebrities"):
        assert page.locator(f"[data-testid=pack-{pack}]").is_disabled()
        assert "solo" in page.inner_text(f"[data-testid=pack-reason-{pack}]")
    assert page.locator("[data-testid=founders-base]").is_enabled()  # solo drafts as two players
    screenshot(page, "seize-setup-solo-packs-greyed-1440x900")
    page.click("input[name=mode][value=multi]")
    # five players: the base founders are too few (3 each); all 18 may be dealt
    set_seats(page, ["human"] * 5)
    page.check("[data-testid=district-prenzlauer_berg]")
    assert page.locator("[data-testid=founders-base]").is_disabled()
    assert "18" in page.inner_text("[data-testid=founders-reason-base]")
    assert page.locator("[data-testid=founders-all]").is_enabled()
    for pack in ("board_game_media", "quality_beasts", "city_celebrities"):
        assert page.locator(f"[data-testid=pack-{pack}]").is_enabled()
    # the group packs say which group they replace: the district's last, then the one before
    page.check("[data-testid=pack-quality_beasts]")
    page.check("[data-testid=pack-board_game_media]")
    text_bgm = page.inner_text("[data-testid=pack-replaces-board_game_media]")
    text_qb = page.inner_text("[data-testid=pack-replaces-quality_beasts]")
    assert text_bgm.startswith("Replaces ") and text_qb.startswith("Replaces ") and text_bgm != text_qb
    page.check("[data-testid=founders-all]")
    page.check("[data-testid=friends-advanced]")
    screenshot(page, "seize-setup-founders-packs-1440x900")
    page.click("[data-testid=start]")
    settle(page)
    config = table(page, "status.config")
    assert config["founders"] == "all" and config["friends"] == "advanced"
    assert config["packs"] == ["board_game_media", "quality_beasts"]
    # the share link carries the whole setup
    if settle(page) == "privacy":
        page.click("[data-testid=privacy-ready]")
        settle(page)
    page.click("[data-testid=share]")
    link = page.input_value("[data-testid=share-link][data-kind=setup]")
    q = {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}
    assert q["founders"] == "all" and q["friends"] == "advanced" and q["packs"] == "board_game_media,quality_beasts", q
    # and back: the link's setup opens with the same choices on the setup screen's panel
    assert table(page, "renderer.optionsFromConfig(window.brewhouse.table.status.config)") == {
        "district": "prenzlauer_berg", "friends": "advanced", "packs": ["board_game_media", "quality_beasts"], "founders": "all"}
    assert page.problems == []



def test_a_hot_seat_game_with_founders_adopted_friends_and_celebrities_from_setup_to_scoring(page, site):
    """Two humans and a bot: both hidden drafts behind the privacy screen, the founders at the
    heads of the Lines, founder and City Celebrity serve choices in words, then the scoring."""
    open_setup(page, site)
    set_seats(page, ["human", "human", "random"])
    page.select_option("[data-testid=first-player]", "0")
    page.check("[data-testid=friends-adopted]")
    page.check("[data-testid=pack-city_celebrities]")
    page.check("[data-testid=founders-base]")
    page.fill("[data-testid=seed]", "5")
    page.click("[data-testid=start]")
    rng = random.Random(5)
    seen_draft: dict[str, dict] = {}
    shown: dict[tuple, set] = {}   # (draft kind, round) → card ids each seat's page showed
    last_human = None
    privacy_between_drafters = 0
    seen: dict[str, dict] = {}
    shots: set[str] = set()
    for _ in range(3000):
        waiting = settle(page)
        if waiting == "over":
            break
        if waiting == "privacy":
            # nothing of anybody's game is in the page behind the privacy screen
            assert page.locator("[data-testid=draft-hand], [data-testid=draft-keep], [data-card]").count() == 0
            if table(page, "status.phase") == "draft":
                privacy_between_drafters += 1
            page.click("[data-testid=privacy-ready]")
            continue
        assert waiting == "human", waiting
        d = decision_words(page)
        view = table(page, "view")
        me = table(page, "viewer")
        assert d["player"] == me
        kind = d["kind"]
        if view["phase"] == "draft":
            dr = view["draft"]
            if last_human is not None and last_human != me:
                assert privacy_between_drafters, "no privacy screen between two drafters"
            # the page shows this seat's own hand and picks only
            mine = {f["id"] for f in (dr["hand"] or []) + (dr["picks"] or [])} | ({dr["kept_card"]["id"]} if dr["kept_card"] else set())
            on_page = set(page.eval_on_selector_all("[data-testid=draft] [data-card]", "els => els.map(e => e.dataset.card)"))
            assert on_page <= mine, (on_page - mine)
            if dr["stage"] == "pick":
                for (k, r), seats in shown.items():
                    if (k, r) == (dr["kind"], dr["round"]):
                        for seat, cards in seats.items():
                            if seat != me:
                                assert not (cards & {f["id"] for f in dr["hand"]}), "two players' hands overlap"
                shown.setdefault((dr["kind"], dr["round"]), {})[me] = {f["id"] for f in dr["hand"]}
            key = f"{kind}:{dr['kind']}"
            if key not in seen_draft:
                seen_draft[key] = d
                assert_worded(d)
                if key == "draft_pick:founders":
                    assert "Pick a founder to keep" in d["what"] and "more picks" in d["what"], d["what"]
                    shot(page, "seize-draft-founders", phone=True, focus="[data-testid=draft-hand]")
                if key == "draft_pick:friends":
                    assert "Adopt a Friend or Family member — pick 1 of 4" in d["what"], d["what"]
                    shot(page, "seize-draft-friends", phone=True, focus="[data-testid=draft-hand]")
                if kind == "founder_keep":
                    assert d["what"].endswith("Keep one of your three founders")
            last_human = me
            privacy_between_drafters = 0
        else:
            last_human = None
        if kind == "founder" and "founder" not in seen:
            seen["founder"] = d
            assert_worded(d)
            assert "Serve your founder" in d["what"] and "skip" in d["what"]
            assert any(o["id"] == "founder:skip" and o["label"].startswith("Skip ") for o in d["options"])
            assert any(o["id"].startswith("founder:serve") and "Serve " in o["label"] and "main order" in o["label"] for o in d["options"])
            assert page.locator("[data-testid=founder]").count() == 3  # every café's founder, at the head of its Line
            assert page.locator("[data-testid=player-panel] [data-testid=founder] [data-testid=founder-icons]").count() == 3
            shot(page, "seize-founders-table", phone=True, focus="[data-testid=founder]")
        if kind == "serve" and any(o["id"].startswith(("serve:left", "serve:right", "serve:both:")) for o in d["options"]) \
                and "celebrity" not in seen:
            seen["celebrity"] = d
            assert_worded(d)
            assert "City Celebrity" in d["why"]
            labels = {o["id"]: o["label"] for o in d["options"]}
            for mid, text in labels.items():
                if mid.startswith("serve:left"):
                    assert text.startswith("Serve the left order (then "), text
                if mid.startswith("serve:both:"):
                    assert text.startswith("Serve both orders: ") and " first, then " in text, text
            shot(page, "seize-celebrity-serve", phone=True, focus=".line-entry.current")
        if kind == "may" and "may" not in seen:
            seen["may"] = d
            assert_worded(d)
        if view["phase"] != "draft" and not seen.get("friends_owned"):
            assert page.locator("[data-testid=friends-owned]").count() >= 2
            seen["friends_owned"] = True
        ids = legal_ids(page)
        page.click(f"[data-testid=decision] [data-move='{choose(view, ids, rng)}']", force=True)
    else:
        raise AssertionError("the game did not end")
    assert {"draft_pick:founders", "founder_keep:founders", "draft_pick:friends"} <= set(seen_draft), set(seen_draft)
    assert {"founder", "celebrity"} <= set(seen), set(seen)
    assert page.locator("[data-testid=game-over]").is_visible()
    assert page.locator("[data-testid=score-table] thead th").count() == 4
    screenshot(page, "seize-founders-game-over")
    # the log tells the drafts and the founders in words
    page.click("[data-testid=log-toggle]")
    page.locator("[data-testid=log-list] li").first.wait_for()
    log = page.inner_text("[data-testid=log-list]")
    # (the log keeps the latest lines: the founders served or skipped are among them)
    assert "their founder" in log, log[-2000:]
    assert "seize." not in log and "undefined" not in log and "founder_" not in log
    assert page.problems == []


def choose(view: dict, ids: list[str], rng: random.Random) -> str:
    """A random option, but City Celebrities are sought out: attracted when in the City, so that a
    celebrity's serve decision comes up."""
    celebs = [f"city:row{row['row']}:slot{k + 1}" for row in view["city"] for k, f in enumerate(row["slots"])
              if f and f.get("kind") == "celebrity"]
    wanted = [i for i in ids if i in celebs]
    if celebs and "space:attract" in ids:
        wanted.append("space:attract")
    if wanted and rng.random() < 0.9:
        return rng.choice(wanted)
    return rng.choice(ids)


# ---- a founder's and a City Celebrity's serve decisions, reached through a replay link ----------
SETUP = {"players": 2, "friends": "adopted", "packs": ["city_celebrities"], "founders": "base"}


def find_position(want, seeds=range(1, 60), max_moves=3000):
    """Engine side: a seed and the moves (a greedy-for-celebrities random play) after which seat 0
    faces a decision ``want(moves)`` accepts."""
    from brewhouse.seize.game import SeizeGame

    game = SeizeGame()
    for seed in seeds:
        config = game.normalize_config(dict(SETUP))
        state = game.setup(config, seed)
        rng = random.Random(seed)
        played: list[str] = []
        for _ in range(max_moves):
            if game.outcome(state) is not None:
                break
            moves = game.legal_moves(state)
            if game.active_player(state) == 0 and want([m.id for m in moves]):
                return seed, played
            view = game.view(state, game.active_player(state))
            picked = choose(view, [m.id for m in moves], rng)
            move = next(m for m in moves if m.id == picked)
            tr = game.play(state, move)
            state = getattr(tr, "state", state)
            played.append(move.id)
    raise AssertionError("no such position found")


def replay_link(seed: int, moves: list[str], edition) -> str:
    import base64
    import zlib

    packed = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packed.compress("\n".join(moves).encode()) + packed.flush()
    text = "z" + base64.urlsafe_b64encode(data).decode().rstrip("=")
    return (f"?game=seize&seats=human,human&seed={seed}&friends=adopted&packs=city_celebrities&founders=base"
            f"&moves={text}&edition={edition}")


@pytest.mark.parametrize("which", ["founder", "celebrity"])
def test_founder_and_celebrity_serve_decisions_are_worded(page, site, which):
    if which == "founder":
        want = lambda ids: "founder:skip" in ids and any(i.startswith("founder:serve") for i in ids)  # noqa: E731
    else:
        want = lambda ids: sum(i.startswith(("serve:left", "serve:right", "serve:both:")) for i in ids) >= 2  # noqa: E731
    seed, moves = find_position(want)
    page.set_viewport_size(DESKTOP)
    open_table(page, site, f"?game=seize&seats=human,human&seed={seed}&friends=adopted&packs=city_celebrities&founders=base")
    settle(page)
    edition = table(page, "status.edition")
    page.evaluate("q => window.brewhouse.navigate(q)", replay_link(seed, moves, edition))
    if settle(page) == "privacy":
        page.click("[data-testid=privacy-ready]")
        assert settle(page) == "human"
    d = decision_words(page)
    assert_worded(d)
    if which == "founder":
        assert d["kind"] == "founder" and "Serve your founder" in d["what"]
        labels = {o["id"]: o["label"] for o in d["options"]}
        assert labels["founder:skip"].startswith("Skip ")
        assert all("main" in text for i, text in labels.items() if i.startswith("founder:serve"))
        # the serve options show their costs; the founder stands at the head of each Line with its icons
        assert page.locator("[data-testid=decision] [data-move^='founder:serve'] .cost").count() >= 1
        assert page.locator("[data-testid=founder]").count() == 2
        shot(page, "seize-founder-decision", phone=True, focus="[data-testid=founder]")
    else:
        assert d["kind"] == "serve" and "City Celebrity" in d["why"]
        labels = {o["id"]: o["label"] for o in d["options"]}
        both = [text for i, text in labels.items() if i.startswith("serve:both:")]
        assert all(text.startswith("Serve both orders: ") and ", then " in text for text in both), both
        one = [text for i, text in labels.items() if i.startswith(("serve:left", "serve:right"))]
        assert one and all(re.match(r"Serve the (left|right) order \(then .+\)", text) for text in one), one
        assert len(set(labels.values())) == len(labels), "two options read the same"
        # the celebrity's face: both main orders and both abilities
        face = page.locator(".line-entry.current .card.kind-celebrity")
        assert face.locator(".celebrity-order").count() == 2
        shot(page, "seize-celebrity-decision", phone=True, focus=".line-entry.current")
    assert page.problems == []


def test_every_founder_option_spans_the_banner_on_a_phone(page, site):
    """AO Amor deals two founders: after the first is served, the second's serve option
    (``founder2:…``) takes the banner's whole width on a phone, like the first's and the skip,
    instead of a half-width cell beside its longer neighbour."""
    page.set_viewport_size(PHONE)
    open_table(page, site, "?game=seize&seats=human,starbots-1&seed=3&scenario=ao_amor")
    served = False
    for _ in range(200):
        assert settle(page) == "human"
        ids = legal_ids(page)
        if served and any(i.startswith("founder2:") for i in ids):
            break
        first = next((i for i in ids if i.startswith("founder:serve")), None)
        if first and not served:
            page.click(f"[data-testid=decision] [data-move='{first}']")
            served = True
            continue
        page.click(f"[data-testid=decision] [data-move='{ids[0]}']")
    else:
        raise AssertionError("no decision with the second founder alone came up")
    grid = page.locator("[data-testid=decision] .options").bounding_box()
    options = page.locator("[data-testid=decision] .options [data-move^='founder']")
    assert options.count() == len([i for i in ids if i.startswith("founder")]) >= 2
    for k in range(options.count()):
        box = options.nth(k).bounding_box()
        assert box["width"] > 0.9 * grid["width"], (options.nth(k).get_attribute("data-move"), box, grid)
    assert page.problems == []
