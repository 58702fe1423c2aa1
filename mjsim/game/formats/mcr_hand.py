"""One hand of an MCR game as a Botzone match log (docs/formats.md, "MCR hands").

Botzone's judge plays one hand of its own table; a hand of mjsim's MCR table differs in what
the judge does not know: its number (which gives the dealer and the prevalent wind) and its
wall, one piece of 144 tiles drawn from the front with replacements from the back. The match
carries them in ``initdata`` under mjsim's own key, ``{"mjsim": {"table": "mcr", "hand": H,
"dealer": D, "wall": "..."}}``, and turns the seats so that the dealer is the match's player
0, as the protocol has it (a bot's ID is its seat wind). :func:`as_match` and :func:`seated`
turn the seats each way; :func:`initdata` writes the key and :func:`hand_of` reads it back.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from mjsim.game.formats.record import Game, Refused, rotated
from mjsim.game.settlement import HANDS
from mjsim.tiles.botzone import name_of

__all__ = ["KEY", "Hand", "as_match", "hand_of", "initdata", "seated"]

KEY = "mjsim"
"""The initdata key of mjsim's own fields, which Botzone's judge does not read."""


class Hand(NamedTuple):
    """An MCR hand as its match's initdata gives it: its ``number`` (1-16) and its ``wall``
    (Botzone's names, front first)."""

    number: int
    wall: str

    @property
    def dealer(self) -> int:
        """mjsim's seat of the dealer: the match's player 0."""
        return (self.number - 1) % 4

    @property
    def prevalent(self) -> int:
        return (self.number - 1) // 4


def initdata(game: Game) -> dict[str, Any]:
    """The initdata of an MCR hand's match: Botzone's quan, and mjsim's keys."""
    hand = Hand(game.hand_no, " ".join(map(name_of, game.walltiles or ())))
    return {"quan": hand.prevalent, "srand": 0,
            KEY: {"table": "mcr", "hand": hand.number, "dealer": hand.dealer,
                  "wall": hand.wall}}


def as_match(game: Game) -> Game:
    """An MCR hand's record in the match's seats: its dealer player 0."""
    return rotated(game, -Hand(game.hand_no, "").dealer)


def hand_of(data: dict[str, Any], name: str, line: int) -> Hand | None:
    """The MCR hand a match's ``data`` (its initdata) names, or None for a match of Botzone's
    table. Raises :class:`Refused` for mjsim's key malformed."""
    ours = data.get(KEY)
    if ours is None:
        return None

    def refuse(why: str) -> Refused:
        return Refused(name, line, f"initdata's {KEY}: {why}")

    if not isinstance(ours, dict) or ours.get("table") != "mcr":
        raise refuse('an object whose table is "mcr"')
    number = ours.get("hand")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= HANDS:
        raise refuse(f"the hand is 1-{HANDS}, not {number!r}")
    wall = ours.get("wall")
    if not isinstance(wall, str) or "walltiles" in data:
        raise refuse("the wall is the hand's tiles as a string, front first, and no "
                     "walltiles beside it (Botzone's split wall)")
    hand = Hand(number, wall)
    if ours.get("dealer", hand.dealer) != hand.dealer:
        raise refuse(f"seat {hand.dealer} deals hand {number}, not {ours.get('dealer')!r}")
    return hand


def seated(game: Game, hand: Hand) -> Game:
    """A match read in its own seats made hand ``hand`` of the MCR table, in mjsim's seats.
    Raises :class:`Refused` when its quan is not the hand's prevalent wind."""
    if game.quan != hand.prevalent:
        raise Refused(game.id, game.line, f"quan {game.quan} is not the prevalent wind of "
                                          f"hand {hand.number} ({hand.prevalent})")
    game.table, game.hand_no = "mcr", hand.number
    return rotated(game, hand.dealer)
