"""The wall's shuffle in C: a Fisher-Yates pass driven by a keyed BLAKE2b counter stream.

The stream's words are those of :mod:`mjsim.tiles.wall`'s definition: the seed hashed into a
32-byte key, then BLAKE2b blocks of (hand number, counter), keyed by it, read as little-endian
32-bit words; a word at or above the largest multiple of ``n`` below 2**32 is redrawn, so each
of the ``n`` choices is equally likely. The whole shuffle makes one Python object, its list.

>>> order = shuffle(b"demo", 1, range(10))
>>> sorted(order) == list(range(10)), order == shuffle(b"demo", 1, range(10))
(True, True)
>>> order == shuffle(b"demo", 2, range(10))
False
"""

from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcmp, memcpy

from mjsim_core.arguments cimport whole
from mjsim_core.blake2b cimport Blake2b, final, final_words, flush, init, update

cdef enum:
    MAX_TILES = 144
    WORDS = 16                         # a 64-byte block's 32-bit words
    SEED_KEPT = 64                     # the longest seed whose keyed hash is kept

PERSON = b"mjsim.wall.v1"
cdef bytes _PERSON_KEPT = PERSON          # held here, so that its bytes stay where they are
cdef const uint8_t* _PERSON = _PERSON_KEPT
cdef int _PERSON_SIZE = len(_PERSON_KEPT)

# For each span, the largest multiple of it below 2**32: a word at or above it is redrawn. Made
# once, so that a shuffle divides once a tile rather than twice.
cdef uint64_t _LIMIT[MAX_TILES + 1]
for _span in range(1, MAX_TILES + 1):
    _LIMIT[_span] = (1 << 32) - (1 << 32) % _span


cdef struct Stream:
    Blake2b keyed                      # the keyed hash with the hand number in it, unfinished
    uint64_t counter                   # the next block's
    uint32_t words[WORDS]
    int next                           # the next unread word of ``words``


# The keyed hash of the last seed shuffled, its key block compressed (a game deals its hands
# from one seed: each deal after the first starts from it). Read and written with the GIL held.
cdef Blake2b _seed_keyed
cdef uint8_t _seed_kept[SEED_KEPT]
cdef Py_ssize_t _seed_size = -1


# The last tuple of tiles shuffled and its kinds (the engine deals the same tuple every hand),
# kept by identity: a tuple cannot change, so its kinds need not be read again. Read and
# written with the GIL held.
cdef object _tiles_kept = None
cdef uint8_t _kinds_kept[MAX_TILES]


cdef void _keyed(const uint8_t* seed, Py_ssize_t seed_size, Blake2b* out) noexcept:
    """The seed's keyed hash (personalised by PERSON, as every wall is: the kept hash depends on
    the seed alone) with its key block compressed, before any hand number."""
    global _seed_size
    cdef uint8_t key[32]
    cdef Blake2b hashed
    if seed_size != _seed_size or (seed_size and memcmp(seed, _seed_kept, seed_size) != 0):
        # A BLAKE2b key is at most 64 bytes: the seed is hashed into one so any seed length
        # works.
        init(&hashed, 32, NULL, 0, _PERSON, _PERSON_SIZE)
        update(&hashed, seed, seed_size)
        final(&hashed, key)
        init(&_seed_keyed, 64, key, 32, _PERSON, _PERSON_SIZE)
        flush(&_seed_keyed)
        _seed_size = -1
        if seed_size <= SEED_KEPT:
            if seed_size:
                memcpy(_seed_kept, seed, seed_size)
            _seed_size = seed_size
    memcpy(out, &_seed_keyed, sizeof(Blake2b))


cdef void _open(Stream* stream, const Blake2b* keyed, uint32_t hand_no) noexcept nogil:
    cdef uint8_t prefix[4]
    cdef int i
    memcpy(&stream.keyed, keyed, sizeof(Blake2b))
    for i in range(4):
        prefix[i] = (hand_no >> (24 - 8 * i)) & 0xFF
    update(&stream.keyed, prefix, 4)
    stream.counter, stream.next = 0, WORDS


cdef uint32_t _word(Stream* stream) noexcept nogil:
    cdef Blake2b block
    cdef uint8_t counter[8]
    cdef uint64_t digest[8]
    cdef int i
    if stream.next == WORDS:
        memcpy(&block, &stream.keyed, sizeof(Blake2b))
        for i in range(8):
            counter[i] = (stream.counter >> (56 - 8 * i)) & 0xFF
        update(&block, counter, 8)
        # The digest's little-endian 32-bit words: each 64-bit word of it holds two, the
        # first in its low half.
        final_words(&block, digest)
        for i in range(WORDS // 2):
            stream.words[2 * i] = <uint32_t>digest[i]
            stream.words[2 * i + 1] = <uint32_t>(digest[i] >> 32)
        stream.counter += 1
        stream.next = 0
    stream.next += 1
    return stream.words[stream.next - 1]


def shuffle(const uint8_t[::1] seed not None, hand_no, tiles):
    """``tiles`` (at most 144 kinds, 0-255) in the order the wall of ``hand_no`` (0 to 2**32 - 1)
    of ``seed`` deals them."""
    global _tiles_kept
    number = whole(hand_no, "hand_no")      # C would read hand 1.5 as 1
    if not 0 <= number < 1 << 32:
        raise ValueError(f"a hand number is 0 to 2**32 - 1, not {number}")
    cdef uint32_t hand = number
    cdef uint8_t order[MAX_TILES]
    cdef Py_ssize_t n = len(tiles), i
    cdef object tile
    if n > MAX_TILES:
        raise ValueError(f"a wall holds at most {MAX_TILES} tiles, not {n}")
    if tiles is _tiles_kept:
        memcpy(order, _kinds_kept, n)
    else:
        for i in range(n):
            tile = tiles[i]
            if type(tile) is not int:   # C would read a kind of 1.5 as 1
                tile = whole(tile, f"tiles[{i}]")
            if not 0 <= tile <= 255:
                raise ValueError(f"tiles[{i}] is a kind, 0 to 255, not {tile}")
            order[i] = tile
        if type(tiles) is tuple:
            memcpy(_kinds_kept, order, n)
            _tiles_kept = tiles
    cdef Stream stream
    cdef Blake2b keyed
    cdef uint32_t span, word, pick
    cdef uint64_t limit
    cdef uint8_t swapped
    cdef list out
    _keyed(&seed[0] if seed.shape[0] else NULL, seed.shape[0], &keyed)
    with nogil:
        _open(&stream, &keyed, hand)
        for i in range(n - 1, 0, -1):
            span = i + 1
            limit = _LIMIT[span]
            word = _word(&stream)
            while word >= limit:
                word = _word(&stream)
            pick = word % span
            swapped = order[i]
            order[i] = order[pick]
            order[pick] = swapped
    # Made at its length and filled in place: a list grown an item at a time is reallocated
    # a dozen times on the way to 144.
    out = PyList_New(n)
    for i in range(n):
        tile = order[i]
        Py_INCREF(tile)
        PyList_SET_ITEM(out, i, tile)
    return out
