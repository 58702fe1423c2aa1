"""Scenario tests of the rules engine from written positions: draws, discards, claims, kongs,
exhaustion, refusals. (Wins and the scorer's context are in test_rules_wins.py.)"""

import pytest

from mjsim.game.moves import CHOWS, DISCARDS, KONG, KONGS, PASS, PUNG, WIN, Move
from mjsim.game.rules import Rules
from mjsim.tiles.notation import parse
from mjsim.tiles.wall import Wall
from tests.helpers.positions import SEAT0, SEAT1, SEAT2, SEAT3, apply_ok, code, kinds, position

R, S3, S6, S7, M5 = 31, 20, 23, 24, 4   # red dragon, 3s, 6s, 7s, 5m


def test_a_discard_nobody_can_use_passes_to_the_next_draw():
    game = position()
    assert game.waiting_on() == [0] and game.legal(1) == []
    apply_ok(game, 0, DISCARDS[R])
    events = game.take_outcomes()
    assert kinds(events) == [(0, "discard"), (1, "drew")]
    assert events[1]["tile"] == S3 and events[1]["from"] == "wall"
    assert game.window is None and game.phase == "discard" and game.turn == 1
    assert game.drawn == S3 and game.drawn_from == "wall" and not game.replacement
    assert game.pool_of(0) == [R] and game.moves == 1
    assert DISCARDS[S3] in game.legal(1) and game.waiting_on() == [1]


def test_pung_claim_takes_the_tile_and_the_turn():
    game = position(hands=(SEAT0, SEAT1, "1589p 1589s ESWRR", SEAT3))
    apply_ok(game, 0, DISCARDS[R])
    assert game.state.shown[R] == 1
    assert game.phase == "claim" and game.turn is None
    assert game.window["may"] == {2: [PUNG]} and game.window["from"] == 0
    assert game.waiting_on() == [2]
    assert game.legal(2) == [PUNG, PASS] and game.legal(1) == [] and game.legal(3) == []
    assert code(game.apply(1, PASS)) == "not-your-turn"
    apply_ok(game, 2, PUNG)
    events = game.take_outcomes()
    assert kinds(events)[-1] == (2, "pung") and events[-1]["from"] == 0
    assert game.pool_of(0) == []                     # a claimed tile leaves the pool
    assert game.state.shown[R] == 3                  # face up in the pung instead
    meld = game.hand_of(2).melds[0]
    assert (meld.kind, meld.tiles, meld.claimed, meld.source) == ("pung", (R,) * 3, R, 0)
    assert game.turn == 2 and game.claimed_this_turn and game.drawn is None
    assert all(m.kind == "discard" for m in game.legal(2))


def test_passing_a_pung_lets_the_next_seat_draw():
    game = position(hands=(SEAT0, SEAT1, "1589p 1589s ESWRR", SEAT3))
    apply_ok(game, 0, DISCARDS[R])
    apply_ok(game, 2, PASS)
    assert kinds(game.take_outcomes())[-2:] == [(2, "pass"), (1, "drew")]
    assert game.turn == 1 and game.pool_of(0) == [R]


def test_kong_claim_draws_a_replacement_from_the_back():
    game = position(hands=(SEAT0, SEAT1, "1589p 1589s EWRRR", SEAT3))
    apply_ok(game, 0, DISCARDS[R])
    assert game.legal(2) == [PUNG, KONG, PASS]
    apply_ok(game, 2, KONG)
    events = game.take_outcomes()
    assert kinds(events)[-2:] == [(2, "kong"), (2, "drew")]
    assert events[-1]["tile"] == S7 and events[-1]["from"] == "back"
    assert game.turn == 2 and game.drawn == S7 and game.drawn_from == "back"
    assert game.replacement and not game.claimed_this_turn
    assert game.hand_of(2).melds[0].tiles == (R,) * 4
    assert game.wall.order == tuple(parse("3s 4s"))


def test_chow_only_for_the_next_seat():
    game = position()
    apply_ok(game, 0, DISCARDS[M5])
    assert game.window["may"] == {1: [CHOWS[3]]}
    apply_ok(game, 1, Move("chow", tiles=(5, 3, 4)))  # any order names the same chow
    meld = game.hand_of(1).melds[0]
    assert (meld.kind, meld.tiles, meld.claimed, meld.source) == ("chow", (3, 4, 5), M5, 0)
    assert game.turn == 1 and game.claimed_this_turn


