# The shapes the compiled kernels read, for their stubs (as _types.pxd is for their C): the
# kernels import nothing from mjsim, so they name what they read of its objects as protocols.
from collections.abc import Sequence
from typing import Protocol, TypeAlias

import numpy as np
import numpy.typing as npt

# 34 uint8 copies, one per playing kind: an array (as Hand.counts), or any buffer of 34 bytes.
Counts: TypeAlias = npt.NDArray[np.uint8] | bytes | bytearray | memoryview

class Meld(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def tiles(self) -> tuple[int, ...]: ...
    @property
    def concealed(self) -> bool: ...

class Hand(Protocol):
    @property
    def counts(self) -> Counts: ...
    @property
    def melds(self) -> Sequence[Meld]: ...
