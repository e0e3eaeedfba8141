"""Determinisation for Seize the Bean: full states consistent with one player's view.

Search bots see only :func:`~.view.build_view` output.  What a player does
not see, and how a sample fills it in:

* **Decks and others' discard piles.**  Every card of the district is known
  from the data, so the unseen customers are the customers not visible
  anywhere (City slots and discard piles, Lines, one's own discard pile).
  Each player's Friends & Family not in sight are in that player's own piles;
  the unseen customers are dealt uniformly over the remaining places: the
  City customer deck and every player's deck (and others' discard piles), by
  the known counts.  Unseen Pantry and Style cards can only be in their City
  decks.  The view shows deck *counts* only, never contents, so a sample
  does not know which customers an opponent attracted earlier (the bot does
  not keep a memory of past views).
* **Cards someone else is looking at** (Connections, Customer Tracking):
  masked in the view's frames (``"?"``) and drawn from the pile they came from.
* **Face-down bonus tokens**: never revealed nor used; drawn from the tokens
  not seen.
* **Board Game tokens** (Board Game Geeks): the bag's contents follow from the tokens
  not seen (discard pile, on customers, drawn in a pending frame); its order is shuffled.
* **The PRNG**: a fresh one from the bot's generator (future draws are chance).
* **Solo (against Starbots)**: Starbots' café is public except its customer
  deck (face down: dealt like any hidden pile), the order of its action deck
  (the 20 cards minus the face-up discard) and its face-down upgrade tokens
  (the 16 minus those placed beside its spaces); both are shuffled.

The order of cards a player put back on a deck (Connections, Customer
Tracking) is not in the view either, so samples shuffle them like the rest.

``public_state`` is what :mod:`.view` adds to every view under ``"public"``:
the engine's public bookkeeping (pending frames with others' secret cards
masked, phase cursor, barista order, ...) needed to rebuild a state.  Every
sample ``s`` satisfies ``build_view(s, p) == view``.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Optional

from ..core.errors import BadRequest
from ..core.game import json_copy
from ..core.rng import Rng
from .data import CardDB
from .setup import deck_groups, token_groups
from .state_copy import copy_seize_state

__all__ = ["public_state", "SeizeDeterminizer", "HIDDEN"]

#: placeholder for a card id the viewer may not see
HIDDEN = "?"
#: frame keys holding cards only the frame's player sees
_SECRET = {"take": ("peek",), "reorder": ("cards", "top"), "track": ("cards", "keep"),
           "ddos_track": ("cards", "keep")}  # DDoS Attack: another player's deck cards (abilities_interact)
_ROW_OF_KIND = {"customer": 0, "pantry": 1, "style": 2}


def public_state(state: dict, viewer: Optional[int]) -> dict[str, Any]:
    """Public bookkeeping for the view: frames (others' secret cards masked), cursor, barista order."""
    frames = []
    for fr in state["stack"]:
        f = json_copy(fr)
        if fr.get("p") != viewer:
            for key in _SECRET.get(fr["t"], ()):
                f[key] = [HIDDEN] * len(fr[key])
        frames.append(f)
    return {
        "frames": frames,
        "cursor": json_copy(state["cursor"]),
        "initial_first": state["initial_first"],
        "pool_start": state["pool_start"],
        "groups": list(state["groups"]),
        "baristas": [list(pl["baristas"]) for pl in state["players"]],
    }


def _line_entry(e: Mapping[str, Any]) -> dict[str, Any]:
    """A Line entry back from its view (expansion tokens only when present, as the engine keeps them)."""
    out = {"id": e["card"]["id"], "happy": e["happy"], "angry": e["angry"]}
    if e.get("nap"):
        out["nap"] = True
    if e.get("board_game"):
        out["game"] = e["board_game"]
    return out


def _ids(faces: list) -> list:
    return [f["id"] if f is not None else None for f in faces]


class SeizeDeterminizer:
    """Prepared once per decision from a view; :meth:`sample` draws a full state."""

    def __init__(self, db: CardDB, view: Mapping[str, Any], player: int) -> None:
        if view.get("game") != "seize" or view.get("viewer") != player or "public" not in view:
            raise BadRequest("not a Seize the Bean view of this player")
        solo_view = view.get("solo")
        if (view["config"].get("players") == 1) != (solo_view is not None):
            raise BadRequest("inconsistent Seize view: solo config without Starbots' café (or the reverse)")
        self.player = player
        pub = view["public"]
        n = len(view["players"])
        players = []
        for p, pv in enumerate(view["players"]):
            players.append({
                "res": dict(pv["resources"]), "hype": pv["hype"], "deck": [], "discard": [],
                "line": [_line_entry(e) for e in pv["line"]],
                "served": pv["service_token"]["position"],
                "pantry": [c["id"] for c in pv["pantry"]], "style": [c["id"] for c in pv["style"]],
                "baristas": list(pub["baristas"][p]), "good": pv["good_reviews"], "bad": pv["bad_reviews"],
                "ach": dict(pv["achievements"]),
            })
            if pv.get("automa"):
                players[-1]["automa"] = True
            if pv.get("difficulty", "normal") != "normal":
                players[-1]["level"] = pv["difficulty"]
            if pv.get("founder"):  # founders are public once revealed
                f = pv["founder"]
                players[-1]["founder"] = {"id": f["id"], "group": f["group"], **({"up": True} if f["up"] else {})}
            if pv.get("founder2"):  # a second founder (solo scenarios)
                f = pv["founder2"]
                players[-1]["founder2"] = {"id": f["id"], "group": f["group"], **({"up": True} if f["up"] else {})}
            if pv.get("friends") is not None:  # Adopted Friends & Family: public once revealed
                players[-1]["friends"] = list(pv["friends"])
            if pv.get("mouthwatering"):  # variants: public tokens, marks and cookies (variants.py)
                players[-1]["mouth"] = pv["mouthwatering"]
            if pv.get("diverse_city") is not None:
                dc = pv["diverse_city"]
                players[-1].update(marker=dc["marker"], marks=dict(dc["marks"]), cookies=list(dc["cookies"]))
            if pv.get("crafted") is not None:  # Artisan mode: crafted tokens are public
                players[-1]["crafted"] = dict(pv["crafted"])
        city = [{"deck": [], "slots": _ids(r["slots"]), "discard": _ids(r["discard"])} for r in view["city"]]
        self.template = {
            "config": dict(view["config"]), "rng": "", "day": view["day"], "phase": view["phase"],
            "first": view["first_player"], "empty_cup": view["empty_cup"],
            "initial_first": pub["initial_first"], "end": view["end_triggered"],
            "pool": view["good_review_pool"], "pool_start": pub["pool_start"], "box": view["good_reviews_from_box"],
            "groups": list(pub["groups"]), "awards": [a["id"] for a in view["awards"]],
            "bonus": {"up": list(view["bonus_tokens"]["face_up"]), "down": []},
            "city": city, "players": players, "stack": json_copy(pub["frames"]), "cursor": json_copy(pub["cursor"]),
        }
        if view.get("cookies") is not None:  # Diverse City's cookie stack (public)
            self.template["cookies"] = list(view["cookies"])
        if view.get("daily_specials") is not None:  # Daily Specials: the cups are public
            self.template["daily_specials"] = json_copy(view["daily_specials"])
        if view.get("scenario") is not None:  # a solo scenario's bookkeeping is public (scenarios.py)
            self.template["scenario"] = json_copy(view["scenario"])
        if view.get("award_reviews"):  # Hungry Media's Newsflash: public reviews on group awards
            self.template["award_reviews"] = json_copy(view["award_reviews"])
        self.solo = _SoloSampler(view, db) if solo_view is not None else None
        self.draft = _DraftSampler(view, db, player) if view.get("draft") else None
        self.bag = _token_bag(view, db)
        if self.bag is not None:
            self.template["board_games"] = {"bag": [], "discard": list(view["board_games"]["discard"])}
        # -- what is seen -------------------------------------------------------
        seen: Counter = Counter()
        for row in city:
            seen.update(c for c in row["slots"] if c is not None)
            seen.update(row["discard"])
        for pl in players:
            seen.update(e["id"] for e in pl["line"])
            seen.update(pl["pantry"])
            seen.update(pl["style"])
        own_discard = _ids(view["players"][player]["discard"] or [])
        players[player]["discard"] = own_discard
        seen.update(own_discard)
        # hidden places: (frame, key, index) slots of masked frames, by origin
        self.city_slots: list[list[tuple[int, str, int]]] = [[], [], []]
        self.own_slots: list[list[tuple[int, str, int]]] = [[] for _ in range(n)]
        for i, fr in enumerate(self.template["stack"]):
            t = fr["t"]
            if t not in _SECRET:
                continue
            from_city = t == "take" or (t == "reorder" and fr["deck"][0] == "city")
            for key in _SECRET[t]:
                for k, cid in enumerate(fr[key]):
                    if cid != HIDDEN:
                        seen[cid] += 1
                    elif from_city:
                        self.city_slots[fr["row"] if t == "take" else fr["deck"][1]].append((i, key, k))
                    else:  # from a player's own piles (DDoS Attack: the target's, not the looker's)
                        owner = fr["deck"][1] if t == "reorder" else fr.get("q", fr["p"])
                        self.own_slots[owner].append((i, key, k))
        groups = pub["groups"]
        # -- Pantry and Style: only in their City decks (or looked-at frames) ----
        self.city_pool: list[list[str]] = [[]]
        for r, kind in ((1, "pantry"), (2, "style")):
            cards = sorted((Counter(db.of_kind(kind, groups)) - seen).elements())
            if len(cards) != view["city"][r]["deck_count"] + len(self.city_slots[r]):
                raise BadRequest(f"inconsistent Seize view: City row {r + 1} does not match its unseen cards")
            self.city_pool.append(cards)
        # -- customers and Friends & Family ---------------------------------------
        self.deck_counts = [pv["deck_count"] for pv in view["players"]]
        self.discard_counts = [0 if p == player else pv["discard_count"] for p, pv in enumerate(view["players"])]
        self.friends: list[list[str]] = []
        self.hidden = [self.deck_counts[p] + self.discard_counts[p] + len(self.own_slots[p]) for p in range(n)]
        friends = 0
        for p in range(n):
            # unseen Friends & Family are most likely still with their owner, but one that
            # left through the City discard may now be in anyone's piles (never in a City deck)
            self.friends.append(sorted((Counter(_friends_of(view, p, db)) - seen).elements()))
            friends += len(self.friends[p])
        if friends > sum(self.hidden):
            raise BadRequest("inconsistent Seize view: players' piles are too small for their Friends & Family")
        self.customers = sorted((Counter(db.of_kind("customer", deck_groups(groups, view["config"])))
                                 - seen).elements())  # City Celebrities included
        places = view["city"][0]["deck_count"] + len(self.city_slots[0]) + sum(self.hidden) - friends
        if len(self.customers) != places:
            raise BadRequest("inconsistent Seize view: unseen customers do not match the hidden places")
        taken = Counter(v for pv in view["players"] for v in pv["achievements"].values()
                        if v not in (None, "facedown", "none"))
        tokens = Counter(db.raw["bonus_tokens"]) - Counter(view["bonus_tokens"]["face_up"]) - taken
        self.down_pool = sorted(tokens.elements())
        self.down_count = view["bonus_tokens"]["face_down"]
        while len(self.down_pool) < self.down_count:  # cannot happen with consistent data
            self.down_pool.append(db.raw["bonus_tokens"][0])

    def sample(self, rng: Rng) -> dict:
        """A full state: the template plus one uniformly drawn filling of the hidden parts."""
        s = copy_seize_state(self.template)
        s["rng"] = Rng(rng.next_u64()).dump()
        stack = s["stack"]
        for r in (1, 2):
            cards = self.city_pool[r][:]
            rng.shuffle(cards)
            for i, key, k in self.city_slots[r]:
                stack[i][key][k] = cards.pop()
            s["city"][r]["deck"] = cards
        customers = self.customers[:]
        rng.shuffle(customers)
        piles: list[list[str]] = []
        stray: list[str] = []
        for p, cap in enumerate(self.hidden):
            mine = self.friends[p][:]
            if len(mine) > cap:
                rng.shuffle(mine)
                stray += mine[cap:]
                mine = mine[:cap]
            piles.append(mine)
        for cid in stray:  # Friends & Family that changed hands: any free place in a player's piles
            free = [p for p, cap in enumerate(self.hidden) if len(piles[p]) < cap]
            piles[free[rng.below(len(free))]].append(cid)
        for p, pl in enumerate(s["players"]):
            deck_n = self.deck_counts[p]
            cards = piles[p]
            while len(cards) < self.hidden[p]:
                cards.append(customers.pop())
            rng.shuffle(cards)
            for i, key, k in self.own_slots[p]:
                stack[i][key][k] = cards.pop()
            pl["deck"] = cards[:deck_n]
            if p != self.player:
                pl["discard"] = cards[deck_n:]
        for i, key, k in self.city_slots[0]:
            stack[i][key][k] = customers.pop()
        s["city"][0]["deck"] = customers
        down = self.down_pool[:]
        rng.shuffle(down)
        s["bonus"]["down"] = down[:self.down_count]
        if self.solo is not None:
            s["solo"] = self.solo.sample(rng)
        if self.bag is not None:
            bag = self.bag[:]
            rng.shuffle(bag)
            s["board_games"]["bag"] = bag
        if self.draft is not None:
            s["draft"] = self.draft.sample(rng)
        return s


def _friends_of(view: Mapping[str, Any], p: int, db: CardDB) -> list[str]:
    """The Friends & Family instances player ``p`` owns: the view's list once revealed (Adopted
    draft), none while the Adopted draft runs or for Starbots, else the base four of their seat."""
    pv = view["players"][p]
    if pv.get("automa"):
        return []
    if pv.get("friends") is not None:
        return list(pv["friends"])
    if view["config"].get("friends") == "adopted":
        return []
    return [f"{f}@{p}" for f in db.raw["friends_family"]["base"]]


class _DraftSampler:
    """A set-up draft (drafts.py): the viewer's hand and picks are known; everyone else's hand,
    picks and kept founder and the box are dealt from the cards not seen, by the public counts."""

    def __init__(self, view: Mapping[str, Any], db: CardDB, player: int) -> None:
        dv = view["draft"]
        self.public = {k: json_copy(dv[k]) for k in ("kind", "stage", "round", "need", "auto", "then")}
        n = len(view["players"])
        if dv["kind"] == "founders":
            every = db.founder_ids(view["config"]["founders"])
        else:
            every = [f"{c}@{s}" for s in range(n) for c in db.friends_set("base") + db.friends_set("extra")]
        mine = dv["hand"] is not None
        self.hand = [c["id"] for c in dv["hand"]] if mine else []
        self.picks = [c["id"] for c in dv["picks"]] if mine else []
        self.kept = dv["kept_card"]["id"] if mine and dv["kept_card"] else None
        self.player = player if mine else None
        seen = Counter(self.hand + self.picks)
        if dv["kind"] == "founders":
            seen.update(pv["founder"]["id"] for pv in view["players"] if pv.get("founder"))
        self.pool = sorted((Counter(every) - seen).elements())
        self.hand_counts, self.pick_counts = list(dv["hand_counts"]), list(dv["pick_counts"])
        self.kept_flags = list(dv["kept"])
        others = sum(c for p, c in enumerate(self.hand_counts) if p != self.player) \
            + sum(c for p, c in enumerate(self.pick_counts) if p != self.player)
        if others + dv["box_count"] != len(self.pool):
            raise BadRequest("inconsistent Seize view: the draft's hidden cards do not add up")

    def sample(self, rng: Rng) -> dict[str, Any]:
        pool = self.pool[:]
        rng.shuffle(pool)
        n = len(self.hand_counts)
        hands, picks, kept = [], [], [None] * n
        for p in range(n):
            if p == self.player:
                hands.append(self.hand[:])
                picks.append(self.picks[:])
                kept[p] = self.kept
                continue
            hands.append([pool.pop() for _ in range(self.hand_counts[p])])
            picks.append([pool.pop() for _ in range(self.pick_counts[p])])
            if self.kept_flags[p]:
                kept[p] = picks[p][rng.below(len(picks[p]))]
        return {**json_copy(self.public), "hands": hands, "picks": picks, "kept": kept, "box": sorted(pool)}


def _line_entry(e: Mapping[str, Any]) -> dict:
    """A Line entry from its view, with the expansions' tokens (Naptime, Board Game)."""
    entry = {"id": e["card"]["id"], "happy": e["happy"], "angry": e["angry"]}
    if e.get("nap"):
        entry["nap"] = True
    if e.get("board_game") is not None:
        entry["game"] = e["board_game"]
    return entry


def _token_bag(view: Mapping[str, Any], db: CardDB) -> Optional[list[str]]:
    """The Board Game tokens in the bag (sorted; the order is hidden), or ``None`` without the bag."""
    bgv = view.get("board_games")
    if bgv is None:
        return None
    pub = view["public"]
    tokens = Counter(t for g in token_groups(db, pub["groups"], view["config"]) for t in db.groups[g].get("tokens", []))
    out = Counter(bgv["discard"])
    out.update(e["board_game"] for pv in view["players"] for e in pv["line"] if e.get("board_game") is not None)
    out.update(t for fr in pub["frames"] if fr["t"] == "board_games" for t in fr["drawn"])
    bag = sorted((tokens - out).elements())
    if len(bag) != bgv["bag_count"]:
        raise BadRequest("inconsistent Seize view: the Board Game tokens do not add up")
    return bag


class _SoloSampler:
    """Starbots' solo components from the view: public parts copied, face-down piles shuffled."""

    def __init__(self, view: Mapping[str, Any], db: CardDB) -> None:
        from .solo import AUTOMA

        data = db.solo
        sv = view["solo"]
        bot = view["players"][AUTOMA]
        self.upgrades = {sp["space"]: list(sp["tokens"]) for sp in bot["spaces"] if sp["usable"]}
        if list(self.upgrades) != list(data["spaces"]):
            raise BadRequest("inconsistent Seize view: Starbots' spaces do not match the solo data")
        self.discard = [c["id"] for c in sv["action_discard"]]
        self.deck = sorted((Counter(c["id"] for c in data["action_cards"]) - Counter(self.discard)).elements())
        placed = Counter(t for tokens in self.upgrades.values() for t in tokens)
        self.tokens = sorted((Counter(data["upgrade_tokens"]) - placed).elements())
        if len(self.deck) != sv["action_deck_count"] or len(self.tokens) != sv["upgrade_tokens_left"]:
            raise BadRequest("inconsistent Seize view: Starbots' face-down piles do not match the solo data")
        self.public = {"level": sv["level"], "cellar": sv["cellar_token"], "style": sv["style_token"],
                       "log": json_copy(sv["starbots_last"])}

    def sample(self, rng: Rng) -> dict[str, Any]:
        deck, tokens = self.deck[:], self.tokens[:]
        rng.shuffle(deck)
        rng.shuffle(tokens)
        return {"level": self.public["level"], "cellar": self.public["cellar"], "style": self.public["style"],
                "deck": deck, "discard": self.discard[:], "tokens": tokens,
                "upgrades": {sp: t[:] for sp, t in self.upgrades.items()}, "log": json_copy(self.public["log"])}
