"""Balance report for our Seize the Bean card data.

Two parts, both printed by ``python -m brewhouse balance seize``:

* **card economy** per customer group, read from ``cards.json``: what the
  group's customers ask (basic-resource units of main and side orders, with
  the share needing a special resource) against what they give (reward
  icons), and what its upgrades carry (action icons per card);
* **group-focused self-play**: a player who favours one group's cards
  (:class:`GroupFocusBot`) against a generalist who ignores groups, seats
  alternating on fixed seeds.  A group far from 50% is too strong or too weak
  with our cards.

Both strategies decide from the legal moves alone (card ids in move payloads
are public), like every bot.

``--district all`` runs both parts for each of the ten districts and adds a
game-length table: mean decisions per game in each district against
Kreuzberg's (the base game), since the booklet warns that some districts make
turns much longer.
"""
from __future__ import annotations

from statistics import mean
from typing import Any, Mapping, Optional, Sequence

from ..bots import Bot
from ..core.game import Game, Move
from ..play import play_game, wilson_interval
from .data import CardDB, load_db, order_units

__all__ = ["GroupFocusBot", "card_economy", "focus_win_rates", "balance_report", "founder_win_rates",
           "founder_lines", "FOUNDER_FLAG"]

#: a founder whose win rate's 95% lower bound is above this is flagged as too strong
FOUNDER_FLAG = 0.6

#: how much a generalist likes each action space (upgrades and customers first)
SPACE_PREFERENCE = {"upgrade_pantry": 3, "upgrade_style": 3, "attract": 2, "beans": 2, "milk": 1, "sugar": 1}


class GroupFocusBot(Bot):
    """Greedy player: serves what it can, upgrades and attracts, favouring ``focus`` cards.

    With ``focus=None`` it is the generalist baseline.  A little noise keeps
    games apart.
    """

    level = "group-focus"
    wants_view = False

    def __init__(self, seed: int = 0, focus: Optional[str] = None, db: Optional[CardDB] = None) -> None:
        super().__init__(seed)
        self.focus = focus
        self.db = db or load_db()

    def score(self, move: Move) -> float:
        p = move.payload
        kind = p.get("kind")
        s = self.rng.random()
        if kind == "take":
            if self.focus and self.focus in self.db.card(p["card"])["groups"]:
                s += 10
            if p.get("dest") in ("pantry", "style"):
                s += 1
        elif kind == "serve":
            s += 5 * bool(p.get("side")) + 5 * bool(p.get("main"))
        elif kind == "skip_customer":
            s -= 3
        elif kind == "serve_founder":  # founders (booklet pp. 23-27): serving beats skipping
            s += 5 + 5 * bool(p.get("side"))
        elif kind == "space":
            s += SPACE_PREFERENCE.get(p.get("space"), 0)
        elif kind == "skip":
            s -= 5
        return s

    def choose(self, game: Game, view: Mapping[str, Any], moves: Sequence[Move],
               budget_ms: Optional[int] = None) -> str:
        return max(moves, key=self.score).id


def card_economy(db: Optional[CardDB] = None, groups: Optional[Sequence[str]] = None) -> list[dict[str, Any]]:
    """Cost against reward of each group's cards (one row per group; default: Kreuzberg's six)."""
    db = db or load_db()
    rows = []
    for group in groups or db.district("kreuzberg"):
        cards = [c for c in db.raw["cards"] if c.get("group") == group]
        customers = [c for c in cards if c["kind"] == "customer"]
        upgrades = [c for c in cards if c["kind"] in ("pantry", "style")]
        mains = [c["main"] for c in customers]
        sides = [c["side"] for c in customers if "side" in c]
        special = set(db.special) | set(db.wildcards)
        main_cost = mean(order_units(o["order"], db.raw) for o in mains)
        main_reward = mean(len(o["reward"]) for o in mains)
        side_cost = mean(order_units(o["order"], db.raw) for o in sides) if sides else 0.0
        side_reward = mean(len(o["reward"]) for o in sides) if sides else 0.0
        rows.append({
            "group": group,
            "customers": len(customers),
            "super_abilities": sum(1 for c in customers if db.abilities[c["ability"]].get("super")),
            "main_cost": round(main_cost, 2), "main_reward": round(main_reward, 2),
            "side_orders": len(sides), "side_cost": round(side_cost, 2), "side_reward": round(side_reward, 2),
            "special_share": round(sum(1 for o in mains + sides if special & set(o["order"]))
                                   / len(mains + sides), 2),
            "reward_per_unit": round((main_reward * len(mains) + side_reward * len(sides))
                                     / (main_cost * len(mains) + side_cost * len(sides)), 3),
            "upgrade_icons": round(mean(len(c["icons"]) for c in upgrades), 2),
        })
    return rows


