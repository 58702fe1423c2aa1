"""Compiled scoring: every reading of a complete hand under the five principles, the best kept.

The kernel behind :func:`mjsim.scoring.score`; its readable definition is
:mod:`mjsim.reference.score`, which the tests hold it equal to. For a complete hand it enumerates
the readings :func:`mjsim_core.shanten.decompositions` gives, scores each one (the element
checkers, the chow and pung relations counted once, the wind elements taking their pungs from
Pung of Terminals or Honors, the suppressions from the highest element down), and keeps the
highest total, breaking ties as GB-Mahjong does. Flower points are not counted here.

The element data (points per ruleset, what each element suppresses, the order of the relation
patterns) and the tile classes are read from :mod:`mjsim_core.elements` and
:mod:`mjsim_core.kinds` when the module loads (:func:`tables` shows what was read); only the
checkers are written here, in C.

>>> import numpy as np
>>> from mjsim import Hand
>>> hand = Hand.parse("chow(234m) 234m 567m 567m EE")
>>> total, fans, reading = score_counts(hand.counts, meld_bytes(hand.melds), 27, 0, 1, 2)
>>> total, fans
(10, ((50, 1), (69, 2), (71, 1), (79, 1)))
>>> reading
('regular', 27, (1, 4, 4), (), (), ())
"""

from types import MemberDescriptorType

from libc.limits cimport INT_MAX
from libc.stdint cimport uint8_t, int8_t, uint32_t, uint64_t
from libc.string cimport memset, memcpy
from cpython.object cimport PyObject, Py_TYPE
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from mjsim_core cimport element_numbers as el
from mjsim_core._types cimport (count_t, N_KINDS, N_SUITED, FIRST_HONOR, FIRST_DRAGON, MAX_COPIES,
                                is_dragon, is_terminal, is_wind)
from mjsim_core.arguments cimport read_int, read_melds, whole
from mjsim_core.counts cimport counts_of, hand_counts
from mjsim_core.shanten cimport COMPLETE_SHAPES, complete_suit_codes, suit_code
from mjsim_core.shanten cimport (distance, accepted_kinds, readings_of, Reading, MAX_READINGS,
                                 REGULAR, SEVEN_PAIRS, ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT)

from mjsim_core import kinds as _kinds
from mjsim_core.elements import EVERY, RULESETS
from mjsim_core.elements import check_ruleset as _check_ruleset
from mjsim_core.elements import excludes as _excludes, points as _points
from mjsim_core.shanten import FORMS, KNITTED_ARRANGEMENTS


MIN_POINTS = 8
"""The least a win may score, flowers excluded (docs/rules.md#the-8-point-minimum)."""
cdef int _MIN_POINTS = MIN_POINTS

__all__ = ["CONFLICTS", "FLAGS", "MIN_POINTS", "RULESETS", "ContextConflict", "Result",
           "check_win", "context_flags", "formal_wait_count", "group_elements", "meld_bytes",
           "score_counts", "score_hand", "score_win", "tables"]

cdef enum:
    CHOWS = 0                   # relation scopes
    PUNGS = 1
    N_RULESETS = 2              # green-book, gb-mahjong (checked against RULESETS at import)
    GB_MAHJONG = 1
    MAX_GROUP = 8
    MAX_FLOWERS = 8             # the bonus tiles, one copy each
    SUIT_SPLIT_BYTES = 244141   # one bit for each of the 5 ** 9 suit patterns

# Tile classes, one bit each, for the whole-hand "every tile is ..." elements.
cdef enum:
    GREEN = 1
    TERMINAL = 2
    HONOR = 4
    REVERSIBLE = 8
    SIMPLE = 16
    UPPER = 32                  # ranks 7-9
    MIDDLE = 64                 # ranks 4-6
    LOWER = 128                 # ranks 1-3
    UPPER_FOUR = 256            # ranks 6-9
    LOWER_FOUR = 512            # ranks 1-4
    TERMINAL_OR_HONOR = 1024

# What kinds a hand holds, one bit each: bits 0-2 the suits.
cdef enum:
    HONORS_IN = 8
    WINDS_IN = 16
    DRAGONS_IN = 32

FLAGS = {"self_drawn": SELF_DRAWN, "last_copy": LAST_COPY, "wall_last": WALL_LAST,
         "replacement": REPLACEMENT, "robbing": ROBBING, "initial": INITIAL}
"""The bit of each win circumstance in the ``flags`` of :func:`score_counts`."""

cdef extern from *:
    int __builtin_ctzll(unsigned long long) noexcept nogil
    int __builtin_popcountll(unsigned long long) noexcept nogil

