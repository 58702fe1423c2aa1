"""The tracker: a Botzone seat's requests rebuilt as the View mjsim's engine would give it.

Each scenario is written as Botzone's protocol page writes requests, and the same position is
set up in the engine (:meth:`Rules.from_position`), whose legal moves, hand, melds, pools and
window the tracker must give back, in the engine's order.
"""

import pytest

from mjsim.game.moves import CHOWS, DISCARDS, KONG, KONGS, PASS, PUNG, WIN
from mjsim.game.rules import Rules
from mjsim.players.botzone.tracker import Tracker
from mjsim.players.view import HIDDEN_KONG, WindowView, view_of
from mjsim.tiles.botzone import kind_of
from mjsim.tiles.meld import Meld
from tests.helpers.botzone_record import records
from tests.helpers.botzone_scenes import CLAIM, ROB, ROB_REQUESTS, allowed, names, seat_answers

RECORDED = records()


def fed(seat, *requests, answers=None):
    """A tracker for ``seat`` fed request 0, then ``requests`` (with the seat's answers)."""
    tracker = Tracker()
    tracker.feed(f"0 {seat} 0")
    for request in requests:
        tracker.feed(request)
        if answers and request in answers:
            tracker.answered(answers[request])
    return tracker


def engine(hands, wall, **position):
    return Rules.from_position({"hands": hands, "wall": wall, "ruleset": "gb-mahjong",
                                **position})


def same_as_engine(view, game, seat):
    """The fields a Botzone seat can know, equal to the engine's view of the seat."""
    theirs = view_of(game, seat)
    assert view.hand == theirs.hand
    assert view.exposed == tuple(tuple(m) for m in theirs.exposed)
    assert view.pools == tuple(tuple(p) for p in theirs.pools)
    assert (view.phase, view.drawn, view.window) == (theirs.phase, theirs.drawn, theirs.window)
    assert list(view.legal) == list(theirs.legal)
    assert (view.hand_no, view.dealer) == (theirs.hand_no, theirs.dealer)


# A turn of seat 0 with four W1 (a concealed kong), its replacement from the back.
TURN = ["1111234m 567p 22s R E", "56789m 123p 345s EE", "99m 99p 99s 789s SS WW",
        "567m 888p 666s NN GG"]
TURN_DEAL = "1 0 0 0 0 " + names("1111234m 567p 22s R")


def test_a_draw_lists_the_discards_then_the_kong_as_the_engine_does():
    tracker = fed(0, TURN_DEAL, "2 F1")
    game = engine(TURN, "1p 2p 5s", drawn=kind_of("F1"))
    view = tracker.view()
    same_as_engine(view, game, 0)
    assert view.legal[-1] == KONGS[0] and view.seat_wind == 0 and view.wall == 136 - 52 - 1
    tracker.answered("PLAY J1")
    tracker.feed("3 0 PLAY J1")
    assert game.apply(0, DISCARDS[kind_of("J1")]) is True
    assert tracker.view().pools == ((kind_of("J1"),), (), (), ())
    assert tracker.view().legal == [] and tracker.view().window == WindowView("discard", 31, 0)


def test_a_concealed_kong_takes_its_tile_from_the_seats_answer_and_others_see_it_hidden():
    tracker = fed(0, TURN_DEAL, "2 F1", answers={"2 F1": "GANG W1"})
    events = tracker.feed("3 0 GANG")
    assert events == [{"actor": 0, "kind": "kong", "tile": 0, "how": "concealed"}]
    assert tracker.feed("2 T5") == [{"actor": 0, "kind": "drew", "tile": 22, "from": "back"}]
    game = engine(TURN, "1p 2p 5s", drawn=kind_of("F1"))
    assert game.apply(0, KONGS[0]) is True
    same_as_engine(tracker.view(), game, 0)
    other = fed(1, "1 0 0 0 0 " + names(TURN[1]), "3 0 DRAW")
    assert other.feed("3 0 GANG") == [{"actor": 0, "kind": "kong", "tile": None,
                                       "how": "concealed"}]
    with pytest.raises(ValueError, match="seat 0 plays W1 out of turn: seat 0 is to draw"):
        other.feed("3 0 PLAY W1")  # its replacement first
    other.feed("3 0 DRAW")
    assert other.view().exposed[0] == (HIDDEN_KONG,) == view_of(game, 1).exposed[0]


def claim_game():
    game = engine(CLAIM, "9s 9s 3s")
    assert game.apply(0, DISCARDS[kind_of("B5")]) is True
    return game