SEAT3_PUNG = "4556m 1589p EWNGB"                # holds 55m: may pung a 5m, also has 46m


def test_a_pung_beats_a_chow_lodged_first():
    game = position(hands=(SEAT0, SEAT1, SEAT2, SEAT3_PUNG))
    apply_ok(game, 0, DISCARDS[M5])
    assert game.window["may"] == {1: [CHOWS[3]], 3: [PUNG]}
    assert game.waiting_on() == [1, 3]
    assert code(game.apply(3, CHOWS[3])) == "chow-not-next"
    apply_ok(game, 1, CHOWS[3])
    assert game.waiting_on() == [3] and game.phase == "claim"
    assert code(game.apply(1, PASS)) == "already-answered"
    apply_ok(game, 3, PUNG)
    assert game.turn == 3 and game.hand_of(3).melds[0].kind == "pung"
    assert game.hand_of(1).melds == ()


def test_a_kong_claim_beats_a_chow_lodged_first():
    game = position(hands=(SEAT0, SEAT1, SEAT2, "555m 1589p EWNGB 4s"))
    apply_ok(game, 0, DISCARDS[M5])
    assert game.window["may"] == {1: [CHOWS[3]], 3: [PUNG, KONG]}
    apply_ok(game, 1, CHOWS[3])
    assert game.waiting_on() == [3]
    apply_ok(game, 3, KONG)
    assert game.turn == 3 and game.hand_of(3).melds[0].tiles == (M5,) * 4
    assert game.drawn_from == "back" and game.hand_of(1).melds == ()


def test_a_lodged_pung_closes_the_window_on_a_moot_chow():
    game = position(hands=(SEAT0, SEAT1, SEAT2, SEAT3_PUNG))
    apply_ok(game, 0, DISCARDS[M5])
    apply_ok(game, 3, PUNG)                          # seat 1 never answers: nothing it has wins
    assert game.waiting_on() == [3] and game.turn == 3 and game.phase == "discard"
    assert kinds(game.take_outcomes())[-2:] == [(3, "claim"), (3, "pung")]


def test_a_chow_goes_through_when_the_pung_passes():
    game = position(hands=(SEAT0, SEAT1, SEAT2, SEAT3_PUNG))
    apply_ok(game, 0, DISCARDS[M5])
    apply_ok(game, 3, PASS)
    assert game.waiting_on() == [1]
    apply_ok(game, 1, CHOWS[3])
    assert game.turn == 1 and game.hand_of(1).melds[0].kind == "chow"


def test_claim_refusals_in_a_window():
    game = position(hands=(SEAT0, SEAT1, SEAT2, SEAT3_PUNG))
    apply_ok(game, 0, DISCARDS[M5])
    assert code(game.apply(1, CHOWS[4])) == "cannot-claim"          # 567m: no 6m and 7m
    assert code(game.apply(1, CHOWS[0])) == "bad-chow"              # 123m holds no 5m
    assert code(game.apply(1, Move("chow"))) == "bad-chow"
    assert code(game.apply(1, PUNG)) == "cannot-claim"
    assert code(game.apply(1, KONG)) == "cannot-claim"
    assert code(game.apply(1, WIN)) == "not-complete"
    assert code(game.apply(1, DISCARDS[5])) == "window-open"
    assert code(game.apply(1, KONGS[5])) == "window-open"
    assert code(game.apply(1, Move("pung", tile=M5))) == "bad-move"
    assert code(game.apply(1, Move("pass", tiles=(1,)))) == "bad-move"
    assert code(game.apply(0, PASS)) == "not-your-turn"             # the discarder is not asked
    assert code(game.apply(2, PASS)) == "not-your-turn"             # nothing to claim: not asked


def test_concealed_kong_and_its_replacement():
    hands = ("RRRR 1589p 1589s ES", SEAT1, "1589p 1589s ESWNB", SEAT3)
    game = position(hands=hands)
    assert KONGS[R] in game.legal(0)
    apply_ok(game, 0, KONGS[R])
    events = game.take_outcomes()
    assert kinds(events) == [(0, "kong"), (0, "drew")] and events[0]["how"] == "concealed"
    assert game.hand_of(0).melds[0].concealed and game.hand_of(0).is_concealed
    assert game.state.shown[R] == 0                  # face down
    assert game.turn == 0 and game.drawn == S7 and game.replacement
    assert KONGS[R] not in game.legal(0)


