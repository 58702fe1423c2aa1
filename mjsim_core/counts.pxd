from mjsim_core._types cimport count_t

# Number of tiles in a counts array.
cdef int count_total(const count_t* counts) noexcept nogil
# Index of the first kind holding more than four copies, or -1 when none does.
cdef int first_overfull(const count_t* counts) noexcept nogil