cdef int POINTS[N_RULESETS][N_NUMBERS]  # per ruleset
# Per ruleset: every element scores a point or more and none suppresses itself (so
# _unsuppressed bounds _suppress).
cdef bint POSITIVE[N_RULESETS]
cdef int BOOK_POINTS[N_NUMBERS]         # Green Book values, which rank the relation patterns
cdef int RANK[N_RULESETS][N_NUMBERS]    # place in the suppression order: points down, number up
cdef int AT_RANK[N_RULESETS][N_NUMBERS]
cdef uint64_t EXCLUDES[N_RULESETS][N_NUMBERS][2]    # what the element at each place suppresses
cdef int GROUP[2][5][MAX_GROUP]         # relation patterns per scope and arity, best first
cdef int GROUP_LEN[2][5]
cdef int RELATIONS_DOWN[2][MAX_GROUP]   # the two-set relations, highest number first
cdef uint8_t RELATIONS[2][N_KINDS][N_KINDS]     # the two-set element of two sets' kinds, or 0
cdef int8_t SUIT_OF[N_KINDS + 1]         # _suit of each kind, and of -1 (no pair), first
cdef int8_t RANK_OF[N_KINDS + 1]         # _rank of the same
cdef int PROPS[N_KINDS]
cdef int CLASSES[N_KINDS]               # which of the three suits, honours, winds, dragons
cdef int KNITTED[6][9]
cdef uint64_t KNITTED_BITS[6]           # the same as bit sets over the 34 kinds
cdef uint64_t ORPHAN_BITS
# Bit p: the suit pattern p (counts of ranks 1-9 as base-5 digits, rank 1 lowest) of at most 14
# tiles splits exactly into sets and at most one pair.
cdef uint8_t SUIT_SPLITS[SUIT_SPLIT_BYTES]
cdef int POWERS_OF_FIVE[9]
cdef uint64_t HONOR_BITS


# One module in several files: the kernel's inner loops call the inline helpers and read the C
# tables of every part, which cimports across modules would turn into calls through pointers.
# The parts, in the order they are included: the relation elements of the sets
# (score_relations.pxi), the waits (score_waits.pxi), the reading order (below), the elements
# of one reading (score_elements.pxi), the exclusion principles (score_exclusion.pxi), the
# kernel (below), the tables loaded from the element data (score_tables.pxi), the input read
# and checked (score_inputs.pxi) and the public entry points (score_api.pxi).
include "score_relations.pxi"
include "score_waits.pxi"


# ---------------------------------------------------------------------------------------------
# Readings

cdef struct Win:
    count_t conc[N_KINDS]       # concealed tiles, the winning tile included
    count_t all[N_KINDS]        # every tile, melds included (a kong as four)
    count_t held[N_KINDS]       # concealed tiles before the win
    int win
    int flags
    int seat
    int prevalent
    int ruleset
    int n_melds
    int n_dchows
    int dchows[4]
    int n_dpungs
    int dpungs[4]
    int ckongs                  # declared concealed kongs
    int kongs                   # declared kongs
    int unique_wait             # -1 until needed
    int knitted_wait[6]
    uint8_t base[N_NUMBERS]     # the elements every reading shares


cdef int _key(const Reading* r, int* key) noexcept nogil:
    """GB-Mahjong's order of readings (as mjsim.reference.score tries them): the concealed sets,
    a pung first."""
    cdef int i, n = 0
    for i in range(r.n_chows):
        key[n] = 2 * r.chows[i] + 1
        n += 1
    for i in range(r.n_pungs):
        key[n] = 2 * r.pungs[i]
        n += 1
    _sort(key, n)
    return n


cdef bint _before(const Reading* a, const Reading* b) noexcept nogil:
    """Reading a sorts strictly before reading b."""
    cdef int ka[4]
    cdef int kb[4]
    cdef int i, na, nb
    if (a.form == REGULAR) != (b.form == REGULAR):
        return b.form == REGULAR
    na = _key(a, ka)
    nb = _key(b, kb)
    for i in range(na if na < nb else nb):
        if ka[i] != kb[i]:
            return ka[i] < kb[i]
    return na < nb


include "score_elements.pxi"
include "score_exclusion.pxi"


# ---------------------------------------------------------------------------------------------
# The kernel

