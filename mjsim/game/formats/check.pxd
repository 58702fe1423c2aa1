# Types for mjsim/game/formats/check.py, compiled in Cython's pure-Python mode (the module stays
# plain Python): an import replays every game of its files, and the engine's state and its
# apply are C here, as are the calls from one step of the check to the next.

cimport cython

from mjsim.game.rules cimport HandState, Rules


# kind stays a Python int: C indexing would not check a kind past the 34.
@cython.locals(received=list, tiles=list, counts=list, spare=list, wall=list, fill=Py_ssize_t)
cpdef list rebuild_wall(game)


@cython.locals(rules=Rules, state=HandState, seat=int, tile=int)
cdef _replay(game, bytes seed)


@cython.locals(seat=int)
cdef _deals_agree(game, Rules rules)


@cython.locals(rules=Rules)
cdef _act(done, action)


@cython.locals(rules=Rules)
cdef _claim(done, action)


cdef _claim_move(str verb, int tile)


cdef _priority(Rules rules, action)


@cython.locals(rules=Rules)
cdef _close_window(done, int line)


cdef _apply(done, action, int seat, move)


@cython.locals(rules=Rules)
cdef _end_agrees(done)
