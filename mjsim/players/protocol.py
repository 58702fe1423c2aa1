"""What a player is: anything with a ``name`` and ``act(view) -> Move``
(docs/architecture.md#players-and-specs).

A player reads only the :class:`~mjsim.players.view.View` of its seat, never the engine. The
rest is optional, and the driver looks for it once per game:

- ``ideas``: the names of the ideas it can switch off (a spec's ``-idea`` suffixes);
- ``start_hand(start)``: a hand begins (a :class:`HandStart`: seat, hand number, dealer, wind);
- ``observe(event)``: each event of the game as the seat sees it
  (:func:`mjsim.players.seen.seen_by`), so a player keeping its own record hears every move;
- ``end_hand(result)``: the hand is over; ``result`` is its row of ``Rules.history``;
- ``close()``: the game is over (a program's process is stopped).

A player that cannot give a move raises :class:`Foul`: the driver ends the hand with the
false-declaration penalty against its seat and records why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol, Self, runtime_checkable

from mjsim.errors import clipped, whole
from mjsim.game.moves import Move
from mjsim.game.settlement import HANDS
from mjsim.players.view import View

__all__ = ["FOUL_TEXT", "BatchPlayer", "Foul", "HandStart", "Player"]


@runtime_checkable
class Player(Protocol):
    """A seat's player: a ``name``, and a legal move for each view it is asked about."""

    @property
    def name(self) -> str:
        """How the player is named in tables: its spec, for a player built from one."""
        ...

    def act(self, view: View) -> Move | None:
        """A member of ``view.legal`` (None only when there is none)."""
        ...


@runtime_checkable
class BatchPlayer(Player, Protocol):
    """A player that can decide many views in one call (a network's forward pass over a batch),
    which :func:`~mjsim.players.driver.play_together` gives it across games. ``batch_key``:
    players with equal keys decide alike, so the views of all of them go to one of them."""

    @property
    def batch_key(self) -> object:
        """Hashable; equal for players whose ``act`` gives the same move for the same view."""
        ...

    def act_batch(self, views: Sequence[View]) -> list[Move | None]:
        """``[act(view) for view in views]``, in one call."""
        ...


class _HandStartFields(NamedTuple):
    seat: int
    hand_no: int
    dealer: int
    prevalent: int


class HandStart(_HandStartFields):
    """What a player is told as a hand begins: its ``seat``, the hand's number ``hand_no``
    (1-16), its ``dealer`` and the ``prevalent`` wind (0-3: east to north). A field that is no
    whole number is a ``TypeError`` naming it, one out of its range a ``ValueError`` (they were
    taken as given, and a player's hook met a seat 7 or a dealer None)."""

    __slots__ = ()

    def __new__(cls, seat: int, hand_no: int, dealer: int, prevalent: int) -> Self:
        return super().__new__(cls, whole(seat, "seat", 0, 3),
                               whole(hand_no, "hand_no", 1, HANDS), whole(dealer, "dealer", 0, 3),
                               whole(prevalent, "prevalent", 0, 3))


FOUL_TEXT = 300
"""The characters a foul keeps of its reason and its answer (``detail``: ten times as many):
enough for any move and the request around it, while a program that prints megabytes is
kept, recorded and shown by its start."""


class Foul(Exception):
    """A player's failure to answer as the rules ask: a malformed, illegal or late answer, or a
    program that stopped. ``answer`` is what it said (None when it said nothing), ``reason``
    why that is a foul, ``detail`` what helps its author (the request, the tail of stderr);
    each cut to its first :data:`FOUL_TEXT` characters (the detail to ten times that)."""

    def __init__(self, reason: str, answer: str | None = None, detail: str = "") -> None:
        # 5 or None met "object of type 'int' has no len()" inside the player's own raise
        for name, value, none in (("reason", reason, False), ("answer", answer, True),
                                  ("detail", detail, False)):
            if not (isinstance(value, str) or (none and value is None)):
                raise TypeError(f"a foul's {name} is a str{' or None' * none}, not "
                                f"{clipped(repr(value), 40)}")
        reason = clipped(reason, FOUL_TEXT)
        super().__init__(reason)
        self.reason, self.detail = reason, clipped(detail, 10 * FOUL_TEXT)
        self.answer = None if answer is None else clipped(answer, FOUL_TEXT)
