"""Brewhouse installs as an app: Chromium's own installability check passes, the
web app manifest's icons are real PNGs at their declared sizes (drawn by the
build from our artwork), its shortcuts open each game's setup screen, the home
page's install line offers the browser's prompt (or says where Safari keeps it,
or nothing inside the app), and the installed app opens offline in its own
window (Chromium's ``--app``).

Headless Chromium checks installability like a desktop one, with one reason of
its own kind: a Playwright context made by ``browser.new_context()`` is an
incognito profile, where nothing installs ("in-incognito").  A persistent
profile has no such reason, so there the list must be empty.
"""
from __future__ import annotations

import json
import re
import sys
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

import pytest

from conftest import CHROMIUM, DIST, LAUNCH_ARGS, ROOT, choose_language, screenshot, wait_ready, watch
from support.catalogue import PAGE_CATALOGUE_JS

sys.path.insert(0, str(ROOT / "wasm-build"))

from webapp import MANIFEST, manifest_images, png_size  # noqa: E402

#: the installability errors that only say "this profile is incognito", never "the app is not installable"
INCOGNITO_ONLY = {"in-incognito"}
INSTALL = "[data-testid=install]"
INSTALL_BUTTON = "[data-testid=install-button]"
INSTALL_TEXT = "[data-testid=install-text]"
CARDS = "[data-testid=game-menu] .game-card"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: an iPhone's Safari (iOS 18)
IPHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
             "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")
#: a browser that never fires beforeinstallprompt (Safari): its Window has no such handler
NO_INSTALL_EVENT = "delete window.onbeforeinstallprompt; delete Window.prototype.onbeforeinstallprompt"
#: the synthetic event of a browser offering to install: records what the page does with it
OFFER_INSTALL = """() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    event.prompt = () => { window.promptCalls = (window.promptCalls ?? 0) + 1; return Promise.resolve(); };
    event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
}"""


def read_manifest(site: str) -> tuple[dict, str]:
    """The served web app manifest, and its Content-Type."""
    with urllib.request.urlopen(site + MANIFEST) as response:
        return json.loads(response.read()), response.headers["Content-Type"]


def installability_errors(context, page) -> list[str]:
    cdp = context.new_cdp_session(page)
    try:
        return [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    finally:
        cdp.detach()


def wait_for_worker(page) -> None:
    """The service worker is active: every file of the build is precached."""
    assert page.evaluate("() => navigator.serviceWorker.ready.then(r => !!r.active)")


def catalogue(page, lang: str) -> dict:
    return page.evaluate(PAGE_CATALOGUE_JS, lang)


def test_chromium_finds_nothing_that_stops_the_install(browser, site, tmp_path):
    """Page.getInstallabilityErrors: empty in a real profile, only "in-incognito" in an incognito one;
    the manifest parses without error, and Chromium itself offers the install (beforeinstallprompt)."""
    incognito = browser.new_context(service_workers="allow")
    page = incognito.new_page()
    problems = watch(page)
    page.goto(site)
    wait_for_worker(page)
    assert set(installability_errors(incognito, page)) <= INCOGNITO_ONLY
    incognito.close()
    assert problems == []

    profile = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=LAUNCH_ARGS,
        service_workers="allow", viewport=DESKTOP)
    try:
        page = profile.pages[0] if profile.pages else profile.new_page()
        problems = watch(page)
        page.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off')")
        page.goto(site)
        wait_for_worker(page)
        assert installability_errors(profile, page) == []
        cdp = profile.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == site + MANIFEST and manifest["errors"] == []
        # the browser's own offer: the line shows its Install button
        page.locator(INSTALL_BUTTON).wait_for(state="visible", timeout=60_000)
        assert page.get_attribute(INSTALL, "data-way") == "prompt"
        wait_ready(page)
        assert problems == []
    finally:
        profile.close()


