# Types for mjsim/game/window.py, compiled in Cython's pure-Python mode (the module stays plain
# Python).

cimport cython


# Each kind of move's rank, read as a C dict: its key is a C sum.
cdef dict _RANK


@cython.locals(rank=int)
cpdef int claim_key(move, int seat, int source) except -1


cdef class Window:
    cdef public str kind
    cdef public int tile, source
    cdef public dict may, answers
    cdef int _tops                     # each seat's best claim key, four bits a seat
    # The best answer lodged (0, -1 and None while all pass): the engine reads the seat and
    # the move when the window closes.
    cdef int _best_key, _best_seat
    cdef object _best_move
    cdef int _answered                 # a bit a seat

    @cython.locals(seat=int, top=int)
    cdef _open(self, str kind, int tile, int source, dict may)

    @cython.locals(key=int)
    cpdef answer(self, int seat, move)

    @cython.locals(step=int)
    cpdef list waiting_on(self)

    # The first seat waited on, or -1.
    @cython.locals(seat=int, step=int)
    cpdef int next_seat(self) except -2
    cdef bint _waits_for(self, int seat) except -1

    cpdef outcome(self)
    cdef list _asked(self)
    cpdef Window copy(self)


# A window opened by the engine: Window(...) without the call's argument parsing.
@cython.locals(window=Window)
cpdef Window open_window(str kind, int tile, int source, dict may)
