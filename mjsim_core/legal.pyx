"""The legal distance, compiled: how far a hand is from a win that scores eight points.

The shanten measures the distance to *any* complete hand; Chinese Official Mahjong only lets a
hand win with at least eight points (flowers excluded), so a ready hand may have no wait that
wins. The *legal distance* of a hand of 13-3m concealed tiles is the fewest draws, each but the
last followed by a discard, after which it is complete and scores eight or more, won on a
discard with no luck element (Last Tile only when the other three copies are in the winner's own
exposed melds), or self-drawn when asked; 0 when a wait wins legally. A target hand may hold no
fifth copy, and draws only the copies still to be had.

Every special form (seven pairs, thirteen orphans, honours and knitted, knitted straight)
scores at least twelve whatever it holds, so its distance is worked out directly. The regular
form is searched: each suit's patterns of m sets and p pairs within the budget are listed
(drawing a tile the hand lacks costs one; a part-made pattern is dropped once the tiles held in
its ranks to come cannot complete it, beside the other suits' least, within the budget), the
suits are combined in order of total cost, and
each complete hand is scored by the scoring kernel (:mod:`mjsim_core.score`) on each tile it
draws, and at one draw more on each tile the hand already holds (a copy let go and drawn again
last: 77m 555p 88s draws 7m, lets an 8s go and wins on the 8s as a single wait). Most complete
hands win eight on no tile, which the kernel's bound (``may_reach``, one pass over the hand's
readings) tells once for all their tiles: they are scored tile by tile only when it cannot. The
search is exact up to a cost of ``limit + 1`` draws; beyond it the answer is a bound.

A hand of 14-3m tiles is searched once for all its discards (``search_drawn``): the complete
hands within reach of the 14 tiles are listed and scored as above, and each serves every
discard, costing it one draw more when it keeps every copy of the discarded kind (and at most
one copy fewer than before, the discard lying face up): the same costs and kinds as a search
after each discard, at a few times the price of one such search rather than a dozen.

A caller asking many searches (rung 4) may keep the suits' pattern lists across them
(``Question.lists``): a suit's list depends only on its tiles and the budget, once it is made
under caps no tighter than any search's and beside other suits needing no more than the
search's do, and a search reads it with the patterns past its own caps, or over the budget
beside its other suits, dropped, which is the list it would make itself.

:mod:`mjsim.analysis.legal` is the face of this module; :mod:`mjsim.reference.legal` its slow,
obvious twin.
"""

cimport cython
cimport numpy as cnp
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcmp, memcpy, memset

from mjsim_core._types cimport count_t, N_KINDS, N_SUITED, MAX_COPIES
from mjsim_core.score cimport (AT_LEAST_EIGHT, LAST_COPY, SELF_DRAWN, MELD_CHOW, MELD_KONG,
                               MELD_CONCEALED_KONG, Scoring, encode_melds, may_reach,
                               score_kernel)
from mjsim_core.counts cimport count_total, counts_of, flag, hand_counts
from mjsim_core.arguments cimport shown, whole as _whole   # search_drawn has a whole of its own
from mjsim_core.shanten cimport (DiscardParts, accepted_after, accepted_kinds, check_row,
                                 discard_parts, distance, distance_after, kinds_tuple, make_row,
                                 read_unseen)

cdef extern from *:
    void prefetch "__builtin_prefetch"(const void* address) noexcept nogil
    int lowest_bit "__builtin_ctz"(unsigned int bits) noexcept nogil
    int lowest_bit64 "__builtin_ctzll"(unsigned long long bits) noexcept nogil

import numpy as np

from mjsim_core.counts import check_counts
from mjsim_core.elements import ruleset_index
from mjsim_core.score import MIN_POINTS
from mjsim_core.shanten import KNITTED_ARRANGEMENTS

cnp.import_array()

LIMIT = DEFAULT_LIMIT
"""Distances up to this are exact by default; a hand farther off gets ``LIMIT + 1``, read "at
least LIMIT + 1"."""

cdef int _MIN_POINTS = MIN_POINTS

cdef enum:
    INF = 99
    POOL = 3072                 # suit patterns a search may list
    HASH_BITS = 12
    HASH = 4096                 # slots of the table that drops a pattern listed twice
    HASH_WORDS = 64             # its bits of slots in use, 64 a word
    RANKS = 4                   # the values Drawn.behind takes
    BLOCKS = 4 * 5 * 2          # the patterns' blocks: suit, sets, pair
    MAX_COST = 15               # more than a suit's pattern can cost (the key's 4 bits)
    # The farthest any hand is from a legal win it can reach at all (fourteen tiles to draw,
    # the last the win): the deepest limit a search needs, the sentinels above all above it.
    FARTHEST = 13
    PAD = 3                     # Search.need's places below 0 tiles held (a set asks three)
    NEED = PAD + 15             # and in all, for 0-14 tiles held
    SEVEN_PAIRS = 0             # the special forms, in the order costs report them
    ORPHANS = 1
    HONORS_KNITTED = 2
    KNITTED_STRAIGHT = 3
    N_SPECIAL = 4

cdef int ORPHAN_KINDS[13]
cdef int KNITTED[6][9]          # the nine kinds of each knitted arrangement
# The sets of a knitted straight's remainder: the chows by their lowest kind, then 100 + each
# pung's kind.
cdef int CHOW_OR_PUNG[55]
# The pairs toward seven pairs a kind held h times offers under a cap c, by their price in draws
# (PAIRS_OFFERED[h][c][0-2]): its first pair, then its second (four of a kind count as two
# pairs), each within the cap. A table rather than tests, as the counts are the hand's, which no
# predictor guesses.
cdef int PAIRS_OFFERED[MAX_COPIES + 1][MAX_COPIES + 1][3]


cdef void _init() noexcept nogil:
    cdef int i, n = 0, held, cap
    cdef int* offered
    for i in range(3):
        ORPHAN_KINDS[2 * i] = 9 * i
        ORPHAN_KINDS[2 * i + 1] = 9 * i + 8
    for i in range(7):
        ORPHAN_KINDS[6 + i] = N_SUITED + i
    for i in range(N_SUITED):
        if i % 9 <= 6:
            CHOW_OR_PUNG[n] = i
            n += 1
    for i in range(N_KINDS):
        CHOW_OR_PUNG[n] = 100 + i
        n += 1
    for held in range(MAX_COPIES + 1):
        for cap in range(MAX_COPIES + 1):
            offered = PAIRS_OFFERED[held][cap]
            offered[0] = offered[1] = offered[2] = 0
            if cap < 2:
                continue
            if held >= 2:
                offered[0] += 2 if held == 4 else 1
            else:
                offered[2 - held] += 1
            if cap == 4 and held < 4:
                offered[1 if held == 3 else 2] += 1


_init()
for _perm, _kinds in enumerate(KNITTED_ARRANGEMENTS):
    for _i in range(9):
        KNITTED[_perm][_i] = _kinds[_i]


# ---------------------------------------------------------------------------------------------
# Scoring a target

cdef int win_points(const count_t* tiles, const Question* q, int win) noexcept nogil:
    return _points(tiles, q, win, 0)


cdef inline bint _wins(const count_t* tiles, const Question* q, int win) noexcept nogil:
    """Whether the target scores eight won on ``win``: all the search asks, which the scorer
    answers without the wait elements unless they could tip it."""
    return _points(tiles, q, win, AT_LEAST_EIGHT) >= _MIN_POINTS


cdef bint _may_win(const count_t* tiles, const Question* q) noexcept nogil:
    """Whether the target may win eight on some tile it holds (may_reach, Last Tile where its
    kind's other three copies are exposed): most targets cannot, told once for all their tiles.
    The memo keeps the answer under the win N_KINDS, which no score has."""
    cdef int flags = q.flags
    cdef bint may
    cdef uint64_t key[KEY_WORDS]
    cdef uint64_t bits = q.last_kinds
    cdef Remembered* slot = NULL
    while bits:                 # few kinds, if any, have three copies exposed
        if tiles[lowest_bit64(bits)]:
            flags |= LAST_COPY
            break
        bits &= bits - 1
    if q.memo != NULL:
        slot = _slot(tiles, q, N_KINDS, flags, key)
        if _same_key(slot.key, key):
            q.memo.kept += 1
            return slot.total
    may = may_reach(tiles, q.melds, q.n_melds, flags, q.seat, q.prevalent, q.ruleset)
    _keep(slot, key, may, True)
    return may


cdef int _points(const count_t* tiles, const Question* q, int win, int asked) noexcept nogil:
    """win_points, ``asked`` (0, or AT_LEAST_EIGHT: a total on the right side of eight will
    do) or-ed into the scorer's flags. The memo answers such an ask with any total it holds,
    an exact ask only with an exact one."""
    cdef Scoring scored
    cdef int flags = q.flags | (LAST_COPY if q.exposed[win] == 3 else 0), total
    cdef uint64_t key[KEY_WORDS]
    cdef Remembered* slot = NULL
    if q.memo != NULL:
        slot = _slot(tiles, q, win, flags, key)
        if _same_key(slot.key, key) and (asked or slot.exact):
            q.memo.kept += 1
            return slot.total
    total = -1
    if score_kernel(tiles, q.melds, q.n_melds, win, flags | asked, q.seat, q.prevalent,
                    q.ruleset, &scored) == 0:
        total = scored.total
    _keep(slot, key, total, not asked)
    return total


cdef inline void _keep(Remembered* slot, const uint64_t* key, int total,
                       bint exact) noexcept nogil:
    """Remember ``total`` under ``key`` in ``slot`` (NULL: no memo)."""
    if slot != NULL:
        memcpy(slot.key, key, KEY_WORDS * sizeof(uint64_t))
        slot.total = total
        slot.exact = exact


