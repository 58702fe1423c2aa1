from mjsim_core._types cimport count_t

# Tiles to exchange to complete a hand in each form (the shanten is this minus one); a large
# number when the form is ruled out by the meld count.
cdef int regular_distance(const count_t* counts, int melds) noexcept nogil
cdef int seven_pairs_distance(const count_t* counts) noexcept nogil
cdef int orphans_distance(const count_t* counts) noexcept nogil
cdef int honors_knitted_distance(const count_t* counts) noexcept nogil
cdef int knitted_straight_distance(const count_t* counts, int melds) noexcept nogil
# The minimum over every form the meld count allows.
cdef int distance(const count_t* counts, int melds) noexcept nogil
# Fills accepted[k] = 1 for each kind whose addition lowers the distance of a 3n+1 hand; returns
# that hand's distance.
cdef int accepted_kinds(const count_t* counts, int melds, count_t* accepted) noexcept nogil
