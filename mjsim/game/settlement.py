"""Settlement of a hand and the standings of a game (the seed Result; docs/rules.md#settlement).

A hand settles as four signed deltas indexed by seat that sum to zero:

- ``self``: a self-drawn win; every other seat gives ``BASE + points``;
- ``discard``: the discarder gives ``BASE + points``, the other two give ``BASE`` each;
- ``rob``: robbing a kong, settled as a discard by the seat that promoted the kong;
- ``exhausted``: nobody moves;
- a foul (:func:`settle_foul`): the offender gives ``FOUL`` to each other seat.

``points`` is the hand's total including its flowers. Totals may go below zero; nothing clamps
them. A game is ``HANDS`` hands, ``ROUNDS`` rounds of ``SEATS``, and the deal passes every hand.

>>> settle(2, "discard", 16, discarder=0)
[-24, -8, 40, -8]
>>> settle(1, "self", 20)
[-28, 84, -28, -28]
>>> places([40, -10, 40, -70]), winner([40, -10, 40, -70])
([1.5, 3.0, 1.5, 4.0], None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mjsim.errors import clipped, whole

BASE = 8
"""What every non-winner gives (3.9.1.2: "Non-winning players must pay 8 points")."""
SEATS = 4
HANDS = 16
ROUNDS = 4

FOUL = 10
"""What a foul costs its offender to each other seat (docs/rules.md#settlement): Botzone's
penalty for a wrong or late answer, and the false-declaration penalty."""

WAYS = ("self", "discard", "rob", "exhausted")
"""The ways a hand ends, as ``settle`` takes them."""


def settle(winner: int | None, by: str, points: int = 0,
           discarder: int | None = None) -> list[int]:
    """Four signed deltas, indexed by seat, for one hand.

    ``discarder`` is the seat that discarded the winning tile (for ``rob``, the seat that
    promoted the kong). Seats and points are whole numbers, numpy's too. Raises ``ValueError``
    for a bad seat, a discard or robbing win with no discarder (or the winner as its own
    discarder), a discarder given for a self-drawn win or a winner for an exhausted hand,
    points that are negative or no whole number, or a way of ending it does not know.

    >>> settle(3, "rob", 8, discarder=2)
    [-8, -8, -16, 32]
    >>> settle(None, "exhausted")
    [0, 0, 0, 0]
    """
    if by not in WAYS:
        raise ValueError(f"no way of ending a hand called {by!r}; the ways are {', '.join(WAYS)}")
    if by == "exhausted":
        if winner is not None or discarder is not None:
            raise ValueError("an exhausted hand has no winner and no discarder")
        return [0] * SEATS
    winner = _check_seat(winner, "winner")
    points = _check_count(points, "points are")
    deltas = [0] * SEATS
    if by == "self":
        if discarder is not None:
            raise ValueError("a self-drawn win has no discarder")
        for seat in range(SEATS):
            if seat != winner:
                deltas[seat] = -(BASE + points)
    else:
        discarder = _check_seat(discarder, "discarder")
        if discarder == winner:
            raise ValueError(f"seat {winner} cannot win on its own discard")
        for seat in range(SEATS):
            if seat != winner:
                deltas[seat] = -(BASE + points) if seat == discarder else -BASE
    deltas[winner] = -sum(deltas)
    return deltas


def settle_foul(offender: int, penalty: int = FOUL) -> list[int]:
    """Four signed deltas for a foul: ``offender`` gives ``penalty`` to each other seat.

    Raises ``ValueError`` for a bad seat or a penalty that is negative or no whole number.

    >>> settle_foul(1)
    [10, -30, 10, 10]
    """
    offender = _check_seat(offender, "offender")
    penalty = _check_count(penalty, "a penalty is")
    deltas = [penalty] * SEATS
    deltas[offender] = -penalty * (SEATS - 1)
    return deltas


def places(totals: Sequence[int]) -> list[float]:
    """Each seat's place, 1 the highest: seats level on totals share the average of the places
    they span (two level first are 1.5 each), so a game's places always sum to 10, as the
    competition format's rank points do (:func:`mjsim.tournament.rankings.rank_points`).

    Totals are four whole numbers (numpy's too): a ``TypeError`` names one that is not (a
    float, a bool, a str were ranked as given), a ``ValueError`` totals not four.

    >>> places([5, 5, 5, -15])
    [2.0, 2.0, 2.0, 4.0]
    """
    totals = _four_totals(totals)
    return [1 + sum(other > total for other in totals)
            + (sum(other == total for other in totals) - 1) / 2 for total in totals]


def winner(totals: Sequence[int]) -> int | None:
    """The seat in sole first place, or None when first place is shared (totals as
    :func:`places` reads them).

    >>> winner([3, 9, -12, 0])
    1
    """
    firsts = [seat for seat, place in enumerate(places(totals)) if place == 1]
    return firsts[0] if len(firsts) == 1 else None


def finished(hands_played: int) -> bool:
    """Whether a game that has played ``hands_played`` hands is over; a ``TypeError`` for a
    count that is no whole number (2.5 was taken), a ``ValueError`` for a negative one.

    >>> finished(15), finished(16)
    (False, True)
    """
    return whole(hands_played, "hands_played", 0) >= HANDS


def _four_totals(totals: object) -> list[int]:
    """``totals`` as four plain ints, or an error naming what is not (see :func:`places`)."""
    if isinstance(totals, str | bytes) or not isinstance(totals, Iterable):
        raise TypeError(f"totals are four whole numbers, one per seat, not "
                        f"{clipped(repr(totals), 40)}")
    read = [whole(total, f"totals[{seat}]") for seat, total in enumerate(totals)]
    if len(read) != SEATS:
        raise ValueError(f"totals are four whole numbers, one per seat, not {len(read)} of them")
    return read


def _check_seat(seat: object, role: str) -> int:
    """The seat as a plain int 0-3 (numpy's integers too: ``np.int64(1)`` was refused as "not
    a seat 0-3"); else ``ValueError`` naming its role (a bool, a float and None are no seat)."""
    try:
        return whole(seat, role, 0, SEATS - 1)
    except (TypeError, ValueError):
        raise ValueError(f"the {role} is a seat 0-{SEATS - 1}, not "
                         f"{clipped(repr(seat), 40)}") from None


def _check_count(value: object, words: str) -> int:
    """``value`` as a plain int at least 0 (numpy's integers too); else ``ValueError`` saying
    ``words`` a non-negative int (a bool and a float are none)."""
    try:
        return whole(value, words, 0)
    except (TypeError, ValueError):
        raise ValueError(f"{words} a non-negative int, not {clipped(repr(value), 40)}") from None
