"""Card data of Seize the Bean: loading, indexing and validation.

The base game's card faces live in ``cards.json``; each expansion customer
group has its own file ``groups/<group>.json`` (its award, customers and
upgrades, plus its ability definitions), and ``districts.json`` is the table
of districts (six groups each, 5-6 player and solo compatibility, a short
description).  :class:`CardDB` merges them into one index; rules code never
names a card.  :func:`validate` checks the data against the constraints of
``design/SEIZE.md`` (counts per group, icon vocabulary, cost/reward shape).

>>> db = load_db()
>>> db.card("hatster")["group"]
'hipsters'
>>> validate(db.raw)
[]
"""
from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Iterable, Mapping

__all__ = ["CardDB", "load_db", "load_raw", "load_merged", "merge_data", "group_files", "validate",
           "order_units", "base_id", "card_abilities", "is_celebrity", "WILDCARD"]

DATA_FILE = "cards.json"
SOLO_FILE = "solo.json"
DISTRICTS_FILE = "districts.json"
GROUPS_DIR = "groups"
FRIENDS_FILE = "friends.json"
FOUNDERS_FILE = "founders.json"
PACKS_FILE = "packs.json"


def group_files() -> list[str]:
    """Data files of the expansion groups (paths relative to this package), sorted."""
    folder = resources.files(__package__).joinpath(GROUPS_DIR)
    return sorted(f"{GROUPS_DIR}/{f.name}" for f in folder.iterdir() if f.name.endswith(".json"))


def merge_data(raw: Mapping[str, Any], group_data: Iterable[Mapping[str, Any]] = (),
               districts: Mapping[str, Any] | None = None, friends: Mapping[str, Any] | None = None,
               founders: Mapping[str, Any] | None = None, packs: Mapping[str, Any] | None = None
               ) -> dict[str, Any]:
    """One data dict with the base file's sections extended by every group file
    (cards, groups, abilities), the districts table, the further Friends & Family,
    the founders and the customer packs (each when given)."""
    out = dict(raw)
    out["cards"] = list(raw["cards"])
    out["groups"] = dict(raw["groups"])
    out["abilities"] = dict(raw["abilities"])
    out["friends_family"] = dict(raw["friends_family"])
    for g in group_data:
        out["groups"][g["id"]] = dict(g["group"])
        out["abilities"].update(g["abilities"])
        out["cards"].extend(g["cards"])
    out["districts"] = dict(districts["districts"]) if districts else dict(raw["districts"])
    if friends:
        out["abilities"].update(friends["abilities"])
        out["cards"].extend(friends["cards"])
        out["friends_family"].update(friends["sets"])
    out["founders"] = list(founders["founders"]) if founders else []
    if founders:
        out["abilities"].update(founders["abilities"])
    if packs:
        for gid, meta in packs["groups"].items():
            out["groups"][gid] = {**meta, "pack": True}
        out["abilities"].update(packs["abilities"])
        out["cards"].extend(packs["cards"])
    return out


def base_id(cid: str) -> str:
    """Card-data id of a card instance (Friends & Family copies are ``id@seat``)."""
    return cid.split("@", 1)[0]


#: the wildcard group icon (Quality Beasts, Cubee): any group but Quality Beasts (booklet p. 21)
WILDCARD = "*"


def is_celebrity(card: Mapping[str, Any]) -> bool:
    """A City Celebrity: two main orders (``mains``: left, right), each with its own ability."""
    return "mains" in card


def card_abilities(card: Mapping[str, Any]) -> list[str]:
    """The abilities a customer card carries: one, or a City Celebrity's two (left, right)."""
    if "mains" in card:
        return [m["ability"] for m in card["mains"]]
    return [card["ability"]] if card.get("ability") else []


def load_raw(name: str = DATA_FILE) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)


def load_merged(read: Callable[[str], Any] = load_raw) -> dict[str, Any]:
    """Base data + group files + districts as ``read(name)`` returns them (``None``: the file is
    not part of that rules edition, e.g. an edition from before the expansions)."""
    groups = [g for g in (read(f) for f in group_files()) if g is not None]
    return merge_data(read(DATA_FILE), groups, read(DISTRICTS_FILE), read(FRIENDS_FILE), read(FOUNDERS_FILE),
                      read(PACKS_FILE))


