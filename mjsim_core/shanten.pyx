"""Shanten, acceptance, discards, waits and decompositions over counts arrays, for every MCR form.

Every form is measured as a *distance*: the fewest tiles a hand must exchange to become complete,
where the complete hand never holds a fifth copy of a kind. The shanten is the distance minus
one (-1 complete, 0 ready).

The regular form uses per-suit lookup tables merged by min-plus convolution (the approach of
tomohxx's shanten-number and nyanten): for each pattern of counts in one suit, the fewest tiles
to add so that the suit holds ``m`` sets and ``p`` pairs, for m 0-4 and p 0-1. Only patterns of
at most 14 tiles can occur, so they are numbered densely (their rank in lexicographic order),
which keeps the suit table at 4 MB, within the processor's cache. Tables are built once per
process by a dynamic programme over the prefixes of the patterns, at first use rather than at
import (see ``_tables``).
"""

import numpy as np
cimport numpy as cnp
from cpython.long cimport PyLong_Check
from cpython.object cimport PyTypeObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memcmp, memset, memcpy

from mjsim_core._types cimport count_t, N_KINDS, N_SUITED, MAX_COPIES
from mjsim_core.arguments cimport read_melds
from mjsim_core.counts cimport check_batch, hand_counts

cnp.import_array()

cdef extern from "Python.h":
    object PyType_GenericAlloc(PyTypeObject* cls, Py_ssize_t n)

cdef extern from *:
    """
    /* The regular form's merges (see _merge) in SSE2, which every x86-64 processor has: slot s
       of the product is the least a[i] + b[s - i], so each a[i] is added to all of b moved up
       i slots (INF shifted in), ten slots at once; an odd i holds the pair, so it meets b with
       b's pair slots at INF. Other targets, or a build with -DMJSIM_SCALAR_MERGE, take the loop
       in _merge instead. */
    #if defined(__SSE2__) && !defined(MJSIM_SCALAR_MERGE)
    #include <emmintrin.h>
    #define MJSIM_VECTOR_MERGE 1
    static inline __m128i mjsim_load_slots(const unsigned char* slots) {
        unsigned short last;
        memcpy(&last, slots + 8, 2);
        return _mm_insert_epi16(_mm_loadl_epi64((const __m128i*)slots), last, 4);
    }
    /* Add a[i] (dword i % 4 of `spread`) to b moved up i slots; keep the least so far. */
    #define MJSIM_TERM(i, moved, spread) acc = _mm_min_epu8(acc, _mm_adds_epu8( \
        _mm_shuffle_epi32(spread, ((i) % 4) * 0x55), \
        _mm_or_si128(_mm_slli_si128(moved, i), _mm_srli_si128(infs, 16 - (i)))))
    static inline void mjsim_merge_slots(const unsigned char* a, const unsigned char* b,
                                         unsigned char* out, unsigned char inf) {
        const __m128i infs = _mm_set1_epi8((char)inf);
        const __m128i pair_slots = _mm_slli_epi16(_mm_set1_epi16(inf), 8);
        __m128i va = mjsim_load_slots(a), vb = mjsim_load_slots(b);
        __m128i unpaired = _mm_max_epu8(vb, pair_slots);
        /* Each a[i] four times over, in a dword of a03, a47 or a89. */
        __m128i twice = _mm_unpacklo_epi8(va, va), twice_hi = _mm_unpackhi_epi8(va, va);
        __m128i a03 = _mm_unpacklo_epi16(twice, twice), a47 = _mm_unpackhi_epi16(twice, twice);
        __m128i a89 = _mm_unpacklo_epi16(twice_hi, twice_hi);
        __m128i acc = _mm_min_epu8(infs, _mm_adds_epu8(_mm_shuffle_epi32(a03, 0), vb));
        unsigned short last;
        MJSIM_TERM(1, unpaired, a03);
        MJSIM_TERM(2, vb, a03);
        MJSIM_TERM(3, unpaired, a03);
        MJSIM_TERM(4, vb, a47);
        MJSIM_TERM(5, unpaired, a47);
        MJSIM_TERM(6, vb, a47);
        MJSIM_TERM(7, unpaired, a47);
        MJSIM_TERM(8, vb, a89);
        MJSIM_TERM(9, unpaired, a89);
        last = (unsigned short)_mm_extract_epi16(acc, 4);
        _mm_storel_epi64((__m128i*)out, acc);
        memcpy(out + 8, &last, 2);
    }
    /* The least a[i] + b[i] over the first n slots (the others read as out of reach), the ten
       sums at once and their least by halving; a slot is at most INF (99), so no sum saturates. */
    static inline int mjsim_least_sum(const unsigned char* a, const unsigned char* b, int n) {
        const __m128i lanes = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        __m128i sum = _mm_adds_epu8(mjsim_load_slots(a), mjsim_load_slots(b));
        sum = _mm_or_si128(sum, _mm_cmpgt_epi8(lanes, _mm_set1_epi8((char)(n - 1))));
        sum = _mm_min_epu8(sum, _mm_srli_si128(sum, 8));
        sum = _mm_min_epu8(sum, _mm_srli_si128(sum, 4));
        sum = _mm_min_epu8(sum, _mm_srli_si128(sum, 2));
        sum = _mm_min_epu8(sum, _mm_srli_si128(sum, 1));
        return _mm_cvtsi128_si32(sum) & 0xFF;
    }
    /* The limits a draw's suit vector must get under (see _accept_regular): slot i of `limits`
       is base less the complement's slot n - 1 - i, 0 where that is not above 0 or i >= n; returns
       whether the suit's own vector `vec` meets one of them. The complement is reversed whole
       (words, then the bytes in each) and moved down to its first n slots. */
    static inline int mjsim_limits(const unsigned char* vec, const unsigned char* complement,
                                   int base, int n, unsigned char* limits) {
        const __m128i lanes = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        __m128i c = mjsim_load_slots(complement), room, v = mjsim_load_slots(vec);
        unsigned short last;
        c = _mm_shuffle_epi32(_mm_shufflehi_epi16(_mm_shufflelo_epi16(c, 0x1B), 0x1B), 0x4E);
        c = _mm_or_si128(_mm_slli_epi16(c, 8), _mm_srli_epi16(c, 8));
        switch (n) {
            case 2: c = _mm_srli_si128(c, 14); break;
            case 4: c = _mm_srli_si128(c, 12); break;
            case 6: c = _mm_srli_si128(c, 10); break;
            case 8: c = _mm_srli_si128(c, 8); break;
            default: c = _mm_srli_si128(c, 6); break;
        }
        room = _mm_and_si128(_mm_subs_epu8(_mm_set1_epi8((char)base), c),
                             _mm_cmplt_epi8(lanes, _mm_set1_epi8((char)n)));
        _mm_storel_epi64((__m128i*)limits, room);
        last = (unsigned short)_mm_extract_epi16(room, 4);
        memcpy(limits + 8, &last, 2);
        /* v <= room where room > 0 */
        return _mm_movemask_epi8(_mm_andnot_si128(_mm_cmpeq_epi8(room, _mm_setzero_si128()),
                                                  _mm_cmpeq_epi8(_mm_min_epu8(v, room), v))) != 0;
    }
    /* Whether any of the ten slots is below its limit: a limit less the slot, saturated at 0,
       is nonzero there. */
    static inline int mjsim_slots_below(const unsigned char* slots, const unsigned char* limits) {
        __m128i gap = _mm_subs_epu8(mjsim_load_slots(limits), mjsim_load_slots(slots));
        return _mm_movemask_epi8(_mm_cmpeq_epi8(gap, _mm_setzero_si128())) != 0xFFFF;
    }
    #else
    #define MJSIM_VECTOR_MERGE 0
    static inline void mjsim_merge_slots(const unsigned char* a, const unsigned char* b,
                                         unsigned char* out, unsigned char inf) {}
    static inline int mjsim_slots_below(const unsigned char* slots, const unsigned char* limits) {
        for (int i = 0; i < 10; i++)
            if (slots[i] < limits[i])
                return 1;
        return 0;
    }
    static inline int mjsim_limits(const unsigned char* vec, const unsigned char* complement,
                                   int base, int n, unsigned char* limits) {
        int tight = 0;
        for (int i = 0; i < 10; i++) {
            int room = i < n ? base - complement[n - 1 - i] : 0;
            limits[i] = room > 0 ? room : 0;
            tight |= room > 0 && vec[i] <= room;
        }
        return tight;
    }
    static inline int mjsim_least_sum(const unsigned char* a, const unsigned char* b, int n) {
        int least = 255;
        for (int i = 0; i < n; i++)
            if (a[i] + b[i] < least)
                least = a[i] + b[i];
        return least;
    }
    #endif
    static int mjsim_tables_ready = 0;
    #define MJSIM_TABLES_READY() __atomic_load_n(&mjsim_tables_ready, __ATOMIC_ACQUIRE)
    #define MJSIM_SET_TABLES_READY() __atomic_store_n(&mjsim_tables_ready, 1, __ATOMIC_RELEASE)
    """
    bint tables_ready "MJSIM_TABLES_READY"() noexcept nogil
    void set_tables_ready "MJSIM_SET_TABLES_READY"() noexcept nogil
    void prefetch "__builtin_prefetch"(const void* address) noexcept nogil
    int lowest_bit "__builtin_ctzll"(unsigned long long bits) noexcept nogil
    bint VECTOR_MERGE "MJSIM_VECTOR_MERGE"
    void merge_slots "mjsim_merge_slots"(const count_t* a, const count_t* b, count_t* out,
                                         count_t inf) noexcept nogil
    bint slots_below "mjsim_slots_below"(const count_t* slots, const count_t* limits) noexcept nogil
    int least_sum "mjsim_least_sum"(const count_t* a, const count_t* b, int n) noexcept nogil
    bint limits_of "mjsim_limits"(const count_t* vec, const count_t* complement, int base, int n,
                                  count_t* limits) noexcept nogil

FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")

cdef enum:
    SUIT_PATTERNS = 405350      # patterns of 0-4 copies of 9 kinds with at most 14 tiles
    HONOR_PATTERNS = 43130      # the same for the 7 honours
    INF = 99
    STATES = 250                # (open chows from k-1: 0-4) x (from k-2: 0-4) x sets 0-4 x pair 0-1
    MAX_TILES = 14

cdef count_t SUIT_TABLE[SUIT_PATTERNS][SLOTS]
cdef count_t HONOR_TABLE[HONOR_PATTERNS][SLOTS]
# RANK_OFFSET[i][r][v]: how many patterns precede, at position i with r tiles still allowed, the
# ones holding v copies there. A pattern's rank is the sum over its positions.
cdef int SUIT_OFFSET[9][15][5]
cdef int HONOR_OFFSET[7][15][5]
cdef int KNITTED[6][9]          # the nine kinds of each knitted arrangement
cdef int KNIT_OFFSET[6][3]      # each arrangement's offset in each suit (0: 147, 1: 258, 2: 369)
cdef int ORPHAN_KINDS[13]
cdef uint64_t KNITTED_BITS[6]   # each arrangement's kinds as a bit set over the 34 kinds
cdef uint64_t ORPHAN_BITS
cdef uint64_t HONOR_BITS
cdef uint64_t CHOW_BITS         # the kinds a chow can start at: suited, rank 1-7
# The ways to group the lowest kind held (_regular), by its count: the tiles a pung (3) or the
# pair (2) takes, the rest going to chows, in the order tried, the pair last; how many there are
# with the pair still to place and without.
cdef int USES[MAX_COPIES + 1][3]
cdef int N_USES[MAX_COPIES + 1][2]


# ---------------------------------------------------------------------------------------------
# Table construction

cdef inline int _state(int c1, int c2, int m, int p) noexcept nogil:
    return ((c1 * 5 + c2) * 5 + m) * 2 + p


cdef void _step(const count_t* dp_in, count_t* dp_out, int most,
                bint chows_may_start, bint last) noexcept nogil:
    """Extend every partial target by one kind holding ``held`` copies, for each ``held`` from 0
    to ``most`` at once (into ``dp_out + held * STATES``): the transitions are the same for
    every ``held``, only their cost differs, so they are enumerated once, not five times. At
    the ``last`` kind only the targets with no chow left open are read, so only those are
    made."""
    cdef int c1, c2, m, p, c0, pung, pair, tiles, m2, cost, s, t, c0_max, held
    memset(dp_out, INF, (most + 1) * STATES)
    for c1 in range(1 if last else 5):
        for c2 in range(5):
            for m in range(5):
                for p in range(2):
                    s = dp_in[_state(c1, c2, m, p)]
                    if s >= INF:
                        continue
                    c0_max = 4 if chows_may_start else 0
                    for c0 in range(c0_max + 1):
                        for pung in range(2):
                            for pair in range(2 - p):
                                tiles = c1 + c2 + c0 + 3 * pung + 2 * pair
                                m2 = m + c0 + pung
                                if tiles > MAX_COPIES or m2 > 4:
                                    continue
                                t = _state(c0, c1, m2, p + pair)
                                for held in range(most + 1):
                                    cost = s + (tiles - held if tiles > held else 0)
                                    if cost < dp_out[held * STATES + t]:
                                        dp_out[held * STATES + t] = cost


cdef void _fill(count_t (*table)[SLOTS], int (*offset)[15][5], int n, bint chows, int depth,
                int rank, int total, const count_t* dp_in, count_t* scratch) noexcept nogil:
    """Walk every pattern of ``n`` kinds (at most 14 tiles) depth-first, sharing prefix work."""
    cdef int held, m, p, child
    cdef int most = min(4, MAX_TILES - total)
    cdef count_t* outs = scratch + depth * 5 * STATES
    cdef count_t* dp_out
    _step(dp_in, outs, most, chows and depth <= n - 3, depth == n - 1)
    for held in range(most + 1):
        dp_out = outs + held * STATES
        child = rank + offset[depth][MAX_TILES - total][held]
        if depth == n - 1:
            for m in range(5):
                for p in range(2):
                    # Chows cannot start in the last two kinds, so every open count is zero here.
                    table[child][2 * m + p] = dp_out[_state(0, 0, m, p)]
        else:
            _fill(table, offset, n, chows, depth + 1, child, total + held, dp_out, scratch)


cdef void _build_tables() noexcept nogil:
    """Fill both tables; only ``_build_once`` calls it."""
    cdef count_t start[STATES]
    cdef count_t scratch[9 * 5 * STATES]
    memset(start, INF, STATES)
    start[_state(0, 0, 0, 0)] = 0
    _fill(SUIT_TABLE, SUIT_OFFSET, 9, True, 0, 0, 0, start, scratch)
    _fill(HONOR_TABLE, HONOR_OFFSET, 7, False, 0, 0, 0, start, scratch)


cdef int _rank_offsets(int (*offset)[15][5], int n) noexcept nogil:
    """Fill the rank offsets for patterns of n kinds; returns how many patterns there are."""
    cdef int below[10][15]       # below[i][r]: patterns of positions i.. with at most r tiles
    cdef int i, r, v, d
    for r in range(15):
        below[n][r] = 1
    for i in range(n - 1, -1, -1):
        for r in range(15):
            below[i][r] = 0
            for d in range(min(4, r) + 1):
                below[i][r] += below[i + 1][r - d]
            for v in range(5):
                offset[i][r][v] = 0
                for d in range(min(v, r + 1)):
                    offset[i][r][v] += below[i + 1][r - d]
    return below[0][MAX_TILES]


cdef void _init_constants() noexcept nogil:
    cdef int i, a, b, c, n = 0, perm, ways, way, used
    cdef int perms[6][3]
    for a in range(3):
        for b in range(3):
            for c in range(3):
                if a != b and b != c and a != c:
                    perms[n][0] = a
                    perms[n][1] = b
                    perms[n][2] = c
                    n += 1
    # Arrangement: suit s takes the knitted sequence starting at rank perms[.][s] + 1.
    for perm in range(6):
        for a in range(3):
            KNIT_OFFSET[perm][a] = perms[perm][a]
            for i in range(3):
                KNITTED[perm][3 * a + i] = 9 * a + perms[perm][a] + 3 * i
    for i in range(3):
        ORPHAN_KINDS[2 * i] = 9 * i
        ORPHAN_KINDS[2 * i + 1] = 9 * i + 8
    for i in range(7):
        ORPHAN_KINDS[6 + i] = N_SUITED + i
    global ORPHAN_BITS, HONOR_BITS
    ORPHAN_BITS = HONOR_BITS = 0
    for i in range(13):
        ORPHAN_BITS |= (<uint64_t>1) << ORPHAN_KINDS[i]
    for i in range(N_SUITED, N_KINDS):
        HONOR_BITS |= (<uint64_t>1) << i
    for i in range(MAX_COPIES + 1):
        ways = 0
        for way in range(3):
            used = 0 if way == 0 else (3 if way == 1 else 2)
            if used <= i:
                USES[i][ways] = used
                ways += 1
        N_USES[i][1] = ways
        N_USES[i][0] = ways - (i >= 2)
    global CHOW_BITS
    CHOW_BITS = 0
    for i in range(N_SUITED):
        if i % 9 < 7:
            CHOW_BITS |= (<uint64_t>1) << i
    for perm in range(6):
        KNITTED_BITS[perm] = 0
        for i in range(9):
            KNITTED_BITS[perm] |= (<uint64_t>1) << KNITTED[perm][i]


_init_constants()
KNITTED_ARRANGEMENTS = tuple(tuple(KNITTED[perm][i] for i in range(9)) for perm in range(6))
"""The nine kinds of each knitted arrangement, in the order a Reading's ``perm`` indexes."""
if ((_rank_offsets(SUIT_OFFSET, 9), _rank_offsets(HONOR_OFFSET, 7))
        != (SUIT_PATTERNS, HONOR_PATTERNS)):
    raise ImportError("mjsim_core.shanten: pattern counts disagree with the table sizes")


# The tables take about 0.15 s to build, which importing should not cost: a process may import
# this module and never analyse a hand. So every function of shanten.pxd that reads them first
# calls _tables(), one load and one well-predicted branch, and the first such call in a process
# builds them. Other kernels (score, rungs) call those functions directly,
# which is why the test is in them and not only in the Python functions.

cdef inline void _tables() noexcept nogil:
    if not tables_ready():
        _build_once()


cdef void _build_once() noexcept nogil:
    # The GIL serialises two threads that both found the tables missing (a caller may hold it
    # already: taking it again is allowed); the flag is published after the tables, so a thread
    # that sees it set sees them built.
    with gil:
        if not tables_ready():
            _build_tables()
            set_tables_ready()


def tables_built() -> bool:
    """Whether this process has built the regular form's tables yet (at the first call that
    reads them)."""
    return tables_ready()


# ---------------------------------------------------------------------------------------------
# Distances per form

