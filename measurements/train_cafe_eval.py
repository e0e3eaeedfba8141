"""Fit the learned Café evaluation (``engine/brewhouse/cafe/eval_weights.json``) from self-play.

Three steps, each reproducible from the command line alone:

1. **Positions.**  Solo games from seeds ``SEED .. SEED+GAMES-1``, played by
   the hard bot at a fixed iteration count (``--iterations``, default 30;
   it keeps its tree as in every solo ``simulate`` game, bot seed
   ``seed * 7919`` as there), judging by the rule of thumb
   (``--evaluation``, default ``rule``: how the shipped weights were
   fitted, whatever the bots' default evaluation is now).  At every decision the bot faces, the
   position is read from the *view* the bot was given
   (:func:`brewhouse.cafe.evaluation.position_of`) and kept with the seed
   and the round; once the game is over every position of it is labelled
   with the score the game went on to reach.  Positions are appended to a
   JSON-lines file (``--data``) one game at a time, so a stopped run goes on
   where it stopped and a re-run with more games plays only the new seeds.
2. **Split by game.**  Games whose seed is a multiple of ``--hold-out``
   (default 5) are held out: none of their positions is fitted on.
3. **Fit.**  A linear model over :data:`~brewhouse.cafe.evaluation.FEATURES`:
   in every round its own intercept and its own weight on the rule of
   thumb's projection (so it can do at least what the rule of thumb
   recalibrated round by round does), and for every other feature ``x`` a
   weight that drifts linearly with the round (``x`` and
   ``x * (round - 1) / 7`` enter the fit).  Fitted by ridge regression on the
   standardised features (the per-round intercepts and rule-of-thumb
   weights are not penalised; the penalty is the one of ``--ridge`` with the
   least error over four folds of the training games, by seed), solved in
   pure Python.  The
   weights written per round are the fitted model read at each round.

The report compares, on the held-out games, round by round, the root mean
square error (and mean error: prediction minus final score) of

* the mean final score of the training games (what knowing nothing gives),
* the rule of thumb (``heuristics.py``'s evaluation) as it is, and recalibrated
  (``a + b * projection``, least squares per round on the training games),
* the learned evaluation,

prints it and writes it, with the command, the engine commit and the
machine's load, to ``--report``.  Needs nothing beyond the engine::

    nice -n 19 .venv/bin/python measurements/train_cafe_eval.py --games 300 --seed 1 \\
        --data measurements/cafe-eval-positions.jsonl --report measurements/cafe-eval-fit.md \\
        --weights engine/brewhouse/cafe/eval_weights.json

At about 20 s a game on one free core (hard at 30 iterations plans its
action phases 12 wide, most of the time), 300 games take under two hours;
the fit takes seconds.  ``--no-play`` fits on the positions already in
``--data``.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from brewhouse.bots import make_bot  # noqa: E402
from brewhouse.cafe.evaluation import (FEATURES, FORMAT, LearnedModel, features, position_of,  # noqa: E402
                                       validate_weights)
from brewhouse.cafe.table import ROUNDS  # noqa: E402
from brewhouse.core.match import Match  # noqa: E402
from brewhouse.core.registry import REGISTRY  # noqa: E402

THUMB = FEATURES.index("rule_of_thumb")


# -- 1. positions ------------------------------------------------------------------------
def play_positions(seed: int, level: str, iterations: int, evaluation: str = "rule") -> list[dict[str, Any]]:
    """Every position the bot decided from in the solo game of ``seed``, labelled with its final score."""
    game = REGISTRY.get("cafe")
    match = Match(game, game.normalize_config({"players": 1}), seed)
    bot = make_bot(level, seed * 7919, iterations=iterations, keep_tree=True, evaluation=evaluation)
    rows = []
    while match.active_player is not None:
        view = game.view(match.state, 0)
        rows.append({"seed": seed, "round": int(view["round"]), "position": position_of(view, 0)})
        match.apply(bot.choose(game, view, game.legal_moves(match.state)))
    score = game.outcome(match.state).scores[0]
    for row in rows:
        row["score"] = score
    return rows


def load_rows(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def generate(path: Path, seeds: Sequence[int], level: str, iterations: int, evaluation: str = "rule") -> None:
    """Append the positions of the seeds not yet in ``path``, one game at a time."""
    done = {row["seed"] for row in load_rows(path)}
    for seed in seeds:
        if seed in done:
            continue
        started = time.perf_counter()
        rows = play_positions(seed, level, iterations, evaluation)
        with path.open("a") as out:
            for row in rows:
                out.write(json.dumps(row, separators=(",", ":"), sort_keys=True) + "\n")
        print(f"game seed {seed}: scores [{rows[0]['score']}] ({len(rows)} positions, "
              f"{time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)


# -- 3. fit -------------------------------------------------------------------------------
#: the features whose weights drift linearly with the round; the bias and the rule of thumb get a
#: weight of their own in every round (so the model holds the rule of thumb recalibrated round by round)
DRIFTING = [j for j, name in enumerate(FEATURES) if name not in ("bias", "rule_of_thumb")]
#: columns of :func:`expand`: per round an intercept (first ROUNDS) and a weight on the rule of thumb
#: (next ROUNDS), then each drifting feature and the same times the game's progress
PER_ROUND = 2 * ROUNDS


def expand(f: Sequence[float], rnd: int) -> list[float]:
    """The model's inputs for features ``f`` of a position in round ``rnd``."""
    t = (rnd - 1) / (ROUNDS - 1)
    out = [0.0] * PER_ROUND
    out[rnd - 1] = 1.0
    out[ROUNDS + rnd - 1] = f[THUMB]
    out += [f[j] for j in DRIFTING]
    out += [f[j] * t for j in DRIFTING]
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is symmetric positive definite here)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        for r in range(col + 1, n):
            k = m[r][col] / p
            if k:
                row, top = m[r], m[col]
                for c in range(col, n + 1):
                    row[c] -= k * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def ridge(xs: list[list[float]], ys: list[float], lam: float, free: int, intercepts: int = ROUNDS) -> list[float]:
    """Ridge regression on standardised inputs, weights on the raw inputs returned.

    The first ``free`` columns are neither penalised nor standardised, and
    the first ``intercepts`` of them (here one per round) are intercepts
    (exactly one is 1 in every row): they take up the centring of the others.
    """
    n, d = len(xs), len(xs[0])
    mean = [sum(x[j] for x in xs) / n for j in range(d)]
    sd = [math.sqrt(sum((x[j] - mean[j]) ** 2 for x in xs) / n) for j in range(d)]
    plain = [j < free or sd[j] < 1e-9 for j in range(d)]
    scale = [1.0 if plain[j] else sd[j] for j in range(d)]
    centre = [0.0 if plain[j] else mean[j] for j in range(d)]
    zs = [[(x[j] - centre[j]) / scale[j] for j in range(d)] for x in xs]
    a = [[0.0] * d for _ in range(d)]
    b = [0.0] * d
    for z, y in zip(zs, ys):
        nz = [i for i in range(d) if z[i]]
        for i in nz:
            zi = z[i]
            row = a[i]
            for j in nz:
                row[j] += zi * z[j]
            b[i] += zi * y
    for j in range(d):
        a[j][j] += 1e-9 if j < free else lam * n
    w = solve(a, b)
    raw = [w[j] / scale[j] for j in range(d)]
    shift = sum(w[j] * centre[j] / scale[j] for j in range(d))
    for j in range(min(free, intercepts)):
        raw[j] -= shift
    return raw


