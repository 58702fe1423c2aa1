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

import numpy as np

from libc.stdint cimport uint8_t, int8_t, uint64_t
from libc.string cimport memset, memcpy
from cpython.object cimport PyObject, Py_TYPE
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
cimport numpy as cnp

from mjsim_core._types cimport (count_t, N_KINDS, N_SUITED, FIRST_HONOR, FIRST_DRAGON, MAX_COPIES,
                                is_dragon, is_terminal, is_wind)
from mjsim_core.shanten cimport (distance, accepted_kinds, readings_of, Reading, MAX_READINGS,
                                 REGULAR, SEVEN_PAIRS, ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT)

from mjsim_core import kinds as _kinds
from mjsim_core.elements import ELEMENTS, MIXED_KONGS, RULESETS
from mjsim_core.elements import check_ruleset as _check_ruleset
from mjsim_core.elements import excludes as _excludes, points as _points
from mjsim_core.shanten import FORMS, KNITTED_ARRANGEMENTS

cnp.import_array()

MIN_POINTS = 8
"""The least a win may score, flowers excluded (docs/rules.md#the-8-point-minimum)."""

__all__ = ["CONFLICTS", "FLAGS", "MIN_POINTS", "RULESETS", "ContextConflict", "Result",
           "check_win", "context_flags", "formal_wait_count", "group_elements", "meld_bytes",
           "score_counts", "score_hand", "score_win", "tables"]

cdef enum:
    CHOWS = 0                   # relation scopes
    PUNGS = 1
    N_RULESETS = 2              # green-book, gb-mahjong (checked against RULESETS at import)
    GB_MAHJONG = 1
    CHICKEN_HAND = 43
    NINE_GATES = 4
    TERMINAL_PUNG = 73          # Pung of Terminals or Honors
    MAX_GROUP = 8
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
cdef int BOOK_POINTS[N_NUMBERS]         # Green Book values, which rank the relation patterns
cdef int RANK[N_RULESETS][N_NUMBERS]    # place in the suppression order: points down, number up
cdef int AT_RANK[N_RULESETS][N_NUMBERS]
cdef uint64_t EXCLUDES[N_RULESETS][N_NUMBERS][2]    # what the element at each place suppresses
cdef int GROUP[2][5][MAX_GROUP]         # relation patterns per scope and arity, best first
cdef int GROUP_LEN[2][5]
cdef int RELATIONS_DOWN[2][MAX_GROUP]   # the two-set relations, highest number first
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


# ---------------------------------------------------------------------------------------------
# Small helpers over kinds

cdef inline int _suit(int k) noexcept nogil:
    return k // 9 if 0 <= k < N_SUITED else -1


cdef inline int _rank(int k) noexcept nogil:
    """1-9 for a suited kind, 0 for an honour; -1 (no pair) reads as 9, as Python's modulo does."""
    if k >= N_SUITED:
        return 0
    return (k % 9 + 9) % 9 + 1


cdef inline void _sort(int* t, int n) noexcept nogil:
    cdef int i, j, v
    for i in range(1, n):
        v = t[i]
        j = i - 1
        while j >= 0 and t[j] > v:
            t[j + 1] = t[j]
            j -= 1
        t[j + 1] = v


# ---------------------------------------------------------------------------------------------
# Relation patterns (the "chows" and "pungs" checkers of mjsim.reference.score), tiles ascending

cdef bint _ordered(const int* t, int n, int step) noexcept nogil:
    cdef int i
    if not 0 <= t[0] < N_SUITED:
        return False
    for i in range(1, n):
        if _suit(t[i]) != _suit(t[0]) or t[i] - t[i - 1] != step:
            return False
    return True


cdef bint _three_suits(const int* t) noexcept nogil:
    cdef int a = _suit(t[0]), b = _suit(t[1]), c = _suit(t[2])
    return t[2] < N_SUITED and a != b and b != c and a != c


cdef void _sorted_ranks(const int* t, int n, int* out) noexcept nogil:
    cdef int i
    for i in range(n):
        out[i] = _rank(t[i])
    _sort(out, n)


cdef bint _run_from(const int* t, int n, int first) noexcept nogil:
    """The n sets are of first, first + 1, ... (every wind, every dragon)."""
    cdef int i
    for i in range(n):
        if t[i] != first + i:
            return False
    return True


cdef bint _all_same(const int* t, int n) noexcept nogil:
    cdef int i
    for i in range(1, n):
        if t[i] != t[0]:
            return False
    return True


cdef bint _pattern(int number, const int* t, int n, int pair) noexcept nogil:
    """Whether relation element ``number`` holds for the n sets ``t`` (and the pair)."""
    cdef int r[4]
    cdef int i, s
    if number == 1:
        return _run_from(t, 4, FIRST_HONOR)
    elif number == 2:
        return _run_from(t, 3, FIRST_DRAGON)
    elif number == 13:
        _sorted_ranks(t, 4, r)
        for i in range(4):
            if _suit(t[i]) != _suit(pair):
                return False
        return _rank(pair) == 5 and r[0] == 1 and r[1] == 1 and r[2] == 7 and r[3] == 7
    elif number == 14 or number == 23 or number == 69:
        return _all_same(t, n)
    elif number == 15 or number == 24:
        return _ordered(t, n, 1)
    elif number == 16 or number == 30:
        return _ordered(t, n, 1) or _ordered(t, n, 2)
    elif number == 28:
        return _ordered(t, n, 3)
    elif number == 29:
        # Tiles ascending sort by (suit, rank): ranks 1 7 1 7 in two suits, the pair a 5 of the
        # third.
        s = _suit(pair)
        return (_rank(pair) == 5 and _rank(t[0]) == 1 and _rank(t[1]) == 7 and _rank(t[2]) == 1
                and _rank(t[3]) == 7 and _suit(t[0]) == _suit(t[1]) and _suit(t[2]) == _suit(t[3])
                and _suit(t[1]) != _suit(t[2]) and s != _suit(t[0]) and s != _suit(t[2]))
    elif number == 32 or number == 41:
        return _three_suits(t) and _rank(t[0]) == _rank(t[1]) == _rank(t[2])
    elif number == 38:
        return is_wind(t[0]) and is_wind(t[1]) and is_wind(t[2]) \
            and t[0] != t[1] and t[1] != t[2] and t[0] != t[2]
    elif number == 39:
        _sorted_ranks(t, 3, r)
        return _three_suits(t) and r[0] == 1 and r[1] == 4 and r[2] == 7
    elif number == 42 or number == 51:
        _sorted_ranks(t, 3, r)
        return _three_suits(t) and r[1] == r[0] + 1 and r[2] == r[0] + 2
    elif number == 54:
        return is_dragon(t[0]) and is_dragon(t[1])
    elif number == 65:
        return t[1] < N_SUITED and _suit(t[0]) != _suit(t[1]) and _rank(t[0]) == _rank(t[1])
    elif number == 70:
        return _suit(t[0]) != _suit(t[1]) and _rank(t[0]) == _rank(t[1])
    elif number == 71:
        return _suit(t[0]) == _suit(t[1]) and t[1] - t[0] == 3
    elif number == 72:
        return _suit(t[0]) == _suit(t[1]) and _rank(t[0]) == 1 and _rank(t[1]) == 7
    return False


_PATTERNS = {1, 2, 13, 14, 15, 16, 23, 24, 28, 29, 30, 32, 38, 39, 41, 42, 51, 54, 65, 69, 70, 71,
             72}