cdef inline Remembered* _slot(const count_t* tiles, const Question* q, int win, int flags,
                              uint64_t* key) noexcept nogil:
    """The memo's slot for the key (made in ``key``), counted as asked."""
    _score_key(tiles, q, win, flags, key)
    q.memo.asked += 1
    # The key's first five words: the tiles, melds, their count and the win.
    return &q.memo.slot[hash_words(key, 5) >> (64 - MEMO_BITS)]


cdef inline void _score_key(const count_t* tiles, const Question* q, int win, int flags,
                            uint64_t* key) noexcept nogil:
    cdef uint8_t* bytes = <uint8_t*>key
    memset(key, 0, KEY_WORDS * sizeof(uint64_t))
    memcpy(bytes, tiles, N_KINDS)
    memcpy(bytes + N_KINDS, q.melds, q.n_melds)
    bytes[N_KINDS + 4] = q.n_melds
    bytes[N_KINDS + 5] = win
    bytes[N_KINDS + 6] = flags
    bytes[N_KINDS + 7] = q.seat * 16 + q.prevalent * 4 + q.ruleset
    bytes[N_KINDS + 8] = 1


cdef inline bint _same_key(const uint64_t* a, const uint64_t* b) noexcept nogil:
    return ((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3]) | (a[4] ^ b[4])
            | (a[5] ^ b[5])) == 0


cdef void prepare(Question* q, const count_t* held, const uint8_t* melds, int n_melds,
                  const int* unseen, int flags, int seat, int prevalent,
                  int ruleset) noexcept nogil:
    cdef int melded[N_KINDS]
    cdef int i, k, tile, kind, room, can
    memset(melded, 0, sizeof(melded))
    memset(q.exposed, 0, sizeof(q.exposed))
    for i in range(n_melds):
        tile = melds[i] & 63
        kind = melds[i] >> 6
        if kind == MELD_CHOW:
            for k in range(tile, tile + 3):
                melded[k] += 1
                q.exposed[k] += 1
        else:
            melded[tile] += 4 if kind >= MELD_KONG else 3
            if kind != MELD_CONCEALED_KONG:
                q.exposed[tile] += 4 if kind == MELD_KONG else 3
    q.last_kinds = 0
    for i in range(n_melds):        # only a melded kind can have three copies exposed
        tile = melds[i] & 63
        for k in range(tile, tile + (3 if melds[i] >> 6 == MELD_CHOW else 1)):
            q.last_kinds |= <uint64_t>(q.exposed[k] == 3) << k
    for k in range(N_KINDS):
        room = MAX_COPIES - melded[k]
        can = held[k] + unseen[k] if unseen != NULL else room
        q.cap[k] = <count_t>(room if can > room else (can if can > 0 else 0))
    q.melds = melds
    q.n_melds = n_melds
    q.flags = flags
    q.seat = seat
    q.prevalent = prevalent
    q.ruleset = ruleset
    q.memo = NULL
    q.lists = NULL


cdef int _winning_waits(count_t* hand, const Question* q, int discarded, const count_t* waits,
                        bint every, count_t* wins) noexcept nogil:
    """The first of ``waits`` on which the ready ``hand`` (13-3m tiles, given back as it came)
    wins eight with a copy to be had, or -1; with ``every``, each such wait marked in ``wins``.
    ``discarded``: a kind just let go from the hand, which lies face up (-1: none)."""
    cdef int w, first = -1
    cdef bint wins_here
    for w in range(N_KINDS):
        if not waits[w] or hand[w] + (w == discarded) >= q.cap[w]:
            continue
        hand[w] += 1
        wins_here = _wins(hand, q, w)
        hand[w] -= 1
        if wins_here:
            if first < 0:
                first = w
            if not every:
                break
            wins[w] = 1
    return first


# ---------------------------------------------------------------------------------------------
# The special forms: always legal, so only their cost (with a target reaching it) is needed

cdef inline void _offer_pairs(int held, int cap, int sign, int* offered) noexcept nogil:
    """Add (sign 1) or take back (-1) the pairs toward seven pairs a kind held ``held`` times
    offers under ``cap``, by their price in draws (offered[0-2]; PAIRS_OFFERED)."""
    cdef const int* more = PAIRS_OFFERED[held][cap]
    offered[0] += sign * more[0]
    offered[1] += sign * more[1]
    offered[2] += sign * more[2]


cdef inline int _pairs_cost(const int* offered) noexcept nogil:
    """Seven pairs' cost from the pairs offered at each price: the cheapest seven (a kind's
    second pair never costs less than its first, so they can be taken in that order)."""
    cdef int price, take, left = 7, cost = 0
    for price in range(3):
        take = offered[price] if offered[price] < left else left
        cost += price * take
        left -= take
    return cost if left == 0 else INF


cdef int _seven_pairs(const count_t* h, const count_t* cap, int bound,
                      count_t* out) noexcept nogil:
    """Fewest draws to seven pairs (a kind held four times is two), from the pairs each price
    offers; a target reaching it is written to out only when the cost is under bound."""
    cdef int k, price, first, second, left = 7, cost
    cdef int offered[3]
    offered[0] = offered[1] = offered[2] = 0
    for k in range(N_KINDS):
        _offer_pairs(h[k], cap[k], 1, offered)
    cost = _pairs_cost(offered)
    if cost >= bound:
        return cost
    memset(out, 0, N_KINDS)
    for price in range(3):
        for k in range(N_KINDS):
            if left == 0:
                return cost
            first = 2 - h[k] if h[k] < 2 else 0
            second = (4 - h[k] if h[k] < 4 else 0) - first
            if out[k] == 0 and cap[k] >= 2 and first == price:
                out[k] = 2
                left -= 1
            if left and out[k] == 2 and cap[k] >= 4 and second == price:
                out[k] = 4
                left -= 1
    return cost


cdef int _orphans(const count_t* h, const count_t* cap, count_t* out) noexcept nogil:
    cdef int i, k, extra = -1, price, best = INF, cost = 0
    memset(out, 0, N_KINDS)
    for i in range(13):
        k = ORPHAN_KINDS[i]
        if cap[k] < 1:
            return INF
        out[k] = 1
        cost += h[k] == 0
    for i in range(13):
        k = ORPHAN_KINDS[i]
        price = (2 - h[k] if h[k] < 2 else 0) - (h[k] == 0)
        if cap[k] >= 2 and price < best:
            best = price
            extra = k
    if extra < 0:
        return INF
    out[extra] = 2
    return cost + best


cdef int _honors_knitted(const count_t* h, const count_t* cap, int bound,
                         count_t* out) noexcept nogil:
    """Fourteen different kinds of one arrangement and the honours: the held ones first, then
    the lowest still to be had; any value >= bound once it cannot come in under bound (an
    arrangement of which fewer than 14 - bound kinds are held cannot)."""
    cdef count_t trial[N_KINDS]
    cdef int perm, i, k, took, cost, best = bound
    for perm in range(6):
        memset(trial, 0, N_KINDS)
        took = cost = 0
        for i in range(16):
            k = KNITTED[perm][i] if i < 9 else N_SUITED + i - 9
            trial[k] = h[k] != 0        # no branch: which kinds are held is the hand's
            took += trial[k]
        if 14 - took >= best:
            continue
        for i in range(16):
            k = KNITTED[perm][i] if i < 9 else N_SUITED + i - 9
            if took < 14 and not h[k] and cap[k] >= 1:
                trial[k] = 1
                took += 1
                cost += 1
        if took == 14 and cost < best:
            best = cost
            memcpy(out, trial, N_KINDS)
    return best


cdef inline int _arrangement(int perm, const count_t* h, const count_t* cap,
                             count_t* trial) noexcept nogil:
    """``trial`` set to knitted arrangement ``perm``'s nine tiles alone; the draws they cost
    (INF, trial left part-made, when a kind has no copy to be had)."""
    cdef int i, k, missing = 0
    memset(trial, 0, N_KINDS)
    for i in range(9):
        k = KNITTED[perm][i]
        if cap[k] < 1:
            return INF
        trial[k] = 1
        missing += h[k] == 0
    return missing


cdef inline int _with_set(count_t* trial, const count_t* h, const count_t* cap, int melds,
                          int s, int missing) noexcept nogil:
    """The draws of the arrangement in ``trial`` (``missing`` of them) with its set: the
    CHOW_OR_PUNG ``s`` added to trial when no meld is declared (else the meld is the set), INF
    when it does not fit; the caller takes an added set back."""
    if melds:
        return missing
    if not _fits_set(trial, cap, CHOW_OR_PUNG[s]):
        return INF
    return missing + _add_set(trial, h, CHOW_OR_PUNG[s], 1)


cdef int _knitted_straight(const count_t* h, const count_t* cap, int melds, int bound,
                           count_t* out) noexcept nogil:
    """The nine tiles of one knitted arrangement, 1 - melds sets and a pair; any value >= bound
    once it cannot come in under bound."""
    cdef count_t trial[N_KINDS]
    cdef int perm, missing, s, p, cost, set_cost, best = bound
    if melds > 1:
        return INF
    for perm in range(6):
        missing = _arrangement(perm, h, cap, trial)
        if missing >= best:
            continue
        for s in range(55 if melds == 0 else 1):
            set_cost = _with_set(trial, h, cap, melds, s, missing)
            if set_cost >= INF:
                continue
            if set_cost < best:
                for p in range(N_KINDS):
                    if trial[p] + 2 > cap[p]:
                        continue
                    cost = set_cost + _extra(trial[p], 2, h[p])
                    if cost < best:
                        best = cost
                        memcpy(out, trial, N_KINDS)
                        out[p] += 2
                        if cost == set_cost:
                            break       # a pair held costs nothing: no pair does better
            if melds == 0:
                _add_set(trial, h, CHOW_OR_PUNG[s], -1)
    return best


