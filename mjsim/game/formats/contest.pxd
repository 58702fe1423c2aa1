# Types for mjsim/game/formats/contest.py, compiled in Cython's pure-Python mode (the module
# stays plain Python): a file of 100,000 games is twelve million lines, and reading them was
# a fifth of an import's time interpreted.

cdef bint _line(game, list words, Py_ssize_t number) except -1
cdef _player(game, list words, Py_ssize_t number)
cdef tuple _ignored(game, list words, Py_ssize_t number)
cdef _middle(game, int tile, Py_ssize_t number)
cdef int _tile(game, str word, Py_ssize_t number) except -1
# Untyped: words[at] is read only once at is known to lie inside words.
cdef _int(game, words, at, Py_ssize_t number, allowed)
cdef _arity(game, list words, Py_ssize_t length, Py_ssize_t number)
