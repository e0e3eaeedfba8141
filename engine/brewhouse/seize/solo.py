"""Solo mode: one human café against the Starbots automa.

Starbots sits in ``state["players"][1]`` (marked ``"automa": True``) so that
everything a second café shares with the base game — Good Reviews, Hype, Max
Hype, Early Bird and the cups, achievements, group awards, final scoring and
tie-breaks — works unchanged.  It never owns resources, a Line or a discard
pile; its customers go face down into its ``deck``.  It is never asked for a
decision: its turns are automatic frames (``automa_turn``, ``automa_wom``)
resolved inside :meth:`SeizeGame.play`, driven by the solo action cards in
``state["solo"]``::

    solo   level, cellar / style   difficulty level and its two action tokens (style may be None)
           deck, discard           solo action card ids (deck top = last item; discard face up)
           tokens                  face-down upgrade token pile (icons, top = last item)
           upgrades                {space: [token icons]}, nearest to the café first
           log                     public events of Starbots' latest automatic step

All component data (20 action cards, 16 upgrade tokens, 8 action tokens, the
20 levels, the scenarios) lives in ``solo.json``; see ``SOLO.md``.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from itertools import combinations
from typing import Any, Callable, Mapping, Optional

from ..core import InvalidConfig, Move
from . import city, scenarios
from .cafe import achievements_met, cafe_groups
from .data import CardDB, load_db
from .effects import AUTO, DECIDE, ICON_FX, Decision
from .model import Ctx, draw_own, gain_bad, gain_good, raise_hype, shuffle
from .variants import mark_customer

__all__ = ["HUMAN", "AUTOMA", "SOLO_DEFAULTS", "load_solo", "validate_solo", "is_solo", "split_config",
           "check_solo_config", "solo_state", "level_tokens", "space_steps", "solo_view", "mark_outcome",
           "accepts_seat"]

DATA_FILE = "solo.json"
HUMAN, AUTOMA = 0, 1
SOLO_DEFAULTS: dict[str, Any] = {"starbots_level": 1, "first_player": "human", "scenario": None}
_SEAT = re.compile(r"starbots-([0-9]{1,2})")


# ---------------------------------------------------------------- data
def load_solo() -> Mapping[str, Any]:
    """The current edition's solo data (a game of another edition reads ``db.solo``)."""
    return load_db().solo


