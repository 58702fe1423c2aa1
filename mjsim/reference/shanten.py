"""Slow, obvious twins of the hand-analysis kernels (tests only).

Everything here follows from one definition. A *target* is a complete hand for the concealed part
(the tiles not in declared melds) that holds at most four of any kind; its *distance* from the
held tiles is the number of target tiles not held, ``sum(max(0, target[k] - held[k]))``. The
shanten of a form is the least distance over the targets of that form, minus one: -1 complete, 0
ready. A 3n+1 hand draws ``d`` tiles and discards ``d - 1`` to reach a target at distance ``d``; a
3n+2 hand exchanges ``d`` tiles; either way it is ``d - 1`` exchanges from ready.

The targets of each form (docs/rules.md#winning-hands):

- ``regular``: ``4 - melds`` sets (chows or pungs) and a pair;
- ``seven_pairs``: seven pairs, where four of a kind counts as two (no melds);
- ``thirteen_orphans``: the thirteen terminals and honours once each and one of them twice;
- ``honors_knitted``: fourteen different kinds out of one knitted arrangement and the seven
  honours (greater: all seven honours; lesser: five or six);
- ``knitted_straight``: the nine tiles of a knitted arrangement, ``1 - melds`` sets and a pair
  (no more than one meld).

A target's sets and its pair each lie within one suit (the honours count as a fourth suit
without chows), and the distance adds up over the suits. So each suit is searched on its own,
rank by rank, trying every number of pungs, chows and pairs that can start at each rank; then
every way to share the sets and the pair among the four suits is tried. The special forms list
their targets outright. No block counting and no shortcut that a proof would have to justify:
tests/test_reference_shanten.py pins the search against every target listed in full.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations, permutations, product

import numpy as np

from mjsim.tiles.kinds import HONOR_KINDS, N_PLAYING, N_SUITED, TERMINALS_AND_HONORS

N_KINDS = N_PLAYING
HONORS = tuple(sorted(HONOR_KINDS))
ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))
FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")

# The six knitted arrangements (docs/rules.md#knitted-arrangements): suit i takes the ranks 1+r,
# 4+r, 7+r.
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(9 * suit + offset + step for suit, offset in enumerate(offsets)
                 for step in (0, 3, 6)))
    for offsets in permutations(range(3))
)

Counts = Sequence[int]


def _held(counts: Iterable[int], melds: int, cap: int = 4) -> tuple[int, ...]:
    held = tuple(int(c) for c in counts)
    if len(held) != N_KINDS:
        raise ValueError(f"a counts array has 34 entries, not {len(held)}")
    if any(c < 0 or c > cap for c in held):
        raise ValueError(f"each kind holds 0 to {cap} copies")
    if not 0 <= melds <= 4:
        raise ValueError(f"0 to 4 declared melds, not {melds}")
    if sum(held) not in (13 - 3 * melds, 14 - 3 * melds):
        raise ValueError(f"{sum(held)} concealed tiles with {melds} melds: "
                         f"expected {13 - 3 * melds} or {14 - 3 * melds}")
    return held


def _cost(target: Iterable[int], held: Sequence[int]) -> int:
    return sum(max(0, t - h) for t, h in zip(target, held, strict=True))


# The sets and the pair of a target split by suit, and a target's distance is the sum of its
# distances within each suit (the honours count as a fourth suit without chows). So the search
# runs suit by suit, trying every number of sets and pair in each, and then every way to share
# the sets and the pair among the suits.
GROUPS = (range(9), range(9, 18), range(18, N_SUITED), range(N_SUITED, N_PLAYING))


@lru_cache(maxsize=1 << 16)
def _group_table(held: tuple[int, ...], base: tuple[int, ...], chows: bool, most_sets: int,
                 cap: int) -> dict[tuple[int, int], int]:
    """Least distance of one suit to ``base`` plus s sets and p pairs, keyed by ``(s, p)``.

    Walks the ranks upwards, deciding at each how many pungs, pairs and chows start there.
    A state is (sets so far, pairs so far, chows running through this rank, chows begun at the
    rank before); its value is the least distance of the ranks passed.
    """
    states = {(0, 0, 0, 0): 0}
    for rank, (have, fixed) in enumerate(zip(held, base, strict=True)):
        chow_start = chows and rank <= len(held) - 3
        after: dict[tuple[int, int, int, int], int] = {}
        for (sets, pairs, covering, started), cost in states.items():
            for pung in (0, 1):
                for pair in (0, 1):
                    for chow in range(5 if chow_start else 1):
                        need = fixed + covering + 3 * pung + 2 * pair + chow
                        if need > cap or sets + pung + chow > most_sets or pairs + pair > 1:
                            break
                        key = (sets + pung + chow, pairs + pair, started + chow, chow)
                        value = cost + max(0, need - have)
                        if value < after.get(key, 99):
                            after[key] = value
        states = after
    table: dict[tuple[int, int], int] = {}
    for (sets, pairs, _, _), cost in states.items():
        table[sets, pairs] = min(cost, table.get((sets, pairs), 99))
    return table


def _sets_distance(held: Sequence[int], base: Sequence[int], sets: int,
                   cap: int = 4) -> int | None:
    """Least distance to ``base`` plus ``sets`` sets plus one pair, or None when none fits."""
    parts = [(tuple(held[k] for k in group), tuple(base[k] for k in group), group.start < N_SUITED,
              sets, cap) for group in GROUPS]
    tables = [_group_table(*part) for part in parts]
    best = 99
    for shares in product(range(sets + 1), repeat=4):
        if sum(shares) != sets:
            continue
        for pair_group in range(4):
            best = min(best, sum(tables[g].get((shares[g], int(g == pair_group)), 99)
                                 for g in range(4)))
    return None if best >= 99 else int(best)


def _seven_pairs_distance(held: tuple[int, ...]) -> int:
    # best[p]: least distance of the kinds passed to hold p pairs (0, 1 or 2 pairs a kind).
    best = [0] + [99] * 7
    for have in held:
        best = [min(best[p - pairs] + max(0, 2 * pairs - have)
                    for pairs in range(min(2, p) + 1)) for p in range(8)]
    return best[7]


def _thirteen_orphans_distance(held: tuple[int, ...]) -> int:
    best = 14
    for extra in ORPHANS:
        target = [0] * N_KINDS
        for kind in ORPHANS:
            target[kind] = 1
        target[extra] = 2
        best = min(best, _cost(target, held))
    return best


@lru_cache(maxsize=1)
def honors_knitted_targets() -> tuple[frozenset[int], ...]:
    """Every honours-and-knitted hand: 14 different kinds of an arrangement plus the honours."""
    return tuple(frozenset(chosen) for arrangement in KNITTED
                 for chosen in combinations(arrangement + HONORS, 14))


def _honors_knitted_distance(held: tuple[int, ...], greater: bool | None = None) -> int:
    kinds = {kind for kind, have in enumerate(held) if have}
    return min(14 - len(chosen & kinds) for chosen in honors_knitted_targets()
               if greater is None or greater == chosen.issuperset(HONORS))


def _knitted_straight_distance(held: tuple[int, ...], melds: int, cap: int) -> int | None:
    distances = []
    for arrangement in KNITTED:
        base = tuple(1 if kind in arrangement else 0 for kind in range(N_KINDS))
        distance = _sets_distance(held, base, 1 - melds, cap)
        if distance is not None:
            distances.append(distance)
    return min(distances, default=None)


def form_shanten(counts: Counts, melds: int, form: str, cap: int = 4) -> int | None:
    """The shanten of one form, or None when the form does not allow ``melds`` melds.

    ``cap`` is the most copies of a kind a target may hold: four in MCR. Five models a
    calculator that lets a hand holding four of a kind count on a fifth (PyMahjongGB does).
    """
    held = _held(counts, melds, cap)
    if form == "regular":
        distance = _sets_distance(held, (0,) * N_KINDS, 4 - melds, cap)
    elif form == "knitted_straight":
        distance = _knitted_straight_distance(held, melds, cap) if melds <= 1 else None
    elif melds:
        distance = None
    elif form == "seven_pairs":
        distance = _seven_pairs_distance(held)
    elif form == "thirteen_orphans":
        distance = _thirteen_orphans_distance(held)
    elif form == "honors_knitted":
        distance = _honors_knitted_distance(held)
    elif form in ("greater_honors_knitted", "lesser_honors_knitted"):
        distance = _honors_knitted_distance(held, form.startswith("greater"))
    else:
        raise ValueError(f"no form {form!r}")
    return None if distance is None else distance - 1


def forms(counts: Counts, melds: int = 0, cap: int = 4) -> dict[str, int | None]:
    """Each form's shanten (None where the meld count rules the form out)."""
    return {form: form_shanten(counts, melds, form, cap) for form in FORMS}


