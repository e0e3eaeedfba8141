"""How long the player waits between their decisions at a table pace.

Serves dist/ (``make build`` first), opens a 5-player Seize the Bean table
(the player against four easy bots, a fixed seed) at the given pace in Debian's
Chromium, plays the player's first options for N decisions and prints the wall
time from each decision to the next one offered (median, max).

    .venv/bin/python measurements/pace_wait.py [--pace normal] [--decisions 8] [--seed 5]
"""
from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

DIST = Path(__file__).resolve().parent.parent / "dist"
STATUS = "[data-testid=game-status]"


def serve() -> str:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(DIST))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pace", default="normal")
    ap.add_argument("--decisions", type=int, default=8)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    site = serve()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.add_init_script(f"localStorage.setItem('brewhouse.pace', '{args.pace}')")
        page.goto(f"{site}?game=seize&seats=human,easy,easy,easy,easy&seed={args.seed}&district=prenzlauer_berg")
        page.wait_for_selector(f"{STATUS}[data-waiting=human]", timeout=120_000)
        waits = []
        for _ in range(args.decisions):
            ply = page.get_attribute(STATUS, "data-ply")
            page.locator("[data-testid=decision] [data-move]").first.click()
            clicked = time.monotonic()
            page.wait_for_selector(f"{STATUS}:not([data-ply='{ply}'])", timeout=120_000)
            page.wait_for_selector(f"{STATUS}[data-waiting=human], {STATUS}[data-waiting=over]", timeout=120_000)
            waits.append(time.monotonic() - clicked)
            if page.get_attribute(STATUS, "data-waiting") == "over":
                break
        browser.close()
    print(f"pace={args.pace} seed={args.seed} decisions={len(waits)}")
    print("waits (s):", " ".join(f"{w:.1f}" for w in waits))
    print(f"median {statistics.median(waits):.1f} s, max {max(waits):.1f} s")


if __name__ == "__main__":
    main()
