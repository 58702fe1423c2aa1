# The rungs' choices as C functions, for a caller that holds the game's state itself (the
# compiled game loop, mjsim.players.loop) rather than a view; rungs.pyx says what they choose.
from cpython.object cimport PyObject
from libc.stdint cimport uint8_t

from mjsim_core._types cimport count_t, N_KINDS

cdef enum:
    NOT_A_CLAIM = 255           # a window's move that answer_kernel does not weigh (win, pass)

cdef struct Seat:
    # What a decision reads of the seat, gathered once (read_seat).
    const count_t* counts       # the concealed tiles
    uint8_t melds[5]            # the declared melds as the scorer's bytes, room for a claim
    int n_melds
    int me
    int wind
    int prevalent
    int ruleset
    # Borrowed for the call: the four pools, and the four seats' melds, read only when a
    # decision needs them (exposed: four sequences of melds; or, with by_hand, four hands whose
    # .melds they are). Another seat's concealed kong is never counted as seen.
    PyObject* pools
    PyObject* exposed
    bint by_hand
    const count_t* shown        # the copies of each kind face up (NULL: count the pools, melds)
    bint have_unseen
    int unseen[N_KINDS]         # copies the seat cannot see (filled when first needed)
    count_t unseen_bytes[N_KINDS]   # the same, a byte each (for copies_of)
    int sight                   # how far rung 4 sees the legal distance (set by its kernels)

cdef struct Choices:
    # What turn_kernel and answer_kernel leave: the kept discards (kinds, ascending) or claims
    # (indexes), and the kong chosen (an index into the kongs given, or -1).
    int n
    int kong
    int items[N_KINDS]

# Gather the seat: ruleset is an index into mjsim_core.elements.RULESETS; ``shown`` the
# engine's copies face up (HandState.shown), or NULL.
cdef int read_seat(Seat* seat, const count_t* counts, object melds, int me, int dealer,
                   int prevalent, int ruleset, object pools, object exposed,
                   bint by_hand, const count_t* shown) except -1

# On one's turn: of the discards in out (kinds, ascending, out.n of them) and the kongs (kinds, in
# legal order), those the rung ranks best: one kong (out.kong), or the discards left tied;
# ``ideas`` as turn_choices takes them (with eight and shanten, rung 4's road).
cdef int turn_kernel(Seat* seat, int ideas, const int* kongs, int n_kongs,
                     Choices* out) except -1

# In a window on ``tile``: the claims (meld bytes with the claim in them, or NOT_A_CLAIM) the
# rung ranks best; none: pass.
cdef int answer_kernel(Seat* seat, int ideas, int tile, const uint8_t* claims, int n,
                       Choices* out) except -1

# The same for a caller holding the game's state (rungs.pyx says what the bit sets mean).
cpdef long long turn_pick(const count_t[::1] counts, object melds, int me, int dealer,
                          int prevalent, int ruleset, object pools, object hands,
                          const count_t[::1] shown, int ideas, object kongs) except -1
cpdef long long answer_pick(const count_t[::1] counts, object melds, int me, int dealer,
                            int prevalent, int ruleset, object pools, object hands,
                            const count_t[::1] shown, int ideas, int tile,
                            object claims) except -1

# The tie-break word of what the seat sees (rungs.pyx says how it is written), and the word
# re-keyed by a salt.
cpdef unsigned long long seat_word(const count_t[::1] counts, int seat, int seat_wind,
                                   object pools, object exposed, bint by_hand, str phase,
                                   int drawn, object window) except? 0
cpdef unsigned long long rekeyed(unsigned long long word, unsigned long long salt) noexcept
