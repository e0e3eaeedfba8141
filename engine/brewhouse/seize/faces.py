"""The public face of a card instance, as views, drafts and events' renderers show it.

Apart from :mod:`.view` so that the modules :mod:`.view` builds on (the drafts) can show cards
without importing it.
"""
from __future__ import annotations

from typing import Any, Optional

from .data import CardDB, base_id

__all__ = ["card_face"]


def card_face(cid: Optional[str], db: CardDB) -> Optional[dict[str, Any]]:
    """The public face of one card instance (a fresh dict the caller may change)."""
    if cid is None:
        return None
    faces = db.face_cache
    template = faces.get(cid)
    if template is None:
        c = db.card(cid)
        template = {"id": cid, "card": base_id(cid), "kind": c["kind"], "name": c["name"],
                    "groups": list(c["groups"])}
        for key in ("main", "side", "ability", "special", "icons", "mains"):  # mains: a City Celebrity's two
            if key in c:
                template[key] = c[key]
        faces[cid] = template
    face = dict(template)
    face["groups"] = list(template["groups"])
    return face