def test_a_discard_lists_the_pung_and_the_chows_in_the_engines_order():
    tracker = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW", "3 0 PLAY B5")
    view = tracker.view()
    assert view.legal == [PUNG, CHOWS[11], CHOWS[12], CHOWS[13], PASS]
    same_as_engine(view, claim_game(), 1)


@pytest.mark.parametrize("claim", [PUNG, CHOWS[11], CHOWS[12], CHOWS[13]])
def test_the_view_after_a_claim_is_the_engines_turn_after_it(claim):
    tracker = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW", "3 0 PLAY B5")
    game = claim_game()
    assert game.apply(1, claim) is True
    after = tracker.after_claim(claim)
    same_as_engine(after, game, 1)
    assert after.pools[0] == () and tracker.view().pools[0] == (13,)  # the view is untouched


def test_a_pung_then_discard_moves_the_tile_from_the_pool_into_the_meld():
    requests = ["3 0 DRAW", "3 0 PLAY B5", "3 1 PENG F4"]
    own = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), *requests)
    third = fed(3, "1 0 0 0 0 " + names(CLAIM[3]), *requests)
    game = claim_game()
    assert game.apply(1, PUNG) is True and game.apply(1, DISCARDS[kind_of("F4")]) is True
    same_as_engine(own.view(), game, 1)
    same_as_engine(third.view(), game, 3)
    assert third.view().legal == [PUNG, PASS]
    assert third.view().exposed[1] == (Meld.pung(13, claimed=13, source=0),)


def test_a_chow_answer_is_an_event_and_the_chow_a_meld_of_the_discard():
    tracker = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW", "3 0 PLAY B5")
    tracker.answered("CHI B5 F4")
    events = tracker.feed("3 1 CHI B5 F4")
    assert events == [{"actor": 1, "kind": "claim", "claim": "chow", "tile": 13,
                       "tiles": [12, 13, 14]},
                      {"actor": 1, "kind": "chow", "tile": 13, "tiles": [12, 13, 14], "from": 0},
                      {"actor": 1, "kind": "discard", "tile": 30}]
    game = claim_game()
    assert game.apply(1, CHOWS[12]) is True and game.apply(1, DISCARDS[30]) is True
    same_as_engine(tracker.view(), game, 1)


def test_a_bugang_opens_a_rob_window_and_a_waiting_seat_may_rob_it():
    tracker = fed(2, *ROB_REQUESTS)
    view = tracker.view()
    assert view.phase == "rob" and view.window == WindowView("rob", 22, 0)
    assert view.legal == [WIN, PASS]
    game = engine(ROB, "1m 1m 2p", drawn=22)
    assert game.apply(0, KONGS[22]) is True
    assert list(view.legal) == game.legal(2) and view.window == view_of(game, 2).window
    assert view.exposed[0] == (Meld.pung(22, claimed=22, source=1),)  # not promoted yet


def test_an_unrobbed_bugang_becomes_a_kong_keeping_its_claim():
    tracker = fed(2, *ROB_REQUESTS, "3 0 DRAW")
    assert tracker.view().exposed[0] == (Meld.kong(22, claimed=22, source=1),)


def test_a_discard_of_the_waited_tile_by_the_seat_before_is_a_win_or_a_chow():
    tracker = fed(2, *ROB_REQUESTS[:5])
    assert tracker.view().legal == [WIN, CHOWS[21], PASS]


def test_flowers_at_the_deal_and_buhua_count_and_use_the_wall():
    tracker = fed(1, "1 1 0 0 2 " + names(CLAIM[1]) + " H1 H8 H3")
    assert tracker.view().flowers == ((34,), (), (), (36, 41)) and tracker.view().wall == 144 - 55
    events = tracker.feed("3 0 BUHUA H5")
    assert events == [{"actor": 0, "kind": "flower", "tile": 38, "from": "wall"}]
    events = tracker.feed("3 0 BUHUA H6")  # the replacement was a flower too
    assert events == [{"actor": 0, "kind": "flower", "tile": 39, "from": "back"}]
    assert tracker.feed("3 0 DRAW") == [{"actor": 0, "kind": "drew", "tile": None,
                                          "from": "back"}]
    assert tracker.view().flowers[0] == (34, 38, 39) and tracker.view().wall == 144 - 58


def test_own_flowers_are_the_hands():
    tracker = fed(0, "1 1 0 0 0 " + names(CLAIM[1]) + " H2", "3 0 BUHUA H6")
    assert tracker.view().hand.flowers == (35, 39)


