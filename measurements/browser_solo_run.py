"""Solo Café games played by a bot seat through the built site, in Chromium: the engine in Pyodide
in the page's worker, the level at its browser clock (what a player's table does).

Serve the built site (``make build``; ``make play`` or ``python3 -m http.server PORT --bind
127.0.0.1`` in ``dist``), then::

    .venv/bin/python measurements/browser_solo_run.py --site http://127.0.0.1:8765/ \\
        --level hard --seeds 1-100 --log measurements/cafe-solo-hard-browser.log

Each seed opens ``?game=cafe&seats=<level>&seed=<seed>`` on a fresh page (bot pace "instant",
the table still drawing every step) and waits for the game's end.  The log gets one progress line
a game, ``game seed N: scores [S]`` as ``simulate --progress`` prints them (so
``measurements/summarize.py`` reads it, ``--against`` a CPython log of the same seeds), then a
comment with the moves, the game's wall time, the machine load and any console error.  Games run
one at a time: the level's clock is wall time, so a second game beside it would take CPU from it.
Seeds already in the log are skipped, so a stopped run goes on where it stopped.
Launches Debian's Chromium (``BREWHOUSE_CHROMIUM``, default ``/usr/bin/chromium``).
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("BREWHOUSE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DONE = "() => window.brewhouse?.table?.status?.over === true"
GAME_TIMEOUT_MS = 30 * 60 * 1000


def seed_range(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", default="http://127.0.0.1:8765/", help="the served build's address")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--seeds", default="1-100", help="FIRST-LAST")
    ap.add_argument("--log", required=True)
    args = ap.parse_args(argv)
    log = Path(args.log)
    done = set()
    if log.exists():
        done = {int(m[1]) for m in re.finditer(r"^game seed (\d+):", log.read_text(), re.M)}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for seed in seed_range(args.seeds):
            if seed in done:
                continue
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
            started = time.time()
            page.goto(f"{args.site}?game=cafe&seats={args.level}&seed={seed}")
            page.wait_for_function(DONE, timeout=GAME_TIMEOUT_MS, polling=2000)
            status = page.evaluate("() => window.brewhouse.table.status")
            score = status["outcome"]["scores"][0]
            note = (f"# seed {seed}: {status['ply']} moves, {time.time() - started:.0f} s, "
                    f"load {os.getloadavg()[0]:.2f}" + (f", console errors: {errors[:3]}" if errors else ""))
            with log.open("a") as out:
                out.write(f"game seed {seed}: scores [{score}]\n{note}\n")
            print(f"game seed {seed}: scores [{score}]  {note[2:]}", file=sys.stderr, flush=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
