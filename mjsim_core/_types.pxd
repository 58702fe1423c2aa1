# Types and constants every kernel cimports.
from libc.stdint cimport uint8_t, int8_t, int32_t

ctypedef uint8_t count_t          # copies of one kind held: 0-4

cdef enum:
    N_KINDS = 34                  # playing kinds (bonus tiles never enter a counts array)
    N_SUITED = 27
    MAX_COPIES = 4
