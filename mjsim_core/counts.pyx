"""Counts arrays: 34 ``uint8`` copies per playing kind, the data every kernel reads."""

import numpy as np
cimport numpy as cnp
from cpython.bool cimport PyBool_Check
from cpython.buffer cimport PyObject_CheckBuffer

from mjsim_core._types cimport count_t, N_KINDS, MAX_COPIES
from mjsim_core.arguments cimport shown, whole

cnp.import_array()

# What every kernel takes, for the messages refusing anything else.
cdef str EXPECTED = f"{N_KINDS} uint8 copies, one a kind (a numpy array as Hand.counts, or bytes)"


cdef int count_total(const count_t* counts) noexcept nogil:
    cdef int k, total = 0
    for k in range(N_KINDS):
        total += counts[k]
    return total


cdef int first_overfull(const count_t* counts) noexcept nogil:
    cdef int k
    for k in range(N_KINDS):
        if counts[k] > MAX_COPIES:
            return k
    return -1


cdef int wrong_length(object found) except -1:
    raise ValueError(f"a counts array has {N_KINDS} entries, not {found}")


cdef const count_t* counts_of(object counts) except NULL:
    cdef cnp.ndarray array
    cdef const count_t[::1] view
    if cnp.PyArray_Check(counts):
        array = <cnp.ndarray>counts
        if (cnp.PyArray_TYPE(array) == cnp.NPY_UINT8 and cnp.PyArray_NDIM(array) == 1
                and cnp.PyArray_DIMS(array)[0] == N_KINDS and cnp.PyArray_IS_C_CONTIGUOUS(array)):
            return <const count_t*>cnp.PyArray_DATA(array)
        _refuse_array(array)
    elif not PyObject_CheckBuffer(counts):
        raise TypeError(f"counts is {EXPECTED}, not {type(counts).__name__} (check_counts "
                        "converts a list of whole numbers)")
    try:
        view = counts
    except (ValueError, TypeError, BufferError):   # Cython's words name its own types
        raise ValueError(f"counts is {EXPECTED}: this {type(counts).__name__} holds items "
                         "of another size or shape") from None
    check_length(view.shape[0])
    return &view[0]


cdef int _refuse_array(cnp.ndarray array) except -1:
    """Refuse an array the kernels cannot read as it is, saying what is wrong (the slow path
    only: the fast one reads a right array without calling this)."""
    if cnp.PyArray_TYPE(array) != cnp.NPY_UINT8:
        raise ValueError(f"a counts array is uint8, not {array.dtype} (check_counts "
                         "converts one of whole numbers)")
    if cnp.PyArray_NDIM(array) != 1:
        wrong_length((<object>array).shape)
    check_length(cnp.PyArray_DIMS(array)[0])
    raise ValueError("a counts array is C-contiguous, not a strided view "
                     "(np.ascontiguousarray copies one)")


cdef int check_batch(object hands) except -1:
    """Refuse ``hands`` unless it is rows of counts (N x 34 uint8, C-contiguous), saying what is
    wrong, before a kernel reads it as a typed view."""
    if hands is None or not PyObject_CheckBuffer(hands):
        raise TypeError(f"hands is an N x {N_KINDS} uint8 array, not {type(hands).__name__}")
    # Another buffer is checked as the array over it (its items' format read as a dtype).
    cdef cnp.ndarray array = (hands if cnp.PyArray_Check(hands)
                              else np.asarray(memoryview(hands)))
    if cnp.PyArray_TYPE(array) != cnp.NPY_UINT8:
        raise ValueError(f"hands is an N x {N_KINDS} uint8 array, not {array.dtype} "
                         "(np.asarray(hands, np.uint8) converts one of whole numbers)")
    if cnp.PyArray_NDIM(array) != 2 or cnp.PyArray_DIMS(array)[1] != N_KINDS:
        raise ValueError(f"hands is an N x {N_KINDS} uint8 array, "
                         f"not shape {(<object>array).shape}")
    if not cnp.PyArray_IS_C_CONTIGUOUS(array):
        raise ValueError("hands is a C-contiguous array, not a strided view "
                         "(np.ascontiguousarray copies one)")
    return 0


