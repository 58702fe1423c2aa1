"""Counts arrays: 34 ``uint8`` copies per playing kind, the data every kernel reads."""

import numpy as np
cimport numpy as cnp

from mjsim_core._types cimport count_t, N_KINDS, MAX_COPIES

cnp.import_array()


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
        if cnp.PyArray_TYPE(array) != cnp.NPY_UINT8:
            raise ValueError(f"a counts array is uint8, not {array.dtype} (check_counts "
                             "converts one of whole numbers)")
    if counts is None:
        raise TypeError("counts is a 34-entry uint8 array, not None")
    view = counts
    check_length(view.shape[0])
    return &view[0]


cdef int _refuse_overfull(const count_t* counts) except -1:
    cdef int bad = first_overfull(counts)
    if bad >= 0:
        raise ValueError(f"kind {bad} has {counts[bad]} copies; at most {MAX_COPIES} exist")
    return 0


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
    array = np.ascontiguousarray(counts)
    if array.shape != (N_KINDS,):
        wrong_length(array.shape[0] if array.ndim == 1 else array.shape)
    if array.dtype != np.uint8:
        # A float or a wider integer is taken only when every entry is a whole 0-4: a cast
        # alone would read 1.5 copies as 1, -1 as 255 and NaN as 0.
        if array.dtype.kind not in "biuf":
            raise ValueError(f"a counts array holds numbers of copies, not {array.dtype} values")
        with np.errstate(invalid="ignore"):
            whole = array.astype(np.uint8)
        if not np.array_equal(whole, array) or whole.max() > MAX_COPIES:
            raise ValueError("a counts array holds whole numbers, 0 to 4 copies of each kind")
        array = whole
    cdef const count_t[::1] view = array
    _refuse_overfull(&view[0])
    return array


def total(counts) -> int:
    """The number of tiles in a counts array."""
    return count_total(counts_of(counts))


def kinds_held(counts) -> list:
    """The kinds with at least one copy, ascending."""
    cdef const count_t* c = counts_of(counts)
    cdef int k
    return [k for k in range(N_KINDS) if c[k]]


def from_kinds(kinds) -> np.ndarray:
    """A counts array from an iterable of playing kinds (0-33); raises on a bad kind or a fifth
    copy."""
    out = np.zeros(N_KINDS, dtype=np.uint8)
    cdef count_t[::1] view = out
    cdef int kind
    for kind in kinds:
        if not 0 <= kind < N_KINDS:
            raise ValueError(f"kind {kind} is not a playing kind (0-{N_KINDS - 1})")
        if view[kind] == MAX_COPIES:
            raise ValueError(f"a fifth copy of kind {kind}")
        view[kind] += 1
    return out