cdef inline int _suit_rank(const count_t* counts, int first) noexcept nogil:
    cdef int i, left = MAX_TILES, rank = 0
    for i in range(9):
        rank += SUIT_OFFSET[i][left][counts[first + i]]
        left -= counts[first + i]
    return rank


cdef inline int _honor_rank(const count_t* counts) noexcept nogil:
    cdef int i, left = MAX_TILES, rank = 0
    for i in range(7):
        rank += HONOR_OFFSET[i][left][counts[N_SUITED + i]]
        left -= counts[N_SUITED + i]
    return rank


cdef inline int _least(int a, int b) noexcept nogil:
    # A select rather than a branch: which term wins is unpredictable.
    return a if a < b else b


cdef inline void _merge(const count_t* a, const count_t* b, count_t* out) noexcept nogil:
    """Min-plus convolution of two slot vectors."""
    cdef int m, m1, no_pair, pair
    if VECTOR_MERGE:
        merge_slots(a, b, out, INF)
        return
    for m in range(5):
        no_pair = pair = INF
        for m1 in range(m + 1):
            no_pair = _least(no_pair, a[2 * m1] + b[2 * (m - m1)])
            pair = _least(pair, _least(a[2 * m1] + b[2 * (m - m1) + 1],
                                       a[2 * m1 + 1] + b[2 * (m - m1)]))
        out[2 * m] = no_pair
        out[2 * m + 1] = pair


cdef inline void _merge_one(const count_t* a, const count_t* b, count_t* out) noexcept nogil:
    """The convolution's slots with at most one set: all a knitted straight's remainder needs."""
    out[0] = a[0] + b[0]
    out[1] = min(a[0] + b[1], a[1] + b[0])
    out[2] = min(a[0] + b[2], a[2] + b[0])
    out[3] = min(min(a[0] + b[3], a[3] + b[0]), min(a[1] + b[2], a[2] + b[1]))


cdef inline int _final(const count_t* a, const count_t* b, int sets) noexcept nogil:
    """The slot (sets, one pair) of the convolution of a and b."""
    cdef int m1, p1, v, best = INF
    for m1 in range(sets + 1):
        for p1 in range(2):
            v = a[2 * m1 + p1] + b[2 * (sets - m1) + 1 - p1]
            if v < best:
                best = v
    return best


cdef inline void _ranks_plus_one(const count_t* counts, int first, int n,
                                 const int (*offset)[15][5], int* out) noexcept nogil:
    """out[i]: the rank of the pattern counts[first:first+n] with one more copy at position i
    (-1 where there is none: four copies held, or fourteen tiles in the pattern).

    One more copy at i changes the offset there and leaves one tile less for every later
    position, so a prefix sum and a suffix sum with one tile less give every rank at once.
    """
    cdef int prefix[10]
    cdef int suffix_less[10]
    cdef int left[10]
    cdef int i
    prefix[0] = 0
    left[0] = MAX_TILES
    for i in range(n):
        prefix[i + 1] = prefix[i] + offset[i][left[i]][counts[first + i]]
        left[i + 1] = left[i] - counts[first + i]
    suffix_less[n] = 0
    for i in range(n - 1, -1, -1):
        suffix_less[i] = suffix_less[i + 1]
        if left[i] >= 1:
            suffix_less[i] += offset[i][left[i] - 1][counts[first + i]]
    for i in range(n):
        out[i] = -1
        if counts[first + i] < MAX_COPIES and left[n] >= 1:
            out[i] = prefix[i] + offset[i][left[i]][counts[first + i] + 1] + suffix_less[i + 1]


cdef inline void _vectors(const count_t* counts, const count_t** vec) noexcept nogil:
    vec[0] = SUIT_TABLE[_suit_rank(counts, 0)]
    vec[1] = SUIT_TABLE[_suit_rank(counts, 9)]
    vec[2] = SUIT_TABLE[_suit_rank(counts, 18)]
    vec[3] = HONOR_TABLE[_honor_rank(counts)]


cdef int _regular_sets(const count_t* counts, int sets) noexcept nogil:
    cdef const count_t* vec[4]
    cdef count_t ab[SLOTS]
    cdef count_t abc[SLOTS]
    _vectors(counts, vec)
    if sets <= 1:
        _merge_one(vec[0], vec[1], ab)
        _merge_one(ab, vec[2], abc)
        return _final(abc, vec[3], sets)
    # Two independent merges, then their product's one slot: shorter chains than a, b, c in turn.
    _merge(vec[0], vec[1], ab)
    _merge(vec[2], vec[3], abc)
    return _final(ab, abc, sets)


cdef int regular_distance(const count_t* counts, int melds) noexcept nogil:
    _tables()
    return _regular_sets(counts, 4 - melds)


cdef inline uint64_t _word(const count_t* counts) noexcept nogil:
    """Eight counts as the bytes of one word, the first lowest (the compiler makes it one load
    where bytes lie in that order)."""
    return (<uint64_t>counts[0] | (<uint64_t>counts[1]) << 8 | (<uint64_t>counts[2]) << 16
            | (<uint64_t>counts[3]) << 24 | (<uint64_t>counts[4]) << 32
            | (<uint64_t>counts[5]) << 40 | (<uint64_t>counts[6]) << 48
            | (<uint64_t>counts[7]) << 56)


cdef inline uint64_t _byte_flags(uint64_t flags) noexcept nogil:
    """Bit i: bit 0 of byte i of ``flags``, whose other bits are clear. Byte j of the factor is
    2^(7 - j), so bit 0 of byte i lands on bit 8(i + j) + 7 - j: for i + j = 7 on bit 56 + i,
    every other term below bit 56 or above bit 63, no two on one bit, so nothing carries."""
    return (flags * <uint64_t>0x0102040810204080) >> 56


cdef void _held_bits(const count_t* counts, uint64_t* held) noexcept nogil:
    """held[j]: the kinds held more than j times (j 0-3), as bit sets, eight kinds at a time."""
    cdef uint64_t word, half, quarter, low = <uint64_t>0x0101010101010101
    cdef uint64_t once = 0, twice = 0, thrice = 0, four = 0
    cdef int first
    for first in range(0, N_KINDS, 8):
        # The last word takes the last two kinds (32, 33) alone.
        word = _word(counts + first) if first + 8 <= N_KINDS else \
            (<uint64_t>counts[first] | (<uint64_t>counts[first + 1]) << 8)
        half = word >> 1
        quarter = word >> 2
        # Counts are 0-4, three bits: c >= 1 is any bit, c >= 2 bit 1 or 2, c >= 3 bit 2 or
        # bits 0 and 1, c = 4 bit 2.
        once |= _byte_flags((word | half | quarter) & low) << first
        twice |= _byte_flags((half | quarter) & low) << first
        thrice |= _byte_flags((quarter | (word & half)) & low) << first
        four |= _byte_flags(quarter & low) << first
    held[0] = once
    held[1] = twice
    held[2] = thrice
    held[3] = four


cdef inline void _present_odd(const count_t* counts, uint64_t* present,
                              uint64_t* odd) noexcept nogil:
    """The kinds held, and those held an odd number of times, as bit sets, eight kinds at a time
    (as _held_bits, which finds four sets)."""
    cdef uint64_t word, low = <uint64_t>0x0101010101010101, held = 0, odds = 0
    cdef int first
    for first in range(0, N_KINDS, 8):
        word = _word(counts + first) if first + 8 <= N_KINDS else \
            (<uint64_t>counts[first] | (<uint64_t>counts[first + 1]) << 8)
        held |= _byte_flags((word | word >> 1 | word >> 2) & low) << first
        odds |= _byte_flags(word & low) << first
    present[0] = held
    odd[0] = odds


cdef inline int _bit_count(uint64_t bits) noexcept nogil:
    """The bits set, summed in place in ever wider fields: the baseline x86-64 target has no
    popcount instruction, and there the builtin is a library call."""
    bits -= (bits >> 1) & <uint64_t>0x5555555555555555
    bits = (bits & <uint64_t>0x3333333333333333) + ((bits >> 2) & <uint64_t>0x3333333333333333)
    bits = (bits + (bits >> 4)) & <uint64_t>0x0F0F0F0F0F0F0F0F
    return (bits * <uint64_t>0x0101010101010101) >> 56


cdef int _seven_pairs_from(int free, int one) noexcept nogil:
    cdef int need = 7, take
    take = free if free < need else need
    need -= take
    take = one if one < need else need
    need -= take
    return take + 2 * need


cdef inline int _free_pairs(const uint64_t* held) noexcept nogil:
    """The pairs the hand holds for nothing (four of a kind counts as two)."""
    return _bit_count(held[1]) + _bit_count(held[3])


cdef inline int _odd_kinds(const uint64_t* held) noexcept nogil:
    """The kinds held an odd number of times: each gives a pair for one more tile."""
    return _bit_count((held[0] ^ held[1]) | (held[2] ^ held[3]))


cdef inline int _seven_pairs_held(const uint64_t* held) noexcept nogil:
    return _seven_pairs_from(_free_pairs(held), _odd_kinds(held))


cdef int seven_pairs_distance(const count_t* counts) noexcept nogil:
    cdef uint64_t held[4]
    _held_bits(counts, held)
    return _seven_pairs_held(held)


cdef inline int _orphans_held(const uint64_t* held) noexcept nogil:
    return 13 - _bit_count(held[0] & ORPHAN_BITS) + ((held[1] & ORPHAN_BITS) == 0)


cdef int orphans_distance(const count_t* counts) noexcept nogil:
    cdef uint64_t held[4]
    _held_bits(counts, held)
    return _orphans_held(held)