def per_round_weights(w: list[float]) -> list[list[float]]:
    """The model read at each round, as weights over :data:`FEATURES` (what the weights file holds)."""
    k = len(DRIFTING)
    out = []
    for rnd in range(1, ROUNDS + 1):
        t = (rnd - 1) / (ROUNDS - 1)
        weights = [0.0] * len(FEATURES)
        weights[0] = w[rnd - 1]
        weights[THUMB] = w[ROUNDS + rnd - 1]
        for i, j in enumerate(DRIFTING):
            weights[j] = w[PER_ROUND + i] + w[PER_ROUND + k + i] * t
        out.append([round(v, 6) for v in weights])
    return out


def choose_ridge(train: list[dict[str, Any]], lams: Sequence[float], hold_out: int
                 ) -> tuple[float, dict[float, float]]:
    """The penalty with the least error over folds of the training games (fold = seed mod ``hold_out``,
    the held-out residue left out), and each penalty's error."""
    folds = sorted({r["seed"] % hold_out for r in train})
    cv = {}
    for lam in lams:
        sq, n = 0.0, 0
        for fold in folds:
            fit = [r for r in train if r["seed"] % hold_out != fold]
            check = [r for r in train if r["seed"] % hold_out == fold]
            if not fit or not check:
                continue
            w = ridge([expand(r["f"], r["round"]) for r in fit], [float(r["score"]) for r in fit], lam, PER_ROUND)
            for r in check:
                x = expand(r["f"], r["round"])
                sq += (sum(a * b for a, b in zip(w, x)) - r["score"]) ** 2
                n += 1
        cv[lam] = math.sqrt(sq / n) if n else float("inf")
    return min(cv, key=cv.__getitem__), cv


