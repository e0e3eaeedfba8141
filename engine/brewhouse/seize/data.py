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
        #: card id -> public face template, filled by ``faces.card_face`` (the data never changes)
        self.face_cache: dict[str, dict[str, Any]] = {}

    def card(self, cid: str) -> dict[str, Any]:
        card = self.cards.get(cid)  # most ids are card-data ids; only Friends & Family copies carry @seat
        return card if card is not None else self.cards[base_id(cid)]

    def of_kind(self, kind: str, groups: Iterable[str]) -> list[str]:
        gs = set(groups)
        # City Celebrities (kind "celebrity") are customers of the customer deck
        kinds = {kind, "celebrity"} if kind == "customer" else {kind}
        return [c["id"] for c in self.raw["cards"] if c["kind"] in kinds and c.get("group") in gs]

    def district(self, name: str) -> list[str]:
        return list(self.raw["districts"][name]["groups"])

    @property
    def districts(self) -> dict[str, dict[str, Any]]:
        return self.raw["districts"]

    @property
    def founders(self) -> dict[str, dict[str, Any]]:
        """The founder cards by id (expansions booklet pp. 23-27); empty before rules edition 3."""
        return {f["id"]: f for f in self.raw.get("founders", [])}

    def founder(self, fid: str) -> dict[str, Any]:
        """One founder card (indexed once: café icons ask for it on every order cost)."""
        idx = self.__dict__.get("_founders")
        if idx is None:
            idx = self.__dict__["_founders"] = self.founders
        return idx[fid]

    def founder_ids(self, which: str) -> list[str]:
        """Founder ids a ``founders`` option plays with: ``base`` (12) or ``all`` (18); ``off``: none."""
        if which == "off":
            return []
        return [f["id"] for f in self.raw.get("founders", []) if which == "all" or f.get("set") == "base"]

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
        n = meta.get("naptime_tokens")  # Happy Families: the Naptime tokens in the box
        if n is not None and (type(n) is not int or n < 1):
            errs.append(f"group {gid}: naptime_tokens must be a positive whole number")
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
                if groups[g].get("medley"):  # Board Game Media, Quality Beasts (booklet p. 20)
                    errs += _medley_customer_errors(c, groups)
                else:
                    if c["ability"] not in (groups[g]["ability"], groups[g]["super_ability"]):
                        errs.append(f"{cid}: ability {c['ability']} is not its group's")
                    if c.get("groups") != [g]:
                        errs.append(f"{cid}: base customers carry exactly their group icon")
        elif kind == "celebrity":
            errs += _celebrity_errors(c, data, groups, order_icons, reward_icons)
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
    for g, meta in groups.items():
        if meta.get("medley"):
            errs += _medley_group_errors(g, meta, [c for c in cards if c.get("kind") == "customer"
                                                   and c.get("group") == g], groups)
    celebs = [c for c in cards if c.get("kind") == "celebrity"]
    if celebs and len(celebs) != CELEBRITIES:
        errs.append(f"city celebrities: {len(celebs)} cards, expected {CELEBRITIES}")
    for g, cnt in per_group.items():
        for kind, n in want.items():
            if cnt[kind] != n:
                errs.append(f"group {g}: {cnt[kind]} {kind} cards, expected {n}")
        sup = sum(1 for c in cards if c.get("kind") == "customer" and c.get("group") == g
                  and abilities.get(c.get("ability"), {}).get("super"))
        if not 2 <= sup <= 4:
            errs.append(f"group {g}: {sup} super-ability customers, expected about 3")
    errs += _founder_errors(data, set(ids), groups, order_icons, reward_icons)
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


#: the wildcard group icon of Quality Beasts and Cubee: any group except Quality Beasts (booklet p. 21)
WILDCARD_GROUP = "*"
#: the City Celebrities pack (booklet p. 21): 13 customers with two main orders, no group of their own
CELEBRITIES_GROUP = "city_celebrities"
CELEBRITIES = 13
#: founders (booklet pp. 23, 27): 12 in the base box, 6 further ones
FOUNDER_SETS = {"base": 12, "extra": 6}