def validate_solo(data: Mapping[str, Any], cards: Mapping[str, Any]) -> list[str]:
    """Every problem in the solo data (``cards`` = the base card data); empty = valid."""
    errs: list[str] = []
    try:
        spaces = list(data["spaces"])
        effects = set(data["effects"])
        acards = data["action_cards"]
        tokens = data["action_tokens"]
        levels = data["levels"]
    except (KeyError, TypeError) as exc:
        return [f"missing section: {exc}"]
    rows = cards["rows"]["resource"] + cards["rows"]["city"]
    if set(spaces) | {data.get("unused_space")} != set(rows) or len(spaces) != 5:
        errs.append("Starbots uses five of the six action spaces")
    # 20 cards: each space 4 times, each number 1-5 four times, no (space, number) pair twice
    if len(acards) != 20 or len({c["id"] for c in acards}) != 20:
        errs.append("there are 20 solo action cards with distinct ids")
    by_space = Counter(c["space"] for c in acards)
    by_number = Counter(c["number"] for c in acards)
    if set(by_space) != set(spaces) or any(v != 4 for v in by_space.values()):
        errs.append(f"each usable space appears on 4 action cards: {dict(by_space)}")
    if set(by_number) != {1, 2, 3, 4, 5} or any(v != 4 for v in by_number.values()):
        errs.append(f"each number 1-5 appears on 4 action cards: {dict(by_number)}")
    if len({(c["space"], c["number"]) for c in acards}) != len(acards):
        errs.append("an action card (space, number) pair is repeated")
    ups = data["upgrade_tokens"]
    if sum(ups.values()) != 16:
        errs.append("there are 16 upgrade tokens")
    for icon in ups:
        if icon not in effects:
            errs.append(f"upgrade token {icon} is not a Starbots effect")
    cellar = [k for k, t in tokens.items() if t["side"] == "cellar"]
    style = [k for k, t in tokens.items() if t["side"] == "style"]
    if len(cellar) != 4 or len(style) != 4:
        errs.append("4 cellar and 4 style action tokens")
    for k, t in tokens.items():
        want = spaces[:2] if t["side"] == "cellar" else spaces[2:]
        if sorted(t["rows"]) != sorted(want):
            errs.append(f"action token {k}: rows {sorted(t['rows'])}, expected {want}")
        for steps in t["rows"].values():
            errs += [f"action token {k}: unknown effect {s}" for s in steps if s not in effects]
    printed = data["printed_actions"]
    if sorted(printed) != sorted(spaces[2:]):
        errs.append("printed actions cover the three City spaces")
    if [lv.get("level") for lv in levels] != list(range(1, 21)):
        errs.append("levels are numbered 1..20")
    for lv in levels:
        if lv.get("cellar") not in cellar:
            errs.append(f"level {lv.get('level')}: every level has a cellar token")
        if lv.get("style") is not None and lv["style"] not in style:
            errs.append(f"level {lv.get('level')}: unknown style token {lv['style']}")
    if len({(lv.get("cellar"), lv.get("style")) for lv in levels}) != len(levels):
        errs.append("two levels use the same tokens")
    bonus = set(cards["bonus_tokens"])
    if set(data["bonus_priority"]) != bonus or set(data["bonus_effects"]) != bonus:
        errs.append("bonus priority / effects must list every achievement bonus token")
    for icon, eff in data["bonus_effects"].items():
        if eff is not None and eff not in effects:
            errs.append(f"bonus {icon}: unknown effect {eff}")
    for sc in data["scenarios"]:
        for t in sc.get("starbots_tokens", []):
            if t not in tokens:
                errs.append(f"scenario {sc.get('id')}: unknown token {t}")
        if not sc.get("playable") and not sc.get("needs"):
            errs.append(f"scenario {sc.get('id')}: an unplayable scenario says what it needs")
        if sc.get("playable"):
            errs += [f"scenario {sc.get('id')}: {e}" for e in _scenario_errors(sc, tokens)]
    missing = effects - set(STEPS)
    if missing:
        errs.append(f"effects without an implementation: {sorted(missing)}")
    return errs


def _scenario_errors(sc: Mapping[str, Any], tokens: Mapping[str, Any]) -> list[str]:
    """Problems of a playable scenario's own fields (the cards, districts and founders they name are
    checked against the merged data by ``tests/seize/test_scenarios.py``)."""
    errs = []
    sides = sorted(tokens[t]["side"] for t in sc.get("starbots_tokens", []) if t in tokens)
    if sides not in (["cellar"], ["cellar", "style"]):
        errs.append("Starbots plays one cellar token and at most one style token")
    for key in ("district", "deck", "resources", "rules", "win"):
        if key not in sc:
            errs.append(f"no {key}")
    for item in sc.get("deck", []):
        if not (set(item) == {"friend"} or set(item) == {"group", "n"} or set(item) == {"city"}):
            errs.append(f"unknown starting deck item {item}")
    res = sc.get("resources")
    if res not in ("none", "main_orders") and not isinstance(res, dict):
        errs.append(f"unknown starting resources {res}")
    if len(sc.get("founders", [])) > 2:
        errs.append("at most two founders")
    known = {"criminal_bad_review", "tech_debt", "innovation_refresh", "connections_bottom",
             "keep_happy_reviews_only", "keep_roast_reviews_only", "board_game_markers"}
    errs += [f"unknown rule {r}" for r in sc.get("rules", []) if r not in known]
    errs += [f"unknown victory condition {w}" for w in sc.get("win", []) if w not in scenarios._TEXT]
    return errs


def level_tokens(level: int, db: Optional[CardDB] = None) -> tuple[str, Optional[str]]:
    lv = (db or load_db()).solo["levels"][level - 1]
    return lv["cellar"], lv["style"]


