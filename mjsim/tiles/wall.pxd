# Types for mjsim/tiles/wall.py, compiled in Cython's pure-Python mode (the module stays plain
# Python).

cimport cython


@cython.locals(i=int, j=int, word=long, limit=long)
cpdef list shuffled_tiles(seed, hand_no)


cdef class Wall:
    cdef public bytes seed
    cdef public long hand_no
    cdef list _tiles                   # the shuffled 144 (or a written order), front first
    cdef Py_ssize_t _front, _back      # the tiles still in the wall are _tiles[_front:_back]

    # Take the tile at the front (an empty wall raises WallEmptyError).
    cpdef int draw(self) except -1
    # Take a replacement tile from the back (an empty wall raises WallEmptyError).
    cpdef int draw_back(self) except -1
    cpdef Wall copy(self)
