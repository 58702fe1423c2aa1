"""The legal distance, slowly and obviously: every complete hand within reach, scored.

Twin of :mod:`mjsim_core.legal` (documented in :mod:`mjsim.analysis.legal`). For a hand of 13-3m
concealed tiles it lists every complete concealed part of every form the melds allow (four sets
and a pair as multisets of groups, seven pairs, thirteen orphans, honours and knitted, knitted
straights) that costs at most ``limit + 1`` draws (the copies it holds beyond the hand's) and
holds no more than the copies still to be had, and scores each with the public scorer
:func:`mjsim.scoring.score`, won on each tile it draws, or at one draw more on a tile the hand
holds (a copy let go and drawn again last). Nothing is pruned but by cost.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

import numpy as np

from mjsim.reference.shanten import HONORS, KNITTED, ORPHANS
from mjsim.scoring import MIN_POINTS, WinContext, score
from mjsim.tiles.hand import Hand
from mjsim.tiles.meld import Meld
from mjsim_core.legal import LIMIT

__all__ = ["caps", "legal_discards", "legal_distance", "legal_search", "legal_waits",
           "targets"]

SETS: tuple[tuple[int, ...], ...] = tuple(
    [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6] + [(k, k, k) for k in range(34)])


def caps(counts: Sequence[int], melds: Sequence[Meld], unseen: Sequence[int] | None) -> list[int]:
    """The most copies of each kind a target may hold concealed: no fifth copy with the melds,
    and no more drawn than ``unseen`` has (by default every copy not held or melded)."""
    melded = [sum(m.tiles.count(k) for m in melds) for k in range(34)]
    out = []
    for k in range(34):
        room = 4 - melded[k]
        can = counts[k] + (unseen[k] if unseen is not None else room - counts[k])
        out.append(max(0, min(room, can)))
    return out


def _cost(target: Sequence[int], held: Sequence[int]) -> int:
    return sum(max(0, t - h) for t, h in zip(target, held))


def _add(target: list[int], held: Sequence[int], kinds: Sequence[int]) -> int:
    """Add one copy of each of ``kinds`` to ``target``; the draws that adds (a copy beyond the
    held ones), so that a walk keeps its cost as it goes."""
    draws = 0
    for k in kinds:
        draws += target[k] >= held[k]
        target[k] += 1
    return draws


def _take(target: list[int], kinds: Sequence[int]) -> None:
    for k in kinds:
        target[k] -= 1


def _regular(held: list[int], cap: list[int], sets: int, budget: int) -> Iterator[tuple[int, ...]]:
    """Every ``sets`` sets (as a multiset) and a pair within budget and caps."""
    target = [0] * 34

    def walk(first: int, left: int, cost: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            for pair in range(34):
                more = _add(target, held, (pair, pair))
                if target[pair] <= cap[pair] and cost + more <= budget:
                    yield tuple(target)
                _take(target, (pair, pair))
            return
        for i in range(first, len(SETS)):
            more = _add(target, held, SETS[i])
            if all(target[k] <= cap[k] for k in SETS[i]) and cost + more <= budget:
                yield from walk(i, left - 1, cost + more)
            _take(target, SETS[i])

    yield from walk(0, sets, 0)


def _seven_pairs(held: list[int], cap: list[int], budget: int) -> Iterator[tuple[int, ...]]:
    def walk(kind: int, left: int, cost: int, target: list[int]) -> Iterator[tuple[int, ...]]:
        # Only kinds held twice give a pair for nothing: each other pair costs a draw or more.
        if cost + max(0, left - sum(h // 2 for h in held[kind:])) > budget:
            return
        if left == 0:
            yield tuple(target)
            return
        if kind == 34:
            return
        for pairs in range(min(2, left) + 1):
            if 2 * pairs <= cap[kind]:
                target[kind] = 2 * pairs
                yield from walk(kind + 1, left - pairs, cost + max(0, 2 * pairs - held[kind]),
                                target)
        target[kind] = 0

    yield from walk(0, 7, 0, [0] * 34)


def _knitted_forms(cap: list[int], melds: int, held: list[int],
                   budget: int) -> Iterator[tuple[int, ...]]:
    """Thirteen orphans, honours and knitted (no melds) and knitted straights (at most one)."""
    if melds == 0:
        for extra in ORPHANS:
            target = [0] * 34
            for k in ORPHANS:
                target[k] = 1
            target[extra] = 2
            yield tuple(target)
        for arrangement in KNITTED:
            # Fourteen of these sixteen kinds: two may be left out, each other one not held drawn.
            if sum(not held[k] for k in arrangement + HONORS) - 2 > budget:
                continue
            for kinds in combinations(sorted(arrangement + HONORS), 14):
                yield tuple(1 if k in kinds else 0 for k in range(34))
    if melds <= 1:
        for arrangement in KNITTED:
            base = [1 if k in arrangement else 0 for k in range(34)]
            missing = sum(not held[k] for k in arrangement)
            if missing > budget:
                continue
            for rest in _regular(_less(held, base), _less(cap, base), 1 - melds, budget - missing):
                yield tuple(b + r for b, r in zip(base, rest))


def _less(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [max(0, x - y) for x, y in zip(a, b)]


def targets(counts: Sequence[int], melds: Sequence[Meld], cap: list[int],
            budget: int) -> set[tuple[int, ...]]:
    """Every complete concealed part within ``budget`` draws of ``counts`` and the caps."""
    held = [int(c) for c in counts]
    found = set(_regular(held, cap, 4 - len(melds), budget))
    if not melds:
        found |= set(_seven_pairs(held, cap, budget))
    found |= set(_knitted_forms(cap, len(melds), held, budget))
    return {t for t in found
            if _cost(t, held) <= budget and all(x <= c for x, c in zip(t, cap))}


def _points(target: tuple[int, ...], melds: Sequence[Meld], win: int, self_drawn: bool,
            seat_wind: int, prevalent_wind: int, ruleset: str) -> int:
    hand = Hand(np.array(target, dtype=np.uint8), melds)
    return score(hand, WinContext(win, self_drawn, seat_wind, prevalent_wind), ruleset).total


def _wins(target: Sequence[int], held: Sequence[int],
          cap: Sequence[int]) -> Iterator[tuple[int, int]]:
    """(tile, draws beyond the target's) for each tile a target may be won on: one it draws
    (none), or one the hand already holds, discarded and drawn again last (one, and a copy to
    be had): 77m 555p 88s draws 7m and lets 8s go to win on 8s as a single wait."""
    for k in range(34):
        if target[k] > held[k]:
            yield k, 0
        elif target[k] and cap[k] > held[k]:
            yield k, 1


def legal_search(counts: Sequence[int], melds: Sequence[Meld] = (), seat_wind: int = 0,
                 prevalent_wind: int = 0, self_drawn: bool = False,
                 unseen: Sequence[int] | None = None, ruleset: str = "green-book",
                 limit: int = LIMIT, cap: list[int] | None = None) -> tuple[int, set[int]]:
    """(legal distance, kinds some nearest legal target draws) of a 13-3m tile hand; the
    distance is ``limit + 1`` and the kinds empty when nothing legal is within ``limit``."""
    held = [int(c) for c in counts]
    cap = caps(held, melds, unseen) if cap is None else cap
    # The draws of each way to a target (the target and the tile it is won on), cheapest first.
    ways: dict[int, dict[tuple[int, ...], list[int]]] = {}
    for target in targets(held, melds, cap, limit + 1):
        cost = _cost(target, held)
        for win, more in _wins(target, held, cap):
            if cost + more <= limit + 1:
                ways.setdefault(cost + more, {}).setdefault(target, []).append(win)
    for draws in sorted(ways):
        kinds: set[int] = set()
        for target, wins in ways[draws].items():
            if any(_points(target, melds, w, self_drawn, seat_wind, prevalent_wind, ruleset)
                   >= MIN_POINTS for w in wins):
                kinds |= {k for k in range(34) if target[k] > held[k]}
        if kinds:
            return draws - 1, kinds
    return limit + 1, set()


def legal_distance(counts: Sequence[int], melds: Sequence[Meld] = (), seat_wind: int = 0,
                   prevalent_wind: int = 0, self_drawn: bool = False,
                   unseen: Sequence[int] | None = None, ruleset: str = "green-book",
                   limit: int = LIMIT) -> int:
    """The legal distance of a 13-3m or 14-3m tile hand (``limit + 1``: at least that)."""
    held = [int(c) for c in counts]
    if sum(held) == 13 - 3 * len(melds):
        return legal_search(held, melds, seat_wind, prevalent_wind, self_drawn, unseen, ruleset,
                            limit)[0]
    for win in range(34):
        if held[win] and tuple(held) in targets(held, melds, caps(held, melds, unseen), 0) \
                and _points(tuple(held), melds, win, self_drawn, seat_wind, prevalent_wind,
                            ruleset) >= MIN_POINTS:
            return -1
    return min(row[1] for row in legal_discards(held, melds, seat_wind, prevalent_wind,
                                                self_drawn, unseen, ruleset, limit))


def legal_discards(counts: Sequence[int], melds: Sequence[Meld] = (), seat_wind: int = 0,
                   prevalent_wind: int = 0, self_drawn: bool = False,
                   unseen: Sequence[int] | None = None, ruleset: str = "green-book",
                   limit: int = LIMIT) -> list[tuple[int, int, tuple[int, ...], int]]:
    """(tile, legal distance after, accepted kinds, their copies) per kind of a 14-3m tile hand;
    the discard lies face up, so no more of it is to be had than before."""
    held = [int(c) for c in counts]
    before = caps(held, melds, unseen)
    out = []
    for tile in range(34):
        if not held[tile]:
            continue
        after = held.copy()
        after[tile] -= 1
        cap = before.copy()
        cap[tile] = max(0, cap[tile] - 1)
        distance, kinds = legal_search(after, melds, seat_wind, prevalent_wind, self_drawn,
                                       unseen, ruleset, limit, cap)
        out.append((tile, distance, tuple(sorted(kinds)),
                    sum(cap[k] - after[k] for k in kinds)))
    return out


def legal_waits(counts: Sequence[int], melds: Sequence[Meld] = (), seat_wind: int = 0,
                prevalent_wind: int = 0, self_drawn: bool = False,
                unseen: Sequence[int] | None = None,
                ruleset: str = "green-book") -> list[tuple[int, int, int]]:
    """(wait, points by discard, points self-drawn) of each wait that wins eight as asked."""
    held = [int(c) for c in counts]
    cap = caps(held, melds, unseen)
    complete = targets(held, melds, cap, 1)
    out = []
    for wait in range(34):
        target = tuple(h + (k == wait) for k, h in enumerate(held))
        if held[wait] >= cap[wait] or target not in complete:
            continue
        by_discard, by_draw = (_points(target, melds, wait, drawn, seat_wind, prevalent_wind,
                                       ruleset) for drawn in (False, True))
        if (by_draw if self_drawn else by_discard) >= MIN_POINTS:
            out.append((wait, by_discard, by_draw))
    return out
