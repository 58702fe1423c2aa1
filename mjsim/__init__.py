"""mjsim: Chinese Official Mahjong (MCR) with a compiled core.

>>> from mjsim import Hand
>>> str(Hand.parse("EEE 123m 55p"))
'123m 55p EEE'
"""

from importlib.metadata import PackageNotFoundError, version

from mjsim import notation, shanten
from mjsim.errors import Error, NotationError, WallEmptyError
from mjsim.hand import Hand
from mjsim.meld import Meld
from mjsim.moves import Move
from mjsim.rules import Rules
from mjsim.wall import Wall

try:
    __version__ = version("mjsim")  # one source: pyproject.toml
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "Error",
    "Hand",
    "Meld",
    "Move",
    "NotationError",
    "Rules",
    "Wall",
    "WallEmptyError",
    "__version__",
    "notation",
    "shanten",
]
