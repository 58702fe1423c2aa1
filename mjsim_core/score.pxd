from libc.stdint cimport uint8_t, int8_t

from mjsim_core._types cimport count_t
from mjsim_core.shanten cimport Reading

cdef enum:
    # Element numbers 1-82 (82: Concealed Kong and Melded Kong); 0 and 83-87 unused, so that
    # counts by number fill eleven 64-bit words.
    N_NUMBERS = 88

# Win circumstances, or-ed into one flags int.
cdef enum:
    SELF_DRAWN = 1
    LAST_COPY = 2
    WALL_LAST = 4
    REPLACEMENT = 8
    ROBBING = 16
    INITIAL = 32                # the dealer's dealt tiles are complete (D20): no wait element
    # Not a circumstance: only whether the total reaches eight is asked, so a total on the same
    # side of eight may be returned (a wait element is worked out only where its point could
    # cross it: from seven, or from nothing, Chicken Hand).
    AT_LEAST_EIGHT = 64

# A declared meld in one byte: tile | type << 6.
cdef enum:
    MELD_CHOW = 0
    MELD_PUNG = 1
    MELD_KONG = 2
    MELD_CONCEALED_KONG = 3

# The best reading's value: its total (flowers apart) and the count of each element scored.
cdef struct Scoring:
    int total
    Reading reading
    uint8_t counts[N_NUMBERS]

# Score a complete hand: concealed counts (the winning tile included), n_melds meld bytes, the
# winning tile, the flags, the winds and the ruleset (index into mjsim_core.elements.RULESETS).
# Returns 0, or -1 when the hand has no reading (not complete).
cdef int score_kernel(const count_t* counts, const uint8_t* melds, int n_melds, int win, int flags,
                      int seat_wind, int prevalent_wind, int ruleset, Scoring* out) noexcept nogil
# Whether the complete hand may score eight or more won on some tile it holds, with these flags
# (LAST_COPY: Last Tile may apply): False only when no winning tile's score_kernel total reaches
# eight (a bound from one pass over its readings, not a score; False for a hand not complete).
cdef bint may_reach(const count_t* counts, const uint8_t* melds, int n_melds, int flags,
                    int seat_wind, int prevalent_wind, int ruleset) noexcept nogil

# Write the byte of each declared meld (a kind, tiles and concealed, as mjsim.tiles.meld.Meld has
# them; at most four) to out; returns how many.
cdef int encode_melds(object melds, uint8_t* out) except -1
