"""Command line: ``python -m brewhouse games|cards|simulate|arena|balance|bench``.

Examples::

    python -m brewhouse games
    python -m brewhouse cards seize --config '{"district": "mitte"}'
    python -m brewhouse simulate seize --players 3 --bots random --games 100 --seed 1 --json
    python -m brewhouse simulate seize --players 6 --config '{"district": "prenzlauer_berg"}' --games 20
    python -m brewhouse arena seize --a random --b random --games 200 --seed 1
    python -m brewhouse arena seize --a hard --b normal --games 100 --seed 1 --fixed --scale 0.5 --sprt --json
    python -m brewhouse balance seize --games 200 --seed 1
    python -m brewhouse balance seize --district all --games 100
    python -m brewhouse balance seize --founders all --games 100
    python -m brewhouse bench --json

Errors (unknown or not-yet-playable game, bad options) print one clear line
on stderr and exit with status 2.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from statistics import mean
from typing import Any, Callable, Iterable, Optional, Sequence

from . import __version__
from .bench import workloads
from .core.errors import BadRequest, BrewhouseError, InvalidConfig
from .core.registry import REGISTRY
from .core.safejson import loads_bounded
from .play import GameRecord, play_game, wilson_interval


def _emit(data: Any, as_json: bool, lines: Sequence[str]) -> None:
    print(json.dumps(data, indent=1) if as_json else "\n".join(lines))


def _config(args: argparse.Namespace, **fixed: Any) -> dict[str, Any]:
    """The ``--config JSON`` object (any option of the game) with the command's own options on top."""
    extra: Any = {}
    if getattr(args, "config", None):
        try:
            extra = loads_bounded(args.config)
        except ValueError as err:
            raise InvalidConfig(f"--config must be a JSON object: {err}"[:200]) from None
        if not isinstance(extra, dict):
            raise InvalidConfig("--config must be a JSON object, e.g. '{\"district\": \"mitte\"}'")
    for key, value in fixed.items():
        if value is None:
            continue
        if key in extra and extra[key] != value:
            raise InvalidConfig(f"--config says {key} = {extra[key]!r} but the command says {value!r}")
        extra[key] = value
    return extra


def cmd_games(args: argparse.Namespace) -> None:
    infos = [i.to_json() for i in REGISTRY.infos()]
    _emit(infos, args.json, [
        f"{i['id']:6} {i['title']:16} {i['min_players']}-{i['max_players']} players  "
        + ("available" if i["available"] else f"unavailable ({i['status']})") for i in infos])