cdef int _honors_knitted_from(const KnitParts* parts) noexcept nogil:
    cdef int perm, held, best = INF, honors = _bit_count(parts.held[0] & HONOR_BITS)
    for perm in range(6):
        held = honors + 9 - parts.missing[perm]
        held = 14 - (held if held < 14 else 14)
        if held < best:
            best = held
    return best


cdef int honors_knitted_distance(const count_t* counts) noexcept nogil:
    cdef KnitParts parts
    _knit_parts(counts, &parts)
    return _honors_knitted_from(&parts)


cdef void _knit_parts(const count_t* counts, KnitParts* parts) noexcept nogil:
    """The held bits and the kinds each arrangement lacks; the rest is worked out when needed."""
    cdef int perm
    _held_bits(counts, parts.held)
    for perm in range(6):
        parts.missing[perm] = 9 - _bit_count(parts.held[0] & KNITTED_BITS[perm])
    memset(parts.rest, 0, sizeof(parts.rest))
    parts.honors = NULL


cdef inline void _knit_parts_moved(const KnitParts* before, const count_t* hand, int kind,
                                   int step, KnitParts* parts) noexcept nogil:
    """_knit_parts of ``hand``, which holds ``step`` (+1 or -1) copies of ``kind`` more than the
    hand of ``before``: one bit changed, not a pass over the 34 kinds; the vectors ``before``
    has looked up of the suits the kind is not in hold the same tiles, and serve as they are."""
    cdef int perm, suit, j = hand[kind] - (step > 0)  # the count whose bit the copy flips
    cdef uint64_t bit = (<uint64_t>1) << kind
    memcpy(parts.held, before.held, sizeof(parts.held))
    parts.held[j] ^= bit
    for perm in range(6):
        parts.missing[perm] = (before.missing[perm]
                               - step * ((j == 0) & <int>((KNITTED_BITS[perm] >> kind) & 1)))
    memcpy(parts.rest, before.rest, sizeof(parts.rest))
    parts.honors = NULL
    if kind < N_SUITED:
        parts.honors = before.honors
        suit = kind // 9
        parts.rest[suit][0] = parts.rest[suit][1] = parts.rest[suit][2] = NULL


cdef const count_t* _knit_rest(const count_t* counts, KnitParts* parts, int suit,
                               int offset) noexcept nogil:
    cdef count_t rest[9]
    cdef int i
    if parts.rest[suit][offset] == NULL:
        memcpy(rest, counts + 9 * suit, 9)
        for i in range(offset, 9, 3):
            rest[i] -= rest[i] != 0
        parts.rest[suit][offset] = SUIT_TABLE[_suit_rank(rest, 0)]
    return parts.rest[suit][offset]


cdef inline int _knit_rest_bound(const KnitParts* parts, int perm, int sets) noexcept nogil:
    """A lower bound on the distance of what an arrangement leaves (``sets`` 0-1 sets and a
    pair)."""
    cdef uint64_t knit = KNITTED_BITS[perm], once, twice, thrice
    # The rest holds one copy less of each knitted kind held.
    once = (parts.held[0] & ~knit) | (parts.held[1] & knit)
    twice = (parts.held[1] & ~knit) | (parts.held[2] & knit)
    thrice = (parts.held[2] & ~knit) | (parts.held[3] & knit)
    # The bound holds because the target's pair and set are disjoint: each that the rest lacks
    # outright (no kind twice; no pung and no chow) costs at least one tile of its own.
    return (twice == 0) + (sets > 0 and thrice == 0
                           and (once & (once >> 1) & (once >> 2) & CHOW_BITS) == 0)


cdef int _knit_exact(const count_t* counts, KnitParts* parts, int perm, int melds) noexcept nogil:
    """Distance to the knitted straight of one arrangement: its missing kinds and its rest."""
    cdef count_t ab[SLOTS]
    cdef count_t abc[SLOTS]
    if parts.honors == NULL:
        parts.honors = HONOR_TABLE[_honor_rank(counts)]
    _merge_one(_knit_rest(counts, parts, 0, KNIT_OFFSET[perm][0]),
               _knit_rest(counts, parts, 1, KNIT_OFFSET[perm][1]), ab)
    _merge_one(ab, _knit_rest(counts, parts, 2, KNIT_OFFSET[perm][2]), abc)
    return parts.missing[perm] + _final(abc, parts.honors, 1 - melds)


cdef inline int _knit_distance(const count_t* counts, KnitParts* parts, int perm, int melds,
                               int bound) noexcept nogil:
    """Distance to the knitted straight of one arrangement; any value >= bound once it cannot
    win (its bounds are tested inline: most arrangements stop there)."""
    cdef int missing = parts.missing[perm]
    if missing >= bound or missing + _knit_rest_bound(parts, perm, 1 - melds) >= bound:
        return bound
    return _knit_exact(counts, parts, perm, melds)


cdef int _knitted_below(const count_t* counts, KnitParts* parts, int melds,
                        int bound) noexcept nogil:
    """The knitted straight's distance when it is below ``bound``, else a value >= bound."""
    cdef int perm, d
    if melds > 1:
        return bound
    for perm in range(6):
        d = _knit_distance(counts, parts, perm, melds, bound)
        if d < bound:
            bound = d
    return bound


cdef int knitted_straight_distance(const count_t* counts, int melds) noexcept nogil:
    cdef KnitParts parts
    _tables()
    _knit_parts(counts, &parts)
    return _knitted_below(counts, &parts, melds, INF)


cdef int distance(const count_t* counts, int melds) noexcept nogil:
    _tables()
    return _distance(counts, melds)


cdef inline int _distance(const count_t* counts, int melds) noexcept nogil:
    """distance() once the tables are known to be built: a loop tests the flag once, outside."""
    return _others_below(counts, melds, _regular_sets(counts, 4 - melds))


cdef int _others_below(const count_t* counts, int melds, int best) noexcept nogil:
    """The hand's distance given its regular form's ``best``: the least over the other forms
    the meld count allows, where one is below it."""
    cdef KnitParts parts
    if melds > 1:
        return best
    _knit_parts(counts, &parts)  # shared by every special form
    return _others_given(counts, melds, best, &parts)


cdef int _others_given(const count_t* counts, int melds, int best,
                       KnitParts* parts) noexcept nogil:
    """_others_below with the special forms' parts given (melds 0-1)."""
    cdef int d
    if melds == 0:
        d = _seven_pairs_held(parts.held)
        if d < best:
            best = d
        d = _orphans_held(parts.held)
        if d < best:
            best = d
        d = _honors_knitted_from(parts)
        if d < best:
            best = d
    return _knitted_below(counts, parts, melds, best)


# The vector of a draw that cannot be made (a fifth copy): every slot out of reach, so that it
# lowers no distance and the acceptance reads every kind without a test.
cdef count_t NO_DRAW[SLOTS]
memset(NO_DRAW, INF, SLOTS)


cdef void _changed_in_suit(const count_t* counts, int suit, RegularParts* parts) noexcept nogil:
    """Look up the vectors of one suit with one more of each kind (NO_DRAW where none can be
    drawn), prefetching, so that the cache misses of the lookups overlap instead of queueing one
    behind another."""
    cdef int rank[9]
    cdef int i, first = 9 * suit, n = 9 if suit < 3 else 7
    if suit < 3:
        _ranks_plus_one(counts, first, n, SUIT_OFFSET, rank)
    else:
        _ranks_plus_one(counts, first, n, HONOR_OFFSET, rank)
    for i in range(n):
        if rank[i] < 0:
            parts.changed[first + i] = NO_DRAW
            continue
        if suit < 3:
            parts.changed[first + i] = SUIT_TABLE[rank[i]]
        else:
            parts.changed[first + i] = HONOR_TABLE[rank[i]]
        prefetch(parts.changed[first + i])


cdef int _regular_parts(const count_t* counts, int sets, RegularParts* parts) noexcept nogil:
    """Fill the parts of the regular acceptance; returns the hand's regular distance."""
    cdef const count_t** vec = parts.vec
    cdef count_t pair01[SLOTS]
    cdef count_t pair23[SLOTS]
    cdef int suit
    for suit in range(4):
        _changed_in_suit(counts, suit, parts)
    parts.unread = -1
    parts.shared = NULL
    parts.kept = NULL
    _vectors(counts, vec)
    _merge(vec[0], vec[1], pair01)
    _merge(vec[2], vec[3], pair23)
    _merge(vec[1], pair23, parts.others[0])
    _merge(vec[0], pair23, parts.others[1])
    _merge(pair01, vec[3], parts.others[2])
    _merge(pair01, vec[2], parts.others[3])
    return _final(vec[0], parts.others[0], sets)


