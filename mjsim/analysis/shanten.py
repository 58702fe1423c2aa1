"""Hand analysis: shanten over every MCR form, acceptance, discards, waits and decompositions.

Every function takes the *concealed* tiles as a counts array (34 ``uint8``, C-contiguous:
``Hand.counts``) and the number of declared melds (0-4); the concealed tiles number 13-3m between
turns or 14-3m after a draw, and anything else raises ``ValueError``. The compiled kernels are in
:mod:`mjsim_core.shanten`; the functions that return plain values are those kernels themselves,
so a call costs no Python wrapper. The first call in a process that needs the regular form's
tables builds them (about 0.3 s); importing builds nothing.

The shanten is the fewest tiles a hand must exchange to be complete, minus one: -1 complete,
0 ready. The complete hand may never hold a fifth copy of a kind: a hand holding 1111m cannot
count on another 1m. The forms (``FORMS``):

- ``regular``: four sets (declared melds count) and a pair;
- ``seven_pairs``: seven pairs, a kind held four times counting as two (no melds);
- ``thirteen_orphans``: the thirteen terminals and honours plus one more of them (no melds);
- ``honors_knitted``: fourteen different tiles from one knitted arrangement and the honours,
  lesser and greater alike (no melds);
- ``knitted_straight``: the nine tiles of one knitted arrangement, a set and a pair (at most one
  declared meld).

>>> from mjsim import Hand
>>> hand = Hand.parse("123456789m 1234p")
>>> shanten(hand.counts), waits(hand.counts)
(0, [9, 12])
>>> forms(Hand.parse("19m 19p 19s ESWNRGB").counts)["thirteen_orphans"]
0
>>> [d.tile for d in discards(Hand.parse("123456789m 1234p E").counts) if d.shanten == 0]
[9, 12, 27]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from mjsim_core import shanten as _core
from mjsim_core.shanten import FORMS, acceptance, forms, shanten, shanten_batch, waits

__all__ = ["FORMS", "Decomposition", "Discard", "acceptance", "decompositions", "discards",
           "forms", "shanten", "shanten_batch", "waits"]


class Discard(NamedTuple):
    """What discarding one kind leaves: its shanten, the kinds that then help, and their copies."""

    tile: int
    shanten: int
    kinds: tuple[int, ...]
    copies: int


class Decomposition(NamedTuple):
    """One reading of a complete concealed part.

    ``pair`` is the pair's kind (thirteen orphans: the doubled kind; -1 when the form has none);
    ``chows`` the lowest kind of each concealed chow; ``pungs`` each concealed pung; ``pairs`` the
    seven pairs (a kind held four times appears twice); ``knitted`` the nine knitted kinds of a
    knitted straight, or the fourteen kinds of an honours-and-knitted hand.
    """

    form: str
    pair: int
    chows: tuple[int, ...]
    pungs: tuple[int, ...]
    pairs: tuple[int, ...]
    knitted: tuple[int, ...]


def discards(counts: np.ndarray, melds: int = 0,
             unseen: Sequence[int] | np.ndarray | None = None) -> list[Discard]:
    """For a 14-3m hand, one :class:`Discard` per distinct kind held, ascending by tile.

    ``unseen`` (34 counts) gives the copies a player can still draw; by default 4 minus the
    copies among the 14 tiles (the discarded tile lies face up, so it cannot be drawn again).
    One compiled call evaluates every candidate.
    """
    return _core.discards(counts, melds, unseen, row=Discard)


def decompositions(counts: np.ndarray, melds: int = 0) -> list[Decomposition]:
    """Every reading of a complete concealed part (14-3m tiles), deduplicated; [] if incomplete.

    >>> from mjsim import Hand
    >>> counts = Hand.parse("111222333m 789p 55s").counts
    >>> [(d.form, d.chows, d.pungs) for d in decompositions(counts)]
    [('regular', (0, 0, 0, 15), ()), ('regular', (15,), (0, 1, 2))]
    """
    return [Decomposition(*row) for row in _core.decompositions(counts, melds)]
