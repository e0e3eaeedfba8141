#!/usr/bin/env python3
"""`make bench`: every figure of the performance budgets, measured side by side in one run.

* bare Pyodide boot (bench/bare.html: a worker that only calls loadPyodide on
  the same self-hosted files) vs Brewhouse engine-ready without and with the
  memory snapshot, cold (new browser context, empty cache) and warm (reload,
  HTTP cache filled; with the snapshot: restored from it), in headless
  Chromium, service workers blocked, as ratios to bare; the snapshot's size;
  and the floor under a restored boot: a worker that only restores the same
  stored snapshot (bench/restore.html), as a ratio to bare warm;
* first contentful paint of the shell;
* wheel and dist sizes (from the build manifest), and the bytes an update
  downloads after a one-file change (budget 0.5 MB);
* the engine's cold start in Pyodide under Node with the npm package's
  source-only stdlib zip vs the byte-compiled one dist/ ships, and with the
  engine's source wheel vs the byte-compiled one dist/ ships (install,
  import, first call);
* the same engine workload in CPython and in Pyodide on Node, and their ratio;
* at the table: time to the first decision from a share link, the human move
  round trip (click -> next view rendered) over a scripted game, and bot move
  latency per level, all in the page (the engine in its worker);
* Lighthouse's mobile figures (performance score, LCP, CLS, total bytes) for
  the home page and a table page, with the pinned npm package (devDependency)
  driving Debian's Chromium, printed as a table beside their budgets.

Prints one JSON document and writes it to bench-results/bench.json.  Budgets
are reported next to the figures; nothing here fails on a missed budget.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "wasm-build"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM, LAUNCH_ARGS  # noqa: E402
import build  # noqa: E402  (wasm-build/build.py)
from serve import serve_in_thread  # noqa: E402

DIST = ROOT / "dist"
RUNS = 3


def mark_time(page, name: str) -> float:
    return page.evaluate("name => performance.getEntriesByName(name)[0].startTime", name)


def boot_once(page, url: str, selector: str, mark: str) -> float:
    page.goto(url)
    page.wait_for_selector(selector, state="attached", timeout=300_000)
    return mark_time(page, mark)


WARM_INFO_JS = """() => {
  const info = window.brewhouse.info;
  const page = (name) => Math.round(performance.getEntriesByName(name)[0]?.startTime ?? -1);
  const started = info.bootStartedAt - performance.timeOrigin;
  // the worker's marks count from its boot's start: on the page's clock here
  const marks = { "page:engine-start": page("brewhouse-engine-start"), "worker:boot": Math.round(started) };
  for (const [name, ms] of Object.entries(info.bootMarks)) marks[`worker:${name}`] = Math.round(started + ms);
  marks["page:engine-booted"] = page("brewhouse-engine-booted");
  marks["page:engine-ready"] = page("brewhouse-engine-ready");
  return { snapshot: info.snapshot, marks };
}"""


def median_marks(runs: list[dict]) -> dict:
    """Each mark's median over the runs (in the order of the first run)."""
    return {name: round(statistics.median(run[name] for run in runs if name in run)) for name in runs[0]} if runs else {}


