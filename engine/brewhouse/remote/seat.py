"""The seat kind ``remote``: a person playing from another device.

Importing this module registers the kind (the core knows no seat kind but
``human``); the host and the package both import it from here, so nothing in
the package has to import the package itself.
"""
from ..core.seats import register_seat_kind

__all__ = ["REMOTE"]

#: the seat kind of a person playing from another device
REMOTE = "remote"
register_seat_kind(REMOTE, "a friend on another device", person=True)
