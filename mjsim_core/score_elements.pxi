# The elements of one reading: the whole-hand ones every reading shares (_base), the waits,
# and the reading's own sets and pair (_evaluate).
# Part of mjsim_core.score: score.pyx includes it (its header says why).


# The whole-hand elements whose conditions are written below (in _base, _unique_wait's callers and
# _evaluate); _check_data refuses to load the kernel when the data's hand elements are not these.
_HAND_ELEMENTS = {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 17, 18, 19, 20, 21, 22, 25, 26, 27, 31, 33, 34,
                  35, 36, 37, 40, 44, 45, 46, 47, 48, 49, 50, 52, 53, 55, 56, 57, 58, 59, 60, 61,
                  62, 63, 64, 66, 67, 68, 73, 74, 75, 76, 77, 78, 79, 80, 82}


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
    b[el.ALL_GREEN] = (props & GREEN) != 0
    b[el.ALL_TERMINALS] = (props & TERMINAL) != 0
    b[el.ALL_HONORS] = (props & HONOR) != 0
    b[el.ALL_TERMINALS_AND_HONORS] = (props & TERMINAL_OR_HONOR) != 0
    b[el.FULL_FLUSH] = n_suits == 1 and not honors
    b[el.UPPER_TILES] = (props & UPPER) != 0
    b[el.MIDDLE_TILES] = (props & MIDDLE) != 0
    b[el.LOWER_TILES] = (props & LOWER) != 0
    b[el.UPPER_FOUR] = (props & UPPER_FOUR) != 0
    b[el.LOWER_FOUR] = (props & LOWER_FOUR) != 0
    b[el.REVERSIBLE_TILES] = (props & REVERSIBLE) != 0
    b[el.HALF_FLUSH] = n_suits == 1 and honors
    b[el.ALL_TYPES] = n_suits == 3 and winds and dragons
    b[el.ALL_SIMPLES] = (props & SIMPLE) != 0
    b[el.ONE_VOIDED_SUIT] = n_suits == 2
    b[el.NO_HONORS] = not honors
    if w.n_melds == 0 and w.win < N_SUITED:
        gates[0] = gates[8] = 3
        for i in range(1, 8):
            gates[i] = 1
        base = _suit(w.win) * 9
        b[el.NINE_GATES] = 1
        for i in range(9):
            if w.held[base + i] != gates[i]:
                b[el.NINE_GATES] = 0
    melded = w.n_melds - w.ckongs
    ckongs = w.ckongs
    mkongs = w.kongs - ckongs
    b[el.FOUR_KONGS] = w.kongs >= 4
    b[el.THREE_KONGS] = w.kongs >= 3
    b[el.TWO_CONCEALED_KONGS] = ckongs >= 2
    b[el.TWO_MELDED_KONGS] = mkongs >= 2
    b[el.CONCEALED_KONG] = ckongs >= 1
    b[el.MELDED_KONG] = mkongs >= 1
    b[el.CONCEALED_KONG_AND_MELDED_KONG] = ckongs >= 1 and mkongs >= 1
    b[el.LAST_TILE_DRAW] = sd and wall_last
    b[el.LAST_TILE_CLAIM] = not sd and wall_last
    b[el.OUT_WITH_REPLACEMENT_TILE] = (w.flags & REPLACEMENT) != 0
    b[el.ROBBING_THE_KONG] = (w.flags & ROBBING) != 0
    b[el.LAST_TILE] = (w.flags & LAST_COPY) != 0
    b[el.SELF_DRAWN] = sd
    b[el.MELDED_HAND] = melded == 4 and not sd
    b[el.FULLY_CONCEALED_HAND] = melded == 0 and sd
    b[el.CONCEALED_HAND] = melded == 0 and not sd
    b[el.TILE_HOG] = hogs - w.kongs     # a declared kong holds all four copies without a Tile Hog


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
    """Edge, Closed or Single Wait by where the winning tile sits in the concealed chows and the
    pair; else 0."""
    cdef int i, low, win = w.win
    for i in range(r.n_chows):
        low = r.chows[i]
        if win == low or win == low + 2:
            return el.EDGE_WAIT
    for i in range(r.n_chows):
        if win == r.chows[i] + 1:
            return el.CLOSED_WAIT
    return el.SINGLE_WAIT if r.pair == win else 0


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


cdef int _evaluate(Win* w, const Reading* r, uint8_t* cnt) noexcept nogil:
    """Element counts of one reading after the principles (mjsim.reference.score.evaluate); its
    total."""
    cdef int chows[4]
    cdef int pungs[4]
    cdef int nc, npg, i, concealed = w.ckongs, shape = 0, total, win = w.win
    cdef bint in_chow = False, sd = (w.flags & SELF_DRAWN) != 0
    cdef uint8_t without[N_NUMBERS]
    for i in range(r.n_chows):
        in_chow |= r.chows[i] <= win <= r.chows[i] + 2
    for i in range(r.n_pungs):
        # A pung completed by the winning discard is melded, unless the tile fits a chow (D18).
        concealed += sd or r.pungs[i] != win or in_chow
    nc = _sets(w, r, chows, pungs, &npg)
    _elements(w, r, chows, nc, pungs, npg, concealed, cnt)
    if r.form == REGULAR or r.form == KNITTED_STRAIGHT:
        shape = _wait_shape(w, r)
    if shape and w.flags & AT_LEAST_EIGHT:
        # A wait element adds a point and suppresses only the other waits: the total without it
        # is on the same side of eight unless it is seven, or nothing (Chicken Hand's eight).
        memcpy(without, cnt, N_NUMBERS)
        total = _suppress(w, without)
        if total != _MIN_POINTS - 1 and not without[el.CHICKEN_HAND]:
            memcpy(cnt, without, N_NUMBERS)
            return total
    if shape and _unique_wait(w, r):
        cnt[shape] = 1
    return _suppress(w, cnt)