def focus_win_rates(game: Game, games: int, seed: int, config: Optional[Mapping[str, Any]] = None,
                    lengths: Optional[list[float]] = None) -> list[dict[str, Any]]:
    """Win rate of a player focused on each group in play against the generalist (2 players).

    ``lengths``, when given, collects each game's number of decisions."""
    db = getattr(game, "db", None) or load_db()
    config = game.normalize_config({"players": 2, **(config or {})})
    groups = game.setup(config, seed)["groups"]
    out = []
    for group in groups:
        score = 0.0
        margins = []
        for k in range(games):
            focus_seat = k % 2
            bots = [GroupFocusBot(seed * 7919 + k, group if s == focus_seat else None, db) for s in range(2)]
            record = play_game(game, config, seed + k, ["random", "random"], bots=bots)
            if focus_seat in record.outcome.winners:
                score += 1 / len(record.outcome.winners)
            margins.append(record.outcome.scores[focus_seat] - record.outcome.scores[1 - focus_seat])
            if lengths is not None:
                lengths.append(sum(record.decisions))
        low, high = wilson_interval(score, games)
        out.append({"group": group, "games": games, "win_rate": round(score / games, 3),
                    "ci95": [round(low, 3), round(high, 3)], "mean_margin": round(mean(margins), 2)})
    return out


def _one(game: Game, games: int, seed: int, config: Mapping[str, Any]) -> dict[str, Any]:
    lengths: list[float] = []
    focus = focus_win_rates(game, games, seed, config, lengths)
    db = getattr(game, "db", None) or load_db()
    return {"config": dict(config), "economy": card_economy(db, [r["group"] for r in focus]),
            "group_focus": focus, "mean_decisions": round(mean(lengths), 1) if lengths else None}


def balance_report(game: Game, games: int, seed: int, district: str = "kreuzberg",
                   config: Optional[Mapping[str, Any]] = None) -> dict[str, Any]:
    """The report for one district (or a ``config``), or for every district (``district="all"``)."""
    if district != "all":
        one = _one(game, games, seed, dict(config or {}) or {"district": district})
        return {"game": game.id, "seed": seed, **one}
    db = getattr(game, "db", None) or load_db()
    per = {d: _one(game, games, seed, {"district": d}) for d in db.districts}
    base = per["kreuzberg"]["mean_decisions"] or 1
    for r in per.values():
        r["length_vs_kreuzberg"] = round((r["mean_decisions"] or 0) / base, 2)
    return {"game": game.id, "seed": seed, "districts": per}


def report_lines(report: Mapping[str, Any]) -> list[str]:
    if "districts" in report:
        lines = []
        for d, r in report["districts"].items():
            lines.append(f"== {d} ==")
            lines += ["  " + x for x in report_lines({**r, "seed": report["seed"]})]
        lines.append("Game length per district (mean decisions per 2-player game, against Kreuzberg):")
        for d, r in report["districts"].items():
            worst = max(r["group_focus"], key=lambda x: x["ci95"][0])
            lines.append(f"  {d:26} {r['mean_decisions']:>7} decisions  x{r['length_vs_kreuzberg']:<5} "
                         f"strongest focus: {worst['group']} {worst['win_rate']:.1%} "
                         f"(95% CI {worst['ci95'][0]:.1%}-{worst['ci95'][1]:.1%})")
        return lines
    lines = ["Card economy per group (units = basic resources; specials count 2):",
             f"  {'group':20} {'cust':>4} {'super':>5} {'main cost':>9} {'reward':>6} {'sides':>5} "
             f"{'side cost':>9} {'reward':>6} {'special':>7} {'reward/unit':>11} {'upgrade icons':>13}"]
    for r in report["economy"]:
        lines.append(f"  {r['group']:20} {r['customers']:>4} {r['super_abilities']:>5} {r['main_cost']:>9} "
                     f"{r['main_reward']:>6} {r['side_orders']:>5} {r['side_cost']:>9} {r['side_reward']:>6} "
                     f"{r['special_share']:>7} {r['reward_per_unit']:>11} {r['upgrade_icons']:>13}")
    focus = report["group_focus"]
    if focus:
        lines.append(f"Group-focused player vs generalist, {focus[0]['games']} seat-alternated games each "
                     f"from seed {report['seed']} ({report.get('mean_decisions')} decisions per game):")
        for r in focus:
            lines.append(f"  {r['group']:20} wins {r['win_rate']:.1%} (95% CI {r['ci95'][0]:.1%}-"
                         f"{r['ci95'][1]:.1%}), mean margin {r['mean_margin']:+}")
    return lines


