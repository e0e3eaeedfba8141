#!/usr/bin/env python3
"""Café search speed, today's engine against a baseline commit's, side by side in one run.

The baseline's ``engine/`` is extracted with ``git archive`` into a temporary
directory; both engines then run the same search workload
(:func:`brewhouse.bench.search_workload`: hard bots searching a fixed number
of iterations on fixed positions) in fresh subprocesses, alternating old and
new (and which goes first) round after round, so a busy machine slows both
alike.  Reports the median iterations per CPU second of each (the steadier figure
on a busy machine) and per wall-clock second (what ``bench`` prints), their
ratios, every sample and the load average before and after.

    python tests/bench/cafe_search.py [--baseline REV] [--rounds 5] [--positions 4] [--iterations 100]

Each engine searches as its bots play by default: since Café's bots judge
with the learned evaluation (``cafe/evaluation.py``), today's side pays its
dearer evaluation (113 µs a call against the rule of thumb's 36 µs) and a
baseline from before that does not, so the ratio is the bots' speed as
they play, not the same search's.

Prints one JSON document (``--out FILE`` writes it too).  Nothing here fails
on a missed target: it measures.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: the engine before the Café search was sped up (the baseline the speed-up is measured against)
DEFAULT_BASELINE = "c3387dc"

#: the workload, timed in wall-clock seconds (its own figure) and in CPU seconds of the process:
#: on a busy machine the CPU time is the steadier measure of the work done
WORKLOAD = ("import json, sys, time; from brewhouse.bench import search_workload; "
            "cpu = time.process_time(); "
            "out = search_workload('cafe', int(sys.argv[1]), int(sys.argv[2])); "
            "out['cpu_seconds'] = time.process_time() - cpu; "
            "print(json.dumps(out))")


def extract_engine(rev: str, into: Path) -> Path:
    """``engine/`` of commit ``rev``, unpacked under ``into``."""
    proc = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, "engine"], capture_output=True)
    if proc.returncode != 0:
        sys.exit(f"cannot read engine/ of commit {rev} (a shallow clone?): {proc.stderr.decode().strip()}")
    archive = proc.stdout
    tar_path = into / "engine.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into)
    return into / "engine"


def run_once(engine: Path, positions: int, iterations: int) -> dict:
    """One workload in a fresh interpreter on ``engine``."""
    env = {**os.environ, "PYTHONPATH": str(engine)}
    proc = subprocess.run([sys.executable, "-c", WORKLOAD, str(positions), str(iterations)],
                          env=env, check=True, capture_output=True, text=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def measure(baseline: str, rounds: int, positions: int, iterations: int) -> dict:
    load_before = os.getloadavg()
    started = time.perf_counter()
    samples: dict[str, list[dict]] = {"old": [], "new": []}
    with tempfile.TemporaryDirectory(prefix="cafe-bench-") as tmp:
        engines = {"old": extract_engine(baseline, Path(tmp)), "new": ROOT / "engine"}
        for engine in engines.values():  # byte-compile both first: imports are timed too
            run_once(engine, 1, 1)
        for r in range(rounds):
            order = ("old", "new") if r % 2 == 0 else ("new", "old")
            for side in order:
                samples[side].append(run_once(engines[side], positions, iterations))
    rate = {side: statistics.median(s["iterations"] / s["cpu_seconds"] for s in runs)
            for side, runs in samples.items()}
    wall = {side: statistics.median(s["iterations_per_second"] for s in runs) for side, runs in samples.items()}
    iters = {side: sorted({s["iterations"] for s in runs}) for side, runs in samples.items()}
    return {
        "baseline": baseline,
        "workload": {"game": "cafe", "positions": positions, "iterations_per_position": iterations,
                     "rounds": rounds, "iterations_per_run": iters},
        # per CPU second of the workload (medians): the headline figures
        "iterations_per_cpu_second": {"old": round(rate["old"], 1), "new": round(rate["new"], 1)},
        "ratio_new_over_old": round(rate["new"] / rate["old"], 2),
        # per wall-clock second, as `bench` reports it (noisier on a busy machine)
        "iterations_per_second": {"old": round(wall["old"], 1), "new": round(wall["new"], 1)},
        "wall_ratio_new_over_old": round(wall["new"] / wall["old"], 2),
        "samples_cpu": {side: [round(s["iterations"] / s["cpu_seconds"], 1) for s in runs]
                        for side, runs in samples.items()},
        "samples_wall": {side: [s["iterations_per_second"] for s in runs] for side, runs in samples.items()},
        "load_average": {"before": [round(x, 2) for x in load_before],
                         "after": [round(x, 2) for x in os.getloadavg()]},
        "cpus": os.cpu_count(),
        "python": sys.version.split()[0],
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, help="commit of the old engine")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each engine (alternating)")
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=100, help="search iterations per position")
    parser.add_argument("--out", type=Path, help="also write the JSON here")
    args = parser.parse_args()
    result = measure(args.baseline, args.rounds, args.positions, args.iterations)
    text = json.dumps(result, indent=1)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
