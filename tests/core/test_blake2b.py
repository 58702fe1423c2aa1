"""The compiled BLAKE2b against hashlib's, on every size of digest, key and personalisation, and
on messages that end inside, at and past the edges of its 128-byte blocks."""

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjsim_core.blake2b import digest


@given(data=st.binary(max_size=400), size=st.integers(1, 64), key=st.binary(max_size=64),
       person=st.binary(max_size=16))
def test_the_digest_is_hashlibs(data, size, key, person):
    assert digest(data, size, key=key, person=person) == hashlib.blake2b(
        data, digest_size=size, key=key, person=person).digest()


@pytest.mark.parametrize("length", [0, 1, 127, 128, 129, 255, 256, 257, 1000])
@pytest.mark.parametrize("key", [b"", b"k" * 64])
def test_block_edges(length, key):
    data = bytes(range(256)) * 4
    assert digest(data[:length], key=key) == hashlib.blake2b(data[:length], key=key).digest()


@pytest.mark.parametrize(("options", "message"), [
    ({"digest_size": 0}, "digest_size is a whole number from 1 to 64, not 0"),
    ({"digest_size": 65}, "digest_size is a whole number from 1 to 64, not 65"),
    ({"key": b"k" * 65}, "key has at most 64"),
    ({"person": b"p" * 17}, "personalisation at most 16"),
])
def test_refusals(options, message):
    with pytest.raises(ValueError, match=message):
        digest(b"abc", **options)