@pytest.mark.parametrize("request_, problem", [
    ("2 X9", "not a Botzone tile name"), ("3 0 FOO", "no action 'FOO'"),
    ("2 H1", "a flower, not a playing tile"), ("1 0 0 0 0 W1 W2", "13 tiles"),
    ("7", "no request '7'"), ("7 W1", "no request '7' has 2 words"),
    ("3 0", "no request '3' has 2 words"), ("3 4 DRAW", "seat 4 is not 0-3"),
    ("3 -1 DRAW", "seat -1 is not 0-3"),
    ("1 1 0 0 0 " + names(CLAIM[1]) + " W1", "not a flower"),
    ("3 1 BUHUA W1", "not a flower"), ("3 1 PENG W1", "no discard before it"),
    ("1 1 0 0 0 " + names(CLAIM[1]), "13 tiles and the flowers"),  # a flower counted, not shown
    ("3 0 DRAW W1", "no action 'DRAW' with 1 more"), ("3 0 BUHUA", "no action 'BUHUA' with 0"),
    ("3 0 PLAY W1 W2", "no action 'PLAY' with 2 more"),
    ("3 1 PENG W1 W2", "no action 'PENG' with 2 more"), ("3 1 FOO W1 W2", "no action 'FOO'"),
    ("3 0 GANG W1", "no action 'GANG' with 1 more"), ("3 0 BUGANG", "no action 'BUGANG' with 0"),
    ("3 1 BUHUA H1", "seat 1 shows a flower out of turn: seat 0 is to draw")])
def test_a_malformed_request_is_refused_naming_it(request_, problem):
    # a deal is refused after a deal, so a malformed one comes first
    tracker = fed(0, *([] if request_.startswith("1 ") else ["1 0 0 0 0 " + names(CLAIM[1])]))
    with pytest.raises(ValueError, match=problem) as refusal:
        tracker.feed(request_)
    assert repr(request_) in str(refusal.value)


@pytest.mark.parametrize("request_", ["2 W1", "1 0 0 0 0 " + names(CLAIM[1])])
def test_requests_before_the_seat_is_known_are_refused(request_):
    with pytest.raises(ValueError, match=r"request 0 \(the seat\) has not come"):
        Tracker().feed(request_)


@pytest.mark.parametrize("record", RECORDED, ids=lambda r: r.name[:2])
def test_the_judge_accepts_exactly_the_answers_the_tracker_finds_legal(record):
    """Botzone's judge penalised the answers marked WA/WH and took every other one; the
    tracker's legal moves say the same, answer by answer, for every seat."""
    checked = 0
    for seat in range(4):
        tracker = Tracker()
        for answer in seat_answers(record, seat):
            tracker.feed(answer.request)
            view = tracker.view()
            assert allowed(answer.response, view) == (answer.judge is None), (answer, view.legal)
            checked += bool(view.legal)
            tracker.answered(answer.response)
    assert checked


def test_the_tracked_wall_runs_out_where_the_judge_declared_the_game_drawn():
    tracker = Tracker()
    for answer in seat_answers(RECORDED[6], 2):  # 07: HUANG with seat 2 to draw
        tracker.feed(answer.request)
        tracker.answered(answer.response)
    assert tracker.tiles == 144 and tracker.remaining(2) == 0
    assert tracker.view().wall == 144 - sum(tracker.taken) > 0


def drawn_out(seat, hand, rounds, drawn, table="botzone", flowers=(0, 0, 0, 0)):
    """A tracker at ``table`` for ``seat`` dealt ``hand`` (each seat dealt as many ``flowers``)
    after ``rounds`` go-rounds in which each seat draws and discards J3, but the seat's draw in
    the last round is ``drawn``, kept."""
    tracker = Tracker(table=table)
    dealt = " ".join(f"H{number}" for number in range(1, sum(flowers) + 1))
    for request in (f"0 {seat} 0", f"1 {' '.join(map(str, flowers))} {names(hand)} {dealt}"):
        tracker.feed(request.rstrip())
    for number in range(rounds):
        for actor in range(4):
            if actor != seat:
                tracker.feed(f"3 {actor} DRAW")
                tracker.feed(f"3 {actor} PLAY J3")
            elif number < rounds - 1:
                tracker.feed("2 J3")
                tracker.feed(f"3 {actor} PLAY J3")
            else:
                tracker.feed(f"2 {drawn}")
                return tracker
    raise AssertionError("the seat draws in every round")


# A win on B5 worth 7 (all chows, fully concealed, single wait) but for a last tile.
SEVEN = "123m 345m 456p 678s 5p"


