"""The observation planes and the legal mask: as the slow twin reads them off the view, in a
batch as one by one, within their bounds, and blind to whatever the view does not show."""

import numpy as np
import pytest

from mjsim.learn import encode, encode_batch, legal_mask
from mjsim.learn.planes import HIGH, PLANES
from mjsim.players import view_of
from mjsim.reference import observations as slow
from tests.learn.games import views


def test_the_planes_and_masks_are_the_twins_on_seeded_games():
    count = 0
    for _, view in views([f"planes-{i}" for i in range(6)]):
        obs = encode(view)
        assert obs.shape == PLANES and obs.dtype == np.uint8
        assert np.array_equal(obs, slow.encode(view)), view
        assert (obs <= HIGH).all()
        mask = legal_mask(view)
        assert mask.dtype == np.int8 and np.array_equal(mask, slow.legal_mask(view))
        count += 1
    assert count > 1000


def test_a_batch_is_the_views_one_by_one_and_overwrites_stale_rows():
    batch = [view for _, view in views(["batch"], last_hand=1)][::7]
    out = np.full((len(batch) + 2, *PLANES), 99, dtype=np.uint8)
    masks = np.full((len(batch) + 2, 75), 5, dtype=np.int8)
    encode_batch(batch, out, masks)
    for row, view in enumerate(batch):
        assert np.array_equal(out[row], encode(view))
        assert np.array_equal(masks[row], legal_mask(view))
    assert (out[len(batch):] == 99).all()  # rows past the views are left alone
    encode_batch(batch, out)  # masks are optional
    assert np.array_equal(out[0], encode(batch[0]))


@pytest.mark.parametrize(("shape", "dtype", "mask_shape"), [
    ((1, 20, 34), np.uint8, (5, 75)), ((5, 34, 20), np.uint8, (5, 75)),
    ((5, 20, 34), np.int8, (5, 75)), ((5, 20, 34), np.uint8, (5, 74))])
def test_a_batch_refuses_arrays_of_the_wrong_shape_or_type(shape, dtype, mask_shape):
    batch = [view for _, view in views(["shapes"], last_hand=1)][:3]
    with pytest.raises(ValueError):
        encode_batch(batch, np.zeros(shape, dtype=dtype), np.zeros(mask_shape, dtype=np.int8))


def scrambled(game, seat, rng):
    """A copy of ``game`` whose other seats hold each other's concealed tiles, shuffled (each
    keeping its number): everything ``seat`` cannot see is different, nothing it can is."""
    other = game.clone()
    seats = [s for s in range(4) if s != seat]
    tiles = [k for s in seats for k in other.hands[s].tiles()]
    sizes = [int(other.hands[s].counts.sum()) for s in seats]
    rng.shuffle(tiles)
    start = 0
    for s, size in zip(seats, sizes):
        counts = np.bincount(tiles[start:start + size], minlength=34).astype(np.uint8)
        other.hands[s].counts[:] = counts
        start += size
    return other


def test_nothing_hidden_reaches_the_planes():
    rng = np.random.default_rng(7)
    changed = 0
    for game, view in views(["privacy-a", "privacy-b"], last_hand=1):
        other = scrambled(game, view.seat, rng)
        changed += any(not np.array_equal(game.hands[s].counts, other.hands[s].counts)
                       for s in range(4) if s != view.seat)
        twin = view_of(other, view.seat)
        assert np.array_equal(encode(twin), encode(view))
        # The engine's hidden state moving under a view taken earlier changes nothing either.
        before = encode(twin)
        for s in range(4):
            if s != view.seat:
                other.hands[s].counts[::-1].sort()
        assert np.array_equal(encode(twin), before)
    assert changed > 100  # the scramble did move hidden tiles


def test_the_planes_see_what_the_view_shows():
    """The privacy check above would see a leak: the view's own hand is read."""
    _, view = next(iter(views(["shows"], last_hand=1)))
    before = encode(view)
    view.hand.counts[view.hand.counts.argmax()] -= 1
    assert not np.array_equal(encode(view), before)