cdef int _relation(int a, int b, int pair, int scope) noexcept nogil:
    """The two-set element of sets a and b, or 0."""
    cdef int two[4]            # room for any pattern's reads
    cdef int i
    two[0] = a if a < b else b
    two[1] = b if a < b else a
    two[2] = two[3] = -1
    for i in range(GROUP_LEN[scope][2]):
        if _pattern(GROUP[scope][2][i], two, 2, pair):
            return GROUP[scope][2][i]
    return 0


cdef inline bint _better(int a, int b) noexcept nogil:
    """Element a ranks before element b: more points, then the lower number."""
    return BOOK_POINTS[a] > BOOK_POINTS[b] or (BOOK_POINTS[a] == BOOK_POINTS[b] and a < b)


cdef void _capped_relations(const int* t, int n, int pair, int scope, uint8_t* cnt) noexcept nogil:
    """Two-set relations, at most the sets minus their connected groups, repeated kinds cut
    first."""
    cdef int root[4]
    cdef int tally[N_NUMBERS]
    cdef int i, j, a, b, r, edges = 0, groups = 0, excess, floor, number, cut
    cdef int kinds = GROUP_LEN[scope][2]
    cdef const int* by_number = RELATIONS_DOWN[scope]
    if n < 2:
        return
    for i in range(kinds):
        tally[by_number[i]] = 0
    for i in range(n):
        root[i] = i
    for i in range(n):
        for j in range(i + 1, n):
            r = _relation(t[i], t[j], pair, scope)
            if r:
                tally[r] += 1
                edges += 1
                a = i
                while root[a] != a:
                    a = root[a]
                b = j
                while root[b] != b:
                    b = root[b]
                root[a] = b
    for i in range(n):
        groups += root[i] == i
    # GB-Mahjong's order: trim repeated kinds first, the later-numbered kind first.
    excess = edges - (n - groups)
    for floor in range(1, -1, -1):
        for i in range(kinds):
            if excess == 0:
                break
            number = by_number[i]
            cut = tally[number] - floor
            if cut > excess:
                cut = excess
            if cut > 0:
                tally[number] -= cut
                excess -= cut
    for i in range(kinds):
        cnt[by_number[i]] += tally[by_number[i]]


cdef void _groups(const int* t, int n, int pair, int scope, uint8_t* cnt) noexcept nogil:
    """The relation elements of n chows (or pungs), counted once each
    (mjsim.reference.score.group_elements)."""
    cdef int three[4]
    cdef int skip, i, j, f, number, rel, r, value, best_value = 0, best = 0, best_rel = 0, m
    cdef int a, b, c
    if n == 4:
        for i in range(GROUP_LEN[scope][4]):
            if _pattern(GROUP[scope][4][i], t, 4, pair):
                cnt[GROUP[scope][4][i]] += 1
                return
    if n >= 3:
        # The trios in the order of itertools.combinations, (0,1,2) (0,1,3) (0,2,3) (1,2,3), named
        # by the set they leave out (3: none when there are three).
        for skip in range(3, -1 if n == 4 else 2, -1):
            m = 0
            for i in range(n):
                if i != skip:
                    three[m] = t[i]
                    m += 1
            a, b, c = _suit(three[0]), _suit(three[1]), _suit(three[2])
            if (a == b) != (b == c) or (a == c) != (a == b):
                continue    # two sets of a suit and one of another: no three-set pattern
            for f in range(GROUP_LEN[scope][3]):
                number = GROUP[scope][3][f]
                if not _pattern(number, three, 3, pair):
                    continue
                rel = 0
                if n == 4:
                    for j in range(3):
                        r = _relation(three[j], t[skip], pair, scope)
                        if r and (rel == 0 or _better(r, rel)):
                            rel = r
                value = BOOK_POINTS[number] + (BOOK_POINTS[rel] if rel else 0)
                if value > best_value:
                    best_value, best, best_rel = value, number, rel
    if best:
        cnt[best] += 1
        if best_rel:
            cnt[best_rel] += 1
        return
    _capped_relations(t, n, pair, scope, cnt)


# ---------------------------------------------------------------------------------------------
# Waits (mjsim.reference.score.formal_waits): only whether exactly one kind completes the hand

cdef bint _splits(count_t* c, int k, int end, int pair) noexcept nogil:
    """Whether c[k:end] splits exactly into sets and ``pair`` (0 or 1) pairs."""
    cdef bint ok
    while k < end and c[k] == 0:
        k += 1
    if k == end:
        return pair == 0
    if pair and c[k] >= 2:
        c[k] -= 2
        ok = _splits(c, k, end, 0)
        c[k] += 2
        if ok:
            return True
    if c[k] >= 3:
        c[k] -= 3
        ok = _splits(c, k, end, pair)
        c[k] += 3
        if ok:
            return True
    if k < N_SUITED and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        c[k] -= 1
        c[k + 1] -= 1
        c[k + 2] -= 1
        ok = _splits(c, k, end, pair)
        c[k] += 1
        c[k + 1] += 1
        c[k + 2] += 1
        return ok
    return False


cdef bint _fifth_completes(const count_t* held, int melds, int kind) noexcept nogil:
    """A fifth copy of a kind held four times completes the hand: as a pung, or as the pair."""
    cdef count_t t[N_KINDS]
    cdef int h
    memcpy(t, held, N_KINDS)
    t[kind] -= 2
    if melds < 4 and distance(t, melds + 1) == 0:
        return True
    t[kind] += 1
    # An honour pair held nowhere stands in for the pair: the rest must then be sets alone.
    for h in range(FIRST_HONOR, N_KINDS):
        if held[h] == 0:
            return _splits(t, 0, N_KINDS, 0)
    return False


cdef struct Census:
    uint64_t present            # the kinds held, as bits
    uint64_t odd                # the kinds held an odd number of times
    uint64_t quads              # the kinds held four times
    int size[4]                 # tiles in each suit, and in the honours