def browser_figures(base: str) -> dict:
    """Bare Pyodide vs engine ready without and with the memory snapshot, cold and warm.

    Cold is a new browser context (empty HTTP cache and storage), warm its
    reload.  Without the snapshot (``brewhouse.snapshot`` = off) both visits
    boot normally; with it, the cold visit boots normally and makes the
    snapshot (counted), and the warm one restores it.
    """
    from playwright.sync_api import sync_playwright

    engine = (base, "[data-testid=engine-status][data-state=ready]", "brewhouse-engine-ready")
    targets = {
        "bare_pyodide": (base + "bench/bare.html", "[data-testid=bare-status][data-state=ready]", "bare-pyodide-ready"),
        "engine_ready": engine,
        "engine_ready_snapshot": engine,
    }
    samples: dict[str, dict[str, list[float]]] = {k: {"cold": [], "warm": []} for k in targets}
    paints: list[float] = []
    snapshot_bytes: list[int] = []
    restored: list[str] = []
    stored_at: list[float] = []
    warm_marks: list[dict] = []
    restore_only: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for _ in range(RUNS):
            for name, (url, selector, mark) in targets.items():  # interleaved: same conditions
                ctx = browser.new_context(service_workers="block")
                if name == "engine_ready":
                    ctx.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off')")
                page = ctx.new_page()
                samples[name]["cold"].append(boot_once(page, url, selector, mark))
                if name == "engine_ready":
                    paints.append(page.evaluate(
                        "() => performance.getEntriesByName('first-contentful-paint')[0].startTime"))
                if name == "engine_ready_snapshot":
                    # made by another worker after the engine is ready: when it is stored
                    stored_at.append(page.evaluate(
                        "() => window.brewhouse.engine.whenSnapshotStored().then(() => performance.now())"))
                samples[name]["warm"].append(boot_once(page, url, selector, mark))
                if name == "engine_ready_snapshot":
                    info = page.evaluate(WARM_INFO_JS)
                    restored.append(info["snapshot"]["state"])
                    snapshot_bytes.append(info["snapshot"].get("bytes", 0))
                    warm_marks.append(info["marks"])
                    # the floor: the same stored snapshot restored by a worker that does nothing else
                    restore_only.append(boot_once(page, base + "bench/restore.html",
                                                  "[data-testid=restore-status][data-state=ready]", "restore-ready"))
                ctx.close()
        browser.close()
    med = {k: {c: round(statistics.median(v)) for c, v in d.items()} for k, d in samples.items()}
    bare = med["bare_pyodide"]
    return {
        "runs": RUNS,
        "boot_ms": med,
        "boot_samples_ms": {k: {c: [round(x) for x in v] for c, v in d.items()} for k, d in samples.items()},
        "ratio_to_bare": {k: {c: round(med[k][c] / bare[c], 2) for c in ("cold", "warm")} for k in med},
        "engine_overhead_ms": {c: med["engine_ready"][c] - bare[c] for c in ("cold", "warm")},
        # a first visit as players have it: the snapshot on, made after the engine is ready
        "first_visit_over_bare_cold_ms": med["engine_ready_snapshot"]["cold"] - bare["cold"],
        # a worker that only restores the stored snapshot and makes one engine call (bench/restore.html):
        # what Pyodide's restore costs on its own, the floor under the app's restored boot
        "restore_only_warm_ms": {"median": round(statistics.median(restore_only)),
                                 "samples": [round(x) for x in restore_only],
                                 "ratio_to_bare_warm": round(statistics.median(restore_only) / bare["warm"], 2)},
        "snapshot": {"bytes": max(snapshot_bytes), "warm_visits": restored,
                     "cold_stored_at_ms": round(statistics.median(stored_at)),
                     "warm_marks_ms": median_marks(warm_marks)},
        "first_paint_ms": round(statistics.median(paints)),
        "budgets": {"engine_overhead_ms": 1000, "first_paint_ms": 500,
                    "first_visit_over_bare_cold_ms": 500, "snapshot_warm_ratio_to_bare_warm": 0.5},
        "load_average": os.getloadavg(),
    }


ROUND_TRIP_JS = """async () => {
  const status = document.querySelector("[data-testid=game-status]");
  const before = status.dataset.ply;
  const options = [...document.querySelectorAll("[data-move]")].filter((el) => !el.disabled);
  if (!options.length) return null;
  const choice = options[Math.floor(Math.random() * options.length)];
  const started = performance.now();
  const rendered = new Promise((resolve) => {
    const watcher = new MutationObserver(() => {
      if (status.dataset.ply !== before) {
        watcher.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - started));
      }
    });
    watcher.observe(status, { attributes: true });
  });
  choice.click();
  return rendered;
}"""

