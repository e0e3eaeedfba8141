#!/usr/bin/env python3
"""Take the web app manifest's screenshots (``web/screenshots/``) from a built site.

The install sheet of a browser shows them (``screenshots`` in
``web/manifest.webmanifest``): the home page on a phone (390×844, "narrow")
and on a desktop (1280×800, "wide"), in English, as a first visit sees it
once the rules engine is ready.  They are committed, not taken by every
build (that would boot Pyodide in a browser during the build): run this after
a visible change of the home page, then ``make build``.  Where Debian's
``pngquant`` is installed they are reduced to a palette (a third of the
bytes, the same picture to the eye): every visitor's service worker
precaches them.

Usage: ``python wasm-build/app_screenshots.py [--dist dist]`` (needs a build and Chromium).
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from serve import serve_in_thread  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
#: file name → viewport; each must match its entry (sizes, form_factor) in the manifest
SHOTS = {"home-narrow.png": (390, 844), "home-wide.png": (1280, 800)}
READY = "[data-testid=engine-status][data-state=ready]"


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    dist = Path(parser.parse_args().dist)
    server, url = serve_in_thread(dist)
    target = ROOT / "web" / "screenshots"
    target.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for name, (width, height) in SHOTS.items():
            context = browser.new_context(service_workers="block", viewport={"width": width, "height": height},
                                          locale="en-GB")
            context.add_init_script("localStorage.setItem('brewhouse.lang', 'en');"
                                    "localStorage.setItem('brewhouse.snapshot', 'off')")
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector(READY, state="attached", timeout=180_000)
            page.evaluate("document.fonts.ready")
            page.screenshot(path=str(target / name))  # the viewport only: its size is the declared one
            context.close()
            if shutil.which("pngquant"):
                subprocess.run(["pngquant", "--quality", "70-95", "--speed", "1", "--strip", "--force",
                                "--output", str(target / name), str(target / name)], check=True)
            print(f"[screenshots] {name}: {(target / name).stat().st_size} bytes")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
