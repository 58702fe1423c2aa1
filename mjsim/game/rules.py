# Compiled with rules.pxd in Cython's pure-Python mode (setup.py says how).
"""The state of one game: the deal, the turns, the window, the sixteen hands (the seed Rules).

Seats are 0-3, the dealer of hand ``h`` is seat ``(h - 1) % 4``, play runs 0, 1, 2, 3 and a
seat's wind is its distance from the dealer. The seat on turn holds fourteen tiles' worth and
is in the ``discard`` phase: it may discard, declare a kong (concealed, or promoted from its own
exposed pung; never in a turn reached by a chow or pung claim, nor with an empty wall), or win
on its fourteen when the scorer gives eight points or more without flowers. Draws, flower
replacements and kong replacements are not choices: the engine does them and reports them.

A discard opens a ``claim`` window if another seat can use the tile; a promoted kong opens a
``rob`` window for a robbing win, and is performed only if nobody takes it (see
:mod:`mjsim.game.window` for who is asked and who gets it). A draw from an empty wall ends the
hand exhausted; the last tile of the wall is drawable, and its discard can be claimed for a win
only. A win is scored by :mod:`mjsim.scoring.scorer`, settled by :mod:`mjsim.game.settlement` and
recorded in ``history``; the deal passes whatever happened, and the game ends after ``last_hand``
(16). A foul (:meth:`Rules.foul`: a seat that cannot answer properly) ends the hand at once.

``table="botzone"`` plays Botzone's table instead (docs/botzone-table.md): one hand, seat 0
dealing, the wall a :class:`~mjsim.tiles.wall.SplitWall` whose four parts the seats draw from,
and the limits on kongs, claims and the last tile that Botzone's judge sets. A table is a
variant class (:class:`Table`, the MCR table, and :class:`BotzoneTable`) that answers what the
tables disagree on; :class:`Rules` holds one and has no branch of its own on the table.

What changes within a hand lives in one record, :class:`HandState`, which :meth:`Rules.clone`
copies as a unit; the game-wide fields (seed, ruleset, hand number, totals, history) stay on
:class:`Rules`.

Everything after a move is a function of the seed: the engine prints nothing, reads nothing and
uses no random state. Events (``take_outcomes``) are JSON-safe dicts with ``actor`` (``"sys"``
or a seat) and ``kind``: ``deal``, ``flower``, ``drew``, ``discard``, ``pass``, ``claim``,
``chow``, ``pung``, ``kong``, ``promote``, ``win``, ``exhausted``, ``foul``, ``settle``, ``end``.
``Rules(..., events=False)`` is a quiet game: the same play, history and totals, but no event
is built (``take_outcomes`` stays empty), for whoever needs only the results and the speed.

>>> from mjsim.game.moves import Move
>>> g = Rules(seed=b"doc")
>>> events = g.take_outcomes()
>>> events[0]["kind"], g.waiting_on() == [g.dealer], g.phase
('deal', True, 'discard')
>>> g.apply(1, Move("discard", tile=0))
Error(code='not-your-turn', message='seat 1 cannot move: seat 0 is on turn')
>>> g.apply(0, Move("discard", tile=g.drawn))
True
"""

from __future__ import annotations

import functools
import hashlib
import operator
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from typing import Any, NamedTuple

import numpy as np

from mjsim.errors import Error, clipped, flag, whole
from mjsim.game.events import ClaimEvent, Event, PassEvent
from mjsim.game.moves import CHOWS, DISCARDS, KONG, KONGS, PASS, PUNG, WIN, Move
from mjsim.game.results import HandResult, Outcome
from mjsim.game.settlement import FOUL, HANDS, places, settle, settle_foul
from mjsim.game.window import Window, open_window
from mjsim.scoring import scorer as scoring
from mjsim.scoring.elements import ruleset_index
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import (
    ALL_TILES,
    EAST,
    N_KINDS,
    N_PLAYING,
    N_SUITED,
    NAMES,
    copies,
    read_kinds,
)
from mjsim.tiles.meld import Meld
from mjsim.tiles.notation import parse, print_hand
from mjsim.tiles.wall import Seed, SplitWall, Wall, seed_bytes
from mjsim_core import counts as ccounts
from mjsim_core.shanten import _shanten_of as shanten
from mjsim_core.shanten import _wait_mask_of as wait_mask
from mjsim_core.shanten import _waits_of as formal_waits

PHASES = ("discard", "claim", "rob", "finished")

_AFTER_FLOWERS = 64
"""Added to the tile a draw returns when flowers came before it (above every kind)."""

_FULL_CENSUS = tuple(ALL_TILES.count(k) for k in range(N_KINDS))
_COPIES = tuple(copies(k) for k in range(N_KINDS))
_KIND_BYTES = bytes(range(N_KINDS))
"""Every kind as a byte: what is left of walltiles without them is no kind."""
_PLAYING_CENSUS = (4,) * N_PLAYING + (0,) * (N_KINDS - N_PLAYING)  # Botzone's 136