def shanten(counts: Counts, melds: int = 0, cap: int = 4) -> int:
    """The least shanten over the forms the meld count allows."""
    return min(s for s in forms(counts, melds, cap).values() if s is not None)


def _shanten_of(counts: Counts, melds: int, form: str | None, cap: int = 4) -> int | None:
    if form is None:
        return shanten(counts, melds, cap)
    return form_shanten(counts, melds, form, cap)


def _plus(counts: Counts, kind: int) -> list[int]:
    more = [int(c) for c in counts]
    more[kind] += 1
    return more


def _default_unseen(counts: Counts, unseen: Counts | None) -> list[int]:
    if unseen is None:
        return [4 - int(c) for c in counts]
    return [int(u) for u in unseen]


def accepted_kinds(counts13: Counts, melds: int = 0, form: str | None = None,
                   cap: int = 4) -> list[int]:
    """The kinds whose draw lowers the shanten (of ``form``, or overall); never a fifth copy
    (unless ``cap`` allows one, see :func:`form_shanten`)."""
    now = _shanten_of(counts13, melds, form, cap)
    if sum(int(c) for c in counts13) != 13 - 3 * melds:
        raise ValueError("acceptance is for a 3n+1 hand")
    if now is None:
        return []
    lower = []
    for kind in range(N_KINDS):
        if counts13[kind] < cap:
            after = _shanten_of(_plus(counts13, kind), melds, form, cap)
            assert after is not None  # the form allowed the melds before the draw, so after it
            if after < now:
                lower.append(kind)
    return lower