cdef int _refuse_overfull(const count_t* counts) except -1:
    cdef int bad = first_overfull(counts)
    if bad >= 0:
        raise ValueError(f"kind {bad} has {counts[bad]} copies; at most {MAX_COPIES} exist")
    return 0


cdef bint flag(object value, str name) except -1:
    """``value`` as a C truth value: a bool or numpy's, else a TypeError naming ``name`` (a
    bint parameter would take 'no' as true)."""
    if PyBool_Check(value) or isinstance(value, np.bool_):
        return value
    raise TypeError(f"{name} is True or False, not {shown(value, 40)}")


cdef const count_t* hand_counts(object counts, int melds, bint allow_13,
                                bint allow_14) except NULL:
    cdef const count_t* c = counts_of(counts)
    cdef int total
    if not 0 <= melds <= 4:
        raise ValueError(f"a hand declares 0 to 4 melds, not {melds}")
    _refuse_overfull(c)
    total = count_total(c)
    if (allow_13 and total == 13 - 3 * melds) or (allow_14 and total == 14 - 3 * melds):
        return c
    sizes = " or ".join(str(n - 3 * melds) for n, ok in ((13, allow_13), (14, allow_14)) if ok)
    raise ValueError(f"with {melds} meld(s) the concealed tiles number {sizes}, not {total}")


def check_counts(counts):
    """Return ``counts`` as a C-contiguous uint8 array of 34, or raise ``ValueError`` saying why.

    A counts array has one entry per playing kind (0-33), each 0 to 4.
    """
    if isinstance(counts, (bytes, bytearray)):
        counts = np.frombuffer(counts, dtype=np.uint8)   # a byte a kind, as counts_of reads it
    array = np.asarray(counts)
    if array.ndim == 0:   # None, a number, a string: numpy makes a scalar of any of them
        raise TypeError(f"counts is {N_KINDS} whole numbers of copies, 0 to 4, not "
                        f"{type(counts).__name__}")
    array = np.ascontiguousarray(array)
    if array.shape != (N_KINDS,):
        wrong_length(array.shape[0] if array.ndim == 1 else array.shape)
    if array.dtype != np.uint8:
        # A float or a wider integer is taken only when every entry is a whole 0-4: a cast
        # alone would read 1.5 copies as 1, -1 as 255 and NaN as 0.
        if array.dtype.kind not in "biuf":
            raise ValueError(f"a counts array holds numbers of copies, not {array.dtype} values")
        with np.errstate(invalid="ignore"):
            cast = array.astype(np.uint8)
        if not np.array_equal(cast, array) or cast.max() > MAX_COPIES:
            raise ValueError("a counts array holds whole numbers, 0 to 4 copies of each kind")
        array = cast
    cdef const count_t[::1] view = array
    _refuse_overfull(&view[0])
    return array


def total(counts) -> int:
    """The number of tiles in a counts array."""
    cdef const count_t* c = counts_of(counts)
    _refuse_overfull(c)
    return count_total(c)


def kinds_held(counts) -> list:
    """The kinds with at least one copy, ascending."""
    cdef const count_t* c = counts_of(counts)
    cdef int k
    _refuse_overfull(c)
    return [k for k in range(N_KINDS) if c[k]]


def from_kinds(kinds) -> np.ndarray:
    """A counts array from an iterable of playing kinds (0-33); raises on a bad kind or a fifth
    copy."""
    out = np.zeros(N_KINDS, dtype=np.uint8)
    cdef count_t[::1] view = out
    cdef int k
    for item in kinds:
        kind = whole(item, "kind")      # C would read a kind of 0.5 as 0
        if not 0 <= kind < N_KINDS:
            raise ValueError(f"kind {kind} is not a playing kind (0-{N_KINDS - 1})")
        k = kind
        if view[k] == MAX_COPIES:
            raise ValueError(f"a fifth copy of kind {k}")
        view[k] += 1
    return out
