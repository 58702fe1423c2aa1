# The public entry points and the Python forms of what the kernel leaves.
# Part of mjsim_core.score: score.pyx includes it (its header says why).


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


def score_counts(counts, bytes melds not None, win_tile, flags, seat_wind, prevalent_wind,
                 ruleset=0) -> tuple:
    """Score a complete hand: ``(total, fans, reading)``.

    ``counts``: the concealed tiles, the winning tile included (34 ``uint8``, as
    ``Hand.counts``); ``melds``: the declared melds as :func:`meld_bytes` encodes them;
    ``flags``: the win circumstances (:func:`context_flags`) of a context already checked against
    the hand (as :func:`mjsim.scoring.scorer.check_context` does); ``ruleset``: the index of the
    ruleset in
    :data:`RULESETS`. ``total`` leaves flowers out; ``fans`` is ``(number, count)`` pairs,
    ascending; ``reading`` the reading scored, as :func:`mjsim_core.shanten.decompositions`
    gives it.

    Raises ``ValueError`` for malformed input or a hand that is not complete, ``TypeError``
    naming a number that is not a whole one.
    """
    return _score(counts_of(counts), melds, len(melds), read_int(win_tile, "win_tile", 0, 33),
                  _read_flags(flags), read_int(seat_wind, "seat_wind", 0, 3),
                  read_int(prevalent_wind, "prevalent_wind", 0, 3), _index(ruleset))


def _may_reach(counts, bytes melds not None, flags, seat_wind, prevalent_wind,
               ruleset=0) -> bool:
    """For the tests: the kernel's may_reach on a complete hand (the input read as
    :func:`score_counts` reads it, the winning tile aside)."""
    cdef const count_t* c = counts_of(counts)
    if len(melds) > 4:
        raise ValueError("at most four melds")
    return may_reach(c, melds, len(melds), _read_flags(flags),
                     read_int(seat_wind, "seat_wind", 0, 3),
                     read_int(prevalent_wind, "prevalent_wind", 0, 3), _index(ruleset))


# The numbers of score_counts and its kin, read whole (C would read a tile of 13.5 as 13).

cdef int _read_flags(object flags) except? -1:
    return read_int(flags, "flags", 0, 2 * INITIAL - 1)    # the bits of FLAGS


cdef int _index(object ruleset) except? -1:
    return read_int(ruleset, "ruleset", 0, N_RULESETS - 1)     # an index into RULESETS


def score_hand(hand, ctx, ruleset=0) -> tuple:
    """:func:`score_counts` of a :class:`~mjsim.tiles.hand.Hand` won as a
    :class:`~mjsim.scoring.WinContext` says, the context made consistent with the hand by
    :func:`mjsim.scoring.scorer.check_context` (flowers are not read).

    >>> from mjsim import Hand
    >>> from mjsim.scoring import WinContext
    >>> score_hand(Hand.parse("chow(234m) 234m 567m 567m EE"), WinContext(27, False, 1, 2))[:2]
    (10, ((50, 1), (69, 2), (71, 1), (79, 1)))
    """
    cdef object counts = _HAND.get(hand, 0)       # held while the kernel reads it
    cdef uint8_t melds[4]
    cdef int n_melds = encode_melds(_HAND.get(hand, 1), melds)
    return _score(counts_of(counts), melds, n_melds, _CONTEXT.get(ctx, 0), _flags(ctx),
                  _CONTEXT.get(ctx, 2), _CONTEXT.get(ctx, 3), _index(ruleset))