@pytest.mark.parametrize("table, seat, rounds, flowers, win", [
    ("botzone", 3, 20, (0, 0, 0, 0), False),
    ("botzone", 3, 21, (0, 0, 0, 0), True),  # the dealer's quarter of 34 is empty
    ("botzone", 0, 21, (0, 2, 0, 0), False),
    ("botzone", 0, 22, (0, 2, 0, 0), True),  # seat 1's quarter of 36 is empty, not the wall
    ("mcr", 3, 22, (0, 0, 0, 0), False),
    ("mcr", 3, 23, (0, 0, 0, 0), True),  # the 144th tile
    ("mcr", 0, 22, (0, 2, 0, 0), False)])  # seat 1's quarter is used up, not the wall
def test_a_win_on_the_last_tile_has_its_eight_points(table, seat, rounds, flowers, win):
    tracker = drawn_out(seat, SEVEN, rounds, "B5", table=table, flowers=flowers)
    assert (WIN in tracker.view().legal) is win


FOUR_W1 = "111m 234m 456p 789s E"  # and W1 drawn: a concealed kong


@pytest.mark.parametrize("seat, rounds, flowers, left, kong", [
    (0, 20, (0, 0, 0, 0), (1, 2), True), (0, 21, (0, 0, 0, 0), (0, 1), False),
    (0, 21, (0, 2, 0, 0), (2, 1), True), (0, 22, (0, 2, 0, 0), (1, 0), False),
    (3, 20, (2, 0, 0, 0), (3, 1), True), (3, 21, (2, 0, 0, 0), (2, 0), False)])
def test_a_kong_needs_a_tile_in_the_drawers_quarter_and_in_the_next_seats(seat, rounds, flowers,
                                                                           left, kong):
    tracker = drawn_out(seat, FOUR_W1, rounds, "W1", flowers=flowers)
    assert (tracker.remaining(seat), tracker.remaining((seat + 1) % 4)) == left
    assert (KONGS[0] in tracker.view().legal) is kong


@pytest.mark.parametrize("seat, rounds, kong", [(0, 23, True), (2, 23, True), (3, 23, False)])
def test_at_mjsims_table_a_kong_needs_a_tile_anywhere_in_the_wall(seat, rounds, kong):
    # the wall of 144 holds the deal and 23 go-rounds: the dealer's 23rd draw has overdrawn
    # its quarter, seat 2's leaves one tile for the kong, and seat 3's is the last tile
    tracker = drawn_out(seat, FOUR_W1, rounds, "W1", table="mcr")
    assert (KONGS[0] in tracker.view().legal) is kong


def test_honours_make_no_chow_and_another_seats_turn_lists_nothing():
    # seat 1 holds S and W after seat 0's discard of E: no chow of winds
    tracker = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW")
    assert tracker.view().legal == []  # a list, as the engine's view has it
    tracker.feed("3 0 PLAY F1")
    assert tracker.view().legal == []


def test_at_mjsims_table_a_seat_overdraws_its_quarter_and_the_last_tile_empties_every_one():
    # seat 1, dealt two flowers, draws the 144th tile: seats 2 and 3 have drawn 35 of 36
    tracker = drawn_out(1, SEVEN, 23, "B5", table="mcr", flowers=(0, 2, 0, 0))
    assert tracker.taken == [36, 38, 35, 35] and tracker.view().wall == 0
    assert [tracker.remaining(seat) for seat in range(4)] == [0, 0, 0, 0]
    assert tracker.view().legal[-1] == WIN  # on the last tile
    earlier = drawn_out(1, SEVEN, 22, "B5", table="mcr", flowers=(0, 2, 0, 0))
    assert earlier.taken == [35, 37, 34, 34] and earlier.remaining(1) == 0


# Seat 1 waits on T8 (or T5, which it holds) worth 4 on a discard, 6 drawn: short of 8 but for
# the last copy's 4 points, which needs the other three face up.
T8_WAIT = "1 0 0 0 0 " + names("123m 345m 456p 55s 67s")
T8_OUT = ["3 0 DRAW", "3 0 PLAY T8", "2 J3", "3 1 PLAY J3", "3 2 DRAW", "3 2 PLAY T8"]


@pytest.mark.parametrize("requests, win", [
    (["3 3 DRAW", "3 3 PLAY T8", "3 0 DRAW", "3 0 PLAY T8"], True),
    (["3 3 DRAW", "3 3 PLAY J3", "3 0 DRAW", "3 0 PLAY T8"], False),  # one other in a pool
    (["3 3 DRAW", "3 3 PLAY T8", "3 0 DRAW", "3 0 PLAY J3", "2 T8"], True),
    (["3 3 DRAW", "3 3 PLAY J3", "3 0 DRAW", "3 0 PLAY J3", "2 T8"], False)])
