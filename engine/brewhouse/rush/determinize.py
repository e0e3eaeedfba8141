"""Determinisation for Coffee Rush: full states consistent with one player's view.

Almost everything in Coffee Rush is public.  Hidden from a player: the order
(and so the contents) of the deck, and the faces of the other players' sent
orders and penalties (face down; only their counts show).  The 80 cards are
known from the data, so the unseen cards are exactly the cards not visible
anywhere; a sample deals them uniformly to the deck and the others' face-down
piles by the known counts (optional-opening cards never go back to the
deck).  The PRNG of a sample is fresh, drawn from the bot's generator.

Every sample ``s`` satisfies ``make_view(s, data, player) == view``.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from ..core.errors import BadRequest
from ..core.rng import Rng
from .data import RushData

__all__ = ["RushDeterminizer"]


def _ids(faces: list) -> list[str]:
    return [f["id"] for f in faces]


class RushDeterminizer:
    """Prepared once per decision from a view; :meth:`sample` draws a full state."""

    def __init__(self, data: RushData, view: Mapping[str, Any], player: int) -> None:
        if view.get("game") != "rush" or view.get("viewer") != player or "setup_queue" not in view:
            raise BadRequest("not a Coffee Rush view of this player")
        self.player = player
        players = []
        known: Counter = Counter()
        for p, pv in enumerate(view["players"]):
            rows = [_ids(r["orders"]) for r in pv["rows"]]
            for r in rows:
                known.update(r)
            own = p == player
            sent = _ids(pv["sent"]) if own else []
            penalties = _ids(pv["penalties"]) if own else []
            known.update(sent)
            known.update(penalties)
            players.append({"rows": rows, "sent": sent, "penalties": penalties,
                            "cups": [list(c["ingredients"]) for c in pv["cups"]],
                            "pending": list(pv["pending"]), "rush": pv["rush_tokens"],
                            "upgrades": list(pv["active_upgrades"])})
        turn = None
        tv = view["turn"]
        if tv is not None:
            turn = {"player": tv["player"], "number": tv["number"], "meeple": tv["meeple"], "start": tv["start"],
                    "steps": tv["steps_taken"], "path": list(tv["path"]), "sent": tv["sent_this_turn"],
                    "upgraded": tv["upgraded"]}
        self.template = {
            "config": dict(view["config"]), "rng": "", "phase": view["phase"], "first": view["first_player"],
            "current": view["active_player"], "queue": [list(q) for q in view["setup_queue"]], "deck": [],
            "opening_pool": _ids(view["opening_pool"]), "discard": _ids(view["discard"]),
            "removed": _ids(view["removed"]), "supply": dict(view["supply"]), "rush_supply": view["rush_supply"],
            "closed": view["closed"], "closed_by": view["closed_by"],
            "meeples": [list(pv["meeples"]) for pv in view["players"]], "players": players,
            "turn": turn, "turns_played": view["turns_played"],
        }
        for key in ("opening_pool", "discard", "removed"):
            known.update(self.template[key])
        unseen = Counter(data.card_order) - known
        opening = view["config"].get("opening") == "ristretto_espresso"
        self.special = sorted(c for c in unseen.elements() if opening and data.cards[c].opening)
        self.regular = sorted(c for c in unseen.elements() if not (opening and data.cards[c].opening))
        self.hidden = [(p, pv["sent_count"], pv["penalty_count"]) for p, pv in enumerate(view["players"])
                       if p != player]
        slots = sum(a + b for _, a, b in self.hidden)
        self.deck_count = view["deck_count"]
        if len(self.special) + len(self.regular) != self.deck_count + slots or len(self.special) > slots:
            raise BadRequest("inconsistent Coffee Rush view: unseen cards do not match the counts")

    def sample(self, rng: Rng) -> dict:
        s = self.template
        out = dict(s)
        out["rng"] = Rng(rng.next_u64()).dump()
        out["queue"] = [q[:] for q in s["queue"]]
        for key in ("opening_pool", "discard", "removed"):
            out[key] = s[key][:]
        out["supply"] = dict(s["supply"])
        out["meeples"] = [m[:] for m in s["meeples"]]
        out["players"] = [{"rows": [r[:] for r in p["rows"]], "sent": p["sent"][:], "penalties": p["penalties"][:],
                           "cups": [c[:] for c in p["cups"]], "pending": p["pending"][:], "rush": p["rush"],
                           "upgrades": p["upgrades"][:]} for p in s["players"]]
        if s["turn"] is not None:
            out["turn"] = dict(s["turn"], path=s["turn"]["path"][:])
        regular = self.regular[:]
        rng.shuffle(regular)
        if self.special:
            # opening cards can only be in face-down piles: place them first, fill up with regular cards
            piles = [c for c in self.special] + regular[:sum(a + b for _, a, b in self.hidden) - len(self.special)]
            regular = regular[len(piles) - len(self.special):]
            rng.shuffle(piles)
        else:
            piles = regular
        for p, sent, penalties in self.hidden:
            pl = out["players"][p]
            pl["sent"] = [piles.pop() for _ in range(sent)]
            pl["penalties"] = [piles.pop() for _ in range(penalties)]
        out["deck"] = regular if self.special else piles
        return out