cdef int _sets(const Win* w, const Reading* r, int* chows, int* pungs, int* npg) noexcept nogil:
    """The reading's chows and pungs, the declared ones with them, each sorted; how many chows
    (``npg``: pungs)."""
    cdef int nc = 0, i
    npg[0] = 0
    for i in range(w.n_dchows):
        chows[nc] = w.dchows[i]
        nc += 1
    for i in range(r.n_chows):
        chows[nc] = r.chows[i]
        nc += 1
    _sort(chows, nc)
    for i in range(w.n_dpungs):
        pungs[npg[0]] = w.dpungs[i]
        npg[0] += 1
    for i in range(r.n_pungs):
        pungs[npg[0]] = r.pungs[i]
        npg[0] += 1
    _sort(pungs, npg[0])
    return nc


cdef void _elements(const Win* w, const Reading* r, const int* chows, int nc, const int* pungs,
                    int npg, int concealed, uint8_t* cnt) noexcept nogil:
    """The reading's element counts before the principles, the wait elements left out: w.base's
    and those of its sets and pair, ``concealed`` of its pungs and kongs concealed."""
    cdef int i, k, form = r.form, pair = r.pair, winds = 0, dragons = 0, terminal = 0, left
    cdef bint has_prevalent = False, has_seat = False, take_winds, even, fives, outside
    memcpy(cnt, w.base, N_NUMBERS)
    if form == SEVEN_PAIRS:
        cnt[el.SEVEN_PAIRS] = 1
        cnt[el.SEVEN_SHIFTED_PAIRS] = _shifted_pairs(w.conc)
    elif form == ORPHANS:
        cnt[el.THIRTEEN_ORPHANS] = 1
    elif form == HONORS_KNITTED:
        cnt[el.LESSER_HONORS_AND_KNITTED_TILES] = 1
        k = 0
        for i in range(FIRST_HONOR, N_KINDS):
            k += w.conc[i] > 0
        cnt[el.GREATER_HONORS_AND_KNITTED_TILES] = k == 7
        cnt[el.KNITTED_STRAIGHT] = k == 5        # fourteen different kinds: nine of them suited
    elif form == KNITTED_STRAIGHT:
        cnt[el.KNITTED_STRAIGHT] = 1
    for i in range(npg):
        k = pungs[i]
        if is_wind(k):
            winds += 1
            has_prevalent |= k == FIRST_HONOR + w.prevalent
            has_seat |= k == FIRST_HONOR + w.seat
        elif is_dragon(k):
            dragons += 1
        terminal += is_terminal(k) or is_wind(k)
    cnt[el.LITTLE_FOUR_WINDS] = winds == 3 and is_wind(pair)
    cnt[el.LITTLE_THREE_DRAGONS] = dragons == 2 and is_dragon(pair)
    cnt[el.FOUR_CONCEALED_PUNGS] = concealed >= 4
    cnt[el.THREE_CONCEALED_PUNGS] = concealed >= 3
    cnt[el.TWO_CONCEALED_PUNGS] = concealed >= 2
    if form == REGULAR:
        cnt[el.ALL_PUNGS] = npg == 4
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
        cnt[el.ALL_EVEN_PUNGS] = even
        cnt[el.ALL_FIVES] = fives
        cnt[el.OUTSIDE_HAND] = outside
    cnt[el.DRAGON_PUNG] = dragons
    cnt[el.PREVALENT_WIND] = has_prevalent
    cnt[el.SEAT_WIND] = has_seat
    cnt[el.ALL_CHOWS] = ((form == REGULAR and nc == 4) or (form == KNITTED_STRAIGHT and nc == 1)) \
        and 0 <= pair < N_SUITED
    cnt[el.PUNG_OF_TERMINALS_OR_HONORS] = terminal
    _groups(chows, nc, pair, CHOWS, cnt)
    _groups(pungs, npg, pair, PUNGS, cnt)
    if cnt[el.PUNG_OF_TERMINALS_OR_HONORS]:
        # The wind elements take their pungs from Pung of Terminals or Honors (docs/rulings.md).
        take_winds = cnt[el.BIG_FOUR_WINDS] or cnt[el.LITTLE_FOUR_WINDS] or cnt[el.BIG_THREE_WINDS]
        left = 0
        for i in range(npg):
            k = pungs[i]
            if not (is_terminal(k) or is_wind(k)):
                continue
            if is_wind(k) and (take_winds
                               or (cnt[el.PREVALENT_WIND] and k == FIRST_HONOR + w.prevalent)
                               or (cnt[el.SEAT_WIND] and k == FIRST_HONOR + w.seat)):
                continue
            left += 1
        if w.ruleset == GB_MAHJONG and cnt[el.NINE_GATES]:
            left -= 1           # D7: GB-Mahjong's Nine Gates removes exactly one
        cnt[el.PUNG_OF_TERMINALS_OR_HONORS] = left if left > 0 else 0