def test_the_manifest_names_our_icons_at_their_declared_sizes(site):
    manifest, content_type = read_manifest(site)
    assert content_type == "application/manifest+json"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "./"
    assert manifest["short_name"] == "Brewhouse" and manifest["name"].startswith("Brewhouse")
    assert manifest["description"] and manifest["categories"] == ["games", "entertainment"]
    # the colours are the site's own: the top bar for the window's title bar, the page for the splash
    css = (DIST / "css" / "shell.css").read_text()
    assert manifest["background_color"] == re.search(r"--bg: (#[0-9a-f]{6})", css).group(1)
    assert manifest["theme_color"] == re.search(r"\.topbar \{[^}]*background: (#[0-9a-f]{6})", css).group(1)

    for image in manifest_images(manifest):
        data = (DIST / image["src"]).read_bytes()
        assert image["type"] == "image/png"
        width, height = png_size(data)  # the PNG's own header, not the file name
        assert image["sizes"] == f"{width}x{height}", image["src"]
        with urllib.request.urlopen(urljoin(site + MANIFEST, image["src"])) as response:
            assert response.headers["Content-Type"] == "image/png" and response.read() == data
    icons = manifest["icons"]
    plain = {icon["sizes"] for icon in icons if icon.get("purpose", "any") == "any"}
    assert {"192x192", "512x512"} <= plain
    assert "512x512" in {icon["sizes"] for icon in icons if icon.get("purpose") == "maskable"}
    # the install sheet's screenshots: one for phones, one for wide screens
    assert {shot["form_factor"] for shot in manifest["screenshots"]} == {"narrow", "wide"}

    # the page names the manifest, its colour and Apple's touch icon (opaque, 180×180)
    page = (DIST / "index.html").read_text()
    assert '<link rel="manifest" href="manifest.webmanifest">' in page
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in page
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page).group(1)
    assert png_size((DIST / touch).read_bytes()) == (180, 180)


