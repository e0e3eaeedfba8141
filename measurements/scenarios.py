"""Summarise solo-scenario logs (``<scenario> game seed N: scores [you, Starbots] | <verdict>`` lines).

Wins per scenario by the booklet's verdict, and a paired comparison against an older log of the
same games (same seeds and bot seeds)::

    .venv/bin/python measurements/scenarios.py measurements/seize-scenarios-hard-goals.txt \\
        --against measurements/seize-scenarios-hard.txt

Several logs read as one, a later log's game replacing an earlier one's of the same scenario and
seed (a re-run with a changed bot)::

    .venv/bin/python measurements/scenarios.py measurements/seize-scenarios-hard-goals-run.txt \\
        measurements/seize-scenarios-hard-goals-run-2.txt --against measurements/seize-scenarios-hard.txt

A log may give only some of its scenarios, named after an ``@`` (a log whose other scenarios'
games a later bot no longer plays the same)::

    .venv/bin/python measurements/scenarios.py measurements/seize-scenarios-hard.txt@ao_amor,cafe_da_nala \
        measurements/seize-scenarios-hard-goals-run.txt

``--table`` prints the README's table instead: games, mean scores and wins with their 95%
Wilson interval, per scenario in the booklet's order.

An older log may lack the verdict (``seize-scenarios-hard.txt`` printed scores only).  Its
verdict is then read from the scores where they settle it: a scenario whose only condition is
more Good Reviews is won with more points and lost with fewer (a tie is left unknown, the
booklet's tie-break needs the resources), and a scenario with no win in its whole log is lost
in every game.  Unsettled games are counted apart, never guessed.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Optional

LINE = re.compile(r"^(\w+) game seed (\d+): scores \[([-\d.]+), ([-\d.]+)\](?: \| (won|lost)\b.*)?$")
WINS = re.compile(r"^# wins (\d+) of (\d+)")
HEADING = re.compile(r"^## (\w+) seeds")
#: the scenarios won by more Good Reviews alone (solo.json's ``win``)
REVIEWS_ONLY = {"new_startup", "ao_amor", "cafe_da_nala"}

Game = tuple[float, float, Optional[bool]]  # your points, Starbots', won (None: unknown)


def read(path: str) -> dict[str, dict[int, Game]]:
    """Scenario -> seed -> game, verdicts filled in from the scores where they settle it."""
    try:
        text = Path(path).read_text()
    except OSError as err:
        raise SystemExit(f"{path}: cannot read the log ({err.strerror})") from None
    games: dict[str, dict[int, Game]] = {}
    wins: dict[str, int] = {}
    section = None
    for line in text.splitlines():
        line = line.strip()
        if (got := HEADING.match(line)) is not None:
            section = got.group(1)
        elif (got := WINS.match(line)) is not None and section is not None:
            wins[section] = wins.get(section, 0) + int(got.group(1))
        elif (got := LINE.match(line)) is not None:
            sid, seed = got.group(1), int(got.group(2))
            verdict = None if got.group(5) is None else got.group(5) == "won"
            games.setdefault(sid, {})[seed] = (float(got.group(3)), float(got.group(4)), verdict)
    for sid, by_seed in games.items():
        for seed, (mine, theirs, won) in by_seed.items():
            if won is not None:
                continue
            if sid in REVIEWS_ONLY and mine != theirs:
                won = mine > theirs
            elif wins.get(sid) == 0:
                won = False
            by_seed[seed] = (mine, theirs, won)
    return games


def read_all(paths: list[str]) -> dict[str, dict[int, Game]]:
    """Several logs as one: a later log's game replaces an earlier one's of the same scenario and seed.
    ``path@a,b`` reads only scenarios ``a`` and ``b`` of that log."""
    games: dict[str, dict[int, Game]] = {}
    for arg in paths:
        path, _, only = arg.partition("@")
        wanted = set(only.split(",")) if only else None
        for sid, by_seed in read(path).items():
            if wanted is None or sid in wanted:
                games.setdefault(sid, {}).update(by_seed)
    return {sid: dict(sorted(by_seed.items())) for sid, by_seed in games.items()}


def summary(games: dict[str, dict[int, Game]], against: Optional[dict[str, dict[int, Game]]] = None) -> list[str]:
    out = []
    total = won = unsettled = 0
    paired = paired_won = paired_unsettled = 0  # the same games in the older log
    for sid, by_seed in games.items():
        n, w = len(by_seed), sum(1 for g in by_seed.values() if g[2])
        unknown = sum(1 for g in by_seed.values() if g[2] is None)
        total, won, unsettled = total + n, won + w, unsettled + unknown
        line = f"{sid}: won {w} of {n}" + (f", {unknown} unsettled" if unknown else "") + \
            f" (seeds {min(by_seed)}-{max(by_seed)})"
        old = (against or {}).get(sid)
        common = sorted(set(by_seed) & set(old or {}))
        if old and not common:
            line += "; no seed of it in the older log"
        if common:
            before = [old[s][2] for s in common]
            margin = [(by_seed[s][0] - by_seed[s][1]) - (old[s][0] - old[s][1]) for s in common]
            settled = [s for s in common if old[s][2] is not None]
            paired += len(common)
            paired_won += sum(1 for b in before if b)
            paired_unsettled += len(common) - len(settled)
            line += (f"; the same {len(common)} games before: won {sum(1 for b in before if b)}"
                     + (f" ({len(common) - len(settled)} unsettled by the old log)" if len(settled) < len(common) else "")
                     + f"; won now and lost before {sum(1 for s in settled if by_seed[s][2] and not old[s][2])}, "
                       f"lost now and won before {sum(1 for s in settled if not by_seed[s][2] and old[s][2])}; "
                       f"point margin over Starbots {sum(margin) / len(margin):+.1f} a game")
        out.append(line)
    last = (f"all: won {won} of {total} ({won / total:.0%})" + (f", {unsettled} unsettled" if unsettled else "")
            if total else "no game")
    if paired:
        last += (f"; the same {paired} games before: won {paired_won}"
                 + (f", {paired_unsettled} unsettled by the old log" if paired_unsettled else ""))
    out.append(last)
    return out


def table(games: dict[str, dict[int, Game]]) -> list[str]:
    """The README's Markdown table of ``games`` (unsettled games count as not won)."""
    from brewhouse.play import wilson_interval
    from brewhouse.seize.data import load_db

    def wins(k: int, n: int) -> str:
        lo, hi = wilson_interval(k, n)
        return f"{k} ({k / n:.0%}, 95% CI {lo:.0%}-{hi:.0%})".replace("%-", "-")

    out = ["| scenario | games | hard bot's mean score | Starbots' mean score | hard bot wins (booklet's verdict) |",
           "| --- | --- | --- | --- | --- |"]
    total = won = 0
    for sc in load_db().solo["scenarios"]:
        by_seed = games.get(sc["id"])
        if not by_seed:
            continue
        n, k = len(by_seed), sum(1 for g in by_seed.values() if g[2])
        total, won = total + n, won + k
        mine = sum(g[0] for g in by_seed.values()) / n
        theirs = sum(g[1] for g in by_seed.values()) / n
        out.append(f"| {sc['name']} | {n} | {mine:.1f} | {theirs:.1f} | {wins(k, n)} |")
    if total:
        out.append(f"| all | {total} | | | {wins(won, total)} |")
    return out


def main(argv: Optional[list[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log", nargs="+", help="logs read as one (a later one's game replaces an earlier one's); "
                    "path@a,b reads only scenarios a and b of that log")
    ap.add_argument("--against", help="an older log of the same games")
    ap.add_argument("--table", action="store_true", help="print the README's Markdown table instead")
    args = ap.parse_args(argv)
    games = read_all(args.log)
    if args.table:
        print("\n".join(table(games)))
        return
    print("\n".join(summary(games, read(args.against) if args.against else None)))


if __name__ == "__main__":
    main(sys.argv[1:])