def test_a_copy_face_up_miscounted_breaks_the_invariants():
    game = position(pools=["", "", "7m 3p", ""])
    assert [game.state.shown[k] for k in (6, 11)] == [1, 1] and sum(game.state.shown) == 2
    game.state.shown[6] += 1
    assert game.check_invariants() == ["1 copies of 7m face up, not 2"]


def test_no_kong_with_an_empty_wall():
    game = position(hands=("RRRR 1589p 1589s ES", SEAT1, SEAT2, SEAT3), wall="")
    assert KONGS[R] not in game.legal(0)
    assert code(game.apply(0, KONGS[R])) == "wall-empty"


def test_promoted_kong_without_a_robber_is_performed():
    game = position(hands=("pung(RRR) R 1589p 1589s ES", SEAT1, SEAT2, SEAT3))
    assert KONGS[R] in game.legal(0) and game.state.shown[R] == 3
    apply_ok(game, 0, KONGS[R])
    assert game.state.shown[R] == 4
    events = game.take_outcomes()
    assert kinds(events) == [(0, "promote"), (0, "kong"), (0, "drew")]
    assert events[1]["how"] == "promoted"
    meld = game.hand_of(0).melds[0]
    assert meld.kind == "kong" and not meld.concealed
    assert game.turn == 0 and game.replacement and game.drawn == S7


def test_no_kong_in_a_turn_reached_by_a_claim():
    # Seat 2 pungs the red dragon holding three of it and four 9m: neither kong is allowed now.
    game = position(hands=(SEAT0, SEAT1, "9999m 1589p EWRRR", SEAT3))
    apply_ok(game, 0, DISCARDS[R])
    apply_ok(game, 2, PUNG)
    legal = game.legal(2)
    assert KONGS[8] not in legal and KONGS[R] not in legal and WIN not in legal
    assert code(game.apply(2, KONGS[8])) == "kong-after-claim"
    assert code(game.apply(2, KONGS[R])) == "kong-after-claim"
    assert code(game.apply(2, WIN)) == "win-after-claim"


def test_turn_refusals_change_nothing():
    game = position()
    before = game.to_string()
    assert code(game.apply(1, DISCARDS[R])) == "not-your-turn"
    assert code(game.apply(0, DISCARDS[0])) == "tile-not-held"
    for bad in (-1, 34, 41, 99):
        assert code(game.apply(0, Move("discard", tile=bad))) == "tile-not-held"
        assert code(game.apply(0, Move("kong", tile=bad))) == "tile-not-held"
    assert code(game.apply(0, Move("discard"))) == "bad-move"
    assert code(game.apply(0, Move("kong"))) == "bad-move"
    assert code(game.apply(0, Move("win", tile=M5))) == "bad-move"
    assert code(game.apply(0, KONGS[M5])) == "no-kong"
    assert code(game.apply(0, WIN)) == "not-complete"
    for claim in (PASS, PUNG, CHOWS[3]):
        assert code(game.apply(0, claim)) == "no-window"
    assert game.to_string() == before and game.take_outcomes() == [] and game.moves == 0


def test_programmer_errors_raise():
    game = position()
    with pytest.raises(ValueError):
        game.apply(4, DISCARDS[R])
    with pytest.raises(TypeError):
        game.apply(0, "discard")
    with pytest.raises(ValueError):
        game.legal(-1)


def test_a_flower_during_a_kong_replacement_is_replaced_again():
    game = position(hands=("RRRR 1589p 1589s ES", SEAT1, SEAT2, SEAT3), wall="3s 4s 7s F1")
    apply_ok(game, 0, KONGS[R])
    events = game.take_outcomes()
    assert kinds(events) == [(0, "kong"), (0, "flower"), (0, "drew")]
    assert events[1]["tile"] == 34 and events[1]["from"] == "back"
    assert game.hand_of(0).flowers == (34,) and game.drawn == S7 and game.replacement


def test_the_last_tile_is_drawable_and_its_discard_claimable_for_a_win_only():
    # Seat 2 holds a pair of 3s; seat 1 draws the wall's last tile, a 3s, and lets it go.
    game = position(hands=(SEAT0, SEAT1, "1589p 1589s 33s ESW", SEAT3), wall="3s")
    apply_ok(game, 0, DISCARDS[R])
    assert game.turn == 1 and game.last_draw_emptied and len(game.wall) == 0
    assert all(m.kind == "discard" for m in game.legal(1))      # no kong with an empty wall
    apply_ok(game, 1, DISCARDS[S3])
    assert game.last_discard_is_last
    events = game.take_outcomes()
    assert kinds(events)[-4:] == [(1, "discard"), ("sys", "exhausted"), ("sys", "settle"),
                                  ("sys", "end")]
    assert game.phase == "finished" and game.status == "finished"


