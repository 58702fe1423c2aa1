# Types for mjsim/game/window.py, compiled in Cython's pure-Python mode (the module stays plain
# Python).

cimport cython


cpdef int claim_key(move, int seat, int source) except -1


cdef class Window:
    cdef public str kind
    cdef public int tile, source
    cdef public dict may, answers
    cdef list _order                   # the seats asked, in turn order after the source
    cdef dict _top                     # seat -> the key of its best claim

    cpdef answer(self, seat, move)

    # The best answer lodged: (key, seat, move), or (0, -1, None) when none beats a pass.
    @cython.locals(key=int, best_key=int, best_seat=int)
    cdef tuple _best(self)

    @cython.locals(best_key=int)
    cpdef list waiting_on(self)

    # The first seat waited on, or -1.
    @cython.locals(best_key=int, seat=int)
    cpdef int next_seat(self) except -2
    cdef bint _waits_for(self, int seat, int best_key) except -1

    cpdef outcome(self)
    cpdef Window copy(self)