cdef class Result:
    """The value of a winning hand as the kernel leaves it: ``total`` (flowers apart),
    ``flowers``, ``ruleset`` and the hand's declared ``melds``; the elements (:meth:`found`) and
    the reading scored (:meth:`decomposition`) are made into Python objects when first asked
    for, since a game engine checking whether a hand reaches eight points needs neither.
    :class:`mjsim.scoring.Scored` adds the readable forms.

    Made by :func:`score_win`, or from Python values (a scorer written in Python) as
    ``Result(total, flowers, ruleset, melds, found, decomposition, held)``, ``held`` being the
    concealed tiles' counts; a number there that is no whole number is a ``TypeError`` naming
    it, one out of bounds (a total below 0, flowers past 8, an element that is none, a count
    of a kind past 4) a ``ValueError``.
    """

    cdef readonly int total
    cdef readonly int flowers
    cdef readonly str ruleset
    cdef readonly tuple melds
    cdef object _found                  # the Python forms, None until first asked for
    cdef object _decomposition
    cdef Scoring _scoring
    cdef count_t _held[N_KINDS]         # the concealed tiles (a copy: the hand plays on)

    def __init__(self, total, flowers, str ruleset, melds, found, decomposition,
                 held) -> None:
        # The numbers are read whole and in bounds, all before any is kept: C ints and int()
        # read a total of 10.9 as 10, and a count past 255 failed deep in the conversion.
        cdef int k, whole_total = read_int(total, "total", 0, INT_MAX)
        cdef int whole_flowers = read_int(flowers, "flowers", 0, MAX_FLOWERS)
        cdef count_t counts[N_KINDS]
        pairs = tuple([(read_int(number, f"found[{i}][0]", 1, N_NUMBERS - 1),
                        read_int(count, f"found[{i}][1]", 1, INT_MAX))
                       for i, (number, count) in enumerate(found)])
        if len(held) != N_KINDS:
            raise ValueError(f"held counts {N_KINDS} kinds, not {len(held)}")
        for k in range(N_KINDS):
            counts[k] = read_int(held[k], f"held[{k}]", 0, MAX_COPIES)
        self.total, self.flowers, self.ruleset = whole_total, whole_flowers, ruleset
        self.melds, self._found = tuple(melds), pairs
        self._decomposition = tuple(decomposition)
        memcpy(self._held, counts, N_KINDS)

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
    ``ruleset`` (a name in :data:`RULESETS`, or its index there, which the engine holds): the
    context is checked against the hand as :func:`check_win` does, and made consistent with
    it.

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
    cdef object counts = _HAND.get(hand, 0)       # held while the kernel reads it
    cdef const count_t* c = counts_of(counts)
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
    out.ruleset = RULESETS[index]
    out.melds = declared if type(declared) is tuple else tuple(declared)
    return out


# The (number, count) pairs score_counts returns, made once.
cdef list _PAIRS = [[(number, count) for count in range(8)] for number in range(N_NUMBERS)]


cdef inline object _pair(int number, int count):
    return (<list>_PAIRS[number])[count] if count < 8 else (number, count)


def formal_wait_count(counts, melds=0) -> int:
    """How many kinds complete a ready hand of 13-3m concealed tiles on paper, a fifth copy
    included (:func:`mjsim.reference.score.formal_waits`), counted no further than 2: all the
    wait elements ask is whether there was exactly one.

    >>> from mjsim import Hand
    >>> formal_wait_count(Hand.parse("1111234m").counts, 2)   # 1m (a fifth copy) or 4m
    2
    >>> formal_wait_count(Hand.parse("13m 55p").counts, 3)    # 2m only
    1
    """
    cdef int n_melds = read_melds(melds)
    cdef const count_t* c = hand_counts(counts, n_melds, True, False)
    if distance(c, n_melds) != 1:
        return 0
    return _wait_count(c, n_melds, 0)


def group_elements(tiles, pair, str scope) -> dict:
    """The relation elements of a reading's chows or pungs (compiled
    mjsim.reference.score.group_elements): ``tiles`` (up to four kinds, ascending), ``pair``
    (a kind, or -1 for none) and ``scope`` (``"chows"`` or ``"pungs"``). Raises ``TypeError``
    or ``ValueError`` naming a kind that is none (the kernel looks kinds up in tables, so
    1.5 would be read as 1 and 99 past their end), or a scope that is neither.

    >>> group_elements((19, 19, 22, 22), 13, "chows")   # 234s 234s 567s 567s
    {69: 2, 71: 1}
    """
    cdef int t[4]
    cdef uint8_t cnt[N_NUMBERS]
    cdef int n = len(tiles), i, whole_pair = read_int(pair, "pair", -1, N_KINDS - 1)
    if scope != "chows" and scope != "pungs":
        raise ValueError(f"scope is 'chows' or 'pungs', not {scope!r}")
    if n > 4:
        raise ValueError("at most four sets")
    for i in range(n):
        t[i] = read_int(tiles[i], f"tiles[{i}]", 0, N_KINDS - 1)
    memset(cnt, 0, N_NUMBERS)
    _groups(t, n, whole_pair, CHOWS if scope == "chows" else PUNGS, cnt)
    return {i: cnt[i] for i in range(N_NUMBERS) if cnt[i]}
