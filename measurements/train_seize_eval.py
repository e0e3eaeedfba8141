"""Fit the learned Seize the Bean evaluation (``engine/brewhouse/seize/eval_weights.json``) from self-play.

The same three steps as ``train_cafe_eval.py`` (whose fitting helpers this script uses):

1. **Positions.**  2-player games from seeds ``SEED .. SEED+GAMES-1`` between two bots of
   ``--level`` (default normal) at their fixed iteration counts times ``--scale`` (default 0.25:
   the arena ladder's setting), bot seeds ``seed * 7919 + seat`` as in ``simulate``, judging by the
   rule of thumb.  Every ``--every``-th decision of each game (default 3) keeps the deciding
   player's café as :func:`brewhouse.seize.evaluation.features` reads it (only what that player
   knows), with the game's progress; once the game is over each is labelled with the final points
   that player reached.  Positions are appended to a JSON-lines file (``--data``) one game at a
   time, so a stopped run goes on where it stopped.
2. **Split by game.**  Games whose seed is a multiple of ``--hold-out`` (default 5) are held out.
3. **Fit.**  ``sum((a + b * t) * x)`` over :data:`~brewhouse.seize.evaluation.FEATURES`, ``t`` the
   progress (share of the City's Good Review pool taken): each feature ``x`` and ``x * t`` enter a
   ridge regression on standardised inputs; the bias and the rule of thumb's weight are not
   penalised (so the model can do at least what the rule of thumb, rescaled, does).  The penalty is
   the one of ``--ridge`` with the least error over four folds of the training games, by seed.

The report compares on the held-out games, by quarter of progress, the root mean square error
(and mean error, prediction minus final points) of the training games' mean, the rule of thumb as
it is and recalibrated (``a + b * projection`` by least squares on the training games), and the
learned model; it is printed and written, with the command, engine commit and machine load, to
``--report``::

    .venv/bin/python measurements/train_seize_eval.py --games 400 --seed 1 \\
        --data /tmp/seize-eval-positions.jsonl --report measurements/seize-eval-fit.md \\
        --weights engine/brewhouse/seize/eval_weights.json

400 games take about 10 minutes on two cores (``--workers 2``), the fit a few minutes.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Sequence

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "engine"))
sys.path.insert(0, str(HERE))

from train_cafe_eval import (add_fit_arguments, engine_commit, errors, line_fit, load_rows, ridge,  # noqa: E402
                             split_by_seed)

from brewhouse.bots import make_bot  # noqa: E402
from brewhouse.core.match import Match  # noqa: E402
from brewhouse.core.registry import REGISTRY  # noqa: E402
from brewhouse.seize.evaluation import FEATURES, FORMAT, LearnedModel, features, progress, validate_weights  # noqa: E402
from brewhouse.seize.heuristics import HEURISTICS  # noqa: E402

THUMB = FEATURES.index("rule_of_thumb")
#: the columns neither standardised nor penalised: the bias (the one intercept) and the rule of thumb
FREE = 2


# -- 1. positions ------------------------------------------------------------------------
def play_positions(seed: int, level: str, scale: float, every: int) -> list[dict[str, Any]]:
    """Every ``every``-th position decided from in the 2-player game of ``seed``, labelled with the
    decider's final points."""
    game = REGISTRY.get("seize")
    match = Match(game, game.normalize_config({"players": 2}), seed)
    bots = [make_bot(level, seed * 7919 + i, fixed=True, scale=scale) for i in range(2)]
    rows = []
    k = 0
    while (p := match.active_player) is not None:
        state = match.state
        if k % every == 0:
            thumb = HEURISTICS.evaluate(game, state)[p]
            rows.append({"seed": seed, "player": p, "t": progress(state), "f": features(state, p, game.db, thumb)})
        k += 1
        view = game.view(state, p)
        match.apply(bots[p].choose(game, view, game.legal_moves(state)))
    scores = game.outcome(match.state).scores
    for row in rows:
        row["score"] = scores[row["player"]]
    return rows


