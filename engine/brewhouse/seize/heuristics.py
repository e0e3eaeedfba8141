"""Seize the Bean knowledge for the search bots: a cheap rollout policy and an evaluation.

Used by :mod:`brewhouse.bots` on *determinised* states (samples consistent
with the bot's view), so reading the state here never peeks.

* **Policy** (rollouts and move ordering): serve with the side order when it
  can be paid, else the main order, skip a happy customer whose order cannot
  be paid; decline optional effects rarely; otherwise uniform.
* **Evaluation** (projected final points): reviews, happy tokens and
  achievements so far, the group awards as they stand (majority of group
  icons, worth the customers owned of that group, plus any reviews Hungry
  Media placed on it), customers waiting in the
  Line (an affordable order is a coming review, an unaffordable one a coming
  angry customer), Hype (more customers a day), upgrades, owned customers
  and a little for resources.
"""
from __future__ import annotations

from typing import Sequence

from ..bots.ismcts import Heuristics
from ..core.game import Game, Move, State
from ..core.rng import Rng
from .cafe import affordable, award_icons, order_cost
from .data import CardDB

__all__ = ["SeizeHeuristics", "HEURISTICS"]


class SeizeHeuristics(Heuristics):
    margin_scale = 8.0
    rollout_plies = 20

    def policy(self, game: Game, state: State, moves: Sequence[Move], rng: Rng) -> Move:
        stack = state["stack"]
        t = stack[-1]["t"] if stack else ""
        if t == "serve":
            ids = {m.id: m for m in moves}
            both, main = ids.get("serve:both"), ids.get("serve:main")
            if both is not None and rng.random() < 0.85:
                return both
            if main is not None and main.payload.get("main"):
                return main
            skip = ids.get("skip")
            if skip is not None:
                return skip
        n = len(moves)
        if n > 1 and moves[-1].id == "skip" and rng.random() < 0.9:
            return moves[rng.below(n - 1)]
        return moves[rng.below(n)]

    def prior(self, game: Game, state: State, moves: Sequence[Move]) -> list[float]:
        out = []
        for m in moves:
            mid = m.id
            if mid == "serve:both" or mid.startswith("serve:both:"):  # City Celebrities: "serve:both:<side>"
                v = 1.0
            elif mid in ("serve:left", "serve:right"):
                v = 0.8
            elif mid == "serve:main":
                v = 0.8 if m.payload.get("main") else 0.1
            elif mid == "skip":
                v = 0.4 if m.payload.get("kind") == "skip_customer" else 0.2
            else:
                v = 0.5
            out.append(v)
        return out

    def evaluate(self, game: Game, state: State) -> list[float]:
        db: CardDB = game.db  # type: ignore[attr-defined]
        players = state["players"]
        ach_points = db.setup["achievement_reviews"]
        service = state["phase"] == "service"
        out = []
        icons = []
        for pl in players:
            v = pl["good"] - pl["bad"] + ach_points * len(pl["ach"]) + sum(pl.get("cookies", ()))  # Diverse City
            start = pl["served"] if service else 0
            for i, e in enumerate(pl["line"]):
                v += e["happy"]
                if i < start:
                    continue
                card = db.card(e["id"])
                main = card["main"] if "main" in card else card["mains"][0]  # a City Celebrity: its left order
                if affordable(pl, order_cost(pl, main["order"], db)):
                    v += 0.6 + 0.3 * len(main["reward"])
                elif not e["happy"]:
                    v -= 0.6
            v += 0.35 * pl["hype"] + 0.5 * (len(pl["pantry"]) + len(pl["style"]))
            v += 0.06 * min(12, sum(pl["res"].values()))
            owned = len(pl["deck"]) + len(pl["discard"]) + len(pl["line"])
            v += 0.15 * owned
            out.append(v)
            icons.append(award_icons(pl, db))
        waiting = state.get("award_reviews", {})
        for g in state["groups"]:
            best = max(c[g] for c in icons)
            if best <= 0:
                continue
            extra = waiting.get(g)
            for p, pl in enumerate(players):
                if icons[p][g] == best:
                    if extra:  # Hungry Media's reviews on this award go to its winners
                        out[p] += extra.get("good", 0) - extra.get("bad", 0)
                    n = sum(1 for e in pl["line"] if g in db.card(e["id"])["groups"])
                    n += sum(1 for cid in pl["discard"] if g in db.card(cid)["groups"])
                    n += sum(1 for cid in pl["deck"] if g in db.card(cid)["groups"])
                    out[p] += n
        return out


HEURISTICS = SeizeHeuristics()
