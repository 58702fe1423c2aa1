"""The rungs' choices as readable Python: the twin of :mod:`mjsim_core.rungs` (tests only).

:func:`turn_choices` and :func:`answer_choices` take what the compiled ones take (a view whose
legal moves hold no win, and the ideas as bits in :data:`mjsim.players.rungs.IDEAS` order) and
return the same: the indexes into ``view.legal`` of the moves ranked best, in legal order (none:
pass).
The rules are written out here; :mod:`mjsim.players.rungs` says what each rung does and why.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TypeVar

import numpy as np

from mjsim.analysis.legal import LegalDiscard, legal_discards, legal_distance
from mjsim.game.moves import Move
from mjsim.players.rungs import IDEAS, RUNG_IDEAS
from mjsim.players.view import View
from mjsim.reference.measures import (
    Targets,
    isolation,
    meld_floor,
    scores_alone,
    targets,
    winning_copies,
)
from mjsim.tiles.meld import Meld, MeldKind
from mjsim_core.rungs import EIGHT2_LIMIT, EIGHT_LIMIT, THREAT_MELDS
from mjsim_core.shanten import discards, shanten

_T = TypeVar("_T")
Counts = np.ndarray
"""A hand's 34 concealed counts (``uint8``), as :attr:`mjsim.tiles.hand.Hand.counts` holds them."""
Row = tuple[int, int, tuple[int, ...], int]
"""A row of :func:`mjsim_core.shanten.discards`: (tile, shanten after, kinds that help, copies)."""


def turn_choices(view: View, ideas: int) -> tuple[int, ...]:
    """The moves the rung ranks best on its own turn: one kong, or the discards left tied."""
    best = _turn(view, _names(ideas))
    return tuple(i for i, move in enumerate(view.legal) if move in best)


def answer_choices(view: View, ideas: int) -> tuple[int, ...]:
    """The claims the rung ranks best in a window, or () to pass."""
    best = _answer(view, _names(ideas))
    return tuple(i for i, move in enumerate(view.legal) if move in best)


def _names(ideas: int) -> frozenset[str]:
    return frozenset(name for bit, name in enumerate(IDEAS) if ideas >> bit & 1)


def _tile(move: Move) -> int:
    """The tile a discard or a kong on one's own turn names (the rules list none without)."""
    assert move.tile is not None, move
    return move.tile


# ------------------------------------------------------------------------------ one's own turn

def _turn(view: View, ideas: frozenset[str]) -> list[Move]:
    """The kong to declare, or the discards left tied after every idea."""
    if "eight" in ideas and "shanten" in ideas:   # eight refines the shanten: alone, nothing
        return _turn_eight(view, ideas)
    hand = view.hand
    counts, melds = hand.counts, hand.melds
    held = counts.tobytes()
    tiles = [_tile(move) for move in view.legal if move.kind == "discard"]
    # Every discard's shanten after it, and the kinds that then help (rows[tile][1] and [2]).
    rows: dict[int, Row] | None = ({row[0]: row for row in discards(counts, len(melds))}
                                   if "shanten" in ideas else None)
    if rows is not None:
        now = min(row[1] for row in rows.values())
        kong = _kong(view, rows, now)
        if kong is not None:
            return [kong]
    if "defence" in ideas and (now if rows is not None else shanten(counts, len(melds))) >= 2:
        tiles = _safe(view, tiles) or tiles
    if rows is not None:
        least = min(rows[t][1] for t in tiles)
        tiles = [t for t in tiles if rows[t][1] == least]
    if "planning" in ideas and len(tiles) > 1 and (rows is None or least > 0):
        plan = targets(held, melds, view.seat_wind, view.prevalent)
        if plan:
            tiles = _most(tiles, lambda t: plan.keeps(held, t))
    if rows is not None and len(tiles) > 1:
        if least > 0:
            unseen = view.unseen
            tiles = _most(tiles, lambda t: sum(map(unseen.__getitem__, rows[t][2])))
        else:
            tiles = _most_winning(view, rows, held, tiles)
    tiles = _most(tiles, lambda t: -isolation(held, t))
    return [move for move in view.legal if move.kind == "discard" and move.tile in tiles]


def _most_winning(view: View, rows: dict[int, Row], held: bytes, tiles: list[int]) -> list[int]:
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
        value = winning_copies(bytes(after), melds, unseen, view.seat_wind, view.prevalent,
                               view.ruleset, rows[tile][2])
        if value > top:
            top, kept = value, {tile}
        elif value == top:
            kept.add(tile)
    return [t for t in tiles if t in kept]