def _plain_groups(groups: Mapping[str, Any]) -> dict[str, Any]:
    """The customer groups with an ability of their own (not the medley packs)."""
    return {g: m for g, m in groups.items() if not m.get("medley")}


def _group_abilities(meta: Mapping[str, Any]) -> tuple[Any, Any]:
    return meta.get("ability"), meta.get("super_ability")


def _order_errors(who: str, part: Mapping[str, Any] | None, data: Mapping[str, Any], order_icons: set,
                  reward_icons: set, sizes: tuple[int, int] = (1, 3), units: tuple[int, int] | None = (1, 4)
                  ) -> list[str]:
    if not isinstance(part, Mapping) or not isinstance(part.get("order"), list) \
            or not isinstance(part.get("reward"), list):
        return [f"{who}: an order is {{'order': [...], 'reward': [...]}}"]
    errs = []
    if not sizes[0] <= len(part["order"]) <= sizes[1]:
        errs.append(f"{who}: order must have {sizes[0]}-{sizes[1]} icons")
    if units and not units[0] <= order_units(part["order"], data) <= units[1]:
        errs.append(f"{who}: order must cost {units[0]}-{units[1]} basic resources")
    errs += [f"{who}: unknown order icon {i}" for i in part["order"] if i not in order_icons]
    errs += [f"{who}: unknown reward icon {i}" for i in part["reward"] if i not in reward_icons]
    return errs


def _medley_customer_errors(c: Mapping[str, Any], groups: Mapping[str, Any]) -> list[str]:
    """Board Game Media / Quality Beasts customer: its own icon and a second one, the group it
    mirrors (Board Game Media) or the wildcard (Quality Beasts); the ability of some other group."""
    cid, g, gs = c.get("id"), c.get("group"), c.get("groups") or []
    plain = _plain_groups(groups)
    if len(gs) != 2 or gs[0] != g:
        return [f"{cid}: a {g} customer carries its own group icon and one more"]
    other = gs[1]
    if other == WILDCARD_GROUP:
        if not any(c.get("ability") in _group_abilities(m) for m in plain.values()):
            return [f"{cid}: ability {c.get('ability')} is no customer group's"]
        return []
    if other not in plain:
        return [f"{cid}: second group icon {other} is not a customer group"]
    if c.get("ability") not in _group_abilities(plain[other]):
        return [f"{cid}: ability {c.get('ability')} is not the ability of {other}, whose icon it carries"]
    return []


def _mirrored(c: Mapping[str, Any], groups: Mapping[str, Any]) -> str | None:
    for gid, m in _plain_groups(groups).items():
        if c.get("ability") in _group_abilities(m):
            return gid
    return None


def _medley_group_errors(g: str, meta: Mapping[str, Any], customers: list, groups: Mapping[str, Any]) -> list[str]:
    errs = []
    if meta.get("ability") is not None or meta.get("super_ability") is not None:
        errs.append(f"group {g}: a medley group has no ability of its own")
    seconds = {(c.get("groups") or [None, None])[1:2] == [WILDCARD_GROUP] for c in customers}
    if len(seconds) > 1:
        errs.append(f"group {g}: customers carry either all the wildcard or all another group's icon")
    mirrored = [_mirrored(c, groups) for c in customers]
    if len(set(mirrored)) != len(mirrored):
        errs.append(f"group {g}: each customer mirrors a different group, not {sorted(map(str, mirrored))}")
    return errs


