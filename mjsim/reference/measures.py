"""The measures the rungs rank moves by, each a function of what a view shows.

- :func:`isolation`: how connected a tile is in the hand (rung 1's order);
- :func:`winning_copies`: the copies still to be had that complete a ready hand for eight points
  (the acceptance that counts once a hand is ready), from :func:`win_points`;
- :func:`meld_floor`: the points a hand's declared melds assure whatever the rest becomes;
- :func:`scores_alone`: whether a pung of a kind scores by itself;
- :func:`targets`: the flush, pungs hand or scoring pairs a hand has in the making (rung 3).
- :func:`word` and :func:`rekeyed`: the last tie-break (:attr:`mjsim.players.view.View.word`),
  and the same re-keyed by a rung's salt.

>>> from mjsim import Hand
>>> held = Hand.parse("1m 9p 5s EE R").counts.tobytes()
>>> [isolation(held, k) for k in (31, 0, 17, 22, 27)]   # the single honour is most isolated
[0, 1, 1, 2, 3]
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from mjsim.analysis.shanten import waits
from mjsim.scoring.elements import BY_NAME
from mjsim.tiles.kinds import DRAGON_KINDS, EAST, N_PLAYING, N_SUITED, TERMINALS, Kind
from mjsim.tiles.meld import Meld
from mjsim_core.elements import ruleset_index
from mjsim_core.rungs import FLUSH_OUTSIDE, PUNGS_SETS
from mjsim_core.score import FLAGS, MIN_POINTS, meld_bytes, score_counts

# The kinds within two ranks of a suited kind, in its suit (a 1m and a 3m can still make a chow).
_NEAR: tuple[tuple[Kind, ...], ...] = tuple(
    tuple(j for j in range(max(k - k % 9, k - 2), min(k - k % 9 + 8, k + 2) + 1) if j != k)
    if k < N_SUITED else () for k in range(N_PLAYING))
# Honours are the least useful single tiles, then terminals, then the rest.
_CLASS: tuple[int, ...] = tuple(0 if k >= N_SUITED else 1 if k in TERMINALS else 2
                                for k in range(N_PLAYING))


def isolation(held: bytes, kind: Kind) -> int:
    """Rung 1's sort key for discarding ``kind`` from the counts ``held`` (as bytes): lower is
    more isolated. Fewest neighbours first (other copies, and tiles of the suit within two
    ranks), then honours before terminals before the rest.

    >>> from mjsim import Hand
    >>> held = Hand.parse("13m 5p 9s E").counts.tobytes()
    >>> sorted((0, 13, 26, 27), key=lambda k: isolation(held, k))
    [27, 26, 13, 0]
    """
    near = held[kind] - 1
    for other in _NEAR[kind]:
        near += held[other]
    return 3 * near + _CLASS[kind]


def scores_alone(kind: Kind, seat_wind: int, prevalent: int) -> bool:
    """A pung of ``kind`` scores by itself: a dragon, the prevalent or seat wind, a terminal.

    >>> [scores_alone(kind, 1, 0) for kind in (31, 27, 28, 29, 0, 4)]   # seat South, round East
    [True, True, True, False, True, False]
    """
    return (kind in DRAGON_KINDS or kind == EAST + seat_wind or kind == EAST + prevalent
            or kind in TERMINALS)


def _points(name: str) -> int:
    """An element's points (the honour pungs' elements are worth the same in both rulesets)."""
    return BY_NAME[name].points


# By the dragon pungs declared: nothing, Dragon Pung, Two Dragon Pungs, Big Three Dragons.
_DRAGON_POINTS = (0, *map(_points, ("Dragon Pung", "Two Dragon Pungs", "Big Three Dragons")))


def meld_floor(melds: Sequence[Meld], seat_wind: int, prevalent: int) -> int:
    """The points the declared melds assure whatever the rest of the hand becomes.

    Counted from elements no other element can exclude below their sum: Dragon Pung 2 (two of
    them Two Dragon Pungs 6, three Big Three Dragons 88), Prevalent Wind 2 and Seat Wind 2 (a
    wind that is neither scores Pung of Terminals or Honours 1; three wind pungs score Big Three
    Winds 12 instead of those ones, four Big Four Winds 88 alone), Pung of Terminals 1, Melded
    Kong 1, Concealed Kong 2 (two kongs score more together: their sum is still a floor).

    >>> from mjsim.tiles.meld import Meld
    >>> meld_floor([Meld.pung(31), Meld.pung(32)], 0, 0), meld_floor([Meld.pung(27)], 0, 0)
    (6, 4)
    """
    dragons = winds = plain = seats = points = 0
    for meld in melds:
        if meld.kind == "chow":
            continue
        if meld.kind == "kong":
            points += 2 if meld.concealed else 1
        kind = meld.tiles[0]
        if kind in DRAGON_KINDS:
            dragons += 1
        elif kind >= EAST:
            winds += 1
            both = (kind - EAST == seat_wind) + (kind - EAST == prevalent)
            seats += 2 * both
            plain += not both
        elif kind in TERMINALS:
            points += 1
    points += _DRAGON_POINTS[dragons]
    # Big Three Winds replaces the wind pungs' Pung of Terminals or Honours; Big Four Winds
    # replaces that and the Seat and Prevalent Wind as well.
    if winds < 3:
        return points + plain + seats
    return points + (_points("Big Three Winds") + seats if winds == 3
                     else _points("Big Four Winds"))


_LAST_COPY = FLAGS["last_copy"]


def win_points(held: bytes, melds: tuple[Meld, ...], wait: Kind, seat_wind: int,
               prevalent: int, ruleset: str) -> int:
    """The points (flowers excluded) of a ready hand (concealed counts as bytes, declared
    melds) winning on ``wait`` by a discard, from the compiled scorer.

    >>> from mjsim import Hand
    >>> held = Hand.parse("123456789m 1234p").counts.tobytes()
    >>> win_points(held, (), 9, 0, 0, "green-book") >= 16   # a Pure Straight
    True
    """
    counts = np.frombuffer(held, dtype=np.uint8).copy()
    counts[wait] += 1
    # As mjsim.scoring.scorer reads it: three copies in one's own exposed melds make the last copy.
    exposed = sum(meld.tiles.count(wait) for meld in melds if not meld.concealed)
    return score_counts(counts, meld_bytes(melds), wait, _LAST_COPY if exposed == 3 else 0,
                        seat_wind, prevalent, ruleset_index(ruleset))[0]


def winning_copies(held: bytes, melds: tuple[Meld, ...], unseen: Sequence[int], seat_wind: int,
                   prevalent: int, ruleset: str, waits_: Sequence[Kind] | None = None,
                   enough: int | None = None) -> int:
    """The copies still unseen of the waits that win a ready hand, in quarters: four per copy
    that wins by a discard, one per copy that wins only self-drawn (a seat draws about one tile
    in four of those that come out). Self-drawn adds Self-Drawn 1, or for a concealed hand turns
    Concealed Hand 2 into Fully Concealed Hand 4. Zero when the hand is not ready.

    ``waits_`` saves working out the waits when the caller knows them; the count stops once it
    reaches ``enough``. Waits with no copy unseen are not scored.

    >>> from mjsim import Hand
    >>> held = Hand.parse("123456789m 1234p").counts.tobytes()
    >>> winning_copies(held, (), [4] * 34, 0, 0, "green-book")
    32
    """
    if waits_ is None:
        waits_ = waits(np.frombuffer(held, dtype=np.uint8), len(melds))
    bonus = 2 if all(meld.concealed for meld in melds) else 1
    total = 0
    for wait in waits_:
        copies = unseen[wait]
        if not copies:
            continue
        points = win_points(held, melds, wait, seat_wind, prevalent, ruleset)
        if points >= MIN_POINTS:
            total += 4 * copies
        elif points + bonus >= MIN_POINTS:
            total += copies
        if enough is not None and total >= enough:
            break
    return total


class Targets(NamedTuple):
    """What a hand has in the making: ``flush`` (the suit 0-2 of a flush, or None), ``pure``
    (that flush holds no honour: a Full Flush), ``pungs`` (an All Pungs hand) and ``pairs``
    (the scoring kinds held as pairs)."""

    flush: int | None
    pure: bool
    pungs: bool
    pairs: tuple[Kind, ...]

    def __bool__(self) -> bool:
        return self.flush is not None or self.pungs or bool(self.pairs)

    def keeps(self, held: bytes, tile: Kind) -> int:
        """How many of the targets discarding ``tile`` keeps: a tile of another suit keeps a
        flush, a single tile keeps a pungs hand, a tile outside the scoring pairs keeps them.

        >>> Targets(0, False, True, (31,)).keeps(bytes([1] * 34), 9)
        3
        >>> Targets(0, True, False, ()).keeps(bytes(34), 2)
        0
        """
        kept = 0
        if self.flush is not None and tile < N_SUITED and tile // 9 != self.flush:
            kept += 1
        if self.pungs and held[tile] == 1:
            kept += 1
        if self.pairs and tile not in self.pairs:
            kept += 1
        return kept

    def fits(self, move_kind: str, tile: Kind, floor: int) -> bool:
        """Whether a claimed chow, pung or kong of ``tile`` goes toward a flush or pungs hand
        that promises eight points: a Full Flush (24), or a Half Flush or All Pungs (6 each)
        with scoring pairs or melds (``floor``, from :func:`meld_floor`) worth two more.

        >>> full_flush, pungs_alone = Targets(0, True, False, ()), Targets(None, False, True, ())
        >>> [full_flush.fits("chow", 3, 0), pungs_alone.fits("pung", 3, 0),
        ...  pungs_alone.fits("pung", 3, 2)]
        [True, False, True]
        """
        if (self.flush is not None and (tile >= N_SUITED or tile // 9 == self.flush)
                and (self.pure or self.pairs or floor >= 2)):
            return True
        return self.pungs and move_kind != "chow" and (bool(self.pairs) or floor >= 2)


# The kinds whose pung scores by itself, ascending, by seat wind and prevalent wind.
_SCORING = tuple(tuple(tuple(sorted({EAST + seat, EAST + round_, *DRAGON_KINDS}))
                       for round_ in range(4)) for seat in range(4))


def targets(held: bytes, melds: Sequence[Meld], seat_wind: int, prevalent: int) -> Targets:
    """The targets a hand (concealed counts as bytes, declared melds) has in the making.

    >>> from mjsim import Hand
    >>> hand = Hand.parse("1235779m 22p RR 4s")
    >>> targets(hand.counts.tobytes(), (), 0, 0)
    Targets(flush=0, pure=False, pungs=False, pairs=(31,))
    """
    suits = [sum(held[0:9]), sum(held[9:18]), sum(held[18:N_SUITED])]
    honours = sum(held[N_SUITED:N_PLAYING])
    for meld in melds:
        kind = meld.tiles[0]
        if kind < N_SUITED:
            suits[kind // 9] += 3
        else:
            honours += 3
    main = suits.index(max(suits))
    outside = sum(suits) - suits[main]
    flush = main if outside <= FLUSH_OUTSIDE and all(
        meld.tiles[0] >= N_SUITED or meld.tiles[0] // 9 == main for meld in melds) else None
    sets = N_PLAYING - held.count(0) - held.count(1)   # kinds held two or more times
    pungs = (all(meld.kind != "chow" for meld in melds)
             and sets + len(melds) >= PUNGS_SETS)
    pairs = tuple(k for k in _SCORING[seat_wind][prevalent] if held[k] >= 2)
    return Targets(flush, flush is not None and not honours, pungs, pairs)


def word(seat: int, seat_wind: int, counts: bytes, pools: Sequence[Sequence[Kind]],
         n_melds: Sequence[int], phase: str, drawn: int,
         window: tuple[str, int, int] | None) -> int:
    """The tie-break word of a seat (``drawn`` -1 for none; ``window`` as kind, tile and
    source; ``n_melds`` the melds each seat shows): a hash of what it sees from its own chair."""
    text = b"%d/%s/%s|%s|%s|%s/%d%d%d%d/%s/%d/%s" % (
        seat_wind, counts, bytes(pools[seat]), bytes(pools[(seat + 1) % 4]),
        bytes(pools[(seat + 2) % 4]), bytes(pools[(seat + 3) % 4]), n_melds[seat],
        n_melds[(seat + 1) % 4], n_melds[(seat + 2) % 4], n_melds[(seat + 3) % 4],
        phase.encode(), drawn,
        b"" if window is None else b"%s %d %d" % (window[0].encode(), window[1],
                                                  (window[2] - seat) % 4))
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


_MASK = (1 << 64) - 1


def rekeyed(word: int, salt: int) -> int:
    """``word`` mixed with ``salt`` by SplitMix64's finaliser, in 64 bits."""
    x = (word ^ (salt * 0x9E3779B97F4A7C15)) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)
