"""The view a seat may read: what it shows, what it shares, and that it cannot cheat."""

import hashlib

import pytest

from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.players import Rung
from mjsim.players.rungs import best
from mjsim.players.view import HIDDEN_KONG, WindowView, view_of
from mjsim.tiles.hand import Hand
from mjsim.tiles.notation import print_hand

LINEUP = [Rung(3), Rung(2), Rung(1), Rung(3)]


def played(seed, moves):
    """A game after ``moves`` bot moves (or where the hand ends, if sooner)."""
    game = Rules(seed, hand_no=1, last_hand=1)
    for _ in range(moves):
        if not game.waiting_on():
            break
        seat = game.waiting_on()[0]
        assert game.apply(seat, LINEUP[seat].act(view_of(game, seat))) is True
    return game


def test_a_view_shares_the_engines_state_instead_of_copying_it():
    """All but the seat's own counts, which are a row of the four seats' block in the engine
    (tests/players/test_view_privacy.py shows why that row is copied)."""
    game = played(b"share", 30)
    seat = game.waiting_on()[0]
    view = view_of(game, seat)
    assert view.hand == game.hands[seat] and view.hand.melds is game.hands[seat].melds
    assert view.hand.counts.base is None and view.pools is game.pools
    assert view.wall == len(game.wall) and view.hand_no == 1
    assert view.seat_wind == game.seat_wind(seat) and view.prevalent == game.prevalent
    assert list(view.legal) == game.legal(seat)


def test_unseen_counts_what_the_seat_cannot_see():
    game = played(b"unseen", 40)
    for seat in range(4):
        view = view_of(game, seat)
        for kind in range(34):
            elsewhere = sum(int(h.counts[kind]) + sum(m.tiles.count(kind) for m in h.melds
                                                      if m.concealed)
                            for s, h in enumerate(game.hands) if s != seat)
            assert view.unseen[kind] == elsewhere + game.wall.order.count(kind)


def test_another_seats_concealed_kong_shows_as_a_kong_with_no_tiles():
    hands = ["123m 456p 789s 11s 23m 9p", "ckong(RRRR) 19m 19p 19s EWN B", "2468m 2468p 2468s 5p",
             "1357m 1357p 1357s 5s"]
    game = Rules.from_position({"hands": hands, "wall": "GG"})
    assert view_of(game, 0).exposed[1] == (HIDDEN_KONG,)
    assert view_of(game, 1).exposed[1] == game.hands[1].melds
    assert view_of(game, 0).unseen[31] == 4
    # the same table with a concealed kong of green instead: seat 0 sees no difference
    other = Rules.from_position({"hands": [hands[0], "ckong(GGGG) 19m 19p 19s EWN B", *hands[2:]],
                                 "wall": "RR"})
    assert view_of(game, 0) == view_of(other, 0)


def test_the_window_shows_its_tile_and_source_but_not_who_else_may_claim():
    game = Rules.from_position({"hands": ["123m 456p 789s 11s 2m 9p R", "RR 19m 9p 19p 19s EWN B",
                                          "R 2468m 2468p 2468s", "1357m 1357p 1357s 5s"],
                                "wall": "GG 3s"})
    assert game.apply(0, Move("discard", tile=31)) is True
    view = view_of(game, 1)
    assert view.window == WindowView("discard", 31, 0)
    assert not hasattr(view, "may")


def _hidden_shuffled(game, seat, salt):
    """The same table for ``seat``: other seats' concealed tiles and the wall redealt."""
    others = [s for s in range(4) if s != seat]
    hidden = [k for s in others for k in game.hands[s].tiles()] + list(game.wall.order)
    # Playing tiles trade places; the wall's flowers stay where they are.
    places = [i for i, k in enumerate(hidden) if k < 34]
    shuffled = sorted(places, key=lambda i: hashlib.blake2b(b"%s%d" % (salt, i)).digest())
    values = [hidden[i] for i in shuffled]
    for i, k in zip(places, values):
        hidden[i] = k
    hands = []
    for s, hand in enumerate(game.hands):
        if s == seat:
            hands.append(print_hand(hand))
            continue
        size = hand.concealed_count
        mixed = Hand(hidden[:size], hand.melds, hand.flowers)
        hidden = hidden[size:]
        hands.append(print_hand(mixed))
    return hands, hidden


