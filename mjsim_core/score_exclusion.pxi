# The exclusion principles: what a higher element suppresses, and Chicken Hand.
# Part of mjsim_core.score: score.pyx includes it (its header says why).


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
        cnt[el.CHICKEN_HAND] = 1
        total = POINTS[rs][el.CHICKEN_HAND]
    return total


cdef int _unsuppressed(const Win* w, const uint8_t* cnt) noexcept nogil:
    """The points of every element counted, none suppressed: no less than _suppress's total
    when every element scores (POSITIVE), which then is no Chicken Hand unless this is 0 (the
    first element in the suppression order is never suppressed)."""
    cdef uint64_t chunk
    cdef int first, pos, total = 0
    for first in range(0, N_NUMBERS, 8):
        memcpy(&chunk, cnt + first, 8)
        while chunk:
            pos = __builtin_ctzll(chunk) >> 3
            chunk &= ~((<uint64_t>0xFF) << (8 * pos))
            total += POINTS[w.ruleset][first + pos] * cnt[first + pos]
    return total
