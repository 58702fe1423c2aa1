"""Types of mjsim_core/shanten.pyx, the names Python code calls (see that module's docstrings)."""

from collections.abc import Sequence
from typing import Any, Final, TypeAlias, TypeVar, overload

import numpy as np
from numpy.typing import NDArray

_Counts: TypeAlias = NDArray[np.uint8]
"""34 uint8 copies, C-contiguous (a bytes-like object of 34 bytes is read the same way)."""

FORMS: Final[tuple[str, str, str, str, str]]
# The six knitted arrangements, each nine kinds ascending, in the order readings number them.
KNITTED_ARRANGEMENTS: Final[tuple[tuple[int, ...], ...]]

def tables_built() -> bool: ...
def shanten(counts: _Counts, melds: int = 0) -> int: ...
def forms(counts: _Counts, melds: int = 0) -> dict[str, int | None]: ...
def acceptance(counts: _Counts, melds: int = 0,
               unseen: Sequence[int] | NDArray[np.integer[Any]] | None = None
               ) -> list[tuple[int, int]]: ...
_Row = TypeVar("_Row", bound=tuple[Any, ...])

@overload
def discards(counts: _Counts, melds: int = 0,
             unseen: Sequence[int] | NDArray[np.integer[Any]] | None = None
             ) -> list[tuple[int, int, tuple[int, ...], int]]: ...
@overload
def discards(counts: _Counts, melds: int = 0,
             unseen: Sequence[int] | NDArray[np.integer[Any]] | None = None, *, row: type[_Row]
             ) -> list[_Row]: ...
def waits(counts: _Counts, melds: int = 0) -> list[int]: ...
def wait_mask(counts: _Counts, melds: int = 0) -> int: ...
def shanten_batch(hands: NDArray[np.uint8], melds: int = 0) -> NDArray[np.int8]: ...
_RegularRow: TypeAlias = tuple[int, tuple[int, ...], tuple[int, ...]]
def _regular_orders(array: Any, melds: int = 0) -> tuple[list[_RegularRow], list[_RegularRow]]: ...
def decompositions(
    array: _Counts, melds: int = 0,
) -> list[tuple[str, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]]: ...
