"""Random winning hands for the scoring tests, leaning toward rare elements.

A tile theme per hand (one suit, one suit and honours, terminals and honours, greens,
reversibles, a rank band, even ranks, fives, winds and dragons), set patterns built on purpose
(shifted, straight, identical, mixed), special shapes, plain hands, kongs of both kinds, and every
win circumstance, always consistent with the hand. Seeded numpy generators only.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from mjsim.reference.score import readings
from mjsim.scoring.elements import WinContext
from mjsim.tiles.hand import Hand
from mjsim.tiles.meld import Meld

SUITED = list(range(27))
THEMES = {
    "any": list(range(34)),
    "one suit": None,          # filled per hand
    "one suit and honours": None,
    "terminals and honours": [0, 8, 9, 17, 18, 26, *range(27, 34)],
    "terminals": [0, 8, 9, 17, 18, 26],
    "honours": list(range(27, 34)),
    "greens": [19, 20, 21, 23, 25, 32],
    "reversibles": [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33],
    "upper": [k for k in SUITED if k % 9 >= 6],
    "upper four": [k for k in SUITED if k % 9 >= 5],
    "middle": [k for k in SUITED if 3 <= k % 9 <= 5],
    "lower": [k for k in SUITED if k % 9 <= 2],
    "lower four": [k for k in SUITED if k % 9 <= 3],
    "even": [k for k in SUITED if k % 9 in (1, 3, 5, 7)],
    "fives": [k for k in SUITED if 2 <= k % 9 <= 6],
    "winds and dragons": [*range(27, 34), *SUITED[:9]],
    "two suits": None,
}


def _pool(rng: np.random.Generator) -> list[int]:
    theme = list(THEMES)[rng.integers(len(THEMES))]
    suit = int(rng.integers(3))
    if theme == "one suit":
        return list(range(suit * 9, suit * 9 + 9))
    if theme == "one suit and honours":
        honours = rng.choice(range(27, 34), 3, replace=False)
        return [*range(suit * 9, suit * 9 + 9), *(int(h) for h in honours)]
    if theme == "two suits":
        return [k for k in SUITED if k // 9 != suit]
    return THEMES[theme]


def _patterned_sets(rng: np.random.Generator) -> list[tuple[str, int]]:
    """Three or four sets forming a chow or pung pattern on purpose."""
    suit = int(rng.integers(3))
    suits = [int(s) for s in rng.permutation(3)]
    low = int(rng.integers(0, 3))
    choices = [
        [("chow", suit * 9 + low + i * step) for i in range(n)]
        for step in (0, 1, 2) for n in (3, 4) if low + (n - 1) * step <= 6
    ] + [
        [("chow", suit * 9 + r) for r in (0, 3, 6)],
        [("chow", s * 9 + r) for s, r in zip(suits, (0, 3, 6))],
        [("chow", s * 9 + low) for s in suits],
        [("chow", s * 9 + low + i) for i, s in enumerate(suits)],
        [("pung", s * 9 + low + i) for i, s in enumerate(suits)],
        [("pung", s * 9 + low) for s in suits],
        [("pung", suit * 9 + low + i) for i in range(int(rng.integers(3, 5)))],
        [("pung", int(w)) for w in rng.choice(range(27, 31), rng.integers(3, 5), replace=False)],
        [("pung", int(d)) for d in rng.choice(range(31, 34), rng.integers(2, 4), replace=False)],
        [("chow", suit * 9), ("chow", suit * 9), ("chow", suit * 9 + 6), ("chow", suit * 9 + 6)],
        [("chow", suits[0] * 9), ("chow", suits[0] * 9 + 6),
         ("chow", suits[1] * 9), ("chow", suits[1] * 9 + 6)],
    ]
    return choices[rng.integers(len(choices))]


def _random_set(rng: np.random.Generator, pool: list[int]) -> tuple[str, int]:
    kind = int(rng.choice(pool))
    starts = [kind - d for d in (0, 1, 2) if kind < 27 and 0 <= (kind - d) % 9 <= 6
              and kind - d >= 0 and (kind - d) // 9 == kind // 9]
    if starts and rng.random() < 0.5:
        return ("chow", int(rng.choice(starts)))
    return ("pung", kind)


def _set_tiles(s: tuple[str, int]) -> list[int]:
    kind, tile = s
    return [tile, tile + 1, tile + 2] if kind == "chow" else [tile] * 3


def _regular(rng: np.random.Generator) -> tuple[list[tuple[str, int]], int] | None:
    pool = _pool(rng)
    sets = _patterned_sets(rng) if rng.random() < 0.4 else []
    while len(sets) < 4:
        sets.append(_random_set(rng, pool))
    sets = sets[:4]
    if all(tile >= 27 for _, tile in sets) and rng.random() < 0.6:
        pool = list(range(27, 34))  # honour pairs beside honour pungs: the "little" hands
    pair = int(rng.choice(pool if rng.random() < 0.8 else [4, 13, 22, 27, 31]))
    return sets, pair


def _counts_ok(tiles: list[int]) -> bool:
    return max(Counter(tiles).values()) <= 4


def _special(rng: np.random.Generator) -> list[int] | None:
    """Fourteen concealed tiles of a special shape, or None."""
    form = rng.integers(5)
    arrangement = [int(s) for s in rng.permutation(3)]
    knitted = [s * 9 + r for s, start in zip(arrangement, (0, 1, 2)) for r in (start, start + 3,
                                                                                 start + 6)]
    if form == 0:  # seven pairs, maybe shifted, maybe with four alike
        if rng.random() < 0.3:
            start = int(rng.integers(0, 3)) + 9 * int(rng.integers(3))
            return [k for k in range(start, start + 7) for _ in range(2)]
        pool = _pool(rng)
        kinds = list(rng.choice(pool, 7, replace=len(pool) < 7))
        return [int(k) for k in kinds for _ in range(2)]
    if form == 1:  # thirteen orphans
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        return [*orphans, int(rng.choice(orphans))]
    if form == 2:  # honours and knitted
        honours = list(range(27, 34))
        tiles = list(rng.choice(knitted + honours, 14, replace=False))
        return [int(t) for t in tiles]
    if form == 3:  # nine gates
        base = 9 * int(rng.integers(3))
        return [base + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [
            base + int(rng.integers(9))]
    pool = _pool(rng)  # knitted straight with a set and a pair
    return knitted + _set_tiles(_random_set(rng, pool)) + [int(rng.choice(pool))] * 2


def _plain(rng: np.random.Generator) -> tuple[list[int], list[Meld]]:
    """Three suits, claimed sets, an honour pair: a hand that often scores nothing (Chicken)."""
    a, b, c, d = (int(r) for r in rng.integers(1, 6, 4))
    melds = [Meld.chow(a), Meld.chow(9 + b), Meld.pung(18 + c + 1)]
    return [d, d + 1, d + 2, *[int(rng.choice([27, 28, 29, 30, 31, 32, 33]))] * 2], melds


def random_win(rng: np.random.Generator) -> tuple[Hand, WinContext] | None:
    """A random winning hand and a consistent context, or None when a draw fails."""
    melds: list[Meld] = []
    if rng.random() < 0.03:
        concealed, melds = _plain(rng)
    elif rng.random() < 0.25:
        concealed = _special(rng)
    else:
        sets, pair = _regular(rng)
        concealed = [pair, pair]
        n_melds = int(rng.choice([0, 0, 1, 1, 2, 3, 4]))
        for i, s in enumerate(sets):
            if i < n_melds or (s[0] == "pung" and rng.random() < 0.25):
                if s[0] == "chow":
                    melds.append(Meld.chow(s[1]))
                elif rng.random() < 0.5:
                    melds.append(Meld.kong(s[1], concealed=bool(rng.random() < 0.5)))
                else:
                    melds.append(Meld.pung(s[1]))
            else:
                concealed += _set_tiles(s)
    if concealed is None:
        return None
    every = concealed + [t for m in melds for t in m.tiles]
    if not _counts_ok(every):
        return None
    win = int(rng.choice(concealed))
    self_drawn = bool(rng.random() < 0.4)
    has_kong = any(m.is_kong for m in melds)
    alone = concealed.count(win) == 1 and not any(win in m.tiles for m in melds)
    robbing = not self_drawn and alone and rng.random() < 0.15
    ctx = WinContext(
        win, self_drawn, int(rng.integers(4)), int(rng.integers(4)),
        flowers=int(rng.integers(0, 9)) if rng.random() < 0.2 else 0,
        last_copy=bool(concealed.count(win) == 1 and rng.random() < 0.15),
        wall_last=bool(not robbing and rng.random() < 0.1),
        replacement=bool(self_drawn and has_kong and rng.random() < 0.3),
        robbing=bool(robbing))
    try:
        hand = Hand(concealed, melds)
        readings(hand, ctx)
    except ValueError:
        return None
    return hand, ctx
