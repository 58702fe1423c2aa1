"""What one seat may see: the one rule every view, screen, replay, request and encoding follows.

A seat sees its own concealed tiles and what the table shows: every discard, flower and claimed
meld, how many tiles each seat holds and that it drew, another seat's concealed kong as a kong
face down (:data:`HIDDEN_KONG`: which kind is hidden), and a winner's hand at its win. It never
sees another seat's concealed tiles, the tile another seat draws, the wall's order, the seed
that shuffled it, or another seat's answer in a claim window (a pass would tell who could have
claimed). A seat of None stands for a spectator with every hand open.

- :func:`seen_by`: an engine event (:meth:`mjsim.game.rules.Rules.take_outcomes`) as the seat
  sees it; :func:`melds_seen_by`: a seat's melds as another sees them; :func:`hand_seen_by`:
  whether one seat sees another's concealed tiles. :func:`mjsim.players.view.view_of` builds a
  player's view by them, and the screens, the replays, the Botzone requests and
  :func:`mjsim.learn.planes.encode` read only views and seen events.

>>> seen_by({"actor": 2, "kind": "drew", "tile": 5, "from": "wall"}, 0)
{'actor': 2, 'kind': 'drew', 'tile': None, 'from': 'wall'}
>>> seen_by({"actor": 2, "kind": "pass"}, 0) is None
True
>>> from mjsim.tiles.meld import Meld
>>> melds_seen_by((Meld.kong(31, concealed=True),), 1, 0)
(HiddenKong(kind='kong', tiles=(), concealed=True),)
"""

from __future__ import annotations

from dataclasses import dataclass

from mjsim.errors import clipped, whole
from mjsim.game.events import Event
from mjsim.tiles.kinds import Kind
from mjsim.tiles.meld import Meld

__all__ = ["HIDDEN_KONG", "HiddenKong", "Shown", "hand_seen_by", "melds_seen_by", "seen_by"]


@dataclass(frozen=True, slots=True)
class HiddenKong:
    """Another seat's concealed kong as a seat sees it: a kong whose tiles are face down."""

    kind: str = "kong"
    tiles: tuple[Kind, ...] = ()
    concealed: bool = True


HIDDEN_KONG = HiddenKong()
"""The one value standing for every concealed kong a seat cannot see into."""

Shown = Meld | HiddenKong
"""A meld as a seat sees it: in full, or another seat's concealed kong face down."""

def hand_seen_by(owner: int, seat: int | None) -> bool:
    """Whether ``seat`` sees ``owner``'s concealed tiles: its own only (a spectator, None,
    sees every hand)."""
    return seat is None or owner == seat


def melds_seen_by(melds: tuple[Shown, ...], owner: int,
                  seat: int | None) -> tuple[Shown, ...]:
    """``owner``'s melds as ``seat`` sees them: in full, but another seat's concealed kongs
    face down (``melds`` itself when nothing is hidden: a view shares the engine's tuple)."""
    if not hand_seen_by(owner, seat):
        for meld in melds:
            if meld.concealed:
                return tuple(HIDDEN_KONG if m.concealed else m for m in melds)
    return melds


def seen_by(event: Event, seat: int | None) -> Event | None:
    """``event`` as ``seat`` sees it (a new dict when anything is hidden), or None when the
    seat sees nothing of it. Seeing an event twice changes nothing: the rule is idempotent.
    Raises ``TypeError`` naming ``event`` when it is no dict, ``ValueError`` when it lacks a
    field of an event, and :func:`~mjsim.errors.whole`'s errors for a seat that is not 0-3."""
    if seat is None:
        if not isinstance(event, dict):
            raise _no_event(event, None)
        return event
    # Called for each event and seat: a plain seat costs one test, anything else is read.
    if type(seat) is not int or not 0 <= seat <= 3:
        seat = whole(seat, "seat", 0, 3)
    try:  # free until it raises: no test of the event on the way
        if event["kind"] == "deal":
            dealt = event.copy()
            dealt["hands"] = [tiles if other == seat else None
                              for other, tiles in enumerate(event["hands"])]
            return dealt
        if event["actor"] == seat or event["actor"] == "sys":
            return event
        if event["kind"] == "pass" or event["kind"] == "claim":
            return None
        if event["kind"] == "drew" or (event["kind"] == "kong" and "from" not in event
                                       and event["how"] == "concealed"):
            hidden = event.copy()
            hidden["tile"] = None
            return hidden
        return event
    except (TypeError, KeyError, AttributeError) as error:  # None: "not subscriptable"
        raise _no_event(event, error) from None


def _no_event(event: object, error: Exception | None) -> Exception:
    """The refusal of ``event``, which :func:`seen_by` could not read (``error``)."""
    shown = clipped(repr(event), 60)
    if not isinstance(event, dict):
        return TypeError(f"event is an engine event (a dict: Rules.take_outcomes()), not {shown}")
    lacking = f" (it has no {error.args[0]!r})" if isinstance(error, KeyError) else ""
    return ValueError(f"event {shown} is no engine event{lacking}")