def cmd_simulate(args: argparse.Namespace) -> None:
    """Seeded games between bot levels; with --starbots L, solo games against Starbots level L."""
    game = REGISTRY.get(args.game)
    levels = args.bots.split(",")
    if args.starbots is not None:
        if not game.accepts_seat(f"starbots-{args.starbots}"):
            raise InvalidConfig(f"{game.title} has no Starbots level {args.starbots}")
        config = game.normalize_config(_config(args, players=1, starbots_level=args.starbots))
    else:
        raw = _config(args, players=args.players)
        if "players" not in raw:
            raise InvalidConfig("simulate needs --players (or --starbots LEVEL for solo)")
        config = game.normalize_config(raw)
    deciders = config["players"]
    seats = [levels[i % len(levels)] for i in range(deciders)]
    options = _bot_options(args)
    if args.workers < 1:
        raise InvalidConfig("--workers must be at least 1")
    report = None
    if args.progress:
        def report(record: GameRecord) -> None:
            line = f"game seed {record.seed}: scores {list(record.outcome.scores)}"
            verdict = (record.outcome.breakdown or [{}])[0].get("scenario")
            if verdict:  # a solo scenario is won by its own conditions: say how it ended
                line += f" | {verdict['result']}"
            print(line, file=sys.stderr, flush=True)
    started = time.perf_counter()
    records = _play_many(game.id, config, [args.seed + k for k in range(args.games)], seats, options,
                         args.workers, report)
    wall = time.perf_counter() - started
    names = seats + [f"starbots-{args.starbots}"] * (len(records[0].outcome.scores) - deciders)
    n = len(names)
    wins = [sum((1 / len(r.outcome.winners)) for r in records if p in r.outcome.winners) for p in range(n)]
    result = {
        "game": game.id, "players": deciders, "seats": names, "games": args.games, "seed": args.seed,
        "config": config,
        "mean_score": [round(mean(r.outcome.scores[p] for r in records), 2) for p in range(n)],
        "win_rate": [round(w / args.games, 3) for w in wins],
        "win_rate_ci95": [[round(x, 3) for x in wilson_interval(w, args.games)] for w in wins],
        "mean_plies": round(mean(r.plies for r in records), 1),
        "decisions_per_game": round(mean(sum(r.decisions) for r in records), 1),
        # each game's wall-clock time summed over the games, and the run's wall-clock time:
        # with --workers the games overlap, so the rate comes from the wall clock
        "seconds": round(sum(r.seconds for r in records), 3),
        "wall_seconds": round(wall, 3),
        "workers": args.workers,
        "bot_options": options,
    }
    result["games_per_second"] = round(args.games / wall, 2) if wall > 0 else None
    for key in records[0].length:
        result[f"mean_{key}"] = round(mean(r.length[key] for r in records), 2)
    lengths = ", ".join(f"{result[f'mean_{k}']} {k}" for k in records[0].length)
    result["score_quartiles"] = [_quartiles([r.outcome.scores[p] for r in records]) for p in range(n)]
    extra = []
    if all("rank" in (r.outcome.breakdown or [{}])[0] for r in records):
        # solo games with a score scale: how many games landed in each band
        low: dict[str, float] = {}
        counts: dict[str, int] = {}
        for r in records:
            band = r.outcome.breakdown[0]["rank"]
            counts[band] = counts.get(band, 0) + 1
            low[band] = min(low.get(band, r.outcome.scores[0]), r.outcome.scores[0])
        bands = {band: counts[band] for band in sorted(counts, key=low.__getitem__)}  # the scale's order
        result["solo_bands"] = bands
        extra.append("  solo scale: " + ", ".join(f"{k} {v} ({v / args.games:.1%})" for k, v in bands.items()))
    _emit(result, args.json, [
        f"{game.title}: {args.games} games, seats {','.join(names)}, seeds {args.seed}..",
        *(f"  seat {p} ({names[p]}): mean score {result['mean_score'][p]}, wins {result['win_rate'][p]:.1%} "
          f"(95% CI {result['win_rate_ci95'][p][0]:.1%}-{result['win_rate_ci95'][p][1]:.1%})"
          for p in range(n)),
        *(f"  seat {p} scores: min, quartiles, max {result['score_quartiles'][p]}" for p in range(n)),
        *extra,
        f"  per game: {lengths + ', ' if lengths else ''}{result['decisions_per_game']} decisions, "
        f"{result['mean_plies']} moves; {result['games_per_second']} games/s ({result['wall_seconds']} s on "
        f"{args.workers} worker{'s' if args.workers > 1 else ''}, {result['seconds']} s of game time)"])


def _quartiles(values: Sequence[float]) -> list[float]:
    """Min, lower quartile, median, upper quartile and max (nearest rank)."""
    xs = sorted(values)
    pick = lambda q: xs[min(len(xs) - 1, int(q * len(xs)))]  # noqa: E731
    return [xs[0], pick(0.25), pick(0.5), pick(0.75), xs[-1]]


def _play_seed(job: tuple) -> GameRecord:
    game_id, config, seed, seats, options = job
    return play_game(REGISTRY.get(game_id), config, seed, seats, bot_options=options)


def _play_many(game_id: str, config: dict, seeds: Sequence[int], seats: Sequence[str],
               options: dict[str, Any], workers: int,
               report: Optional[Callable[[GameRecord], None]] = None) -> list[GameRecord]:
    """Play one game per seed, in ``workers`` processes (same records as one process, in seed order).

    ``report`` is called with each record as soon as it and all earlier seeds are done.
    """
    jobs = [(game_id, config, seed, list(seats), options) for seed in seeds]
    records: list[GameRecord] = []
    if workers <= 1:
        results: Iterable[GameRecord] = map(_play_seed, jobs)
        for record in results:
            records.append(record)
            if report is not None:
                report(record)
        return records
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        for record in pool.map(_play_seed, jobs, chunksize=1):
            records.append(record)
            if report is not None:
                report(record)
    return records


