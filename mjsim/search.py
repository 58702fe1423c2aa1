"""The three rungs of the bot, reading a view and nothing else (the seed Search).

Each rung is the one below plus one idea; every rung wins whenever a win is legal.

1. **The most isolated tile.** Discard the tile with the fewest neighbours in hand (other
   copies, and tiles of its suit within two ranks); among equals honours first, then terminals
   (:func:`mjsim.rungs.isolation`), so a lone 5s goes before a pair of East. Pass every window.
2. **Shanten and acceptance** (ideas ``shanten`` and ``claims``). Keep the discards with the
   least shanten after them; among those, the most copies still unseen of the tiles that help
   (once ready, of the waits that win eight points: :func:`mjsim.rungs.winning_copies`); then
   rung 1's order. Declare a kong that does not lengthen the road. Claim a pung or kong that
   shortens the road when the pung scores by itself, when the melds then floor eight points, or
   when it makes the hand ready to win eight; claim a chow only when it makes the hand ready to
   win eight.
3. **Defence and a target** (ideas ``defence`` and ``planning``). Against a seat with three
   melds declared (a concealed kong counts: it shows), while two or more from ready, discard
   a kind every copy of which is out or which every such seat has discarded, if one is held.
   Among discards of equal shanten prefer those that keep a flush, a pungs hand or scoring
   pairs (pairs of dragons and of the seat and prevalent winds) in the making
   (:func:`mjsim.rungs.targets`; not once ready, when only winning copies count), and claim
   toward such a hand one step earlier: when the claim leaves the hand one from ready and the
   hand promises eight (:meth:`mjsim.rungs.Targets.fits`).

"Shortens the road" means the shanten after the claim (and the discard it calls for) is less
than before; a kong draws a replacement instead of discarding, so a kong that keeps the shanten
counts as shortening it. ``off`` switches ideas off by name: without ``shanten`` a rung discards
by rung 1's order and declares no kong; without ``claims`` it passes every window.

Each decision is one compiled call (:mod:`mjsim_core.search`); :mod:`mjsim.reference.search`
writes the same rules out in Python, and the tests hold the two to the same choices.

>>> from mjsim.rules import Rules
>>> from mjsim.view import view_of
>>> game = Rules.from_position({"hands": ["123456789m 1234p E", "19m 19p 19s ESWNRG B",
...                                       "2468m 2468p 2468s 5p", "1357m 1357p 1357s 5s"],
...                             "wall": "3s 4s"})
>>> best(view_of(game, 0), 1), best(view_of(game, 0), 2)
(Move('discard', tile=27), Move('discard', tile=27))
>>> best(view_of(game, 1), 3) is None
True
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache

from mjsim_core.search import answer_choices, turn_choices

from mjsim.moves import PASS, Move
from mjsim.rungs import THREAT_MELDS
from mjsim.view import View, view_of

__all__ = ["IDEAS", "LEVELS", "RUNG_IDEAS", "THREAT_MELDS", "best", "check_ideas", "view_of"]

IDEAS: tuple[str, ...] = ("shanten", "claims", "defence", "planning")
"""The ideas a rung may switch off, in the order a variant names them."""
RUNG_IDEAS: dict[int, tuple[str, ...]] = {1: (), 2: IDEAS[:2], 3: IDEAS}
"""The ideas each rung adds up to: rung 2 has shanten and claims, rung 3 all four."""
LEVELS = tuple(RUNG_IDEAS)


def check_ideas(off: Collection[str]) -> None:
    """Raise ``ValueError`` naming any name in ``off`` that is not one of :data:`IDEAS`.

    >>> check_ideas({"claims"}); check_ideas({"greed"})
    Traceback (most recent call last):
    ...
    ValueError: no idea 'greed'; the ideas are shanten, claims, defence, planning
    """
    for name in off:
        if name not in IDEAS:
            raise ValueError(f"no idea {name!r}; the ideas are {', '.join(IDEAS)}")


def best(view: View, level: int, word: int | None = None,
         off: Collection[str] = frozenset()) -> Move | None:
    """A member of ``view.legal`` chosen by rung ``level`` (1-3) with the ideas ``off``
    switched off, or None when there is no legal move. ``word`` breaks the ties left after
    every idea deterministically; by default :attr:`View.word` (seed, hand and move count).

    Raises ``ValueError`` for a level other than 1-3 or an unknown idea.
    """
    if level not in RUNG_IDEAS:
        raise ValueError(f"no rung {level!r}; the rungs are 1, 2 and 3")
    if off:
        check_ideas(off)
    legal = view.legal
    if not legal:
        return None
    for move in legal:
        if move.kind == "win":
            return move
    ideas = _idea_bits(level, frozenset(off))
    if view.window is not None:
        # One compiled call per decision (mjsim_core.search), twin of mjsim.reference.search.
        choices = answer_choices(view, ideas)
        if not choices:
            return PASS
    else:
        choices = turn_choices(view, ideas)
    if len(choices) == 1:
        return legal[choices[0]]
    return legal[choices[(view.word if word is None else word) % len(choices)]]


@cache
def _idea_bits(level: int, off: frozenset[str]) -> int:
    """The ideas rung ``level`` uses with ``off`` switched off, as bits in IDEAS order."""
    return sum(1 << IDEAS.index(name) for name in RUNG_IDEAS[level] if name not in off)