class CardDB:
    """Read-only index over the card data (and Starbots' solo data of the same rules edition)."""

    def __init__(self, raw: Mapping[str, Any], solo: Mapping[str, Any] | None = None) -> None:
        self.raw = raw
        #: ``solo.json`` of the same edition (Starbots' cards, levels, tokens)
        self.solo: Mapping[str, Any] = solo if solo is not None else load_raw(SOLO_FILE)
        self.cards: dict[str, dict[str, Any]] = {c["id"]: c for c in raw["cards"]}
        self.groups: dict[str, dict[str, Any]] = raw["groups"]
        self.abilities: dict[str, dict[str, Any]] = raw["abilities"]
        self.setup: dict[str, Any] = raw["setup"]
        self.special: dict[str, str] = raw["resources"]["special"]
        self.wildcards: dict[str, dict[str, Any]] = raw["resources"]["wildcards"]
        self.basic: list[str] = raw["resources"]["basic"]
        self.base_icons: dict[str, str] = raw["base_icons"]
        self.resource_rows: list[str] = raw["rows"]["resource"]
        self.city_rows: list[str] = raw["rows"]["city"]
        self.action_rows: list[str] = self.resource_rows + self.city_rows
        #: card id -> public face template, filled by ``view.card_face`` (the data never changes)
        self.face_cache: dict[str, dict[str, Any]] = {}

    def card(self, cid: str) -> dict[str, Any]:
        card = self.cards.get(cid)  # most ids are card-data ids; only Friends & Family copies carry @seat
        return card if card is not None else self.cards[base_id(cid)]

    def of_kind(self, kind: str, groups: Iterable[str]) -> list[str]:
        gs = set(groups)
        return [c["id"] for c in self.raw["cards"] if c["kind"] == kind and c.get("group") in gs]

    def district(self, name: str) -> list[str]:
        return list(self.raw["districts"][name]["groups"])

    @property
    def districts(self) -> dict[str, dict[str, Any]]:
        return self.raw["districts"]

    @property
    def founders(self) -> dict[str, dict[str, Any]]:
        """The founder cards by id (expansions booklet pp. 23-27); empty before rules edition 3."""
        return {f["id"]: f for f in self.raw.get("founders", [])}

    def friends_set(self, name: str) -> list[str]:
        """Card ids of a Friends & Family set (``base``, ``extra``)."""
        return list(self.raw["friends_family"][name])


@lru_cache(maxsize=1)
def load_db() -> CardDB:
    """The current edition's data (cached)."""
    return CardDB(load_merged(), load_raw(SOLO_FILE))


def order_units(order: Iterable[str], data: Mapping[str, Any]) -> int:
    """Basic resources an order costs without any Pantry discount."""
    res = data["resources"]
    units = 0
    for icon in order:
        if icon in res["basic"]:
            units += 1
        elif icon in res["special"] or icon in res["wildcards"]:
            units += 2
    return units


