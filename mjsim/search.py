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

from collections.abc import Callable, Collection, Sequence
from typing import Any, TypeVar

from mjsim_core.shanten import discards, shanten

from mjsim.meld import Meld
from mjsim.moves import DISCARDS, PASS, Move
from mjsim.rungs import isolation, meld_floor, scores_alone, targets, winning_copies
from mjsim.view import View, view_of

__all__ = ["IDEAS", "LEVELS", "RUNG_IDEAS", "best", "check_ideas", "view_of"]

IDEAS: tuple[str, ...] = ("shanten", "claims", "defence", "planning")
"""The ideas a rung may switch off, in the order a variant names them."""
RUNG_IDEAS: dict[int, tuple[str, ...]] = {1: (), 2: IDEAS[:2], 3: IDEAS}
"""The ideas each rung adds up to: rung 2 has shanten and claims, rung 3 all four."""
LEVELS = tuple(RUNG_IDEAS)
_ON = {level: frozenset(ideas) for level, ideas in RUNG_IDEAS.items()}

THREAT_MELDS = 3
"""A seat with this many melds declared is close enough to ready to defend against."""

_T = TypeVar("_T")


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
    ideas = _ON[level].difference(off) if off else _ON[level]
    if view.window is not None:
        return _answer(view, ideas, word)
    return _turn(view, ideas, word)


# ------------------------------------------------------------------------------ one's own turn

def _turn(view: View, ideas: frozenset[str], word: int | None) -> Move:
    hand = view.hand
    counts, melds = hand.counts, hand.melds
    held = counts.tobytes()
    tiles = [move.tile for move in view.legal if move.kind == "discard"]
    # One compiled call gives every discard's shanten and the kinds that help after it. The
    # copies are summed here from view.unseen, and only for the least-shanten candidates:
    # handing unseen to the kernel converts and checks an array per call, which costs more.
    rows = {row[0]: row for row in discards(counts, len(melds))} if "shanten" in ideas else None
    if rows is not None:
        now = min(row[1] for row in rows.values())
        kong = _kong(view, rows, now)
        if kong is not None:
            return kong
    if "defence" in ideas and (now if rows is not None else shanten(counts, len(melds))) >= 2:
        tiles = _safe(view, tiles) or tiles
    if rows is not None:
        least = min(rows[t][1] for t in tiles)
        tiles = [t for t in tiles if rows[t][1] == least]
    if "planning" in ideas and len(tiles) > 1 and (rows is None or least > 0):
        plan = targets(held, melds, view.seat_wind, view.prevailing)
        if plan:
            tiles = _most(tiles, lambda t: plan.keeps(held, t))
    if rows is not None and len(tiles) > 1:
        if least > 0:
            unseen = view.unseen
            tiles = _most(tiles, lambda t: sum(map(unseen.__getitem__, rows[t][2])))
        else:
            tiles = _most_winning(view, rows, held, tiles)
    tiles = _most(tiles, lambda t: -isolation(held, t))
    return DISCARDS[_pick(tiles, view, word)]


def _most_winning(view: View, rows: dict[int, Any], held: bytes, tiles: list[int]) -> list[int]:
    """The discards leaving the hand ready whose waits win the most copies. Scoring is slow, so
    candidates go in order of their unseen waits (four times which bounds what they can win)
    and the rest are skipped once none can reach the best."""
    unseen, melds = view.unseen, view.hand.melds
    bound = {t: 4 * sum(map(unseen.__getitem__, rows[t][2])) for t in tiles}
    top, kept = -1, set()
    for tile in sorted(tiles, key=bound.__getitem__, reverse=True):
        if bound[tile] < top:
            break
        after = bytearray(held)
        after[tile] -= 1
        value = winning_copies(bytes(after), melds, unseen, view.seat_wind, view.prevailing,
                               view.ruleset, rows[tile][2])
        if value > top:
            top, kept = value, {tile}
        elif value == top:
            kept.add(tile)
    return [t for t in tiles if t in kept]


def _kong(view: View, rows: dict[int, Any], now: int) -> Move | None:
    """A legal kong on one's own turn that leaves the shanten no worse than the best discard."""
    hand = view.hand
    for move in view.legal:
        if move.kind != "kong":
            continue
        tile = move.tile
        if hand.counts[tile] == 4:
            after = hand.counts.copy()
            after[tile] -= 4
            road = shanten(after, len(hand.melds) + 1)
        else:  # promoting a pung takes one tile from the hand, as discarding it would
            road = rows[tile][1]
        if road <= now:
            return move
    return None