cdef void _accept_regular(const count_t* counts, RegularParts* parts, int sets, int base,
                          count_t* accepted) noexcept nogil:
    """Mark the draws that lower the regular distance below base (the regular distance): a draw
    changes one suit, so each is its suit's new vector against the suit's complement, below it
    where a slot is under base less the complement's matching slot (its limit; ten slots
    compared at once). A draw lowers a slot by at most one, so only a suit whose own vector
    meets a limit somewhere (a tight slot) can go below it: a suit's changed vectors are looked
    up only then (the unread suit's here, another's in the shared parts, once for every
    discard that reads them)."""
    cdef count_t limit[4][SLOTS]
    cdef const count_t** changed
    cdef int k, s, first
    cdef bint known = parts.kept != NULL and parts.kept_read
    # The suits to weigh (the unread one alone when the others' marks are known), then those
    # of them that are tight, as bits.
    cdef uint64_t weighed = (<uint64_t>1) << parts.unread if known else 15, tight = 0
    if known:
        memcpy(accepted, parts.kept.marks, N_KINDS)
    while weighed:
        s = lowest_bit(weighed)
        weighed &= weighed - 1
        if not limits_of(parts.vec[s], parts.others[s], base, 2 * sets + 2, limit[s]):
            continue
        tight |= (<uint64_t>1) << s
        if s == parts.unread:
            _changed_in_suit(counts, s, parts)
        elif parts.shared != NULL and not (parts.shared_read[0] >> s) & 1:
            _changed_in_suit(counts, s, parts.shared)
            parts.shared_read[0] |= 1 << s
    while tight:
        s = lowest_bit(tight)
        tight &= tight - 1
        if s == parts.unread or parts.shared == NULL:
            changed = &parts.changed[0]
        else:
            changed = &parts.shared.changed[0]
        first = 9 * s
        # A trip count fixed in each branch, which the compiler unrolls: a count that follows
        # the suit has the loop's end mispredicted.
        if s < 3:
            for k in range(first, first + 9):
                accepted[k] = slots_below(changed[k], limit[s])
        else:
            for k in range(N_SUITED, N_KINDS):
                accepted[k] = slots_below(changed[k], limit[s])
    if parts.kept != NULL and not known:
        # The unread suit's marks too: a discard that reads them has that suit tight just when
        # this one had (the same vector, complement and base), and then writes its own.
        parts.kept.suit = parts.unread
        memcpy(parts.kept.vec, parts.vec[parts.unread], SLOTS)
        memcpy(parts.kept.marks, accepted, N_KINDS)


cdef void _accept_seven_pairs(const count_t* counts, count_t* accepted) noexcept nogil:
    """The draws that bring seven pairs nearer are the kinds held an odd number of times. 13
    tiles make seven pairs and singles or more (a single takes one tile, a pair two, three of a
    kind a pair and a single, four two pairs) but at most six pairs: the distance is the pairs
    short of seven, and only a copy that pairs a single lowers it. Marked with no branch (the
    parities are the hand's, which no predictor guesses)."""
    cdef int k
    for k in range(N_KINDS):
        accepted[k] |= counts[k] & 1


cdef void _accept_orphans(const count_t* counts, count_t* accepted) noexcept nogil:
    cdef int i, k, paired = 0
    for i in range(13):
        paired |= counts[ORPHAN_KINDS[i]] >= 2
    for i in range(13):
        k = ORPHAN_KINDS[i]
        if counts[k] == 0 or (counts[k] == 1 and not paired):
            accepted[k] = 1


cdef void _accept_honors_knitted(const count_t* counts, const KnitParts* parts, int base,
                                 count_t* accepted) noexcept nogil:
    cdef int perm, i, k, honors = _bit_count(parts.held[0] & HONOR_BITS)
    for perm in range(6):
        if 14 - (honors + 9 - parts.missing[perm]) != base:
            continue
        for i in range(9):
            if counts[KNITTED[perm][i]] == 0:
                accepted[KNITTED[perm][i]] = 1
        for k in range(N_SUITED, N_KINDS):
            if counts[k] == 0:
                accepted[k] = 1


cdef void _accept_knitted_arrangement(const count_t* counts, const KnitParts* knit, int perm,
                                      int melds, int base, count_t* accepted) noexcept nogil:
    cdef count_t trial[N_KINDS]
    cdef KnitParts parts
    cdef int k
    memcpy(trial, counts, N_KINDS)
    for k in range(N_KINDS):
        if accepted[k] or counts[k] >= MAX_COPIES:
            continue
        trial[k] += 1
        _knit_parts_moved(knit, trial, k, 1, &parts)
        if _knit_distance(trial, &parts, perm, melds, base) < base:
            accepted[k] = 1
        trial[k] -= 1


cdef int _accepted_given(const count_t* counts, int melds, int regular,
                         RegularParts* parts, bint specials, KnitParts* knit,
                         count_t* accepted) noexcept nogil:
    """Which draws lower the distance of a 3n+1 hand, given its regular distance and the parts
    of its regular acceptance, and with ``specials`` (melds 0-1, and no special form known to be
    farther than the regular one) its special forms' parts; returns the hand's distance.

    A draw lowers one form's distance by at most one, so only the forms already at the minimum
    can lower the hand's.
    """
    cdef int base = regular, perm
    cdef int pairs = INF, orphans = INF, knitted = INF
    cdef int per_arrangement[6]
    cdef uint64_t at_least = 0
    if specials and melds == 0:
        pairs = _seven_pairs_held(knit.held)
        orphans = _orphans_held(knit.held)
        knitted = _honors_knitted_from(knit)
        base = min(base, min(pairs, min(orphans, knitted)))
    for perm in range(6):
        # Exact below the bound; anything at or above it cannot be the minimum.
        per_arrangement[perm] = _knit_distance(counts, knit, perm, melds, base + 1) \
            if specials else INF
        base = min(base, per_arrangement[perm])
    memset(accepted, 0, N_KINDS)
    if regular == base:
        _accept_regular(counts, parts, 4 - melds, base, accepted)
    if pairs == base:
        _accept_seven_pairs(counts, accepted)
    if orphans == base:
        _accept_orphans(counts, accepted)
    if knitted == base:
        _accept_honors_knitted(counts, knit, base, accepted)
    # The arrangements at the least as bits, walked: most hands have none, and a test each
    # would be mispredicted on the few that have.
    for perm in range(6):
        at_least |= (<uint64_t>(per_arrangement[perm] == base)) << perm
    while at_least:
        perm = lowest_bit(at_least)
        at_least &= at_least - 1
        _accept_knitted_arrangement(counts, knit, perm, melds, base, accepted)
    return base


cdef int accepted_kinds(const count_t* counts, int melds, count_t* accepted) noexcept nogil:
    cdef RegularParts parts
    cdef KnitParts knit
    _tables()
    cdef int regular = _regular_parts(counts, 4 - melds, &parts)
    if melds <= 1:
        _knit_parts(counts, &knit)
    return _accepted_given(counts, melds, regular, &parts, melds <= 1, &knit, accepted)


cdef void discard_parts(const count_t* counts, int melds, DiscardParts* parts) noexcept nogil:
    cdef int a, b, t, i
    _tables()
    _knit_parts(counts, &parts.knit)
    parts.specials = INF
    if melds <= 1:
        # Its cache of the knitted arrangements' vectors then serves every discard's.
        parts.specials = _others_given(counts, melds, INF, &parts.knit)
    _vectors(counts, parts.vec)
    parts.plus_read = 0
    for a in range(4):
        for b in range(a + 1, 4):
            _merge(parts.vec[a], parts.vec[b], parts.two[a][b])
    parts.slots = 2 * (4 - melds) + 2
    parts.kept.suit = -1
    for t in range(4):
        a, b = (1, 2) if t == 0 else (0, 2) if t == 1 else (0, 1)
        _merge(parts.two[a][b], parts.vec[3 if t < 3 else 2], parts.three[t])
        # Read backward over the slots the hand's sets use: the ones _final pairs with a suit's.
        for i in range(parts.slots):
            parts.backward[t][i] = parts.three[t][parts.slots - 1 - i]


cdef inline const count_t* _suit_vector(const count_t* hand, int suit) noexcept nogil:
    if suit < 3:
        return SUIT_TABLE[_suit_rank(hand, 9 * suit)]
    return HONOR_TABLE[_honor_rank(hand)]


cdef int distance_after(const count_t* hand, int melds, int discarded,
                        const DiscardParts* shared) noexcept nogil:
    """distance() of the hand, reading the parts shared by the discards it came from: the
    regular form costs one lookup and one convolution, the special forms' parts one bit, and
    the special forms are weighed only when the regular one is no nearer than they were before
    the discard."""
    cdef KnitParts knit
    cdef int suit = suit_of(discarded)
    cdef int regular
    _tables()
    regular = least_sum(_suit_vector(hand, suit), shared.backward[suit], shared.slots)
    if regular <= shared.specials:
        return regular              # no special form is nearer (nor any with two melds)
    _knit_parts_moved(&shared.knit, hand, discarded, -1, &knit)
    return _others_given(hand, melds, regular, &knit)


cdef int accepted_after(const count_t* hand, int melds, int discarded,
                        DiscardParts* shared, count_t* accepted) noexcept nogil:
    """accepted_kinds() of the hand, reading the parts shared by the discards it came from (and
    adding to them the other suits' plus vectors, the first time a discard needs them): only
    the discarded tile's suit has its vectors looked up anew, its changed ones only when that
    suit can lower the distance."""
    cdef RegularParts parts
    cdef KnitParts knit
    cdef const count_t* vec
    cdef int s, a, b, regular, suit = suit_of(discarded)
    cdef uint64_t others
    cdef bint specials
    _tables()
    vec = _suit_vector(hand, suit)
    regular = least_sum(vec, shared.backward[suit], shared.slots)
    # A special form brings its draws only at the least distance, and no discard leaves one
    # nearer than the 14 tiles' (shared.specials: INF with two melds or more).
    specials = regular >= shared.specials
    if specials:
        _knit_parts_moved(&shared.knit, hand, discarded, -1, &knit)
    # The other suits hold what the 14 tiles held: their plus vectors serve every discard, and
    # are looked up in the shared parts when a discard first needs them.
    parts.shared = &shared.plus
    parts.shared_read = &shared.plus_read
    memcpy(parts.vec, shared.vec, sizeof(parts.vec))
    parts.vec[suit] = vec
    parts.unread = suit
    memcpy(parts.others[suit], shared.three[suit], SLOTS)
    # The other suits' marks depend on this suit's vector: a discard that left it so worked
    # them out, or this one does (and they need the other suits' complements).
    parts.kept = &shared.kept
    parts.kept_read = shared.kept.suit == suit and memcmp(shared.kept.vec, vec, SLOTS) == 0
    if not parts.kept_read:
        others = 15 & ~((<uint64_t>1) << suit)     # the three other suits, as bits
        while others:
            s = lowest_bit(others)
            others &= others - 1
            a, b = _the_other_two(s, suit)
            _merge(vec, shared.two[a][b], parts.others[s])
    return _accepted_given(hand, melds, regular, &parts, specials, &knit, accepted)


