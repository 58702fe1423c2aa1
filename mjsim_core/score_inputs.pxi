# Reading and checking the input: the hand, its melds and the win context.
# Part of mjsim_core.score: score.pyx includes it (its header says why).


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
    # AT_LEAST_EIGHT is the legal search's, never a caller's: the public totals stay exact.
    if score_kernel(c, m, n_melds, win_tile, flags & ~AT_LEAST_EIGHT, seat_wind, prevalent_wind,
                    ruleset, result) < 0:
        raise ValueError("not a complete hand: no reading as four sets and a pair, seven pairs, "
                         "thirteen orphans or a knitted hand")
    return 0


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
    cdef object counts = _HAND.get(hand, 0)       # held while the checks read it
    cdef uint8_t melds[4]
    cdef int n_melds = encode_melds(_HAND.get(hand, 1), melds), flowers
    cdef int flags = _checked_flags(counts_of(counts), melds, n_melds,
                                    _CONTEXT.get(ctx, 0), _flags(ctx), _CONTEXT.get(ctx, 4),
                                    len(_HAND.get(hand, 2)), &flowers)
    return flowers, (flags & LAST_COPY) != 0


# A ruleset's name, or its index (what the engine holds, parsed once a game), to the index.
cdef dict _RULESET_INDEX = {**{name: i for i, name in enumerate(RULESETS)},
                            **{i: i for i in range(N_RULESETS)}}


cdef int _ruleset_index(object ruleset) except -1:
    # An index is what the engine holds, parsed once a game: taken as it is, with no lookup
    # (compared as a Python int: 2**64 is no C int).
    if type(ruleset) is int and 0 <= ruleset < N_RULESETS:
        return ruleset
    key = ruleset
    if not isinstance(ruleset, str):
        try:    # an int or numpy's, never a bool nor a float's whole part (a dict key's ==)
            key = whole(ruleset, "ruleset")
        except TypeError:
            key = None
    index = _RULESET_INDEX.get(key)
    if index is None:
        _check_ruleset(ruleset)     # raises, naming the rulesets
    return index
