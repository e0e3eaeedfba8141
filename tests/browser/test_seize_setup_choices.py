"""Seize the Bean's set-up choices the booklet leaves to the players, through the setup screen:
the group each customer pack replaces (p. 20) and the Daily Special cups in play (p. 36).  The
game starts with them, the share link carries them and opens the same set-up."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from conftest import ARTIFACTS, settle
from seize_helpers import PHONE, open_setup, table

CUPS_KEPT = ["iced_skinny_caramel_latte", "mint_white_chocolate_affogato"]


def started(page) -> None:
    if settle(page) == "privacy":
        page.click("[data-testid=privacy-ready]")
        settle(page)


def test_the_players_choose_the_replaced_groups_and_the_cups_on_the_setup_screen(page, site):
    open_setup(page, site, box="packs")
    page.check("[data-testid=pack-board_game_media]")
    page.check("[data-testid=pack-quality_beasts]")
    # Kreuzberg by default: the last group, then the one before, until the players choose
    bgm = page.locator("[data-testid=pack-replaces-select-board_game_media]")
    qb = page.locator("[data-testid=pack-replaces-select-quality_beasts]")
    assert bgm.input_value() == "party_animals" and qb.input_value() == "start_uppers"
    bgm.select_option("hipsters")
    assert "Hipsters" in page.inner_text("[data-testid=pack-replaces-board_game_media]")
    # the same group twice: said, and the game cannot start
    qb.select_option("hipsters")
    assert page.locator("[data-testid=start]").is_disabled()
    assert "different groups" in page.inner_text("[data-testid=setup-problem]")
    qb.select_option("tourists")
    assert page.locator("[data-testid=start]").is_enabled()
    # Daily Specials: the cups appear once the variant is ticked; the last one cannot be unticked
    assert page.locator("[data-testid=cups]").count() == 0
    page.check("[data-testid=variant-daily_specials]")
    for cup in ("creme_brulee_cappuccino", "smoked_cinnamon_matcha_mocha", "iced_skinny_caramel_latte"):
        page.uncheck(f"[data-testid=cup-{cup}]")
    assert page.locator("[data-testid=cup-mint_white_chocolate_affogato]").is_disabled()
    page.check("[data-testid=cup-iced_skinny_caramel_latte]")
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size(PHONE)
    page.locator("[data-testid=packs]").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "seize-setup-pack-replaces-phone.png"))
    page.locator("[data-testid=cups]").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "seize-setup-cups-phone.png"))
    page.set_viewport_size({"width": 1440, "height": 900})

    page.click("[data-testid=start]")
    started(page)
    config = table(page, "status.config")
    assert config["pack_replaces"] == ["hipsters", "tourists"] and config["cups"] == CUPS_KEPT
    groups = table(page, "view.groups")
    assert "hipsters" not in groups and "tourists" not in groups
    assert groups[0] == "board_game_media" and groups[2] == "quality_beasts"
    assert list(table(page, "view.daily_specials")) == CUPS_KEPT

    page.click("[data-testid=share]")
    link = page.input_value("[data-testid=share-link][data-kind=setup]")
    q = {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}
    assert q["replaces"] == "hipsters,tourists" and q["cups"] == ",".join(CUPS_KEPT), q
    # the link opens the same set-up, and its setup screen shows the same choices
    page.evaluate("q => window.brewhouse.navigate(q)", "?" + urlsplit(link).query)
    started(page)
    assert table(page, "status.config") == config
    assert table(page, "renderer.optionsFromConfig(window.brewhouse.table.status.config)")["replaces"] == [
        "hipsters", "tourists"]
    assert page.problems == []