cdef void accepted_each(count_t* hand, int melds, const int* discards, int n,
                        DiscardParts* shared, count_t (*accepted)[N_KINDS],
                        int* distances) noexcept nogil:
    """accepted_after() for each discard. The distance cannot tell one honour from another,
    so two honours held as many times leave hands the same but for the two kinds swapped:
    the first one's acceptance serves the other, its two marks swapped."""
    cdef int first[MAX_COPIES + 1]     # the first honour weighed, by the copies held; -1 none
    cdef int i, k, c, at, other
    for c in range(MAX_COPIES + 1):
        first[c] = -1
    for i in range(n):
        k = discards[i]
        c = hand[k]
        at = first[c] if k >= N_SUITED else -1
        if at >= 0:
            other = discards[at]
            memcpy(accepted[i], accepted[at], N_KINDS)
            accepted[i][k], accepted[i][other] = accepted[at][other], accepted[at][k]
            distances[i] = distances[at]
            continue
        hand[k] -= 1
        distances[i] = accepted_after(hand, melds, k, shared, accepted[i])
        hand[k] += 1
        if k >= N_SUITED:
            first[c] = i


cdef inline (int, int) _the_other_two(int s, int t) noexcept nogil:
    """The two suits (of 0-3) that are neither s nor t, ascending: the lowest two bits left of
    the four (no test on which suits they are, which no predictor guesses)."""
    cdef uint64_t left = 15 & ~((<uint64_t>1) << s) & ~((<uint64_t>1) << t)
    return lowest_bit(left), lowest_bit(left & (left - 1))


# ---------------------------------------------------------------------------------------------
# Python face (mjsim.analysis.shanten wraps these with documentation and validation). Each
# reads ``melds`` through read_melds (a C int parameter would read 1.99 as 1); the engine calls
# the unchecked forms of shanten, waits and wait_mask (_shanten_of, ...) with a C int.

cpdef int _shanten_of(counts, int melds) except -2:
    return distance(hand_counts(counts, melds, True, True), melds) - 1


def shanten(counts, melds=0) -> int:
    """The shanten of a 13-3m or 14-3m hand: the minimum over the forms the melds allow."""
    return _shanten_of(counts, read_melds(melds))


def forms(counts, melds=0) -> dict:
    """The shanten of each form in FORMS; None for a form the meld count rules out."""
    cdef int n_melds = read_melds(melds)
    cdef const count_t* c = hand_counts(counts, n_melds, True, True)
    return {
        "regular": regular_distance(c, n_melds) - 1,
        "seven_pairs": seven_pairs_distance(c) - 1 if n_melds == 0 else None,
        "thirteen_orphans": orphans_distance(c) - 1 if n_melds == 0 else None,
        "honors_knitted": honors_knitted_distance(c) - 1 if n_melds == 0 else None,
        "knitted_straight": knitted_straight_distance(c, n_melds) - 1 if n_melds <= 1 else None,
    }


cdef tuple kinds_tuple(const count_t* marked):
    """The marked kinds, ascending, as a tuple built in place."""
    cdef int k, n = 0
    for k in range(N_KINDS):
        n += marked[k] != 0
    cdef tuple kinds = PyTuple_New(n)
    n = 0
    for k in range(N_KINDS):
        if marked[k]:
            item = _KINDS[k]
            Py_INCREF(item)
            PyTuple_SET_ITEM(kinds, n, item)
            n += 1
    return kinds


# Rows made instances of a named tuple class by the kernels themselves (legal_discards' too),
# as tuple's own __new__ makes an instance of a class of tuples, with no Python frame: a named
# tuple's own __new__ is one, and a hand's dozen rows took longer that way than the search.

class _PlainRows(tuple):
    """A class of tuples made by a class statement, adding no field: its instances are the
    size of a tuple's and freed as any such class's are, which make_row assumes."""
    __slots__ = ()


cdef int check_row(type row) except -1:
    """Refuse, with a TypeError, a ``row`` that is neither tuple nor a class of tuples made as
    _PlainRows is, it and each class it is built on down to tuple (a class of tuples written in
    C, such as a struct sequence, frees fields make_row would not have made)."""
    cdef PyTypeObject* kind = <PyTypeObject*>row
    cdef PyTypeObject* plain = <PyTypeObject*>_PlainRows
    if row is tuple:
        return 0
    if issubclass(row, tuple):
        while kind != <PyTypeObject*>tuple:
            if (kind.tp_basicsize != plain.tp_basicsize or kind.tp_itemsize != plain.tp_itemsize
                    or kind.tp_dealloc != plain.tp_dealloc):
                break
            kind = kind.tp_base
        else:
            return 0
    raise TypeError("row must be tuple or a class of tuples made by a class statement adding no "
                    f"field (a named tuple), not {row!r}")


cdef object make_row(type row, object a, object b, object c, object d):
    """The four as one instance of ``row`` (check_row's), a fresh instance filled in place."""
    cdef object made
    if row is tuple:
        return (a, b, c, d)
    made = PyType_GenericAlloc(<PyTypeObject*>row, 4)
    _put(made, 0, a)
    _put(made, 1, b)
    _put(made, 2, c)
    _put(made, 3, d)
    return made


cdef inline void _put(object made, Py_ssize_t i, object item):
    Py_INCREF(item)                 # the tuple's slot takes this reference
    PyTuple_SET_ITEM(made, i, item)


# (kind, copies) pairs made once, so that an acceptance list allocates only itself.
cdef list _PAIRS = [[(k, c) for c in range(MAX_COPIES + 1)] for k in range(N_KINDS)]
cdef tuple _KINDS = tuple(range(N_KINDS))


cdef int _copies_of(object unseen, const count_t* counts, count_t* copies) except -1:
    """The copies of each kind a player can still draw: ``unseen`` (checked), else 4 minus the
    copies in ``counts``."""
    cdef int k
    if unseen is None:
        for k in range(N_KINDS):
            copies[k] = MAX_COPIES - counts[k]
        return 0
    return read_unseen(unseen, copies)


cdef int read_unseen(object unseen, count_t* copies) except -1:
    """``unseen``, the copies of each kind a player has not seen (34 counts of 0-4), into
    ``copies``; ``ValueError`` naming what is wrong."""
    cdef int k
    cdef long value
    cdef Py_ssize_t n
    try:
        n = len(unseen)
        items = [unseen[k] for k in range(N_KINDS)] if n == N_KINDS else None
    except (TypeError, KeyError):   # a number, a set, a mapping: not 34 counts in a row
        raise TypeError(f"unseen is {N_KINDS} counts of 0 to 4 copies, not "
                        f"{type(unseen).__name__}") from None
    if n != N_KINDS:
        raise ValueError(f"unseen is {N_KINDS} counts of 0 to 4 copies, not {n}")
    for k in range(N_KINDS):
        item = items[k]
        try:
            value = item
        except TypeError:
            raise TypeError(f"unseen is 34 counts of 0 to 4 copies; kind {k} has {item!r}") \
                from None
        except (ValueError, OverflowError):     # NaN, infinity, past a C long
            raise ValueError(f"unseen is 34 counts of 0 to 4 copies; kind {k} has {item!r}") \
                from None
        # A number that is not an int is taken only when whole: C reads 0.5 copies as 0.
        if not 0 <= value <= MAX_COPIES or (not PyLong_Check(item) and value != item):
            raise ValueError(f"unseen is 34 counts of 0 to 4 copies; kind {k} has {item!r}")
        copies[k] = value
    return 0


def acceptance(counts, melds=0, unseen=None) -> list:
    """(kind, copies) for each kind whose draw lowers the shanten of a 13-3m hand.

    Kinds held four times are never listed; ``copies`` is ``unseen[kind]`` when the caller
    passes what it cannot see (34 counts), else 4 minus the copies held.
    """
    cdef int n_melds = read_melds(melds)
    cdef const count_t* c = hand_counts(counts, n_melds, True, False)
    cdef count_t accepted[N_KINDS]
    cdef count_t copies[N_KINDS]
    cdef int k
    accepted_kinds(c, n_melds, accepted)
    if unseen is None:
        return [_PAIRS[k][MAX_COPIES - c[k]] for k in range(N_KINDS) if accepted[k]]
    _copies_of(unseen, c, copies)
    return [_PAIRS[k][copies[k]] for k in range(N_KINDS) if accepted[k]]