def line_fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Least squares a + b x."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    var = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var if var > 1e-12 else 0.0
    return my - b * mx, b


def errors(pred: list[float], ys: list[float]) -> tuple[float, float]:
    """(root mean square error, mean error) of predictions."""
    n = len(ys)
    return (math.sqrt(sum((p - y) ** 2 for p, y in zip(pred, ys)) / n), sum(p - y for p, y in zip(pred, ys)) / n)


def add_fit_arguments(ap: argparse.ArgumentParser, game: str, games: int, level: str,
                      ridge_values: Sequence[float]) -> None:
    """The options every trainer shares: which games to play, how to hold some out, the ridge
    penalties to choose from, and where ``game``'s positions, report and weights file go."""
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default=level)
    ap.add_argument("--hold-out", type=int, default=5, help="games whose seed is a multiple of this are held out")
    ap.add_argument("--ridge", type=float, nargs="+", default=list(ridge_values),
                    help="ridge penalties per position on standardised inputs to choose from, by cross-validation "
                         "over the training games (folds by seed)")
    ap.add_argument("--data", default=f"measurements/{game}-eval-positions.jsonl")
    ap.add_argument("--report", default=f"measurements/{game}-eval-fit.md")
    ap.add_argument("--weights", default=f"engine/brewhouse/{game}/eval_weights.json")
    ap.add_argument("--version", type=int, default=1, help="the weights file's version")
    ap.add_argument("--no-play", action="store_true", help="fit on the positions already in --data")