cdef int score_kernel(const count_t* counts, const uint8_t* melds, int n_melds, int win, int flags,
                      int seat_wind, int prevalent_wind, int ruleset, Scoring* out) noexcept nogil:
    cdef Win w
    cdef Reading readings[MAX_READINGS]
    cdef int order[MAX_READINGS]
    cdef uint8_t cnt[N_NUMBERS]
    cdef int i, j, n, idx, total, best = -1
    _setup(&w, counts, melds, n_melds, win, flags, seat_wind, prevalent_wind, ruleset)
    n = readings_of(w.conc, w.n_melds, readings)
    if n == 0:
        return -1
    _base(&w)
    # Try the readings in GB-Mahjong's order (a stable insertion sort), keeping the first best.
    for i in range(n):
        j = i
        while j > 0 and _before(&readings[i], &readings[order[j - 1]]):
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    for i in range(n):
        idx = order[i]
        total = _evaluate(&w, &readings[idx], cnt)
        if best < 0 or total > out.total or (total == out.total and (
                readings[best].form == SEVEN_PAIRS or cnt[el.PURE_TRIPLE_CHOW]
                or cnt[el.TRIPLE_PUNG])):
            best = idx
            out.total = total
            memcpy(out.counts, cnt, N_NUMBERS)
    out.reading = readings[best]
    return 0


cdef bint may_reach(const count_t* counts, const uint8_t* melds, int n_melds, int flags,
                    int seat_wind, int prevalent_wind, int ruleset) noexcept nogil:
    cdef Win w
    cdef Reading readings[MAX_READINGS]
    cdef uint8_t cnt[N_NUMBERS]
    cdef int chows[4]
    cdef int pungs[4]
    cdef int i, n, nc, npg, concealed, most, added, raw
    # No winning tile (no Nine Gates, whose Full Flush scores 24 anyway), nor Last Tile: what
    # the winning tile changes is added back below as the most it can add.
    _setup(&w, counts, melds, n_melds, N_KINDS, flags & ~LAST_COPY, seat_wind, prevalent_wind,
           ruleset)
    n = readings_of(w.conc, w.n_melds, readings)
    _base(&w)
    for i in range(n):
        concealed = w.ckongs + readings[i].n_pungs
        if concealed >= 3:
            return True         # Three Concealed Pungs may score: sixteen
        nc = _sets(&w, &readings[i], chows, pungs, &npg)
        _elements(&w, &readings[i], chows, nc, pungs, npg, 0, cnt)
        # Two Concealed Pungs, a wait and Last Tile suppress nothing but other waits: each adds
        # its points at most. Chicken Hand's eight, left when nothing else scores, is in the sum.
        added = ((POINTS[ruleset][el.TWO_CONCEALED_PUNGS] if concealed == 2 else 0)
                 + max(POINTS[ruleset][el.EDGE_WAIT], POINTS[ruleset][el.CLOSED_WAIT],
                       POINTS[ruleset][el.SINGLE_WAIT])
                 + (POINTS[ruleset][el.LAST_TILE] if flags & LAST_COPY else 0))
        if POSITIVE[ruleset]:
            # Most readings fall short of eight before any element is suppressed: told without
            # the principles.
            raw = _unsuppressed(&w, cnt)
            if 0 < raw and raw + added < _MIN_POINTS:
                continue
        most = _suppress(&w, cnt) + added
        if most >= _MIN_POINTS:
            return True
    return False


cdef void _setup(Win* w, const count_t* counts, const uint8_t* melds, int n_melds, int win,
                 int flags, int seat_wind, int prevalent_wind, int ruleset) noexcept nogil:
    """The win's tiles, melds and circumstances (``win`` N_KINDS: no winning tile)."""
    cdef int i, j, tile, kind
    memcpy(w.conc, counts, N_KINDS)
    memcpy(w.all, counts, N_KINDS)
    memcpy(w.held, counts, N_KINDS)
    if win < N_KINDS:
        w.held[win] -= 1
    w.win = win
    w.flags = flags
    w.seat = seat_wind
    w.prevalent = prevalent_wind
    w.ruleset = ruleset
    w.n_melds = n_melds
    w.n_dchows = w.n_dpungs = w.ckongs = w.kongs = 0
    w.unique_wait = -1
    for i in range(6):
        w.knitted_wait[i] = -1
    for i in range(n_melds):
        tile = melds[i] & 63
        kind = melds[i] >> 6
        if kind == MELD_CHOW:
            w.dchows[w.n_dchows] = tile
            w.n_dchows += 1
            for j in range(3):
                w.all[tile + j] += 1
        else:
            w.dpungs[w.n_dpungs] = tile
            w.n_dpungs += 1
            w.all[tile] += 3
            if kind != MELD_PUNG:
                w.all[tile] += 1
                w.kongs += 1
                w.ckongs += kind == MELD_CONCEALED_KONG


include "score_tables.pxi"
include "score_inputs.pxi"
include "score_api.pxi"
