from mjsim_core._types cimport count_t, N_KINDS

# Number of tiles in a counts array.
cdef int count_total(const count_t* counts) noexcept nogil
# Index of the first kind holding more than four copies, or -1 when none does.
cdef int first_overfull(const count_t* counts) noexcept nogil

# The one refusal of a counts array of another length (``found``: its length, or its shape).
cdef int wrong_length(object found) except -1


# Refuse a counts array of ``entries`` entries unless they are 34.
cdef inline int check_length(Py_ssize_t entries) except -1:
    return wrong_length(entries) if entries != N_KINDS else 0

# The 34 counts of a uint8 array (the common case, read without a buffer request) or of any
# other buffer of bytes, every kernel's one way in; the caller keeps ``counts`` alive while it
# reads them.
cdef const count_t* counts_of(object counts) except NULL
# A bool (or numpy's) as a C truth value, else a TypeError naming ``name`` (the other readers of
# arguments are mjsim_core.arguments', which loads without numpy).
cdef bint flag(object value, str name) except -1

# The counts of a hand's concealed tiles with ``melds`` declared melds (0-4), checked: 0-4 copies
# a kind, and 13-3m tiles (allow_13) or 14-3m (allow_14); ValueError saying what is wrong.
cdef const count_t* hand_counts(object counts, int melds, bint allow_13,
                                bint allow_14) except NULL
# Refuse ``hands`` unless it is N x 34 uint8 rows, C-contiguous, saying what is wrong (before a
# kernel takes it as a typed view, whose own refusals name Cython's types).
cdef int check_batch(object hands) except -1
