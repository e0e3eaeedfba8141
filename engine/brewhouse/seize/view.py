"""What one player may see: the whole table minus hidden information.

Hidden: every deck's order and contents (counts only), other players'
discard piles (counts only), cards another player is looking at
(Connections, Customer Tracking).  A player sees their own discard pile.
"""
from __future__ import annotations

from typing import Any, Optional

from .cafe import achievements_met, cafe_groups, order_cost, row_icons
from .data import CardDB
from .determinize import public_state
from .drafts import draft_view
from .faces import card_face
from .founders import founder_face
from .phases import top_frame, turn_order

__all__ = ["build_view", "card_face"]

ROW_LABEL = ("customers", "pantry", "style")


def _player_view(state: dict, p: int, viewer: Optional[int], db: CardDB) -> dict[str, Any]:
    pl = state["players"][p]
    own = viewer == p
    fr = top_frame(state)
    # the customer whose service is being decided already counts as served
    current = pl["served"] if fr is not None and fr["t"] == "serve" and fr["p"] == p else pl["served"] - 1
    if state["phase"] != "service":
        current = -1
    line = []
    for i, e in enumerate(pl["line"]):
        face = card_face(e["id"], db)
        c = db.card(e["id"])
        if "mains" in c:  # a City Celebrity: its left and right main orders ("main"/"side" show them too)
            left, right = (order_cost(pl, m["order"], db) for m in c["mains"])
            cost = {"main": left, "side": right, "mains": [left, right]}
        else:
            cost = {"main": order_cost(pl, c["main"]["order"], db),
                    "side": order_cost(pl, c["side"]["order"], db) if "side" in c else None}
        line.append({"card": face, "happy": e["happy"], "angry": e["angry"],
                     # expansion tokens (public): Naptime (Happy Families), a Board Game token's bonus icon
                     "nap": bool(e.get("nap")), "board_game": e.get("game"),
                     "served": i <= current if state["phase"] == "service" else False,
                     "being_served": i == current,
                     "cost": cost})
    spaces = []
    for row in db.action_rows:
        spaces.append({"space": row, "icons": row_icons(pl, row, db), "barista": row in pl["baristas"]})
    out = {
        "seat": p,
        "resources": dict(pl["res"]),  # may include "green" (green beans, Health Nuts)
        "difficulty": pl.get("level", "normal"),
        "hype": pl["hype"], "max_hype": pl["hype"] >= db.setup["max_hype"],
        "good_reviews": pl["good"], "bad_reviews": pl["bad"],
        "achievements": dict(pl["ach"]),
        "achievements_met": achievements_met(pl, db),
        "spaces": spaces,
        "baristas_home": db.setup["baristas"] - len(pl["baristas"]),
        "pantry": [dict(card_face(c, db), covered=i < len(pl["pantry"]) - 1) for i, c in enumerate(pl["pantry"])],
        "style": [card_face(c, db) for c in pl["style"]],
        "cafe_groups": sorted(cafe_groups(pl, db)),
        "line": line,
        "service_token": {"position": pl["served"],
                          "done": state["phase"] == "service" and pl["served"] >= len(pl["line"])},
        "deck_count": len(pl["deck"]),
        "discard_count": len(pl["discard"]),
        "discard": [card_face(c, db) for c in pl["discard"]] if own else None,
        "full_cup": state["first"] == p,
        "empty_cup": state["empty_cup"] == p,
        # founders (booklet pp. 23-27): the face, the group it stands for, whether it may still be served
        "founder": _founder_view(pl, db),
        # the Friends & Family the player owns, when not the base four of their seat (Adopted draft)
        "friends": list(pl["friends"]) if "friends" in pl else None,
        # variants (variants.py): the Mouthwatering token; Diverse City's marker set, marks and cookies
        "mouthwatering": pl.get("mouth"),
        "diverse_city": ({"marker": pl["marker"], "marks": dict(pl["marks"]), "cookies": list(pl["cookies"])}
                         if "marks" in pl else None),
        # Artisan mode: crafted special-resource tokens {special: n} (None without the variant)
        "crafted": dict(pl["crafted"]) if "crafted" in pl else None,
    }
    if pl.get("founder2"):  # a second founder (solo scenarios.py)
        out["founder2"] = _founder_view(pl, db, "founder2")
    return out