def space_steps(state: dict, space: str, db: Optional[CardDB] = None) -> list[str]:
    """Starbots' own (non-upgrade) icons on an action space at this level."""
    data = (db or load_db()).solo
    solo = state["solo"]
    if space in data["spaces"][:2]:
        return list(data["action_tokens"][solo["cellar"]]["rows"][space])
    if space in data["spaces"]:
        if solo["style"] is None:
            return list(data["printed_actions"][space])
        return list(data["action_tokens"][solo["style"]]["rows"][space])
    return []


# ---------------------------------------------------------------- config and seats
def is_solo(state: Mapping[str, Any]) -> bool:
    return "solo" in state


def accepts_seat(kind: str) -> bool:
    m = _SEAT.fullmatch(kind)
    return bool(m) and 1 <= int(m.group(1)) <= 20


def split_config(config: Any) -> tuple[Any, dict[str, Any]]:
    """(base options, solo options) of a raw user config."""
    if not isinstance(config, Mapping):
        return config, {}
    base = {k: v for k, v in config.items() if k not in SOLO_DEFAULTS}
    return base, {k: v for k, v in config.items() if k in SOLO_DEFAULTS}


def check_solo_config(out: dict[str, Any], solo: Mapping[str, Any], db: Optional[CardDB] = None) -> None:
    """Fill and check the solo options of a normalised config (in place)."""
    if out["players"] != 1:
        if solo:
            raise InvalidConfig(f"option(s) {', '.join(sorted(solo))} exist only in solo (players = 1)",
                                options=sorted(solo))
        return
    out.update(SOLO_DEFAULTS)
    out.update(solo)
    lv = out["starbots_level"]
    if type(lv) is not int or not 1 <= lv <= 20:
        raise InvalidConfig("starbots_level must be an integer from 1 to 20", starbots_level=str(lv)[:20])
    if out["first_player"] not in ("human", "starbots"):
        raise InvalidConfig("first_player must be 'human' or 'starbots'")
    sc = out["scenario"]
    if sc is not None:
        known = {s["id"]: s for s in (db or load_db()).solo["scenarios"]}
        if not isinstance(sc, str) or sc not in known:  # a list or object is no scenario id (and unhashable)
            raise InvalidConfig(f"unknown solo scenario '{str(sc)[:40]}'", scenario=str(sc)[:40])
        if not known[sc]["playable"]:
            raise InvalidConfig(f"solo scenario '{sc}' needs expansion content: " + "; ".join(known[sc]["needs"]),
                                scenario=sc)


# ---------------------------------------------------------------- setup
def solo_state(config: Mapping[str, Any], seed: int, db: CardDB) -> dict:
    """The base table for two cafés (solo counts as 2 players), then Starbots' café."""
    from .setup import initial_state

    data = db.solo
    state = initial_state({**config, "players": data["counts_as_players"]}, seed, db, table=1)
    state["config"] = dict(config)
    bot = state["players"][AUTOMA]
    bot.update(deck=[], discard=[], line=[], pantry=[], style=[], baristas=[], served=0,
               res={b: 0 for b in db.basic}, hype=data["automa_hype"], good=0, bad=0, ach={}, automa=True)
    bot.pop("friends", None)  # Starbots has no Friends & Family
    bot.pop("crafted", None)  # nor crafted tokens: it never crafts (Artisan mode, booklet p. 33)
    cellar, style = level_tokens(config["starbots_level"], db)
    if config.get("scenario"):  # a scenario names Starbots' tokens instead of a level (scenarios.py)
        cellar, style = scenarios.tokens(scenarios.scenario(config["scenario"], db), db)
    deck = [c["id"] for c in data["action_cards"]]
    tokens = [icon for icon, n in data["upgrade_tokens"].items() for _ in range(n)]
    shuffle(state, deck)
    shuffle(state, tokens)
    state["solo"] = {"level": config["starbots_level"], "cellar": cellar, "style": style,
                     "deck": deck, "discard": [], "tokens": tokens,
                     "upgrades": {sp: [] for sp in data["spaces"]}, "log": []}
    first = AUTOMA if config["first_player"] == "starbots" else HUMAN
    state["first"] = state["initial_first"] = first
    state["empty_cup"] = 1 - first
    if config.get("scenario"):
        scenarios.apply(state, db)
    return state