cdef void _accept_knitted(const count_t* h, const count_t* cap, int melds, int cost,
                          count_t* accepted) noexcept nogil:
    """Mark the kinds some knitted straight target costing ``cost`` (the least) draws: those
    whose draw brings the form one nearer, from one pass over the targets, as
    _knitted_straight lists them, rather than a search for each kind."""
    cdef count_t trial[N_KINDS]
    cdef int perm, k, missing, s, p, set_cost
    cdef uint64_t drawn, marked = 0
    for perm in range(6):
        missing = _arrangement(perm, h, cap, trial)
        if missing > cost:
            continue
        for s in range(55 if melds == 0 else 1):
            set_cost = _with_set(trial, h, cap, melds, s, missing)
            if set_cost >= INF:
                continue
            if set_cost <= cost:
                drawn = 0
                for k in range(N_KINDS):
                    if trial[k] > h[k]:
                        drawn |= 1ull << k
                for p in range(N_KINDS):
                    if trial[p] + 2 <= cap[p] and set_cost + _extra(trial[p], 2, h[p]) == cost:
                        marked |= drawn | (<uint64_t>(trial[p] + 2 > h[p]) << p)
            if melds == 0:
                _add_set(trial, h, CHOW_OR_PUNG[s], -1)
    while marked:
        accepted[lowest_bit64(marked)] = 1
        marked &= marked - 1


cdef inline int _extra(int have, int more, int held) noexcept nogil:
    """The draws ``more`` copies cost a target that has ``have`` of a kind the hand holds
    ``held`` of."""
    cdef int before = have - held, after = have + more - held
    return (after if after > 0 else 0) - (before if before > 0 else 0)


cdef inline bint _fits_set(const count_t* t, const count_t* cap, int code) noexcept nogil:
    """A chow starting at code, or a pung of code - 100, fits under the caps."""
    if code >= 100:
        return t[code - 100] + 3 <= cap[code - 100]
    return t[code] < cap[code] and t[code + 1] < cap[code + 1] and t[code + 2] < cap[code + 2]


cdef inline int _add_set(count_t* t, const count_t* h, int code, int sign) noexcept nogil:
    """Add (sign 1) or take back (sign -1) a chow starting at code, or a pung of code - 100;
    returns the draws it costs (or saves)."""
    cdef int k, cost = 0
    if code >= 100:
        k = code - 100
        if sign < 0:
            t[k] -= 3
        cost = _extra(t[k], 3, h[k])
        if sign > 0:
            t[k] += 3
        return cost
    for k in range(code, code + 3):
        if sign < 0:
            t[k] -= 1
        cost += _extra(t[k], 1, h[k])
        if sign > 0:
            t[k] += 1
    return cost


cdef int _special(const count_t* h, const count_t* cap, int melds, int form, int bound,
                  count_t* out) noexcept nogil:
    """The cost of one special form (INF when the melds rule it out), or for a knitted one any
    value >= bound once it cannot come in under bound; a target reaching it in out when the
    cost is under bound."""
    if form == KNITTED_STRAIGHT:
        return _knitted_straight(h, cap, melds, bound, out)
    if melds:
        return INF
    if form == SEVEN_PAIRS:
        return _seven_pairs(h, cap, bound, out)
    if form == ORPHANS:
        return _orphans(h, cap, out)
    return _honors_knitted(h, cap, bound, out)


# ---------------------------------------------------------------------------------------------
# The regular form: suit patterns, then their combinations

cdef struct Search:
    const count_t* held
    const Question* q
    const count_t* cap          # the caps a suit is listed under: q.cap, or looser (_list_kept)
    Pattern* raw                # the patterns as listed
    Pattern* pool               # the same grouped by suit, sets, pair and cost
    int n_pool
    # The keys of the patterns listed, hashed: a slot holds a key only when its bit in ``used``
    # is set, so that emptying the table clears the bits alone (512 bytes, not 16 KiB).
    uint32_t seen[HASH]
    uint64_t used[HASH_WORDS]
    # Where each group begins in pool: its block (suit, sets, pair) times width, plus its cost,
    # the last of a block's width its end (width: the costs 0 to the budget, then the end); and
    # the costs each block's patterns come at, as bits.
    int group_at[BLOCKS * (MAX_COST + 2) + 1]
    int width
    uint32_t cost_bits[BLOCKS]
    bint overflow
    int budget                  # the most draws a combination may cost
    int max_sets
    const int (*splits)[4]      # the ways to share max_sets among the four suits: SPLITS'
    int n_splits
    # The fewest draws each suit needs for m sets and p pairs (the shanten tables, which ignore
    # the caps: a lower bound), and the least the other suits need beside it.
    const count_t* vec[4]
    int others[4][5][2]
    # While listing a suit: the most its patterns may cost, by the sets and pair placed so far.
    int node_budget[5][2]
    # The tiles each suit holds from each rank on, and the least the rest of a combination costs
    # beside a suit's pattern, by the sets and pair placed so far and the tiles still held for
    # the ranks to come (each set or pair more there needs its tiles, drawn when not held).
    int held_from[4][10]
    int need[4][5][2][NEED]     # the tiles still held v at [PAD + v], v from -PAD
    int bounded                 # the suits whose held_from and need are made, as bits
    # While listing one suit:
    int suit
    int first
    int n
    bint chows
    count_t t[9]
    # The combination under way, and the kinds it holds more of than the hand, as bits.
    count_t target[N_KINDS]
    uint64_t target_drawn
    # Whether the combinations are won on a tile the hand holds, not on one they draw.
    bint again
    bint want_all
    bint keep_targets
    int found
    Found* out
    # A 14-3m tile hand searched for all its discards at once (search_drawn): what it found, the
    # level under way (its draws from the 14 tiles), the most draws recorded (limit + 1), the
    # least rank found over the discards (_rank) and how many draws above it a discard's cost is
    # still wanted.
    Drawn* drawn
    uint64_t accepted[N_KINDS]  # drawn.accepted, each discard's kinds as bits
    uint64_t live               # the discards the level's combinations may serve (_live)
    uint64_t live_kept          # those of them a combination keeping every copy may serve
    int most[N_KINDS]           # _most of each of them, as _live last found it
    int hope                    # whether S.target may win eight (_may_win; -1: not asked yet)
    int level
    int top
    int least
    int spread


cdef inline uint64_t _bytes_over(uint64_t mine, uint64_t limit) noexcept nogil:
    """Bit i: byte i of ``mine`` is more than byte i of ``limit`` (each at most 4): a byte of
    (limit + 0x80) - mine keeps its top bit unless mine is more, and borrows from no other."""
    cdef uint64_t over = ~((limit | 0x8080808080808080ull) - mine) & 0x8080808080808080ull
    return ((over >> 7) * 0x0102040810204080ull) >> 56


cdef inline uint32_t _ranks_over(const count_t* t, const count_t* limit, int n) noexcept nogil:
    """The ranks (of a suit's n: 9, or 7 honours, t holding none past them) at which t holds
    more than ``limit``, as bits, eight bytes at once."""
    cdef uint64_t held = 0, mine, over
    memcpy(&mine, t, 8)
    memcpy(&held, limit, 8 if n == 9 else 7)
    over = _bytes_over(mine, held)
    if n == 9 and t[8] > limit[8]:
        over |= 1 << 8
    return <uint32_t>over


cdef void _list_suit(Search* S, int i, int c1, int c2, int sets, int pair,
                     int cost, uint32_t code) noexcept nogil:
    """Every pattern of the suit from rank i on, given the chows open from ranks i-1 (c1) and
    i-2 (c2), within the budget; ``code``: the ranks below i, base 5 (a key's low bits)."""
    cdef int c0, c0_max, pung, pr, tiles, add, sets2, k, ahead, spare, cap, held, chows
    cdef int max_sets = S.max_sets, budget = S.budget
    cdef uint32_t key, slot
    cdef Pattern* p
    cdef const int (*need)[2][NEED]
    if i == S.n:
        if cost + S.others[S.suit][sets][pair] > S.budget:
            return                  # no combination within the budget can use it
        key = ((((<uint32_t>S.suit * 5 + sets) * 2 + pair) * 16 + cost) << 21) | code
        slot = (key * 2654435761u) >> (32 - HASH_BITS)
        while S.used[slot >> 6] >> (slot & 63) & 1:
            if S.seen[slot] == key:
                return
            slot = (slot + 1) & (HASH - 1)
        if S.n_pool == POOL:
            S.overflow = True
            return
        S.used[slot >> 6] |= 1ull << (slot & 63)
        S.seen[slot] = key
        p = &S.raw[S.n_pool]
        S.n_pool += 1
        memcpy(p.t, S.t, 9)
        p.key = key
        p.drawn = _ranks_over(S.t, S.held + S.first, S.n)
        return
    k = S.first + i
    c0_max = 0
    if S.chows and i <= S.n - 3:
        # The chows opened here need room at this rank and the two above, and sets to spare.
        c0_max = min(4, S.cap[k] - c1 - c2, S.cap[k + 1] - c1, S.cap[k + 2],
                     S.max_sets - sets)
    cap = S.cap[k]
    held = S.held[k]
    need = S.need[S.suit]
    for c0 in range(c0_max + 1):
        # The chows open here need tiles of the next ranks: those not held cost too.
        ahead = 0
        spare = S.held_from[S.suit][i + 1]
        if c0 or c1:
            ahead = c0 + c1 - S.held[k + 1]
            spare -= S.held[k + 1] if ahead > 0 else c0 + c1
            if ahead < 0:
                ahead = 0
            if c0 and c0 > S.held[k + 2]:
                ahead += c0 - S.held[k + 2]
                spare -= S.held[k + 2]
            else:
                spare -= c0
        # More chows cost no less and leave no more budget: once the cheapest way on (no pung,
        # no pair) is over the budget, so is every way with more.
        chows = c0 + c1 + c2
        add = chows - held
        if cost + (add if add > 0 else 0) + ahead > S.node_budget[sets + c0][pair]:
            break
        for pung in range(2):
            sets2 = sets + c0 + pung
            if sets2 > max_sets:
                break
            for pr in range(2 - pair):
                tiles = chows + 3 * pung + 2 * pr
                if tiles > cap:
                    break
                add = tiles - held
                if add < 0:
                    add = 0
                if cost + add + ahead + need[sets2][pair + pr][PAD + spare] > budget:
                    continue
                S.t[i] = tiles
                _list_suit(S, i + 1, c0, c1, sets2, pair + pr, cost + add, 5 * code + tiles)
    S.t[i] = 0


