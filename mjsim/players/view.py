# Compiled with view.pxd in Cython's pure-Python mode (setup.py says how).
"""The view of a game that one seat may read: the only input a bot's rung gets (the seed Search).

A :class:`View` holds the seat's own hand, every pool, every seat's exposed melds (another seat's
concealed kong shows as :data:`HIDDEN_KONG`, a kong with no tiles), every seat's flowers, the wall
count, the winds, the open window (its kind, tile and source only: who else may claim is hidden),
the seat's legal moves and the hand number, as :mod:`mjsim.players.seen` rules. No field holds
another hand, the wall's order or anything that determines them (no seed: a seed and a hand
number rebuild the whole wall), and no count of moves (it would count the passes of seats that
could have claimed), so a rung cannot cheat by construction.

A view is cheap: :func:`view_of` shares the engine's own objects (the pools, the melds tuples)
instead of copying them, so a player must treat every field as read-only, and a view describes
the moment it was taken: read it before the game moves on. The seat's hand is the one thing
copied (34 bytes): the engine keeps every seat's counts in one block, and a row of it would be a
path to the other hands. What is visible and what
remains unseen are worked out only when a rung first asks.

>>> from mjsim.game.rules import Rules
>>> game = Rules.from_position({"hands": ["123456789m 1234p E", "19m 19p 19s ESWNRG B",
...                                       "2468m 2468p 2468s 5p", "1357m 1357p 1357s 5s"],
...                             "pools": ["", "", "", "9s"], "wall": "3s 4s"})
>>> view = view_of(game, 0)
>>> view.wall, view.seat_wind, view.unseen[26], view.unseen[27]
(2, 0, 3, 3)
>>> view_of(game, 1).legal
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mjsim.errors import whole
from mjsim.game.moves import Move
from mjsim.game.rules import NO_LUCK, Luck, Rules
from mjsim.players.seen import HIDDEN_KONG, HiddenKong, Shown, melds_seen_by
from mjsim.scoring.elements import ruleset_index as parse_ruleset
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import N_PLAYING, Kind
from mjsim_core.rungs import seat_word

__all__ = ["FIELDS", "HIDDEN_KONG", "HiddenKong", "Shown", "View", "WindowView", "view_of"]


class WindowView(NamedTuple):
    """The open window as every seat sees it: ``kind`` (discard, rob), ``tile``, ``source``."""

    kind: str
    tile: Kind
    source: int


FIELDS = ("seat", "hand", "pools", "exposed", "flowers", "wall", "dealer", "prevalent",
          "phase", "drawn", "window", "legal", "hand_no", "ruleset", "luck")
"""The fields a :class:`View` holds, besides what it derives from them."""


class View:
    """What ``seat`` may read. Fields (all read-only):

    ``seat``; ``hand`` (its own :class:`~mjsim.tiles.hand.Hand`); ``pools`` (four lists of discards,
    oldest first); ``exposed`` (four tuples of melds, the seat's own in full, others' concealed
    kongs as :data:`HIDDEN_KONG`); ``flowers`` (four tuples); ``wall`` (tiles left); ``dealer``;
    ``prevalent``; ``phase``; ``drawn`` (the tile the seat just drew on its turn, else None);
    ``window`` (a :class:`WindowView` or None); ``legal`` (the seat's legal moves); ``hand_no``;
    ``ruleset`` (and ``ruleset_index``, its place in ``RULESETS``, which the compiled rungs
    read: the engine's, parsed once a game, or parsed here when not given); ``luck`` (what a
    win now would owe to the moment: :class:`~mjsim.game.rules.Luck`). Derived: ``seat_wind``,
    ``visible`` and ``unseen`` (34 counts each), ``word`` (the default tie-break).
    """

    def __init__(self, *, seat: int, hand: Hand, pools: Sequence[Sequence[Kind]],
                 exposed: Sequence[Sequence[Shown]], flowers: Sequence[Sequence[Kind]] = ((),) * 4,
                 wall: int, dealer: int, prevalent: int, phase: str = "discard",
                 drawn: Kind | None = None, window: WindowView | None = None,
                 legal: Sequence[Move] = (), hand_no: int = 1,
                 ruleset: str = "green-book", luck: Luck = NO_LUCK,
                 ruleset_index: int | None = None) -> None:
        self.seat, self.hand, self.pools, self.exposed = seat, hand, pools, exposed
        self.flowers, self.wall, self.dealer, self.prevalent = flowers, wall, dealer, prevalent
        self.phase, self.drawn, self.window, self.legal = phase, drawn, window, legal
        self.hand_no, self.ruleset, self.luck = hand_no, ruleset, luck
        self.ruleset_index = parse_ruleset(ruleset) if ruleset_index is None else ruleset_index
        self._unseen: list[int] | None = None
        self._visible: list[int] | None = None

    @property
    def seat_wind(self) -> int:
        """The seat's wind, 0-3 for E S W N."""
        return (self.seat - self.dealer) % 4

    @property
    def visible(self) -> list[int]:
        """Copies of each kind the seat sees outside its concealed tiles: in the pools and in
        the melds it can see (its own concealed kongs included)."""
        if self._visible is None:
            seen = [0] * N_PLAYING
            for pool in self.pools:
                for kind in pool:
                    seen[kind] += 1
            for melds in self.exposed:
                for meld in melds:
                    for kind in meld.tiles:
                        seen[kind] += 1
            self._visible = seen
        return self._visible

    @property
    def unseen(self) -> list[int]:
        """Copies of each kind the seat cannot see: in other hands or still in the wall."""
        if self._unseen is None:
            self._unseen = [4 - held - seen
                            for held, seen in zip(self.hand.counts.tobytes(), self.visible)]
        return self._unseen

    @property
    def word(self) -> int:
        """The default tie-break: a hash of what the seat sees from its own chair (its wind, its
        hand, every pool and how many melds each seat shows, from its own round the table, the
        phase, the window and its draw). It uses nothing a seat at another table cannot see,
        and no seat number, so a player answering a Botzone judge (which knows no seed or move
        count, and numbers the seats from the dealer) breaks its ties exactly as in mjsim."""
        return seat_word(self.hand.counts, self.seat, self.seat_wind, self.pools, self.exposed,
                         False, self.phase, -1 if self.drawn is None else self.drawn,
                         self.window)

    def _key(self) -> tuple[object, ...]:
        hand = self.hand
        return (self.seat, hand.counts.tobytes(), hand.melds, hand.flowers,
                tuple(map(tuple, self.pools)), tuple(map(tuple, self.exposed)),
                tuple(map(tuple, self.flowers)), self.wall, self.dealer, self.prevalent,
                self.phase, self.drawn, self.window, tuple(self.legal), self.hand_no,
                self.ruleset, self.luck)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # it shares the engine's changing state

    def __repr__(self) -> str:
        return (f"<View seat={self.seat} hand={self.hand} hand_no={self.hand_no} "
                f"phase={self.phase} legal={list(self.legal)}>")


def view_of(rules: Rules, seat: int) -> View:
    """The view of a :class:`~mjsim.game.rules.Rules` for ``seat`` (0-3), sharing its state;
    a seat that is none is a ``TypeError`` or ``ValueError`` naming it, and so is a game that
    is no :class:`~mjsim.game.rules.Rules` (None had "no attribute 'hands'")."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules is a game (a Rules), not {type(rules).__name__}")
    if type(seat) is not int or not 0 <= seat < 4:  # the engine's own seats pass at once
        seat = whole(seat, "seat", 0, 3)
    hands = rules.hands
    exposed = tuple([melds_seen_by(hand.melds, other, seat) for other, hand in enumerate(hands)])
    window = rules.state.window  # of which only the kind, tile and source are the seat's
    return View(
        seat=seat, hand=hands[seat].copy(), pools=rules.pools, exposed=exposed,
        flowers=tuple([hand.flowers for hand in hands]), wall=len(rules.wall),
        dealer=rules.dealer, prevalent=rules.prevalent, phase=rules.phase,
        drawn=rules.drawn if rules.turn == seat else None,
        window=None if window is None else WindowView(window.kind, window.tile, window.source),
        legal=rules.legal(seat), hand_no=rules.hand_no, ruleset=rules.ruleset,
        luck=rules.luck, ruleset_index=rules.ruleset_index)