def test_a_win_on_the_last_copy_of_its_tile_has_its_four_points(requests, win):
    tracker = fed(1, T8_WAIT, *T8_OUT, *requests)
    assert (WIN in tracker.view().legal) is win


def test_a_pung_of_the_tile_shows_three_copies_and_leaves_one_in_the_pools():
    tracker = fed(1, T8_WAIT, "3 0 DRAW", "3 0 PLAY T8", "3 2 PENG J3", "3 3 DRAW",
                  "3 3 PLAY J3", "3 0 DRAW", "3 0 PLAY T8")
    assert tracker.view().legal == [WIN, CHOWS[23], PASS]


# Seat 0's hand, B5 drawn: 8 points with its single wait, 7 on the dealt tiles (no wait).
EIGHT = "123m 123p 345m 678s 5p"


@pytest.mark.parametrize("table, rounds, win", [("mcr", 1, False), ("botzone", 1, True),
                                                ("mcr", 2, True)])
def test_at_mjsims_table_the_dealers_dealt_fourteen_win_with_no_wait(table, rounds, win):
    # Botzone's dealer draws its fourteenth like any tile (docs/botzone-table.md, row 7)
    assert (WIN in drawn_out(0, EIGHT, rounds, "B5", table=table).view().legal) is win


def test_at_mjsims_table_the_dealers_kong_replacement_is_not_a_dealt_tile():
    tracker = Tracker(table="mcr")
    for request in ("0 0 0", "1 0 0 0 0 " + names("1111m 345m 456p 678s"), "2 T9"):
        tracker.feed(request)
    tracker.answered("GANG W1")
    tracker.feed("3 0 GANG")
    tracker.feed("2 T9")
    assert tracker.view().legal[-1] == WIN  # out on the replacement: 8 points


@pytest.mark.parametrize("answer", ["PLAY W1", "NO PASS"])
def test_an_answer_to_a_window_that_claims_nothing_is_refused(answer):
    tracker = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW", "3 0 PLAY B5")
    with pytest.raises(ValueError, match=f"'{answer}' does not answer a window"):
        tracker.answered(answer)


def test_a_chow_answer_needs_only_its_middle_tile_to_be_heard():
    tracker = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW", "3 0 PLAY B5")
    tracker.answered("CHI B4")  # the discard after it is the next request's
    assert tracker.feed("3 1 CHI B4 F4")[0] == {"actor": 1, "kind": "claim", "claim": "chow",
                                                "tile": 13, "tiles": [11, 12, 13]}


@pytest.mark.parametrize("discard, heard", [("B5", [{"actor": 1, "kind": "pass"}]),
                                            ("F1", [])])  # seat 1 may claim B5, not E
def test_a_pass_is_an_event_only_on_a_window_the_seat_could_claim(discard, heard):
    tracker = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW", f"3 0 PLAY {discard}")
    tracker.answered("PASS")
    assert tracker.feed("2 W1") == [*heard, {"actor": 1, "kind": "drew", "tile": 0,
                                             "from": "wall"}]


AROUND = ["3 1 DRAW", "3 1 PLAY J3", "3 2 DRAW", "3 2 PLAY J3", "3 3 DRAW", "3 3 PLAY J3"]


@pytest.mark.parametrize("between, win, wall", [
    ([], True, 136 - 54), (["3 0 BUHUA H1"], False, 144 - 55),
    (["2 J3", "3 0 PLAY J3", *AROUND], False, 136 - 58)])
def test_only_the_tile_drawn_for_a_kong_is_its_replacement(between, win, wall):
    # worth 7 but for the 8 of a kong's replacement: not after a flower drawn for it (which
    # makes the wall 144), nor on the seat's next turn
    requests = ["3 0 GANG", *between, "2 T9"]
    tracker = fed(0, "1 0 0 0 0 " + names("2222m 345m 456p 678s"), "2 T9", *requests,
                  answers={"2 T9": "GANG W2"})
    assert (WIN in tracker.view().legal) is win and tracker.view().wall == wall


def test_a_bugang_out_of_turn_is_refused():
    tracker = fed(2, *ROB_REQUESTS[:7])  # seat 0 has its pung of T5, seat 1 is on turn
    with pytest.raises(ValueError, match="seat 0 promotes T5 out of turn: seat 1 is on turn"):
        tracker.feed("3 0 BUGANG T5")