def split_by_seed(rows: list[dict[str, Any]], hold_out: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(training, held-out) positions: a game whose seed is a multiple of ``hold_out`` is held out whole."""
    train = [r for r in rows if r["seed"] % hold_out != 0]
    test = [r for r in rows if r["seed"] % hold_out == 0]
    if not train or not test:
        raise SystemExit("the split left no training or no held-out game: play more games")
    return train, test


def engine_commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "engine"], capture_output=True,
                               text=True, check=True).stdout.strip()
        return out + (" (engine with uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_fit_arguments(ap, "cafe", games=300, level="hard", ridge_values=[0.001, 0.01, 0.1, 1.0, 10.0])
    ap.add_argument("--iterations", type=int, default=30)
    ap.add_argument("--evaluation", default="rule",
                    help="the evaluation the self-play bot judges with (a --data file holds one kind of game: "
                         "use another file for another evaluation)")
    args = ap.parse_args(argv)
    command = "measurements/train_cafe_eval.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    commit, load_before, started = engine_commit(), os.getloadavg(), time.time()
    data = Path(args.data)
    seeds = list(range(args.seed, args.seed + args.games))
    if not args.no_play:
        generate(data, seeds, args.level, args.iterations, args.evaluation)
    wanted = set(seeds)
    rows = [r for r in load_rows(data) if r["seed"] in wanted]
    if not rows:
        raise SystemExit(f"{data}: no positions of seeds {args.seed}-{args.seed + args.games - 1}")
    cat = REGISTRY.get("cafe").cat
    for r in rows:
        r["f"] = features(cat, r["position"])
    train, test = split_by_seed(rows, args.hold_out)
    lam, cv = choose_ridge(train, args.ridge, args.hold_out)
    for value, err in cv.items():
        print(f"ridge {value:g}: cross-validated error {err:.3f}", file=sys.stderr)
    w = ridge([expand(r["f"], r["round"]) for r in train], [float(r["score"]) for r in train], lam, PER_ROUND)
    weights = {
        "version": args.version,
        "format": FORMAT,
        "features": list(FEATURES),
        "rounds": per_round_weights(w),
        "trained": {
            "command": command, "engine": commit, "level": args.level, "iterations": args.iterations,
            "evaluation": args.evaluation,
            "seeds": f"{args.seed}-{args.seed + args.games - 1}", "held_out": f"seed % {args.hold_out} == 0",
            "games": len({r['seed'] for r in train}), "positions": len(train), "ridge": lam,
            "ridge_cv": {f"{k:g}": round(v, 4) for k, v in cv.items()},
        },
    }
    problems = validate_weights(weights)
    if problems:
        raise SystemExit("; ".join(problems))
    model = LearnedModel(weights)
    lines = report_table(cat, model, train, test)
    for line in lines:
        print(line)
    Path(args.weights).write_text(json.dumps(weights, indent=1) + "\n")
    load_after = os.getloadavg()
    header = [
        "# Learned Café evaluation: fit on held-out games",
        "",
        f"Command: `nice -n 19 .venv/bin/python {command}`  ",
        f"Engine: `{commit}`; run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))}, "
        f"{time.time() - started:.0f} s; machine load (1/5/15 min) {load_before[0]:.1f}/{load_before[1]:.1f}/"
        f"{load_before[2]:.1f} before, {load_after[0]:.1f}/{load_after[1]:.1f}/{load_after[2]:.1f} after "
        f"({os.cpu_count()} cores).  ",
        f"Positions: every decision of solo games played by {args.level} at {args.iterations} iterations "
        f"(seeds {args.seed}-{args.seed + args.games - 1}, positions read from the bot's view), labelled with "
        "the final score.  ",
        f"Split by game: seeds ≡ 0 mod {args.hold_out} held out ({len({r['seed'] for r in test})} games, "
        f"{len(test)} positions); fitted on {len({r['seed'] for r in train})} games ({len(train)} positions).",
        "",
    ]
    Path(args.report).write_text("\n".join(header + lines) + "\n")


def report_table(cat: Any, model: LearnedModel, train: list[dict[str, Any]], test: list[dict[str, Any]]
                 ) -> list[str]:
    """Held-out error by round: the training mean, the rule of thumb (raw, recalibrated), the learned model."""
    lines = ["Root mean square error on held-out positions (mean error, prediction minus final score, in "
             "brackets), by round:", "",
             "| round | positions | spread of final scores | training mean | rule of thumb | rule of thumb "
             "recalibrated | learned |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    totals: dict[str, list[float]] = {"mean": [], "thumb": [], "cal": [], "learned": [], "y": []}
    for rnd in range(1, ROUNDS + 1):
        tr = [r for r in train if r["round"] == rnd]
        te = [r for r in test if r["round"] == rnd]
        if not tr or not te:
            continue
        ys = [float(r["score"]) for r in te]
        mean = sum(r["score"] for r in tr) / len(tr)
        a, b = line_fit([r["f"][THUMB] for r in tr], [float(r["score"]) for r in tr])
        preds = {"mean": [mean] * len(te), "thumb": [r["f"][THUMB] for r in te],
                 "cal": [a + b * r["f"][THUMB] for r in te],
                 "learned": [model.predict(cat, r["position"]) for r in te]}
        my = sum(ys) / len(ys)
        spread = math.sqrt(sum((y - my) ** 2 for y in ys) / len(ys))
        cells = []
        for key in ("mean", "thumb", "cal", "learned"):
            rmse, bias = errors(preds[key], ys)
            cells.append(f"{rmse:.2f} ({bias:+.2f})")
            totals[key].extend(preds[key])
        totals["y"].extend(ys)
        lines.append(f"| {rnd} | {len(te)} | {spread:.2f} | " + " | ".join(cells) + " |")
    ys = totals["y"]
    cells = []
    for key in ("mean", "thumb", "cal", "learned"):
        rmse, bias = errors(totals[key], ys)
        cells.append(f"{rmse:.2f} ({bias:+.2f})")
    my = sum(ys) / len(ys)
    spread = math.sqrt(sum((y - my) ** 2 for y in ys) / len(ys))
    lines.append(f"| all | {len(ys)} | {spread:.2f} | " + " | ".join(cells) + " |")
    return lines


if __name__ == "__main__":
    main()
