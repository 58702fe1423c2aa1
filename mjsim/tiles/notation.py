"""Hand strings: parse and print tiles, melds and hands (the seed Notation).

A token is digits followed by a suit letter (``123m``, ``55p``, ``9s``), a run of honour letters
(``EEE``, ``RGB``), or a bonus tile (``F1``-``F4`` flowers, ``T1``-``T4`` seasons). A meld is its
kind around tile tokens: ``chow(234s)``, ``pung(EEE)``, ``kong(5555p)``, and ``ckong(5555p)`` for
a concealed kong. The white dragon is ``B`` (blank), because ``W`` is the west wind.

Tokens may be separated by spaces or written back to back, as the field often writes a hand:
``123m456p789sEE`` and ``123m 456p 789s EE`` are the same tiles, and so is ``pung(EEE)123m``
beside ``123m pung(EEE)``. Honours may also be written as the riichi tools write them, with the
suit letter ``z``: ``1z``-``4z`` the winds E S W N, then ``5z`` white, ``6z`` green and ``7z`` red
(:data:`Z_HONORS`), which is the reverse of our letters' R G B order: ``1234567z`` is
E S W N B G R. A bonus tile takes one digit, so ``F12m`` is F1 and 2m.

Printing is canonical, whatever was read: spaced tokens, suits m, p, s with ranks ascending, then
the honours E S W N R G B as letters, then the bonus tiles; so ``parse(print_tiles(ids))`` is
``sorted(ids)``.

>>> parse("123m 55p EEE")
[0, 1, 2, 13, 13, 27, 27, 27]
>>> print_tiles([27, 13, 0, 34, 2, 1])
'123m 5p E F1'
>>> print_hand(parse_hand("19m pung(EEE) 55p ckong(4444s) F1"))
'19m 55p pung(EEE) ckong(4444s) F1'
>>> print_tiles(parse("123m456p789sEE 765z"))
'123m 456p 789s EERGB'
"""

from __future__ import annotations

from mjsim.tiles.hand import Hand
from mjsim.tiles.tokens import LETTERS, Z_HONORS, parse, print_meld, print_tiles

__all__ = ["LETTERS", "Z_HONORS", "parse", "parse_hand", "print_hand", "print_meld", "print_tiles"]


def parse_hand(text: str) -> Hand:
    """A string with melds and bonus tiles to a :class:`~mjsim.tiles.hand.Hand`.

    Raises :class:`~mjsim.errors.NotationError` for everything :func:`parse` refuses and for a
    meld that is not one (a chow that does not run, mixes suits or uses honours; a pung of mixed
    kinds; a kong of three; an unknown meld word). Copies are counted across the concealed tiles
    and the melds, whether the tokens are spaced or back to back.

    >>> parse_hand("chow(234s) 55p F2").melds
    (Meld('chow', (19, 20, 21)),)
    """
    return Hand.parse(text)


def print_hand(hand: Hand) -> str:
    """A hand to a string: the concealed tiles, then the melds in order, then the bonus tiles;
    a ``TypeError`` for a hand that is no :class:`~mjsim.tiles.hand.Hand` (``str()`` of
    anything was printed: ``print_hand(5)`` gave '5')."""
    if not isinstance(hand, Hand):
        raise TypeError(f"a hand is a Hand, not {type(hand).__name__}")
    return str(hand)