_DEAL = bytes([*(i // 4 % 4 for i in range(48)), 0, 1, 2, 3, 0])
"""Who gets each tile of the deal, counted from the dealer: three times round, four tiles
each; then one more each, and the dealer's fourteenth."""


class Luck(NamedTuple):
    """What a win at this moment owes to the moment besides its tiles: ``last`` (no draw can
    follow: Last Tile Draw, or Last Tile Claim on the discard), ``kong_draw`` (the tile drawn
    replaced a kong: Out with Replacement Tile), ``initial`` (the dealer's dealt fourteen)."""

    last: bool = False
    kong_draw: bool = False
    initial: bool = False


_LUCKS = tuple(Luck(bool(i & 1), bool(i & 2), bool(i & 4)) for i in range(8))
"""Every luck there is, made once: a view asks for the moment's luck at each decision."""

NO_LUCK = _LUCKS[0]

# A seat's waits not worked out since its hand changed (a mask of waits is never negative).
_UNKNOWN = -1


def luck_of(last: bool, kong_draw: bool, initial: bool) -> Luck:
    """The :class:`Luck` of these three, without making one."""
    return _LUCKS[bool(last) | bool(kong_draw) << 1 | bool(initial) << 2]


def score_win(hand: Hand, tile: int, ruleset: int, seat_wind: int, prevalent: int, *,
              self_drawn: bool, face_up: int, luck: Luck = NO_LUCK,
              robbing: bool = False) -> scoring.Scored:
    """A win on ``tile`` by ``hand`` (its fourteen tiles, the tile among them) as the table
    scores it: the one verdict behind the engine's offer of a win and the hint's and the ready
    line's words, under the ``ruleset`` of that index in :data:`RULESETS` (the engine and a view
    hold it parsed). The win is legal when its total (flowers apart) reaches
    :data:`~mjsim.scoring.MIN_POINTS`. ``face_up``: the copies of the tile face up besides the
    winner's concealed ones and the discard claimed (three make it the last copy); a robbed
    tile is neither the last copy nor the last tile. Raises ``ValueError`` for a context the
    hand makes impossible."""
    context = _win_context(tile, self_drawn, seat_wind, prevalent, len(hand.flowers),
                           face_up == 3 and not robbing, luck.last and not robbing,
                           luck.kong_draw and self_drawn, robbing, luck.initial and self_drawn)
    return scoring.score(hand, context, ruleset=ruleset)


@functools.lru_cache(maxsize=1 << 14)
def _win_context(tile: int, self_drawn: bool, seat_wind: int, prevalent: int, flowers: int,
                 last_copy: bool, wall_last: bool, replacement: bool, robbing: bool,
                 initial: bool) -> scoring.WinContext:
    """The WinContext of these circumstances, made once: a context is immutable, and making
    one (its checks in Python) cost twice what scoring the win does."""
    return scoring.WinContext(tile, self_drawn, seat_wind, prevalent, flowers=flowers,
                              last_copy=last_copy, wall_last=wall_last, replacement=replacement,
                              robbing=robbing, initial=initial)


@functools.cache
def _meld(kind: str, first: int, claimed: int | None, source: int | None,
          concealed: bool) -> Meld:
    """The engine's meld of ``kind`` from ``first`` (its lowest kind), made once: a Meld is
    immutable, a few hundred exist, and making one (its checks in Python) costs more than the
    rest of a claim."""
    make = Meld.chow if kind == "chow" else Meld.pung if kind == "pung" else Meld.kong
    return make(first, concealed=concealed, claimed=claimed, source=source)


class HandState:
    """What a hand changes, in one record (python-chess's ``_BoardState``): what
    :meth:`Rules.clone` copies besides the game-wide fields, and what :meth:`copy` lists.

    ``wall``; ``hands`` (the four :class:`~mjsim.tiles.hand.Hand`, each one's ``counts`` a row
    of ``counts``, seat x kind); ``pools``; ``phase``; ``turn`` and ``drawn`` (-1 for none:
    outside a turn, no drawn tile); ``replacement``, ``claimed_this_turn``,
    ``last_draw_emptied`` and ``last_discard_is_last`` (as :class:`Rules` describes them);
    ``window`` (the open one, or None) and ``scores`` (seat -> its scored win on the window's
    tile); ``waits`` (per seat: its waits while its hand is unchanged, a bit a kind, or
    -1 until worked out); ``waits_before_draw`` (the waits the seat on turn had before its draw:
    its waits again if it discards the tile it drew);
    ``turn_win_known`` and ``turn_win`` (the scored self-drawn win of the seat on turn, or None,
    once worked out); ``kong_draw`` (the seat on turn drew a kong's replacement); ``census``
    (copies of each kind in play); ``shown`` (copies of each playing kind face up: in the pools
    and in exposed melds, not in concealed kongs; kept as tiles move, checked by
    :meth:`Rules.check_invariants`).
    """

    def __init__(self, wall: Wall, hands: list[Hand], block: np.ndarray | None = None) -> None:
        """A hand as dealt, before its flowers are replaced and anyone is on turn (``block``:
        the 4 x 34 array whose rows the hands' counts already are, if they are)."""
        self.wall = wall
        if block is None:
            self._seat_hands(hands)
        else:
            self.hands, self.counts = hands, block.data
        self.pools: list[list[int]] = [[], [], [], []]
        self.phase = "discard"
        self.turn = -1
        self.drawn = -1
        self.replacement = False
        self.claimed_this_turn = False
        self.last_draw_emptied = False
        self.last_discard_is_last = False
        self.window: Window | None = None
        self.scores: dict[int, scoring.Scored] = {}
        self.waits: list[int] = [_UNKNOWN] * 4
        self.waits_before_draw = _UNKNOWN
        self.turn_win_known = False
        self.turn_win: scoring.Scored | None = None
        self.kong_draw = False
        self.census = _FULL_CENSUS
        self.shown = bytearray(N_PLAYING)

    def _seat_hands(self, hands: list[Hand]) -> None:
        # One 4 x 34 block holds the seats' counts, each hand's ``counts`` a row of it, so the
        # engine reads or writes any seat's count of a kind in one step (compiled: a C access).
        block = np.array([hand.counts for hand in hands])
        for hand, row in zip(hands, block):
            hand.counts = row
        self.hands = hands
        self.counts = block.data

    def copy(self) -> HandState:
        """An independent copy: the one place that says how each field is copied (immutable
        values are shared; a test checks that every field is here)."""
        state = HandState.__new__(HandState)
        state.wall = self.wall.copy()
        state._seat_hands([hand.copy() for hand in self.hands])
        state.pools = [list(pool) for pool in self.pools]
        state.phase, state.turn, state.drawn = self.phase, self.turn, self.drawn
        state.replacement, state.claimed_this_turn = self.replacement, self.claimed_this_turn
        state.last_draw_emptied = self.last_draw_emptied
        state.last_discard_is_last = self.last_discard_is_last
        state.window = None if self.window is None else self.window.copy()
        state.scores = dict(self.scores)
        state.waits = list(self.waits)
        state.waits_before_draw = self.waits_before_draw
        state.turn_win_known, state.turn_win = self.turn_win_known, self.turn_win
        state.kong_draw = self.kong_draw
        state.census = self.census
        state.shown = bytearray(self.shown)
        return state


class Rules:
    """One game of sixteen hands (or ``hand_no`` to ``last_hand``) from a seed.

    Attributes: ``seed``, ``ruleset`` (and ``ruleset_index``, its place in ``RULESETS``, which
    the kernels take: parsed once a game), ``hand_no``, ``last_hand``, ``dealer``, ``totals``,
    ``wall``, ``hands``, ``pools`` (each seat's discards in order; a claimed tile leaves its
    pool), ``phase`` (discard, claim, rob, finished), ``turn`` (the seat on turn in the discard
    phase, else None), ``drawn``, ``drawn_from`` (``wall`` or ``back``), ``replacement`` (the
    drawn tile replaced a kong or a flower), ``claimed_this_turn`` (the turn came by a chow or
    pung), ``last_draw_emptied`` (the last draw emptied the wall: it is empty),
    ``last_discard_is_last`` (the last discard came after that), ``status`` (active, finished),
    ``history`` (one record per finished hand: winner, how, from whom, points, fans, deltas,
    totals), ``moves`` (player moves taken), ``outcomes`` (the events not yet taken).
    ``winner`` and ``result`` describe the latest finished hand. What a hand changes is read
    through ``state``, the hand's :class:`HandState`; callers read it and never write it.
    ``ruleset_index``, ``hand_no``, ``last_hand`` and ``moves`` are read-only (an
    ``AttributeError`` when set).

    ``table`` is ``mcr`` (the default) or ``botzone``: Botzone's table plays one hand, seat 0
    dealing, with ``prevalent`` as the prevalent wind (Botzone's quan; by default drawn from the
    seed) on the wall ``walltiles`` (kinds in Botzone's order, 136 or 144 of them or any
    multiple of four; by default the 136 without flowers shuffled from the seed), cut into the
    four parts :meth:`wall_parts` counts. On the MCR table, ``walltiles`` (the 144 tiles, front
    first) make the game the one hand ``hand_no`` dealt from them.

    Raises ``ValueError`` for an unknown ruleset or table, hands outside 1-16, totals that are
    not four numbers summing to zero, hands or ``prevalent`` on the wrong table, a
    ``last_hand`` with an MCR wall, a prevalent wind not 0-3, or walltiles that are not kinds,
    hold more copies than exist, run out in the deal or (MCR) are not the 144 tiles; a number
    that is no whole number (``hand_no``, ``last_hand``, ``prevalent``, a total) is a
    ``TypeError`` naming it, as is an ``events`` that is not True or False (a C truth read
    ``"no"`` and 0.5 as True).

    ``events=False`` builds a quiet game: no event is built (``outcomes`` stays empty, and so
    does its clone); everything else is the same.

    **What the compiled loop calls** (:mod:`mjsim.players.loop`, cimporting ``rules.pxd``; C
    only, invisible from Python). It plays through these and nothing else of the engine, and
    ``tests/game/test_tables.py`` holds it to this list:

    - ``Rules(seed, ruleset, events=..., **options)``, then ``status``, ``hand_no``,
      ``prevalent``, ``ruleset`` and ``state`` (a :class:`HandState`, read only: ``counts``,
      ``hands``, ``pools``, ``turn``, ``drawn``, ``phase``, ``window``; of the window, ``may``,
      ``tile`` and ``next_seat()``);
    - ``_self_win()``: the scored self-drawn win the seat on turn may declare, or None;
    - ``_turn_kongs(seat)``: the tiles the seat on turn may declare a kong of;
    - ``_take_turn(seat, kind, tile)``: a legal move of the seat on turn carried out;
    - ``_answer(seat, move, window)``: a legal answer to the open window carried out.
    """

    def __init__(self, seed: Seed, ruleset: str = "green-book", *, hand_no: int = 1,
                 last_hand: int = HANDS, totals: Sequence[int] | None = None,
                 table: str = "mcr", walltiles: Sequence[int] | None = None,
                 prevalent: int | None = None, events: bool = True) -> None:
        variant = _VARIANTS.get(table) if isinstance(table, str) else None
        if variant is None:
            raise ValueError(f"the tables are {', '.join(TABLES)}, not {table!r}")
        key = seed_bytes(seed)
        chosen = variant(key, walltiles, prevalent)
        first, last = chosen.hands(whole(hand_no, "hand_no"), whole(last_hand, "last_hand"))
        self._setup(key, ruleset, first, last, totals, chosen, flag(events, "events"))
        self._table.deal(self)

    def _setup(self, seed: Seed, ruleset: str, hand_no: int, last_hand: int,
               totals: Sequence[int] | None, table: Table, events: bool) -> None:
        index = ruleset_index(ruleset)
        if not 1 <= hand_no <= last_hand <= HANDS:
            raise ValueError(f"hands run 1 to {HANDS}: cannot play {hand_no} to {last_hand}")
        self.seed = seed_bytes(seed)
        self.ruleset, self.ruleset_index = ruleset, index
        self.hand_no = hand_no
        self.last_hand = last_hand
        # Whole numbers only: int() would read 1.9 as 1 and '5' as 5.
        self.totals: list[int] = [0] * 4 if totals is None else _totals(totals)
        if len(self.totals) != 4 or sum(self.totals) != 0:
            raise ValueError(f"four totals summing to zero, one per seat, not {self.totals}")
        self.status = "active"
        self.history: list[HandResult] = []
        self.moves = 0
        self.outcomes: list[Event] = []
        self._last: Event | None = None
        self.table, self._table, self._events = table.name, table, bool(events)

    # ----------------------------------------------------------------- the deal and the draws

    def _draw_playing(self, seat: int, back: bool) -> int:
        """Draw for ``seat`` until a playing tile comes, exposing bonus tiles on the way (from
        where the table says: :meth:`Table.take`).

        Returns the tile, plus ``_AFTER_FLOWERS`` when flowers came first (an int, not a pair:
        a draw allocates nothing), or -1 when the wall (the seat's part) ran out.
        """
        state, out, table = self.state, self.outcomes, self._table
        wall = state.wall
        flowers = 0
        while table.left(wall, seat):
            tile = table.take(wall, seat, back)
            if tile >= N_PLAYING:
                # Hand.add's checks answered already: the wall holds each bonus tile once.
                hand = state.hands[seat]
                hand.flowers = tuple(sorted((*hand.flowers, tile)))
                if self._events:
                    out.append({"actor": seat, "kind": "flower", "tile": tile,
                                "from": "back" if back else "wall"})
                back = True
                flowers += 1
                continue
            waits = state.waits[seat]
            # The waits of the thirteen before the draw say at once when it completes nothing.
            state.turn_win_known = waits != _UNKNOWN and not waits >> tile & 1
            state.turn_win = None
            state.counts[seat, tile] += 1
            state.waits_before_draw, state.waits[seat] = waits, _UNKNOWN
            if self._events:
                out.append({"actor": seat, "kind": "drew", "tile": tile,
                            "from": "back" if back else "wall"})
            state.last_draw_emptied = not len(wall)
            return tile + _AFTER_FLOWERS if flowers else tile
        state.last_draw_emptied = not len(wall)
        return -1

    def _draw_turn(self, seat: int, back: bool = False, kong: bool = False) -> None:
        """The seat draws (from the back after a kong) and is on turn; an empty wall exhausts."""
        drawn = self._draw_playing(seat, back)
        if drawn < 0:
            self._exhaust()
            return
        tile, flowers = drawn % _AFTER_FLOWERS, drawn >= _AFTER_FLOWERS
        state = self.state
        state.phase, state.turn, state.drawn = "discard", seat, tile
        state.replacement = back or flowers
        # A flower on the way makes it a flower replacement, not a kong's (D12:
        # docs/rules.md#kongs-and-replacements).
        state.kong_draw = kong and not flowers
        state.claimed_this_turn = False

    # ------------------------------------------------------------------------ reading the state

    @property
    def dealer(self) -> int:
        """The dealer's seat: seat 0 deals hand 1, and the deal passes every hand."""
        return (self.hand_no - 1) % 4

    @property
    def prevalent(self) -> int:
        """The prevalent wind, 0-3 for E S W N: East for hands 1-4, South 5-8, ... (on
        Botzone's table, the one it was given)."""
        return self._table.prevalent_of(self.hand_no)

    @property
    def round(self) -> int:
        """The round, 1-4."""
        return (self.hand_no - 1) // 4 + 1

    @property
    def is_active(self) -> bool:
        return self.status == "active"

    @property
    def wall(self) -> Wall:
        return self.state.wall

    def wall_parts(self) -> tuple[int, ...] | None:
        """The tiles left in each seat's part of the wall on Botzone's table (a seat's kongs
        and claims depend on them); None on the MCR table, whose wall is one piece."""
        return self._table.parts(self.state.wall)

    @property
    def hands(self) -> list[Hand]:
        return self.state.hands

    @property
    def pools(self) -> list[list[int]]:
        return self.state.pools

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def turn(self) -> int | None:
        return None if self.state.turn < 0 else self.state.turn

    @property
    def drawn(self) -> int | None:
        return None if self.state.drawn < 0 else self.state.drawn

    @property
    def drawn_from(self) -> str | None:
        if self.state.drawn < 0:
            return None
        return "back" if self.state.replacement else "wall"

    @property
    def replacement(self) -> bool:
        return self.state.replacement

    @property
    def claimed_this_turn(self) -> bool:
        return self.state.claimed_this_turn

    @property
    def last_draw_emptied(self) -> bool:
        return self.state.last_draw_emptied

    @property
    def last_discard_is_last(self) -> bool:
        return self.state.last_discard_is_last

    @property
    def window(self) -> dict[str, Any] | None:
        """The open window as a dict (kind, tile, from, may, answers), or None."""
        window = self.state.window
        return None if window is None else window.as_dict()

    @property
    def winner(self) -> int | None:
        """The winning seat of the latest finished hand (None after a draw or before any)."""
        return self.history[-1]["winner"] if self.history else None

    @property
    def result(self) -> str | None:
        """``score``, ``draw`` or ``foul`` for the latest finished hand; None before any has
        finished."""
        return self.history[-1]["result"] if self.history else None

    @property
    def last(self) -> Event | None:
        """The latest event, taken or not, for a view."""
        return self.outcomes[-1] if self.outcomes else self._last

    def seat_wind(self, seat: int) -> int:
        """The seat's wind, 0-3 for E S W N: its distance from the dealer."""
        return (_seat(seat) - self.dealer) % 4

    def next_seat(self, seat: int) -> int:
        return (_seat(seat) + 1) % 4

    def hand_of(self, seat: int) -> Hand:
        return self.state.hands[_seat(seat)]

    def pool_of(self, seat: int) -> list[int]:
        return self.state.pools[_seat(seat)]

    def take_outcomes(self) -> list[Event]:
        """The events since the last call; the queue is left empty."""
        out = self.outcomes
        if out:
            self._last = out[-1]
            self.outcomes = []
        return out

    def waiting_on(self) -> list[int]:
        """The seats whose move is awaited: the seat on turn, the seats that still matter in a
        window (in turn order after the source), or none when the game is over."""
        state = self.state
        if state.phase == "discard":
            return [state.turn]
        if state.window is not None:
            return state.window.waiting_on()
        return []

    def legal(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now; empty when it is not waited on."""
        seat = _seat(seat)
        state = self.state
        if state.phase == "discard":
            return self._turn_moves(seat) if seat == state.turn else []
        window = state.window
        if window is not None and seat in window.waiting_on():
            return [*window.may[seat], PASS]
        return []

    def _turn_moves(self, seat: int) -> list[Move]:
        """The moves of the seat on turn: its discards, its kongs, and a win if it has one."""
        state = self.state
        moves = [DISCARDS[k] for k in range(N_PLAYING) if state.counts[seat, k]]
        if state.claimed_this_turn:
            return moves
        moves.extend(KONGS[k] for k in self._turn_kongs(seat))
        if self._self_win() is not None:
            moves.append(WIN)
        return moves

    def _turn_kongs(self, seat: int) -> Sequence[int]:
        """The tiles the seat on turn may declare a kong of, in the order :meth:`legal` lists
        them: four in hand by kind, then exposed pungs whose fourth it holds, in meld order."""
        state = self.state
        kongs: list[int] | None = None
        if state.claimed_this_turn or self._table.kong_blocked(state, seat):
            return ()
        for k in range(N_PLAYING):
            if state.counts[seat, k] == 4:
                kongs = [k] if kongs is None else [*kongs, k]
        for meld in state.hands[seat].melds:
            tile = meld.tiles[0]    # its kind: read from the tiles, not through Meld.tile's call
            if state.counts[seat, tile] and meld.kind == "pung":
                kongs = [tile] if kongs is None else [*kongs, tile]
        return () if kongs is None else kongs

    # ------------------------------------------------------------------------------- moves

    def apply(self, seat: int, move: Move) -> bool | Error:
        """Take ``move`` for ``seat`` and return True, or return the refusal and change nothing.

        Refusal codes:

        - ``game-over``: the game has ended;
        - ``not-your-turn``: the seat is not waited on (not on turn, or not asked in the window,
          or made moot by a better claim);
        - ``already-answered``: the seat has answered this window;
        - ``no-window``: a pass, chow or pung with no window open;
        - ``window-open``: a discard or a kong of one's own while a window is open;
        - ``no-such-move``: a move this window does not take (only a win or a pass answers a
          promoted kong);
        - ``bad-move``: the move's fields do not fit its kind (a discard or kong on one's turn
          names a ``tile``; a chow names its ``tiles``; other moves name nothing);
        - ``tile-not-held``: a discard or kong of a tile the hand does not hold;
        - ``no-kong``: neither four in hand nor an exposed pung of the tile;
        - ``kong-after-claim``, ``win-after-claim``: in a turn reached by a chow or pung claim;
        - ``wall-empty``: a kong with no tile left to replace it, or a chow, pung or kong of the
          last discard of the wall (on Botzone's table: a kong while the seat's or the next
          seat's part is empty, a claim while the discarder's next seat's part is);
        - ``not-complete``: a win with a hand that is not complete;
        - ``below-minimum``: a complete hand worth less than eight points without flowers;
        - ``cannot-claim``: a pung, kong or chow without the tiles for it;
        - ``chow-not-next``: a chow by a seat other than the next after the discarder;
        - ``bad-chow``: chow tiles that are not a chow holding the discard.

        Raises ``ValueError`` for a seat that is not 0-3 and ``TypeError`` for one that is no
        whole number or a move that is not a :class:`~mjsim.game.moves.Move`.
        """
        seat = _seat(seat)
        if type(move) is not Move:
            raise TypeError(f"a move is a Move, not {type(move).__name__}")
        state = self.state
        if state.phase == "discard":
            return self._apply_turn(seat, move)
        if state.window is not None:
            return self._apply_answer(seat, move, state.window)
        return Error("game-over", f"the game ended after hand {self.hand_no}")

    def _apply_turn(self, seat: int, move: Move) -> bool | Error:
        state = self.state
        if seat != state.turn:
            return Error("not-your-turn", f"seat {seat} cannot move: seat {state.turn} is on turn")
        kind, tile = move.kind, move.tile
        if kind == "discard":
            if tile is None or move.tiles is not None:
                return _bad_move(move)
            if not 0 <= tile < N_PLAYING or not state.counts[seat, tile]:
                return _not_held(seat, tile)
            self._take_turn(seat, kind, tile)
            return True
        if kind == "kong":
            if tile is None or move.tiles is not None:
                return _bad_move(move)
            refusal = self._kong_refusal(seat, tile)
            if refusal is not None:
                return refusal
            self._take_turn(seat, kind, tile)
            return True
        if kind == "win":
            if tile is not None or move.tiles is not None:
                return _bad_move(move)
            if self._self_win() is None:
                return self._win_refusal(seat)
            self._take_turn(seat, kind, -1)
            return True
        return Error("no-window", f"no window is open: a {kind} answers a discard")

    def _take_turn(self, seat: int, kind: str, tile: int) -> None:
        """Carry out a legal move of the seat on turn (``kind`` discard, kong or win; ``tile``
        as the move names it): :meth:`apply` once it has checked the move, and the compiled
        game loop (:mod:`mjsim.players.loop`), whose players make legal moves only."""
        self.moves += 1
        if kind == "discard":
            self._discard(seat, tile)
        elif kind == "kong":
            self._declare_kong(seat, tile)
        else:
            scored = self._self_win()
            assert scored is not None  # a win is taken only when it is legal
            self._win(seat, "self", None, self.state.drawn, scored)

    def _apply_answer(self, seat: int, move: Move, window: Window) -> bool | Error:
        if seat in window.answers:
            return Error("already-answered", f"seat {seat} has answered this window")
        if seat not in window.waiting_on():
            return Error("not-your-turn", f"seat {seat} is not waited on in this window")
        if move not in (PASS, *window.may[seat]):
            return self._claim_refusal(seat, move, window)
        self._answer(seat, move, window)
        return True

    def _answer(self, seat: int, move: Move, window: Window) -> None:
        """Carry out a legal answer to the open window (a pass, or one of the seat's claims):
        :meth:`apply` once it has checked it, and the compiled game loop."""
        self.moves += 1
        window.answer(seat, move)
        if self._events:
            self.outcomes.append(_answer_event(seat, move, window.tile))
        if window.next_seat() < 0:
            self.state.window = None
            self._close(window.kind, window.source, window.tile, window._best_seat,
                        window._best_move)

    # ---------------------------------------------------------------------- the discard phase

    def _discard(self, seat: int, tile: int) -> None:
        state = self.state
        state.counts[seat, tile] -= 1
        state.pools[seat].append(tile)
        state.shown[tile] += 1
        # Discarding the tile just drawn leaves the hand as it was before the draw.
        state.waits[seat] = state.waits_before_draw if tile == state.drawn else _UNKNOWN
        state.last_discard_is_last = self._table.is_last(state, seat)
        if self._events:
            self.outcomes.append({"actor": seat, "kind": "discard", "tile": tile})
        self._end_turn()
        self._open("discard", seat, tile)

    def _end_turn(self) -> None:
        state = self.state
        state.turn = state.drawn = -1
        state.waits_before_draw = _UNKNOWN
        state.replacement = state.kong_draw = state.claimed_this_turn = False
        state.turn_win_known, state.turn_win = False, None

    def _kong_refusal(self, seat: int, tile: int) -> Error | None:
        state = self.state
        if state.claimed_this_turn:
            return Error("kong-after-claim", "no kong in a turn reached by a chow or pung claim")
        if self._table.kong_blocked(state, seat):
            return self._table.kong_refusal(seat)
        hand = state.hands[seat]
        if not 0 <= tile < N_PLAYING or not hand.counts[tile]:
            return _not_held(seat, tile)
        if hand.counts[tile] == 4 or any(m.kind == "pung" and m.tile == tile for m in hand.melds):
            return None
        return Error("no-kong", f"seat {seat} has neither four {NAMES[tile]} nor a pung of it")

    def _declare_kong(self, seat: int, tile: int) -> None:
        hand = self.state.hands[seat]
        self.state.waits[seat] = _UNKNOWN
        if hand.counts[tile] == 4:
            hand.counts[tile] -= 4
            hand.add_meld(_meld("kong", tile, None, None, True))
            if self._events:
                self.outcomes.append({"actor": seat, "kind": "kong", "tile": tile,
                                      "how": "concealed"})
            self._draw_turn(seat, back=True, kong=True)
            return
        if self._events:
            self.outcomes.append({"actor": seat, "kind": "promote", "tile": tile})
        self._end_turn()
        self._open("rob", seat, tile)

    def _promote(self, seat: int, tile: int) -> None:
        """Perform a promoted kong nobody robbed, and draw its replacement."""
        hand = self.state.hands[seat]
        hand.counts[tile] -= 1
        self.state.shown[tile] += 1
        hand.melds = tuple(_meld("kong", tile, m.claimed, m.source, False)
                           if m.kind == "pung" and m.tile == tile else m for m in hand.melds)
        if self._events:
            self.outcomes.append({"actor": seat, "kind": "kong", "tile": tile,
                                  "how": "promoted"})
        self._draw_turn(seat, back=True, kong=True)

    def _self_win(self) -> scoring.Scored | None:
        """The scored self-drawn win the seat on turn may declare, or None; once per turn."""
        state = self.state
        if not state.turn_win_known:
            state.turn_win, state.turn_win_known = self._score_self_win(), True
        return state.turn_win

    def _score_self_win(self) -> scoring.Scored | None:
        state = self.state
        seat, tile = state.turn, state.drawn
        if state.claimed_this_turn or tile < 0:
            return None
        hand = state.hands[seat]
        if shanten(hand.counts, len(hand.melds)) != -1:
            return None
        scored = score_win(hand, tile, self.ruleset_index, self.seat_wind(seat), self.prevalent,
                           self_drawn=True, face_up=self._visible(tile), luck=self._turn_luck())
        return scored if scored.total >= scoring.MIN_POINTS else None

    def _turn_luck(self) -> Luck:
        """The luck of the seat on turn's draw (Botzone's judge tells its scorer nothing of a
        win on the dealt tiles)."""
        state = self.state
        return luck_of(self._table.is_last(state, state.turn), state.kong_draw,
                       self._table.deal_luck and self._on_the_deal())

    @property
    def luck(self) -> Luck:
        """The luck a win now would have: on the open window's tile, or on the tile the seat
        on turn drew (none outside a turn)."""
        state = self.state
        if state.window is not None:
            return self._window_luck()
        return self._turn_luck() if state.turn >= 0 and state.drawn >= 0 else NO_LUCK

    def _on_the_deal(self) -> bool:
        """Whether the seat on turn is the dealer holding its dealt tiles: no tile has been
        discarded or declared this hand (a discard stays in its pool or goes into a meld)."""
        state = self.state
        return (state.turn == self.dealer and not any(state.pools)
                and not any(hand.melds for hand in state.hands))

    def _win_refusal(self, seat: int) -> Error:
        state = self.state
        if state.claimed_this_turn:
            return Error("win-after-claim", "no self-drawn win in a turn reached by a claim")
        hand = state.hands[seat]
        if state.drawn < 0 or shanten(hand.counts, len(hand.melds)) != -1:
            return Error("not-complete", f"seat {seat}'s hand is not complete")
        return Error("below-minimum",
                     f"seat {seat}'s hand is worth less than {scoring.MIN_POINTS} points")

    # --------------------------------------------------------------------------- the window

    def _open(self, kind: str, source: int, tile: int) -> None:
        """Ask the seats that can use ``tile``; with none, go straight on."""
        state = self.state
        may: dict[int, Sequence[Move]] | None = None  # made only when a seat can claim
        scores: dict[int, scoring.Scored] = _NO_SCORES
        nearest = (source + 1) % 4
        for step in range(1, 4):
            seat = (source + step) % 4
            # A cheap test first: most seats can neither chow, pung nor win on the tile.
            if state.counts[seat, tile] < 2 and (seat != nearest
                                                 or not self._chow_possible(seat, tile)):
                waits = state.waits[seat]   # read here: most seats' waits are known
                if not (self._waits_of(seat) if waits == _UNKNOWN else waits) >> tile & 1:
                    continue
            scored = self._claim_win(seat, kind, tile)
            claims = self._claims_on(seat, kind, source, tile, scored is not None)
            if claims:
                if may is None:
                    may = {}
                may[seat] = claims
                if scored is not None:
                    scores = {**scores, seat: scored}
        if may is None:
            self._close(kind, source, tile, -1, None)
            return
        state.window, state.scores = open_window(kind, tile, source, may), scores
        state.phase = "claim" if kind == "discard" else "rob"

    def _chow_possible(self, seat: int, tile: int) -> bool:
        """Whether ``seat`` holds the two other tiles of some chow with ``tile`` (suited)."""
        if tile >= N_SUITED:
            return False
        counts, rank = self.state.counts, tile % 9
        return ((rank >= 2 and counts[seat, tile - 2] > 0 and counts[seat, tile - 1] > 0)
                or (1 <= rank <= 7 and counts[seat, tile - 1] > 0 and counts[seat, tile + 1] > 0)
                or (rank <= 6 and counts[seat, tile + 1] > 0 and counts[seat, tile + 2] > 0))

    def _claim_win(self, seat: int, kind: str, tile: int) -> scoring.Scored | None:
        """The scored win ``seat`` may claim on ``tile``, or None."""
        if not self._waits_of(seat) >> tile & 1:
            return None
        win = self._score_claimed_win(seat, kind, tile)
        return win if win.total >= scoring.MIN_POINTS else None

    def _claims_on(self, seat: int, kind: str, source: int, tile: int,
                   wins: bool) -> tuple[Move, ...]:
        """The claims ``seat`` may make on ``tile`` (``wins``: a win among them), in the order
        :meth:`legal` lists them: one of the shared tuples of ``_CLAIM_SETS``."""
        state = self.state
        bits = _WIN_BIT if wins else 0
        if kind == "discard" and not state.last_discard_is_last:
            held = state.counts[seat, tile]
            if held >= 2:
                bits |= _PUNG_BIT | (_KONG_BIT if held == 3 else 0)
            if seat == (source + 1) % 4 and tile < N_SUITED:
                for i, (_, a, b) in enumerate(_CHOW_NEEDS[tile]):
                    if state.counts[seat, a] and state.counts[seat, b]:
                        bits |= _FIRST_CHOW_BIT << i
        return _CLAIM_SETS[tile][bits]

    def _waits_of(self, seat: int) -> int:
        """The seat's waits, a bit a kind, worked out once per change of its hand."""
        state = self.state
        waits = state.waits[seat]
        if waits == _UNKNOWN:
            hand = state.hands[seat]
            waits = wait_mask(hand.counts, len(hand.melds))
            state.waits[seat] = waits
        return waits

    def _score_claimed_win(self, seat: int, kind: str, tile: int) -> scoring.Scored:
        hand = self.state.hands[seat].copy()
        hand.counts[tile] += 1
        # The discard sits in its pool: not a copy face up beside it.
        return score_win(hand, tile, self.ruleset_index, self.seat_wind(seat), self.prevalent,
                         self_drawn=False, face_up=self._visible(tile) - 1,
                         luck=self._window_luck(), robbing=kind == "rob")

    def _window_luck(self) -> Luck:
        """The luck of a win on the tile a window opens on (even before it opens)."""
        return luck_of(self.state.last_discard_is_last, False, False)

    def _claim_refusal(self, seat: int, move: Move, window: Window) -> Error:
        kind, tile = move.kind, window.tile
        if kind == "discard" or (kind == "kong" and move.tile is not None):
            return Error("window-open", f"a window is open on {NAMES[tile]}: pass or claim it")
        if move.tile is not None or (kind != "chow" and move.tiles is not None):
            return _bad_move(move)
        if window.kind == "rob" and kind != "win":
            return Error("no-such-move", "a promoted kong can only be robbed (win) or passed")
        if kind == "win":
            if not self._waits_of(seat) >> tile & 1:
                return Error("not-complete", f"{NAMES[tile]} does not complete seat {seat}'s hand")
            return Error("below-minimum",
                         f"a win on {NAMES[tile]} is worth less than {scoring.MIN_POINTS} points")
        if self.state.last_discard_is_last:
            return self._table.claim_refusal(window.source)
        if kind == "chow":
            if seat != (window.source + 1) % 4:
                return Error("chow-not-next", f"only seat {(window.source + 1) % 4} may chow")
            if move.tiles is None or move.tiles not in {m.tiles for m in _all_chows(tile)}:
                return Error("bad-chow", f"{move.tiles} is not a chow holding {NAMES[tile]}")
        return Error("cannot-claim", f"seat {seat} lacks the tiles to {kind} {NAMES[tile]}")

    def _close(self, kind: str, source: int, tile: int, seat: int, move: Move | None) -> None:
        """Carry out the outcome of a closed window: ``seat``'s claim ``move``, or nobody's
        (-1 and None)."""
        if move is not None:
            if move.kind == "win":
                self._win(seat, kind, source, tile, self.state.scores[seat])
            else:
                self._claim(seat, move, source, tile)
        elif kind != "discard":     # "rob"; so written, a discard's kind compares by identity
            self._promote(source, tile)
        elif not self.state.last_draw_emptied:
            self._draw_turn((source + 1) % 4)
        else:
            self._exhaust()

    def _claim(self, seat: int, move: Move, source: int, tile: int) -> None:
        """Take the discard into a chow, pung or kong; a kong draws its replacement."""
        state = self.state
        state.pools[source].pop()    # the discard stays face up, in the meld
        hand = state.hands[seat]
        if move.tiles is not None:  # a chow: the discard and two tiles of the hand
            for other in move.tiles:
                if other != tile:
                    hand.counts[other] -= 1
                    state.shown[other] += 1
            meld = _meld("chow", move.tiles[0], tile, source, False)
        elif move.kind == "pung":
            hand.counts[tile] -= 2
            state.shown[tile] += 2
            meld = _meld("pung", tile, tile, source, False)
        else:
            hand.counts[tile] -= 3
            state.shown[tile] += 3
            meld = _meld("kong", tile, tile, source, False)
        hand.add_meld(meld)
        state.waits[seat] = _UNKNOWN
        if self._events:
            self.outcomes.append({"actor": seat, "kind": meld.kind, "tile": tile,
                                  "tiles": list(meld.tiles), "from": source})
        if meld.kind == "kong":
            self._draw_turn(seat, back=True, kong=True)
            return
        state.phase, state.turn = "discard", seat
        state.claimed_this_turn = True

    # --------------------------------------------------------------------- the end of a hand

    def _visible(self, kind: int) -> int:
        """Copies of ``kind`` face up: in the pools and in exposed melds (not concealed kongs)."""
        return self.state.shown[kind]

    def _face_up(self) -> bytearray:
        """The copies of each playing kind face up, counted anew from the pools and melds
        (what ``shown`` keeps as tiles move)."""
        state = self.state
        face_up = bytearray(N_PLAYING)
        for tile in chain(*state.pools, *(meld.tiles for hand in state.hands
                                          for meld in hand.melds if not meld.concealed)):
            face_up[tile] += 1
        return face_up

    def _win(self, seat: int, by: str, source: int | None, tile: int,
             scored: scoring.Scored) -> None:
        state = self.state
        hand = state.hands[seat]
        if source is not None:  # the tile comes from the source's pool, or its robbed kong
            if by == "discard":
                state.pools[source].pop()
                state.shown[tile] -= 1
            else:
                state.hands[source].counts[tile] -= 1
            hand.counts[tile] += 1
        points = scored.total_with_flowers
        fans = [list(fan) for fan in scored.fans]
        if self._events:
            self.outcomes.append({"actor": seat, "kind": "win", "tile": tile,
                                  "by": by,  # type: ignore[typeddict-item]  # self, discard, rob
                                  "from": source, "total": scored.total, "points": points,
                                  "fans": fans})
        outcome: Outcome = {"result": "score", "winner": seat, "by": by, "from": source,
                            "tile": tile, "total": scored.total, "points": points, "fans": fans,
                            "deltas": settle(seat, by, points, source)}
        self._finish_hand(outcome)

    def foul(self, seat: int, reason: str, answer: str | None = None,
             penalty: int = FOUL) -> bool | Error:
        """End the hand at once for ``seat``'s foul (an answer it could not give properly:
        ``reason`` says what, ``answer`` is what it gave): it gives ``penalty`` to each other
        seat, and the next hand is dealt or the game ends as after any hand.

        Returns True, or an ``Error`` changing nothing: ``game-over`` once the game has ended,
        ``bad-seat`` for a seat that is not 0-3. Raises ``ValueError`` for a negative penalty,
        and ``TypeError`` for a reason that is no str or an answer that is neither a str nor
        None (the hand's record and its log hold them as text), changing nothing.
        """
        # Any object was recorded as it was: a log then failed to write it, or wrote its repr.
        if not isinstance(reason, str):
            raise TypeError(f"a foul's reason is a str (such as 'WA'), not "
                            f"{clipped(repr(reason), 40)}")
        if answer is not None and not isinstance(answer, str):
            raise TypeError(f"a foul's answer is a str or None, not {clipped(repr(answer), 40)}")
        if self.status == "finished":
            return Error("game-over", f"the game ended after hand {self.hand_no}")
        try:
            offender = _seat(seat)
        except (TypeError, ValueError) as error:
            return Error("bad-seat", str(error))
        deltas = settle_foul(offender, penalty)
        if self._events:
            self.outcomes.append({"actor": offender, "kind": "foul", "reason": reason,
                                  "answer": answer})
        outcome: Outcome = {"result": "foul", "winner": None, "by": "foul", "from": None,
                            "tile": None, "total": 0, "points": 0, "fans": [], "deltas": deltas,
                            "foul": {"seat": offender, "reason": reason, "answer": answer}}
        self._finish_hand(outcome)
        return True

    def _exhaust(self) -> None:
        if self._events:
            self.outcomes.append({"actor": "sys", "kind": "exhausted"})
        outcome: Outcome = {"result": "draw", "winner": None, "by": "exhausted", "from": None,
                            "tile": None, "total": 0, "points": 0, "fans": [],
                            "deltas": settle(None, "exhausted")}
        self._finish_hand(outcome)

    def _finish_hand(self, outcome: Outcome) -> None:
        """Settle into the totals, record the hand, and deal the next or end the game."""
        deltas = outcome["deltas"]
        for seat in range(4):
            self.totals[seat] += deltas[seat]
        row: HandResult = {"hand_no": self.hand_no, "dealer": self.dealer,
                           "prevalent": self.prevalent, "wall_left": len(self.state.wall),
                           **outcome, "totals": list(self.totals)}
        self.history.append(row)
        if self._events:
            self.outcomes.append({"actor": "sys", "kind": "settle", "deltas": list(deltas),
                                  "totals": list(self.totals)})
        if self.hand_no < self.last_hand:
            self.hand_no += 1
            self._table.deal(self)
            return
        self._end_turn()
        self.state.window = None
        self.status, self.state.phase = "finished", "finished"
        if self._events:
            self.outcomes.append({"actor": "sys", "kind": "end", "totals": list(self.totals),
                                  "places": places(self.totals)})

    # ------------------------------------------------------------------ checks, copies, tests

    def check_invariants(self) -> list[str]:
        """Strings naming what is broken, empty when the state is sound.

        Every tile is somewhere exactly once (hands, melds, flowers, pools, wall), and the
        copies face up are those the state keeps (``shown``); between turns a hand holds
        thirteen tiles' worth and the seat on turn fourteen; the totals sum to zero; outside a
        window one seat is waited on; a window asks only seats with a claim, exactly the claims
        they have, and waits only on unanswered seats it asked; the waits the state keeps are
        the hands' own.
        """
        problems: list[str] = []
        state = self.state
        census = self._count_tiles()
        for kind in range(N_KINDS):
            if census[kind] != state.census[kind]:
                problems.append(f"{census[kind]} copies of {NAMES[kind]} in play, "
                                f"not {state.census[kind]}")
        for name, counted, kept in zip(NAMES, self._face_up(), state.shown):
            if counted != kept:
                problems.append(f"{counted} copies of {name} face up, not {kept}")
        if state.last_draw_emptied != (not len(state.wall)):
            problems.append(f"last_draw_emptied is {state.last_draw_emptied} "
                            f"with {len(state.wall)} tiles in the wall")
        if sum(self.totals):
            problems.append(f"the totals {self.totals} do not sum to zero")
        if state.phase not in PHASES or (state.phase == "finished") != (self.status == "finished"):
            problems.append(f"phase {state.phase!r} with status {self.status!r}")
        if state.phase == "discard":
            problems.extend(self._turn_problems())
        elif state.phase in ("claim", "rob"):
            problems.extend(self._window_problems())
        else:
            if self.waiting_on():
                problems.append("the game is over but seats are waited on")
            return problems     # its winner holds fourteen tiles beside the waits it had
        problems.extend(self._waits_problems())
        return problems

    def _waits_problems(self) -> list[str]:
        """Each seat's waits the state keeps, against its hand's worked out anew; and the seat
        on turn's before its draw, against its hand without the tile drawn."""
        state = self.state
        kept = [(seat, state.hands[seat], state.waits[seat]) for seat in range(4)]
        if state.waits_before_draw != _UNKNOWN and state.drawn >= 0:
            before = state.hands[state.turn].copy()
            before.counts[state.drawn] -= 1
            kept.append((state.turn, before, state.waits_before_draw))
        problems = []
        for seat, hand, waits in kept:
            if waits == _UNKNOWN:
                continue
            if hand.size != 13:
                problems.append(f"seat {seat} has waits kept for {hand.size} tiles' worth")
                continue
            named = [NAMES[kind] for kind in range(N_PLAYING) if waits >> kind & 1]
            worked = [NAMES[kind] for kind in formal_waits(hand.counts, len(hand.melds))]
            if named != worked:
                problems.append(f"seat {seat}'s waits are kept as {named}, not {worked}")
        return problems

    def _turn_problems(self) -> list[str]:
        state = self.state
        turn, drawn = state.turn, state.drawn
        if state.window is not None or not 0 <= turn < 4:
            return [f"discard phase with turn {self.turn} and a window {self.window}"]
        problems = []
        for seat, hand in enumerate(state.hands):
            want = 14 if seat == turn else 13
            if hand.size != want:
                problems.append(f"seat {seat} holds {hand.size} tiles' worth, not {want}")
        if drawn >= 0 and not state.hands[turn].counts[drawn]:
            problems.append(f"the drawn {NAMES[drawn]} is not in seat {turn}'s hand")
        if state.claimed_this_turn and drawn >= 0:
            problems.append("a turn reached by a claim has a drawn tile")
        return problems

    def _window_problems(self) -> list[str]:
        state = self.state
        window = state.window
        if window is None or state.turn >= 0:
            return [f"{state.phase} phase with turn {self.turn} and no window"]
        problems = []
        if (window.kind == "rob") != (state.phase == "rob"):
            problems.append(f"a {window.kind} window in the {state.phase} phase")
        for seat, hand in enumerate(state.hands):
            want = 14 if window.kind == "rob" and seat == window.source else 13
            if hand.size != want:
                problems.append(f"seat {seat} holds {hand.size} tiles' worth, not {want}")
        for seat in range(4):
            if seat == window.source:
                if seat in window.may:
                    problems.append(f"seat {seat} is asked about its own tile")
                continue
            wins = self._claim_win(seat, window.kind, window.tile) is not None
            claims = self._claims_on(seat, window.kind, window.source, window.tile, wins)
            if claims != tuple(window.may.get(seat, ())):
                problems.append(f"seat {seat} may {window.may.get(seat)} but can {claims}")
        for seat, move in window.answers.items():
            if move != PASS and move not in window.may.get(seat, []):
                problems.append(f"seat {seat} answered {move!r}, which it may not")
        waiting = window.waiting_on()
        if not waiting:
            problems.append("an open window waits on nobody")
        if any(seat in window.answers or seat not in window.may for seat in waiting):
            problems.append(f"the window waits on {waiting}, not all asked and unanswered")
        return problems

    def to_string(self) -> str:
        """The hands and pools in notation, and where the game stands, for a failing test."""
        drawn = None if self.drawn is None else NAMES[self.drawn]
        header = (f"hand {self.hand_no}/{self.last_hand} dealer {self.dealer} "
                  f"prevalent {NAMES[EAST + self.prevalent]} phase {self.phase} "
                  f"turn {self.turn} drawn {drawn} wall {len(self.wall)} totals {self.totals}")
        parts = self.wall_parts()
        if parts is not None:
            header += f" parts {parts}"
        lines = [header]
        if self.state.window is not None:
            lines.append(f"window {self.window}")
        for seat in range(4):
            pool = " ".join(NAMES[k] for k in self.pools[seat])
            lines.append(f"{seat} {NAMES[EAST + self.seat_wind(seat)]}: "
                         f"{print_hand(self.hands[seat])} | {pool}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Rules seed={self.seed!r} hand={self.hand_no} phase={self.phase} "
                f"totals={self.totals}>")

    def clone(self) -> Rules:
        """An independent copy, for branching: moves on one never show in the other."""
        clone = Rules.__new__(Rules)
        clone.seed, clone.ruleset, clone.status = self.seed, self.ruleset, self.status
        clone.ruleset_index = self.ruleset_index
        clone.table, clone._table, clone._events = self.table, self._table, self._events
        clone.hand_no, clone.last_hand = self.hand_no, self.last_hand
        clone.totals = list(self.totals)
        clone.history = list(self.history)  # records are never changed once written
        clone.moves, clone.outcomes, clone._last = self.moves, list(self.outcomes), self._last
        clone.state = self.state.copy()
        return clone

    @classmethod
    def from_position(cls, position: Mapping[str, Any]) -> Rules:
        """A game standing at a written position, for tests; the seat on turn is to discard.

        Keys: ``hands`` (four hand strings, required), ``wall`` (kinds or a tile string, front
        first; default empty), ``turn`` (default the dealer), ``pools`` (four lists or strings),
        ``dealer`` or ``hand_no`` (default hand 1), ``claimed_this_turn``, ``drawn`` (the tile
        the seat on turn just drew; without it no self-drawn win is offered), ``totals``,
        ``seed``, ``ruleset`` and ``last_hand`` (default: this hand only; later hands come from
        the seed). Raises ``ValueError`` for an unknown key, a turn that is not a seat, wrong hand
        sizes, a drawn tile not held or in a turn reached by a claim, totals not summing to
        zero, or more copies of a kind than exist; a number that is none (a tile, ``drawn``,
        ``dealer``, ``hand_no``, ``last_hand``, ``turn``, a total) is a ``TypeError`` or
        ``ValueError`` naming it, and so is a position that is no dict, hands or pools that
        are not four, or a ``claimed_this_turn`` that is not True or False.

        >>> g = Rules.from_position({"hands": ["5m 1589p 1589s ESWNR", "46m 1589p 1589s ESG",
        ...                                    "1589p 1589s ESWRR", "1589p 1589s EWNGB"],
        ...                          "wall": "3s"})
        >>> g.apply(0, Move("discard", tile=31)), g.waiting_on(), g.legal(2)
        (True, [2], [Move('pung'), Move('pass')])
        """
        game = cls.__new__(cls)
        game._place(position)
        return game

    def _place(self, position: Mapping[str, Any]) -> None:
        """Set the game up at the written position (see :meth:`from_position`)."""
        if not isinstance(position, Mapping):  # None was "'NoneType' object is not iterable"
            raise TypeError(f"a position is a dict of its hands and more (the keys "
                            f"{', '.join(_POSITION_ORDER)}), not {clipped(repr(position), 40)}")
        unknown = set(position) - _POSITION_KEYS
        if unknown:
            raise ValueError(f"unknown position keys {sorted(unknown)}")
        if "hands" not in position:
            raise ValueError("a position needs its 'hands': four hand strings")
        dealer = whole(position.get("dealer", 0), "dealer", 0, 3)
        hand_no = whole(position.get("hand_no", dealer + 1), "hand_no")
        if "dealer" in position and dealer != (hand_no - 1) % 4:
            raise ValueError(f"seat {dealer} does not deal hand {hand_no}")
        seed = seed_bytes(position.get("seed", b"position"))
        self._setup(seed, position.get("ruleset", "green-book"), hand_no,
                    whole(position.get("last_hand", hand_no), "last_hand"),
                    position.get("totals"), Table(seed, None, None), True)
        written = position["hands"]
        # A str is a sequence too: "abcd" was read as four hands of one letter each.
        if isinstance(written, str) or not isinstance(written, Sequence):
            raise TypeError(f"hands are four hand strings, one per seat, not "
                            f"{clipped(repr(written), 60)}")
        if len(written) != 4:
            raise ValueError(f"hands are four hand strings, one per seat, not {len(written)} "
                             "of them")
        hands = [Hand.parse(text) for text in written]
        turn = whole(position.get("turn", self.dealer), "turn", 0, 3)
        if any(h.size != (14 if s == turn else 13) for s, h in enumerate(hands)):
            raise ValueError(f"seat {turn} on turn holds fourteen tiles' worth, the others "
                             f"thirteen: not {[h.size for h in hands]}")
        order = _written_tiles(position.get("wall", []), "wall", N_KINDS)
        drawn = position.get("drawn")
        drawn = None if drawn is None else whole(drawn, "drawn", 0, N_PLAYING - 1)
        if drawn is not None and not hands[turn].counts[drawn]:
            raise ValueError(f"the drawn tile {drawn!r} is not in seat {turn}'s hand")
        claimed = flag(position.get("claimed_this_turn", False), "claimed_this_turn")
        if claimed and drawn is not None:
            raise ValueError("a turn reached by a claim has no drawn tile")
        state = HandState(Wall.from_order(order, self.seed, hand_no), hands)
        pools = position.get("pools", ([], [], [], []))
        if isinstance(pools, str) or not isinstance(pools, Sequence):  # None had "no len()"
            raise TypeError(f"pools are four lists or strings, one per seat, not "
                            f"{clipped(repr(pools), 40)}")
        if len(pools) != 4:
            raise ValueError(f"pools are four lists or strings, one per seat, not {pools!r}")
        state.pools = [_written_tiles(pool, f"pools[{seat}]", N_PLAYING)
                       for seat, pool in enumerate(pools)]
        state.turn, state.drawn = turn, -1 if drawn is None else drawn
        state.claimed_this_turn = claimed
        state.last_draw_emptied = not order
        self.state = state
        state.census = self._count_tiles()
        state.shown = self._face_up()
        for kind in range(N_KINDS):
            if state.census[kind] > copies(kind):
                raise ValueError(f"{state.census[kind]} copies of {NAMES[kind]}: "
                                 f"only {copies(kind)} exist")

    def _count_tiles(self) -> tuple[int, ...]:
        """Copies of each of the 42 kinds in the hands, melds, flowers, pools and wall."""
        state = self.state
        loose = list(chain(state.wall.order, *state.pools,
                           *(m.tiles for hand in state.hands for m in hand.melds),
                           *(hand.flowers for hand in state.hands)))
        census = np.bincount(loose, minlength=N_KINDS)
        census[:N_PLAYING] += np.sum([hand.counts for hand in state.hands], axis=0, dtype=np.intp)
        return tuple(census.tolist())


class Table:
    """The MCR table, and the base of every other: what a table decides that the rules of play
    do not. :class:`Rules` asks its table how a hand is dealt (:meth:`deal`), where a seat
    draws from (:meth:`left`, :meth:`take`), when no draw can follow (:meth:`is_last`), when a
    kong is barred (:meth:`kong_blocked`), what those refusals say, the prevalent wind, the
    hands a game plays and whether a win on the dealt tiles counts as one; nothing else
    differs. A new table is a subclass overriding these, named in ``_VARIANTS``.

    The MCR table: hands ``hand_no`` to ``last_hand`` of sixteen, each dealt from a new
    :class:`~mjsim.tiles.wall.Wall` of 144; draws from the front, replacements from the back;
    the last tile is the wall's. Given ``walltiles`` (the 144 tiles in the order drawn from the
    front: a hand exported and imported again), the game is the one hand ``hand_no`` on that
    wall. A variant is made once per game and never changes, so clones share it. Raises
    ``ValueError`` for ``prevalent`` (the hand number gives it), or walltiles that are not
    the 144 tiles each once.
    """

    def __init__(self, seed: bytes, walltiles: Sequence[int] | None,
                 prevalent: int | None) -> None:
        if prevalent is not None:
            raise ValueError("prevalent is set on Botzone's table only (table='botzone'); the "
                             "MCR table's prevalent wind comes from the hand number")
        self.name, self.deal_luck = "mcr", True
        self._order = None if walltiles is None else _mcr_wall(walltiles)

    def hands(self, hand_no: int, last_hand: int) -> tuple[int, int]:
        """The first and last hands a game plays, given the constructor's: ``hand_no`` alone
        on a given wall, whose ``last_hand`` is not set (a wall deals one hand)."""
        if self._order is None:
            return hand_no, last_hand
        if last_hand not in (hand_no, HANDS):
            raise ValueError("walltiles on the MCR table are the wall of one hand, hand_no: "
                             "last_hand is not set")
        return hand_no, hand_no

    def deal(self, game: Rules) -> None:
        """Deal ``game``'s hand ``hand_no`` (its events unless the game is quiet) and put the
        dealer on turn: the wall of the hand, three times round four tiles each, one more
        each and the dealer's fourteenth; then the flowers replaced from the back, the dealer
        first."""
        order, dealer = self._order, game.dealer
        wall = Wall(game.seed, game.hand_no) if order is None else Wall.from_order(
            order, game.seed, game.hand_no)
        # The deal goes straight into the seats' counts block; the tiles in the order dealt
        # are kept for the deal's event only.
        block = np.zeros((4, N_PLAYING), dtype=np.uint8)
        counts = block
        flowers: list[list[int]] = [[], [], [], []]
        dealt: list[list[int]] = [[], [], [], []]
        events = game._events
        for after_dealer in _DEAL:
            seat = (dealer + after_dealer) % 4
            tile = wall.draw()
            if tile < N_PLAYING:
                counts[seat, tile] += 1
            else:
                flowers[seat].append(tile)
            if events:
                dealt[seat].append(tile)
        last_tile, from_back = tile, False  # the dealer's fourteenth, the deal's last tile
        state = HandState(wall, [_new_hand(block[seat], flowers[seat]) for seat in range(4)],
                          block)
        game.state = state
        if events:
            game.outcomes.append({"actor": "sys", "kind": "deal", "hand_no": game.hand_no,
                                  "dealer": dealer, "prevalent": game.prevalent,
                                  "hands": dealt})
        # Flowers: the dealer first, then in turn order; each replacement comes from the back.
        for after_dealer in range(4):
            seat = (dealer + after_dealer) % 4
            for flower in state.hands[seat].flowers:
                if events:
                    game.outcomes.append({"actor": seat, "kind": "flower", "tile": flower,
                                          "from": "deal"})
            for _ in state.hands[seat].flowers:
                drawn = game._draw_playing(seat, back=True)
                if drawn < 0:
                    game._exhaust()
                    return
                if seat == dealer:
                    last_tile, from_back = drawn % _AFTER_FLOWERS, True
        state.turn, state.drawn, state.replacement = dealer, last_tile, from_back

    def prevalent_of(self, hand_no: int) -> int:
        """The prevalent wind of hand ``hand_no``: East for hands 1-4, South 5-8, ..."""
        return (hand_no - 1) // 4

    def left(self, wall: Wall, seat: int) -> int:
        """The tiles ``seat`` may still draw: the wall's."""
        return len(wall)

    def take(self, wall: Wall, seat: int, back: bool) -> int:
        """The tile ``seat`` draws: from the back for a replacement, else from the front."""
        return wall.draw_back() if back else wall.draw()

    def is_last(self, state: HandState, seat: int) -> bool:
        """Whether no draw can follow ``seat``'s draw or discard: the wall is empty."""
        return state.last_draw_emptied

    def kong_blocked(self, state: HandState, seat: int) -> bool:
        """Whether ``seat`` may not declare a kong: no tile is left to replace it."""
        return state.last_draw_emptied

    def kong_refusal(self, seat: int) -> Error:
        """The refusal of a kong :meth:`kong_blocked` bars."""
        return Error("wall-empty", "no kong with an empty wall: no replacement tile is left")

    def claim_refusal(self, source: int) -> Error:
        """The refusal of a chow, pung or kong of ``source``'s last discard (:meth:`is_last`)."""
        return Error("wall-empty", "the last discard of the wall can be claimed for a win only")

    def parts(self, wall: Wall) -> tuple[int, ...] | None:
        """The tiles left in each seat's part of the wall; None for a wall in one piece."""
        return None


class BotzoneTable(Table):
    """Botzone's table (docs/botzone-table.md): one hand, seat 0 dealing, with ``prevalent``
    as the prevalent wind (Botzone's quan; by default drawn from the seed) on the
    :class:`~mjsim.tiles.wall.SplitWall` of ``walltiles`` (by default the 136 without flowers
    shuffled from the seed), each seat drawing from the end of its own part; the limits on
    kongs, claims and the last tile that Botzone's judge sets. Raises ``TypeError`` for a
    prevalent wind that is no whole number, ``ValueError`` for one not 0-3, or walltiles that
    are not kinds, hold more copies than exist or are not a multiple of four."""

    def __init__(self, seed: bytes, walltiles: Sequence[int] | None,
                 prevalent: int | None) -> None:
        self.name, self.deal_luck = "botzone", False  # its judge scores no dealt win as such
        self.quan = _prevalent_of(seed, prevalent)
        self._wall, self._census = _split_wall(seed, walltiles)

    def hands(self, hand_no: int, last_hand: int) -> tuple[int, int]:
        if hand_no != 1 or last_hand != HANDS:
            raise ValueError("Botzone's table plays one hand a game: hand_no and last_hand "
                             "are not set on it")
        return 1, 1

    def deal(self, game: Rules) -> None:
        """Botzone's deal: seat by seat from 0, thirteen playing tiles from the end of its own
        part, each flower set aside and replaced at once from the same part; then seat 0 draws
        as on any turn. Raises ``ValueError`` when a part runs out in the deal."""
        wall = self._wall.copy()
        dealt: list[list[int]] = [[], [], [], []]
        flowers: list[list[int]] = [[], [], [], []]
        for seat in range(4):
            while len(dealt[seat]) < 13:
                if not wall.left(seat):
                    raise ValueError(f"seat {seat}'s part of the wall runs out before its "
                                     "thirteen tiles are dealt")
                tile = wall.draw_from(seat)
                (dealt if tile < N_PLAYING else flowers)[seat].append(tile)
        state = HandState(wall, [_new_hand(ccounts.from_kinds(dealt[seat]), flowers[seat])
                                 for seat in range(4)])
        state.census = self._census
        game.state = state
        if game._events:
            game.outcomes.append({"actor": "sys", "kind": "deal", "hand_no": 1, "dealer": 0,
                                  "prevalent": self.quan, "hands": dealt,
                                  "parts": list(wall.parts)})
            for seat in range(4):
                for flower in flowers[seat]:
                    game.outcomes.append({"actor": seat, "kind": "flower", "tile": flower,
                                          "from": "deal"})
        game._draw_turn(0)

    def prevalent_of(self, hand_no: int) -> int:
        return self.quan

    def left(self, wall: Wall, seat: int) -> int:
        """The tiles left in ``seat``'s part."""
        return _split(wall).left(seat)

    def take(self, wall: Wall, seat: int, back: bool) -> int:
        """The tile at the end of ``seat``'s part, replacements too."""
        return _split(wall).draw_from(seat)

    def is_last(self, state: HandState, seat: int) -> bool:
        """Whether the next seat's part is empty: Botzone's judge flags the last tile so."""
        return not _split(state.wall).left((seat + 1) % 4)

    def kong_blocked(self, state: HandState, seat: int) -> bool:
        """Whether the seat's own part or the next seat's is empty, as Botzone's judge rules."""
        parts = _split(state.wall)
        return not parts.left(seat) or not parts.left((seat + 1) % 4)

    def kong_refusal(self, seat: int) -> Error:
        return Error("wall-empty", f"no kong while seat {seat}'s or seat "
                                   f"{(seat + 1) % 4}'s part of the wall is empty")

    def claim_refusal(self, source: int) -> Error:
        return Error("wall-empty", f"seat {(source + 1) % 4}'s part of the wall "
                                   "is empty: the discard can be claimed for a win only")

    def parts(self, wall: Wall) -> tuple[int, ...] | None:
        return _split(wall).parts


_VARIANTS: dict[str, type[Table]] = {"mcr": Table, "botzone": BotzoneTable}
"""Each table's variant by its name: a new table is a :class:`Table` subclass added here."""

TABLES = tuple(_VARIANTS)
"""The tables: the rulebook's sixteen hands, and Botzone's one hand on a split wall."""


def _split(wall: Wall) -> SplitWall:
    return wall  # type: ignore[return-value]  # Botzone's table deals a split wall


_NO_SCORES: dict[int, scoring.Scored] = {}
"""No seat's win: shared, and never written (a window with a win gets a dict of its own)."""

_POSITION_ORDER = ("hands", "wall", "turn", "pools", "dealer", "hand_no", "claimed_this_turn",
                   "drawn", "totals", "seed", "ruleset", "last_hand")
"""The keys a written position may hold, as :meth:`Rules.from_position` lists them."""
_POSITION_KEYS = frozenset(_POSITION_ORDER)

# The chows that hold a suited tile, by tile: one to three of them.
def _firsts(tile: int) -> range:
    """The lowest kinds of the chows that hold the suited ``tile``: one to three of them."""
    base = tile - tile % 9
    return range(max(base, tile - 2), min(base + 6, tile) + 1)


def _needs(first: int, tile: int) -> tuple[Move, int, int]:
    """The chow from ``first`` with the two tiles besides ``tile`` it needs from the hand."""
    a, b = [k for k in range(first, first + 3) if k != tile]
    return CHOWS[first], a, b


_ALL_CHOWS: tuple[tuple[Move, ...], ...] = tuple(
    tuple(CHOWS[first] for first in _firsts(tile)) for tile in range(N_SUITED))


def _all_chows(tile: int) -> tuple[Move, ...]:
    return _ALL_CHOWS[tile] if tile < N_SUITED else ()


# For each suited tile, its chows with the two other tiles each needs from the hand.
_CHOW_NEEDS: tuple[tuple[tuple[Move, int, int], ...], ...] = tuple(
    tuple(_needs(first, tile) for first in _firsts(tile)) for tile in range(N_SUITED))


_WIN_BIT, _PUNG_BIT, _KONG_BIT, _FIRST_CHOW_BIT = 1, 2, 4, 8


def _claim_set(tile: int, bits: int) -> tuple[Move, ...]:
    """The claims on ``tile`` that ``bits`` names: a win, a pung, a kong, then the chows of
    ``_CHOW_NEEDS[tile]`` one bit each, in that order."""
    chows = [move for i, (move, _, _) in enumerate(_CHOW_NEEDS[tile] if tile < N_SUITED else ())
             if bits & _FIRST_CHOW_BIT << i]
    return (*[move for move, bit in ((WIN, _WIN_BIT), (PUNG, _PUNG_BIT), (KONG, _KONG_BIT))
              if bits & bit], *chows)


# Every set of claims a seat can have, by tile and bits: shared tuples, so that opening a
# window builds no list of claims.
_CLAIM_SETS: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(_claim_set(tile, bits) for bits in range(_FIRST_CHOW_BIT << len(_all_chows(tile))))
    for tile in range(N_PLAYING))


def _written_tiles(tiles: str | Sequence[int], name: str, kinds: int) -> list[int]:
    """A position's ``tiles`` (a tile string or kinds below ``kinds``), or an error naming
    ``name``."""
    order = parse(tiles) if isinstance(tiles, str) else read_kinds(tiles, name, kinds - 1)
    outside = next((kind for kind in order if kind >= kinds), None)
    if outside is not None:
        raise ValueError(f"{name} holds {NAMES[outside]}, a bonus tile: only playing tiles "
                         "go there")
    return order


def _seat(seat: object) -> int:
    """``seat`` as an int 0-3, or :func:`~mjsim.errors.whole`'s error naming it (a
    ``TypeError`` for a number that is not whole, a ``ValueError`` outside 0-3): every method
    that reads a seat reads it here, the plain int (a move, scoring's question) with no call."""
    if type(seat) is int and 0 <= seat < 4:
        return seat
    return whole(seat, "seat", 0, 3)


def _totals(totals: Sequence[int]) -> list[int]:
    """``totals`` as plain ints, or a TypeError naming the entry that is not a whole number."""
    if isinstance(totals, (str, bytes)) or not isinstance(totals, Iterable):
        raise TypeError(f"totals are four whole numbers, not {totals!r}")
    return [whole(total, f"totals[{seat}]") for seat, total in enumerate(totals)]


def _prevalent_of(seed: bytes, prevalent: int | None) -> int:
    """Botzone's quan: ``prevalent`` checked, or one drawn from the seed when None (a byte of a
    keyed digest: 256 is a multiple of 4, so every wind is equally likely)."""
    if prevalent is None:
        return hashlib.blake2b(seed, digest_size=8, person=b"mjsim.quan.v1").digest()[0] % 4
    return whole(prevalent, "prevalent", 0, 3)  # a wind 0-3 (E S W N)


def _split_wall(seed: bytes, walltiles: Sequence[int] | None
                ) -> tuple[SplitWall, tuple[int, ...]]:
    """The wall of Botzone's table and its census (the copies of each kind it holds):
    ``walltiles`` checked, or the seed's shuffle of 136. The deal takes the census from here,
    so the tiles are counted once."""
    if walltiles is None:
        return SplitWall(seed, 1), _PLAYING_CENSUS
    order, census = _counted(walltiles)
    return SplitWall.from_order(order, seed, 1), census


def _mcr_wall(walltiles: Sequence[int]) -> list[int]:
    """The wall of one hand of the MCR table, checked: the 144 tiles, each once (the hand's
    census is the full one)."""
    order, census = _counted(walltiles)
    if census != _FULL_CENSUS:
        short = next(kind for kind in range(N_KINDS) if census[kind] < _COPIES[kind])
        raise ValueError(f"the MCR table's walltiles are the {len(ALL_TILES)} tiles, flowers "
                         f"included: {len(order)} given, {census[short]} of {NAMES[short]}")
    return order


def _counted(walltiles: Sequence[int]) -> tuple[list[int], tuple[int, ...]]:
    """``walltiles`` as a list of kinds and their census, checked: kinds, and no more copies
    of a kind than exist."""
    try:
        order = list(map(operator.index, walltiles))
    except TypeError:
        raise ValueError(f"walltiles are kinds 0-{N_KINDS - 1} (ints)") from None
    # Checked and counted in C, the kinds as bytes: an import sets up a given wall every game.
    try:
        tiles = bytes(order)
    except ValueError:  # a kind below 0 or past 255
        tiles = b""
    if len(tiles) != len(order) or tiles.translate(None, _KIND_BYTES):
        outside = next(kind for kind in order if not 0 <= kind < N_KINDS)
        raise ValueError(f"walltiles are kinds 0-{N_KINDS - 1}, not {outside}")
    census = [0] * N_KINDS  # one pass in C over the bytes (a count a kind was 42 passes)
    for kind in tiles:
        census[kind] += 1
    for index in range(N_KINDS):
        if census[index] > _COPIES[index]:
            raise ValueError(f"walltiles hold {census[index]} copies of {NAMES[index]}: "
                             f"only {_COPIES[index]} exist")
    return order, tuple(census)


def _answer_event(seat: int, move: Move, tile: int) -> PassEvent | ClaimEvent:
    """The event of ``seat``'s answer ``move`` to a window on ``tile``: a pass or a claim."""
    if move.kind == "pass":
        return {"actor": seat, "kind": "pass"}
    claim: ClaimEvent = {"actor": seat, "kind": "claim", "claim": move.kind,  # type: ignore[typeddict-item]  # a claim's kind
                         "tile": tile}
    if move.tiles is not None:
        claim["tiles"] = list(move.tiles)
    return claim


def _bad_move(move: Move) -> Error:
    return Error("bad-move", f"{move!r} does not fit its kind: a discard or kong on one's turn "
                             "names a tile, a chow its tiles, other moves nothing")


def _not_held(seat: int, tile: int) -> Error:
    name = NAMES[tile] if 0 <= tile < N_KINDS else f"kind {tile}"
    return Error("tile-not-held", f"seat {seat} holds no {name}")


def _new_hand(counts: np.ndarray, flowers: list[int]) -> Hand:
    """A dealt hand; the wall holds each tile once, so Hand's per-kind checks are skipped."""
    hand = Hand.__new__(Hand)
    hand.counts = counts
    hand.melds = ()
    hand.flowers = tuple(sorted(flowers))
    return hand
