"""The arguments of the compiled Python faces, read whole or refused naming them (see
arguments.pxd). Imports nothing but Python's own C API: the wall's shuffle reads its hand number
here, and mjsim.tiles loads without numpy."""

from cpython.bool cimport PyBool_Check
from cpython.number cimport PyNumber_Index


cdef str shown(object value, int most):
    """``repr(value)`` for a one-line message: its runs of white space made one space (numpy
    breaks an array's repr into lines), whole up to ``most`` characters, else its start and its
    length, as mjsim.errors.clipped has it."""
    cdef str text = " ".join(repr(value).split())
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


cdef object whole(object value, str name):
    """``value`` as a Python int: an int, or a number that is one (numpy's), never a bool nor a
    float's whole part (C reads 1.99 melds as 1), else a TypeError naming ``name``: the
    core's mjsim.errors.whole, which it cannot import."""
    if PyBool_Check(value):
        raise TypeError(f"{name} is a whole number, not a bool ({value!r})")
    try:
        return PyNumber_Index(value)
    except TypeError:
        raise TypeError(f"{name} is a whole number, not {shown(value, 40)}") from None


cdef int read_int(object value, str name, int least, int most) except? -1:
    """``value``, a whole number from ``least`` to ``most``, as a C int; else a TypeError or a
    ValueError naming ``name`` (in mjsim.errors.whole's words)."""
    number = whole(value, name)
    if not least <= number <= most:
        raise ValueError(f"{name} is a whole number from {least} to {most}, not {number}")
    return number
