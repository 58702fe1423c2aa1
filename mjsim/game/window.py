# Compiled with window.pxd in Cython's pure-Python mode (setup.py says how).
"""The window after a discard or a promoted kong: who is asked, who still matters, who gets it.

A win beats a pung or kong, which beats a chow (3.7.1, 3.6.7); among wins the nearest seat after
the source wins (3.7.2.4; one winner per discard). Only seats with a claim are asked, each
answers once, and :meth:`Window.waiting_on` lists only the unanswered seats whose best claim
could still beat the best one lodged, so the window closes as soon as nothing can change.

>>> from mjsim.game.moves import PASS, PUNG, WIN
>>> w = Window("discard", 5, source=0, may={1: [WIN], 3: [PUNG]})
>>> w.waiting_on()
[1, 3]
>>> w.answer(3, PUNG); w.waiting_on()
[1]
>>> w.answer(1, PASS); w.waiting_on(), w.outcome()
([], (3, Move('pung')))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mjsim.game.moves import PASS, Move

_RANK = {"pass": 0, "chow": 1, "pung": 2, "kong": 2, "win": 3}


def claim_key(move: Move, seat: int, source: int) -> int:
    """A number that orders claims on one tile: higher wins; a pass is 0.

    Rank first (win, then pung or kong, then chow), then nearness to the source: a seat
    ``d`` places after it (1-3) adds ``4 - d``, which never reaches the next rank.

    >>> from mjsim.game.moves import WIN
    >>> claim_key(WIN, 1, 0) > claim_key(WIN, 3, 0)
    True
    """
    if move is PASS:  # most answers: told without reading the move's kind
        return 0
    rank = _RANK[move.kind]
    # The + 4 keeps the remainder's operand positive: compiled, % takes the sign of C's.
    return rank * 4 + 4 - (seat - source + 4) % 4 if rank else 0


class Window:
    """An open window: ``kind`` (``discard`` or ``rob``), the ``tile``, its ``source`` seat,
    ``may`` (seat -> the claims it may make, besides passing) and ``answers`` (seat -> move).
    """

    def __init__(self, kind: str, tile: int, source: int, may: dict[int, Sequence[Move]]) -> None:
        self._open(kind, tile, source, may)

    def _open(self, kind: str, tile: int, source: int, may: dict[int, Sequence[Move]]) -> None:
        self.kind = kind
        self.tile = tile
        self.source = source
        self.may = may
        self.answers: dict[int, Move] = {}
        # Each seat's best claim key, four bits a seat (a key is at most 15; 0: not asked), in
        # one int rather than a dict: a window opens on about one discard in five.
        self._tops = 0
        for seat, moves in may.items():
            top = 0
            for move in moves:
                top = max(top, claim_key(move, seat, source))
            self._tops |= top << 4 * seat
        # The best answer lodged so far (key 0 and no move while every answer is a pass).
        self._best_key, self._best_seat = 0, -1
        self._best_move: Move | None = None
        self._answered = 0  # a bit a seat

    def answer(self, seat: int, move: Move) -> None:
        """Record a seat's answer (the caller has checked it is one of ``may[seat]`` or a pass)."""
        self.answers[seat] = move
        self._answered |= 1 << seat
        key = claim_key(move, seat, self.source)
        if key > self._best_key:
            self._best_key, self._best_seat, self._best_move = key, seat, move

    def waiting_on(self) -> list[int]:
        """The unanswered seats whose best claim could still beat the best one lodged, in turn
        order after the source (the order they would answer in)."""
        return [(self.source + step) % 4 for step in range(1, 4)
                if self._waits_for((self.source + step) % 4)]

    def next_seat(self) -> int:
        """The first seat :meth:`waiting_on` lists, or -1 when it lists none (the window is
        done), without building the list."""
        for step in range(1, 4):
            seat = (self.source + step) % 4
            if self._waits_for(seat):
                return seat
        return -1

    def _waits_for(self, seat: int) -> bool:
        return not self._answered >> seat & 1 and self._tops >> 4 * seat & 15 > self._best_key

    def outcome(self) -> tuple[int, Move] | None:
        """The best lodged claim as ``(seat, move)``, or None when every answer so far is a pass."""
        move = self._best_move
        return None if move is None else (self._best_seat, move)

    def copy(self) -> Window:
        clone = Window(self.kind, self.tile, self.source,
                       {seat: tuple(moves) for seat, moves in self.may.items()})
        for seat, move in self.answers.items():
            clone.answer(seat, move)
        return clone

    def _asked(self) -> list[int]:
        """The seats asked, in turn order after the source."""
        return [(self.source + step) % 4 for step in range(1, 4)
                if (self.source + step) % 4 in self.may]

    def as_dict(self) -> dict[str, Any]:
        """The window as the seed writes it: kind, tile, from, may (claims besides passing) and
        answers, with moves as values."""
        return {"kind": self.kind, "tile": self.tile, "from": self.source,
                "may": {seat: list(self.may[seat]) for seat in self._asked()},
                "answers": dict(self.answers)}


def open_window(kind: str, tile: int, source: int, may: dict[int, Sequence[Move]]) -> Window:
    """``Window(kind, tile, source, may)``, the engine's way (compiled: a C call)."""
    window = Window.__new__(Window)
    window._open(kind, tile, source, may)
    return window
