"""The shell in a real browser: boot, menu, saves, import errors, language, offline."""
from __future__ import annotations

import json

from conftest import choose_language, screenshot, wait_ready, watch

RECORD = {
    "id": "test-record-1", "game": "cafe", "seats": ["human", "human"], "status": "in_progress",
    "ply": 4, "phase": "actions", "created": "2026-11-01T10:00:00Z", "updated": "2026-11-02T10:00:00Z",
    "save": {"format": "brewhouse-save", "version": 1, "game": "cafe", "config": {"players": 2},
             "seed": 1, "seats": ["human", "human"], "moves": []},
}


def save_rows(page):
    return page.locator("[data-testid=save-row]")


def test_engine_boots_and_the_menu_comes_from_the_engine(page, site):
    page.goto(site)
    # the shell paints before the engine is ready
    assert page.get_attribute("[data-testid=engine-status]", "data-state") == "booting"
    assert page.inner_text("h1").strip() == "Brewhouse"
    wait_ready(page)
    cards = page.locator("[data-testid=game-menu] .game-card")
    assert cards.count() == 3
    titles = [cards.nth(i).locator("h3").inner_text() for i in range(3)]
    assert titles == ["Seize the Bean", "Café", "Coffee Rush"]
    engine_games = page.evaluate("() => window.brewhouse.engine.call('list_games')")
    for i, game in enumerate(engine_games):  # never faked: availability is the engine's word
        card = cards.nth(i)
        assert card.get_attribute("data-available") == str(game["available"]).lower()
        if card.get_attribute("data-playable") == "true":
            assert game["available"] and card.get_by_role("button", name="New game").is_visible()
        else:
            assert card.locator("[data-testid=unavailable]").inner_text() == "Coming soon"
    screenshot(page, "shell-ready-1280x800")
    assert page.problems == []


def test_saved_games_survive_a_reload_and_export(page, site):
    page.goto(site)
    wait_ready(page)
    page.evaluate("record => window.brewhouse.saves.put(record).then(() => window.brewhouse.renderSaves())", RECORD)
    page.reload()
    wait_ready(page)
    rows = save_rows(page)
    rows.first.wait_for()
    assert rows.count() == 1
    assert "Café" in rows.first.inner_text() and "Move 4" in rows.first.inner_text()
    assert "Player 1, Player 2" in rows.first.inner_text()  # the seats named as the table names them
    with page.expect_download() as download:
        rows.first.get_by_role("button", name="Export").click()
    exported = json.loads(open(download.value.path()).read())
    assert exported["format"] == "brewhouse-saves" and exported["records"][0]["id"] == RECORD["id"]
    assert page.problems == []


def test_bad_import_files_show_a_clear_error_and_change_nothing(page, site):
    page.goto(site)
    wait_ready(page)
    page.evaluate("record => window.brewhouse.saves.put(record).then(() => window.brewhouse.renderSaves())", RECORD)
    save_rows(page).first.wait_for()
    from_the_future = {"format": "brewhouse-saves", "version": 1,
                       "records": [dict(RECORD, id="x2", save=dict(RECORD["save"], version=3, engine="0.9.1"))]}
    cases = [
        (b"{this is not json", "it is not a JSON file."),
        (json.dumps({"hello": "world"}).encode(), "it is not a Brewhouse save file."),
        (json.dumps({"format": "brewhouse-saves", "version": 99, "records": []}).encode(), "newer version"),
        (json.dumps({"format": "brewhouse-saves", "version": 1, "records": [{"id": 3}]}).encode(), "damaged"),
        (json.dumps(from_the_future).encode(), "newer version of Brewhouse (0.9)"),
        (json.dumps({"format": "brewhouse-saves", "version": 2, "engine": "0.7.3", "records": []}).encode(),
         "newer version of Brewhouse (0.7)"),
    ]
    for content, reason in cases:
        page.set_input_files("[data-testid=import-file]",
                             files=[{"name": "bad.json", "mimeType": "application/json", "buffer": content}])
        message = page.locator("[data-testid=saves-message].error")
        message.wait_for()
        assert reason in message.inner_text()
        assert save_rows(page).count() == 1
        page.evaluate("() => document.querySelector('[data-testid=saves-message]').className = 'message'")
    screenshot(page, "shell-import-error")
    stored = page.evaluate("() => window.brewhouse.saves.list().then(list => list.map(r => r.id))")
    assert stored == [RECORD["id"]]
    assert page.problems == []


def test_french_catalogue_and_its_persistence(page, site):
    page.goto(site)
    wait_ready(page)
    choose_language(page, "fr")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.inner_text("#games-title") == "Jeux"
    assert page.inner_text("[data-testid=engine-status] #engine-label") == "Moteur de règles prêt"  # not "starting" again
    # every game card speaks French, whether it is playable yet or not
    first = page.locator("[data-testid=game-menu] .game-card").first
    playable = first.get_attribute("data-playable") == "true"
    assert ("Nouvelle partie" if playable else "Bientôt disponible") in first.inner_text()
    page.reload()
    wait_ready(page)
    assert page.inner_text("#saves-title") == "Parties sauvegardées"
    assert page.inner_text("[data-testid=engine-status] #engine-label") == "Moteur de règles prêt"
    screenshot(page, "shell-fr-1280x800")