def _kong(view: View, rows: dict[int, Row], now: int) -> Move | None:
    """A legal kong on one's own turn that leaves the shanten no worse than the best discard."""
    hand = view.hand
    for move in view.legal:
        if move.kind != "kong":
            continue
        tile = _tile(move)
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

def _answer(view: View, ideas: frozenset[str]) -> list[Move]:
    """The claims the policy allows, ranked (a kong before a pung before a chow, then the
    shorter road) and the best kept; none to pass."""
    if "claims" not in ideas:
        return []
    if "eight" in ideas and "shanten" in ideas:
        return _answer_eight(view, ideas)
    hand = view.hand
    counts, melds = hand.counts, hand.melds
    before = shanten(counts, len(melds))
    plan = (targets(counts.tobytes(), melds, view.seat_wind, view.prevalent)
            if "planning" in ideas else None)
    window = view.window
    assert window is not None, "a rung answers only in a window"
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
        return []
    first = min(w[:2] for w in worth)
    return [w[2] for w in worth if w[:2] == first]


def _claimed(counts: Counts, move: Move, tile: int, source: int) -> tuple[Counts, Meld]:
    after = counts.copy()
    if move.kind == "chow":
        assert move.tiles is not None, move
        for other in move.tiles:
            if other != tile:
                after[other] -= 1
        return after, Meld("chow", move.tiles, claimed=tile, source=source)
    kind: MeldKind = "pung" if move.kind == "pung" else "kong"
    size = 3 if kind == "pung" else 4
    after[tile] -= size - 1
    return after, Meld(kind, (tile,) * size, claimed=tile, source=source)


def _claim_pays(view: View, move: Move, meld: Meld, after: Counts, road: int,
                plan: Targets | None) -> bool:
    tile, wind, prevalent = meld.tiles[0], view.seat_wind, view.prevalent
    melds = (*view.hand.melds, meld)
    floor = meld_floor(melds, wind, prevalent)
    if move.kind != "chow" and (scores_alone(tile, wind, prevalent) or floor >= 8):
        return True
    if plan is not None and road <= 1 and plan.fits(move.kind, tile, floor):
        return True
    return road == 0 and _ready_to_win(view, after, melds, move.kind == "kong")