def acceptance(counts13: Counts, melds: int = 0, unseen: Counts | None = None,
               form: str | None = None) -> list[tuple[int, int]]:
    """``(kind, copies unseen)`` for every kind that lowers the shanten of a 3n+1 hand.

    ``unseen`` defaults to four minus the copies held.
    """
    left = _default_unseen(counts13, unseen)
    return [(kind, left[kind]) for kind in accepted_kinds(counts13, melds, form)]


def discards(counts14: Counts, melds: int = 0,
             unseen: Counts | None = None) -> list[tuple[int, int, tuple[int, ...], int]]:
    """For each kind held in a 3n+2 hand: ``(kind, shanten after, accepted kinds, copies)``.

    ``copies`` adds up the unseen copies of the accepted kinds; ``unseen`` defaults to four
    minus the copies the 14 tiles hold (the discarded tile lies on the table, seen).
    """
    if sum(int(c) for c in counts14) != 14 - 3 * melds:
        raise ValueError("discards are for a 3n+2 hand")
    left = _default_unseen(counts14, unseen)
    out = []
    for kind in range(N_KINDS):
        if counts14[kind]:
            rest = _plus(counts14, kind)
            rest[kind] -= 2
            kinds = tuple(accepted_kinds(rest, melds))
            out.append((kind, shanten(rest, melds), kinds, sum(left[k] for k in kinds)))
    return out


def waits(counts13: Counts, melds: int = 0) -> list[int]:
    """The kinds that complete a 3n+1 hand in any form (a fifth copy never does)."""
    if sum(int(c) for c in counts13) != 13 - 3 * melds:
        raise ValueError("waits are for a 3n+1 hand")
    return [kind for kind in range(N_KINDS)
            if counts13[kind] < 4 and shanten(_plus(counts13, kind), melds) == -1]


