from collections import Counter

import pytest

from mjsim.errors import WallEmptyError
from mjsim.tiles import ALL_TILES, NAMES
from mjsim.tiles.wall import Wall, seed_bytes

# Pinned: any change to the stream or the shuffle changes every recorded game.
VECTORS = [
    (b"mjsim", 1, "3p 4p R 8p 1m 6s 1m 1s 1p T4"),
    ("mjsim", 2, "9p 7p 9m 5p 4p 1m B 8m 5p 9s"),
    (2026, 16, "R 2m 1s 7p 3p 8s 4s 5p 1s 1m"),
]


@pytest.mark.parametrize(("seed", "hand_no", "first_ten"), VECTORS)
def test_pinned_vectors(seed, hand_no, first_ten):
    assert " ".join(NAMES[k] for k in Wall(seed, hand_no).order[:10]) == first_ten


def test_seed_forms():
    assert seed_bytes("mjsim") == b"mjsim" and seed_bytes(7) == b"7"
    assert Wall(7, 3).order == Wall("7", 3).order == Wall(b"7", 3).order
    for bad in (1.5, None, True):
        with pytest.raises(TypeError):
            seed_bytes(bad)
    long_seed = b"x" * 500  # longer than a BLAKE2b key
    assert Wall(long_seed).order != Wall(b"x" * 499).order


def test_every_tile_once_and_walls_differ():
    walls = {(s, h): Wall(s, h).order for s in (b"a", b"b") for h in (1, 2, 16)}
    for order in walls.values():
        assert Counter(order) == Counter(ALL_TILES)
    assert len(set(walls.values())) == len(walls)


def test_draw_front_and_back_until_empty():
    wall = Wall(b"draws", 4)
    order = wall.order
    assert wall.draw() == order[0]
    assert wall.draw_back() == order[-1]
    assert len(wall) == 142 and wall.order == order[1:-1]
    clone = wall.copy()
    drawn = [wall.draw() for _ in range(142)]
    assert drawn == list(order[1:-1]) and len(wall) == 0
    with pytest.raises(WallEmptyError):
        wall.draw()
    with pytest.raises(WallEmptyError):
        wall.draw_back()
    assert len(clone) == 142  # a copy is independent


def test_shuffle_is_not_visibly_biased():
    """Over 1,440 walls the first tile's kind is roughly uniform (a chi-square with 41 df)."""
    firsts = Counter(Wall(b"bias", h).order[0] for h in range(1440))
    expected = {k: 1440 * ALL_TILES.count(k) / 144 for k in set(ALL_TILES)}
    chi2 = sum((firsts[k] - e) ** 2 / e for k, e in expected.items())
    assert chi2 < 80  # p < 0.001 for 41 degrees of freedom


def test_no_global_randomness_in_the_package():
    """No global random state and no clock; numpy only as a Generator given its seed (a literal,
    as the planner's simulations of the sequential test, or the user's, as training's order),
    which is a function of that seed: never ``default_rng()``, which reads the OS's entropy."""
    import re
    from pathlib import Path

    import mjsim

    root = Path(mjsim.__file__).parent
    for source in root.rglob("*.py"):
        text = source.read_text()
        unseeded = re.sub(r"np\.random\.default_rng\([^)\s]", "", text)
        assert "import random" not in text and "np.random" not in unseeded, source
        assert "time.time(" not in text and "datetime.now(" not in text, source
