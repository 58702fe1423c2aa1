"""The hint knows the 8-point minimum: the points it gives each wait agree with the engine's
own refusal or offer of that win, and a ready hand with no legal wait is said to be one."""

import re

from mjsim.analysis import legal_discards, legal_distance, shanten
from mjsim.game.rules import Rules
from mjsim.players.rungs import best
from mjsim.players.view import view_of
from mjsim.scoring import MIN_POINTS
from mjsim.tiles.kinds import NAMES
from mjsim.ui.hints import hint, move_words, option_words, waits_of
from mjsim.ui.terminal import readiness


def _plain(game, view, tile):
    """No context element besides the wait can change a win on ``tile``: not the last copy,
    not the wall's last tile, not a kong's replacement or a robbed kong."""
    seen = sum(pool.count(tile) for pool in view.pools) + sum(
        getattr(m, "tiles", ()).count(tile) for melds in view.exposed for m in melds)
    return seen + view.hand.counts[tile] < 3 and view.wall > 1 and not game.replacement


def positions(seeds, hands=2):
    """Every view of a few games of rung 2, with its game, as they are played."""
    for seed in seeds:
        game = Rules(seed)
        while game.is_active and game.hand_no <= hands:
            seat = game.waiting_on()[0]
            view = view_of(game, seat)
            yield game, view
            game.apply(seat, best(view, 2))


def test_each_wait_is_legal_exactly_when_the_engine_offers_the_win():
    checked = {True: 0, False: 0}
    for game, view in positions([b"h1", b"h2", b"h3", b"h4"]):
        if view.window is not None and view.window[0] == "discard":
            tile = view.window[1]
            waits = {w.tile: w for w in waits_of(view.hand, view)}
            if tile in waits and _plain(game, view, tile):
                offered = any(move.kind == "win" for move in view.legal)
                assert (waits[tile].discard >= MIN_POINTS) == offered, (view.hand, tile)
                checked[offered] += 1
        elif view.window is None and view.drawn is not None and not game.claimed_this_turn:
            before = view.hand.copy()
            before.counts[view.drawn] -= 1
            waits = {w.tile: w for w in waits_of(before, view)}
            if view.drawn in waits and _plain(game, view, view.drawn):
                offered = any(move.kind == "win" for move in view.legal)
                assert (waits[view.drawn].self_drawn >= MIN_POINTS) == offered
                checked[offered] += 1
    assert checked[True] and checked[False]  # wins offered, and wins refused below 8


def test_a_ready_hand_that_cannot_win_says_so():
    found = 0
    for _game, view in positions([b"h1", b"h2", b"h3", b"h4"]):
        if view.window is None or not any(m.kind == "pass" for m in view.legal):
            continue
        hand = view.hand
        if shanten.shanten(hand.counts, len(hand.melds)) != 0:
            continue
        waits = waits_of(hand, view)
        words = option_words(view, next(m for m in view.legal if m.kind == "pass"))
        assert words.count(" left") == len(waits)  # every wait, with its copies left
        if not any(w.legal for w in waits):
            assert f"none reaches {MIN_POINTS}: this hand cannot win" in words
            unseen = [max(0, u) for u in view.unseen]
            distance = legal_distance(hand.counts, hand.melds, view.seat_wind, view.prevalent,
                                      unseen=unseen, limit=2)
            assert distance >= 1  # ready, yet no legal wait: a draw away at least
            shown = "3+" if distance > 2 else str(distance)
            assert words.endswith(f"legal distance {shown})")
            assert readiness(view).endswith("no win will be offered")  # on the screen too
            found += 1
        else:
            assert "cannot win" not in words
            assert readiness(view).startswith("you are ready: ")
    assert found


def test_the_discards_are_ranked_by_legal_distance_first_with_its_number_shown():
    checked = 0
    for _game, view in positions([b"h1", b"h2"], hands=1):
        if view.window is not None or view.drawn is None:
            continue
        hand = view.hand
        unseen = [max(0, u) for u in view.unseen]
        distance = {NAMES[row.tile]: row.distance for row in legal_discards(
            hand.counts, hand.melds, view.seat_wind, view.prevalent, unseen=unseen, limit=2)}
        lines = [line.strip() for line in hint(view).splitlines()[1:]
                 if line.strip().startswith("discard ")]
        shown = []
        for line in lines:
            tile = line.split()[1]
            match = re.search(r"legal (3\+|\d)", line)
            if match:  # not ready: the distance is printed
                assert match.group(1) == ("3+" if distance[tile] > 2
                                          else str(distance[tile]))
            shown.append(distance[tile])
        best_shown = shown[:4]  # the top rows, before rung 3's own choice if it ranks lower
        assert best_shown == sorted(best_shown) and best_shown[0] == min(distance.values())
        checked += 1
    assert checked > 20


def test_the_hint_names_rung_3s_move_and_explains_a_lower_ranked_choice():
    explained = 0
    for _game, view in positions([b"h1", b"h2"], hands=1):
        if view.window is not None:
            continue
        lines = hint(view).splitlines()
        move = best(view, 3)
        assert lines[0] == f"rung 3 would {move_words(move)}"
        if move.kind != "discard":
            continue
        rows = {line.split()[1]: line.split(maxsplit=2)[2] for line in lines[1:]
                if line.startswith("  discard ")}
        chosen, top = NAMES[move.tile], next(iter(rows))
        assert chosen in rows  # its numbers are shown, even when ranked lower
        says_why = any(line.startswith(f"  rung 3 plays {chosen} over {top}: it weighs more")
                       for line in lines)
        if rows[chosen] == rows[top]:  # as good by these numbers: nothing to explain
            assert not says_why
        explained += says_why
    assert explained


def test_a_kong_is_explained_by_the_hand_that_waits_for_its_replacement():
    found = 0
    for _game, view in positions([f"kong{n}".encode() for n in range(12)]):
        for move in view.legal:
            if move.kind != "kong":
                continue
            tile = view.window[1] if view.window is not None else move.tile
            counts, melds = view.hand.counts.copy(), len(view.hand.melds)
            taken = 3 if view.window is not None else 4 if counts[tile] == 4 else 1
            counts[tile] -= taken
            melds += taken != 1  # a promoted pung stays one meld
            words = option_words(view, move)
            assert words.startswith(f"kong {NAMES[tile]}")
            assert f"  {words}" in hint(view).splitlines()  # the hint lists it
            now = shanten.shanten(counts, melds)
            assert (f"shanten {now}," in words) if now > 0 else ("ready" in words
                                                                or "shanten 0," in words)
            found += 1
    assert found