# Every way to share n sets (0-4) among the four suits, made once: N_SPLITS[n] of them.
cdef int SPLITS[5][35][4]
cdef int N_SPLITS[5]


cdef void _share_sets() noexcept nogil:
    cdef int a, b, c, total, n
    for total in range(5):
        n = 0
        for a in range(total + 1):
            for b in range(total - a + 1):
                for c in range(total - a - b + 1):
                    SPLITS[total][n][0] = a
                    SPLITS[total][n][1] = b
                    SPLITS[total][n][2] = c
                    SPLITS[total][n][3] = total - a - b - c
                    n += 1
        N_SPLITS[total] = n


_share_sets()


cdef void _lower_bounds(Search* S, const DiscardParts* parts) noexcept nogil:
    """S.others: for each suit, sets and pair, the least the other suits need beside it: the
    other three suits' needs combined, which the hand's parts hold already (capped at INF,
    as past any budget)."""
    cdef int s, d
    for s in range(4):
        for d in range(5):
            S.others[s][d][0] = S.others[s][d][1] = INF
            if d <= S.max_sets:
                S.others[s][d][0] = parts.three[s][2 * (S.max_sets - d) + 1]
                S.others[s][d][1] = parts.three[s][2 * (S.max_sets - d)]


# A list of the ways on that no way takes (a set past the sets needed, a second pair).
cdef int NO_WAY[NEED]
for _i in range(NEED):
    NO_WAY[_i] = INF


cdef void _completion_bounds(Search* S, int s) noexcept nogil:
    """S.held_from[s] and S.need[s], from S.others: the least over each way the rest can end
    (m sets, p pairs), candidate by candidate over the tiles still held. The ways past (a, b)
    are the rest ending there, or a set more (three tiles: as with three fewer held), or the
    pair more (two), so each list is made from the two after it; below 0 tiles held, every way
    lacks that many more than at 0. Made for a suit once a search lists it (a suit read from
    kept lists needs none)."""
    cdef int r, n = 9 if s < 3 else 7, a, b, v, top, rest
    cdef int* need
    cdef const int* set_more        # the list a set further on, three places back
    cdef const int* pair_more       # the list the pair further on, two places back
    S.bounded |= 1 << s
    S.held_from[s][n] = 0
    for r in range(n - 1, -1, -1):
        S.held_from[s][r] = S.held_from[s][r + 1] + S.held[9 * s + r]
    top = S.held_from[s][0] if S.held_from[s][0] < 14 else 14
    for a in range(S.max_sets, -1, -1):
        for b in range(1, -1, -1):
            need = &S.need[s][a][b][PAD]
            rest = S.others[s][a][b]
            # A way on that cannot be taken reads NO_WAY: the loop has no branch.
            set_more = &S.need[s][a + 1][b][PAD - 3] if a < S.max_sets else NO_WAY
            pair_more = &S.need[s][a][1][PAD - 2] if b == 0 else NO_WAY
            for v in range(top + 1):
                need[v] = min(rest, set_more[v], pair_more[v])
            for v in range(1, PAD + 1):
                need[-v] = need[0] + v if need[0] < INF else INF


cdef void _node_budgets(Search* S, int suit) noexcept nogil:
    """What a pattern of the suit may cost, by the sets and pair it has so far: the most over
    the lists it can still end in."""
    cdef int a, b, most, others
    for a in range(4, -1, -1):
        for b in range(1, -1, -1):
            # The list (a, b) itself, else the best of those a set or the pair further on (as
            # maxima, not tests: the bounds are the hand's).
            others = S.others[suit][a][b]
            most = max(-1, S.budget - others if others < INF else -1)
            if a < 4:
                most = max(most, S.node_budget[a + 1][b])
            if b == 0:
                most = max(most, S.node_budget[a][1])
            S.node_budget[a][b] = most


cdef inline void _list_whole_suit(Search* S) noexcept nogil:
    """List the suit under way under S.cap, its completion bounds made first when need be."""
    if not S.bounded >> S.suit & 1:
        _completion_bounds(S, S.suit)
    memset(S.t, 0, 9)
    _list_suit(S, 0, 0, 0, 0, 0, 0, 0)


cdef SuitList* _kept_slot(const Search* S, int suit, uint64_t* key) noexcept nogil:
    """The slot of S.q.lists for the suit's list, and its key (made in ``key``)."""
    cdef uint8_t* bytes = <uint8_t*>key
    memset(key, 0, LIST_KEY_WORDS * sizeof(uint64_t))
    memcpy(bytes, S.held + 9 * suit, 9 if suit < 3 else 7)
    bytes[9] = S.budget
    bytes[10] = S.max_sets
    bytes[11] = suit
    bytes[12] = 1
    return &S.q.lists.slot[hash_words(key, LIST_KEY_WORDS) >> (64 - LIST_BITS)]


cdef inline void _bounds_of(const Search* S, count_t* bounds) noexcept nogil:
    """The least the other suits need beside the suit under way, for each sets and pair (as
    its slot, 2 * sets + pair), those past the budget read alike, as the listing reads them."""
    cdef int m, p, need
    for m in range(5):
        for p in range(2):
            need = S.others[S.suit][m][p]
            bounds[2 * m + p] = need if need <= S.budget else S.budget + 1


cdef void _read_list(Search* S, const Pattern* patterns, int n) noexcept nogil:
    """Add to S.raw the patterns of the suit under way within the search's caps and, beside
    the other suits' least, within its budget, in order: the list the search would make
    (``patterns`` may be S.raw's own tail, past S.n_pool). No combination within the budget
    could use a pattern past it: those are dropped for speed alone (0.8% of rung 4)."""
    cdef const count_t* cap = &S.q.cap[S.first]
    cdef int i, room[10], m, p
    cdef uint32_t group
    for m in range(5):
        for p in range(2):
            room[2 * m + p] = S.budget - S.others[S.suit][m][p]
    for i in range(n):
        group = patterns[i].key >> 21      # sets, pair and cost: a slot's room
        if (<int>(group & 15) <= room[(group >> 4) % 10]
                and _ranks_over(patterns[i].t, cap, S.n) == 0):
            if S.n_pool == POOL:
                S.overflow = True
                return
            S.raw[S.n_pool] = patterns[i]
            S.n_pool += 1


cdef inline void _set_others(Search* S, const int* others) noexcept nogil:
    """Make the suit under way list beside ``others`` (the other suits' least for each sets
    and pair, by slot), its completion bounds made again when next asked."""
    cdef int m, p
    for m in range(5):
        for p in range(2):
            S.others[S.suit][m][p] = others[2 * m + p]
    S.bounded &= ~(1 << S.suit)
    _node_budgets(S, S.suit)


