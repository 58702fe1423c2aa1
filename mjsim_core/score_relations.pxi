# The relation elements of a reading's chows and pungs, and the small helpers over kinds they use.
# Part of mjsim_core.score: score.pyx includes it (its header says why).


# ---------------------------------------------------------------------------------------------
# Small helpers over kinds

cdef inline int _suit(int k) noexcept nogil:
    """0-2 for a suited kind, else -1, of a kind or -1 (no pair): looked up, as the scorer asks
    it of every set and pair."""
    return SUIT_OF[k + 1]


cdef inline int _rank(int k) noexcept nogil:
    """1-9 for a suited kind, 0 for an honour; -1 (no pair) reads as 9, as Python's modulo does.
    Of a kind or -1, looked up."""
    return RANK_OF[k + 1]


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
    if number == el.BIG_FOUR_WINDS:
        return _run_from(t, 4, FIRST_HONOR)
    elif number == el.BIG_THREE_DRAGONS:
        return _run_from(t, 3, FIRST_DRAGON)
    elif number == el.PURE_TERMINAL_CHOWS:
        _sorted_ranks(t, 4, r)
        for i in range(4):
            if _suit(t[i]) != _suit(pair):
                return False
        return _rank(pair) == 5 and r[0] == 1 and r[1] == 1 and r[2] == 7 and r[3] == 7
    elif (number == el.QUADRUPLE_CHOW or number == el.PURE_TRIPLE_CHOW
          or number == el.PURE_DOUBLE_CHOW):
        return _all_same(t, n)
    elif number == el.FOUR_PURE_SHIFTED_PUNGS or number == el.PURE_SHIFTED_PUNGS:
        return _ordered(t, n, 1)
    elif number == el.FOUR_PURE_SHIFTED_CHOWS or number == el.PURE_SHIFTED_CHOWS:
        return _ordered(t, n, 1) or _ordered(t, n, 2)
    elif number == el.PURE_STRAIGHT:
        return _ordered(t, n, 3)
    elif number == el.THREE_SUITED_TERMINAL_CHOWS:
        # Tiles ascending sort by (suit, rank): ranks 1 7 1 7 in two suits, the pair a 5 of the
        # third.
        s = _suit(pair)
        return (_rank(pair) == 5 and _rank(t[0]) == 1 and _rank(t[1]) == 7 and _rank(t[2]) == 1
                and _rank(t[3]) == 7 and _suit(t[0]) == _suit(t[1]) and _suit(t[2]) == _suit(t[3])
                and _suit(t[1]) != _suit(t[2]) and s != _suit(t[0]) and s != _suit(t[2]))
    elif number == el.TRIPLE_PUNG or number == el.MIXED_TRIPLE_CHOW:
        return _three_suits(t) and _rank(t[0]) == _rank(t[1]) == _rank(t[2])
    elif number == el.BIG_THREE_WINDS:
        return is_wind(t[0]) and is_wind(t[1]) and is_wind(t[2]) \
            and t[0] != t[1] and t[1] != t[2] and t[0] != t[2]
    elif number == el.MIXED_STRAIGHT:
        _sorted_ranks(t, 3, r)
        return _three_suits(t) and r[0] == 1 and r[1] == 4 and r[2] == 7
    elif number == el.MIXED_SHIFTED_PUNGS or number == el.MIXED_SHIFTED_CHOWS:
        _sorted_ranks(t, 3, r)
        return _three_suits(t) and r[1] == r[0] + 1 and r[2] == r[0] + 2
    elif number == el.TWO_DRAGON_PUNGS:
        return is_dragon(t[0]) and is_dragon(t[1])
    elif number == el.DOUBLE_PUNG:
        return t[1] < N_SUITED and _suit(t[0]) != _suit(t[1]) and _rank(t[0]) == _rank(t[1])
    elif number == el.MIXED_DOUBLE_CHOW:
        return _suit(t[0]) != _suit(t[1]) and _rank(t[0]) == _rank(t[1])
    elif number == el.SHORT_STRAIGHT:
        return _suit(t[0]) == _suit(t[1]) and t[1] - t[0] == 3
    elif number == el.TWO_TERMINAL_CHOWS:
        return _suit(t[0]) == _suit(t[1]) and _rank(t[0]) == 1 and _rank(t[1]) == 7
    return False


