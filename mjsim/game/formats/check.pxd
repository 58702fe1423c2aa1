# Types for mjsim/game/formats/check.py, compiled in Cython's pure-Python mode (the module stays
# plain Python): an import replays every game of its files, and the engine's state and its
# apply are C here.

cimport cython

from mjsim.game.rules cimport HandState, Rules


@cython.locals(rules=Rules, state=HandState, seat=int, tile=int)
cdef _replay(game, bytes seed)


@cython.locals(rules=Rules)
cdef _close_window(done, int line)
