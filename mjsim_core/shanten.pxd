from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from mjsim_core._types cimport count_t, N_KINDS, N_SUITED

cdef enum:
    SLOTS = 10                  # a table vector: (sets 0-4) x (pair 0-1), slot = 2 * sets + pair
    # Room for every reading: a hand has at most four standard ones and few of the other forms.
    MAX_READINGS = 32
    # The forms, as indexes into FORMS.
    REGULAR = 0
    SEVEN_PAIRS = 1
    ORPHANS = 2
    HONORS_KNITTED = 3
    KNITTED_STRAIGHT = 4

# One reading of a complete hand's concealed tiles (declared melds are shared by every reading).
cdef struct Reading:
    int8_t form                 # index into FORMS
    int8_t pair                 # the pair's kind (thirteen orphans: the doubled kind), -1 if none
    int8_t perm                 # the knitted arrangement of a knitted straight, else -1
    int8_t n_chows
    int8_t n_pungs
    int8_t chows[4]             # lowest kind of each concealed chow, ascending
    int8_t pungs[4]             # kind of each concealed pung, ascending

# The functions below that read the regular form's tables build them at their first call in a
# process (the first to need them waits about 0.3 s).

# Tiles to exchange to complete a hand in each form (the shanten is this minus one); a large
# number when the form is ruled out by the meld count.
cdef int regular_distance(const count_t* counts, int melds) noexcept nogil
cdef int seven_pairs_distance(const count_t* counts) noexcept nogil
cdef int orphans_distance(const count_t* counts) noexcept nogil
cdef int honors_knitted_distance(const count_t* counts) noexcept nogil
cdef int knitted_straight_distance(const count_t* counts, int melds) noexcept nogil
# The minimum over every form the meld count allows.
cdef int distance(const count_t* counts, int melds) noexcept nogil
# Fills accepted[k] = 1 for each kind whose addition lowers the distance of a 3n+1 hand; returns
# that hand's distance.
cdef int accepted_kinds(const count_t* counts, int melds, count_t* accepted) noexcept nogil
# Every reading of a complete concealed part of 14-3m tiles into out (MAX_READINGS long): each
# standard grouping once, then seven pairs, thirteen orphans, honours and knitted, and the knitted
# straights; returns how many.
cdef int readings_of(const count_t* counts, int melds, Reading* out) noexcept nogil

cdef struct KeptMarks:
    # A discard's regular marks, kept by the discards of one 14-tile hand: its other suits'
    # depend only on the vector it leaves its own suit (``suit``, -1 none yet; ``vec``), so a
    # later discard of the suit that leaves the same vector reads them (two lone tiles do).
    int suit
    count_t vec[SLOTS]
    count_t marks[N_KINDS]

cdef struct RegularParts:
    # What the regular acceptance of a 3n+1 hand reads: each suit's vector, each kind's suit
    # vector with one more copy of it, and each suit's complement (the other three suits merged).
    const count_t* vec[4]
    const count_t* changed[N_KINDS]
    count_t others[4][SLOTS]
    int unread                      # a suit whose changed vectors are still to look up, or -1
    # Where the suits other than ``unread`` have theirs, when not in ``changed``: the parts
    # that the discards from one 14-tile hand share, a suit looked up there when a discard
    # first reads it (its bit set in ``shared_read``); NULL when ``changed`` holds every suit.
    RegularParts* shared
    int* shared_read
    # The discards' kept marks (NULL: none): ``kept_read``, the suits other than ``unread``
    # read theirs; else the marks worked out are kept there, for a later discard.
    KeptMarks* kept
    bint kept_read

cdef struct KnitParts:
    # What every arrangement shares: the kinds held more than 0, 1, 2 and 3 times as bit sets,
    # how many of each arrangement's nine kinds the hand lacks, and per suit and offset the
    # suit's table vector once one of each held knitted rank is set aside (NULL until needed).
    uint64_t held[4]
    int missing[6]
    const count_t* rest[3][3]
    const count_t* honors

