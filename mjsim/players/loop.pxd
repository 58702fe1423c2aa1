# Types for mjsim/players/loop.py, compiled in Cython's pure-Python mode (the module stays plain
# Python): the engine's state and its cdef methods are read and called as C, and the rungs'
# choices are the C functions of mjsim_core/rungs.pyx.

cimport cython

from mjsim.game.rules cimport HandState, Rules
from mjsim.game.window cimport Window
from mjsim_core.rungs cimport answer_pick, rekeyed, seat_word, turn_pick

# The module's constants, read on every move, as C.
cdef int _DRAWN, _WIN, _KONG, _KONG_BIT, _CLAIMS


@cython.locals(state=HandState, window=Window, seat=int, move=int)
cdef _run(Rules game, list plans, int rules)


@cython.locals(level=int, ideas=int, k=int, mask="long long", row="const unsigned char[::1]")
cdef int _turn(Rules game, HandState state, int seat, tuple plan, int rules) except -2


@cython.locals(level=int, ideas=int, mask="long long", row="const unsigned char[::1]")
cdef object _answer(Rules game, HandState state, Window window, int seat, tuple plan, int rules)


@cython.locals(count=int, word="unsigned long long", row="const unsigned char[::1]")
cdef int _pick(Rules game, HandState state, int seat, tuple plan, long long mask,
               Window window) except -1


@cython.locals(count=int)
cdef int _bits(long long mask) noexcept


@cython.locals(bit=int)
cdef int _nth_bit(long long mask, int n) noexcept
