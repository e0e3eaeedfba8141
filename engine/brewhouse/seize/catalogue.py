"""Every card a Seize the Bean setup plays with, as plain rows (``python -m brewhouse cards seize``).

For players who want to print or check the cards: the six groups of the
config's district (drawn with the seed for a random Kiez), each group's award,
customers, Pantry and Style upgrades, the City Celebrities (with that pack), the
Friends & Family, and the founders the draft deals from (``founders``: base or all).
"""
from __future__ import annotations

from typing import Any, Mapping

from .data import CardDB
from .setup import deck_groups, initial_state

__all__ = ["cards_in_play"]


def _row(card: Mapping[str, Any], db: CardDB) -> dict[str, Any]:
    row: dict[str, Any] = {"id": card["id"], "name": card["name"], "kind": card["kind"],
                           "groups": list(card.get("groups") or ([card["group"]] if card.get("group") else []))}
    for part in ("main", "side"):
        if card.get(part):
            row[f"{part}_order"] = list(card[part]["order"])
            row[f"{part}_reward"] = list(card[part]["reward"])
    for k, m in enumerate(card.get("mains") or []):  # City Celebrities: left, right
        side = ("left", "right")[k]
        row[f"{side}_order"], row[f"{side}_reward"], row[f"{side}_ability"] = list(m["order"]), list(m["reward"]), \
            m["ability"]
    if card.get("ability"):
        ab = db.abilities[card["ability"]]
        row["ability"] = card["ability"]
        row["super"] = bool(ab.get("super"))
        if card.get("boost"):
            row["boost"] = True
    if card["kind"] in ("pantry", "founder"):
        row["special"] = card["special"]
    if card["kind"] == "founder":  # its group icon and its café's name
        row["groups"], row["cafe"] = [card["group"]] if card.get("group") else [], card.get("cafe", "")
    if card["kind"] in ("pantry", "style"):
        row["icons"] = [f"{ic['row']}:{ic['icon']}" for ic in card["icons"]]
    return row


def cards_in_play(config: Mapping[str, Any], seed: int, db: CardDB) -> list[dict[str, Any]]:
    """One row per card (id, name, kind, groups, orders, rewards, ability, icons), group by group
    (City Celebrities are the group ``city_celebrities``), then Friends & Family, then founders."""
    table = 1 if config["players"] == 1 else config["players"]
    groups = initial_state({**config, "players": max(2, config["players"])}, seed, db, table=table)["groups"]
    groups = deck_groups(groups, config)  # the City Celebrities pack's customers
    order = {"award": 0, "customer": 1, "celebrity": 1, "pantry": 2, "style": 3}
    rows = []
    for g in groups:
        cards = [c for c in db.raw["cards"] if c.get("group") == g and c["kind"] in order]
        rows += [_row(c, db) for c in sorted(cards, key=lambda c: order[c["kind"]])]
    sets = {"base": ["base"], "advanced": ["extra"]}.get(config.get("friends", "base"), ["base", "extra"])
    rows += [_row(db.card(f), db) for name in sets for f in db.friends_set(name)]
    rows += [_row({**db.founder(f), "kind": "founder"}, db) for f in db.founder_ids(config.get("founders", "off"))]
    return rows