BOT_LATENCY_JS = """async ([level, decisions]) => {
  const engine = window.brewhouse.engine;
  const { match } = await engine.call("new_game", { game: "seize", seed: 11, seats: ["human", "human"] });
  const times = [];
  for (let i = 0; i < decisions; i++) {
    const started = performance.now();
    const { move } = await engine.call("bot_move", { match, level, seed: i });
    times.push(performance.now() - started);
    await engine.call("apply_move", { match, move });
  }
  await engine.call("close", { match });
  return times;
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def table_figures(base: str, moves: int = 120) -> dict:
    """The Seize the Bean table: first decision from a link, move round trips, bot latency."""
    from playwright.sync_api import sync_playwright

    link = base + "?game=seize&seats=human,random&seed=7"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        ctx = browser.new_context(service_workers="block")
        ctx.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
        page = ctx.new_page()
        page.goto(link)
        human_turn = "[data-testid=game-status][data-waiting=human]"
        page.wait_for_selector(human_turn, state="attached", timeout=300_000)
        first_decision = page.evaluate("() => performance.now()")
        trips: list[float] = []
        over = "[data-testid=game-status][data-waiting=over]"
        while len(trips) < moves:
            page.wait_for_selector(f"{human_turn}, {over}", state="attached", timeout=120_000)
            if page.query_selector(over):
                break
            took = page.evaluate(ROUND_TRIP_JS)
            if took is not None:
                trips.append(took)
        bots = {}
        levels = page.evaluate("() => window.brewhouse.engine.call('engine_info')")["bot_levels"]
        for level in levels:
            times = page.evaluate(BOT_LATENCY_JS, [level, 8 if level == "hard" else 15])
            bots[level] = {"decisions": len(times), "p50_ms": round(percentile(times, 0.5)),
                           "p95_ms": round(percentile(times, 0.95)), "max_ms": round(max(times))}
        ctx.close()
        browser.close()
    return {
        "first_decision_from_link_ms": round(first_decision),
        "human_move_round_trip_ms": {"moves": len(trips), "p50": round(percentile(trips, 0.5)),
                                     "p95": round(percentile(trips, 0.95)), "budget_p95": 100},
        "bot_move_ms": bots,
        "bot_budgets_ms": {"easy": 300, "normal": 1000, "hard": 3000},
    }


def cold_starts_in_node(variants: dict[str, dict[str, str]], sample) -> dict[str, list[dict]]:
    """Run tests/bench/import_api.py in Pyodide under Node RUNS times per variant, alternately;
    a variant is the environment it adds (which stdlib zip or engine wheel to boot with), and
    ``sample(output)`` picks the figures of one run from run.mjs's output."""
    samples: dict[str, list[dict]] = {name: [] for name in variants}
    for _ in range(RUNS):
        for name, env in variants.items():
            proc = subprocess.run(["node", str(ROOT / "tests/pyodide/run.mjs"), str(DIST),
                                   str(ROOT / "tests/bench/import_api.py")],
                                  env={**os.environ, **env}, check=True, capture_output=True, text=True)
            samples[name].append(sample(json.loads(proc.stdout.strip().splitlines()[-1])))
    return samples


def stdlib_figures() -> dict:
    """Engine cold start in Pyodide under Node (boot, micropip, install, import
    the API, first call): the npm package's source-only stdlib zip vs the
    byte-compiled one dist/ ships, run alternately."""
    zips = {"source": ROOT / "node_modules/pyodide/python_stdlib.zip",
            "compiled": DIST / json.loads((DIST / "build-manifest.json").read_text())["pyodide"]["path"]
            / "python_stdlib.zip"}
    samples = cold_starts_in_node({name: {"BREWHOUSE_STDLIB_ZIP": str(path)} for name, path in zips.items()},
                                  lambda out: {"boot_ms": out["node"]["boot_ms"], "ready_ms": out["node"]["script_done_ms"]})
    med = {name: {key: round(statistics.median(s[key] for s in runs)) for key in ("boot_ms", "ready_ms")}
           for name, runs in samples.items()}
    return {"runs": RUNS, **med, "zip_bytes": {name: path.stat().st_size for name, path in zips.items()},
            "ready_speedup": round(med["source"]["ready_ms"] / med["compiled"]["ready_ms"], 2)}