def _safe(view: View, tiles: list[int]) -> list[int]:
    """The candidate discards safe against every seat with three melds: kinds every copy of
    which is out, or that each such seat has discarded."""
    threats = [view.pools[s] for s in range(4)
               if s != view.seat and len(view.exposed[s]) >= THREAT_MELDS]
    if not threats:
        return []
    unseen = view.unseen
    return [t for t in tiles if not unseen[t] or all(t in pool for pool in threats)]


# ------------------------------------------------------------------------------- the window

def _answer(view: View, ideas: frozenset[str], word: int | None) -> Move:
    """Pass, or take the claim the policy allows (a kong before a pung before a chow)."""
    if "claims" not in ideas:
        return PASS
    hand = view.hand
    counts, melds = hand.counts, hand.melds
    before = shanten(counts, len(melds))
    plan = (targets(counts.tobytes(), melds, view.seat_wind, view.prevailing)
            if "planning" in ideas else None)
    window = view.window
    worth: list[tuple[int, int, Move]] = []
    for move in view.legal:
        if move.kind not in ("pung", "kong", "chow"):
            continue
        after, meld = _claimed(counts, move, window.tile, window.source)
        road = shanten(after, len(melds) + 1)
        # A kong draws a replacement rather than discarding: keeping the shanten is progress.
        if road > before or (road == before and move.kind != "kong"):
            continue
        if _claim_pays(view, move, meld, after, road, plan):
            worth.append(((move.kind == "chow") * 2 + (move.kind == "pung"), road, move))
    if not worth:
        return PASS
    first = min(w[:2] for w in worth)
    return _pick([w[2] for w in worth if w[:2] == first], view, word)


def _claimed(counts: Any, move: Move, tile: int, source: int) -> tuple[Any, Meld]:
    after = counts.copy()
    if move.kind == "chow":
        for other in move.tiles:
            if other != tile:
                after[other] -= 1
        return after, Meld("chow", move.tiles, claimed=tile, source=source)
    size = 3 if move.kind == "pung" else 4
    after[tile] -= size - 1
    return after, Meld(move.kind, (tile,) * size, claimed=tile, source=source)


def _claim_pays(view: View, move: Move, meld: Meld, after: Any, road: int,
                plan: Any) -> bool:
    tile, wind, prevailing = meld.tiles[0], view.seat_wind, view.prevailing
    melds = (*view.hand.melds, meld)
    floor = meld_floor(melds, wind, prevailing)
    if move.kind != "chow" and (scores_alone(tile, wind, prevailing) or floor >= 8):
        return True
    if plan is not None and road <= 1 and plan.fits(move.kind, tile, floor):
        return True
    return road == 0 and _ready_to_win(view, after, melds, move.kind == "kong")


def _ready_to_win(view: View, after: Any, melds: tuple[Any, ...], drawn: bool) -> bool:
    """Whether the hand after a claim (and, unless a kong, its discard) is ready to win eight."""
    unseen, wind, prevailing, ruleset = view.unseen, view.seat_wind, view.prevailing, view.ruleset
    held = after.tobytes()
    if drawn:
        return winning_copies(held, melds, unseen, wind, prevailing, ruleset, enough=1) > 0
    for tile, road, helps, _ in discards(after, len(melds)):
        if road == 0:  # what helps a ready hand is what completes it: its waits
            rest = bytearray(held)
            rest[tile] -= 1
            if winning_copies(bytes(rest), melds, unseen, wind, prevailing, ruleset, helps,
                              enough=1):
                return True
    return False


# ------------------------------------------------------------------------------------ helpers

def _most(items: Sequence[_T], key: Callable[[_T], int]) -> list[_T]:
    """The items with the greatest key, in their order."""
    if len(items) == 1:
        return list(items)
    keys = [key(item) for item in items]
    top = max(keys)
    return [item for item, k in zip(items, keys) if k == top]


def _pick(items: Sequence[_T], view: View, word: int | None) -> _T:
    """One of the tied items, by the word."""
    if len(items) == 1:
        return items[0]
    return items[(view.word if word is None else word) % len(items)]
