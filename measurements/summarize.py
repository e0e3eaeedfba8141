"""Summarise solo Café scores logged by ``simulate ... --progress`` (one line per game).

A 500-game measurement at the hard level's fixed budget takes longer than
one sitting, so it is run in chunks of seeds, each chunk's progress lines
appended to one log.  This reads such logs and prints what a single run
would: games, seeds covered, mean (with its standard error), min /
quartiles / max (nearest rank, as ``simulate`` prints them) and the
book's score bands::

    .venv/bin/python measurements/summarize.py measurements/cafe-solo-hard-fixed.log

A seed logged twice must have the same score (the runs are reproducible);
a disagreement is an error.

Two bots compared side by side on the same seeds (their games share the
seeds and bot seeds, so a difference seed by seed has far less noise than
two means)::

    .venv/bin/python measurements/summarize.py NEW.log --against OLD.log
"""
from __future__ import annotations

import argparse
import math
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from brewhouse.cafe.scoring import SOLO_SCALE, solo_rank  # noqa: E402

LINE = re.compile(r"^game seed (\d+): scores \[(\d+)\]$")


def read_scores(paths: list[str]) -> dict[int, int]:
    """Seed -> score from the logs (lines that are not progress lines are skipped)."""
    scores: dict[int, int] = {}
    for path in paths:
        try:
            text = Path(path).read_text()
        except OSError as err:
            raise SystemExit(f"{path}: cannot read the log ({err.strerror})") from None
        for n, line in enumerate(text.splitlines(), start=1):
            got = LINE.match(line.strip())
            if got is None:
                continue
            seed, score = int(got.group(1)), int(got.group(2))
            if scores.get(seed, score) != score:
                raise SystemExit(f"{path}:{n}: seed {seed} scored {score}, earlier {scores[seed]}")
            scores[seed] = score
    return scores


def seed_ranges(seeds: list[int]) -> str:
    """1-3, 7 for [1, 2, 3, 7]."""
    out, start = [], None
    for i, s in enumerate(seeds):
        if start is None:
            start = s
        if i + 1 == len(seeds) or seeds[i + 1] != s + 1:
            out.append(f"{start}-{s}" if s != start else str(s))
            start = None
    return ", ".join(out)


def paired(new: dict[int, int], old: dict[int, int]) -> str:
    """The mean difference new - old on the seeds both hold, with its standard error and counts."""
    common = sorted(set(new) & set(old))
    if not common:
        raise SystemExit("the two logs share no seed")
    diffs = [new[s] - old[s] for s in common]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    before = sum(old[s] for s in common) / n
    return (f"paired on {n} seeds ({seed_ranges(common)}): {before:.2f} before, {before + mean:.2f} after, "
            f"{mean:+.2f} (standard error {sd / math.sqrt(n):.2f}); {sum(d > 0 for d in diffs)} better, "
            f"{sum(d == 0 for d in diffs)} equal, {sum(d < 0 for d in diffs)} worse")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="summarize.py", description="Sum up solo Café logs of `simulate ... --progress` lines.")
    parser.add_argument("logs", nargs="+", metavar="LOG", help="progress logs, read as one run")
    parser.add_argument("--against", nargs="+", metavar="OLD_LOG",
                        help="another bot's logs: print the seed-by-seed difference on the seeds both hold")
    args = parser.parse_args(argv)
    scores = read_scores(args.logs)
    against = args.against
    if not scores:
        raise SystemExit("no game lines found")
    seeds = sorted(scores)
    xs = sorted(scores.values())
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    pick = lambda q: xs[min(n - 1, int(q * n))]  # noqa: E731
    print(f"games {n}, seeds {seed_ranges(seeds)}")
    print(f"mean {mean:.2f} (standard error {sd / math.sqrt(n):.2f}; standard deviation {sd:.2f})")
    print(f"min, quartiles, max {[xs[0], pick(0.25), pick(0.5), pick(0.75), xs[-1]]}")
    counts = {name: 0 for _low, name in SOLO_SCALE}
    for x in xs:
        counts[solo_rank(x)] += 1
    print("bands " + ", ".join(f"{name} {k} ({k / n:.1%})" for name, k in counts.items()))
    if against is not None:
        print(paired(scores, read_scores(against)))


if __name__ == "__main__":
    main(sys.argv[1:])
