"""BLAKE2b (RFC 7693) in C, keyed and personalised, for the seeded streams that run per hand.

Why not hashlib: it has no C API, so every block it hashes for the wall's shuffle (about ten a
hand) costs a Python call, a digest object and sixteen word objects; a system libb2 would be a
build dependency for every user. This is the RFC's algorithm, checked byte for byte against
``hashlib.blake2b`` (tests/core/test_blake2b.py).

>>> import hashlib
>>> digest(b"abc", 32, key=b"k", person=b"p") == hashlib.blake2b(
...     b"abc", digest_size=32, key=b"k", person=b"p").digest()
True
"""

from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy, memset

from mjsim_core.arguments cimport read_int

# The initial words: SHA-512's (RFC 7693 §2.6).
cdef uint64_t IV[8]
IV[:] = [0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
         0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179]

# The twelve rounds (§3.2) in C: the schedule (§2.7; rounds 10 and 11 repeat rows 0 and 1) is a
# constant and the rounds are written out, so that each round's message indexes are folded into
# its code. A loop reading the schedule from a table took a third more time a block.
cdef extern from *:
    """
    static const uint8_t MJSIM_SIGMA[10][16] = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
        {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
        {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
        {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
        {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
        {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
        {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
        {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
        {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
        {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    };
    #define MJSIM_ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
    /* The mixing function G (section 3.1) on words a, b, c, d with message words x and y. */
    #define MJSIM_G(a, b, c, d, x, y) do { \
        a = a + b + (x); d = MJSIM_ROTR(d ^ a, 32); c = c + d; b = MJSIM_ROTR(b ^ c, 24); \
        a = a + b + (y); d = MJSIM_ROTR(d ^ a, 16); c = c + d; b = MJSIM_ROTR(b ^ c, 63); \
    } while (0)
    #define MJSIM_ROUND(r) do { \
        const uint8_t* s = MJSIM_SIGMA[(r) % 10]; \
        MJSIM_G(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]); \
        MJSIM_G(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]); \
        MJSIM_G(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]); \
        MJSIM_G(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]); \
        MJSIM_G(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]); \
        MJSIM_G(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]); \
        MJSIM_G(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]); \
        MJSIM_G(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]); \
    } while (0)
    static void mjsim_blake2b_rounds(uint64_t* v, const uint64_t* m) {
        MJSIM_ROUND(0); MJSIM_ROUND(1); MJSIM_ROUND(2); MJSIM_ROUND(3);
        MJSIM_ROUND(4); MJSIM_ROUND(5); MJSIM_ROUND(6); MJSIM_ROUND(7);
        MJSIM_ROUND(8); MJSIM_ROUND(9); MJSIM_ROUND(10); MJSIM_ROUND(11);
    }
    """
    void _rounds "mjsim_blake2b_rounds"(uint64_t* v, const uint64_t* m) noexcept nogil


cdef inline uint64_t _load(const uint8_t* p) noexcept nogil:
    """Eight bytes as a little-endian word, on any machine."""
    cdef uint64_t word = 0
    cdef int i
    for i in range(7, -1, -1):
        word = word << 8 | p[i]
    return word


cdef void _compress(Blake2b* state, bint last) noexcept nogil:
    cdef uint64_t v[16]
    cdef uint64_t m[16]
    cdef int i
    for i in range(16):
        m[i] = _load(&state.block[8 * i])
    for i in range(8):
        v[i] = state.h[i]
        v[i + 8] = IV[i]
    v[12] ^= state.counter  # the low word of the byte counter; no stream here nears 2**64
    if last:
        v[14] = ~v[14]
    _rounds(v, m)
    for i in range(8):
        state.h[i] ^= v[i] ^ v[i + 8]


cdef void init(Blake2b* state, int size, const uint8_t* key, int key_size,
               const uint8_t* person, int person_size) noexcept nogil:
    cdef uint8_t padded[16]
    cdef int i
    for i in range(8):
        state.h[i] = IV[i]
    # The parameter block (§2.5): digest size, key size, fan-out and depth 1; no salt.
    state.h[0] ^= 0x01010000 ^ (<uint64_t>key_size << 8) ^ <uint64_t>size
    memset(padded, 0, 16)
    if person_size:
        memcpy(padded, person, person_size)
    state.h[6] ^= _load(padded)
    state.h[7] ^= _load(&padded[8])
    state.counter, state.filled, state.size = 0, 0, size
    memset(state.block, 0, BLOCK)
    if key_size:  # the key is the first block, padded with zeros
        memcpy(state.block, key, key_size)
        state.filled = BLOCK


cdef void flush(Blake2b* state) noexcept nogil:
    if state.filled == BLOCK:
        state.counter += BLOCK
        _compress(state, False)
        state.filled = 0
        memset(state.block, 0, BLOCK)


cdef void update(Blake2b* state, const uint8_t* data, Py_ssize_t length) noexcept nogil:
    cdef Py_ssize_t take
    while length:
        flush(state)  # a full block is compressed only once more data comes
        take = min(length, BLOCK - state.filled)
        memcpy(&state.block[state.filled], data, take)
        state.filled += take
        data += take
        length -= take


cdef void final_words(Blake2b* state, uint64_t* out) noexcept nogil:
    state.counter += state.filled
    _compress(state, True)
    memcpy(out, state.h, sizeof(state.h))


cdef void final(Blake2b* state, uint8_t* out) noexcept nogil:
    cdef uint8_t whole[64]
    cdef uint64_t words[8]
    cdef int i, b
    final_words(state, words)
    # Each word's eight bytes, least first, on any machine: a fixed count the compiler turns
    # into one store a word where it can.
    for i in range(8):
        for b in range(8):
            whole[8 * i + b] = (words[i] >> (8 * b)) & 0xFF
    memcpy(out, whole, state.size)


def digest(const uint8_t[::1] data not None, digest_size=64, *,
           const uint8_t[::1] key=None, const uint8_t[::1] person=None):
    """``hashlib.blake2b(data, digest_size=, key=, person=).digest()``, by this module."""
    cdef int size = read_int(digest_size, "digest_size", 1, 64)     # hashlib's: 32.5 is none
    cdef int key_size = 0 if key is None else key.shape[0]
    cdef int person_size = 0 if person is None else person.shape[0]
    if key_size > 64 or person_size > 16:
        raise ValueError("a BLAKE2b key has at most 64 bytes, a personalisation at most 16")
    cdef Blake2b state
    cdef uint8_t out[64]
    init(&state, size, &key[0] if key_size else NULL, key_size,
         &person[0] if person_size else NULL, person_size)
    if data.shape[0]:
        update(&state, &data[0], data.shape[0])
    final(&state, out)
    return out[:size]
