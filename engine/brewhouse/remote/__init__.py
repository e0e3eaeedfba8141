"""Remote play: one browser hosts the match, friends on other devices join over data channels.

The host's engine holds the only full state (:class:`~.host.Host`); a guest
(:class:`~.guest.Guest`) is told its view, its legal moves when it decides
and the events it may see, and audits the whole game at the end
(:func:`~.guest.audit`).  The messages are in :mod:`.messages`, the fair
seed in :mod:`.fairness`; PROTOCOL.md describes it all for the web layer.
Pure Python, no dependency: the same code runs in Pyodide.

Importing this package registers the seat kind ``remote``.
"""
from ..core.seats import register_seat_kind

#: the seat kind of a person playing from another device
REMOTE = "remote"
register_seat_kind(REMOTE, "a friend on another device")

from .guest import AuditResult, Guest, audit  # noqa: E402  (they use REMOTE)
from .host import Host, Refused  # noqa: E402

__all__ = ["REMOTE", "Host", "Guest", "Refused", "AuditResult", "audit"]