# ---------------------------------------------------------------- Starbots' cards
def _card(cid: str, db: CardDB) -> dict[str, Any]:
    for c in db.solo["action_cards"]:
        if c["id"] == cid:
            return c
    raise KeyError(cid)


def draw_card(state: dict, cx: Ctx, use: str) -> dict[str, Any]:
    """Draw the top solo action card onto the face-up discard; when one card is
    left in the deck, every other card is shuffled back in with it."""
    solo = state["solo"]
    cid = solo["deck"].pop()
    solo["discard"].append(cid)
    cx.reveals = True
    card = _card(cid, cx.db)
    cx.ev("starbots_card", AUTOMA, card=cid, number=card["number"], space=card["space"], use=use)
    if len(solo["deck"]) == 1:
        solo["deck"].extend(solo["discard"])
        solo["discard"] = []
        shuffle(state, solo["deck"])
        cx.ev("starbots_reshuffle", AUTOMA, cards=len(solo["deck"]))
    return card


def _column(state: dict, cx: Ctx, r: int, why: str) -> Optional[tuple[str, dict[str, Any]]]:
    """Where Starbots takes a card in City row ``r``: the decision card's number is
    the column (1-4 the slots from the deck side, 5 the discard top).  An empty
    column falls back to the rightmost visible card.  None when the row is empty."""
    vis = city.visible(state, r)
    if not vis:
        cx.ev("starbots_nothing", AUTOMA, row=r + 1, why=why)
        return None
    card = draw_card(state, cx, "decision")
    n = card["number"]
    where = f"slot{n}" if n <= len(state["city"][r]["slots"]) else "discard"
    if where not in dict(vis):
        where = vis[-1][0]
    return where, card


def _attract(state: dict, cx: Ctx, why: str = "attract") -> None:
    got = _column(state, cx, 0, why)
    if got is None:
        return
    where, card = got
    cid = city.take(state, cx, 0, where)
    state["players"][AUTOMA]["deck"].append(cid)
    cx.ev("starbots_attract", AUTOMA, card=cid, where=where, number=card["number"], why=why)
    mark_customer(state, cx, AUTOMA, cid, why=why)  # Diverse City: Starbots marks too


def _upgrade(r: int, pile: str) -> Callable[[dict, Ctx], None]:
    def run(state: dict, cx: Ctx) -> None:
        got = _column(state, cx, r, pile)
        if got is None:
            return
        where, card = got
        cid = city.take(state, cx, r, where)
        bot = state["players"][AUTOMA]
        bot[pile].append(cid)
        cx.ev("starbots_upgrade", AUTOMA, card=cid, where=where, number=card["number"], dest=pile)
        solo = state["solo"]
        if solo["tokens"]:
            icon = solo["tokens"].pop()
            solo["upgrades"][card["space"]].append(icon)
            cx.ev("starbots_token", AUTOMA, icon=icon, space=card["space"])
        _achievements(state, cx)
    return run


def _steal_customer(state: dict, cx: Ctx) -> None:
    cid = draw_own(state, cx, HUMAN)
    if cid is None:
        cx.ev("starbots_steal_nothing", HUMAN)
        return
    state["players"][AUTOMA]["deck"].append(cid)
    cx.ev("starbots_steal_customer", HUMAN, private=(), card=cid)  # nobody sees which card


#: rule of edition 4: the Criminal token takes one set of 3 different resources, and a player holding
#: more kinds (green beans) chooses which 3 (decision ``starbots_return``); before, one of every kind held
CRIMINAL_SET = "solo-criminal-set-of-three"
#: how many different resources the Criminal token's set holds
CRIMINAL_SET_SIZE = 3
#: the decision the Criminal token may ask the player
RETURN_DECISION = "starbots_return"


def _return_resources(state: dict, cx: Ctx) -> None:
    """Starbots' Criminal token: the player returns a set of 3 different resources (as many different
    ones as they have).  Holding more kinds, the player chooses the set (edition 4)."""
    res = state["players"][HUMAN]["res"]
    kinds = [b for b in res if res[b] > 0]
    if CRIMINAL_SET in cx.rules and len(kinds) > CRIMINAL_SET_SIZE:
        state["stack"].append({"t": RETURN_DECISION, "p": HUMAN, "kinds": kinds})
        return
    _give_back(state, cx, kinds)


