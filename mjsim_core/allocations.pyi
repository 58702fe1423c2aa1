"""Types of mjsim_core/allocations.pyx."""

from types import TracebackType
from typing import Self

class Counting:
    objects: int
    def __init__(self) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> bool: ...
