"""Initial state.

State layout (JSON data)::

    config        normalised config (players, scoop_luck; from edition 3: district,
                  groups, difficulty, opening)
    rng           Rng.dump() hex string — the only randomness
    day, phase    day number (1..) and phase name
    first         seat holding the full cup (first player of the day)
    empty_cup     seat holding the empty cup
    initial_first first player of day 1 (for the final tie-break)
    end           None, or why the end of the game was triggered
    pool, pool_start, box   Good Reviews left in the City, at start, taken from the box
    groups        customer groups in play; awards: award card ids
    bonus         {"up": face-up bonus icons, "down": face-down token icons}
    city          three rows {deck, slots[4], discard}; deck top = last item
    players       per seat: res, hype, deck, discard, line[{id, happy, angry}],
                  served (service token position), pantry, style (bottom→top),
                  baristas (spaces used today), good, bad, ach {name: bonus icon};
                  level (difficulty, only when not Normal)
    stack         pending frames (see effects.py); cursor: phase driver position
    board_games   only with Board Game Geeks: {"bag": tokens (hidden order), "discard": [...]};
                  a token on a customer is its Line entry's "game" (its bonus icon)
    daily_specials  only with that variant: {cup: {"empty": seat|None, "full": seat|None, "up": bool}}
    players[p].crafted   only in Artisan mode: crafted special-resource tokens {special: n}
    players[p].friends   (configs with the ``friends`` option) the player's four Friends & Family
                  instance ids ``<card>@<seat of the set's owner>``, public once revealed
"""
from __future__ import annotations

from typing import Any, Mapping

from ..core import Rng
from .cafe import order_cost
from .compat import GROUP_PACKS, allowed_groups
from .crafting import setup_variants
from .data import CardDB, card_abilities
from .model import shuffle

__all__ = ["initial_state", "deck_groups", "token_groups", "finish_friends", "start_resources", "CELEBRITIES"]

#: the City Celebrities pack's cards are customers of this (award-less) group, mixed into the customer deck
CELEBRITIES = "city_celebrities"


def deck_groups(groups: list[str], config: Mapping[str, Any]) -> list[str]:
    """Groups whose customers make the City customer deck: the six, and the City Celebrities pack."""
    return list(groups) + ([CELEBRITIES] if CELEBRITIES in (config.get("packs") or []) else [])


def token_groups(db: CardDB, groups: list[str], config: Mapping[str, Any]) -> list[str]:
    """Groups whose tokens are in play (Board Game Geeks' bag): the groups in play, and with the
    customer packs, the groups whose abilities a pack's customers carry (a medley or celebrity
    customer with Board Games brings the bag)."""
    out = list(groups)
    if not config.get("packs"):
        return out
    owner = {}
    for gid, meta in db.groups.items():
        for key in ("ability", "super_ability"):
            owner.setdefault(meta.get(key), gid)
    for cid in db.of_kind("customer", deck_groups(groups, config)):
        for ab in card_abilities(db.card(cid)):
            g = owner.get(ab)
            if g is not None and g not in out and db.groups[g].get("tokens"):
                out.append(g)
    return out


def start_resources(db: CardDB, friends: list[str]) -> dict[str, int]:
    """Starting resources from Friends & Family (booklet p. 18): the basic resources of their main
    orders, a special resource icon counting 2 of its basic resource."""
    res = {b: 0 for b in db.basic}
    for cid in friends:
        for b, n in order_cost({"pantry": []}, db.card(cid)["main"]["order"], db).items():
            res[b] += n
    return res


def finish_friends(state: dict, db: CardDB, chosen: list[list[str]]) -> None:
    """Give every player the four Friends & Family instance ids ``chosen[p]`` (``<card>@<seat>``):
    recorded in ``pl["friends"]`` (revealed to all), shuffled into the player's deck (the official
    opening: into the discard pile), and the starting resources of their main orders.  The set-up
    of every ``friends`` mode but ``base`` ends here; the Adopted draft calls it once drafted."""
    for p, four in enumerate(chosen):
        pl = state["players"][p]
        if pl.get("automa"):
            continue
        deck = list(four)
        shuffle(state, deck)
        pl["friends"] = sorted(four)
        if state["config"].get("opening") == "official":
            pl["deck"], pl["discard"] = [], sorted(deck)
        else:
            pl["deck"] = deck
        pl["res"] = start_resources(db, four)