# Decompositions. A reading is (form, pair, chows, pungs, pairs, knitted), as
# mjsim.analysis.shanten gives it: chows by their lowest kind and pungs by kind, both sorted; pairs
# the seven pairs (a quad's kind twice); knitted the nine kinds of a knitted straight or the
# fourteen of an honours-and-knitted hand; pair -1 where the form has none (thirteen orphans: the
# doubled kind).
Reading = tuple[str, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
# A regular reading's (pair, chows, pungs).
Sets = tuple[int, tuple[int, ...], tuple[int, ...]]

def _set_partitions(rest: list[int], sets: int) -> set[tuple[tuple[str, int], ...]]:
    """Every way to split ``rest`` into exactly ``sets`` chows and pungs."""
    first = next((k for k in range(N_KINDS) if rest[k]), None)
    if first is None:
        return {()} if sets == 0 else set()
    if sets == 0:
        return set()
    found: set[tuple[tuple[str, int], ...]] = set()
    if rest[first] >= 3:
        rest[first] -= 3
        found |= {tuple(sorted((("pung", first),) + more))
                  for more in _set_partitions(rest, sets - 1)}
        rest[first] += 3
    if first < N_SUITED and first % 9 <= 6 and rest[first + 1] and rest[first + 2]:
        for k in (first, first + 1, first + 2):
            rest[k] -= 1
        found |= {tuple(sorted((("chow", first),) + more))
                  for more in _set_partitions(rest, sets - 1)}
        for k in (first, first + 1, first + 2):
            rest[k] += 1
    return found


def _regular_readings(held: Sequence[int], sets: int) -> set[Sets]:
    """(pair, chows, pungs) for every way to read ``held`` as ``sets`` sets and a pair."""
    readings: set[Sets] = set()
    for pair in range(N_KINDS):
        if held[pair] >= 2:
            rest = list(held)
            rest[pair] -= 2
            for grouping in _set_partitions(rest, sets):
                readings.add((pair, tuple(k for word, k in grouping if word == "chow"),
                              tuple(k for word, k in grouping if word == "pung")))
    return readings


def decompositions(counts14: Counts, melds: int = 0) -> list[Reading]:
    """Every reading of a complete 3n+2 hand's concealed tiles, deduplicated and sorted."""
    held = _held(counts14, melds)
    if sum(held) != 14 - 3 * melds:
        raise ValueError("decompositions are for a 3n+2 hand")
    found: set[Reading] = {("regular", pair, chows, pungs, (), ())
                         for pair, chows, pungs in _regular_readings(held, 4 - melds)}
    if melds == 0:
        if all(c % 2 == 0 for c in held):
            pairs = tuple(k for k in range(N_KINDS) for _ in range(held[k] // 2))
            found.add(("seven_pairs", -1, (), (), pairs, ()))
        if all(held[k] >= 1 for k in ORPHANS) and sum(held[k] for k in ORPHANS) == 14:
            found.add(("thirteen_orphans", next(k for k in ORPHANS if held[k] == 2),
                       (), (), (), ()))
        kinds = frozenset(k for k in range(N_KINDS) if held[k])
        if max(held) == 1 and kinds in honors_knitted_targets():
            found.add(("honors_knitted", -1, (), (), (), tuple(sorted(kinds))))
    if melds <= 1:
        for arrangement in KNITTED:
            if all(held[k] for k in arrangement):
                rest = [c - (k in arrangement) for k, c in enumerate(held)]
                found |= {("knitted_straight", pair, chows, pungs, (), arrangement)
                          for pair, chows, pungs in _regular_readings(rest, 1 - melds)}
    return sorted(found)


def shanten_batch(array: np.ndarray, melds: int = 0) -> np.ndarray:
    """Shanten of each row of an N x 34 counts array."""
    return np.array([shanten(row, melds) for row in np.asarray(array)], dtype=np.int8)
