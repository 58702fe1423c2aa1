"""The legal distance: how far a hand is from a win worth the eight points a win needs.

The shanten counts the tiles to exchange for *any* complete hand, but Chinese Official Mahjong
lets a hand win only with at least eight points, flowers excluded; a ready hand may have no
wait that wins. For the concealed tiles (a counts array, 13-3m between turns), the declared
melds (:class:`mjsim.tiles.meld.Meld`), the seat and prevalent winds and a ruleset (as
:func:`mjsim.scoring.score` takes it), the **legal distance** is the fewest draws, each but the
last followed by a discard, after which the hand is complete and scores at least eight points
won on a discard with no luck element (no self-draw, last tile of the wall, replacement or
robbing; Last Tile only when the other three copies are in the winner's own exposed melds).
``self_drawn=True`` scores the win self-drawn instead, with Self-Drawn and the concealment
elements it brings (Fully Concealed Hand for Concealed Hand). So:

- ``0``: the hand has a legal wait; ``-1``: a hand of 14-3m tiles that wins legally on one of
  its tiles (else its distance is the least over its discards);
- waits and draws need a copy to be had: no fifth copy (melds counted), and no more copies than
  ``unseen`` gives (34 counts, by default every copy not held or melded), so the discards
  already seen can be left out;
- the winning tile may be a kind the hand holds, one copy let go on the way and drawn again
  last: ``77m 555p 88s`` with ``pung(222m) pung(SSS)``, West in an East round, waits on 7m and
  8s below eight, but draws 7m, lets an 8s go and waits on the 8s alone for 10: distance 1;
- the search is exact up to ``limit`` (default :data:`LIMIT`); a hand farther off gets
  ``limit + 1``, read "at least limit + 1" (:func:`legal_search` says which). No hand is more
  than 13 draws from a win it can reach, so a limit past 13 searches no deeper.

A Chicken Hand (no element) scores 8 on a discard, but self-drawn it scores Self-Drawn instead
(and Fully Concealed Hand if concealed), 1 or 5 points: the self-drawn distance can be larger.

>>> from mjsim import Hand
>>> hand = Hand.parse("123m 456p 789s 234s 5m")        # Mixed Straight: the 5m wins legally
>>> legal_distance(hand.counts), legal_waits(hand.counts)
(0, [LegalWait(tile=4, discard=13, self_drawn=15)])

Every special form scores at least twelve, so its distance is found directly; the regular form
is searched over the complete hands within reach, each scored by the compiled scoring kernel
(:mod:`mjsim_core.legal`). :mod:`mjsim.reference.legal` is the slow, obvious twin the tests
hold the kernel to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from mjsim.tiles.meld import Meld
from mjsim_core import legal as _core
from mjsim_core.elements import ruleset_index
from mjsim_core.legal import LIMIT, legal_acceptance, legal_distance
from mjsim_core.score import FLAGS, meld_bytes, score_counts

__all__ = ["LIMIT", "LegalDiscard", "LegalSearch", "LegalWait", "Target", "legal_acceptance",
           "legal_discards", "legal_distance", "legal_search", "legal_targets", "legal_waits"]

Unseen = Sequence[int] | NDArray[np.integer[Any]] | None


class LegalWait(NamedTuple):
    """A wait that wins legally, and what it scores won on a discard and self-drawn."""

    tile: int
    discard: int
    self_drawn: int


class LegalDiscard(NamedTuple):
    """What discarding one kind leaves: its legal distance, the kinds a nearest legal target
    then draws, and the copies of them to be had."""

    tile: int
    distance: int
    kinds: tuple[int, ...]
    copies: int


class Target(NamedTuple):
    """A nearest legal hand: the tiles it draws and discards, the tile it is won on, what that
    scores, the elements ``(number, count)`` and the form read. The win is the best of its
    draws; when it is a kind the hand already holds, a copy of it is let go and drawn again
    last, so it is among both the draws and the discards (77m 555p 88s with pung(222m)
    pung(SSS), West in an East round: draws 7m 8s, discards 8s, won on the 8s)."""

    draws: tuple[int, ...]
    discards: tuple[int, ...]
    win: int
    points: int
    fans: tuple[tuple[int, int], ...]
    form: str


class LegalSearch(NamedTuple):
    """A search's answer: the distance, whether it is exact (else a lower bound), the kinds a
    nearest legal target draws, and those targets (at most 64 kept)."""

    distance: int
    exact: bool
    kinds: tuple[int, ...]
    targets: tuple[Target, ...]


def legal_waits(counts: np.ndarray, melds: Sequence[Meld] = (), seat_wind: int = 0,
                prevalent_wind: int = 0, self_drawn: bool = False, unseen: Unseen = None,
                ruleset: str = "green-book") -> list[LegalWait]:
    """The waits of a 13-3m tile hand that win eight points (on a discard, or self-drawn when
    ``self_drawn``), each with its points both ways; ascending by tile."""
    return [LegalWait(*row) for row in _core.legal_waits(
        counts, melds, seat_wind, prevalent_wind, self_drawn, unseen, ruleset)]


def legal_discards(counts: np.ndarray, melds: Sequence[Meld] = (), seat_wind: int = 0,
                   prevalent_wind: int = 0, self_drawn: bool = False, unseen: Unseen = None,
                   ruleset: str = "green-book", limit: int = LIMIT) -> list[LegalDiscard]:
    """For a 14-3m tile hand, one :class:`LegalDiscard` per distinct kind held, ascending.

    The discarded tile lies face up: no more of it is to be had after than before.
    """
    return _core.legal_discards(counts, melds, seat_wind, prevalent_wind, self_drawn, unseen,
                                ruleset, limit, row=LegalDiscard)


def legal_search(counts: np.ndarray, melds: Sequence[Meld] = (), seat_wind: int = 0,
                 prevalent_wind: int = 0, self_drawn: bool = False, unseen: Unseen = None,
                 ruleset: str = "green-book", limit: int = LIMIT) -> LegalSearch:
    """The distance of a 13-3m tile hand with the nearest legal targets found, best first.

    >>> from mjsim import Hand
    >>> found = legal_search(Hand.parse("123m 456p 789s 234s 5m").counts)
    >>> found.distance, found.exact, found.targets[0].points, found.targets[0].fans
    (0, True, 13, ((39, 1), (62, 1), (63, 1), (79, 1)))
    """
    distance, exact, kinds, found = _core.legal_search(
        counts, melds, seat_wind, prevalent_wind, self_drawn, unseen, ruleset, limit)
    held = np.ascontiguousarray(counts, dtype=np.uint8)
    codes = meld_bytes(melds)
    flags = FLAGS["self_drawn"] if self_drawn else 0
    index = ruleset_index(ruleset)
    targets = [_target(np.frombuffer(tiles, dtype=np.uint8), win, held, melds, codes, flags,
                       seat_wind, prevalent_wind, index) for tiles, win in found]
    targets.sort(key=lambda t: (-t.points, t.draws, t.discards))
    return LegalSearch(distance, exact, kinds, tuple(targets))


def legal_targets(counts: np.ndarray, melds: Sequence[Meld] = (), seat_wind: int = 0,
                  prevalent_wind: int = 0, self_drawn: bool = False, unseen: Unseen = None,
                  ruleset: str = "green-book", limit: int = LIMIT) -> tuple[Target, ...]:
    """The nearest legal targets of a 13-3m tile hand, highest scoring first (see
    :func:`legal_search`)."""
    return legal_search(counts, melds, seat_wind, prevalent_wind, self_drawn, unseen, ruleset,
                        limit).targets


def _target(tiles: np.ndarray, won_on: int, held: np.ndarray, melds: Sequence[Meld],
            codes: bytes, flags: int, seat_wind: int, prevalent_wind: int,
            ruleset: int) -> Target:
    """The :class:`Target` of a complete concealed part the search found won on ``won_on``: on
    its best drawn tile, or on that held one."""
    draws = tuple(k for k in range(34) for _ in range(max(0, int(tiles[k]) - int(held[k]))))
    discards = tuple(k for k in range(34) for _ in range(max(0, int(held[k]) - int(tiles[k]))))
    wins = sorted(set(draws))
    if tiles[won_on] <= held[won_on]:
        wins = [won_on]
        draws, discards = tuple(sorted((*draws, won_on))), tuple(sorted((*discards, won_on)))
    best: tuple[int, tuple[tuple[int, int], ...], str, int] | None = None
    for win in wins:
        exposed = sum(m.tiles.count(win) for m in melds if not m.concealed)
        last = FLAGS["last_copy"] if exposed == 3 else 0
        total, fans, reading = score_counts(tiles, codes, win, flags | last, seat_wind,
                                            prevalent_wind, ruleset)
        if best is None or total > best[0]:
            best = (total, fans, reading[0], win)
    assert best is not None  # a 13-tile hand's target is always won on some tile
    return Target(draws, discards, best[3], best[0], best[1], best[2])