def engine_wheel_figures() -> dict:
    """The engine's install, import and first call in Pyodide under Node from the
    source wheel (kept by the build in wasm-build/out/engine-source/) vs the
    byte-compiled one dist/ ships, run alternately."""
    engine = json.loads((DIST / "build-manifest.json").read_text())["engine"]
    source = ROOT / "wasm-build" / "out" / "engine-source" / engine["source_sha256"][:16] / Path(engine["wheel"]).name
    if not source.exists():
        return {"skipped": f"no source wheel at {source.relative_to(ROOT)}: run make build"}
    wheels = {"source": source, "compiled": DIST / engine["wheel"]}
    samples = cold_starts_in_node(
        {kind: {"BREWHOUSE_ENGINE_WHEEL": str(path)} for kind, path in wheels.items()},
        lambda out: {"import_ms": out["import_ms"], "first_call_ms": out["first_call_ms"],
                     "install_ms": out["node"]["ready_ms"] - out["node"]["boot_ms"]})
    med = {kind: {key: round(statistics.median(s[key] for s in runs), 1) for key in runs[0]}
           for kind, runs in samples.items()}
    total = {kind: m["install_ms"] + m["import_ms"] + m["first_call_ms"] for kind, m in med.items()}
    return {"runs": RUNS, **med, "wheel_bytes": {kind: path.stat().st_size for kind, path in wheels.items()},
            "install_import_first_call_ms": total,
            "saved_ms": round(total["source"] - total["compiled"], 1)}


def workload_figures() -> dict:
    cpython = json.loads(subprocess.run(
        [sys.executable, "-c", "import json; from brewhouse.bench import workloads; print(json.dumps(workloads()))"],
        check=True, capture_output=True, text=True).stdout)
    node = subprocess.run(["node", str(ROOT / "tests/pyodide/run.mjs"), str(DIST),
                           str(ROOT / "tests/pyodide/workload.py"), str(ROOT / "tests")],
                          check=True, capture_output=True, text=True)
    pyodide = json.loads(node.stdout.strip().splitlines()[-1])
    ratios = {"core": round(pyodide["core"]["seconds"] / cpython["core"]["seconds"], 2)}
    for a, b in zip(cpython["games"], pyodide["games"]):
        ratios[a["name"]] = round(b["seconds"] / a["seconds"], 2)
    for a, b in zip(cpython["search"], pyodide["search"]):
        ratios[f"{a['name']}_search"] = round(a["iterations_per_second"] / b["iterations_per_second"], 2)
    return {"cpython": cpython, "pyodide_node": {k: v for k, v in pyodide.items() if k != "node"},
            "pyodide_node_boot_ms": pyodide["node"], "slowdown_pyodide_vs_cpython": ratios,
            "budget_slowdown": 2.5}


def update_figures() -> dict:
    """What a player downloads to update after a one-line change to one web file
    (css/shell.css): two builds made by build.one_file_changed, compared by
    build.update_downloads (tests/browser/test_light_updates.py checks the same
    in the browser's network)."""
    with tempfile.TemporaryDirectory(prefix="brewhouse-update-") as scratch:
        files = build.update_downloads(*build.one_file_changed(DIST, Path(scratch), "css/shell.css"))
    return {"one_file_change_bytes": sum(files.values()), "files": files, "budget_bytes": 500_000}


#: the pages Lighthouse measures: the home page and a table page from a share link
LIGHTHOUSE_PAGES = {"home": "", "table": "?game=seize&seats=human,easy&seed=7"}
#: Lighthouse's own Chrome, launched by it: the same flags as the browser tests' Chromium
LIGHTHOUSE_CHROME_FLAGS = "--no-sandbox --headless=new --disable-background-networking --disable-component-update --disable-sync"
#: budgets printed beside the figures (never asserted): the home page paints at once and does not move
LIGHTHOUSE_BUDGETS = {"home": {"lcp_ms": 1500, "cls": 0.05}}