def discards(counts, melds=0, unseen=None, *, type row=tuple) -> list:
    """(tile, shanten after, accepted kinds, accepted copies) for each distinct kind held, each
    an instance of ``row`` (tuple, or a named tuple class: see check_row).

    Copies are ``unseen[kind]`` when given, else 4 minus the copies among the 14 tiles: the
    discarded tile lies face up, so it cannot be drawn again.
    """
    cdef int n_melds = read_melds(melds)
    check_row(row)
    cdef const count_t* c = hand_counts(counts, n_melds, False, True)
    cdef count_t hand[N_KINDS]
    cdef count_t accepted[N_KINDS][N_KINDS]
    cdef count_t copies[N_KINDS]
    cdef int held[N_KINDS]
    cdef int distances[N_KINDS]
    cdef DiscardParts shared
    cdef int i, k, j, n = 0, total
    _copies_of(unseen, c, copies)
    discard_parts(c, n_melds, &shared)
    memcpy(hand, c, N_KINDS)
    for k in range(N_KINDS):
        if c[k]:
            held[n] = k
            n += 1
    accepted_each(hand, n_melds, held, n, &shared, accepted, distances)
    out = []
    for i in range(n):
        total = 0
        for j in range(N_KINDS):
            total += accepted[i][j] * copies[j]
        out.append(make_row(row, held[i], distances[i] - 1, kinds_tuple(accepted[i]), total))
    return out


def _shanten_after(counts, melds=0) -> list:
    """For the tests: (tile, shanten after) for each distinct kind of a 14-3m tile hand, as the
    rungs read it (distance_after, from the hand's shared parts)."""
    cdef int n_melds = read_melds(melds)
    cdef const count_t* c = hand_counts(counts, n_melds, False, True)
    cdef count_t hand[N_KINDS]
    cdef DiscardParts shared
    cdef int k
    discard_parts(c, n_melds, &shared)
    memcpy(hand, c, N_KINDS)
    out = []
    for k in range(N_KINDS):
        if c[k]:
            hand[k] -= 1
            out.append((k, distance_after(hand, n_melds, k, &shared) - 1))
            hand[k] += 1
    return out


cpdef list _waits_of(counts, int melds):
    cdef const count_t* c = hand_counts(counts, melds, True, False)
    cdef count_t accepted[N_KINDS]
    cdef int k
    if accepted_kinds(c, melds, accepted) != 1:
        return []
    return [k for k in range(N_KINDS) if accepted[k]]


def waits(counts, melds=0) -> list:
    """The kinds that complete a ready 13-3m hand in any form (formal waits); [] if not ready."""
    return _waits_of(counts, read_melds(melds))


cpdef long long _wait_mask_of(counts, int melds) except -1:
    """Most hands are not ready, and the distance alone tells so, cheaper than the waits: the
    special forms' only as far as 1 (a knitted arrangement farther off is left as soon as it
    cannot come below 2)."""
    cdef const count_t* c = hand_counts(counts, melds, True, False)
    cdef count_t accepted[N_KINDS]
    cdef long long mask = 0
    cdef int k
    _tables()
    if _regular_sets(c, 4 - melds) != 1 and _others_below(c, melds, 2) != 1:
        return 0
    accepted_kinds(c, melds, accepted)
    for k in range(N_KINDS):
        if accepted[k]:
            mask |= 1LL << k
    return mask


def wait_mask(counts, melds=0) -> int:
    """waits() as bits, a bit a kind (0 if not ready): what the engine keeps of a seat's hand."""
    return _wait_mask_of(counts, read_melds(melds))


def shanten_batch(hands, melds=0):
    """One shanten per row of an N x 34 uint8 array (rows of 13-3m or 14-3m tiles), int8."""
    cdef int n_melds = read_melds(melds)
    check_batch(hands)
    cdef const count_t[:, ::1] rows = hands
    cdef Py_ssize_t i, bad = -1, n = rows.shape[0]
    cdef const count_t* row
    cdef int k, total, over
    out = np.empty(n, dtype=np.int8)
    cdef cnp.int8_t[::1] result = out
    _tables()
    with nogil:
        for i in range(n):
            row = &rows[i, 0]
            total = over = 0
            for k in range(N_KINDS):
                total += row[k]
                over |= row[k] > MAX_COPIES
            if over or (total != 13 - 3 * n_melds and total != 14 - 3 * n_melds):
                bad = i
                break
            result[i] = _distance(row, n_melds) - 1
    if bad >= 0:
        raise ValueError(f"row {bad} is not a hand of {13 - 3 * n_melds} or "
                         f"{14 - 3 * n_melds} tiles with 0-4 copies of each kind")
    return out


# ---------------------------------------------------------------------------------------------
# Decompositions of a complete hand

cdef int _regular(count_t* c, uint64_t left, int sets, int pair, Reading* cur, Reading* out,
                  int n) noexcept nogil:
    """Append to out[n:] every grouping of c into ``sets`` sets and (pair < 0) one pair;
    ``left``: the kinds c holds, as bits.

    All the groups that start at the lowest kind held are chosen at once (how many chows, a pung
    or not, the pair or not), so each multiset of groups is produced exactly once. They use up
    that kind, and a chow may use up the next two: ``left`` follows, so the next kind to group
    is its lowest bit, not found by a walk over the kinds.
    """
    cdef int k, way, take_pair, pung, used, chows, n_chows = cur.n_chows
    cdef uint64_t rest
    if left == 0:
        if sets == 0 and pair >= 0 and n < MAX_READINGS:
            out[n] = cur[0]
            out[n].pair = pair
            return n + 1
        return n
    k = lowest_bit(left)
    left &= left - 1
    for way in range(N_USES[c[k]][pair < 0]):
        used = USES[c[k]][way]
        take_pair = used == 2
        pung = used == 3
        chows = c[k] - used
        if chows + pung > sets:
            continue
        if chows and (not (CHOW_BITS >> k) & 1 or c[k + 1] < chows or c[k + 2] < chows):
            continue
        c[k] -= used + chows
        rest = left
        if chows:
            c[k + 1] -= chows
            c[k + 2] -= chows
            rest &= ~((<uint64_t>(c[k + 1] == 0)) << (k + 1)
                      | (<uint64_t>(c[k + 2] == 0)) << (k + 2))
        for _ in range(chows):
            cur.chows[cur.n_chows] = k
            cur.n_chows += 1
        if pung:
            cur.pungs[cur.n_pungs] = k
            cur.n_pungs += 1
        n = _regular(c, rest, sets - chows - pung, k if take_pair else pair, cur, out, n)
        cur.n_pungs -= pung
        cur.n_chows = n_chows
        if chows:
            c[k + 1] += chows
            c[k + 2] += chows
        c[k] += used + chows
    return n


# ---------------------------------------------------------------------------------------------
# The regular readings, suit by suit

cdef enum:
    COMPLETE_BITS = 15
    COMPLETE_SLOTS = 32768      # room for the COMPLETE_SHAPES, at two thirds full
    SUIT_READINGS = 23533       # their readings

# One reading of a suit's tiles alone: its chows' lowest ranks and its pungs' ranks, ascending,
# and its pair's rank (-1: none).
cdef struct SuitReading:
    int8_t n_chows
    int8_t n_pungs
    int8_t pair
    int8_t chows[4]
    int8_t pungs[4]

# The complete shapes of a suit (0-4 sets and the pair or none), made at import: a slot of
# COMPLETE, found by a hash of the shape's base-5 code, holds code + 1 (0: empty; 22 bits), where
# its readings begin in SUIT_READING (15 bits) and how many they are, in the order _regular
# finds them.
cdef uint64_t COMPLETE[COMPLETE_SLOTS]
cdef SuitReading SUIT_READING[SUIT_READINGS]
cdef int n_suit_readings = 0


cdef inline uint64_t* _complete_slot(uint32_t code) noexcept nogil:
    """The slot of the suit shape with this code: its own, or the empty one it would take."""
    cdef uint32_t slot = (code * 2654435761u) >> (32 - COMPLETE_BITS)
    while COMPLETE[slot] and (COMPLETE[slot] & 0x3FFFFF) != code + 1:
        slot = (slot + 1) & (COMPLETE_SLOTS - 1)
    return &COMPLETE[slot]


