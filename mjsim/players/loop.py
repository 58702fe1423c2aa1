# Compiled with loop.pxd in Cython's pure-Python mode (setup.py says how).
"""The compiled game loop: whole games played without a Python call per move, when every seat
is a player it knows (every rung, 1-4, with any of its ideas off or a salt, and
:class:`DiscardDrawn`).

:func:`play` is :func:`mjsim.players.driver.play` for such a table, move for move: the same
:class:`~mjsim.game.rules.Rules` carries out every move by the same code (its cdef methods
``_take_turn`` and ``_answer``, which :meth:`~mjsim.game.rules.Rules.apply` calls once it has
checked a move), and each rung decides by the same C functions as
:meth:`~mjsim.players.rungs.Rung.act` (:func:`mjsim_core.rungs.turn_pick` and
:func:`~mjsim_core.rungs.answer_pick` run the kernels of ``turn_choices`` and
``answer_choices``, rung 4's legal-distance ones among them), reading the engine's own state
instead of a view. What it skips is the traffic around a move: no view, no list of legal
moves, no ``Move`` to check, no event (unless ``events=True``). A tie left after every idea is
broken by the view's own word (:func:`mjsim_core.rungs.seat_word`, which
:attr:`~mjsim.players.view.View.word` calls too), written in C from the engine's arrays and
lists, and re-keyed in C by a salt. The players make legal moves only, so nobody fouls.

A draw, a discard nobody can use, a pass and a decision make no Python object. What a move
still makes is the engine's state changing: a window when a seat can claim (a ``Window``, its
``may`` and ``answers`` dicts), a claim's meld, a win's score and records, and once a hand the
deal; about 0.8 objects a move at the DiscardDrawn table, 1.9 at rung 3's
(``scripts/bench_objects.py``; ``tests/game/test_objects.py`` holds the bounds).

Why here: the loop needs the engine (mjsim.game) and the rungs (mjsim.players), and
``mjsim_core`` imports nothing from mjsim, so it is the players layer's; it is a ``.py`` with a
``.pxd`` (setup.py compiles those) so that it calls the engine's cdef methods and the rung
kernels directly. The engine's state is Python objects (hands, melds, pools, the window), so
the loop holds the GIL; the kernels it calls (shanten, scoring) are nogil C.

:func:`mjsim.tournament.records.play_game` plays here whenever :func:`compiled` says the
lineup allows, and through the driver otherwise (Python and Botzone players, shadowed seats).

>>> from mjsim.players.rungs import Rung
>>> game = play(b"doc", [Rung(4), Rung(3), Rung(1), DiscardDrawn()], hand_no=1, last_hand=2)
>>> game.status, len(game.history), sum(game.totals)
('finished', 2, 0)
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from mjsim.errors import clipped
from mjsim.game.moves import PASS, WIN, Move
from mjsim.game.rules import HandState, Rules
from mjsim.game.settings import KEYS, Settings, settings_of
from mjsim.game.window import Window
from mjsim.players.protocol import Player
from mjsim.players.rungs import IDEAS, Rung
from mjsim.players.rungs import LEVELS as RUNGS
from mjsim.players.specs import load_player
from mjsim.players.trivial import DiscardDrawn
from mjsim.tiles.wall import Seed
from mjsim_core.rungs import KONG_BIT, answer_pick, rekeyed, seat_word, turn_pick

__all__ = ["compiled", "play", "play_games"]

LEVELS = RUNGS
"""The rungs the loop plays: all of them, with any of their ideas off."""
_DRAWN = 0
_WIN = -1  # _turn's answer: a discard's tile, _KONG + a kong's tile, or _WIN
_KONG = 64
_KONG_BIT = KONG_BIT
_CLAIMS = 1 << IDEAS.index("claims")
_MASK = (1 << 64) - 1

Plan = tuple[int, int, bool, int]
"""A seat as the loop plays it: (level, 0 for DiscardDrawn; the ideas' bits; whether it has a
salt; the salt's low 64 bits, all that :func:`mjsim.players.rungs.rekeyed` reads of it)."""


def plan_of(player: object) -> Plan | None:
    """How the loop plays ``player``, or None when it cannot (then the driver does)."""
    if type(player) is DiscardDrawn:
        return (_DRAWN, 0, False, 0)
    if type(player) is Rung and player.level in LEVELS:
        bits = sum(1 << IDEAS.index(name) for name in player.ideas if name not in player.off)
        return (player.level, bits, player.salt != 0, player.salt & _MASK)
    return None


def compiled(players: Sequence[object]) -> bool:
    """Whether the loop can play this table: four players, each one it knows."""
    return len(players) == 4 and all(plan_of(player) is not None for player in players)


def play(seed: Seed, players: Sequence[Player], *, settings: Settings | None = None,
         events: bool = False, **options: Any) -> Rules:
    """Play the game :func:`mjsim.players.driver.play` would (``settings`` or its keywords,
    and ``options``, as it takes them: ``hand_no``, ``last_hand``, ...) and return it finished.
    Nobody fouls here (the players make legal moves only), so the settings' penalty and
    max_fouls never come into play. With ``events`` its ``outcomes`` keep every event of the
    game; without, it is a quiet game (no event is built; the history and totals are the
    same). Raises ``ValueError`` for a table :func:`compiled` refuses."""
    plans = [plan for plan in map(plan_of, players) if plan is not None]
    if len(plans) != 4 or len(players) != 4:
        raise ValueError("the compiled loop plays four rungs or DiscardDrawn players; "
                         "play others with mjsim.players.driver.play")
    chosen = settings_of(settings, **{key: options.pop(key, None) for key in KEYS})
    with _no_collector():
        game = Rules(seed, chosen.ruleset, table=chosen.table, events=events, **options)
        _run(game, plans, chosen.index)
    return game


def play_games(seeds: Iterable[Seed], lineup: Sequence[Player | str],
               ruleset: str | None = None, **options: Any) -> list[Rules]:
    """:func:`play` for each seed, without events: the finished games, in order. ``lineup``
    holds the four players, or their specs (``"3-defence"``).

    >>> [sum(game.totals) for game in play_games(["a", "b"], ["3", "2", "1", "1"], last_hand=1)]
    [0, 0]
    """
    # Text is iterable too: "ab" would play seeds "a" and "b", "1234" rungs 1, 2, 3 and 4.
    if isinstance(seeds, str | bytes) or not isinstance(seeds, Iterable):
        raise TypeError(f"seeds are the games' seeds (a list such as ['a', 'b']), not "
                        f"{clipped(repr(seeds), 40)}")
    if isinstance(lineup, str) or not isinstance(lineup, Sequence):
        raise TypeError(f"lineup is four players or their specs (a list such as ['3', '2', "
                        f"'1', '1']), not {clipped(repr(lineup), 40)}")
    players = [load_player(entry) if isinstance(entry, str) else entry for entry in lineup]
    with _no_collector():
        return [play(seed, players, ruleset=ruleset, **options) for seed in seeds]


@contextmanager
def _no_collector() -> Iterator[None]:
    """The cyclic garbage collector off, then back as it was. The engine makes no reference
    cycles (reference counts free every object), so the collector would only walk the games'
    objects again and again, a tenth of the time."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _run(game: Rules, plans: list[Plan], rules: int) -> None:
    while game.status == "active":
        state = game.state
        window = state.window
        if window is None:
            seat = state.turn
            move = _turn(game, state, seat, plans[seat], rules)
            if move == _WIN:
                game._take_turn(seat, "win", -1)
            elif move >= _KONG:
                game._take_turn(seat, "kong", move - _KONG)
            else:
                game._take_turn(seat, "discard", move)
        else:
            seat = window.next_seat()
            game._answer(seat, _answer(game, state, window, seat, plans[seat], rules), window)


def _turn(game: Rules, state: HandState, seat: int, plan: Plan, rules: int) -> int:
    """The move of the seat on turn: a discard's tile, ``_KONG`` + a kong's tile, or ``_WIN``."""
    level, ideas = plan[0], plan[1]
    if game._self_win() is not None:  # every player here wins whenever it may
        return _WIN
    if level == _DRAWN:
        if state.drawn >= 0:
            return state.drawn
        k = 0
        while not state.counts[seat, k]:  # the seat on turn holds a tile
            k += 1
        return k
    kongs = game._turn_kongs(seat)
    # A row of the engine's counts block: compiled, a typed memoryview, read in place.
    row = state.counts[seat]
    mask = turn_pick(row, state.hands[seat].melds, seat,  # type: ignore[arg-type]
                     (game.hand_no - 1) % 4, game.prevalent, rules, state.pools, state.hands,
                     state.shown, ideas, kongs)
    if mask >> _KONG_BIT:
        return _KONG + kongs[_nth_bit(mask >> _KONG_BIT, 0)]
    return _nth_bit(mask, _pick(game, state, seat, plan, mask, None))


def _answer(game: Rules, state: HandState, window: Window, seat: int, plan: Plan,
            rules: int) -> Move:
    """The seat's answer to the window: a win when it has one, else its rung's claim or a pass."""
    level, ideas = plan[0], plan[1]
    if seat in state.scores:    # the engine scored the seat's win on the tile: a win is its claim
        return WIN
    if level == _DRAWN or not ideas & _CLAIMS:
        return PASS
    may = window.may[seat]
    row = state.counts[seat]
    mask = answer_pick(row, state.hands[seat].melds, seat,  # type: ignore[arg-type]
                       (game.hand_no - 1) % 4, game.prevalent, rules, state.pools, state.hands,
                       state.shown, ideas, window.tile, may)
    if not mask:
        return PASS
    return may[_nth_bit(mask, _pick(game, state, seat, plan, mask, window))]


def _pick(game: Rules, state: HandState, seat: int, plan: Plan, mask: int,
          window: Window | None) -> int:
    """Which of the choices in ``mask`` the rung takes: the only one, or the one its word
    picks (:meth:`mjsim.players.rungs.Rung.act`: the view's word, re-keyed by the salt),
    written and hashed from the engine's arrays and lists as the view's is from its own."""
    count = _bits(mask)
    if count == 1:
        return 0
    row = state.counts[seat]
    word = seat_word(row, seat, (seat - game.hand_no + 1) % 4,  # type: ignore[arg-type]
                     state.pools, state.hands, True, state.phase,
                     state.drawn if window is None else -1, window)
    if plan[2]:
        word = rekeyed(word, plan[3])
    return word % count


def _bits(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def _nth_bit(mask: int, n: int) -> int:
    """The index of the ``n``-th (from 0) set bit of ``mask``."""
    bit = 0
    while True:
        if mask >> bit & 1:
            if not n:
                return bit
            n -= 1
        bit += 1