def _give_back(state: dict, cx: Ctx, kinds: list[str]) -> None:
    res = state["players"][HUMAN]["res"]
    back = {}
    for b in kinds:
        res[b] -= 1
        back[b] = 1
    cx.ev("resources_returned", HUMAN, res=back, why="starbots")
    sc = state.get("scenario")
    if sc and "criminal_bad_review" in sc["rules"] and len(back) < 3:  # After Hours (scenarios.py)
        gain_bad(state, cx, HUMAN, 1, why="starbots")


def _return_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    return [Move("return:" + "+".join(combo), {"kind": "starbots_return", "res": {r: 1 for r in combo},
                                               "keep": [r for r in fr["kinds"] if r not in combo]})
            for combo in combinations(fr["kinds"], CRIMINAL_SET_SIZE)]


def _return_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    rest = state["stack"][-1] if state["stack"] else None
    if rest is not None and rest["t"] == "automa_steps":
        rest["log_from"] = len(cx.events)  # Starbots' log goes on with the returned set
    _give_back(state, cx, list(move.payload["res"]))


STEPS: dict[str, Callable[[dict, Ctx], None]] = {
    "hype": lambda s, cx: raise_hype(s, cx, AUTOMA, why="starbots"),
    "good_review": lambda s, cx: gain_good(s, cx, AUTOMA, 1, why="starbots"),
    "good_review_2": lambda s, cx: gain_good(s, cx, AUTOMA, 2, why="starbots"),
    "early_bird": lambda s, cx: ICON_FX["early_bird"](s, cx, {"p": AUTOMA, "icon": "early_bird"}),
    "attract": lambda s, cx: _attract(s, cx),
    "upgrade_pantry": _upgrade(1, "pantry"),
    "upgrade_style": _upgrade(2, "style"),
    "steal_customer": _steal_customer,
    "rival_bad_review": lambda s, cx: gain_bad(s, cx, HUMAN, 1, why="starbots"),
    "return_resources": _return_resources,
}


def _achievements(state: dict, cx: Ctx) -> None:
    """Starbots unlocks achievements like a player and takes the first face-up bonus
    in the data's priority order; resource bonuses give it nothing."""
    data = cx.db.solo
    bot = state["players"][AUTOMA]
    for a in achievements_met(bot, cx.db):
        if a in bot["ach"]:
            continue
        cx.ev("achievement", AUTOMA, achievement=a)
        up = state["bonus"]["up"]
        pick = next((b for b in data["bonus_priority"] if b in up), None)
        if pick is None:
            got = "facedown" if state["bonus"]["down"] else "none"
            if state["bonus"]["down"]:
                state["bonus"]["down"].pop()
            bot["ach"][a] = got
            cx.ev("bonus_taken", AUTOMA, achievement=a, icon=None)
            continue
        up.remove(pick)
        bot["ach"][a] = pick
        cx.ev("bonus_taken", AUTOMA, achievement=a, icon=pick)
        eff = data["bonus_effects"][pick]
        if eff is not None:
            STEPS[eff](state, cx)


# ---------------------------------------------------------------- automatic frames
def _keep_log(state: dict, cx: Ctx, start: int, before: tuple = ()) -> None:
    state["solo"]["log"] = list(before) + [{k: v for k, v in e.visible_to(None).items() if k != "player"}
                                           for e in cx.events[start:]]


def _turn(state: dict, cx: Ctx, fr: dict) -> None:
    """One Starbots turn of the Actions phase."""
    start = len(cx.events)
    bot = state["players"][AUTOMA]
    cx.ev("starbots_turn", AUTOMA, day=state["day"])
    while True:
        card = draw_card(state, cx, "action")
        if card["space"] not in bot["baristas"]:
            break
        cx.ev("starbots_redraw", AUTOMA, card=card["id"], space=card["space"])
    space = card["space"]
    bot["baristas"].append(space)
    steps = space_steps(state, space, cx.db) + list(state["solo"]["upgrades"][space])  # fixed now
    cx.ev("barista_placed", AUTOMA, space=space, steps=steps)
    _run_steps(state, cx, steps, space, start)