cdef void _add_shape(count_t* c) noexcept nogil:
    """Keep the readings of the complete suit shape in c[0:9] (the other kinds none), once."""
    global n_suit_readings
    cdef Reading found[MAX_READINGS]
    cdef Reading cur
    cdef SuitReading* kept
    cdef uint32_t code = suit_code(c)
    cdef uint64_t* slot = _complete_slot(code)
    cdef uint64_t present = 0
    cdef int i, n, tiles = 0
    if slot[0] or n_suit_readings == SUIT_READINGS:
        return
    for i in range(9):
        tiles += c[i]
        present |= (<uint64_t>(c[i] != 0)) << i
    memset(&cur, 0, sizeof(Reading))
    n = _regular(c, present, tiles // 3, -1 if tiles % 3 == 2 else 0, &cur, found, 0)
    n = min(n, SUIT_READINGS - n_suit_readings)
    for i in range(n):
        kept = &SUIT_READING[n_suit_readings + i]
        kept.n_chows = found[i].n_chows
        kept.n_pungs = found[i].n_pungs
        kept.pair = found[i].pair if tiles % 3 == 2 else -1
        memcpy(kept.chows, found[i].chows, 4)
        memcpy(kept.pungs, found[i].pungs, 4)
    slot[0] = (code + 1) | (<uint64_t>n_suit_readings << 22) | (<uint64_t>n << 37)
    n_suit_readings += n


cdef void _add_shapes(count_t* c, int first, int sets) noexcept nogil:
    """Keep the shape in c[0:9] with no pair and with each pair it has room for, then those with
    up to ``sets`` sets more, of the kinds ``first`` on (0-6: a chow by its lowest rank, 7-15: a
    pung), so that each multiset of sets is made once."""
    cdef int kind, r, pair
    _add_shape(c)
    for pair in range(9):
        if c[pair] <= MAX_COPIES - 2:
            c[pair] += 2
            _add_shape(c)
            c[pair] -= 2
    if sets == 0:
        return
    for kind in range(first, 16):
        if kind < 7:
            if c[kind] == MAX_COPIES or c[kind + 1] == MAX_COPIES or c[kind + 2] == MAX_COPIES:
                continue
            for r in range(kind, kind + 3):
                c[r] += 1
            _add_shapes(c, kind, sets - 1)
            for r in range(kind, kind + 3):
                c[r] -= 1
        elif c[kind - 7] <= MAX_COPIES - 3:
            c[kind - 7] += 3
            _add_shapes(c, kind, sets - 1)
            c[kind - 7] -= 3


cdef int _count_shapes() noexcept nogil:
    """Fill COMPLETE and SUIT_READING; return the shapes kept."""
    cdef count_t c[N_KINDS]
    cdef int slot, shapes = 0
    memset(c, 0, N_KINDS)
    _add_shapes(c, 0, 4)
    for slot in range(COMPLETE_SLOTS):
        shapes += COMPLETE[slot] != 0
    return shapes


if (_count_shapes(), n_suit_readings) != (COMPLETE_SHAPES, SUIT_READINGS):
    raise ImportError("mjsim_core.shanten: the complete suit shapes disagree with the table sizes")


cdef int complete_suit_codes(uint32_t* codes) noexcept nogil:
    cdef int slot, n = 0
    for slot in range(COMPLETE_SLOTS):
        if COMPLETE[slot]:
            codes[n] = <uint32_t>(COMPLETE[slot] & 0x3FFFFF) - 1
            n += 1
    return n


cdef inline void _join(Reading* out, const SuitReading* const* suits,
                       const int* honor_pungs, int n_honor, int honor_pair) noexcept nogil:
    """The hand's reading made of one reading of each suit and the honours' groups."""
    cdef const SuitReading* mine
    cdef int s, i
    memset(out, 0, sizeof(Reading))
    out.form = REGULAR
    out.perm = -1
    out.pair = honor_pair
    for s in range(3):
        mine = suits[s]
        for i in range(mine.n_chows):
            out.chows[out.n_chows + i] = mine.chows[i] + 9 * s
        for i in range(mine.n_pungs):
            out.pungs[out.n_pungs + i] = mine.pungs[i] + 9 * s
        out.n_chows += mine.n_chows
        out.n_pungs += mine.n_pungs
        if mine.pair >= 0:
            out.pair = mine.pair + 9 * s
    for i in range(n_honor):
        out.pungs[out.n_pungs + i] = honor_pungs[i]
    out.n_pungs += n_honor


cdef int _regular_readings(const count_t* counts, int melds, Reading* out) noexcept nogil:
    """Every regular reading of a complete concealed part into out (MAX_READINGS long), in the
    order _regular finds them: it groups the kinds in order and no group spans two suits, so its
    readings are each suit's readings alone (from COMPLETE), combined with the first suit's
    outermost. The honours' groups are pungs and the pair alone, told directly."""
    cdef const SuitReading* first[3]
    cdef const SuitReading* chosen[3]
    cdef int n_of[3]
    cdef int honor_pungs[4]
    cdef int s, a, b, c, n = 0, sets, pairs, n_honor = 0, honor_pair = -1
    cdef uint64_t entry, honors = 0, low, middle, threes, twos
    # The honours, a byte each, by their counts' bits: 1 or 4 copies group no way, 3 a pung,
    # 2 the pair.
    memcpy(&honors, counts + N_SUITED, N_KINDS - N_SUITED)
    low = honors & 0x0101010101010101ull
    middle = (honors >> 1) & 0x0101010101010101ull
    if ((honors >> 2) & 0x0101010101010101ull) | (low & ~middle):
        return 0
    threes = _byte_flags(low & middle)
    twos = _byte_flags(middle & ~low)
    sets = _bit_count(threes)
    pairs = _bit_count(twos)
    if twos:
        honor_pair = N_SUITED + lowest_bit(twos)
    while threes and n_honor < 4:
        honor_pungs[n_honor] = N_SUITED + lowest_bit(threes)
        threes &= threes - 1
        n_honor += 1
    for s in range(3):
        entry = _complete_slot(suit_code(counts + 9 * s))[0]
        if entry == 0:
            return 0
        first[s] = &SUIT_READING[(entry >> 22) & 0x7FFF]
        n_of[s] = <int>(entry >> 37)
        sets += first[s].n_chows + first[s].n_pungs
        pairs += first[s].pair >= 0
    if pairs != 1 or sets != 4 - melds:
        return 0
    for a in range(n_of[0]):
        chosen[0] = first[0] + a
        for b in range(n_of[1]):
            chosen[1] = first[1] + b
            for c in range(n_of[2]):
                if n == MAX_READINGS:
                    return n
                chosen[2] = first[2] + c
                _join(&out[n], chosen, honor_pungs, n_honor, honor_pair)
                n += 1
    return n


cdef int readings_of(const count_t* counts, int melds, Reading* out) noexcept nogil:
    cdef count_t c[N_KINDS]
    cdef Reading cur
    cdef uint64_t present, odd, rest
    cdef int n, perm, i, kinds
    memcpy(c, counts, N_KINDS)
    memset(&cur, 0, sizeof(Reading))
    cur.perm = -1
    cur.pair = -1
    _present_odd(counts, &present, &odd)
    n = _regular_readings(counts, melds, out)
    kinds = _bit_count(present)
    if melds == 0 and n + 3 <= MAX_READINGS:
        if odd == 0:
            out[n] = cur
            out[n].form = SEVEN_PAIRS
            n += 1
        if (present & ~ORPHAN_BITS) == 0 and kinds == 13:
            out[n] = cur
            out[n].form = ORPHANS
            out[n].pair = lowest_bit(present & ~odd)   # the one kind held twice
            n += 1
        if kinds == 14:
            for perm in range(6):
                if (present & ~(KNITTED_BITS[perm] | HONOR_BITS)) == 0:
                    out[n] = cur
                    out[n].form = HONORS_KNITTED
                    n += 1
                    break
    if melds <= 1:
        cur.form = KNITTED_STRAIGHT
        for perm in range(6):
            if (present & KNITTED_BITS[perm]) != KNITTED_BITS[perm]:
                continue
            rest = present
            for i in range(9):
                c[KNITTED[perm][i]] -= 1
                if c[KNITTED[perm][i]] == 0:
                    rest &= ~((<uint64_t>1) << KNITTED[perm][i])
            cur.perm = perm
            n = _regular(c, rest, 1 - melds, -1, &cur, out, n)
            for i in range(9):
                c[KNITTED[perm][i]] += 1
    return n


def _regular_orders(array, melds=0) -> tuple:
    """Test-only: a complete concealed part's regular readings as (pair, chows, pungs), in the
    order readings_of gives them (from the suits' shapes), then in the order _regular's
    recursion over the whole hand finds them: the scorer keeps the first of equal readings, so
    the two must agree."""
    cdef int n_melds = read_melds(melds)
    cdef const count_t* counts = hand_counts(array, n_melds, False, True)
    cdef count_t c[N_KINDS]
    cdef Reading by_suits[MAX_READINGS]
    cdef Reading by_kinds[MAX_READINGS]
    cdef Reading cur
    cdef uint64_t present, odd
    cdef int n_suits = _regular_readings(counts, n_melds, by_suits), n_kinds
    memcpy(c, counts, N_KINDS)
    memset(&cur, 0, sizeof(Reading))
    _present_odd(counts, &present, &odd)
    n_kinds = _regular(c, present, 4 - n_melds, -1, &cur, by_kinds, 0)
    return ([_regular_row(&by_suits[i]) for i in range(n_suits)],
            [_regular_row(&by_kinds[i]) for i in range(n_kinds)])


cdef tuple _regular_row(const Reading* r):
    return (r.pair, tuple([r.chows[k] for k in range(r.n_chows)]),
            tuple([r.pungs[k] for k in range(r.n_pungs)]))


def decompositions(array, melds=0) -> list:
    """Every reading of a complete concealed part as (form, pair, chows, pungs, pairs, knitted),
    sorted (FORMS order, then tuple order)."""
    cdef int n_melds = read_melds(melds)
    cdef const count_t* counts = hand_counts(array, n_melds, False, True)
    cdef Reading found[MAX_READINGS]
    cdef Reading* r
    cdef int n = readings_of(counts, n_melds, found), i, k
    rows = []
    for i in range(n):
        r = &found[i]
        chows = tuple([r.chows[k] for k in range(r.n_chows)])
        pungs = tuple([r.pungs[k] for k in range(r.n_pungs)])
        pairs = tuple([k for k in range(N_KINDS) for _ in range(counts[k] // 2)]) \
            if r.form == SEVEN_PAIRS else ()
        if r.form == HONORS_KNITTED:
            knitted = tuple([k for k in range(N_KINDS) if counts[k]])
        elif r.form == KNITTED_STRAIGHT:
            knitted = tuple(sorted([KNITTED[r.perm][k] for k in range(9)]))
        else:
            knitted = ()
        rows.append((r.form, (FORMS[r.form], r.pair, chows, pungs, pairs, knitted)))
    return [row for _, row in sorted(rows)]