cdef inline void _census(const count_t* c, Census* out) noexcept nogil:
    cdef int k
    cdef uint64_t bit
    out.present = out.odd = out.quads = 0
    out.size[0] = out.size[1] = out.size[2] = out.size[3] = 0
    for k in range(N_KINDS):
        bit = (<uint64_t>1) << k
        out.present |= bit & -(<uint64_t>(c[k] != 0))
        out.odd |= bit & -(<uint64_t>(c[k] & 1))
        out.quads |= bit & -(<uint64_t>(c[k] == MAX_COPIES))
        out.size[k // 9] += c[k]        # the honours, 27-33, are group 3


cdef bint _special_ready(const Census* held, int melds) noexcept nogil:
    """Whether one more tile could complete a special form (else only four sets and a pair can)."""
    cdef int perm
    if melds <= 1:
        for perm in range(6):
            if __builtin_popcountll(held.present & KNITTED_BITS[perm]) >= 8:
                return True
    if melds == 0:
        # Seven pairs needs one odd kind; thirteen orphans, orphans only; honours and knitted,
        # thirteen different kinds.
        return (__builtin_popcountll(held.odd) == 1 or (held.present & ~ORPHAN_BITS) == 0
                or __builtin_popcountll(held.present) == 13)
    return False


cdef inline bint _suit_splits(int pattern) noexcept nogil:
    return (SUIT_SPLITS[pattern >> 3] >> (pattern & 7)) & 1


cdef bint _honors_split(const count_t* c) noexcept nogil:
    """Whether the honours split exactly into pungs and at most one pair."""
    cdef int k, pairs = 0
    for k in range(FIRST_HONOR, N_KINDS):
        if c[k] == 1 or c[k] == 4:
            return False
        pairs += c[k] == 2
    return pairs <= 1


cdef int _regular_waits(const count_t* held, const Census* census, int stop,
                        int known) noexcept nogil:
    """How many kinds (not held four times) complete held as sets and one pair; stops at stop.

    Suits and honours split independently, so only a group that cannot split as it is, or one
    holding a pair, can take the completing tile; whether a suit splits is one look-up in
    SUIT_SPLITS, and one more copy of a kind moves its pattern by a power of five.
    ``known``: bits of the groups (three suits, honours) the caller knows to split as they are.
    """
    cdef count_t c[N_KINDS]
    cdef int pattern[3]
    cdef bint ok[4]
    cdef bint fits
    cdef int g, s, i, lo, res, bad = 0, pairs = 0, n = 0
    cdef uint64_t held_here, candidates
    for g in range(3):
        pattern[g] = 0
        for i in range(8, -1, -1):
            pattern[g] = 5 * pattern[g] + held[9 * g + i]
        ok[g] = (known >> g) & 1 or _suit_splits(pattern[g])
    ok[3] = (known >> 3) & 1 or _honors_split(held)
    for g in range(4):
        res = census.size[g] % 3
        bad += not ok[g]
        pairs += ok[g] and res == 2
    if bad >= 2:
        return 0
    memcpy(c, held, N_KINDS)
    for s in range(4):
        res = census.size[s] % 3
        if (bad and ok[s]) or res == 0:
            continue
        # One more tile turns a group of 3n+2 into sets, and one of 3n+1 into sets and the pair.
        if pairs - (ok[s] and res == 2) + (res == 1) != 1:
            continue
        lo = 9 * s
        # A completing tile joins a kind held (an honour) or one within two ranks of one held.
        held_here = (census.present >> lo) & 0x1FF
        candidates = held_here
        if s < 3:
            candidates |= (held_here << 1) | (held_here << 2) | (held_here >> 1) | (held_here >> 2)
        candidates &= ~(census.quads >> lo) & (0x1FF if s < 3 else 0x7F)
        while candidates:
            i = __builtin_ctzll(candidates)
            candidates &= candidates - 1
            if s < 3:
                fits = _suit_splits(pattern[s] + POWERS_OF_FIVE[i])
            else:
                c[lo + i] += 1
                fits = _honors_split(c)
                c[lo + i] -= 1
            n += fits
            if n >= stop:
                return n
    return n


cdef int _wait_count(const count_t* held, int melds, int known) noexcept nogil:
    """How many kinds complete a ready hand on paper, a fifth copy included; stops at 2.
    ``known``: as for _regular_waits."""
    cdef count_t accepted[N_KINDS]
    cdef Census census
    cdef uint64_t quads
    cdef int k, n = 0
    _census(held, &census)
    if _special_ready(&census, melds):
        if accepted_kinds(held, melds, accepted) == 1:
            for k in range(N_KINDS):
                n += accepted[k]
    else:
        n = _regular_waits(held, &census, 2, known)
    quads = census.quads
    while quads and n < 2:
        k = __builtin_ctzll(quads)
        quads &= quads - 1
        n += _fifth_completes(held, melds, k)
    return n if n < 2 else 2


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


# ---------------------------------------------------------------------------------------------
# Scoring one reading

cdef void _base(Win* w) noexcept nogil:
    """The elements that do not depend on the reading: tile classes, kongs, concealment, context."""
    cdef uint8_t* b = w.base
    cdef int k, props = 0xFFFF, kinds = 0, present, hogs = 0, n_suits
    cdef int base, melded, ckongs = 0, mkongs = 0, i
    cdef bint honors, winds, dragons
    cdef bint sd = (w.flags & SELF_DRAWN) != 0, wall_last = (w.flags & WALL_LAST) != 0
    cdef int gates[9]
    memset(b, 0, N_NUMBERS)
    for k in range(N_KINDS):
        present = -(w.all[k] != 0)          # every bit set when the kind is in the hand
        props &= PROPS[k] | ~present
        kinds |= CLASSES[k] & present
        hogs += w.all[k] == MAX_COPIES
    n_suits = (kinds & 1) + ((kinds >> 1) & 1) + ((kinds >> 2) & 1)
    honors = (kinds & HONORS_IN) != 0
    winds = (kinds & WINDS_IN) != 0
    dragons = (kinds & DRAGONS_IN) != 0
    b[3] = (props & GREEN) != 0
    b[8] = (props & TERMINAL) != 0
    b[11] = (props & HONOR) != 0
    b[18] = (props & TERMINAL_OR_HONOR) != 0
    b[22] = n_suits == 1 and not honors
    b[25] = (props & UPPER) != 0
    b[26] = (props & MIDDLE) != 0
    b[27] = (props & LOWER) != 0
    b[36] = (props & UPPER_FOUR) != 0
    b[37] = (props & LOWER_FOUR) != 0
    b[40] = (props & REVERSIBLE) != 0
    b[50] = n_suits == 1 and honors
    b[52] = n_suits == 3 and winds and dragons
    b[68] = (props & SIMPLE) != 0
    b[75] = n_suits == 2
    b[76] = not honors
    if w.n_melds == 0 and w.win < N_SUITED:
        gates[0] = gates[8] = 3
        for i in range(1, 8):
            gates[i] = 1
        base = _suit(w.win) * 9
        b[NINE_GATES] = 1
        for i in range(9):
            if w.held[base + i] != gates[i]:
                b[NINE_GATES] = 0
    melded = w.n_melds - w.ckongs
    ckongs = w.ckongs
    mkongs = w.kongs - ckongs
    b[5] = w.kongs >= 4
    b[17] = w.kongs >= 3
    b[48] = ckongs >= 2
    b[57] = mkongs >= 2
    b[67] = ckongs >= 1
    b[74] = mkongs >= 1
    b[82] = ckongs >= 1 and mkongs >= 1
    b[44] = sd and wall_last
    b[45] = not sd and wall_last
    b[46] = (w.flags & REPLACEMENT) != 0
    b[47] = (w.flags & ROBBING) != 0
    b[58] = (w.flags & LAST_COPY) != 0
    b[80] = sd
    b[53] = melded == 4 and not sd
    b[56] = melded == 0 and sd
    b[62] = melded == 0 and not sd
    b[64] = hogs - w.kongs     # a declared kong holds all four copies without a Tile Hog


cdef bint _unique_wait(Win* w, const Reading* r) noexcept nogil:
    """Whether this reading's hand had exactly one completing kind (computed once, when needed)."""
    cdef count_t rest[N_KINDS]
    cdef int i
    if w.flags & INITIAL:   # dealt complete, the hand never waited (D20)
        return False
    if r.form == KNITTED_STRAIGHT and w.n_melds == 0:
        # A concealed knitted straight's wait is that of the four tiles beside the body (D11).
        if w.knitted_wait[r.perm] < 0:
            memcpy(rest, w.conc, N_KINDS)
            for i in range(9):
                rest[KNITTED[r.perm][i]] -= 1
            if rest[w.win] == 0:
                w.knitted_wait[r.perm] = 0
            else:
                rest[w.win] -= 1
                w.knitted_wait[r.perm] = _wait_count(rest, 3, 0) == 1
        return w.knitted_wait[r.perm]
    if w.unique_wait < 0:
        # A standard reading splits every group but the winning tile's as it is held.
        w.unique_wait = _wait_count(w.held, w.n_melds, 0 if r.form != REGULAR else
                                    15 & ~(1 << (w.win // 9 if w.win < N_SUITED else 3))) == 1
    return w.unique_wait


cdef int _wait_shape(Win* w, const Reading* r) noexcept nogil:
    """77, 78 or 79 by where the winning tile sits in the concealed chows and the pair; else 0."""
    cdef int i, low, win = w.win
    for i in range(r.n_chows):
        low = r.chows[i]
        if win == low or win == low + 2:
            return 77
    for i in range(r.n_chows):
        if win == r.chows[i] + 1:
            return 78
    return 79 if r.pair == win else 0


cdef bint _shifted_pairs(const count_t* c) noexcept nogil:
    """Seven pairs on seven consecutive ranks of one suit."""
    cdef int k = 0, i
    while c[k] == 0:
        k += 1
    if k >= N_SUITED or k % 9 > 2:
        return False
    for i in range(7):
        if c[k + i] != 2:
            return False
    return True


cdef int _suppress(Win* w, uint8_t* cnt) noexcept nogil:
    """Drop what higher elements suppress (an element suppressed itself suppresses nothing); the
    total of what is left, Chicken Hand when nothing is."""
    cdef uint64_t found[2]
    cdef uint64_t gone[2]
    cdef uint64_t bits, chunk
    cdef int rs = w.ruleset, first, word, pos, n, total = 0
    found[0] = found[1] = gone[0] = gone[1] = 0
    # The elements present, as bits in suppression order; eight counts read at a time.
    for first in range(0, N_NUMBERS, 8):
        memcpy(&chunk, cnt + first, 8)
        while chunk:
            pos = __builtin_ctzll(chunk) >> 3
            chunk &= ~((<uint64_t>0xFF) << (8 * pos))
            pos = RANK[rs][first + pos]
            found[pos >> 6] |= (<uint64_t>1) << (pos & 63)
    for word in range(2):
        bits = found[word]
        while bits:
            pos = __builtin_ctzll(bits)
            bits &= bits - 1
            if not (gone[word] >> pos) & 1:
                gone[0] |= EXCLUDES[rs][64 * word + pos][0]
                gone[1] |= EXCLUDES[rs][64 * word + pos][1]
    for word in range(2):
        bits = found[word]
        while bits:
            pos = __builtin_ctzll(bits)
            bits &= bits - 1
            n = AT_RANK[rs][64 * word + pos]
            if (gone[word] >> pos) & 1:
                cnt[n] = 0
            else:
                total += POINTS[rs][n] * cnt[n]
    if total == 0:
        cnt[CHICKEN_HAND] = 1
        total = POINTS[rs][CHICKEN_HAND]
    return total


cdef int _evaluate(Win* w, const Reading* r, uint8_t* cnt) noexcept nogil:
    """Element counts of one reading after the principles (mjsim.reference.score.evaluate); its
    total."""
    cdef int chows[4]
    cdef int pungs[4]
    cdef int nc = 0, npg = 0, i, k, low, form = r.form, pair = r.pair
    cdef int concealed = w.ckongs, winds = 0, dragons = 0, terminal = 0
    cdef int shape, left, win = w.win
    cdef bint in_chow = False, has_prevalent = False, has_seat = False, take_winds
    cdef bint sd = (w.flags & SELF_DRAWN) != 0, even, fives, outside
    for i in range(w.n_dchows):
        chows[nc] = w.dchows[i]
        nc += 1
    for i in range(r.n_chows):
        low = r.chows[i]
        chows[nc] = low
        nc += 1
        in_chow |= low <= win <= low + 2
    _sort(chows, nc)
    for i in range(w.n_dpungs):
        pungs[npg] = w.dpungs[i]
        npg += 1
    for i in range(r.n_pungs):
        k = r.pungs[i]
        pungs[npg] = k
        npg += 1
        # A pung completed by the winning discard is melded, unless the tile fits a chow (D18).
        concealed += sd or k != win or in_chow
    _sort(pungs, npg)
    memcpy(cnt, w.base, N_NUMBERS)
    if form == SEVEN_PAIRS:
        cnt[19] = 1
        cnt[6] = _shifted_pairs(w.conc)
    elif form == ORPHANS:
        cnt[7] = 1
    elif form == HONORS_KNITTED:
        cnt[34] = 1
        k = 0
        for i in range(FIRST_HONOR, N_KINDS):
            k += w.conc[i] > 0
        cnt[20] = k == 7
        cnt[35] = k == 5        # fourteen different kinds: nine of them suited
    elif form == KNITTED_STRAIGHT:
        cnt[35] = 1
    for i in range(npg):
        k = pungs[i]
        if is_wind(k):
            winds += 1
            has_prevalent |= k == FIRST_HONOR + w.prevalent
            has_seat |= k == FIRST_HONOR + w.seat
        elif is_dragon(k):
            dragons += 1
        terminal += is_terminal(k) or is_wind(k)
    cnt[9] = winds == 3 and is_wind(pair)
    cnt[10] = dragons == 2 and is_dragon(pair)
    cnt[12] = concealed >= 4
    cnt[33] = concealed >= 3
    cnt[66] = concealed >= 2
    if form == REGULAR:
        cnt[49] = npg == 4
        even = nc == 0 and _rank(pair) % 2 == 0 and _rank(pair) > 0
        fives = _rank(pair) == 5
        outside = is_terminal(pair) or pair >= FIRST_HONOR
        for i in range(nc):
            fives &= 3 <= _rank(chows[i]) <= 5
            outside &= _rank(chows[i]) == 1 or _rank(chows[i]) == 7
        for i in range(npg):
            k = pungs[i]
            even &= _rank(k) % 2 == 0 and _rank(k) > 0
            fives &= _rank(k) == 5
            outside &= is_terminal(k) or k >= FIRST_HONOR
        cnt[21] = even
        cnt[31] = fives
        cnt[55] = outside
    cnt[59] = dragons
    cnt[60] = has_prevalent
    cnt[61] = has_seat
    cnt[63] = ((form == REGULAR and nc == 4) or (form == KNITTED_STRAIGHT and nc == 1)) \
        and 0 <= pair < N_SUITED
    cnt[TERMINAL_PUNG] = terminal
    if form == REGULAR or form == KNITTED_STRAIGHT:
        shape = _wait_shape(w, r)
        if shape and _unique_wait(w, r):
            cnt[shape] = 1
    _groups(chows, nc, pair, CHOWS, cnt)
    _groups(pungs, npg, pair, PUNGS, cnt)
    if cnt[TERMINAL_PUNG]:
        # The wind elements take their pungs from Pung of Terminals or Honors (docs/rulings.md).
        take_winds = cnt[1] or cnt[9] or cnt[38]
        left = 0
        for i in range(npg):
            k = pungs[i]
            if not (is_terminal(k) or is_wind(k)):
                continue
            if is_wind(k) and (take_winds or (cnt[60] and k == FIRST_HONOR + w.prevalent)
                               or (cnt[61] and k == FIRST_HONOR + w.seat)):
                continue
            left += 1
        if w.ruleset == GB_MAHJONG and cnt[NINE_GATES]:
            left -= 1           # D7: GB-Mahjong's Nine Gates removes exactly one
        cnt[TERMINAL_PUNG] = left if left > 0 else 0
    return _suppress(w, cnt)


# ---------------------------------------------------------------------------------------------
# The kernel

cdef int score_kernel(const count_t* counts, const uint8_t* melds, int n_melds, int win, int flags,
                      int seat_wind, int prevalent_wind, int ruleset, Scoring* out) noexcept nogil:
    cdef Win w
    cdef Reading readings[MAX_READINGS]
    cdef int order[MAX_READINGS]
    cdef uint8_t cnt[N_NUMBERS]
    cdef int i, j, n, tile, kind, idx, total, best = -1
    memcpy(w.conc, counts, N_KINDS)
    memcpy(w.all, counts, N_KINDS)
    memcpy(w.held, counts, N_KINDS)
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
                readings[best].form == SEVEN_PAIRS or cnt[23] or cnt[32])):
            best = idx
            out.total = total
            memcpy(out.counts, cnt, N_NUMBERS)
    out.reading = readings[best]
    return 0


# ---------------------------------------------------------------------------------------------
# Tables from mjsim_core.elements and mjsim_core.kinds

_HAND_ELEMENTS = {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 17, 18, 19, 20, 21, 22, 25, 26, 27, 31, 33, 34,
                  35, 36, 37, 40, 44, 45, 46, 47, 48, 49, 50, 52, 53, 55, 56, 57, 58, 59, 60, 61,
                  62, 63, 64, 66, 67, 68, 73, 74, 75, 76, 77, 78, 79, 80, 82}


cdef void _mark_splits(int first, int sets, int pattern, int* counts) noexcept nogil:
    """Mark every pattern of up to ``sets`` more sets (chows 0-6, pungs 7-15, from ``first`` on)
    on ``counts``, with no pair and with each possible pair."""
    cdef int t, i, rank, p
    for rank in range(-1, 9):
        if rank >= 0 and counts[rank] + 2 > MAX_COPIES:
            continue
        p = pattern + (2 * POWERS_OF_FIVE[rank] if rank >= 0 else 0)
        SUIT_SPLITS[p >> 3] |= 1 << (p & 7)
    if sets == 0:
        return
    for t in range(first, 16):
        if t < 7:
            if MAX_COPIES in (counts[t], counts[t + 1], counts[t + 2]):
                continue
            for i in range(3):
                counts[t + i] += 1
            _mark_splits(t, sets - 1, pattern + POWERS_OF_FIVE[t] + POWERS_OF_FIVE[t + 1]
                         + POWERS_OF_FIVE[t + 2], counts)
            for i in range(3):
                counts[t + i] -= 1
        elif counts[t - 7] <= MAX_COPIES - 3:
            counts[t - 7] += 3
            _mark_splits(t + 1, sets - 1, pattern + 3 * POWERS_OF_FIVE[t - 7], counts)
            counts[t - 7] -= 3


def _check_data() -> None:
    """Refuse to load if the data has an element whose checker is not compiled here, or if the
    kinds, rulesets or forms are not the ones the C code is written for."""
    every = (*ELEMENTS, MIXED_KONGS)
    hand = {e.number for e in every if e.scope == "hand"}
    groups = {e.number for e in every if e.scope in ("chows", "pungs")}
    if (hand != _HAND_ELEMENTS or groups != _PATTERNS or len(RULESETS) != N_RULESETS
            or RULESETS.index("gb-mahjong") != GB_MAHJONG):
        raise ImportError("mjsim_core.score: the elements or rulesets of mjsim_core.elements "
                          f"differ from the compiled ones (hand {sorted(hand ^ _HAND_ELEMENTS)}, "
                          f"relations {sorted(groups ^ _PATTERNS)})")
    if (_kinds.N_SUITED, _kinds.FIRST_HONOR, _kinds.FIRST_DRAGON, _kinds.N_PLAYING) != (
            N_SUITED, FIRST_HONOR, FIRST_DRAGON, N_KINDS):
        raise ImportError("mjsim_core.score: mjsim_core.kinds and _types.pxd disagree")
    if FORMS != ("regular", "seven_pairs", "thirteen_orphans", "honors_knitted",
                 "knitted_straight"):
        raise ImportError("mjsim_core.score: the forms of mjsim_core.shanten changed")


def _load_tables() -> None:
    """Fill the C tables from the element data and the tile classes."""
    every = (*ELEMENTS, MIXED_KONGS)
    numbers = [e.number for e in every]
    for e in every:
        BOOK_POINTS[e.number] = e.points
    for rs, name in enumerate(RULESETS):
        ranked = sorted(numbers, key=lambda n: (-_points(n, name), n))
        for pos, number in enumerate(ranked):
            POINTS[rs][number] = _points(number, name)
            RANK[rs][number] = pos
            AT_RANK[rs][pos] = number
        for pos, number in enumerate(ranked):
            EXCLUDES[rs][pos][0] = EXCLUDES[rs][pos][1] = 0
            for gone in _excludes(number, name):
                bit = RANK[rs][gone]
                EXCLUDES[rs][pos][bit >> 6] |= (<uint64_t>1) << (bit & 63)
    for scope, scope_name in enumerate(("chows", "pungs")):
        for arity in range(5):
            patterns = sorted((e for e in ELEMENTS if e.scope == scope_name and e.arity == arity),
                              key=lambda e: (-e.points, e.number))
            GROUP_LEN[scope][arity] = len(patterns)
            for i, e in enumerate(patterns):
                GROUP[scope][arity][i] = e.number
            if arity == 2:
                for i, e in enumerate(sorted(patterns, key=lambda e: -e.number)):
                    RELATIONS_DOWN[scope][i] = e.number
    classes = ((GREEN, _kinds.GREENS), (TERMINAL, _kinds.TERMINALS), (HONOR, _kinds.HONOR_KINDS),
               (REVERSIBLE, _kinds.REVERSIBLES), (SIMPLE, _kinds.SIMPLES),
               (TERMINAL_OR_HONOR, _kinds.TERMINALS_AND_HONORS))
    bands = ((UPPER, {7, 8, 9}), (MIDDLE, {4, 5, 6}), (LOWER, {1, 2, 3}),
             (UPPER_FOUR, {6, 7, 8, 9}), (LOWER_FOUR, {1, 2, 3, 4}))
    for k in range(N_KINDS):
        PROPS[k] = sum(bit for bit, kinds in classes if k in kinds)
        if k < N_SUITED:
            PROPS[k] |= sum(bit for bit, ranks in bands if k % 9 + 1 in ranks)
        CLASSES[k] = (1 << (k // 9) if k < N_SUITED
                      else HONORS_IN | (WINDS_IN if k in _kinds.WIND_KINDS else DRAGONS_IN))
    cdef int counts[9]
    for i in range(9):
        POWERS_OF_FIVE[i] = 5 ** i
        counts[i] = 0
    memset(SUIT_SPLITS, 0, sizeof(SUIT_SPLITS))
    _mark_splits(0, 4, 0, counts)
    # The knitted arrangements as the reading walk numbers them (a Reading's perm indexes them).
    for perm, kinds in enumerate(KNITTED_ARRANGEMENTS):
        for i in range(9):
            KNITTED[perm][i] = kinds[i]
        KNITTED_BITS[perm] = sum(1 << kind for kind in kinds)
    global ORPHAN_BITS, HONOR_BITS
    ORPHAN_BITS = sum(1 << k for k in _kinds.TERMINALS_AND_HONORS)
    HONOR_BITS = sum(1 << k for k in _kinds.HONOR_KINDS)


def tables() -> dict:
    """What the kernel loaded from :mod:`mjsim_core.elements`, read back out of its C tables, for
    the tests to hold to the data: per ruleset name the ``points`` of each element number, the
    suppression ``order`` (numbers, first suppresses first) and what each number ``excludes``;
    and the relation ``patterns`` tried per ``(scope, arity)``, in order.

    >>> t = tables()
    >>> t["points"]["gb-mahjong"][82], t["order"]["green-book"][:3], t["patterns"]["pungs", 2]
    (5, (1, 2, 3), (54, 65))
    """
    cdef int rs, pos, bit, scope, arity, i, n = len(ELEMENTS) + 1
    out = {"points": {}, "order": {}, "excludes": {}, "patterns": {}}
    for rs, name in enumerate(RULESETS):
        order = tuple(AT_RANK[rs][pos] for pos in range(n))
        out["order"][name] = order
        out["points"][name] = {number: POINTS[rs][number] for number in order}
        out["excludes"][name] = {
            AT_RANK[rs][pos]: frozenset(AT_RANK[rs][bit] for bit in range(n)
                                        if EXCLUDES[rs][pos][bit >> 6] >> (bit & 63) & 1)
            for pos in range(n)}
    for scope, scope_name in enumerate(("chows", "pungs")):
        for arity in range(2, 5):
            out["patterns"][scope_name, arity] = tuple(GROUP[scope][arity][i]
                                                       for i in range(GROUP_LEN[scope][arity]))
    return out


_check_data()
_load_tables()


# ---------------------------------------------------------------------------------------------
# Python face

cdef extern from "structmember.h":
    int T_OBJECT_EX

cdef extern from "Python.h":
    ctypedef struct PyMemberDef:
        int type
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member

cdef enum:
    MAX_SLOTS = 10


cdef class _Slots:
    """Reads named attributes of a ``__slots__`` class's instances (a frozen dataclass with
    slots: the hand, its melds, the win context) from their offsets, found once per class: the
    scorer reads sixteen-odd attributes a call, and looking each one up by name would cost
    about as much as scoring. An attribute that is not a plain slot (a property, a subclass's
    override, an unset slot) is looked up by name."""

    cdef tuple names
    cdef object cls                     # the class whose offsets are held
    cdef Py_ssize_t offsets[MAX_SLOTS]  # -1: look up by name

    def __init__(self, *names: str) -> None:
        assert len(names) <= MAX_SLOTS
        self.names = names
        self.cls = None

    cdef void _bind(self, object cls):
        cdef int i
        self.cls = cls
        for i, name in enumerate(self.names):
            descr = getattr(cls, name, None)
            self.offsets[i] = -1
            if type(descr) is _MEMBER and (<PyMemberDescrObject*>descr).d_member.type == \
                    T_OBJECT_EX:
                self.offsets[i] = (<PyMemberDescrObject*>descr).d_member.offset

    cdef inline object get(self, object obj, int i):
        cdef PyObject* value
        if <PyObject*>Py_TYPE(obj) != <PyObject*>self.cls:
            self._bind(type(obj))
        if self.offsets[i] >= 0:
            value = (<PyObject**>(<char*><PyObject*>obj + self.offsets[i]))[0]
            if value != NULL:
                return <object>value
        return getattr(obj, self.names[i])


cdef object _MEMBER = MemberDescriptorType


cdef _Slots _MELD = _Slots("kind", "tiles", "concealed")
cdef _Slots _HAND = _Slots("counts", "melds", "flowers")
cdef _Slots _CONTEXT = _Slots("win_tile", "self_drawn", "seat_wind", "prevalent_wind", "flowers",
                              "last_copy", "wall_last", "replacement", "robbing", "initial")


cdef int encode_melds(object melds, uint8_t* out) except -1:
    """Write the byte of each meld (at most four) to out; returns how many."""
    cdef int n = 0, kind
    for meld in melds:
        if n == 4:
            raise ValueError("a hand declares 0 to 4 melds, not more")
        name = _MELD.get(meld, 0)
        if name == "chow":
            kind = MELD_CHOW
        elif name == "pung":
            kind = MELD_PUNG
        else:
            kind = MELD_CONCEALED_KONG if _MELD.get(meld, 2) else MELD_KONG
        out[n] = <int>_MELD.get(meld, 1)[0] | kind << 6
        n += 1
    return n


cdef int _flags(object ctx) except -1:
    return ((SELF_DRAWN if _CONTEXT.get(ctx, 1) else 0)
            | (LAST_COPY if _CONTEXT.get(ctx, 5) else 0)
            | (WALL_LAST if _CONTEXT.get(ctx, 6) else 0)
            | (REPLACEMENT if _CONTEXT.get(ctx, 7) else 0)
            | (ROBBING if _CONTEXT.get(ctx, 8) else 0)
            | (INITIAL if _CONTEXT.get(ctx, 9) else 0))


def meld_bytes(melds) -> bytes:
    """The declared melds (:class:`mjsim.tiles.meld.Meld`) as :func:`score_counts` takes them.

    >>> from mjsim.tiles.meld import Meld
    >>> list(meld_bytes([Meld.chow(1), Meld.pung(27), Meld.kong(5, concealed=True)]))
    [1, 91, 197]
    """
    cdef uint8_t codes[4]
    cdef int n = encode_melds(melds, codes)
    return (<char*>codes)[:n]


def context_flags(ctx) -> int:
    """The flags of a :class:`mjsim.scoring.WinContext` (the bits of :data:`FLAGS`)."""
    return _flags(ctx)


cdef tuple _kinds_tuple(const int8_t* kinds, int n):
    cdef tuple out = PyTuple_New(n)
    cdef int i
    for i in range(n):
        kind = kinds[i]
        Py_INCREF(kind)
        PyTuple_SET_ITEM(out, i, kind)
    return out


cdef tuple _reading_tuple(const Reading* r, const count_t* counts):
    """The reading as mjsim_core.shanten.decompositions gives it: (form, pair, chows, pungs,
    pairs, knitted)."""
    cdef int k, i
    pairs = knitted = ()
    if r.form == SEVEN_PAIRS:
        pairs = tuple([k for k in range(N_KINDS) for _ in range(counts[k] // 2)])
    elif r.form == HONORS_KNITTED:
        knitted = tuple([k for k in range(N_KINDS) if counts[k]])
    elif r.form == KNITTED_STRAIGHT:
        knitted = tuple(sorted([KNITTED[r.perm][i] for i in range(9)]))
    return _FORM_NAMES[r.form], r.pair, _kinds_tuple(r.chows, r.n_chows), \
        _kinds_tuple(r.pungs, r.n_pungs), pairs, knitted


cdef tuple _FORM_NAMES = FORMS


cdef inline bint _plain_counts(object counts):
    """A C-contiguous uint8 ndarray of 34: read straight, without a buffer request."""
    cdef cnp.ndarray array
    if not isinstance(counts, cnp.ndarray):
        return False
    array = <cnp.ndarray>counts
    return (cnp.PyArray_TYPE(array) == cnp.NPY_UINT8 and cnp.PyArray_NDIM(array) == 1
            and cnp.PyArray_DIM(array, 0) == N_KINDS and cnp.PyArray_IS_C_CONTIGUOUS(array))


cdef cnp.ndarray _counts_array(object counts):
    """counts as a C-contiguous uint8 ndarray of 34: itself when it is one (the common case, no
    buffer request), else a view of its buffer."""
    if _plain_counts(counts):
        return <cnp.ndarray>counts
    array = np.frombuffer(counts, dtype=np.uint8)
    if array.shape[0] != N_KINDS:
        raise ValueError(f"a counts array has {N_KINDS} one-byte entries, not {array.nbytes}")
    return array


cdef int _run(const count_t* c, const uint8_t* m, int n_melds, int win_tile, int flags,
              int seat_wind, int prevalent_wind, int ruleset, Scoring* result) except -1:
    """Check the input, run the kernel into result."""
    cdef int k, total = 0, i, tile, kind
    cdef count_t every[N_KINDS]
    if n_melds > 4:
        raise ValueError(f"a hand declares 0 to 4 melds, not {n_melds}")
    if not 0 <= win_tile < N_KINDS or c[win_tile] == 0:
        raise ValueError(f"the winning tile {win_tile} is not among the concealed tiles")
    if not (0 <= seat_wind < 4 and 0 <= prevalent_wind < 4 and 0 <= ruleset < N_RULESETS):
        raise ValueError("winds are 0-3 and the ruleset an index into RULESETS")
    memcpy(every, c, N_KINDS)
    for i in range(n_melds):
        tile = m[i] & 63
        kind = m[i] >> 6
        if tile >= N_KINDS or (kind == MELD_CHOW and (tile >= N_SUITED or tile % 9 > 6)):
            raise ValueError(f"meld byte {m[i]} is no meld")
        if kind == MELD_CHOW:
            every[tile] += 1
            every[tile + 1] += 1
            every[tile + 2] += 1
        else:
            every[tile] += 4 if kind != MELD_PUNG else 3
    for k in range(N_KINDS):
        total += c[k]
        if every[k] > MAX_COPIES:
            raise ValueError(f"kind {k} has more than {MAX_COPIES} copies")
    if total != 14 - 3 * n_melds:
        raise ValueError(f"with {n_melds} meld(s) the concealed tiles number "
                         f"{14 - 3 * n_melds}, not {total}")
    # The kernel takes well under a microsecond: releasing the GIL would cost more than it frees.
    if score_kernel(c, m, n_melds, win_tile, flags, seat_wind, prevalent_wind, ruleset,
                    result) < 0:
        raise ValueError("not a complete hand: no reading as four sets and a pair, seven pairs, "
                         "thirteen orphans or a knitted hand")
    return 0


cdef tuple _found(const Scoring* result):
    """The elements scored as (number, count) pairs, ascending."""
    cdef int k, n_fans = 0
    for k in range(1, N_NUMBERS):
        n_fans += result.counts[k] > 0
    fans = PyTuple_New(n_fans)
    n_fans = 0
    for k in range(1, N_NUMBERS):
        if result.counts[k]:
            pair = _pair(k, result.counts[k])
            Py_INCREF(pair)
            PyTuple_SET_ITEM(fans, n_fans, pair)
            n_fans += 1
    return fans


cdef tuple _score(const count_t* c, const uint8_t* m, int n_melds, int win_tile, int flags,
                  int seat_wind, int prevalent_wind, int ruleset):
    """Check the input, run the kernel, build (total, fans, reading)."""
    cdef Scoring result
    _run(c, m, n_melds, win_tile, flags, seat_wind, prevalent_wind, ruleset, &result)
    return result.total, _found(&result), _reading_tuple(&result.reading, c)


def score_counts(counts, bytes melds not None, int win_tile, int flags, int seat_wind,
                 int prevalent_wind, int ruleset=0) -> tuple:
    """Score a complete hand: ``(total, fans, reading)``.

    ``counts``: the concealed tiles, the winning tile included (34 ``uint8``, as
    ``Hand.counts``); ``melds``: the declared melds as :func:`meld_bytes` encodes them;
    ``flags``: the win circumstances (:func:`context_flags`) of a context already checked against
    the hand (as :func:`mjsim.scoring.scorer.check_context` does); ``ruleset``: the index of the
    ruleset in
    :data:`RULESETS`. ``total`` leaves flowers out; ``fans`` is ``(number, count)`` pairs,
    ascending; ``reading`` the reading scored, as :func:`mjsim_core.shanten.decompositions`
    gives it.

    Raises ``ValueError`` for malformed input or a hand that is not complete.
    """
    cdef cnp.ndarray array = _counts_array(counts)
    return _score(<const count_t*>cnp.PyArray_DATA(array), melds, len(melds), win_tile, flags,
                  seat_wind, prevalent_wind, ruleset)


def score_hand(hand, ctx, int ruleset=0) -> tuple:
    """:func:`score_counts` of a :class:`~mjsim.tiles.hand.Hand` won as a
    :class:`~mjsim.scoring.WinContext` says, the context made consistent with the hand by
    :func:`mjsim.scoring.scorer.check_context` (flowers are not read).

    >>> from mjsim import Hand
    >>> from mjsim.scoring import WinContext
    >>> score_hand(Hand.parse("chow(234m) 234m 567m 567m EE"), WinContext(27, False, 1, 2))[:2]
    (10, ((50, 1), (69, 2), (71, 1), (79, 1)))
    """
    cdef cnp.ndarray array = _counts_array(_HAND.get(hand, 0))
    cdef uint8_t melds[4]
    cdef int n_melds = encode_melds(_HAND.get(hand, 1), melds)
    return _score(<const count_t*>cnp.PyArray_DATA(array), melds, n_melds, _CONTEXT.get(ctx, 0),
                  _flags(ctx), _CONTEXT.get(ctx, 2), _CONTEXT.get(ctx, 3), ruleset)


class ContextConflict(ValueError):
    """A win context the hand makes impossible. ``problem`` names the check that failed, one of
    :data:`CONFLICTS`; :func:`mjsim.scoring.scorer.check_context` words it, naming the tiles."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


CONFLICTS = ("not_held", "size", "robbing", "replacement", "initial", "last_copy", "flowers")
"""The checks of :func:`check_win`, in the order they are made."""


cdef int _checked_flags(const count_t* c, const uint8_t* m, int n_melds, int win, int flags,
                        int ctx_flowers, int hand_flowers, int* flowers) except -1:
    """The flags made consistent with the hand (docs/rules.md#how-the-hand-was-won: three copies
    of the winning tile in the winner's exposed melds make it the last copy) and the flowers counted
    (the hand's when the context counts none); ContextConflict when they cannot be."""
    cdef int i, k, tile, kind, copies, size = 3 * n_melds, in_melds = 0, exposed = 0, kongs = 0
    if not 0 <= win < N_KINDS:
        raise ValueError(f"the winning tile must be a playing kind 0-{N_KINDS - 1}, not {win}")
    if c[win] == 0:
        raise ContextConflict("not_held")
    for k in range(N_KINDS):
        size += c[k]
    for i in range(n_melds):
        tile = m[i] & 63
        kind = m[i] >> 6
        if kind == MELD_CHOW:
            copies = tile <= win <= tile + 2
        else:
            copies = (3 if kind == MELD_PUNG else 4) if tile == win else 0
            kongs += kind != MELD_PUNG
        in_melds += copies
        exposed += copies if kind != MELD_CONCEALED_KONG else 0
    if size != 14:
        raise ContextConflict("size")
    if flags & ROBBING and c[win] + in_melds != 1:
        raise ContextConflict("robbing")
    if flags & REPLACEMENT and kongs == 0:
        raise ContextConflict("replacement")
    if flags & INITIAL and n_melds:
        raise ContextConflict("initial")
    if flags & LAST_COPY and c[win] != 1:
        raise ContextConflict("last_copy")
    if hand_flowers and ctx_flowers and ctx_flowers != hand_flowers:
        raise ContextConflict("flowers")
    flowers[0] = ctx_flowers or hand_flowers
    return flags | (LAST_COPY if exposed == 3 else 0)


def check_win(hand, ctx) -> tuple:
    """``(flowers, last_copy)`` of ``ctx`` made consistent with ``hand`` (the checks of
    :func:`score_win`); ``ContextConflict`` when the hand makes the context impossible."""
    cdef cnp.ndarray array = _counts_array(_HAND.get(hand, 0))
    cdef uint8_t melds[4]
    cdef int n_melds = encode_melds(_HAND.get(hand, 1), melds), flowers
    cdef int flags = _checked_flags(<const count_t*>cnp.PyArray_DATA(array), melds, n_melds,
                                    _CONTEXT.get(ctx, 0), _flags(ctx), _CONTEXT.get(ctx, 4),
                                    len(_HAND.get(hand, 2)), &flowers)
    return flowers, (flags & LAST_COPY) != 0


cdef dict _RULESET_INDEX = {name: i for i, name in enumerate(RULESETS)}


cdef int _ruleset_index(object ruleset) except -1:
    index = _RULESET_INDEX.get(ruleset) if isinstance(ruleset, str) else None
    if index is None:
        _check_ruleset(ruleset)     # raises, naming the rulesets
    return index


cdef class Result:
    """The value of a winning hand as the kernel leaves it: ``total`` (flowers apart),
    ``flowers``, ``ruleset`` and the hand's declared ``melds``; the elements (:meth:`found`) and
    the reading scored (:meth:`decomposition`) are made into Python objects when first asked
    for, since a game engine checking whether a hand reaches eight points needs neither.
    :class:`mjsim.scoring.Scored` adds the readable forms.

    Made by :func:`score_win`, or from Python values (a scorer written in Python) as
    ``Result(total, flowers, ruleset, melds, found, decomposition, held)``, ``held`` being the
    concealed tiles' counts.
    """

    cdef readonly int total
    cdef readonly int flowers
    cdef readonly str ruleset
    cdef readonly tuple melds
    cdef object _found                  # the Python forms, None until first asked for
    cdef object _decomposition
    cdef Scoring _scoring
    cdef count_t _held[N_KINDS]         # the concealed tiles (a copy: the hand plays on)

    def __init__(self, int total, int flowers, str ruleset, melds, found, decomposition,
                 held) -> None:
        cdef int k
        self.total, self.flowers, self.ruleset, self.melds = total, flowers, ruleset, tuple(melds)
        self._found = tuple([(int(number), int(count)) for number, count in found])
        self._decomposition = tuple(decomposition)
        if len(held) != N_KINDS:
            raise ValueError(f"held counts {N_KINDS} kinds, not {len(held)}")
        for k in range(N_KINDS):
            self._held[k] = held[k]

    def found(self) -> tuple:
        """The elements scored, as ``(number, count)`` pairs ascending (Flower Tiles apart)."""
        if self._found is None:
            self._found = _found(&self._scoring)
        return self._found

    def decomposition(self) -> tuple:
        """The reading scored, as :func:`mjsim_core.shanten.decompositions` gives it."""
        if self._decomposition is None:
            self._decomposition = _reading_tuple(&self._scoring.reading, self._held)
        return self._decomposition

    def held(self) -> list:
        """The concealed tiles, ascending, one entry per tile."""
        cdef int k, _copy
        return [k for k in range(N_KINDS) for _copy in range(self._held[k])]

    def __reduce__(self) -> tuple:
        return type(self), (self.total, self.flowers, self.ruleset, self.melds, self.found(),
                            self.decomposition(), (<char*>self._held)[:N_KINDS])


def score_win(hand, ctx, ruleset, cls=Result) -> Result:
    """The :class:`Result` (made as ``cls``, a subclass) of a complete
    :class:`~mjsim.tiles.hand.Hand` won as a :class:`~mjsim.scoring.WinContext` says under
    ``ruleset`` (a name in :data:`RULESETS`): the context is checked against the hand as
    :func:`check_win` does, and made consistent with it.

    Raises ``ContextConflict`` for a context the hand makes impossible, ``ValueError`` for an
    unknown ruleset or a hand that is not complete.

    >>> from mjsim import Hand
    >>> from mjsim.scoring import WinContext
    >>> result = score_win(Hand.parse("chow(234m) 234m 567m 567m EE"),
    ...                    WinContext(27, False, 1, 2), "green-book")
    >>> result.total, result.found()
    (10, ((50, 1), (69, 2), (71, 1), (79, 1)))
    """
    cdef int index = _ruleset_index(ruleset), flowers, n_melds, win, flags
    cdef cnp.ndarray array = _counts_array(_HAND.get(hand, 0))
    cdef const count_t* c = <const count_t*>cnp.PyArray_DATA(array)
    cdef uint8_t melds[4]
    cdef Result out = Result.__new__(cls)
    cdef object declared = _HAND.get(hand, 1)
    n_melds = encode_melds(declared, melds)
    win = _CONTEXT.get(ctx, 0)
    flags = _checked_flags(c, melds, n_melds, win, _flags(ctx), _CONTEXT.get(ctx, 4),
                           len(_HAND.get(hand, 2)), &flowers)
    _run(c, melds, n_melds, win, flags, _CONTEXT.get(ctx, 2), _CONTEXT.get(ctx, 3), index,
         &out._scoring)
    memcpy(out._held, c, N_KINDS)
    out.total = out._scoring.total
    out.flowers = flowers
    out.ruleset = ruleset
    out.melds = declared if type(declared) is tuple else tuple(declared)
    return out


# The (number, count) pairs score_counts returns, made once.
cdef list _PAIRS = [[(number, count) for count in range(8)] for number in range(N_NUMBERS)]


cdef inline object _pair(int number, int count):
    return (<list>_PAIRS[number])[count] if count < 8 else (number, count)


def formal_wait_count(counts, int melds=0) -> int:
    """How many kinds complete a ready hand of 13-3m concealed tiles on paper, a fifth copy
    included (:func:`mjsim.reference.score.formal_waits`), counted no further than 2: all the
    wait elements ask is whether there was exactly one.

    >>> from mjsim import Hand
    >>> formal_wait_count(Hand.parse("1111234m").counts, 2)   # 1m (a fifth copy) or 4m
    2
    >>> formal_wait_count(Hand.parse("13m 55p").counts, 3)    # 2m only
    1
    """
    cdef const count_t[::1] view = counts
    cdef int k, total = 0
    if view.shape[0] != N_KINDS or not 0 <= melds <= 4:
        raise ValueError("a counts array has 34 entries and a hand 0 to 4 melds")
    for k in range(N_KINDS):
        total += view[k]
        if view[k] > MAX_COPIES:
            raise ValueError(f"kind {k} has more than {MAX_COPIES} copies")
    if total != 13 - 3 * melds:
        raise ValueError(f"with {melds} meld(s) a ready hand has {13 - 3 * melds} tiles, "
                         f"not {total}")
    if distance(&view[0], melds) != 1:
        return 0
    return _wait_count(&view[0], melds, 0)


def _split_table_errors() -> int:
    """For the tests: how many suit patterns of at most 14 tiles (all a hand can hold) the split
    table reads otherwise than a plain search over sets and one pair does (0)."""
    cdef count_t c[N_KINDS]
    cdef int pattern, rest, i, size, errors = 0
    memset(c, 0, N_KINDS)
    with nogil:
        for pattern in range(5 ** 9):
            rest = pattern
            size = 0
            for i in range(9):
                c[i] = rest % 5
                size += c[i]
                rest //= 5
            if size > 14:
                continue
            if _suit_splits(pattern) != (size % 3 != 1 and _splits(c, 0, 9, size % 3 == 2)):
                errors += 1
    return errors


def group_elements(tiles, int pair, str scope) -> dict:
    """The relation elements of a reading's chows or pungs (compiled
    mjsim.reference.score.group_elements).

    >>> group_elements((19, 19, 22, 22), 13, "chows")   # 234s 234s 567s 567s
    {69: 2, 71: 1}
    """
    cdef int t[4]
    cdef uint8_t cnt[N_NUMBERS]
    cdef int n = len(tiles), i
    if n > 4:
        raise ValueError("at most four sets")
    for i in range(n):
        t[i] = tiles[i]
    memset(cnt, 0, N_NUMBERS)
    _groups(t, n, pair, CHOWS if scope == "chows" else PUNGS, cnt)
    return {i: cnt[i] for i in range(N_NUMBERS) if cnt[i]}
