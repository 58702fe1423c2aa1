"""The playing kinds as the kernels count them: where each group starts, and the tile classes.

Plain data with no imports, the one source of the classes for the whole package:
:mod:`mjsim.tiles.kinds` re-exports them, :mod:`mjsim_core.score` builds its C tables from them.
The constants are written again for C in ``_types.pxd``; ``mjsim_core.score`` refuses to load
when the two disagree.

>>> sorted(WIND_KINDS), sorted(DRAGON_KINDS), len(TERMINALS_AND_HONORS)
([27, 28, 29, 30], [31, 32, 33], 13)
"""

N_SUITED = 27
"""Kinds 0-26 are the suited tiles: 1m-9m, 1p-9p, 1s-9s."""
FIRST_HONOR = N_SUITED
"""The honours follow, the winds E S W N first."""
FIRST_DRAGON = 31
"""Then the dragons R G B."""
N_PLAYING = 34
"""The playing kinds, four copies each: the entries of a counts array."""

_GREEN_DRAGON = FIRST_DRAGON + 1
_WHITE_DRAGON = FIRST_DRAGON + 2

TERMINALS = frozenset(k for k in range(N_SUITED) if k % 9 in (0, 8))
SIMPLES = frozenset(range(N_SUITED)) - TERMINALS
HONOR_KINDS = frozenset(range(FIRST_HONOR, N_PLAYING))
WIND_KINDS = frozenset(range(FIRST_HONOR, FIRST_DRAGON))
DRAGON_KINDS = frozenset(range(FIRST_DRAGON, N_PLAYING))
TERMINALS_AND_HONORS = TERMINALS | HONOR_KINDS
GREENS = frozenset({19, 20, 21, 23, 25, _GREEN_DRAGON})   # 2s 3s 4s 6s 8s and the green dragon
REVERSIBLES = frozenset({9, 10, 11, 12, 13, 16, 17,        # 1p 2p 3p 4p 5p 8p 9p
                         19, 21, 22, 23, 25, 26,           # 2s 4s 5s 6s 8s 9s
                         _WHITE_DRAGON})