def _position(game, hands, wall, seat):
    # Only the seat on turn knows what it drew; for the others the drawn tile is left out.
    return Rules.from_position({
        "hands": hands, "wall": wall, "turn": game.turn, "pools": game.pools,
        "hand_no": game.hand_no, "drawn": game.drawn if seat == game.turn else None,
        "seed": game.seed,
        "claimed_this_turn": game.claimed_this_turn})


@pytest.mark.parametrize("seed", [b"cheat-1", b"cheat-2", b"cheat-3"])
@pytest.mark.parametrize("moves", [0, 20, 45])
def test_a_seat_cannot_tell_tables_that_differ_only_in_what_it_cannot_see(seed, moves):
    game = played(seed, moves)
    while game.phase != "discard":   # written positions stand at a seat's turn
        seat = game.waiting_on()[0]
        game.apply(seat, LINEUP[seat].act(view_of(game, seat)))
    assert game.status == "active", "the seeds are chosen so the hand goes on"
    for seat in range(4):
        hands, wall = _hidden_shuffled(game, seat, seed)
        ours = _position(game, [print_hand(h) for h in game.hands], list(game.wall.order), seat)
        theirs = _position(game, hands, wall, seat)
        assert [print_hand(h) for h in theirs.hands] != [print_hand(h) for h in ours.hands]
        mine, seen = view_of(ours, seat), view_of(theirs, seat)
        assert mine == seen
        for level in (1, 2, 3):
            assert best(mine, level) == best(seen, level)


def test_a_view_holds_no_seed_and_no_move_count():
    """A seed and a hand number rebuilt every deal and the whole wall (Wall(view.seed,
    view.hand_no).order), and the move count counted the passes of seats that could claim."""
    view = view_of(played(b"rebuild", 10), 0)
    assert not hasattr(view, "seed") and not hasattr(view, "moves")
    assert view.hand_no == 1  # public: the screen says "hand 1/16"


def test_the_ruleset_is_parsed_once_a_game_not_once_a_decision(monkeypatch):
    """The engine parses the ruleset as it sets up; its views carry the index, and the rungs
    and the scorer read that, so a game's decisions and wins parse no ruleset name."""
    import mjsim.players.view as view_module
    import mjsim_core.score as kernel
    from mjsim.game.settings import Settings
    from mjsim.players.driver import play

    parses, scored = [], []
    real, real_score = view_module.parse_ruleset, kernel.score_win
    monkeypatch.setattr(view_module, "parse_ruleset",
                        lambda name: parses.append(name) or real(name))
    monkeypatch.setattr(kernel, "score_win",
                        lambda hand, ctx, ruleset, cls: scored.append(ruleset)
                        or real_score(hand, ctx, ruleset, cls))
    game = play("parsed-once", [Rung(4), Rung(3), Rung(2), Rung(1)],
                settings=Settings("gb-mahjong"), last_hand=4)
    assert game.moves > 80 and game.ruleset_index == 1
    assert parses == []
    # Every win the engine weighs is scored under the index it holds, not the name again.
    assert scored and set(scored) == {1}
    # A view made by hand, with no index given, parses its ruleset's name.
    view = view_of(game, 0)
    assert view.ruleset_index == 1
    hand_made = view_module.View(seat=0, hand=Hand(), pools=((),) * 4, exposed=((),) * 4,
                                 wall=0, dealer=0, prevalent=0, ruleset="gb-mahjong")
    assert hand_made.ruleset_index == 1 and parses == ["gb-mahjong"]
