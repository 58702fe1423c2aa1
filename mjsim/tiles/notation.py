"""Hand strings: parse and print tiles, melds and hands (the seed Notation).

A token is digits followed by a suit letter (``123m``, ``55p``, ``9s``), a run of honour letters
(``EEE``, ``RGB``), or a bonus tile (``F1``-``F4`` flowers, ``T1``-``T4`` seasons). Tokens are
separated by spaces. A meld is its kind around one token: ``chow(234s)``, ``pung(EEE)``,
``kong(5555p)``, and ``ckong(5555p)`` for a concealed kong. The white dragon is ``B`` (blank),
because ``W`` is the west wind.

Printing is canonical: suits m, p, s with ranks ascending, then the honours E S W N R G B, then
the bonus tiles; so ``parse(print_tiles(ids))`` is ``sorted(ids)``.

>>> parse("123m 55p EEE")
[0, 1, 2, 13, 13, 27, 27, 27]
>>> print_tiles([27, 13, 0, 34, 2, 1])
'123m 5p E F1'
>>> print_hand(parse_hand("19m pung(EEE) 55p ckong(4444s) F1"))
'19m 55p pung(EEE) ckong(4444s) F1'
"""

from __future__ import annotations

from mjsim.tiles.hand import Hand
from mjsim.tiles.tokens import LETTERS, parse, print_meld, print_tiles

__all__ = ["LETTERS", "parse", "parse_hand", "print_hand", "print_meld", "print_tiles"]


def parse_hand(text: str) -> Hand:
    """A string with melds and bonus tiles to a :class:`~mjsim.tiles.hand.Hand`.

    Raises :class:`~mjsim.errors.NotationError` for everything :func:`parse` refuses and for a
    meld that is not one (a chow that does not run, mixes suits or uses honours; a pung of mixed
    kinds; a kong of three; an unknown meld word). Copies are counted across the concealed tiles
    and the melds.

    >>> parse_hand("chow(234s) 55p F2").melds
    (Meld('chow', (19, 20, 21)),)
    """
    return Hand.parse(text)


def print_hand(hand: Hand) -> str:
    """A hand to a string: the concealed tiles, then the melds in order, then the bonus tiles."""
    return str(hand)