def test_each_shortcut_opens_its_games_setup_screen(page, site):
    manifest, _ = read_manifest(site)
    shortcuts = manifest["shortcuts"]
    page.goto(site)
    wait_ready(page)
    games = page.evaluate("() => window.brewhouse.engine.call('list_games')")
    playable = [g for g in games if g["available"]]
    assert len(shortcuts) == len(playable) == 3
    for shortcut, game in zip(shortcuts, playable):  # the menu's order
        assert game["title"] in shortcut["name"] and shortcut["icons"]
        page.goto(urljoin(site + MANIFEST, shortcut["url"]))  # as the launcher opens it: a fresh start
        wait_ready(page)
        setup = page.locator("[data-testid=setup]")
        setup.wait_for()
        assert game["title"] in setup.locator("h2").inner_text()
        assert page.is_hidden("[data-testid=home]")
    assert page.problems == []


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_install_button_offers_the_browsers_prompt(browser, site, viewport):
    context = browser.new_context(service_workers="block", viewport=viewport)
    context.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off')")
    page = context.new_page()
    problems = watch(page)
    page.goto(site)
    wait_ready(page)
    # no offer from the browser (an incognito profile installs nothing): the line says nothing
    assert page.is_hidden(INSTALL)
    assert page.evaluate(OFFER_INSTALL) is True  # the browser's own mini-infobar is held back
    page.locator(INSTALL_BUTTON).wait_for(state="visible")
    texts = catalogue(page, "en")
    assert page.inner_text(INSTALL_BUTTON) == texts["install.button"]
    assert page.inner_text(INSTALL_TEXT) == texts["install.prompt"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    page.locator(INSTALL).scroll_into_view_if_needed()
    screenshot(page, f"install-button-{viewport['width']}x{viewport['height']}")
    # small: one line of the page, the button no taller than the other buttons
    box = page.locator(INSTALL_BUTTON).bounding_box()
    assert box["height"] <= page.locator("[data-testid=export-all]").bounding_box()["height"] + 1
    page.click(INSTALL_BUTTON)
    assert page.evaluate("() => window.promptCalls") == 1
    assert page.is_hidden(INSTALL)
    # the browser offers again later (the prompt was dismissed): the line comes back, in the language chosen
    choose_language(page, "de")
    page.evaluate(OFFER_INSTALL)
    page.locator(INSTALL_BUTTON).wait_for(state="visible")
    assert page.inner_text(INSTALL_BUTTON) == catalogue(page, "de")["install.button"]
    # installed from the browser's menu instead: the line goes
    page.evaluate("() => window.dispatchEvent(new Event('appinstalled'))")
    assert page.is_hidden(INSTALL)
    context.close()
    assert problems == []


def iphone_page(browser, home_screen: bool = False):
    """A page of Safari on an iPhone (no beforeinstallprompt); ``home_screen``: opened as the installed app."""
    context = browser.new_context(service_workers="block", viewport=PHONE, user_agent=IPHONE_UA)
    context.add_init_script(NO_INSTALL_EVENT)
    if home_screen:  # iOS says so in navigator.standalone
        context.add_init_script("Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true })")
    context.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off')")
    page = context.new_page()
    page.problems = watch(page)
    return page


def test_safari_says_where_its_install_is_and_the_app_says_nothing(browser, site):
    page = iphone_page(browser)
    page.goto(site)
    wait_ready(page)
    assert page.get_attribute(INSTALL, "data-way") == "ios"
    assert page.is_hidden(INSTALL_BUTTON)
    assert page.inner_text(INSTALL_TEXT) == catalogue(page, "en")["install.ios"]
    choose_language(page, "ja")
    assert page.inner_text(INSTALL_TEXT) == catalogue(page, "ja")["install.ios"]
    page.locator(INSTALL).scroll_into_view_if_needed()
    screenshot(page, "install-help-ios-ja-390x844")
    page.context.close()
    assert page.problems == []
    # the same phone, opened from its home screen: nothing to say
    # (Chromium's own app window: test_the_installed_app_opens_offline_in_its_own_window)
    app = iphone_page(browser, home_screen=True)
    app.goto(site)
    wait_ready(app)
    assert app.get_attribute(INSTALL, "data-way") == "none"
    assert app.is_hidden(INSTALL)
    app.context.close()
    assert app.problems == []


def test_the_installed_app_opens_offline_in_its_own_window(browser, site, tmp_path):
    """Chromium's --app window on start_url: once the service worker has precached the build (the
    manifest and its icons with it), a reload without network shows the home page and the games."""
    manifest, _ = read_manifest(site)
    start_url = urljoin(site + MANIFEST, manifest["start_url"])
    app = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM,
        args=LAUNCH_ARGS + [f"--app={start_url}", "--window-size=1280,800"], service_workers="allow", viewport=None)
    try:
        page = next(p for p in app.pages if p.url.startswith(site))
        problems = watch(page)
        page.evaluate("localStorage.setItem('brewhouse.snapshot', 'off')")
        page.reload()
        wait_ready(page)
        wait_for_worker(page)
        assert page.evaluate("() => matchMedia('(display-mode: standalone)').matches")
        precached = page.evaluate("""() => caches.keys()
            .then(names => caches.open(names.find(n => n.startsWith('brewhouse-precache'))))
            .then(cache => cache.keys()).then(requests => requests.map(r => new URL(r.url).pathname.slice(1)))""")
        for src in [MANIFEST] + [image["src"] for image in manifest_images(manifest)]:
            assert src in precached, src
        app.set_offline(True)
        page.reload()
        wait_ready(page)
        assert page.evaluate("() => navigator.onLine") is False
        assert page.is_visible("[data-testid=home]")
        assert page.locator(CARDS).count() == 3
        assert page.is_hidden(INSTALL)  # inside the app: nothing to install
        # the manifest and the icons still load, from the precache
        for src in [MANIFEST, manifest["icons"][0]["src"]]:
            assert page.evaluate("src => fetch(src).then(r => r.ok)", src), src
        page.wait_for_function("() => [...document.images].every(img => img.complete && img.naturalWidth)")
        screenshot(page, "app-window-offline")
        assert problems == []
    finally:
        app.close()