def sprt_llr(score: float, games: int, p0: float, p1: float) -> float:
    """Log-likelihood ratio of "A scores p1" against "A scores p0" (ties count half).

    >>> round(sprt_llr(6, 10, 0.5, 0.6), 3)
    0.201
    """
    if games == 0:
        return 0.0
    return score * math.log(p1 / p0) + (games - score) * math.log((1 - p1) / (1 - p0))


def _bot_options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if args.fixed:
        options["fixed"] = True
    if args.iterations is not None:
        options["iterations"] = args.iterations
    if args.scale != 1.0:
        options["scale"] = args.scale
    if args.evaluation is not None:
        options["evaluation"] = args.evaluation
    return options


def cmd_arena(args: argparse.Namespace) -> None:
    """Seat-rotated pairs of 2-player games on fixed seeds: A's win rate with its 95% interval.

    Each seed is played twice, A in each seat.  With ``--sprt`` the run stops
    early (after a whole pair) once the sequential probability ratio test
    decides between "A scores p0" and "A scores p1" (alpha = beta = 5%).
    """
    game = REGISTRY.get(args.game)
    config = game.normalize_config(_config(args, players=2))
    options = _bot_options(args)
    score = 0.0
    margins: list[float] = []
    times = {"a": [0.0, 0], "b": [0.0, 0]}
    search = {"a": [0, 0.0, 0], "b": [0, 0.0, 0]}  # iterations, search seconds, searched decisions
    played = 0
    sprt: Optional[dict[str, Any]] = None
    if args.sprt:
        p0, p1 = args.p0, args.p1
        if not 0 < p0 < p1 < 1:
            raise BadRequest("SPRT needs 0 < p0 < p1 < 1")
        lower, upper = math.log(0.05 / 0.95), math.log(0.95 / 0.05)
        sprt = {"p0": p0, "p1": p1, "alpha": 0.05, "beta": 0.05, "bounds": [round(lower, 4), round(upper, 4)],
                "llr": 0.0, "decision": "undecided"}
    for k in range(args.games):
        seed = args.seed + k // 2
        a_seat = k % 2  # each seed is played twice, A in each seat
        levels = [args.a, args.b] if a_seat == 0 else [args.b, args.a]
        record = play_game(game, config, seed, levels, bot_options=options)
        played += 1
        winners = record.outcome.winners
        if a_seat in winners:
            score += 1 / len(winners)
        margins.append(record.outcome.scores[a_seat] - record.outcome.scores[1 - a_seat])
        for side, seat in (("a", a_seat), ("b", 1 - a_seat)):
            times[side][0] += record.decision_seconds[seat]
            times[side][1] += record.decisions[seat]
            if record.iterations:
                search[side][0] += record.iterations[seat]
                search[side][1] += record.search_seconds[seat]
                search[side][2] += record.searches[seat]
        if args.progress:
            print(f"game {played}: seed {seed}, {args.a} in seat {a_seat}, scores {list(record.outcome.scores)}, "
                  f"winners {list(winners)}; {args.a} score so far {score}/{played}", file=sys.stderr, flush=True)
        if sprt is not None and a_seat == 1:
            llr = sprt_llr(score, played, sprt["p0"], sprt["p1"])
            sprt["llr"] = round(llr, 4)
            if llr >= upper:
                sprt["decision"] = "H1"  # A scores at least p1
                break
            if llr <= lower:
                sprt["decision"] = "H0"  # A scores at most p0
                break
    low, high = wilson_interval(score, played)
    result = {
        "game": game.id, "a": args.a, "b": args.b, "games": played, "seed": args.seed,
        "a_win_rate": round(score / played, 4), "ci95": [round(low, 4), round(high, 4)],
        "mean_margin": round(mean(margins), 3),
        "mean_decision_ms": {side: round(1000 * t / max(1, c), 3) for side, (t, c) in times.items()},
        # decisions with a single legal move are answered without searching
        "search": {side: {
            "searched_decisions": n,
            "iterations_per_search": round(it / max(1, n), 1),
            "iterations_per_second": round(it / sec, 1) if sec > 0 else 0.0,
        } for side, (it, sec, n) in search.items()},
        "bot_options": options,
    }
    if sprt is not None:
        result["sprt"] = sprt
    _emit(result, args.json, [
        f"{game.title} arena: {args.a} vs {args.b}, {played} seat-rotated games from seed {args.seed}"
        + (f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""),
        f"  {args.a} wins {result['a_win_rate']:.1%} (95% CI {low:.1%}-{high:.1%}), "
        f"mean margin {result['mean_margin']:+}",
        f"  mean decision time: {args.a} {result['mean_decision_ms']['a']} ms, "
        f"{args.b} {result['mean_decision_ms']['b']} ms",
        *(f"  search {name}: {result['search'][side]['iterations_per_search']} iterations/search, "
          f"{result['search'][side]['iterations_per_second']} iterations/s"
          for side, name in (("a", args.a), ("b", args.b)) if search[side][0]),
        *([f"  SPRT p0={sprt['p0']} p1={sprt['p1']}: LLR {sprt['llr']} in {sprt['bounds']} -> {sprt['decision']}"]
          if sprt is not None else [])])


