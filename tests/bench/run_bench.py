#!/usr/bin/env python3
"""`make bench`: every figure of the performance budgets, measured side by side in one run.

* bare Pyodide boot (bench/bare.html: a worker that only calls loadPyodide on
  the same self-hosted files) vs Brewhouse engine-ready, cold (new browser
  context, empty cache) and warm (reload, HTTP cache filled), in headless
  Chromium, service workers blocked;
* first contentful paint of the shell;
* wheel and dist sizes (from the build manifest);
* the same engine workload in CPython and in Pyodide on Node, and their ratio.

Prints one JSON document and writes it to bench-results/bench.json.  Budgets
are reported next to the figures; nothing here fails on a missed budget.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "wasm-build"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM, LAUNCH_ARGS  # noqa: E402
from serve import serve_in_thread  # noqa: E402

DIST = ROOT / "dist"
RUNS = 3


def mark_time(page, name: str) -> float:
    return page.evaluate("name => performance.getEntriesByName(name)[0].startTime", name)


def boot_once(page, url: str, selector: str, mark: str) -> float:
    page.goto(url)
    page.wait_for_selector(selector, state="attached", timeout=300_000)
    return mark_time(page, mark)


def browser_figures(base: str) -> dict:
    from playwright.sync_api import sync_playwright

    targets = {
        "bare_pyodide": (base + "bench/bare.html", "[data-testid=bare-status][data-state=ready]", "bare-pyodide-ready"),
        "engine_ready": (base, "[data-testid=engine-status][data-state=ready]", "brewhouse-engine-ready"),
    }
    samples: dict[str, dict[str, list[float]]] = {k: {"cold": [], "warm": []} for k in targets}
    paints: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for _ in range(RUNS):
            for name, (url, selector, mark) in targets.items():  # interleaved: same conditions
                ctx = browser.new_context(service_workers="block")
                page = ctx.new_page()
                samples[name]["cold"].append(boot_once(page, url, selector, mark))
                if name == "engine_ready":
                    paints.append(page.evaluate(
                        "() => performance.getEntriesByName('first-contentful-paint')[0].startTime"))
                samples[name]["warm"].append(boot_once(page, url, selector, mark))
                ctx.close()
        browser.close()
    med = {k: {c: round(statistics.median(v)) for c, v in d.items()} for k, d in samples.items()}
    return {
        "runs": RUNS,
        "boot_ms": med,
        "boot_samples_ms": {k: {c: [round(x) for x in v] for c, v in d.items()} for k, d in samples.items()},
        "engine_overhead_ms": {c: med["engine_ready"][c] - med["bare_pyodide"][c] for c in ("cold", "warm")},
        "first_paint_ms": round(statistics.median(paints)),
        "budgets": {"engine_overhead_ms": 1000, "first_paint_ms": 500},
    }


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
    return {"cpython": cpython, "pyodide_node": {k: v for k, v in pyodide.items() if k != "node"},
            "pyodide_node_boot_ms": pyodide["node"], "slowdown_pyodide_vs_cpython": ratios,
            "budget_slowdown": 2.5}


def main() -> None:
    manifest = json.loads((DIST / "build-manifest.json").read_text())
    started = time.perf_counter()
    server, base = serve_in_thread(DIST)
    result = {
        "build": manifest["build_id"],
        "sizes": {"wheel_bytes": manifest["engine"]["wheel_bytes"], "dist_bytes": manifest["total_bytes"],
                  "dist_files": len(manifest["files"]), "budget_wheel_bytes": 1_000_000},
        "browser": browser_figures(base),
        "engine_workload": workload_figures(),
    }
    server.shutdown()
    result["seconds"] = round(time.perf_counter() - started, 1)
    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    (out / "bench.json").write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