def _celebrity_errors(c: Mapping[str, Any], data: Mapping[str, Any], groups: Mapping[str, Any],
                      order_icons: set, reward_icons: set) -> list[str]:
    """A City Celebrity: two group icons, two main orders (left, right) each with its ability."""
    cid = c.get("id")
    errs = []
    if c.get("group") != CELEBRITIES_GROUP:
        errs.append(f"{cid}: a celebrity's group is {CELEBRITIES_GROUP}")
    if "main" in c or "side" in c:
        errs.append(f"{cid}: a celebrity has two main orders ('mains'), no main/side")
    gs = c.get("groups") or []
    if len(gs) != 2 or len(set(gs)) != 2 or gs[0] == WILDCARD_GROUP \
            or any(x not in groups and x != WILDCARD_GROUP for x in gs):
        errs.append(f"{cid}: a celebrity carries two different group icons (the second may be the wildcard)")
    mains = c.get("mains")
    if not isinstance(mains, list) or len(mains) != 2:
        return errs + [f"{cid}: a celebrity has exactly two main orders"]
    for side, part in zip(("left", "right"), mains):
        errs += _order_errors(f"{cid} ({side})", part, data, order_icons, reward_icons)
        ab = part.get("ability") if isinstance(part, Mapping) else None
        if ab not in data["abilities"]:
            errs.append(f"{cid} ({side}): unknown ability {ab}")
        elif WILDCARD_GROUP not in gs and not any(ab in _group_abilities(groups[x]) for x in gs if x in groups):
            errs.append(f"{cid} ({side}): ability {ab} belongs to none of its groups {gs}")
    return errs


def _founder_errors(data: Mapping[str, Any], card_ids: set, groups: Mapping[str, Any], order_icons: set,
                    reward_icons: set) -> list[str]:
    """Founders (booklet pp. 23-27): 12 base + 6 further, each a main order, an ability, a special
    resource and a customer group; only one (the card diagram's) has a side order and rewards."""
    founders = data.get("founders") or []
    if not founders:
        return []
    errs = []
    plain = _plain_groups(groups)
    ids = Counter(f.get("id") for f in founders)
    errs += [f"duplicate founder id {i}" for i, n in ids.items() if n > 1]
    errs += [f"founder id {i} is also a card id" for i in ids if i in card_ids]
    sets = Counter(f.get("set") for f in founders)
    if dict(sets) != FOUNDER_SETS:
        errs.append(f"founders: {dict(sets)}, expected {FOUNDER_SETS}")
    names = Counter(f.get("name") for f in founders)
    errs += [f"two founders named {n}" for n, k in names.items() if k > 1]
    with_side = [f.get("id") for f in founders if "side" in f]
    if len(with_side) != 1:
        errs.append(f"founders: exactly one has a side order, not {with_side}")
    for f in founders:
        fid = f.get("id")
        if not f.get("name") or not f.get("cafe"):
            errs.append(f"{fid}: a founder needs a name and a café")
        errs += _order_errors(f"{fid} main", f.get("main"), data, order_icons, reward_icons)
        if "side" in f:
            errs += _order_errors(f"{fid} side", f["side"], data, order_icons, reward_icons, (1, 2), None)
            if f.get("set") != "extra":
                errs.append(f"{fid}: the founder with a side order is one of the further six")
            if not (f.get("main") or {}).get("reward") or not f["side"].get("reward"):
                errs.append(f"{fid}: the founder with a side order has rewards on both orders")
        elif (f.get("main") or {}).get("reward"):
            errs.append(f"{fid}: only the founder with a side order has rewards")
        if f.get("ability") not in data["abilities"]:
            errs.append(f"{fid}: unknown ability {f.get('ability')}")
        if f.get("special") not in data["resources"]["special"]:
            errs.append(f"{fid}: unknown special resource {f.get('special')}")
        if f.get("group") not in plain:
            errs.append(f"{fid}: group {f.get('group')} is not one of the customer groups")
    return errs


#: steps an ability may use (see effects.ICON_FX); kept here so data validation needs no engine import
_ABILITY_STEPS = {"hype", "hype_down", "word_of_mouth", "entertain", "walk_in", "attract", "lose_customer",
                  "delivery_any", "innovation_any", "good_review", "early_bird", "draw", "customer_tracking",
                  # the expansion groups (booklet pp. 10-17)
                  "meet_up", "acting", "swap_customers", "ddos", "disrupt", "steal", "arrest", "naptime",
                  "regular", "fair_trade", "camp_out", "roast", "exclusivity", "board_games", "newsflash",
                  # the further Friends & Family (booklet p. 10)
                  "connections", "lose_bad_review"}