def _play(args: tuple[int, str, float, int]) -> list[dict[str, Any]]:
    return play_positions(*args)


def generate(path: Path, seeds: Sequence[int], level: str, scale: float, every: int, workers: int) -> None:
    """Append the positions of the seeds not yet in ``path``, one game at a time."""
    done = {row["seed"] for row in load_rows(path)}
    todo = [(s, level, scale, every) for s in seeds if s not in done]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for rows in pool.map(_play, todo):
            with path.open("a") as out:
                for row in rows:
                    out.write(json.dumps(row, separators=(",", ":"), sort_keys=True) + "\n")
            if rows:
                print(f"game seed {rows[0]['seed']}: {len(rows)} positions", file=sys.stderr, flush=True)


# -- 3. fit -------------------------------------------------------------------------------
def expand(f: Sequence[float], t: float) -> list[float]:
    """The model's inputs: every feature, then every feature times the progress."""
    return list(f) + [x * t for x in f]


def fit(rows: list[dict[str, Any]], lam: float) -> list[float]:
    return ridge([expand(r["f"], r["t"]) for r in rows], [float(r["score"]) for r in rows], lam, FREE, intercepts=1)


def choose_ridge(train: list[dict[str, Any]], lams: Sequence[float], hold_out: int) -> tuple[float, dict[float, float]]:
    """The penalty with the least error over folds of the training games (fold = seed mod ``hold_out``)."""
    folds = sorted({r["seed"] % hold_out for r in train})
    cv = {}
    for lam in lams:
        sq, n = 0.0, 0
        for fold in folds:
            part = [r for r in train if r["seed"] % hold_out != fold]
            check = [r for r in train if r["seed"] % hold_out == fold]
            if not part or not check:
                continue
            w = fit(part, lam)
            for r in check:
                sq += (sum(a * b for a, b in zip(w, expand(r["f"], r["t"]))) - r["score"]) ** 2
                n += 1
        cv[lam] = math.sqrt(sq / n) if n else float("inf")
    return min(cv, key=cv.__getitem__), cv


