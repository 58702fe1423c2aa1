"""The compiled shuffle against its twin, hashlib's BLAKE2b and Python's ints: any seed, any hand
number a wall can have, any tiles up to a full wall."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjsim.reference.wall import shuffled
from mjsim.tiles.kinds import ALL_TILES
from mjsim_core.shuffle import shuffle


@given(seed=st.binary(max_size=100), hand_no=st.integers(0, 2**32 - 1),
       tiles=st.lists(st.integers(0, 41), max_size=144))
def test_the_shuffle_is_its_twins(seed, hand_no, tiles):
    assert shuffle(seed, hand_no, tiles) == shuffled(seed, hand_no, tiles)


@pytest.mark.parametrize("hand_no", [0, 1, 16, 2**32 - 1])
def test_full_walls(hand_no):
    assert shuffle(b"full", hand_no, ALL_TILES) == shuffled(b"full", hand_no, ALL_TILES)


def test_refusals():
    with pytest.raises(ValueError, match="0 to 2\\*\\*32 - 1, not 4294967296"):
        shuffle(b"s", 2**32, [1, 2])
    with pytest.raises(ValueError, match="at most 144 tiles, not 145"):
        shuffle(b"s", 1, [0] * 145)


def test_the_tiles_kept_between_deals_answer_for_no_other_tiles():
    """The shuffle keeps the kinds of the last tuple it read, by identity: other tuples of the
    same length, equal tuples made anew, lists and a list changed in place, in turn and again,
    give their twin's walls."""
    reversed_tiles = tuple(reversed(ALL_TILES))
    changed = list(ALL_TILES)
    for tiles in (ALL_TILES, reversed_tiles, ALL_TILES, tuple(ALL_TILES), list(ALL_TILES),
                  reversed_tiles, changed, ALL_TILES):
        assert shuffle(b"game", 1, tiles) == shuffled(b"game", 1, tiles)
        changed.reverse()
        assert shuffle(b"game", 1, changed) == shuffled(b"game", 1, changed)


def test_the_seed_kept_between_deals_answers_for_no_other():
    """The shuffle keeps the last seed's keyed hash for the next deal: seeds sharing a prefix,
    of other lengths, longer than it keeps or empty, in turn and again, give their twin's walls."""
    seeds = [b"game", b"gam", b"game!", b"game", b"", b"x" * 65, b"", b"x" * 64,
             b"x" * 64 + b"y", b"x" * 64]
    for hand_no in (1, 2):
        for seed in seeds + seeds[::-1]:
            assert shuffle(seed, hand_no, ALL_TILES) == shuffled(seed, hand_no, ALL_TILES), seed
