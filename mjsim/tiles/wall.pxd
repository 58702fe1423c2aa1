# Types for mjsim/tiles/wall.py, compiled in Cython's pure-Python mode (the module stays plain
# Python).

cimport cython


cpdef list shuffled_tiles(seed, hand_no, tiles=*)


cdef class Wall:
    # Read-only from Python: the wall was shuffled from them, and a hand_no set from Python
    # went through a C long, 2.7 kept as 2.
    cdef readonly bytes seed
    cdef readonly long hand_no
    cdef list _tiles                   # the shuffled 144 (or a written order), front first
    cdef Py_ssize_t _front, _back      # the tiles still in the wall are _tiles[_front:_back]

    # Take the tile at the front (an empty wall raises WallEmptyError).
    cpdef int draw(self) except -1
    # Take a replacement tile from the back (an empty wall raises WallEmptyError).
    cpdef int draw_back(self) except -1
    cpdef Wall copy(self)


cdef class SplitWall(Wall):
    cdef Py_ssize_t _size              # the tiles of each part when the wall was full
    cdef list _left                    # per part: its tiles left, _tiles[part * _size:][:left]

    # The tiles left in the seat's part. The seats are objects, read by _part: a C int
    # parameter would take 1.5 as 1.
    cpdef int left(self, seat) except -1

    # Take the tile at the end of the seat's part (an empty part raises WallEmptyError).
    @cython.locals(part=Py_ssize_t, left=Py_ssize_t)
    cpdef int draw_from(self, seat) except -1

    # A split wall's draws name their seat: draw and draw_back raise TypeError.
    cpdef int draw(self) except -1
    cpdef int draw_back(self) except -1

    @cython.locals(split=SplitWall)
    cpdef Wall copy(self)


# The seat as its part's index (0-3), or a TypeError or ValueError naming it.
cdef Py_ssize_t _part(seat) except -1