def test_exhaustion_settles_nothing_and_ends_a_one_hand_position():
    game = position(wall="", totals=[5, -5, 3, -3])
    apply_ok(game, 0, DISCARDS[R])
    assert game.result == "draw" and game.winner is None
    record = game.history[-1]
    assert record["deltas"] == [0, 0, 0, 0] and record["totals"] == [5, -5, 3, -3]
    assert game.waiting_on() == [] and not game.is_active
    assert game.legal(0) == []
    assert code(game.apply(0, DISCARDS[R])) == "game-over"
    assert kinds(game.take_outcomes())[-1] == ("sys", "end")


def test_a_flower_drawn_with_nothing_behind_it_exhausts():
    game = position(wall="F2")
    apply_ok(game, 0, DISCARDS[R])
    assert kinds(game.take_outcomes())[1:3] == [(1, "flower"), ("sys", "exhausted")]
    assert game.hand_of(1).flowers == (35,) and game.result == "draw"


def test_the_deal():
    game = Rules(seed=b"deal")
    events = game.take_outcomes()
    deal = events[0]
    assert deal["kind"] == "deal" and deal["hand_no"] == 1 and deal["dealer"] == 0
    assert [len(tiles) for tiles in deal["hands"]] == [14, 13, 13, 13]
    flowers = [e for e in events if e["kind"] == "flower"]
    replacements = [e for e in events if e["kind"] == "drew"]
    assert sum(len(game.hand_of(s).flowers) for s in range(4)) == len(flowers)
    assert len(replacements) == len(flowers) and all(e["from"] == "back" for e in replacements)
    assert [game.hand_of(s).size for s in range(4)] == [14, 13, 13, 13]
    assert game.waiting_on() == [0] and game.drawn is not None
    assert game.check_invariants() == []


def test_a_deal_with_flowers_replaces_each_from_the_back():
    seed = next(s for s in range(100)
                if any(e["kind"] == "flower" for e in Rules(seed=s).take_outcomes()))
    game = Rules(seed=seed)
    events = game.take_outcomes()
    full = list(Wall(game.seed, 1).order)
    dealt = events[0]["hands"]
    assert sorted(t for tiles in dealt for t in tiles) == sorted(full[:53])
    back = [e["tile"] for e in events[1:] if e["from"] == "back"]
    assert back and back == full[::-1][:len(back)]
    assert list(game.wall.order) == full[53:len(full) - len(back)]
    for seat in range(4):
        assert not any(t >= 34 for t in game.hand_of(seat).tiles())


def test_dealer_and_winds_follow_the_hand_number():
    game = position(hand_no=6, hands=(SEAT1, SEAT0, SEAT2, SEAT3))
    assert game.dealer == 1 and game.prevalent == 1 and game.round == 2
    assert [game.seat_wind(s) for s in range(4)] == [3, 0, 1, 2]
    assert game.next_seat(3) == 0


@pytest.mark.parametrize(("change", "message"), [
    ({"colour": 1}, "unknown"),
    ({"hands": [SEAT1, SEAT1, SEAT2, SEAT3]}, "fourteen"),
    ({"wall": "RRRR"}, "copies"),
    ({"drawn": 0}, "drawn"),
    ({"dealer": 2, "hand_no": 1}, "deal"),
    ({"drawn": 99}, "drawn"),
    ({"claimed_this_turn": True, "drawn": 4}, "claim"),
    ({"totals": [1, 0, 0, 0]}, "totals"),
    ({"hands": None}, "needs its 'hands'"),  # was KeyError 'hands'
])
def test_bad_positions_raise(change, message):
    spec = {"hands": [SEAT0, SEAT1, SEAT2, SEAT3], "wall": "3s", **change}
    spec = {key: value for key, value in spec.items() if value is not None}
    with pytest.raises(ValueError, match=message):
        Rules.from_position(spec)


def test_to_string_and_last_event_for_views():
    game = position()
    apply_ok(game, 0, DISCARDS[R])
    text = game.to_string()
    for seat in range(4):
        assert str(game.hand_of(seat)) in text
    assert "1 S:" in text and " | R" in text          # seat 1 is South; seat 0 discarded R
    events = game.take_outcomes()
    assert game.last == events[-1] and game.take_outcomes() == []
    assert game.last == events[-1]