def lighthouse_once(url: str) -> dict:
    """One Lighthouse run (mobile, its default: a mid-range phone on a slow 4G link, simulated) of ``url``."""
    with tempfile.TemporaryDirectory(prefix="brewhouse-lighthouse-") as scratch:
        report = Path(scratch) / "report.json"
        proc = subprocess.run(
            [str(ROOT / "node_modules" / ".bin" / "lighthouse"), url, "--quiet", "--only-categories=performance",
             "--output=json", f"--output-path={report}", f"--chrome-flags={LIGHTHOUSE_CHROME_FLAGS}"],
            capture_output=True, text=True, timeout=600, env={**os.environ, "CHROME_PATH": CHROMIUM})
        if proc.returncode or not report.exists():
            return {"error": (proc.stderr or proc.stdout)[-2000:]}
        lhr = json.loads(report.read_text())
    audits = lhr["audits"]
    score = lhr["categories"]["performance"]["score"]
    return {"performance": None if score is None else round(score * 100),
            "lcp_ms": round(audits["largest-contentful-paint"].get("numericValue", -1)),
            "cls": round(audits["cumulative-layout-shift"].get("numericValue", -1), 3),
            "total_bytes": round(audits["total-byte-weight"].get("numericValue", -1)),
            "runtime_error": (lhr.get("runtimeError") or {}).get("message")}


def lighthouse_figures(base: str) -> dict:
    """Lighthouse's mobile figures of the home page and a table page (one run each)."""
    if not (ROOT / "node_modules" / ".bin" / "lighthouse").exists():
        return {"error": "node_modules/.bin/lighthouse is missing: run `npm ci` (make install does)"}
    pages = {name: dict(lighthouse_once(base + query), url=query or "/") for name, query in LIGHTHOUSE_PAGES.items()}
    return {"pages": pages, "budgets": LIGHTHOUSE_BUDGETS}


def lighthouse_table(figures: dict, update: dict) -> str:
    """The Lighthouse figures and the update's bytes as a table, each budget beside its figure."""
    rows = ["| page | performance | LCP (budget) | CLS (budget) | total bytes |", "| --- | --- | --- | --- | --- |"]
    for name, fig in figures.get("pages", {}).items():
        if "error" in fig:
            rows.append(f"| {name} | error: {fig['error'].splitlines()[-1] if fig['error'] else '?'} | | | |")
            continue
        budget = figures["budgets"].get(name, {})
        lcp = f"{fig['lcp_ms'] / 1000:.2f} s" + (f" (≤ {budget['lcp_ms'] / 1000:.1f} s)" if "lcp_ms" in budget else "")
        cls = f"{fig['cls']:.3f}" + (f" (≤ {budget['cls']})" if "cls" in budget else "")
        rows.append(f"| {name} | {fig['performance']} | {lcp} | {cls} | {fig['total_bytes'] / 1e6:.2f} MB |")
    rows.append(f"| update after a one-file change | | | | {update['one_file_change_bytes'] / 1e6:.3f} MB"
                f" (≤ {update['budget_bytes'] / 1e6:.1f} MB) |")
    return "\n".join(rows)


SECTIONS = ("browser", "stdlib_node", "engine_wheel_node", "engine_workload", "table", "lighthouse")


def main() -> None:
    parser = argparse.ArgumentParser(description="Brewhouse performance figures (make bench)")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, default=list(SECTIONS),
                        help="measure these sections only (default: all)")
    only = parser.parse_args().only
    manifest = json.loads((DIST / "build-manifest.json").read_text())
    started = time.perf_counter()
    server, base = serve_in_thread(DIST)
    figures = {"browser": lambda: browser_figures(base), "stdlib_node": stdlib_figures,
               "engine_wheel_node": engine_wheel_figures,
               "engine_workload": workload_figures, "table": lambda: table_figures(base),
               "lighthouse": lambda: lighthouse_figures(base)}
    result = {
        "build": manifest["build_id"],
        "sizes": {"wheel_bytes": manifest["engine"]["wheel_bytes"], "dist_bytes": manifest["total_bytes"],
                  "dist_files": len(manifest["files"]), "budget_wheel_bytes": 1_000_000},
        "update": update_figures(),
        **{name: figures[name]() for name in SECTIONS if name in only},
    }
    server.shutdown()
    result["seconds"] = round(time.perf_counter() - started, 1)
    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    (out / "bench.json").write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))
    if "lighthouse" in result:
        print(lighthouse_table(result["lighthouse"], result["update"]))


if __name__ == "__main__":
    main()