def cmd_balance(args: argparse.Namespace) -> None:
    """Card economy and group-focused self-play (Seize the Bean's card data)."""
    game = REGISTRY.get(args.game)
    if game.id != "seize":
        raise InvalidConfig(f"no balance report for {game.title}: it exists for Seize the Bean's card data")
    from .seize.balance import balance_report, report_lines
    if args.district != "kreuzberg" and args.config:
        raise InvalidConfig("use --district or --config, not both")
    extra = _config(args)
    if args.founders:  # founder-vs-field table (founders, expansions booklet pp. 23-27)
        from .seize.balance import founder_lines, founder_win_rates
        cfg = dict(extra or {})
        if args.district != "kreuzberg":
            cfg["district"] = args.district
        rows = founder_win_rates(game, args.games, args.seed, cfg, which=args.founders, players=args.players)
        report = {"game": game.id, "seed": args.seed, "players": args.players, "founders": rows}
        _emit(report, args.json, founder_lines(report))
        return
    report = balance_report(game, args.games, args.seed, district=args.district, config=extra)
    _emit(report, args.json, report_lines(report))


def cmd_cards(args: argparse.Namespace) -> None:
    """Every card a setup plays with: id, name, kind, groups, orders, rewards, ability."""
    game = REGISTRY.get(args.game)
    config = game.normalize_config(_config(args))
    rows = game.cards_in_play(config, args.seed)
    lines = [f"{game.title}: {len(rows)} cards" + (f" (config {json.dumps(args.config)})" if args.config else "")]
    for r in rows:
        rest = "; ".join(f"{k} {' '.join(map(str, v)) if isinstance(v, list) else v}"
                         for k, v in r.items() if k not in ("id", "name", "kind") and v not in ([], None, False))
        lines.append(f"  {r['id']:28} {r['name'][:30]:30} {r['kind']:9} {rest}")
    _emit(rows, args.json, lines)


def cmd_bench(args: argparse.Namespace) -> None:
    if args.game:
        REGISTRY.get(args.game)  # a clear error for unknown or unavailable games
    started = time.perf_counter()
    result = {"engine": __version__, "python": sys.version.split()[0], **workloads(args.game, args.scale)}
    result["seconds"] = round(time.perf_counter() - started, 3)
    core = result["core"]
    _emit(result, args.json, [
        f"Brewhouse {__version__} on Python {result['python']}",
        f"  core workload: {core['per_second']} iterations/s ({core['iterations']} in {core['seconds']} s)",
        *(f"  {g['name']}: {g['games_per_second']} random games/s, {g['decisions_per_second']} decisions/s; "
          + "time in " + ", ".join(f"{k} {100 * v / g['seconds']:.0f}%" for k, v in g["breakdown"].items())
          for g in result["games"]),
        *(f"  {s['name']}: search bots {s['iterations_per_second']} iterations/s" for s in result["search"]),
        *([] if result["games"] else ["  no game is playable yet: only the core workload ran"])])


