"""Types of mjsim_core/shuffle.pyx."""

from collections.abc import Sequence

PERSON: bytes

def shuffle(seed: bytes, hand_no: int, tiles: Sequence[int]) -> list[int]: ...
