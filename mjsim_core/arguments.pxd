# The arguments of the Python faces, read whole or refused naming ``name``: ``value`` as a Python
# int (an int or numpy's, never a bool nor a float), or as a C int from ``least`` to ``most``;
# read_melds, the declared melds (0-4). The core's mjsim.errors.whole, which it cannot import.
cdef object whole(object value, str name)
# repr(value) on one line, clipped to ``most`` characters (mjsim.errors.clipped's words).
cdef str shown(object value, int most)
cdef int read_int(object value, str name, int least, int most) except? -1


cdef inline int read_melds(object melds) except -1:
    return read_int(melds, "melds", 0, 4)