def _founder_view(pl: dict, db: CardDB, key: str = "founder") -> Optional[dict[str, Any]]:
    f = pl.get(key)
    if not f:
        return None
    return {"id": f["id"], "group": f["group"], "up": bool(f.get("up")), "card": founder_face(f["id"], db)}


_REASON = {"place": "place_barista", "icons": "activate_icons", "serve": "serve_customer",
           "achieve": "achievement_bonus", "reorder": "put_back_cards", "track": "customer_tracking",
           "conn_row": "connections", "pick_icon": "upgrade_icon", "may": "optional_ability",
           # expansion groups' own-café abilities (abilities_own.py)
           "meet_up": "meet_up", "acting": "acting", "naptime": "naptime", "regular": "regular",
           "fair_trade": "fair_trade", "camp_out": "camp_out", "board_games": "board_games",
           # interaction abilities (abilities_interact.py)
           "ddos": "ddos", "ddos_track": "ddos", "swap": "swap_customers", "disrupt": "disrupt",
           "arrest": "arrest", "steal": "steal", "roast": "roast", "newsflash": "newsflash",
           # set-up drafts and founders (drafts.py, founders.py)
           "draft_pick": "draft_pick", "founder_keep": "founder_keep", "founder_group": "founder_group",
           "founder": "serve_founder",
           # variants (variant_frames.py)
           "sold_out": "sold_out_offer", "mouthwatering": "mouthwatering",
           # the crafting phase (crafting.py): crafting and Daily Special cups; Early Bird's choice of cup
           "craft": "crafting", "early_bird": "early_bird"}


def _decision(state: dict, viewer: Optional[int], db: CardDB) -> Optional[dict[str, Any]]:
    fr = top_frame(state)
    if fr is None or state["phase"] == "over":
        return None
    out: dict[str, Any] = {"kind": fr["t"], "player": fr["p"], "phase": state["phase"],
                           "reason": fr.get("why") or _REASON.get(fr["t"], fr["t"])}
    mine = viewer == fr["p"]
    t = fr["t"]
    if t == "icons":
        out.update(space=fr["row"], icons=fr["icons"], used=fr["used"], activated=fr["n"], to_activate=fr["limit"])
    elif t == "take":
        out.update(row=fr["row"] + 1, dest=fr["dest"], why=fr["why"], optional=fr["opt"],
                   matching_groups=fr["wom"], peek_count=len(fr["peek"]))
        if mine:
            out["peek"] = [card_face(c, db) for c in fr["peek"]]
    elif t == "reorder":
        out.update(deck=fr["deck"], count=len(fr["cards"]) + len(fr["top"]))
        if mine:
            out.update(cards=[card_face(c, db) for c in fr["cards"]], top=[card_face(c, db) for c in fr["top"]])
    elif t == "track":
        out["count"] = len(fr["cards"]) + len(fr["keep"])
        if mine:
            out.update(cards=[card_face(c, db) for c in fr["cards"]], kept=[card_face(c, db) for c in fr["keep"]])
    elif t == "pick_icon":
        out.update(pile=fr["pile"], via=fr["self"], exclude_row=fr["exclude_row"], remaining=fr["times"])
    elif t in ("line_target",):
        out.update(effect=fr["effect"], optional=fr["opt"], why=fr["why"])
    elif t == "serve":
        pl = state["players"][fr["p"]]
        out["customer"] = pl["line"][pl["served"]]["id"]
    elif t == "achieve":
        out["achievement"] = fr["ach"]
    elif t == "draft_pick":
        out["draft"] = fr["kind"]
    elif t in ("founder", "founder_group"):
        out["founder"] = state["players"][fr["p"]]["founder"]["id"]
    elif t == "sold_out":  # Sold Out!: another player's customer offered to this player
        out.update(owner=fr["owner"], customer=fr["cust"], still_to_ask=list(fr["queue"]))
    elif t == "mouthwatering":
        out.update(icon=fr["icon"], card=fr["card"], current=state["players"][fr["p"]].get("mouth"))
    elif t == "may":  # a Friends & Family ability the player may use or skip
        out.update(icon=fr["step"]["icon"], customer=fr["step"].get("cust"))
    # -- expansion groups (abilities_own.py); every choice is public except one's own discard pile,
    #    which the decider sees in their own café
    elif t == "meet_up":
        out["discard_count"] = len(state["players"][fr["p"]]["discard"])
    elif t == "acting":
        out.update(performer=fr["cust"], excluded=list(fr["not"]), boost=fr["boost"])
    elif t == "fair_trade":
        out["remaining"] = fr["left"]
    elif t == "camp_out":
        out.update(row=fr["row"] + 1, dest=fr["dest"], why=fr["why"], optional=fr["opt"], boost=fr["boost"])
    elif t == "board_games":
        out.update(tokens=list(fr["drawn"]), remaining=fr["uses"])
    elif t in _INTERACT:
        out.update(_INTERACT[t](fr, mine, db))
    return out


