"""PyMahjongGB's spelling of melds and a win, for the tests and benchmarks that hold mjsim to it.

Its tiles are Botzone's names (:data:`mjsim.tiles.botzone.NAMES`: ``W``/``B``/``T`` 1-9 for
characters, dots and bamboo, ``F1``-``F4`` the winds, ``J1``-``J3`` the dragons); a meld is a
pack (type, middle tile, 1 when claimed)."""

from __future__ import annotations

from collections.abc import Iterable

from mjsim.scoring.elements import WinContext
from mjsim.tiles.botzone import NAMES
from mjsim.tiles.hand import Hand
from mjsim.tiles.meld import Meld

_PACKS = {"chow": "CHI", "pung": "PENG", "kong": "GANG"}


def gb_packs(melds: Iterable[Meld]) -> tuple[tuple[str, str, int], ...]:
    """The declared melds as PyMahjongGB's packs (a concealed kong is offered by nobody: 0)."""
    return tuple((_PACKS[meld.kind], NAMES[meld.tiles[1]], 0 if meld.concealed else 1)
                 for meld in melds)


def gb_arguments(hand: Hand, ctx: WinContext) -> tuple[object, ...]:
    """MahjongFanCalculator's arguments for a hand won as ``ctx`` says."""
    tiles = hand.tiles()
    tiles.remove(ctx.win_tile)
    return (gb_packs(hand.melds), tuple(NAMES[t] for t in tiles), NAMES[ctx.win_tile],
            ctx.flowers, ctx.self_drawn, ctx.last_copy, ctx.replacement or ctx.robbing,
            ctx.wall_last, ctx.seat_wind, ctx.prevalent_wind)