def initial_state(config: Mapping[str, Any], seed: int, db: CardDB, table: int = 0) -> dict:
    """``table``: the player count the groups must suit when it differs from the
    number of cafés (solo: 1 player, two cafés)."""
    rng = Rng.from_seed(seed)
    n = config["players"]
    groups = _pack_groups(_groups(config, db, rng, table or n), config)
    s = db.setup
    city = []
    for kind in ("customer", "pantry", "style"):
        deck = db.of_kind(kind, deck_groups(groups, config) if kind == "customer" else groups)
        rng.shuffle(deck)
        slots = [deck.pop() for _ in range(s["slots"])]
        discard = [deck.pop() for _ in range(s["city_face_up"] - s["slots"])]
        city.append({"deck": deck, "slots": slots, "discard": discard})
    tokens = list(db.raw["bonus_tokens"])
    rng.shuffle(tokens)
    players = []
    levels = config.get("difficulty") or []
    official = config.get("opening") == "official"
    for p in range(n):
        deck = [f"{f}@{p}" for f in db.raw["friends_family"]["base"]]
        rng.shuffle(deck)
        pl = {
            "res": {b: s["resources"].get(b, 0) for b in db.basic},
            "hype": s["hype"], "deck": deck, "discard": [], "line": [], "served": 0,
            "pantry": [], "style": [], "baristas": [], "good": 0, "bad": 0, "ach": {},
        }
        if official:  # Ouverture officielle (p. 28): Friends & Family start in the discard pile
            pl["deck"], pl["discard"] = [], sorted(deck)
        if p < len(levels) and levels[p] != "normal":
            pl["level"] = levels[p]
        players.append(pl)
    pool = s["good_reviews"][str(n)]
    # a group's tokens (Board Game Geeks), drawn last: the RNG serves other games exactly as before
    bag = [t for g in token_groups(db, groups, config) for t in db.groups[g].get("tokens", [])]
    if bag:
        rng.shuffle(bag)
    state = {
        "config": dict(config), "rng": rng.dump(), "day": 1, "phase": "actions",
        "first": 0, "empty_cup": 1 % n, "initial_first": 0, "end": None,
        "pool": pool, "pool_start": pool, "box": 0,
        "groups": groups, "awards": [c for c in db.of_kind("award", groups)],
        "bonus": {"up": tokens[:n], "down": tokens[n:]},
        "city": city, "players": players,
        "stack": [], "cursor": {"round": 0, "i": 0},
    }
    if bag:
        state["board_games"] = {"bag": bag, "discard": []}
    setup_variants(state, db)  # Artisan mode's crafted tokens, the Daily Special cups (crafting.py)
    mode = config.get("friends")
    if mode == "base":
        for p, pl in enumerate(players):
            pl["friends"] = sorted(f"{f}@{p}" for f in db.friends_set("base"))
    elif mode in ("extra", "advanced"):
        for pl in players:
            pl["deck"], pl["discard"] = [], []
        finish_friends(state, db, [_friends_dealt(state, db, mode, p) for p in range(n)])
    elif mode == "adopted":  # the draft deals and chooses them, then calls finish_friends
        for pl in players:
            pl["deck"], pl["discard"], pl["friends"] = [], [], []
            pl["res"] = {b: 0 for b in db.basic}
    return state


def _friends_dealt(state: dict, db: CardDB, mode: str, p: int) -> list[str]:
    """A player's four Friends & Family: the further four (Advanced), or four drawn at random among
    the player's own eight (``extra``, our reading: RULES_NOTES.md)."""
    if mode == "advanced":
        return [f"{f}@{p}" for f in db.friends_set("extra")]
    eight = [f"{f}@{p}" for f in db.friends_set("base") + db.friends_set("extra")]
    shuffle(state, eight)
    return eight[:4]


def _pack_groups(groups: list[str], config: Mapping[str, Any]) -> list[str]:
    """Board Game Media and Quality Beasts each replace one of the six groups (booklet p. 20): the
    group the config's ``pack_replaces`` names for it (checked in compat.py), else the last listed
    group, then the one before (district, random or custom Kiez alike)."""
    out = list(groups)
    packs = [p for p in GROUP_PACKS if p in (config.get("packs") or [])]
    chosen = config.get("pack_replaces") or []
    if chosen:
        for pack, group in zip(packs, chosen):
            out[out.index(group)] = pack
        return out
    for k, pack in enumerate(packs, start=1):
        out[len(out) - k] = pack
    return out


def _groups(config: Mapping[str, Any], db: CardDB, rng: Rng, table: int) -> list[str]:
    """The six customer groups: the district's, the custom Kiez's, or six group awards
    drawn at random among those the player count allows (booklet p. 8)."""
    d = config.get("district", "kreuzberg")
    if d == "custom":
        return list(config["groups"])
    if d == "random":
        pool = sorted(allowed_groups(db, table))
        rng.shuffle(pool)
        return pool[:6]
    return db.district(d)
