"""The slow, obvious twin of the wall's shuffle (tests only): hashlib's BLAKE2b, Python's ints.

The definition :func:`mjsim_core.shuffle.shuffle` keeps: the seed hashed into a 32-byte key
(BLAKE2b, personalised ``mjsim.wall.v1``), then 64-byte BLAKE2b blocks of (hand number as four
big-endian bytes, counter as eight), keyed by it, read as little-endian 32-bit words; a
Fisher-Yates pass from the last tile down takes ``word % (i + 1)``, redrawing a word at or above
the largest multiple of ``i + 1`` below 2**32.
"""

from __future__ import annotations

import hashlib
import itertools
import struct
from collections.abc import Iterator, Sequence

PERSON = b"mjsim.wall.v1"
_WORDS = struct.Struct("<16I")


def words(seed: bytes, hand_no: int) -> Iterator[int]:
    """The stream's 32-bit words."""
    key = hashlib.blake2b(seed, digest_size=32, person=PERSON).digest()
    prefix = hand_no.to_bytes(4, "big")
    for counter in itertools.count():
        block = hashlib.blake2b(prefix + counter.to_bytes(8, "big"), key=key, person=PERSON)
        yield from _WORDS.unpack(block.digest())


def shuffled(seed: bytes, hand_no: int, tiles: Sequence[int]) -> list[int]:
    """``tiles`` in the order the wall of ``hand_no`` deals them."""
    order = list(tiles)
    stream = words(seed, hand_no)
    for i in range(len(order) - 1, 0, -1):
        limit = (1 << 32) - (1 << 32) % (i + 1)
        word = next(stream)
        while word >= limit:
            word = next(stream)
        j = word % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order
