# Types for mjsim/learn/planes.py, compiled in Cython's pure-Python mode: one call per
# observation, its planes written through a typed buffer.

cimport cython
from libc.stdint cimport int8_t, uint8_t

from mjsim.players.view cimport View


@cython.locals(n=Py_ssize_t, row=Py_ssize_t, planes=uint8_t[:, :, ::1], legal=int8_t[:, ::1])
cpdef encode_batch(views, out, masks=*)


cdef _check_view(view, str name, Py_ssize_t row=*)


@cython.locals(seat=int, plane=int, kind=int, rel=int, other=int, kongs=int, size=Py_ssize_t,
               own=uint8_t[::1])
cdef _fill(View view, uint8_t[:, ::1] o)


@cython.locals(action=int, tile=object)
cdef _mask(View view, int8_t[::1] m)