def test_a_bugang_is_a_promote_then_unrobbed_a_kong_and_a_draw_from_the_back():
    tracker = fed(2, *ROB_REQUESTS[:-1])
    assert tracker.feed("3 0 BUGANG T5") == [{"actor": 0, "kind": "promote", "tile": 22}]
    assert tracker.feed("3 0 DRAW") == [
        {"actor": 0, "kind": "kong", "tile": 22, "how": "promoted"},
        {"actor": 0, "kind": "drew", "tile": None, "from": "back"}]


def test_an_own_bugang_of_a_tile_not_held_is_refused_at_once():
    tracker = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW", "3 0 PLAY B5", "3 1 PENG F4",
                  "3 2 DRAW", "3 2 PLAY W1", "3 3 DRAW", "3 3 PLAY W1", "3 0 DRAW",
                  "3 0 PLAY W1", "2 J3")
    with pytest.raises(ValueError, match="seat 1 holds no B5 for its BUGANG"):
        tracker.feed("3 1 BUGANG B5")


@pytest.mark.parametrize("request_, problem", [
    ("3 0 BUGANG W1", "seat 0 has no pung of W1 to promote"),  # its pung is of T5
    ("3 0 PLAY W1", "seat 0 plays W1 out of turn: seat 0 is to draw"),  # after its BUGANG
    ("3 0 GANG", "seat 0 declares a concealed kong out of turn: seat 0 is to draw"),
    ("3 1 PENG W1", "a claim with no discard before it")])  # a promoted tile is robbed only
def test_a_bugang_needs_a_pung_of_its_tile_and_ends_the_turn(request_, problem):
    tracker = fed(2, *ROB_REQUESTS[:-1], *(["3 0 BUGANG T5"] if "BUGANG" not in request_
                                            else []))
    with pytest.raises(ValueError, match=problem):
        tracker.feed(request_)


def test_a_bugang_of_a_chows_tile_is_refused():
    tracker = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW", "3 0 PLAY B5", "3 1 CHI B5 F4",
                  "3 2 DRAW", "3 2 PLAY W1", "3 3 DRAW", "3 3 PLAY W1", "3 0 DRAW",
                  "3 0 PLAY W1", "2 B4")
    with pytest.raises(ValueError, match="seat 1 has no pung of B4 to promote"):
        tracker.feed("3 1 BUGANG B4")  # its chow B4 B5 B6, and a B4 in hand


@pytest.mark.parametrize("requests, answer, problem", [
    (["2 F1"], "PLAY W1", "a concealed kong, but the seat answered 'PLAY W1'"),
    (["2 F1"], "GANG W2", "a concealed kong of W2, not four in hand"),
    (["2 F1"], "GANG", "a concealed kong, but the seat answered 'GANG'"),
    (["2 F1", "3 0 PLAY F1", "3 1 DRAW"], "PASS",
     "seat 0 declares a concealed kong out of turn: seat 1 is on turn")])
def test_an_own_concealed_kong_needs_the_seats_turn_and_its_gang_answer(requests, answer,
                                                                         problem):
    tracker = fed(0, TURN_DEAL, *requests)
    tracker.answered(answer)
    with pytest.raises(ValueError, match=problem):
        tracker.feed("3 0 GANG")


# the quarters of 144 less each seat's deal (13 tiles and its flowers); mcr's one wall has none
@pytest.mark.parametrize("table, parts", [("botzone", {"parts": [22, 23, 23, 21]}),
                                          ("mcr", {})])
def test_the_deal_event_has_the_seats_parts_of_the_wall_and_the_flowers_shown(table, parts):
    tracker = Tracker(table=table)
    tracker.feed("0 1 2")
    own = [kind_of(name) for name in names(CLAIM[1]).split()]
    assert tracker.feed("1 1 0 0 2 " + names(CLAIM[1]) + " H1 H8 H3") == [
        {"actor": "sys", "kind": "deal", "hand_no": 1, "dealer": 0, "prevalent": 2,
         "hands": [None, own, None, None], **parts},
        {"actor": 0, "kind": "flower", "tile": 34, "from": "deal"},
        {"actor": 3, "kind": "flower", "tile": 36, "from": "deal"},
        {"actor": 3, "kind": "flower", "tile": 41, "from": "deal"}]


def test_a_deal_of_more_flowers_than_the_wall_has_is_refused():
    with pytest.raises(ValueError, match="the seats have 9 flowers: the wall has 8"):
        fed(0, "1 3 3 3 0 " + names(CLAIM[1]) + " H1 H2 H3 H4 H5 H6 H7 H8 H1")


def test_one_seat_may_be_dealt_all_eight_flowers():
    tracker = fed(0, "1 0 8 0 0 " + names(CLAIM[1]) + " H1 H2 H3 H4 H5 H6 H7 H8")
    assert tracker.view().flowers == ((), tuple(range(34, 42)), (), ())
    assert tracker.remaining(1) == 36 - 13 - 8


