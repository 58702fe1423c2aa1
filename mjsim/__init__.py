"""mjsim: Chinese Official Mahjong (MCR) with a compiled core.

>>> from mjsim import Hand
>>> str(Hand.parse("EEE 123m 55p"))
'123m 55p EEE'
"""

from mjsim import notation
from mjsim.errors import Error, NotationError, WallEmptyError
from mjsim.hand import Hand
from mjsim.meld import Meld
from mjsim.wall import Wall

__version__ = "0.1.0"

__all__ = ["Error", "Hand", "Meld", "NotationError", "Wall", "WallEmptyError", "notation",
           "__version__"]