def _run_steps(state: dict, cx: Ctx, steps: list[str], space: str, start: int, log: tuple = ()) -> None:
    """Starbots' steps in order; a step that asks the player (the Criminal's set) leaves the rest of
    the turn in a frame under the question (``automa_steps``), which goes on once it is answered."""
    for k, step in enumerate(steps):
        cx.ev("starbots_step", AUTOMA, step=step, space=space)
        STEPS[step](state, cx)
        if state["stack"] and state["stack"][-1]["t"] == RETURN_DECISION:
            state["stack"].insert(-1, {"t": "automa_steps", "p": AUTOMA, "space": space, "steps": steps[k + 1:]})
            break
    _keep_log(state, cx, start, log)


def _more_steps(state: dict, cx: Ctx, fr: dict) -> None:
    """The rest of a Starbots turn after the player's answer; its log goes on from the turn's."""
    _run_steps(state, cx, fr["steps"], fr["space"], fr.get("log_from", len(cx.events)), tuple(state["solo"]["log"]))


def _word_of_mouth(state: dict, cx: Ctx, fr: dict) -> None:
    """Starbots takes the rightmost visible customer matching its café's groups."""
    start = len(cx.events)
    bot = state["players"][AUTOMA]
    groups = cafe_groups(bot, cx.db)
    match = [(w, c) for w, c in city.visible(state, 0) if groups.intersection(cx.db.card(c)["groups"])]
    if match:
        where, cid = match[-1]
        city.take(state, cx, 0, where)
        bot["deck"].append(cid)
        cx.ev("take", AUTOMA, row=1, where=where, card=cid, dest="deck", why="word_of_mouth")
        mark_customer(state, cx, AUTOMA, cid, why="word_of_mouth")  # Diverse City: Starbots marks too
    else:
        cx.ev("starbots_nothing", AUTOMA, row=1, why="word_of_mouth")
    _keep_log(state, cx, start)


AUTO["automa_turn"] = _turn
AUTO["automa_steps"] = _more_steps
AUTO["automa_wom"] = _word_of_mouth
DECIDE[RETURN_DECISION] = Decision(_return_moves, _return_choose)


# ---------------------------------------------------------------- view and outcome
def solo_view(state: dict, view: dict[str, Any], db: CardDB) -> None:
    """Replace Starbots' player entry with its public café (in place)."""
    data = db.solo
    solo = state["solo"]
    bot = state["players"][AUTOMA]
    pv = view["players"][AUTOMA]
    spaces = []
    for sp in db.action_rows:
        used = sp in data["spaces"]
        spaces.append({"space": sp, "usable": used, "actions": space_steps(state, sp, db) if used else [],
                       "tokens": list(solo["upgrades"].get(sp, [])), "barista": sp in bot["baristas"]})
    pv.update(automa=True, name="Starbots", spaces=spaces, resources={b: 0 for b in db.basic},
              line=[], discard=None, discard_count=0, deck_count=len(bot["deck"]))
    view["solo"] = {
        "level": solo["level"], "cellar_token": solo["cellar"], "style_token": solo["style"],
        "action_deck_count": len(solo["deck"]),
        "action_discard": [dict(_card(c, db)) for c in solo["discard"]],
        "upgrade_tokens_left": len(solo["tokens"]),
        "starbots_last": [dict(e) for e in solo["log"]],
        "first_player": "starbots" if state["initial_first"] == AUTOMA else "human",
    }
    if "scenario" in state:  # a solo scenario's public bookkeeping (scenarios.py)
        view["scenario"] = json.loads(json.dumps(state["scenario"]))
        sc = scenarios.scenario(state["scenario"]["id"], db)  # its name and victory conditions, for a table to show
        view["scenario_info"] = {"name": sc["name"], "difficulty": sc.get("difficulty"), "win": list(sc["win"])}


def mark_outcome(breakdown: list[dict[str, Any]]) -> None:
    breakdown[HUMAN]["automa"] = False
    breakdown[AUTOMA]["automa"] = True
