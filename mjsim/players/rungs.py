"""The four rungs of the bot, reading a view and nothing else (the seed Search).

Each rung is the one below plus one idea; every rung wins whenever a win is legal.

1. **The most isolated tile.** Discard the tile with the fewest neighbours in hand (other
   copies, and tiles of its suit within two ranks); among equals honours first, then terminals
   (:func:`mjsim.reference.measures.isolation`), so a lone 5s goes before a pair of East. Pass
   every window.
2. **Shanten and acceptance** (ideas ``shanten`` and ``claims``). Keep the discards with the
   least shanten after them; among those, the most copies still unseen of the tiles that help
   (once ready, of the waits that win eight points:
   :func:`mjsim.reference.measures.winning_copies`); then rung 1's order. Declare a kong that
   does not lengthen the road. Claim a pung or kong that shortens the road when the pung scores
   by itself, when the melds then floor eight points, or when it makes the hand ready to win
   eight; claim a chow only when it makes the hand ready to win eight.
3. **Defence and a target** (ideas ``defence`` and ``planning``). Against a seat with three
   melds declared (a concealed kong counts: it shows), while two or more from ready, discard
   a kind every copy of which is out or which every such seat has discarded, if one is held.
   Among discards of equal shanten prefer those that keep a flush, a pungs hand or scoring
   pairs (pairs of dragons and of the seat and prevalent winds) in the making
   (:func:`mjsim.reference.measures.targets`; not once ready, when only winning copies count),
   and claim toward such a hand one step earlier: when the claim leaves the hand one from ready
   and the hand promises eight (:meth:`mjsim.reference.measures.Targets.fits`).
4. **Eight in sight** (idea ``eight``). Rung 3 with the road measured by the legal distance
   (:func:`mjsim.analysis.legal.legal_distance`: the draws to a win worth eight points), then
   the shanten: discards, kongs and claims keep the shortest road, and ties go to the most
   copies that a nearest legal target draws (:func:`mjsim.analysis.legal.legal_discards`).
   A claim that shortens the road is made without rung 3's test that it pays, unless the legal
   distance is out of rung 4's sight (beyond :data:`mjsim_core.rungs.EIGHT_LIMIT`, 1), where
   rung 3's rules stand. The idea refines the shanten: without ``shanten`` it does nothing.
   **Deeper sight** (idea ``eight2``, taken on by a spec's ``+eight2``: ``4+eight2``) sees the
   legal distance one step further (:data:`mjsim_core.rungs.EIGHT2_LIMIT`, 2); rung 4 itself
   stays at 1, so ``4+eight2-eight2`` plays as ``4``.

"Shortens the road" means the shanten after the claim (and the discard it calls for) is less
than before; a kong draws a replacement instead of discarding, so a kong that keeps the shanten
counts as shortening it. ``off`` switches ideas off by name: without ``shanten`` a rung discards
by rung 1's order and declares no kong; without ``claims`` it passes every window. A ``salt``
(spec ``3?salt=1``) re-keys the last tie-break and nothing else: the same rung, other dice, an
idea whose price is known to be 0 (the null check of a price run).

Each decision is one compiled call (:mod:`mjsim_core.rungs`); :mod:`mjsim.reference.rungs`
writes the same rules out in Python, and the tests hold the two to the same choices.

>>> from mjsim.game.rules import Rules
>>> from mjsim.players.view import view_of
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
from dataclasses import dataclass, field
from functools import cache

from mjsim.errors import clipped, whole
from mjsim.game.moves import PASS, Move
from mjsim.players.view import View
from mjsim_core.rungs import answer_choices, turn_choices
from mjsim_core.rungs import rekeyed as mixed

__all__ = ["EXTRA_IDEAS", "IDEAS", "LEVELS", "RUNG_IDEAS", "Rung", "best", "check_ideas",
           "choices"]

IDEAS: tuple[str, ...] = ("shanten", "claims", "defence", "planning", "eight", "eight2")
"""The ideas a rung may switch off, in the order a variant names them."""
RUNG_IDEAS: dict[int, tuple[str, ...]] = {1: (), 2: IDEAS[:2], 3: IDEAS[:4], 4: IDEAS[:5]}
"""The ideas each rung adds up to: rung 2 has shanten and claims, rung 3 defence and planning
too, rung 4 eight as well."""
EXTRA_IDEAS: dict[int, tuple[str, ...]] = {4: ("eight2",)}
"""The ideas a rung takes on only when a spec names them with ``+`` (``4+eight2``)."""
LEVELS = tuple(RUNG_IDEAS)


def idea_names(value: object, name: str) -> frozenset[str]:
    """``value``, a collection of idea names, as a frozenset; a ``TypeError`` naming ``name``
    for a str (its letters were read as ideas: "no idea 'd'" for "defence"), None or a number.
    """
    if type(value) is frozenset:  # a rung's own, at every decision: no check to pay
        return value
    if isinstance(value, str | bytes) or not isinstance(value, Collection):
        raise TypeError(f"{name} is a collection of idea names (such as {{'defence'}}), not "
                        f"{clipped(repr(value), 40)}")
    return frozenset(value)


def check_ideas(off: Collection[str]) -> None:
    """Raise ``ValueError`` naming any name in ``off`` that is not one of :data:`IDEAS`.

    >>> check_ideas({"claims"}); check_ideas({"greed"})
    Traceback (most recent call last):
    ...
    ValueError: no idea 'greed'; the ideas are shanten, claims, defence, planning, eight, eight2
    """
    for name in off:
        if name not in IDEAS:
            raise ValueError(f"no idea {name!r}; the ideas are {', '.join(IDEAS)}")


def best(view: View, level: int, word: int | None = None,
         off: Collection[str] = frozenset(), on: Collection[str] = frozenset()) -> Move | None:
    """A member of ``view.legal`` chosen by rung ``level`` (1-4) with the ideas ``on`` taken on
    (of :data:`EXTRA_IDEAS`) and those ``off`` switched off, or None when there is no legal
    move. ``word`` breaks the ties left after
    every idea deterministically; by default :attr:`View.word` (a hash of what the seat sees).

    Raises ``ValueError`` for a level other than 1-4 or an unknown idea.
    """
    tied = choices(view, level, off, on)
    if len(tied) < 2:
        return tied[0] if tied else None
    return tied[(view.word if word is None else word) % len(tied)]


def choices(view: View, level: int, off: Collection[str] = frozenset(),
            on: Collection[str] = frozenset()) -> tuple[Move, ...]:
    """The members of ``view.legal`` that rung ``level`` ranks equal best, among which
    :func:`best` breaks the last tie by the word (empty when there is no legal move; what a
    learner may match without guessing the word). Raises as :func:`best` does."""
    if level not in RUNG_IDEAS:
        raise ValueError(f"no rung {level!r}; the rungs are 1, 2, 3 and 4")
    off, on = idea_names(off, "off"), idea_names(on, "on")
    if off:
        check_ideas(off)
    legal = view.legal
    if not legal:
        return ()
    for move in legal:
        if move.kind == "win":
            return (move,)
    ideas = _idea_bits(level, off, on)
    if view.window is not None:
        # One compiled call per decision (mjsim_core.rungs), twin of mjsim.reference.rungs.
        chosen = answer_choices(view, ideas)
        if not chosen:
            return (PASS,)
    else:
        chosen = turn_choices(view, ideas)
    return tuple(legal[index] for index in chosen)


@cache
def _idea_bits(level: int, off: frozenset[str], on: frozenset[str] = frozenset()) -> int:
    """The ideas rung ``level`` uses with ``on`` taken on and ``off`` switched off, as bits in
    IDEAS order."""
    return sum(1 << IDEAS.index(name) for name in (*RUNG_IDEAS[level], *on) if name not in off)


@dataclass(frozen=True, slots=True)
class Rung:
    """A rung (``level`` 1-4) with the ideas in ``on`` taken on (of :data:`EXTRA_IDEAS`) and
    those in ``off`` switched off, breaking its last ties by :attr:`View.word` re-keyed by
    ``salt`` (0: the word itself).

    Raises ``TypeError`` for a level or salt that is not a whole number, ``ValueError`` for an
    unknown rung or idea, an idea the rung does not have or cannot take on, or a negative salt.
    """

    level: int
    off: frozenset[str] = field(default_factory=frozenset)
    salt: int = 0
    on: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        # 3.0 or True would pass the test below, print as "3.0" or "True" and play as rung 1
        object.__setattr__(self, "level", whole(self.level, "level"))
        if self.level not in RUNG_IDEAS:
            raise ValueError(f"no rung {self.level!r}; the rungs are 1, 2, 3 and 4")
        # a plain int: a numpy salt is kept as the int it is, 2.0 and True refused
        object.__setattr__(self, "salt", whole(self.salt, "salt", 0))
        object.__setattr__(self, "off", idea_names(self.off, "off"))
        object.__setattr__(self, "on", idea_names(self.on, "on"))
        extra = EXTRA_IDEAS.get(self.level, ())
        for name in self.on:
            if name not in extra:
                raise ValueError(f"rung {self.level} cannot take on {name!r}; it can take on "
                                 f"{', '.join(extra) or 'none'}")
        for name in self.off:
            if name not in self.ideas:
                raise ValueError(f"rung {self.level} has no idea {name!r}; it has "
                                 f"{', '.join(self.ideas) or 'none'}")

    @classmethod
    def parse(cls, spec: str) -> Rung:
        """The bot a variant names, e.g. ``"3-defence-planning"`` or ``"4+eight2"``.

        Raises ``ValueError`` naming the spec when it is not a rung followed by distinct
        ideas the rung has, ``TypeError`` when it is not a str.

        >>> Rung.parse("2-defence")
        Traceback (most recent call last):
        ...
        ValueError: bad rung '2-defence': rung 2 has no idea 'defence'; it has shanten, claims
        """
        if not isinstance(spec, str):
            raise TypeError(f"spec is a str such as '3-defence', not {clipped(repr(spec), 40)}")
        head, *names = spec.split("-")
        level, *extra = head.split("+")
        try:
            if (not (level.isascii() and level.isdigit()) or len(set(names)) != len(names)
                    or len(set(extra)) != len(extra)):
                raise ValueError("a variant is a rung 1-4, distinct ideas taken on after '+' "
                                 "then distinct ideas switched off after '-'")
            return cls(int(level), frozenset(names), on=frozenset(extra))
        except ValueError as error:
            raise ValueError(f"bad rung {spec!r}: {error}") from None

    def __str__(self) -> str:
        head = "+".join((str(self.level), *(name for name in IDEAS if name in self.on)))
        spec = "-".join((head, *(name for name in IDEAS if name in self.off)))
        return f"{spec}?salt={self.salt}" if self.salt else spec

    @property
    def name(self) -> str:
        """The rung's spec, e.g. ``3-defence`` or ``3?salt=1``."""
        return str(self)

    @property
    def ideas(self) -> tuple[str, ...]:
        """The ideas this rung has (those taken on included), which a spec may switch off."""
        return (*RUNG_IDEAS[self.level], *(name for name in IDEAS if name in self.on))

    def act(self, view: View) -> Move | None:
        """The move this rung makes from ``view``, or None when its seat has none to make."""
        word = rekeyed(view.word, self.salt) if self.salt else None
        return best(view, self.level, word, self.off, self.on)

    def choices(self, view: View) -> tuple[Move, ...]:
        """The moves this rung ranks equal best from ``view`` (:func:`choices`), one of which
        :meth:`act` plays."""
        return choices(view, self.level, self.off, self.on)


_MASK = (1 << 64) - 1


def rekeyed(word: int, salt: int) -> int:
    """``word`` mixed with ``salt`` (SplitMix64's finaliser, in C: the compiled loop's own),
    a tie-break independent of the word's own, the same on every machine. Only the low 64
    bits of each count; one that is no whole number is a ``TypeError`` naming it.

    >>> rekeyed(12345, 1) == rekeyed(12345, 1) != rekeyed(12345, 2)
    True
    """
    try:  # free until it raises: a rung with a salt calls this on every move
        return mixed(word & _MASK, salt & _MASK)
    # 1.5 met "unsupported operand type(s) for &", numpy's int8 "too large to convert": read
    # as a plain int, or refused by name
    except (TypeError, OverflowError):
        return mixed(whole(word, "word") & _MASK, whole(salt, "salt") & _MASK)