# ---- decisions of the interaction abilities (abilities_interact.py): what the decider may see
def _ddos_track_view(fr: dict, mine: bool, db: CardDB) -> dict[str, Any]:
    out: dict[str, Any] = {"target": fr["q"], "count": len(fr["cards"]) + len(fr["keep"])}
    if mine:  # another player's deck cards: seen by the one looking only
        out.update(cards=[card_face(c, db) for c in fr["cards"]], kept=[card_face(c, db) for c in fr["keep"]])
    return out


_INTERACT = {
    "ddos": lambda fr, mine, db: {"n": fr["n"]},
    "ddos_track": _ddos_track_view,
    "swap": lambda fr, mine, db: {"first": dict(fr["first"]) if fr["first"] else None,
                                  "not_pair": list(fr["prev"] or [])},
    "disrupt": lambda fr, mine, db: {"customer": fr.get("cust")},
    "arrest": lambda fr, mine, db: {},
    "steal": lambda fr, mine, db: {"victim": fr["victim"], "any_set": fr["free"]},
    "roast": lambda fr, mine, db: {"n": fr["n"]},
    "newsflash": lambda fr, mine, db: {"good": fr["good"], "bad": fr["bad"], "both": fr["both"],
                                       "done": list(fr["done"]), "mode": fr["mode"], "left": fr["left"]},
}


def build_view(state: dict, viewer: Optional[int], db: CardDB) -> dict[str, Any]:
    rows = []
    for r, row in enumerate(state["city"]):
        rows.append({"row": r + 1, "name": ROW_LABEL[r], "deck_count": len(row["deck"]),
                     "slots": [card_face(c, db) for c in row["slots"]],
                     "discard_top": card_face(row["discard"][-1], db) if row["discard"] else None,
                     "discard_count": len(row["discard"]),
                     "discard": [card_face(c, db) for c in row["discard"]]})  # City discards are public
    return {
        "game": "seize",
        "viewer": viewer,
        "day": state["day"],
        "phase": state["phase"],
        "turn_order": turn_order(state),
        "first_player": state["first"],
        "empty_cup": state["empty_cup"],
        "end_triggered": state["end"],
        "config": dict(state["config"]),
        "city": rows,
        "good_review_pool": state["pool"],
        "good_reviews_from_box": state["box"],
        "bonus_tokens": {"face_up": list(state["bonus"]["up"]), "face_down": len(state["bonus"]["down"])},
        "awards": [card_face(a, db) for a in state["awards"]],
        "groups": list(state["groups"]),
        # Hungry Media's Newsflash: reviews waiting on group awards {group: {"good": n, "bad": n}}
        "award_reviews": {g: dict(v) for g, v in state.get("award_reviews", {}).items()},
        # Board Game Geeks: tokens left in the bag (hidden order) and the discarded ones (public)
        "board_games": ({"bag_count": len(state["board_games"]["bag"]),
                         "discard": list(state["board_games"]["discard"])} if "board_games" in state else None),
        # Daily Specials: each cup's empty and full cup holders (None: by the City) and whether it is face up
        "daily_specials": ({c: dict(v) for c, v in state["daily_specials"].items()}
                           if "daily_specials" in state else None),
        "players": [_player_view(state, p, viewer, db) for p in range(len(state["players"]))],
        "decision": _decision(state, viewer, db),
        # a set-up draft in progress (drafts.py): counts for all, cards for the viewer's own seat
        "draft": draft_view(state, viewer, db),
        "scoop_luck": bool(state["config"].get("scoop_luck")),
        # Diverse City: the cookies left on the stack (Good Reviews each, the top last)
        "cookies": list(state["cookies"]) if "cookies" in state else None,
        # public bookkeeping search bots need to rebuild a consistent state (see determinize.py)
        "public": public_state(state, viewer),
    }