# ---------------------------------------------------------------- founders against the field
def _with_founders(game: Game, config: Mapping[str, Any], seed: int, founders: list[str]) -> dict:
    """A fresh game (no draft) whose seat ``p`` plays founder ``founders[p]``; a founder whose
    group icon matches no award in play stands for one drawn at random (the group choice)."""
    from ..core import Rng

    state = game.setup({**config, "founders": "off"}, seed)
    rng = Rng.from_seed(seed * 31 + 7)
    for p, fid in enumerate(founders):
        own = game.db.founder(fid).get("group")
        group = own if own in state["groups"] else state["groups"][rng.below(len(state["groups"]))]
        state["players"][p]["founder"] = {"id": fid, "group": group}
    return state


def founder_win_rates(game: Game, games: int, seed: int, config: Optional[Mapping[str, Any]] = None,
                      which: str = "all", players: int = 2) -> list[dict[str, Any]]:
    """Each founder played by one seat (rotating) against seats with random other founders, every
    seat a generalist :class:`GroupFocusBot` (which serves its founder when it can)."""
    from ..core import Rng

    db = game.db
    config = game.normalize_config({"players": players, **(config or {}), "founders": "off"})
    pool = db.founder_ids(which)
    out = []
    for fid in pool:
        score, margins = 0.0, []
        for k in range(games):
            g_seed = seed + k
            rng = Rng.from_seed(g_seed * 977 + 13)
            focus = k % players
            others = [f for f in pool if f != fid]
            rng.shuffle(others)
            chosen = [fid if p == focus else others.pop() for p in range(players)]
            state = _with_founders(game, config, g_seed, chosen)
            bots = [GroupFocusBot(seed * 7919 + k * players + p, None, db) for p in range(players)]
            plies = 0
            while (p := game.active_player(state)) is not None:
                move = bots[p].choose(game, {}, game.legal_moves(state))
                state = game.apply(state, move).state
                plies += 1
                if plies > 20000:
                    raise RuntimeError(f"founder {fid}, seed {g_seed}: no end")
            res = game.outcome(state)
            if focus in res.winners:
                score += 1 / len(res.winners)
            best_other = max(res.scores[q] for q in range(players) if q != focus)
            margins.append(res.scores[focus] - best_other)
        low, high = wilson_interval(score, games)
        out.append({"founder": fid, "name": db.founder(fid)["name"], "set": db.founder(fid).get("set"),
                    "games": games, "win_rate": round(score / games, 3), "ci95": [round(low, 3), round(high, 3)],
                    "mean_margin": round(mean(margins), 2), "flag": low > FOUNDER_FLAG})
    return out


def founder_lines(report: Mapping[str, Any]) -> list[str]:
    rows = report["founders"]
    if not rows:
        return ["No founders in this rules edition's data."]
    lines = [f"Founder vs field: each founder against {report['players'] - 1} seat(s) with random founders, "
             f"{rows[0]['games']} seat-rotated games each from seed {report['seed']} "
             f"(flag: 95% lower bound above {FOUNDER_FLAG:.0%}; fair share {1 / report['players']:.0%}):"]
    for r in sorted(rows, key=lambda r: -r["ci95"][0]):
        lines.append(f"  {r['name']:24} {r['set'] or '':5} wins {r['win_rate']:.1%} (95% CI {r['ci95'][0]:.1%}-"
                     f"{r['ci95'][1]:.1%}), mean margin {r['mean_margin']:+}{'  << too strong' if r['flag'] else ''}")
    return lines
