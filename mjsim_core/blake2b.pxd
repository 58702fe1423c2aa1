# BLAKE2b (RFC 7693) for other kernels: init, update as often as needed, final.

from libc.stdint cimport uint8_t, uint64_t

cdef enum:
    BLOCK = 128


cdef struct Blake2b:
    uint64_t h[8]          # the chained state
    uint64_t counter       # bytes compressed so far, the current block included
    uint8_t block[BLOCK]   # the block being filled
    int filled, size       # its bytes so far; the digest's size


# A hash of ``size`` bytes (1-64), keyed by up to 64 bytes and personalised by up to 16.
cdef void init(Blake2b* state, int size, const uint8_t* key, int key_size,
               const uint8_t* person, int person_size) noexcept nogil
cdef void update(Blake2b* state, const uint8_t* data, Py_ssize_t length) noexcept nogil
# Compress a full block now rather than at the next update, for a state that is copied and then
# given more data (a keyed hash whose key block several messages share); more data must follow.
cdef void flush(Blake2b* state) noexcept nogil
# Write the digest's ``size`` bytes to ``out``; the state is spent.
cdef void final(Blake2b* state, uint8_t* out) noexcept nogil
# The whole 64-byte digest as its eight words (byte i of the digest is byte i % 8, least
# first, of word i // 8), for a caller that reads it as numbers; the state is spent.
cdef void final_words(Blake2b* state, uint64_t* out) noexcept nogil
