# Types for mjsim/game/formats/botzone_log.py, compiled in Cython's pure-Python mode (the module
# stays plain Python): a match log is some 110 requests, each read by the steps below, which
# call each other in C here.

cdef class _Reading:
    cdef public object game
    cdef public object drawer
    cdef public int drew
    cdef public int tile
    cdef public dict answers
    cdef public object announcer


cimport cython


# The words a log gives stay Python objects until checked: a C int would overflow on a number
# no seat or tile is, where the checks below refuse it. A damaged request may have fewer words
# than are read, so the module's first line turns bounds checks back on (an IndexError, where
# the build's unchecked list indexing would crash).
cdef int _seat(word) except -1
cdef int _tile(str word) except -1
cdef int _wind(word) except -1
cdef str _answer(dict entry, int seat)


cdef _request(_Reading reading, content, dict answers, Py_ssize_t round_no)


cdef _announced(_Reading reading, int seat, list words, dict answers, Py_ssize_t round_no)


cdef tuple _ignored(_Reading reading, int taker)
