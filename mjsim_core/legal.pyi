# Types of what Python code uses of the compiled mjsim_core.legal (see legal.pyx).
from collections.abc import Sequence
from typing import Any, Final, TypeAlias, TypeVar, overload

import numpy as np
from numpy.typing import NDArray

from mjsim_core._types import Counts, Meld

_Unseen: TypeAlias = Sequence[int] | NDArray[np.integer[Any]] | None

LIMIT: Final[int]

def legal_distance(counts: Counts, melds: Sequence[Meld] = (), seat_wind: int = 0,
                   prevalent_wind: int = 0, self_drawn: bool = False, unseen: _Unseen = None,
                   ruleset: str = "green-book", limit: int = ...) -> int: ...
def legal_search(counts: Counts, melds: Sequence[Meld] = (), seat_wind: int = 0,
                 prevalent_wind: int = 0, self_drawn: bool = False, unseen: _Unseen = None,
                 ruleset: str = "green-book", limit: int = ...
                 ) -> tuple[int, bool, tuple[int, ...], list[tuple[bytes, int]]]: ...
def legal_acceptance(counts: Counts, melds: Sequence[Meld] = (), seat_wind: int = 0,
                     prevalent_wind: int = 0, self_drawn: bool = False, unseen: _Unseen = None,
                     ruleset: str = "green-book", limit: int = ...) -> list[tuple[int, int]]: ...
def legal_waits(counts: Counts, melds: Sequence[Meld] = (), seat_wind: int = 0,
                prevalent_wind: int = 0, self_drawn: bool = False, unseen: _Unseen = None,
                ruleset: str = "green-book") -> list[tuple[int, int, int]]: ...
_Row = TypeVar("_Row", bound=tuple[Any, ...])

@overload
def legal_discards(counts: Counts, melds: Sequence[Meld] = (), seat_wind: int = 0,
                   prevalent_wind: int = 0, self_drawn: bool = False, unseen: _Unseen = None,
                   ruleset: str = "green-book", limit: int = ...
                   ) -> list[tuple[int, int, tuple[int, ...], int]]: ...
@overload
def legal_discards(counts: Counts, melds: Sequence[Meld] = (), seat_wind: int = 0,
                   prevalent_wind: int = 0, self_drawn: bool = False, unseen: _Unseen = None,
                   ruleset: str = "green-book", limit: int = ..., *, row: type[_Row]
                   ) -> list[_Row]: ...
