# Types and constants every kernel cimports.
from libc.stdint cimport uint8_t, int8_t, int32_t

ctypedef uint8_t count_t          # copies of one kind held: 0-4

# The kinds (docs/architecture.md#the-data), as mjsim_core.kinds has them for Python
# (mjsim_core.score checks the two agree when it loads).
cdef enum:
    N_KINDS = 34                  # playing kinds (bonus tiles never enter a counts array)
    N_SUITED = 27                 # 0-26: 1m-9m, 1p-9p, 1s-9s
    FIRST_HONOR = 27              # the winds E S W N come first
    FIRST_DRAGON = 31             # then the dragons R G B
    MAX_COPIES = 4


# A wind, E S W N.
cdef inline bint is_wind(int k) noexcept nogil:
    return FIRST_HONOR <= k < FIRST_DRAGON


# A dragon, R G B.
cdef inline bint is_dragon(int k) noexcept nogil:
    return FIRST_DRAGON <= k < N_KINDS


# A 1 or a 9 of a suit (False for an honour, and for -1, "no pair").
cdef inline bint is_terminal(int k) noexcept nogil:
    return 0 <= k < N_SUITED and (k % 9 == 0 or k % 9 == 8)