def _ready_to_win(view: View, after: Counts, melds: tuple[Meld, ...], drawn: bool) -> bool:
    """Whether the hand after a claim (and, unless a kong, its discard) is ready to win eight."""
    unseen, wind, prevalent, ruleset = view.unseen, view.seat_wind, view.prevalent, view.ruleset
    held = after.tobytes()
    if drawn:
        return winning_copies(held, melds, unseen, wind, prevalent, ruleset, enough=1) > 0
    for tile, road, helps, _ in discards(after, len(melds)):
        if road == 0:  # what helps a ready hand is what completes it: its waits
            rest = bytearray(held)
            rest[tile] -= 1
            if winning_copies(bytes(rest), melds, unseen, wind, prevalent, ruleset, helps,
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



# ------------------------------------------------------------------- rung 4: eight in sight

Road = tuple[int, int]
"""How far a hand is, rung 4's way: its legal distance (``limit + 1``, rung 4's sight
:data:`mjsim_core.rungs.EIGHT_LIMIT`, or :data:`~mjsim_core.rungs.EIGHT2_LIMIT` with the idea
``eight2``, plus one, for "at least that"), then its shanten."""


def _sight(ideas: frozenset[str]) -> int:
    return EIGHT2_LIMIT if "eight2" in ideas else EIGHT_LIMIT


def _road(view: View, counts: Counts, melds: Sequence[Meld], limit: int) -> Road:
    """The road of a hand between turns (13-3m tiles) or holding a tile to discard (14-3m)."""
    far = legal_distance(counts, melds, view.seat_wind, view.prevalent, unseen=view.unseen,
                         ruleset=view.ruleset, limit=limit)
    return min(far, limit + 1), shanten(counts, len(melds))


def _turn_eight(view: View, ideas: frozenset[str]) -> list[Move]:
    """Rung 3's turn with each discard's road its legal distance, then its shanten, and the
    copies that count those a nearest legal target draws."""
    limit = _sight(ideas)
    counts, melds = view.hand.counts, view.hand.melds
    rows, legal, road = _discard_roads(view, limit)
    now = min(road.values())
    for move in view.legal:
        if move.kind != "kong":
            continue
        tile = _tile(move)
        if counts[tile] == 4:
            after = counts.copy()
            after[tile] -= 4
            kong: Road = _road(view, after, (*melds, Meld.kong(tile, concealed=True)), limit)
        else:
            kong = road[tile]
        if kong <= now:
            return [move]
    tiles = _stages(view, ideas, rows, legal, road)[-1][1]
    return [move for move in view.legal if move.kind == "discard" and move.tile in tiles]


def _discard_roads(view: View, limit: int
                   ) -> tuple[dict[int, Row], dict[int, LegalDiscard], dict[int, Road]]:
    """Each discard's row of :func:`~mjsim_core.shanten.discards`, of
    :func:`~mjsim.analysis.legal.legal_discards`, and its road."""
    counts, melds = view.hand.counts, view.hand.melds
    rows = {row[0]: row for row in discards(counts, len(melds))}
    legal = {row.tile: row for row in legal_discards(
        counts, melds, view.seat_wind, view.prevalent, unseen=view.unseen, ruleset=view.ruleset,
        limit=limit)}
    return rows, legal, {t: (min(legal[t].distance, limit + 1), rows[t][1]) for t in rows}


def discard_stages(view: View, ideas: Collection[str] = RUNG_IDEAS[4]
                   ) -> list[tuple[str, list[int]]]:
    """Rung 4's discards (``ideas`` by name, eight and shanten among them) left after each step
    of its turn, in order: ``defence``, ``road``, ``planning``, ``copies``, ``isolation``, each
    with the kinds still in the running (a step that does not apply leaves them as they were;
    the last are the tied best). Where another player's discard leaves the running says what it
    weighed otherwise than rung 4 (``scripts/learned_departures.py``)."""
    names = frozenset(ideas)
    return _stages(view, names, *_discard_roads(view, _sight(names)))


def _stages(view: View, ideas: frozenset[str], rows: dict[int, Row],
            legal: dict[int, LegalDiscard], road: dict[int, Road]
            ) -> list[tuple[str, list[int]]]:
    limit = _sight(ideas)
    held = view.hand.counts.tobytes()
    tiles = [_tile(move) for move in view.legal if move.kind == "discard"]
    stages: list[tuple[str, list[int]]] = []
    if "defence" in ideas and min(road.values())[1] >= 2:
        tiles = _safe(view, tiles) or tiles
    stages.append(("defence", tiles))
    least = min(road[t] for t in tiles)
    tiles = [t for t in tiles if road[t] == least]
    stages.append(("road", tiles))
    if "planning" in ideas and len(tiles) > 1 and least[0] > 0:
        plan = targets(held, view.hand.melds, view.seat_wind, view.prevalent)
        if plan:
            tiles = _most(tiles, lambda t: plan.keeps(held, t))
    stages.append(("planning", tiles))
    if len(tiles) > 1:
        unseen = view.unseen
        if least[0] <= limit:
            tiles = _most(tiles, lambda t: legal[t].copies)
        else:
            tiles = _most(tiles, lambda t: sum(map(unseen.__getitem__, rows[t][2])))
    stages.append(("copies", tiles))
    stages.append(("isolation", _most(tiles, lambda t: -isolation(held, t))))
    return stages


def _answer_eight(view: View, ideas: frozenset[str]) -> list[Move]:
    """Rung 3's claims with the road rung 4's: a claim that shortens it (a kong that keeps it)
    is worth making, and when the legal distance is out of sight it must also pay as rung 3's."""
    limit = _sight(ideas)
    hand = view.hand
    counts, melds = hand.counts, hand.melds
    before = _road(view, counts, melds, limit)
    plan = (targets(counts.tobytes(), melds, view.seat_wind, view.prevalent)
            if "planning" in ideas else None)
    window = view.window
    assert window is not None, "a rung answers only in a window"
    worth: list[tuple[int, Road, Move]] = []
    for move in view.legal:
        if move.kind not in ("pung", "kong", "chow"):
            continue
        after, meld = _claimed(counts, move, window.tile, window.source)
        road = _road(view, after, (*melds, meld), limit)
        if road > before or (road == before and move.kind != "kong"):
            continue
        if road[0] <= limit or _claim_pays(view, move, meld, after, road[1], plan):
            worth.append(((move.kind == "chow") * 2 + (move.kind == "pung"), road, move))
    if not worth:
        return []
    first = min(w[:2] for w in worth)
    return [w[2] for w in worth if w[:2] == first]