def test_a_chow_of_the_last_seats_discard_is_the_dealers_alone():
    tracker = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW", "3 0 PLAY W1", "2 J3",
                  "3 1 PLAY J3", "3 2 DRAW", "3 2 PLAY W1", "3 3 DRAW", "3 3 PLAY B5")
    with pytest.raises(ValueError, match="seat 1 chows seat 3's discard: only the next seat, 0"):
        tracker.feed("3 1 CHI B5 J3")


def test_a_seat_on_turn_draws_no_second_tile():
    tracker = fed(2, "1 0 0 0 0 " + names(CLAIM[2]), "3 0 DRAW", "3 0 PLAY W1", "3 1 DRAW")
    with pytest.raises(ValueError, match="seat 1 draws out of turn: seat 1 is on turn"):
        tracker.feed("3 1 DRAW")


def test_no_draw_comes_after_the_walls_last_tile():
    tracker = drawn_out(3, SEVEN, 21, "J3")  # the 136th tile
    tracker.feed("3 3 PLAY J3")
    with pytest.raises(ValueError, match="more than the 136 tiles of the wall are drawn"):
        tracker.feed("3 0 DRAW")


def test_the_draw_after_a_kongs_replacement_is_from_the_wall_again():
    tracker = fed(0, TURN_DEAL, "2 F1", "3 0 GANG", "2 T5", "3 0 PLAY T5", *AROUND,
                  answers={"2 F1": "GANG W1"})
    assert tracker.feed("2 J2") == [{"actor": 0, "kind": "drew", "tile": 32, "from": "wall"}]


CLAIM_1 = ["1 0 0 0 0 " + names(CLAIM[1]), "3 0 DRAW"]


@pytest.mark.parametrize("seat, requests, move", [
    (1, [*CLAIM_1, "3 0 PLAY B5"], KONG),  # seat 1 holds two B5: a pung, no kong
    (1, [*CLAIM_1, "3 0 PLAY B5"], WIN),
    (1, CLAIM_1, PUNG),  # no window open
    (2, ROB_REQUESTS, PUNG)])  # a promoted tile
def test_after_claim_is_refused_for_anything_but_a_pung_or_chow_of_a_discard(seat, requests,
                                                                               move):
    tracker = fed(seat, *requests)
    with pytest.raises(ValueError, match="does not claim a discard"):
        tracker.after_claim(move)


@pytest.mark.parametrize("request_, problem", [("0 4 0", "not 4 and 0"), ("0 1 4", "not 1 and 4"),
                                               ("0 -1 0", "not -1 and 0"),
                                               ("0 1 -1", "not 1 and -1")])
def test_request_0_names_a_seat_and_a_wind_0_3(request_, problem):
    with pytest.raises(ValueError, match=f"the seat and the wind are 0-3, {problem}"):
        Tracker().feed(request_)


@pytest.mark.parametrize("request_, message", [
    ("0 \u0661 0", "Botzone request 0 '0 \u0661 0': '\u0661' is not a number"),  # int() reads 1
    ("0 0000001 0", "Botzone request 0 '0 0000001 0': '0000001' is out of range"),
    ("0 " + "9" * 50 + " 0", (f"Botzone request 0 '0 {'9' * 50} 0': '{'9' * 40}... (50 "
                              "characters)' is out of range")),
])
def test_a_number_in_a_request_is_ascii_digits_six_at_most(request_, message):
    with pytest.raises(ValueError) as caught:
        Tracker().feed(request_)
    assert str(caught.value) == message
    Tracker().feed("0 000001 0")  # six digits are a number


@pytest.mark.parametrize("before, request_", [([], "0 1"), ([], "0 1 0 0"), (["0 1 0"], "0 2 0")])
def test_request_0_is_three_words_and_comes_once_first(before, request_):
    tracker = Tracker()
    for request in before:
        tracker.feed(request)
    with pytest.raises(ValueError, match="request 0 is '0 seat quan' and comes first"):
        tracker.feed(request_)


@pytest.mark.parametrize("discard, chow, problem", [
    ("F1", "CHI F2 W1", "no chow with the middle tile F2 holds the discard F1"),
    ("W2", "CHI W1 F4", "no chow with the middle tile W1 holds the discard W2"),
    ("W8", "CHI W9 F4", "no chow with the middle tile W9 holds the discard W8")])