cdef struct DiscardParts:
    # What every discard from one 14-tile hand shares: its suit vectors, their merges two at a
    # time and three at a time, and each kind's suit vector with one more copy of it. A discard
    # changes one suit only, so the other suits' parts serve every candidate.
    const count_t* vec[4]
    count_t two[4][4][SLOTS]
    count_t three[4][SLOTS]         # three[t]: every suit but t
    # three[t] backward over the slots the hand's sets use (slots: 2 * sets + 2), so that a
    # discard's distance is the least of its suit's vector plus this, slot by slot.
    count_t backward[4][SLOTS]
    int slots
    # Each kind's suit vector with one more copy: a suit's are looked up when a discard's
    # acceptance first reads them (plus_read: those suits, a bit each), as most turns read none.
    RegularParts plus
    int plus_read
    KnitParts knit                  # the special forms' (a discard changes one bit of them)
    # The 14 tiles' least distance in a special form (INF: none, with two melds or more): no
    # discard leaves a special form nearer than that, so a discard whose regular distance is
    # less needs no special form worked out.
    int specials
    KeptMarks kept                  # the last marks worked out whole (accepted_after)

# A suit's nine counts from ``c`` on as a number in base 5 (the first rank its lowest digit):
# the first eight joined in pairs, then pairs of pairs, then halves, each in place (no lane
# overflows: at most 24, 624, 390,624).
cdef inline uint32_t suit_code(const count_t* c) noexcept nogil:
    cdef uint64_t w
    memcpy(&w, c, 8)
    w = (w & 0x00FF00FF00FF00FFull) + ((w >> 8) & 0x00FF00FF00FF00FFull) * 5
    w = (w & 0x0000FFFF0000FFFFull) + ((w >> 16) & 0x0000FFFF0000FFFFull) * 25
    w = (w & 0xFFFFFFFFull) + (w >> 32) * 625
    return <uint32_t>w + c[8] * 390625u

# The codes (suit_code) of the complete shapes of a suit, 0-4 sets and the pair or none, the
# empty one too, into ``codes`` (COMPLETE_SHAPES long); returns how many.
cdef enum:
    COMPLETE_SHAPES = 21743
cdef int complete_suit_codes(uint32_t* codes) noexcept nogil

# The suit of a kind: 0-2, or 3 for the honours.
cdef inline int suit_of(int k) noexcept nogil:
    return k // 9 if k < N_SUITED else 3

# The discards of one 14-3m tile hand: fill their shared parts once, then for the hand less one
# tile of kind ``discarded``, its distance() or its accepted_kinds() (returning its distance).
cdef void discard_parts(const count_t* counts, int melds, DiscardParts* parts) noexcept nogil
cdef int distance_after(const count_t* hand, int melds, int discarded,
                        const DiscardParts* shared) noexcept nogil
cdef int accepted_after(const count_t* hand, int melds, int discarded,
                        DiscardParts* shared, count_t* accepted) noexcept nogil
# accepted_after() for each of ``n`` discards (kinds held) of the 14-3m tile ``hand``, given
# back as it came: the accepted kinds into accepted[i], the distance into distances[i].
cdef void accepted_each(count_t* hand, int melds, const int* discards, int n,
                        DiscardParts* shared, count_t (*accepted)[N_KINDS],
                        int* distances) noexcept nogil

# A player's unseen copies (34 counts of 0-4), checked, into ``copies``.
cdef int read_unseen(object unseen, count_t* copies) except -1

# shanten(), waits() and wait_mask() (the waits as bits) for the engine, whose ``melds`` is a C
# int of 0-4 already (the faces read theirs, checked): cpdef, as the engine also runs uncompiled.
cpdef int _shanten_of(counts, int melds) except -2
cpdef list _waits_of(counts, int melds)
cpdef long long _wait_mask_of(counts, int melds) except -1

# The Python face's pieces the legal kernel shares: the marked kinds as a tuple, and rows made
# instances of a named tuple class (check_row refuses any other class; make_row makes one).
cdef tuple kinds_tuple(const count_t* marked)
cdef int check_row(type row) except -1
cdef object make_row(type row, object a, object b, object c, object d)
