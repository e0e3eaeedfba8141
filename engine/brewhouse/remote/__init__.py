"""Remote play: one browser hosts the match, friends on other devices join over data channels.

The host's engine holds the only full state (:class:`~.host.Host`); a guest
(:class:`~.guest.Guest`) is told its view, its legal moves when it decides
and the events it may see, and audits the whole game at the end
(:func:`~.guest.audit`).  The messages are in :mod:`.messages`, the fair
seed in :mod:`.fairness`; PROTOCOL.md describes it all for the web layer.
Pure Python, no dependency: the same code runs in Pyodide.

Importing this package registers the seat kind ``remote``.
"""
from .guest import AuditResult, Guest, audit
from .host import Host, Refused
from .seat import REMOTE

__all__ = ["REMOTE", "Host", "Guest", "Refused", "AuditResult", "audit"]
