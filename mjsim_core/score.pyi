# Types of what Python code uses of the compiled mjsim_core.score (see score.pyx).
from collections.abc import Iterable, Sequence
from typing import Literal, Protocol, TypeAlias, TypedDict

from mjsim_core._types import Counts, Hand, Meld
from mjsim_core.elements import RULESETS as RULESETS

class _Context(Protocol):
    @property
    def win_tile(self) -> int: ...
    @property
    def self_drawn(self) -> bool: ...
    @property
    def seat_wind(self) -> int: ...
    @property
    def prevalent_wind(self) -> int: ...
    @property
    def last_copy(self) -> bool: ...
    @property
    def wall_last(self) -> bool: ...
    @property
    def replacement(self) -> bool: ...
    @property
    def robbing(self) -> bool: ...
    @property
    def initial(self) -> bool: ...

# (form, pair, chows, pungs, pairs, knitted), as mjsim_core.shanten.decompositions gives it.
ReadingTuple: TypeAlias = tuple[str, int, tuple[int, ...], tuple[int, ...], tuple[int, ...],
                                tuple[int, ...]]
# (total, ((number, count), ...) ascending, the reading scored).
ScoreTuple: TypeAlias = tuple[int, tuple[tuple[int, int], ...], ReadingTuple]

class Tables(TypedDict):
    points: dict[str, dict[int, int]]
    order: dict[str, tuple[int, ...]]
    excludes: dict[str, dict[int, frozenset[int]]]
    patterns: dict[tuple[str, int], tuple[int, ...]]

__all__ = ["FLAGS", "MIN_POINTS", "RULESETS", "context_flags", "formal_wait_count",
           "group_elements", "meld_bytes", "score_counts", "score_hand", "tables"]

MIN_POINTS: int
FLAGS: dict[str, int]

def meld_bytes(melds: Iterable[Meld]) -> bytes: ...
def context_flags(ctx: _Context) -> int: ...
def score_counts(counts: Counts, melds: bytes, win_tile: int, flags: int, seat_wind: int,
                 prevalent_wind: int, ruleset: int = 0) -> ScoreTuple: ...
def score_hand(hand: Hand, ctx: _Context, ruleset: int = 0) -> ScoreTuple: ...
def formal_wait_count(counts: Counts, melds: int = 0) -> int: ...
def group_elements(tiles: Sequence[int], pair: int,
                   scope: Literal["chows", "pungs"]) -> dict[int, int]: ...
def tables() -> Tables: ...