# The chow and pung relations whose conditions _pattern holds (a new one is added to both);
# _check_data refuses to load the kernel when the data's relations are not these.
_PATTERNS = {1, 2, 13, 14, 15, 16, 23, 24, 28, 29, 30, 32, 38, 39, 41, 42, 51, 54, 65, 69, 70, 71,
             72}


cdef int _find_relation(int a, int b, int scope) noexcept nogil:
    """The two-set element of sets a and b, or 0, tried element by element (no two-set element
    reads the pair: _load_tables checks): RELATIONS holds it for every two kinds."""
    cdef int two[4]            # room for any pattern's reads
    cdef int i
    # Every two-set element is of one set twice, two dragons, or suited sets whose ranks differ
    # by 0, 3 or 6: most pairs are none, told without trying each element.
    if a != b and not (is_dragon(a) and is_dragon(b)) and not (
            a < N_SUITED and b < N_SUITED and (_rank(a) - _rank(b) + 9) % 3 == 0):
        return 0
    two[0] = a if a < b else b
    two[1] = b if a < b else a
    two[2] = two[3] = -1
    for i in range(GROUP_LEN[scope][2]):
        if _pattern(GROUP[scope][2][i], two, 2, -1):
            return GROUP[scope][2][i]
    return 0


cdef inline int _relation(int a, int b, int scope) noexcept nogil:
    """The two-set element of sets a and b, or 0: looked up, as the relations are asked of every
    two sets of every reading scored."""
    return RELATIONS[scope][a][b]


cdef inline bint _better(int a, int b) noexcept nogil:
    """Element a ranks before element b: more points, then the lower number."""
    return BOOK_POINTS[a] > BOOK_POINTS[b] or (BOOK_POINTS[a] == BOOK_POINTS[b] and a < b)


cdef void _capped_relations(const int* t, int n, int scope, uint8_t* cnt) noexcept nogil:
    """Two-set relations, at most the sets minus their connected groups, repeated kinds cut
    first."""
    cdef int root[4]
    cdef int tally[N_NUMBERS]
    cdef int found[6]          # the relations met, at most one a pair of the four sets
    cdef int i, j, a, b, r, edges = 0, groups = 0, excess, floor, number, cut
    cdef int kinds = GROUP_LEN[scope][2]
    cdef const int* by_number = RELATIONS_DOWN[scope]
    if n < 2:
        return
    for i in range(n):
        root[i] = i
    for i in range(n):
        for j in range(i + 1, n):
            r = _relation(t[i], t[j], scope)
            if r:
                found[edges] = r
                edges += 1
                a = i
                while root[a] != a:
                    a = root[a]
                b = j
                while root[b] != b:
                    b = root[b]
                root[a] = b
    if edges == 0:
        return                  # most groups: no tally to trim
    for i in range(kinds):
        tally[by_number[i]] = 0
    for i in range(edges):
        tally[found[i]] += 1
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


cdef inline bint _even_ranks(const int* t) noexcept nogil:
    """The three sets' ranks, sorted, are evenly spaced."""
    cdef int r[3]
    _sorted_ranks(t, 3, r)
    return r[1] - r[0] == r[2] - r[1]


cdef void _groups(const int* t, int n, int pair, int scope, uint8_t* cnt) noexcept nogil:
    """The relation elements of n chows (or pungs), counted once each
    (mjsim.reference.score.group_elements)."""
    cdef int three[4]
    cdef int skip, i, j, f, number, rel, r, value, best_value = 0, best = 0, best_rel = 0, m
    cdef int a, b, c
    # Every four-set element has its sets in one suit (or all honours: the sets ascend, so the
    # first and last tell) but Three-Suited Terminal Chows, whose pair is a 5 (_load_tables
    # checks there are no others).
    if n == 4 and (_suit(t[0]) == _suit(t[3]) or _rank(pair) == 5):
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
            if a >= 0 and c >= 0 and not _even_ranks(three):
                continue    # suited sets: every three-set pattern's ranks are evenly spaced
            for f in range(GROUP_LEN[scope][3]):
                number = GROUP[scope][3][f]
                if not _pattern(number, three, 3, pair):
                    continue
                rel = 0
                if n == 4:
                    for j in range(3):
                        r = _relation(three[j], t[skip], scope)
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
    _capped_relations(t, n, scope, cnt)
