# Waits: whether exactly one kind completed the hand, for the wait elements.
# Part of mjsim_core.score: score.pyx includes it (its header says why).


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
        pattern[g] = suit_code(held + 9 * g)
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