def validate(data: Mapping[str, Any]) -> list[str]:
    """Every problem found in the card data (empty list = valid)."""
    errs: list[str] = []
    try:
        res = data["resources"]
        order_icons = set(res["basic"]) | set(res["special"]) | set(res["wildcards"]) | set(res["mood_icons"])
        action_icons = set(data["action_icons"])
        reward_icons = set(data["reward_icons"])
        abilities = data["abilities"]
        groups = data["groups"]
        rows_res = set(data["rows"]["resource"])
        rows_city = set(data["rows"]["city"])
        cards = data["cards"]
    except (KeyError, TypeError) as exc:
        return [f"missing top-level section: {exc}"]
    ids = Counter(c.get("id") for c in cards)
    errs += [f"duplicate card id {i}" for i, n in ids.items() if n > 1]
    for icon in data["base_icons"].values():
        if icon not in action_icons:
            errs.append(f"base icon {icon} is not an action icon")
    for name, ab in abilities.items():
        for step in ab.get("steps", []):
            if step not in _ABILITY_STEPS:
                errs.append(f"ability {name}: unknown step {step}")
    for tok in data["bonus_tokens"]:
        if tok not in action_icons:
            errs.append(f"bonus token {tok} is not an action icon")
    for gid, meta in groups.items():  # a group's own tokens (Board Game Geeks) carry bonus icons
        for tok in meta.get("tokens", []):
            if tok not in action_icons:
                errs.append(f"group {gid}: token {tok} is not an action icon")
    per_group: dict[str, Counter] = {g: Counter() for g in groups}
    for c in cards:
        cid, kind = c.get("id"), c.get("kind")
        if not c.get("name"):
            errs.append(f"{cid}: no name")
        if kind in ("customer", "friend"):
            main = c.get("main")
            if not main:
                errs.append(f"{cid}: no main order")
                continue
            if not 1 <= len(main["order"]) <= 3:
                errs.append(f"{cid}: main order must have 1-3 icons")
            if not 1 <= order_units(main["order"], data) <= 4:
                errs.append(f"{cid}: main order must cost 1-4 basic resources")
            for part in ("main", "side"):
                o = c.get(part)
                if o is None:
                    continue
                for icon in o["order"]:
                    if icon not in order_icons:
                        errs.append(f"{cid}: unknown order icon {icon}")
                for icon in o["reward"]:
                    if icon not in reward_icons:
                        errs.append(f"{cid}: unknown reward icon {icon}")
            side = c.get("side")
            if side is not None and not 1 <= len(side["order"]) <= 2:
                errs.append(f"{cid}: side order must have 1-2 icons")
            if c.get("ability") not in abilities:
                errs.append(f"{cid}: unknown ability {c.get('ability')}")
            if kind == "customer":
                g = c.get("group")
                if g not in groups:
                    errs.append(f"{cid}: unknown group {g}")
                    continue
                if c["ability"] not in (groups[g]["ability"], groups[g]["super_ability"]):
                    errs.append(f"{cid}: ability {c['ability']} is not its group's")
                if c.get("groups") != [g]:
                    errs.append(f"{cid}: base customers carry exactly their group icon")
        elif kind in ("pantry", "style"):
            if c.get("group") not in groups:
                errs.append(f"{cid}: unknown group {c.get('group')}")
                continue
            rows = rows_res if kind == "pantry" else rows_city
            icons = c.get("icons") or []
            if not 1 <= len(icons) <= 2:
                errs.append(f"{cid}: an upgrade carries 1-2 action icons")
            for ic in icons:
                if ic.get("row") not in rows:
                    errs.append(f"{cid}: icon on a row a {kind} card cannot reach: {ic.get('row')}")
                if ic.get("icon") not in action_icons:
                    errs.append(f"{cid}: unknown action icon {ic.get('icon')}")
                if kind == "pantry" and ic.get("icon") in ("innovation", "connections"):
                    errs.append(f"{cid}: {ic['icon']} belongs on style cards")
                if kind == "style" and ic.get("icon") == "delivery":
                    errs.append(f"{cid}: delivery belongs on pantry cards")
            if kind == "pantry":
                if c.get("special") not in res["special"]:
                    errs.append(f"{cid}: pantry card needs one special resource icon")
                if c.get("groups") != [c["group"]]:
                    errs.append(f"{cid}: pantry card carries one group icon")
            else:
                gs = c.get("groups") or []
                if not 1 <= len(gs) <= 2 or c["group"] not in gs or any(g not in groups for g in gs):
                    errs.append(f"{cid}: style card carries 1-2 known group icons incl. its own")
        elif kind == "award":
            if c.get("group") not in groups:
                errs.append(f"{cid}: unknown group")
        else:
            errs.append(f"{cid}: unknown kind {kind}")
            continue
        if kind != "friend" and c.get("group") in per_group:
            per_group[c["group"]][kind] += 1
    want = {"customer": 10, "pantry": 5, "style": 5, "award": 1}
    for g, cnt in per_group.items():
        for kind, n in want.items():
            if cnt[kind] != n:
                errs.append(f"group {g}: {cnt[kind]} {kind} cards, expected {n}")
        sup = sum(1 for c in cards if c.get("kind") == "customer" and c.get("group") == g
                  and abilities.get(c.get("ability"), {}).get("super"))
        if not 2 <= sup <= 4:
            errs.append(f"group {g}: {sup} super-ability customers, expected about 3")
    for gid, meta in groups.items():
        for key in ("name", "ability", "super_ability", "five_six", "solo", "boost"):
            if key not in meta:
                errs.append(f"group {gid}: no {key}")
        if not meta.get("boost") and any(c.get("boost") for c in cards if c.get("group") == gid):
            errs.append(f"group {gid}: a card carries a boost but the group has none")
    for dname, d in data["districts"].items():
        dg = d.get("groups", [])
        if len(dg) != 6 or len(set(dg)) != 6:
            errs.append(f"district {dname}: six different groups, not {dg}")
        for g in dg:
            if g not in groups:
                errs.append(f"district {dname}: unknown group {g}")
        known = [groups[g] for g in dg if g in groups]
        for flag in ("five_six", "solo"):
            if flag in d and d[flag] != all(m.get(flag) for m in known):
                errs.append(f"district {dname}: {flag} is {d[flag]}, but its groups say otherwise")
    for setname, ffs in data["friends_family"].items():
        for fid in ffs:
            if fid not in ids:
                errs.append(f"friends & family {setname}: unknown card {fid}")
    base_ff = [c for c in cards if c.get("id") in data["friends_family"].get("base", [])]
    tot = Counter()
    for c in base_ff:
        tot.update(c["main"]["order"])
    start = {k: v for k, v in data["setup"]["resources"].items() if v}
    if dict(tot) != start:
        errs.append(f"base Friends & Family main orders sum to {dict(tot)}, not the start resources {start}")
    extra = data["friends_family"].get("extra")
    if extra is not None:  # booklet p. 18: the further four start a player with 4 beans and 4 sugar
        tot = Counter()
        for c in cards:
            if c.get("id") in extra:
                tot.update(c["main"]["order"])
        if dict(tot) != {"beans": 4, "sugar": 4}:
            errs.append(f"extra Friends & Family main orders sum to {dict(tot)}, not 4 beans + 4 sugar")
    return errs


#: steps an ability may use (see effects.ICON_FX); kept here so data validation needs no engine import
_ABILITY_STEPS = {"hype", "hype_down", "word_of_mouth", "entertain", "walk_in", "attract", "lose_customer",
                  "delivery_any", "innovation_any", "good_review", "early_bird", "draw", "customer_tracking",
                  # the expansion groups (booklet pp. 10-17)
                  "meet_up", "acting", "swap_customers", "ddos", "disrupt", "steal", "arrest", "naptime",
                  "regular", "fair_trade", "camp_out", "roast", "exclusivity", "board_games", "newsflash",
                  # the further Friends & Family (booklet p. 10)
                  "connections", "lose_bad_review"}
