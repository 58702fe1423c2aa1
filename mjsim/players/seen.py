"""The events of a game as one seat sees them: other hands and hidden tiles left out.

The engine's events (:meth:`mjsim.game.rules.Rules.take_outcomes`) describe everything,
the whole deal included. :func:`seen_by` keeps what ``seat`` may know: its own dealt tiles,
its own draws, other seats' draws without the tile, other seats' concealed kongs without the
tile, and no answers in a claim window but its own (a pass would tell who could have claimed).

>>> seen_by({"actor": 2, "kind": "drew", "tile": 5, "from": "wall"}, 0)
{'actor': 2, 'kind': 'drew', 'tile': None, 'from': 'wall'}
>>> seen_by({"actor": 2, "kind": "pass"}, 0) is None
True
"""

from __future__ import annotations

from typing import Any

__all__ = ["seen_by"]

_WINDOW_ANSWERS = frozenset(("pass", "claim"))


def seen_by(event: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """``event`` as ``seat`` sees it (a new dict when anything is hidden), or None when the
    seat sees nothing of it."""
    kind, actor = event["kind"], event["actor"]
    if kind == "deal":
        hands = [tiles if other == seat else None for other, tiles in enumerate(event["hands"])]
        return {**event, "hands": hands}
    if actor == seat or actor == "sys":
        return event
    if kind in _WINDOW_ANSWERS:
        return None
    if kind == "drew" or (kind == "kong" and event.get("how") == "concealed"):
        return {**event, "tile": None}
    return event