def report_table(model: LearnedModel, train: list[dict[str, Any]], test: list[dict[str, Any]]) -> list[str]:
    """Held-out error by quarter of progress: the training mean, the rule of thumb (raw, recalibrated), the model."""
    lines = ["Root mean square error on held-out positions (mean error, prediction minus final points, in "
             "brackets), by quarter of progress (share of the City's Good Review pool taken):", "",
             "| progress | positions | spread of final points | training mean | rule of thumb | rule of thumb "
             "recalibrated | learned |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    totals: dict[str, list[float]] = {"mean": [], "thumb": [], "cal": [], "learned": [], "y": []}
    for q in range(4):
        lo, hi = q / 4, (q + 1) / 4
        inside = (lambda r: lo <= r["t"] < hi) if q < 3 else (lambda r: r["t"] >= lo)
        tr = [r for r in train if inside(r)]
        te = [r for r in test if inside(r)]
        if not tr or not te:
            continue
        ys = [float(r["score"]) for r in te]
        mean = sum(r["score"] for r in tr) / len(tr)
        a, b = line_fit([r["f"][THUMB] for r in tr], [float(r["score"]) for r in tr])
        preds = {"mean": [mean] * len(te), "thumb": [r["f"][THUMB] for r in te],
                 "cal": [a + b * r["f"][THUMB] for r in te],
                 "learned": [model.predict(r["f"], r["t"]) for r in te]}
        my = sum(ys) / len(ys)
        spread = math.sqrt(sum((y - my) ** 2 for y in ys) / len(ys))
        cells = []
        for key in ("mean", "thumb", "cal", "learned"):
            rmse, bias = errors(preds[key], ys)
            cells.append(f"{rmse:.2f} ({bias:+.2f})")
            totals[key].extend(preds[key])
        totals["y"].extend(ys)
        lines.append(f"| {lo:.2f}-{hi:.2f} | {len(te)} | {spread:.2f} | " + " | ".join(cells) + " |")
    ys = totals["y"]
    my = sum(ys) / len(ys)
    spread = math.sqrt(sum((y - my) ** 2 for y in ys) / len(ys))
    cells = []
    for key in ("mean", "thumb", "cal", "learned"):
        rmse, bias = errors(totals[key], ys)
        cells.append(f"{rmse:.2f} ({bias:+.2f})")
    lines.append(f"| all | {len(ys)} | {spread:.2f} | " + " | ".join(cells) + " |")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_fit_arguments(ap, "seize", games=400, level="normal", ridge_values=[0.001, 0.01, 0.1, 1.0])
    ap.add_argument("--scale", type=float, default=0.25, help="times the level's fixed iteration counts")
    ap.add_argument("--every", type=int, default=3, help="keep every this-many-th decision of a game")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    command = "measurements/train_seize_eval.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    commit, load_before, started = engine_commit(), os.getloadavg(), time.time()
    data = Path(args.data)
    seeds = list(range(args.seed, args.seed + args.games))
    if not args.no_play:
        generate(data, seeds, args.level, args.scale, args.every, args.workers)
    wanted = set(seeds)
    rows = [r for r in load_rows(data) if r["seed"] in wanted]
    if not rows:
        raise SystemExit(f"{data}: no positions of seeds {args.seed}-{args.seed + args.games - 1}")
    train, test = split_by_seed(rows, args.hold_out)
    lam, cv = choose_ridge(train, args.ridge, args.hold_out)
    for value, err in cv.items():
        print(f"ridge {value:g}: cross-validated error {err:.3f}", file=sys.stderr)
    w = fit(train, lam)
    n = len(FEATURES)
    weights = {
        "version": args.version,
        "format": FORMAT,
        "features": list(FEATURES),
        "weights": [round(v, 6) for v in w[:n]],
        "drift": [round(v, 6) for v in w[n:]],
        "trained": {
            "command": command, "engine": commit, "level": args.level, "scale": args.scale, "every": args.every,
            "seeds": f"{args.seed}-{args.seed + args.games - 1}", "held_out": f"seed % {args.hold_out} == 0",
            "games": len({r['seed'] for r in train}), "positions": len(train), "ridge": lam,
            "ridge_cv": {f"{k:g}": round(v, 4) for k, v in cv.items()},
        },
    }
    problems = validate_weights(weights)
    if problems:
        raise SystemExit("; ".join(problems))
    model = LearnedModel(weights)
    lines = report_table(model, train, test)
    for line in lines:
        print(line)
    Path(args.weights).write_text(json.dumps(weights, indent=1) + "\n")
    load_after = os.getloadavg()
    header = [
        "# Learned Seize the Bean evaluation: fit on held-out games",
        "",
        f"Command: `.venv/bin/python {command}`  ",
        f"Engine: `{commit}`; run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))}, "
        f"{time.time() - started:.0f} s; machine load (1/5/15 min) {load_before[0]:.1f}/{load_before[1]:.1f}/"
        f"{load_before[2]:.1f} before, {load_after[0]:.1f}/{load_after[1]:.1f}/{load_after[2]:.1f} after "
        f"({os.cpu_count()} cores).  ",
        f"Positions: one decision in {args.every} of 2-player games between two {args.level} bots at "
        f"{args.scale} of their fixed iterations (seeds {args.seed}-{args.seed + args.games - 1}), the deciding "
        "player's café, labelled with the final points that player reached.  ",
        f"Split by game: seeds ≡ 0 mod {args.hold_out} held out ({len({r['seed'] for r in test})} games, "
        f"{len(test)} positions); fitted on {len({r['seed'] for r in train})} games ({len(train)} positions); "
        f"ridge {lam:g} chosen by 4-fold cross-validation over the training games.",
        "",
    ]
    Path(args.report).write_text("\n".join(header + lines) + "\n")


if __name__ == "__main__":
    main()