def test_a_chow_whose_middle_tile_cannot_be_one_is_refused(discard, chow, problem):
    tracker = fed(2, "1 0 0 0 0 " + names(CLAIM[2]), "3 0 DRAW", f"3 0 PLAY {discard}")
    with pytest.raises(ValueError, match=problem):
        tracker.feed(f"3 1 {chow}")


def test_an_own_pung_of_a_tile_held_once_is_refused_naming_the_count():
    tracker = fed(1, *CLAIM_1, "3 0 PLAY B3")
    with pytest.raises(ValueError, match="seat 1 holds only 1 B3 for its pung, which takes 2"):
        tracker.feed("3 1 PENG F4")


def test_a_promoted_kong_leaves_a_chow_from_the_same_tile_a_chow():
    tracker = fed(2, "1 0 0 0 0 " + names(CLAIM[2]), "3 0 DRAW", "3 0 PLAY B5", "3 1 CHI B5 F4",
                  "2 J3", "3 2 PLAY J3", "3 3 DRAW", "3 3 PLAY J3", "3 0 DRAW", "3 0 PLAY B4",
                  "3 1 PENG F3", "2 J3", "3 2 PLAY J3", "3 3 DRAW", "3 3 PLAY J3", "3 0 DRAW",
                  "3 0 PLAY J3", "3 1 DRAW", "3 1 BUGANG B4", "3 1 DRAW")
    assert tracker.view().exposed[1] == (Meld.chow(12, claimed=13, source=0),
                                         Meld.kong(12, claimed=12, source=0))


@pytest.mark.parametrize("discard, answer, next_request, claim", [
    ("B5", "PENG", "3 1 PENG F4", "pung"), ("F2", "GANG", "3 1 GANG", "kong")])
def test_a_claim_answer_is_the_next_requests_first_event(discard, answer, next_request, claim):
    tracker = fed(1, *CLAIM_1, f"3 0 PLAY {discard}")  # seat 1 holds B5 B5 and F2 F2 F2
    tracker.answered(answer)
    assert tracker.feed(next_request)[0] == {"actor": 1, "kind": "claim", "claim": claim,
                                             "tile": kind_of(discard)}


def test_a_table_other_than_botzones_or_mjsims_is_refused():
    with pytest.raises(ValueError, match="the tables are botzone, mcr, not 'tenhou'"):
        Tracker(table="tenhou")


@pytest.mark.parametrize("requests", [[], ["3 0 DRAW"], ["3 0 DRAW", "3 0 GANG"]])
def test_another_seats_turn_is_a_discard_phase_with_nothing_legal(requests):
    # after the deal, another seat's draw, its concealed kong
    view = fed(1, "1 0 0 0 0 " + names(CLAIM[1]), *requests).view()
    assert (view.phase, view.drawn, view.window, view.legal) == ("discard", None, None, [])


def test_an_own_concealed_kong_with_no_answer_heard_is_refused_in_words():
    tracker = fed(0, TURN_DEAL, "2 F1")  # answered() never told
    with pytest.raises(ValueError, match="a concealed kong, but the seat answered ''"):
        tracker.feed("3 0 GANG")


@pytest.mark.parametrize("length, shown", [(200, "'3 0 " + "X" * 196 + "'"),
                                           (201, "'3 0 " + "X" * 196 + "... (201 characters)'")])
def test_a_long_request_is_named_by_its_first_200_characters(length, shown):
    tracker = fed(0, "1 0 0 0 0 " + names(CLAIM[1]))
    with pytest.raises(ValueError) as refusal:
        tracker.feed("3 0 " + "X" * (length - 4))
    assert f"Botzone request 2 {shown}:" in str(refusal.value)


def test_the_seats_own_draw_is_refused_as_a_draw_of_another_seat():
    # Botzone tells the seat its draw as '2 tile'; '3 0 DRAW' to seat 0 once went through,
    # leaving seat 0 on turn with thirteen tiles and nothing to play
    tracker = fed(0, "1 0 0 0 0 " + names(CLAIM[1]))
    with pytest.raises(ValueError, match="seat 0 is this seat, whose draws come as '2 tile'"):
        tracker.feed("3 0 DRAW")


@pytest.mark.parametrize("requests", [
    ["1 2 0 0 0 " + names(CLAIM[1]) + " H1 H1"],
    ["1 0 1 0 0 " + names(CLAIM[1]) + " H1", "3 0 BUHUA H1"]])
def test_a_flower_shown_twice_is_refused(requests):
    # the wall has one of each flower; a second H1 was taken, in the deal or by BUHUA
    with pytest.raises(ValueError, match="a second H1: the wall has one of each flower"):
        fed(0, *requests)
