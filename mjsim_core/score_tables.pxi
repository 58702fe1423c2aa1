# The C tables, filled from mjsim_core.elements and mjsim_core.kinds when the module loads.
# Part of mjsim_core.score: score.pyx includes it (its header says why).


cdef void _mark_splits() noexcept nogil:
    """SUIT_SPLITS from the complete suit shapes mjsim_core.shanten lists (its readings' table)."""
    cdef uint32_t codes[COMPLETE_SHAPES]
    cdef int i, n = complete_suit_codes(codes)
    memset(SUIT_SPLITS, 0, sizeof(SUIT_SPLITS))
    for i in range(n):
        SUIT_SPLITS[codes[i] >> 3] |= 1 << (codes[i] & 7)


def _check_data() -> None:
    """Refuse to load if the data has an element whose checker is not compiled here, or if the
    kinds, rulesets or forms are not the ones the C code is written for."""
    hand = {e.number for e in EVERY if e.scope == "hand"}
    groups = {e.number for e in EVERY if e.scope in ("chows", "pungs")}
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
    # First: the relation checkers below read them.
    SUIT_OF[0] = -1             # no pair: no suit, and rank 9 (as -1 % 9 + 1 in Python)
    RANK_OF[0] = 9
    for k in range(N_KINDS):
        SUIT_OF[k + 1] = k // 9 if k < N_SUITED else -1
        RANK_OF[k + 1] = k % 9 + 1 if k < N_SUITED else 0
    numbers = [e.number for e in EVERY]
    for e in EVERY:
        BOOK_POINTS[e.number] = e.points
    for rs, name in enumerate(RULESETS):
        ranked = sorted(numbers, key=lambda n: (-_points(n, name), n))
        POSITIVE[rs] = all(_points(number, name) > 0 and number not in _excludes(number, name)
                           for number in numbers)
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
            patterns = sorted((e for e in EVERY if e.scope == scope_name and e.arity == arity),
                              key=lambda e: (-e.points, e.number))
            GROUP_LEN[scope][arity] = len(patterns)
            for i, e in enumerate(patterns):
                GROUP[scope][arity][i] = e.number
            if arity == 2:
                for i, e in enumerate(sorted(patterns, key=lambda e: -e.number)):
                    RELATIONS_DOWN[scope][i] = e.number
                if {e.number for e in patterns} & {el.PURE_TERMINAL_CHOWS,
                                                   el.THREE_SUITED_TERMINAL_CHOWS}:
                    raise ImportError("mjsim_core.score: a two-set relation reads the pair, "
                                      "which the table of relations leaves out")
            if arity == 4 and not {e.number for e in patterns} <= {
                    el.BIG_FOUR_WINDS, el.QUADRUPLE_CHOW, el.FOUR_PURE_SHIFTED_PUNGS,
                    el.FOUR_PURE_SHIFTED_CHOWS, el.PURE_TERMINAL_CHOWS,
                    el.THREE_SUITED_TERMINAL_CHOWS}:
                raise ImportError("mjsim_core.score: a four-set relation _groups does not "
                                  "know to try")
        for a in range(N_KINDS):
            for b in range(N_KINDS):
                RELATIONS[scope][a][b] = _find_relation(a, b, scope)
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
    for i in range(9):
        POWERS_OF_FIVE[i] = 5 ** i
    _mark_splits()
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
    cdef int rs, pos, bit, scope, arity, i, n = len(EVERY)
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
