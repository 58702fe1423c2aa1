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
    cdef int _best_key, _best_seat     # the best answer lodged (0 and -1 while all pass)
    cdef object _best_move             # ... and its move, or None

    @cython.locals(key=int)
    cpdef answer(self, seat, move)

    cpdef list waiting_on(self)

    # The first seat waited on, or -1.
    @cython.locals(seat=int)
    cpdef int next_seat(self) except -2
    cdef bint _waits_for(self, int seat) except -1

    cpdef outcome(self)
    cpdef Window copy(self)