def test_boot_failure_shows_an_error_panel_and_retry_recovers(page, site):
    # the runtime is fetched by the worker, so route at the context level
    page.context.route("**/*.wasm", lambda route: route.abort())
    page.goto(site)
    page.wait_for_selector("[data-testid=engine-status][data-state=error]", state="attached", timeout=120_000)
    assert page.is_visible("[data-testid=engine-error]")
    assert page.is_visible("[data-testid=engine-retry]")
    assert "pyodide.asm.wasm" in page.inner_text("[data-testid=engine-error]")
    page.context.unroute("**/*.wasm")
    page.click("[data-testid=engine-retry]")
    wait_ready(page)
    assert page.locator("[data-testid=game-menu] .game-card").count() == 3


def test_narrow_phone_layout(browser, site):
    ctx = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    problems = watch(page)
    page.goto(site)
    wait_ready(page)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390  # nothing overflows sideways
    screenshot(page, "shell-ready-390x844")
    ctx.close()
    assert problems == []


def test_offline_reload_reaches_ready(browser, site):
    ctx = browser.new_context(service_workers="allow")
    page = ctx.new_page()
    problems = watch(page)
    page.goto(site)
    wait_ready(page)
    # the service worker activates only once every file is precached
    page.evaluate("() => navigator.serviceWorker.ready.then(r => !!r.active)")
    page.wait_for_selector("html", state="attached")
    assert page.evaluate("() => navigator.serviceWorker.ready.then(r => r.active.state)") in ("activated", "activating")
    ctx.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.locator("[data-testid=game-menu] .game-card").count() == 3
    assert page.evaluate("() => navigator.onLine") is False
    screenshot(page, "shell-offline")
    ctx.close()
    assert problems == []


def test_a_new_deploy_shows_the_update_prompt(browser, tmp_path):
    """Offline-first means a new version waits; the page offers to switch to it."""
    import shutil

    from build import write_service_worker
    from conftest import DIST
    from serve import serve_in_thread

    site_dir = tmp_path / "site"
    shutil.copytree(DIST, site_dir)
    server, url = serve_in_thread(site_dir)
    ctx = browser.new_context(service_workers="allow")
    page = ctx.new_page()
    problems = watch(page)
    page.goto(url)
    wait_ready(page)
    page.evaluate("() => navigator.serviceWorker.ready.then(r => !!r.active)")
    assert page.is_hidden("[data-testid=update-banner]")
    # deploy a new build: same files, a new service worker (its text names the new build)
    write_service_worker(site_dir, "next-build")
    page.reload()
    page.wait_for_selector("[data-testid=update-banner]:not([hidden])", timeout=120_000)
    screenshot(page, "shell-update-prompt-home")
    with page.expect_navigation():
        page.click("#update-reload")
    wait_ready(page)
    # one precache for every build (entries revisioned by content); the memory snapshot's
    # own cache stays (its key names the engine and Pyodide it was made of)
    caches = page.evaluate("() => caches.keys()")
    assert "brewhouse-precache-app" in caches
    assert not any(name.startswith("brewhouse-") and name not in ("brewhouse-precache-app", "brewhouse-snapshots")
                   for name in caches)
    ctx.close()
    server.shutdown()
    assert problems == []


def test_the_update_prompt_brings_an_open_game_back_where_it_was(browser, tmp_path):
    """Accepting a new deploy in the middle of a game reopens that game at the same move."""
    import random
    import shutil

    from build import write_service_worker
    from conftest import DIST, STATUS, settle
    from serve import serve_in_thread
    from test_seize_games import board_text, click_random_option

    site_dir = tmp_path / "site"
    shutil.copytree(DIST, site_dir)
    server, url = serve_in_thread(site_dir)
    ctx = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    problems = watch(page)
    page.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
    page.goto(url + "?game=seize&seats=human,random&seed=7")
    wait_ready(page)
    page.evaluate("() => navigator.serviceWorker.ready.then(r => !!r.active)")
    rng = random.Random(7)
    for _ in range(6):
        assert settle(page) == "human"
        click_random_option(page, rng)
    assert settle(page) == "human"
    ply = page.get_attribute(STATUS, "data-ply")
    assert int(ply) > 0
    page.wait_for_selector(f"{STATUS}[data-saved='{ply}']", state="attached")
    before = board_text(page)
    # a new deploy; the browser notices it while the game is open
    write_service_worker(site_dir, "next-build")
    page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
    banner = page.locator("[data-testid=update-banner]")
    banner.wait_for(state="visible", timeout=120_000)
    screenshot(page, "shell-update-prompt-at-table")
    with page.expect_navigation():
        page.click("#update-reload")
    wait_ready(page)
    assert settle(page) == "human"
    assert "?resume=" in page.url
    assert page.get_attribute(STATUS, "data-ply") == ply
    assert board_text(page) == before
    assert page.evaluate("() => window.brewhouse.saves.list().then(l => l.length)") == 1
    assert "brewhouse-precache-app" in page.evaluate("() => caches.keys()")
    ctx.close()
    server.shutdown()
    assert problems == []