def _search_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--fixed", action="store_true",
                   help="search bots use their level's fixed iteration count (reproducible, time-independent)")
    p.add_argument("--iterations", type=int, help="search bots use exactly this many iterations per decision")
    p.add_argument("--scale", type=float, default=1.0, help="multiply search budgets (time or fixed iterations)")
    p.add_argument("--evaluation", help="search bots judge positions with this evaluation the game offers "
                   "(Café: rule or learned); the game's default when absent (Café: learned)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m brewhouse", description="Brewhouse rules engine tools")
    parser.add_argument("--version", action="version", version=__version__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help="list the games and whether they are playable")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_games)

    p = sub.add_parser("cards", help="every card a setup plays with (to print or check them)")
    p.add_argument("game")
    p.add_argument("--config", help="game options as a JSON object, e.g. '{\"district\": \"mitte\"}'")
    p.add_argument("--seed", type=int, default=0, help="the seed that draws a random Kiez")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_cards)

    p = sub.add_parser("simulate", help="play many games between bots")
    p.add_argument("game")
    p.add_argument("--config", help="game options as a JSON object (any option of the game)")
    p.add_argument("--players", type=int)
    p.add_argument("--starbots", type=int, metavar="LEVEL",
                   help="solo against the Starbots automa at this level (Seize the Bean)")
    p.add_argument("--bots", default="random", help="bot level per seat, comma-separated (cycled)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1,
                   help="play games in this many processes (fixed-iteration results do not change)")
    _search_options(p)
    p.add_argument("--progress", action="store_true", help="one line per finished game on stderr, in seed order")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("balance", help="card economy and group-focused self-play (Seize the Bean)")
    p.add_argument("game")
    p.add_argument("--district", default="kreuzberg", help="a district id, or 'all' for one table per district")
    p.add_argument("--config", help="game options as a JSON object (e.g. a custom Kiez's groups)")
    p.add_argument("--games", type=int, default=200, help="games per group")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--founders", choices=("base", "all"),
                   help="instead: the founder-vs-field table over these founders (games per founder)")
    p.add_argument("--players", type=int, default=2, help="with --founders: players per game")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_balance)

    p = sub.add_parser("arena", help="two bot levels head to head, seat-rotated")
    p.add_argument("game")
    p.add_argument("--config", help="game options as a JSON object (players is always 2)")
    p.add_argument("--a", required=True)
    p.add_argument("--b", required=True)
    p.add_argument("--games", type=int, default=200, help="games (seat-rotated pairs: use an even number)")
    p.add_argument("--seed", type=int, default=0)
    _search_options(p)
    p.add_argument("--sprt", action="store_true", help="stop early once an SPRT (alpha=beta=5%%) decides")
    p.add_argument("--p0", type=float, default=0.5, help="SPRT null hypothesis: A's expected score")
    p.add_argument("--p1", type=float, default=0.6, help="SPRT alternative: A's expected score")
    p.add_argument("--progress", action="store_true", help="one line per finished game on stderr")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_arena)

    p = sub.add_parser("bench", help="time the engine's workloads")
    p.add_argument("game", nargs="?")
    p.add_argument("--scale", type=float, default=1.0, help="multiply the workload sizes")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_bench)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    for name in ("games", "players", "iterations"):
        if getattr(args, name, 1) is not None and getattr(args, name, 1) < 1:
            print(f"error: --{name} must be at least 1", file=sys.stderr)
            return 2
    if getattr(args, "scale", 1.0) <= 0:
        print("error: --scale must be positive", file=sys.stderr)
        return 2
    try:
        args.run(args)
    except BrewhouseError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 2
    return 0