cdef void _list_kept(Search* S, const uint64_t* key, SuitList* kept) noexcept nogil:
    """List the suit under way through S.q.lists. Its list hangs on the suit's tiles alone
    once it is made under caps no tighter than any search's, and beside other suits needing
    no more than any search's: the caps and bounds only cut branches whose patterns pass
    them, so the search's own list is that list with the patterns past its caps, or over the
    budget beside the other suits, dropped, in the same order. A list kept beside other suits
    needing no more than the search's is read so; else the suit is listed under loose caps
    beside the least of both, kept when short, then read the same way. Should the loose listing
    overflow the pool, the suit is listed again under the search's own caps and bounds, the
    table of patterns seen emptied of the loose listing's (what it held of the other suits is
    not asked again: a key names its suit). ``kept``: the suit's slot, for ``key``."""
    cdef Lists* lists = S.q.lists
    cdef count_t loose[N_KINDS]
    cdef count_t bounds[10]
    cdef int own[10], listed[10]
    cdef int i, k, start = S.n_pool, n
    cdef bint found = (memcmp(kept.key, key, LIST_KEY_WORDS * sizeof(uint64_t)) == 0
                       and lists.written - kept.at <= LIST_PATTERNS)
    cdef bint looser = found
    lists.asked += 1
    _bounds_of(S, bounds)
    for i in range(10):
        looser = looser and kept.bounds[i] <= bounds[i]
    if looser:
        lists.kept += 1
        _read_list(S, &lists.ring[kept.at % LIST_PATTERNS], kept.n)
        return
    if found:
        # Kept beside other suits needing more than these: listed again beside the least of
        # both (a new key is listed beside the search's own, which its bounds read alike).
        for i in range(10):
            bounds[i] = min(bounds[i], kept.bounds[i])
            own[i] = S.others[S.suit][i // 2][i % 2]
            listed[i] = bounds[i] if bounds[i] <= S.budget else INF
        _set_others(S, listed)
    for i in range(S.n):
        k = S.first + i
        loose[k] = min(MAX_COPIES, S.held[k] + S.budget)
    S.cap = loose
    _list_whole_suit(S)
    S.cap = &S.q.cap[0]
    if found:
        _set_others(S, own)
    if S.overflow:
        _forget(S)
        S.n_pool = start
        S.overflow = False
        _list_whole_suit(S)
        return
    n = S.n_pool - start
    if n <= LIST_MOST:
        if lists.written % LIST_PATTERNS + n > LIST_PATTERNS:
            lists.written += LIST_PATTERNS - lists.written % LIST_PATTERNS   # kept in one piece
        memcpy(kept.key, key, LIST_KEY_WORDS * sizeof(uint64_t))
        memcpy(kept.bounds, bounds, 10)
        kept.at = lists.written
        kept.n = n
        memcpy(&lists.ring[kept.at % LIST_PATTERNS], &S.raw[start], n * sizeof(Pattern))
        lists.written += n
    S.n_pool = start
    _read_list(S, &S.raw[start], n)


cdef void _list_patterns(Search* S) noexcept nogil:
    """List every suit's patterns within the budget, once each (a pattern read two ways is
    listed once), grouped by suit, sets, pair and cost."""
    cdef int suit, i, g, n_groups
    cdef int at[BLOCKS * (MAX_COST + 2) + 1]
    cdef uint64_t keys[4][LIST_KEY_WORDS]
    cdef SuitList* kept[4]
    cdef bint keeping = S.q.lists != NULL and S.budget <= S.q.lists.deepest
    S.n_pool = 0
    S.overflow = False
    S.cap = &S.q.cap[0]
    if keeping:
        # The four slots are looked up first, so that their reads overlap.
        for suit in range(4):
            kept[suit] = _kept_slot(S, suit, keys[suit])
            prefetch(kept[suit])
    for suit in range(4):
        _node_budgets(S, suit)
        S.suit = suit
        S.first = 9 * suit
        S.n = 9 if suit < 3 else 7
        S.chows = suit < 3
        if keeping and not S.overflow:
            _list_kept(S, keys[suit], kept[suit])
        else:
            _list_whole_suit(S)
    # A counting sort by group (the key's top bits: suit, sets, pair, cost), the costs of a
    # block running to the budget only.
    S.width = (S.budget if S.budget < MAX_COST else MAX_COST) + 2
    n_groups = BLOCKS * S.width
    memset(at, 0, (n_groups + 1) * sizeof(int))
    memset(S.cost_bits, 0, sizeof(S.cost_bits))
    for i in range(S.n_pool):
        g = S.raw[i].key >> 21
        at[(g >> 4) * S.width + (g & 15) + 1] += 1
        S.cost_bits[g >> 4] |= 1u << (g & 15)
    for g in range(n_groups):
        at[g + 1] += at[g]
    memcpy(S.group_at, at, (n_groups + 1) * sizeof(int))
    for i in range(S.n_pool):
        g = S.raw[i].key >> 21
        g = (g >> 4) * S.width + (g & 15)
        S.pool[at[g]] = S.raw[i]
        at[g] += 1
    _forget(S)


cdef inline void _forget(Search* S) noexcept nogil:
    """Empty the table of patterns listed."""
    memset(S.used, 0, sizeof(S.used))


cdef inline int _at(const Search* S, int s, int m, int p, int cost) noexcept nogil:
    """Where the patterns of (s, m, p) costing ``cost`` or more begin (past the budget, their
    end)."""
    return S.group_at[((s * 5 + m) * 2 + p) * S.width
                      + (cost if cost < S.width - 1 else S.width - 1)]


cdef inline bint _won_on(const Search* S, int k) noexcept nogil:
    """Whether the combination may be won on kind k: one it draws, or (S.again) one the hand
    holds, a copy of which goes and is drawn again last when there is a copy to be had."""
    if S.again:
        return 0 < S.target[k] <= S.held[k] < S.q.cap[k]
    return S.target[k] > S.held[k]


cdef bint _visit(Search* S) noexcept nogil:
    """Score the combination in S.target on each tile it may be won on; record it if legal.
    Returns True when the search may stop."""
    cdef const count_t* h = S.held
    cdef int k, total, best = -1, win
    cdef bint keep = S.keep_targets and S.out.n_targets < MAX_TARGETS
    cdef uint64_t legal = 0
    cdef bint hope = False
    for k in range(N_KINDS):
        if not _won_on(S, k):
            continue
        if not hope:
            if not _may_win(S.target, S.q):
                return False
            hope = True
        if _wins(S.target, S.q, k):
            legal |= 1ull << k
            if not keep:
                break
    if not legal:
        return False
    # A target kept is won on its best-scoring tile, the first of equals: one of the tiles it
    # wins eight on, whose exact totals are asked only when there are two or more.
    win = lowest_bit64(legal)
    if legal & (legal - 1):
        while legal:
            k = lowest_bit64(legal)
            legal &= legal - 1
            total = win_points(S.target, S.q, k)
            if total > best:
                best = total
                win = k
    S.found += 1
    for k in range(N_KINDS):
        if S.target[k] > h[k]:
            S.out.accepted[k] = 1
    if keep:
        memcpy(S.out.targets[S.out.n_targets].tiles, S.target, N_KINDS)
        S.out.targets[S.out.n_targets].win = win
        S.out.n_targets += 1
    return not S.want_all


cdef inline int _rank(const Search* S, int k, int cost) noexcept nogil:
    """Where a cost puts discard k among the others: by the cost, then how far behind it is."""
    return cost * RANKS + S.drawn.behind[k]


cdef inline int _most(const Search* S, int k) noexcept nogil:
    """The most draws still worth recording for discard k: its best so far (ties too when every
    best target is wanted), within the spread of the least over the discards, nor the top."""
    cdef int most = S.drawn.cost[k] if S.want_all else S.drawn.cost[k] - 1
    cdef int room = S.least + S.spread * RANKS - S.drawn.behind[k]
    room = room // RANKS if room >= 0 else -1
    if room < most:
        most = room
    return most if most < S.top else S.top


cdef inline bint _legal_on(Search* S, signed char* legal, int win) noexcept nogil:
    """Whether the target in S.target scores eight won on ``win`` (remembered in legal, and
    whether it may win at all in S.hope)."""
    if legal[win] < 0:
        if S.hope < 0:
            S.hope = _may_win(S.target, S.q)
        legal[win] = S.hope and _wins(S.target, S.q, win)
    return legal[win]


cdef inline void _set_target(Target* target, const count_t* tiles, int win) noexcept nogil:
    memcpy(target.tiles, tiles, N_KINDS)
    target.win = win


cdef inline void _keep_target(Drawn* d, int k, const count_t* tiles, int win) noexcept nogil:
    """Keep ``tiles`` won on ``win`` as discard k's target, when targets are wanted."""
    if d.targets != NULL:
        _set_target(&d.targets[k], tiles, win)


cdef inline int _first_drawn(const count_t* tiles, const count_t* held) noexcept nogil:
    """The first kind a special form's target draws: the tile it is taken to be won on."""
    cdef int k
    for k in range(N_KINDS):
        if tiles[k] > held[k]:
            return k
    return -1


cdef bint _visit_drawn(Search* S) noexcept nogil:
    """The combination in S.target, S.level draws from the 14-tile hand, for each discard k still
    open: after k goes it costs a draw more when it keeps every copy of k (one is drawn again),
    may be won on a kind it draws (k among them then), or at a draw more on a kind the hand
    keeps, and may hold one copy of k fewer than before (k lies face up). At k's best cost, a
    combination whose kinds drawn are all accepted for k already would add nothing: it is not
    scored for k. Returns True when no open discard is left to serve."""
    cdef const count_t* h = S.held
    cdef const count_t* t = S.target
    cdef const count_t* cap = &S.q.cap[0]
    cdef Drawn* d = S.drawn
    cdef signed char legal[N_KINDS]
    cdef uint64_t drawn = 0, mine, bits
    # A combination keeping every copy of a discard costs it a draw more: only those discards
    # it holds fewer of than the hand, and those such a cost still serves, are asked about.
    cdef uint64_t live = S.live & (_fewer(S.target, S.held) | S.live_kept)
    cdef int k, w, base, cost, most, win, drawn_wins = -1, drawn_win = -1
    cdef bint recorded = False
    memset(legal, -1, N_KINDS)
    S.hope = -1
    drawn = S.target_drawn
    while live:
        k = lowest_bit64(live)
        live &= live - 1
        if t[k] >= cap[k]:
            continue
        base = S.level + (t[k] >= h[k])
        most = _most(S, k) if recorded else S.most[k]   # what _live found, till one is recorded
        mine = drawn | (<uint64_t>(t[k] >= h[k]) << k)      # the kinds drawn once k goes
        if base > most or (S.want_all and base == d.cost[k] and not mine & ~S.accepted[k]):
            continue
        cost = -1
        if drawn_wins < 0:
            drawn_wins = 0
            bits = drawn
            while bits:
                drawn_win = lowest_bit64(bits)
                if _legal_on(S, legal, drawn_win):
                    drawn_wins = 1
                    break
                bits &= bits - 1
        if drawn_wins or (t[k] == h[k] and _legal_on(S, legal, k)):
            cost = base
            win = drawn_win if drawn_wins else k
        elif base < most:
            for w in range(N_KINDS):
                if w == k:
                    if 0 < t[k] < h[k] < cap[k] and _legal_on(S, legal, k):
                        cost = base + 1
                        break
                elif 0 < t[w] <= h[w] < cap[w] and _legal_on(S, legal, w):
                    cost = base + 1
                    break
            win = w
        if cost < 0:
            continue
        if cost < d.cost[k]:
            d.cost[k] = cost
            _keep_target(d, k, t, win)
            if S.want_all:
                memset(d.accepted[k], 0, N_KINDS)
                S.accepted[k] = 0
        if S.want_all:
            S.accepted[k] |= mine
            bits = mine
            while bits:
                d.accepted[k][lowest_bit64(bits)] = 1
                bits &= bits - 1
        if _rank(S, k, cost) < S.least:
            S.least = _rank(S, k, cost)
        recorded = True
    if recorded:
        S.live = _live(S)
    # No discard left that a combination of this level may serve: the rest of it adds nothing
    # (with spread -1, the first legal one found ends the level).
    return S.live == 0


cdef inline uint64_t _fewer(const count_t* t, const count_t* h) noexcept nogil:
    """The kinds t holds fewer of than h, as bits, eight bytes at once."""
    cdef uint64_t target, hand, bits = 0
    cdef int i
    for i in range(0, 32, 8):
        memcpy(&target, t + i, 8)
        memcpy(&hand, h + i, 8)
        bits |= _bytes_over(hand, target) << i
    bits |= (<uint64_t>(t[32] < h[32])) << 32
    bits |= (<uint64_t>(t[33] < h[33])) << 33
    return bits


cdef uint64_t _live(Search* S) noexcept nogil:
    """The open discards a combination of S.level draws may still serve, as bits: it costs
    each S.level or more, and _most only falls as the search goes on (kept in S.most)."""
    cdef uint64_t live = 0, kept = 0, bits = S.drawn.open
    cdef int k
    while bits:
        k = lowest_bit64(bits)
        bits &= bits - 1
        S.most[k] = _most(S, k)
        live |= (<uint64_t>(S.level <= S.most[k])) << k
        kept |= (<uint64_t>(S.level < S.most[k])) << k
    S.live_kept = kept
    return live


cdef inline uint32_t _costs(const Search* S, int s, int m, int p) noexcept nogil:
    """The costs the patterns of (s, m, p) come at, as bits."""
    return S.cost_bits[(s * 5 + m) * 2 + p]


cdef inline uint32_t _sums(uint32_t a, uint32_t b) noexcept nogil:
    """Every sum of a cost in a and a cost in b, as bits (sums past 31 dropped)."""
    cdef uint32_t out = 0
    while a:
        out |= b << lowest_bit(a)
        a &= a - 1
    return out


cdef inline bint _honors(Search* S, int budget, int m, int p, uint64_t drawn) noexcept nogil:
    """Fill the last suit (the honours: m sets, p pairs) costing exactly budget, each of its
    patterns completing S.target; True when the search may stop."""
    cdef int i
    cdef const Pattern* pattern
    if budget >= 16:
        return False
    for i in range(_at(S, 3, m, p, budget), _at(S, 3, m, p, budget + 1)):
        pattern = &S.pool[i]
        memcpy(&S.target[27], pattern.t, 7)
        S.target_drawn = drawn | <uint64_t>pattern.drawn << 27
        if _visit_drawn(S) if S.drawn != NULL else _visit(S):
            return True
    return False


cdef bint _combine(Search* S, int suit, int budget, const int* sets_of, int pair_suit,
                   const uint32_t* reach, uint64_t drawn) noexcept nogil:
    """Fill suits suit.. (a suited one first) with the assignment sets_of and the pair in
    pair_suit, costing exactly budget in all; True when the search may stop. ``reach[s]``: the
    total costs suits s.. can come to, so that only the costs that leave the later suits a
    reachable total are tried."""
    cdef int m = sets_of[suit], p = suit == pair_suit, i, c
    cdef int first = 9 * suit
    cdef const Pattern* pattern
    cdef uint64_t more
    for c in range(budget + 1 if budget < 16 else 16):
        if not (reach[suit + 1] >> (budget - c)) & 1:
            continue
        for i in range(_at(S, suit, m, p, c), _at(S, suit, m, p, c + 1)):
            pattern = &S.pool[i]
            memcpy(&S.target[first], pattern.t, 9)
            more = drawn | <uint64_t>pattern.drawn << first
            if suit == 2:
                if _honors(S, budget - c, sets_of[3], pair_suit == 3, more):
                    return True
            elif _combine(S, suit + 1, budget - c, sets_of, pair_suit, reach, more):
                return True
    return False


cdef bint _regular_level(Search* S, int cost) noexcept nogil:
    """Every regular combination costing exactly ``cost``; True when the search may stop."""
    cdef const int* sets_of
    cdef uint32_t reach[5]
    cdef uint32_t bits[4][5][2]     # _costs of each suit, sets and pair, up to ``cost``
    cdef uint32_t sets_listed[4]    # the sets each suit has patterns for, as bits
    cdef uint32_t within = 0xFFFFFFFFu if cost >= 31 else (2u << cost) - 1
    cdef int split, s, m, pair
    for s in range(4):
        sets_listed[s] = 0
        for m in range(S.max_sets + 1):
            for pair in range(2):
                bits[s][m][pair] = _costs(S, s, m, pair) & within
                sets_listed[s] |= (<uint32_t>(bits[s][m][pair] != 0)) << m
    for split in range(S.n_splits):
        sets_of = S.splits[split]
        # Most splits ask some suit for sets it has no pattern of: nothing to combine.
        if not ((sets_listed[0] >> sets_of[0]) & (sets_listed[1] >> sets_of[1])
                & (sets_listed[2] >> sets_of[2]) & (sets_listed[3] >> sets_of[3]) & 1):
            continue
        for pair in range(4):
            reach[4] = 1
            for s in range(3, -1, -1):
                reach[s] = _sums(bits[s][sets_of[s]][s == pair], reach[s + 1]) & within
                if not reach[s]:
                    reach[0] = 0        # no total reachable: nothing to combine
                    break
            if cost < 32 and (reach[0] >> cost) & 1 and _combine(S, 0, cost, sets_of, pair,
                                                                 reach, 0):
                return True
    return False


cdef int _begin(Search* S, const count_t* held, const Question* q, bint all_kinds,
                const DiscardParts* parts) noexcept nogil:
    """Set up what both searches share (the hand, the sets it still needs, the suits' lower
    bounds, from the hand's parts) and return the fewest draws any regular target can cost."""
    cdef int k, lower = INF
    S.held = held
    S.q = q
    S.max_sets = 4 - q.n_melds
    S.splits, S.n_splits = SPLITS[S.max_sets], N_SPLITS[S.max_sets]
    _forget(S)
    S.want_all = all_kinds
    for k in range(4):
        S.vec[k] = parts.vec[k]
    _lower_bounds(S, parts)
    S.bounded = 0
    for k in range(10):
        if S.others[0][k // 2][k % 2] + S.vec[0][k] < lower:
            lower = S.others[0][k // 2][k % 2] + S.vec[0][k]
    return lower


cdef void search(const count_t* held, const Question* q, int limit, bint all_kinds,
                 bint keep_targets, Found* out) noexcept nogil:
    cdef count_t special[N_SPECIAL][N_KINDS]
    cdef int costs[N_SPECIAL]
    cdef count_t hand[N_KINDS]
    cdef count_t waits[N_KINDS]
    cdef int form, best, cost, bound = limit + 2, lower, first = 1, top, overflow = 0, win
    cdef Search S
    cdef DiscardParts parts
    memset(out.accepted, 0, N_KINDS)
    out.n_targets = 0
    out.exact = True
    if not all_kinds and accepted_kinds(held, q.n_melds, waits) == 1:
        # Ready: a cost of 1 is a wait that wins eight, which the scorer tells with no search.
        memcpy(hand, held, N_KINDS)
        win = _winning_waits(hand, q, -1, waits, False, NULL)
        if win >= 0:
            out.cost = 1
            if keep_targets:
                hand[win] += 1
                _set_target(&out.targets[0], hand, win)
                out.n_targets = 1
            return
        first = 2                   # no target costs 1
    best = bound
    for form in range(N_SPECIAL):
        costs[form] = _special(held, q.cap, q.n_melds, form, best + 1, special[form])
        if costs[form] < best:
            best = costs[form]
    discard_parts(held, q.n_melds, &parts)
    lower = _begin(&S, held, q, all_kinds, &parts)
    S.out = out
    S.drawn = NULL
    S.keep_targets = keep_targets
    S.found = 0
    if lower < 1:
        lower = 1
    first = max(first, lower)
    top = best if best < bound else bound - 1
    if best < bound and not (all_kinds or keep_targets):
        top = best - 1              # a special form's cost is the answer unless one beats it
    if first <= top:
        S.raw = <Pattern*>malloc(2 * POOL * sizeof(Pattern))
        if S.raw == NULL:
            overflow = first
        else:
            S.pool = S.raw + POOL
            for cost in range(first, top + 1):
                # Listed anew for each cost, within it: the first cost tried is nearly always
                # the answer, and a pattern list within a larger budget is many times longer.
                S.budget = cost
                _list_patterns(&S)
                if S.overflow:
                    overflow = cost
                    break
                # Costing this much too: the combinations a draw cheaper won on a tile held, the
                # draw to replace it counted (77m 555p 88s draws 7m, lets 8s go, wins on 8s).
                S.again = cost > lower
                if S.again and not (all_kinds or keep_targets):
                    # Only the cost is asked: first the combinations won on a tile they draw,
                    # which win far more often, so that the first legal one ends the level.
                    S.again = False
                    if not _regular_level(&S, cost):
                        S.again = True
                        _regular_level(&S, cost - 1)
                elif not (S.again and _regular_level(&S, cost - 1)):
                    S.again = False
                    _regular_level(&S, cost)
                if S.found:
                    best = cost
                    break
            free(S.raw)
    if overflow:
        # Too many patterns to list: nothing legal below this cost is all that is known.
        out.cost = overflow
        out.exact = False
        return
    if best >= bound:
        out.cost = bound
        out.exact = False
        memset(out.accepted, 0, N_KINDS)
        out.n_targets = 0
        return
    out.cost = best
    for form in range(N_SPECIAL):
        if costs[form] != best:
            continue
        _accept_special(held, q, form, best, out.accepted)
        if keep_targets and out.n_targets < MAX_TARGETS:
            _set_target(&out.targets[out.n_targets], special[form],
                        _first_drawn(special[form], held))
            out.n_targets += 1


cdef void search_drawn(const count_t* held, const Question* q, int limit, bint all_kinds,
                       int spread, DiscardParts* shared, Drawn* out) noexcept nogil:
    cdef count_t hand[N_KINDS]
    cdef count_t scratch[N_KINDS]
    cdef int costs[N_KINDS][N_SPECIAL]
    cdef int whole[N_SPECIAL]
    cdef int form, best, bound = limit + 2, lower, k, level, overflow = -1, listed = -1
    cdef uint64_t bits
    cdef bint useful, ready = False
    cdef Search S
    cdef Question after
    cdef DiscardParts parts
    memcpy(hand, held, N_KINDS)
    after = q[0]
    out.listed = -1
    if shared == NULL:
        discard_parts(held, q.n_melds, &parts)
        shared = &parts
    if spread <= 0:
        if _ready_wins(hand, q, shared, all_kinds, out):
            for k in range(N_KINDS):
                out.exact[k] = not is_open(out, k) or out.cost[k] == 1
                if out.cost[k] != 1:
                    out.cost[k] = bound     # above the least: a bound
            return
        ready = True                # no discard costs 1
        if limit == 0:
            # 1 is the most asked, and _ready_wins tells every discard costing 1 (a special
            # form too: it scores eight): the others are out of reach, no search needed.
            for k in range(N_KINDS):
                out.exact[k] = not is_open(out, k)
                out.cost[k] = bound
            return
    S.drawn = out
    memset(S.accepted, 0, sizeof(S.accepted))
    S.least = bound * RANKS
    # The special forms, discard by discard, as search() finds them; a discard costs a form no
    # less than the 14 tiles do (fewer tiles, fewer copies), so a form is worked out for it only
    # when the 14 tiles' cost can tie its best so far. Nor do the 14 tiles cost a form less than
    # its shanten distance, which has every copy to draw: with none in reach, none is worked out.
    for form in range(N_SPECIAL):
        whole[form] = INF if shared.specials >= bound else \
            _special(held, q.cap, q.n_melds, form, bound, scratch)
    for k in range(N_KINDS):
        out.exact[k] = True
        out.cost[k] = bound
    bits = out.open
    while bits:
        k = lowest_bit64(bits)
        bits &= bits - 1
        memset(out.accepted[k], 0, N_KINDS)
        hand[k] -= 1
        _discard_caps(q, &after, k)
        best = bound
        for form in range(N_SPECIAL):
            costs[k][form] = INF if whole[form] > best or whole[form] >= bound else \
                _special(hand, after.cap, q.n_melds, form, best + 1, scratch)
            if costs[k][form] < best:
                best = costs[k][form]
                _keep_target(out, k, scratch, _first_drawn(scratch, hand))
        hand[k] += 1
        out.cost[k] = best
        if _rank(&S, k, best) < S.least:
            S.least = _rank(&S, k, best)
    lower = _begin(&S, held, q, all_kinds, shared)
    S.out = NULL
    S.keep_targets = False
    S.spread = spread
    S.again = False
    S.top = limit + 1
    S.raw = NULL
    for level in range(lower, S.top + 1):
        # A target of this level costs each discard this much or more.
        useful = False
        for k in range(N_KINDS):
            useful = useful or (is_open(out, k) and level <= _most(&S, k))
        if not useful:
            break
        if S.raw == NULL:
            S.raw = <Pattern*>malloc(2 * POOL * sizeof(Pattern))
            if S.raw == NULL:
                overflow = level
                break
            S.pool = S.raw + POOL
        if level > listed:
            S.budget = level
            if ready and all_kinds and spread >= 0 and level < 2 <= S.top:
                # Nothing costs 1, so a target a draw away costs 2, and every target two
                # draws away is wanted too: one list serves both levels.
                S.budget = 2
            _list_patterns(&S)
            if S.overflow and S.budget > level:
                S.budget = level        # too many for one list: the level's own
                _list_patterns(&S)
            if S.overflow:
                overflow = level
                break
            listed = out.listed = S.budget
        S.level = level
        S.live = _live(&S)
        _regular_level(&S, level)
    free(S.raw)
    bits = out.open
    while bits:
        k = lowest_bit64(bits)
        bits &= bits - 1
        if overflow >= 0 and out.cost[k] >= overflow:
            # Too many patterns to list: nothing legal below this cost is all that is known.
            out.cost[k] = overflow
            out.exact[k] = False
            memset(out.accepted[k], 0, N_KINDS)
        elif out.cost[k] >= bound:
            out.cost[k] = bound
            out.exact[k] = False
            memset(out.accepted[k], 0, N_KINDS)
        elif all_kinds and _rank(&S, k, out.cost[k]) <= S.least + S.spread * RANKS:
            # The kinds a special form draws, for the discards whose kinds are asked for.
            hand[k] -= 1
            _discard_caps(q, &after, k)
            for form in range(N_SPECIAL):
                if costs[k][form] == out.cost[k]:
                    _accept_special(hand, &after, form, out.cost[k], out.accepted[k])
            hand[k] += 1


cdef bint _ready_wins(count_t* hand, const Question* q, DiscardParts* parts,
                      bint all_kinds, Drawn* out) noexcept nogil:
    """Whether a discard in out.open leaves a ready hand with a wait that wins eight (a copy
    to be had, the discarded one face up): a cost of 1, the least there is, told by the scorer
    with no search. Then out holds the costs search_drawn gives when only the least is asked
    exactly: 1 for those discards (with all_kinds, their winning waits accepted), INF for the
    others. ``hand`` (14-3m tiles) is given back as it came."""
    cdef count_t waits[N_KINDS]
    cdef int k, win
    cdef uint64_t bits = out.open
    cdef bint found = False
    while bits:
        k = lowest_bit64(bits)
        bits &= bits - 1
        out.cost[k] = INF
        memset(out.accepted[k], 0, N_KINDS)
        hand[k] -= 1
        if ((out.behind[k] == 0 if out.behind_is_shanten
             else distance_after(hand, q.n_melds, k, parts) == 1)
                and accepted_after(hand, q.n_melds, k, parts, waits)):
            win = _winning_waits(hand, q, k, waits, all_kinds, out.accepted[k])
            if win >= 0:
                out.cost[k] = 1
                found = True
                hand[win] += 1
                _keep_target(out, k, hand, win)
                hand[win] -= 1
        hand[k] += 1
    return found


cdef void _accept_special(const count_t* held, const Question* q, int form, int cost,
                          count_t* accepted) noexcept nogil:
    """Mark the kinds whose draw brings the special form one nearer: those some best target of
    the form draws (for seven pairs, read from the pairs each kind offers; for a knitted
    straight, from its targets)."""
    cdef count_t more[N_KINDS]
    cdef count_t scratch[N_KINDS]
    cdef int offered[3]
    cdef int k
    if form == KNITTED_STRAIGHT:
        _accept_knitted(held, q.cap, q.n_melds, cost, accepted)
        return
    if form == SEVEN_PAIRS:
        offered[0] = offered[1] = offered[2] = 0
        for k in range(N_KINDS):
            _offer_pairs(held[k], q.cap[k], 1, offered)
    memcpy(more, held, N_KINDS)
    for k in range(N_KINDS):
        if accepted[k] or held[k] >= q.cap[k]:
            continue
        if form == SEVEN_PAIRS:
            _offer_pairs(held[k], q.cap[k], -1, offered)
            _offer_pairs(held[k] + 1, q.cap[k], 1, offered)
            accepted[k] = _pairs_cost(offered) < cost
            _offer_pairs(held[k] + 1, q.cap[k], -1, offered)
            _offer_pairs(held[k], q.cap[k], 1, offered)
            continue
        more[k] += 1
        if _special(more, q.cap, q.n_melds, form, cost, scratch) < cost:
            accepted[k] = 1
        more[k] -= 1


# ---------------------------------------------------------------------------------------------
# Python face (mjsim.analysis.legal documents and wraps these)

@cython.auto_pickle(False)
cdef class _Asked:
    """One call's question, checked: the counts (kept alive), melds and caps."""
    cdef object array
    cdef const count_t* held
    cdef uint8_t melds[4]
    cdef int size
    cdef int unseen[N_KINDS]
    cdef bint have_unseen
    cdef int limit              # the search's: the limit asked, or FARTHEST when that is past it
    cdef object asked_limit
    cdef Question q

    def __init__(self, counts, melds, seat_wind, prevalent_wind, self_drawn, unseen,
                 str ruleset, limit, bint allow_13, bint allow_14):
        cdef int n_melds, k
        cdef bint drawn = flag(self_drawn, "self_drawn")
        cdef count_t copied[N_KINDS]
        if isinstance(counts, np.ndarray) and counts.dtype == np.uint8:
            self.array = np.ascontiguousarray(counts)
        elif isinstance(counts, (bytes, bytearray, memoryview)):
            self.array = counts
        else:   # a list or another dtype: whole numbers only (1.5 is not read as 1)
            self.array = check_counts(counts)
        self.held = counts_of(self.array)
        try:
            n_melds = encode_melds(melds, self.melds)
        except (AttributeError, TypeError, IndexError):   # not melds: say so, not which slot
            raise TypeError(f"melds is a sequence of Meld (as Hand.melds), not "
                            f"{shown(melds, 80)}") \
                from None
        seat_wind = _whole(seat_wind, "seat_wind")   # a seat wind of 1.5 is no wind
        prevalent_wind = _whole(prevalent_wind, "prevalent_wind")
        limit = _whole(limit, "limit")
        if not (0 <= seat_wind < 4 and 0 <= prevalent_wind < 4):
            raise ValueError("winds are 0-3 (E S W N)")
        if limit < 0:
            raise ValueError(f"the search limit is a distance from 0, not {limit}")
        self.limit = limit if limit < FARTHEST else FARTHEST
        self.asked_limit = limit
        hand_counts(self.array, n_melds, allow_13, allow_14)
        self.size = count_total(self.held)
        self.have_unseen = unseen is not None
        if self.have_unseen:
            read_unseen(unseen, copied)
            for k in range(N_KINDS):
                self.unseen[k] = copied[k]
        cdef const int* copies = self.unseen if self.have_unseen else NULL
        prepare(&self.q, self.held, self.melds, n_melds, copies,
                SELF_DRAWN if drawn else 0, seat_wind, prevalent_wind,
                ruleset_index(ruleset))
        for k in range(N_KINDS):
            if self.held[k] + _melded(&self.q, k) > MAX_COPIES:
                raise ValueError(f"kind {k}: a fifth copy, melds counted")

    cdef bint is_14(self):
        return self.size == 14 - 3 * self.q.n_melds

    cdef object told(self, int found):
        """A distance the search found, as the caller asked: past the search's limit, "at least
        the limit asked + 1" (a hand past FARTHEST has no legal win to reach)."""
        return self.asked_limit + 1 if found > self.limit else found


cdef int _melded(const Question* q, int k) noexcept nogil:
    """Copies of kind k in the declared melds."""
    cdef int i, tile, kind, n = 0
    for i in range(q.n_melds):
        tile = q.melds[i] & 63
        kind = q.melds[i] >> 6
        if kind == MELD_CHOW:
            n += tile <= k <= tile + 2
        elif tile == k:
            n += 4 if kind >= MELD_KONG else 3
    return n


cdef void _every_discard(const count_t* held, Drawn* drawn) noexcept nogil:
    """Ask search_drawn about every kind held, ranked by cost alone, with no targets kept."""
    cdef int k
    drawn.open = 0
    for k in range(N_KINDS):
        drawn.open |= (<uint64_t>(held[k] > 0)) << k
        drawn.behind[k] = 0
    drawn.behind_is_shanten = False
    drawn.targets = NULL


cdef int distance_drawn(const count_t* held, const Question* q, int limit) noexcept nogil:
    cdef Drawn drawn
    cdef int k, best = limit + 1
    if distance(held, q.n_melds) == 0:          # complete: does it win eight already?
        for k in range(N_KINDS):
            if held[k] and _wins(held, q, k):
                return -1
    if limit < 0:
        return 0                # not a legal win: 0 or more
    _every_discard(held, &drawn)
    search_drawn(held, q, limit, False, -1, NULL, &drawn)
    for k in range(N_KINDS):
        if is_open(&drawn, k) and drawn.cost[k] - 1 < best:
            best = drawn.cost[k] - 1
    return best


cdef inline void _discard_caps(const Question* before, Question* after, int tile) noexcept nogil:
    """The caps once ``tile`` is discarded from the 14-tile hand the caps were made for."""
    memcpy(after.cap, before.cap, N_KINDS)
    if after.cap[tile]:
        after.cap[tile] -= 1


def legal_distance(counts, melds=(), seat_wind=0, prevalent_wind=0,
                   self_drawn=False, unseen=None, str ruleset="green-book",
                   limit=DEFAULT_LIMIT) -> int:
    """The legal distance of a 13-3m or 14-3m tile hand; ``limit + 1`` reads "at least that"."""
    cdef _Asked asked = _Asked(counts, melds, seat_wind, prevalent_wind, self_drawn, unseen,
                               ruleset, limit, True, True)
    cdef Found found
    if asked.is_14():
        return asked.told(distance_drawn(asked.held, &asked.q, asked.limit))
    search(asked.held, &asked.q, asked.limit, False, False, &found)
    return asked.told(found.cost - 1)


def legal_search(counts, melds=(), seat_wind=0, prevalent_wind=0,
                 self_drawn=False, unseen=None, str ruleset="green-book",
                 limit=DEFAULT_LIMIT) -> tuple:
    """(distance, exact, accepted kinds, targets as (tiles, win)) of a 13-3m tile hand."""
    return _searched(_Asked(counts, melds, seat_wind, prevalent_wind, self_drawn, unseen,
                            ruleset, limit, True, False))


cdef tuple _searched(_Asked asked):
    """legal_search's answer to the question asked."""
    cdef Found found
    cdef int i
    search(asked.held, &asked.q, asked.limit, True, True, &found)
    accepted = kinds_tuple(found.accepted)
    targets = [(bytes((<char*>found.targets[i].tiles)[:N_KINDS]), found.targets[i].win)
               for i in range(found.n_targets)]
    return asked.told(found.cost - 1), bool(found.exact), accepted, targets


def legal_acceptance(counts, melds=(), seat_wind=0, prevalent_wind=0,
                     self_drawn=False, unseen=None, str ruleset="green-book",
                     limit=DEFAULT_LIMIT) -> list:
    """(kind, copies to be had) for each kind some nearest legal target of a 13-3m tile hand
    draws; [] when none is within the limit."""
    cdef _Asked asked = _Asked(counts, melds, seat_wind, prevalent_wind, self_drawn, unseen,
                               ruleset, limit, True, False)
    cdef Found found
    cdef int k
    search(asked.held, &asked.q, asked.limit, True, False, &found)
    return [(k, asked.q.cap[k] - asked.held[k]) for k in range(N_KINDS) if found.accepted[k]]


def legal_waits(counts, melds=(), seat_wind=0, prevalent_wind=0,
                self_drawn=False, unseen=None, str ruleset="green-book") -> list:
    """(wait, points by discard, points self-drawn) of each wait of a 13-3m tile hand that wins
    eight points as asked (by discard, or self-drawn)."""
    cdef _Asked asked = _Asked(counts, melds, seat_wind, prevalent_wind, self_drawn, unseen,
                               ruleset, 0, True, False)
    cdef count_t hand[N_KINDS]
    cdef Question other = asked.q
    cdef int k, by_discard, by_draw
    other.flags = 0 if self_drawn else SELF_DRAWN
    memcpy(hand, asked.held, N_KINDS)
    out = []
    for k in range(N_KINDS):
        if hand[k] >= asked.q.cap[k]:
            continue
        hand[k] += 1
        mine = win_points(hand, &asked.q, k)
        theirs = win_points(hand, &other, k)
        hand[k] -= 1
        if mine >= _MIN_POINTS:
            by_discard, by_draw = (theirs, mine) if self_drawn else (mine, theirs)
            out.append((k, by_discard, by_draw))
    return out


def legal_discards(counts, melds=(), seat_wind=0, prevalent_wind=0,
                   self_drawn=False, unseen=None, str ruleset="green-book",
                   limit=DEFAULT_LIMIT, *, type row=tuple) -> list:
    """(tile, legal distance after, accepted kinds, their copies) for each kind of a 14-3m tile
    hand, from one search of the 14 tiles; each an instance of ``row``: tuple, or a class of
    tuples made by a class statement that adds no field of its own (a named tuple), made with
    no Python call."""
    check_row(row)
    return _discards(_Asked(counts, melds, seat_wind, prevalent_wind, self_drawn, unseen,
                            ruleset, limit, False, True), row)


cdef list _discards(_Asked asked, type row=tuple):
    """legal_discards' answer to the question asked, its rows made instances of ``row``."""
    cdef const count_t* held = asked.held
    cdef count_t to_have[N_KINDS]
    cdef Drawn drawn
    cdef int k
    _every_discard(held, &drawn)
    search_drawn(held, &asked.q, asked.limit, True, INF, NULL, &drawn)
    for k in range(N_KINDS):
        to_have[k] = asked.q.cap[k] - held[k]
    out = []
    for k in range(N_KINDS):
        if not held[k]:
            continue
        # The copies to be had after the discard (of k: one fewer held, one fewer to be had).
        out.append(make_row(row, k, asked.told(drawn.cost[k] - 1), kinds_tuple(drawn.accepted[k]),
                            copies_of(drawn.accepted[k], to_have)))
    return out


@cython.auto_pickle(False)
cdef class _KeptLists:
    """Test-only: legal_search and legal_discards through suit lists kept across the calls
    (``ask``), as rung 4's searches keep them (up to the budget ``deepest``), which must change
    no answer. ``counts()``: (asked, kept)."""
    cdef Lists* lists

    def __cinit__(self, int deepest=LIST_DEEPEST):
        self.lists = <Lists*>calloc(1, sizeof(Lists))
        if self.lists == NULL:
            raise MemoryError()
        self.lists.deepest = deepest

    def __dealloc__(self):
        free(self.lists)

    def ask(self, counts, melds=(), seat_wind=0, prevalent_wind=0,
            self_drawn=False, unseen=None, str ruleset="green-book",
            limit=DEFAULT_LIMIT) -> object:
        """legal_search's answer for a 13-3m tile hand, legal_discards' for a 14-3m one."""
        cdef _Asked asked = _Asked(counts, melds, seat_wind, prevalent_wind, self_drawn, unseen,
                                   ruleset, limit, True, True)
        asked.q.lists = self.lists
        return _discards(asked) if asked.is_14() else _searched(asked)

    def counts(self) -> tuple:
        return (self.lists.asked, self.lists.kept)
