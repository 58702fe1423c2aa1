"""Botzone answers read as moves at written positions (and refused, malformed or illegal, with
a reason saying why), and every legal move written as an answer and read back the same."""

import pytest

from mjsim.game.moves import CHOWS, DISCARDS, KONGS, PASS, PUNG, WIN, Move
from mjsim.game.rules import Rules
from mjsim.players import Rung
from mjsim.players.botzone.answers import answer_of, moves_of, spoken, words_of
from mjsim.players.protocol import Foul
from mjsim.players.view import view_of
from mjsim.tiles.botzone import kind_of
from tests.helpers.positions import SEAT0, SEAT1, SEAT3, apply_ok, position

SEAT2_PAIR = "55m 1589p 1589s ESW"  # holds a pair of the 5m seat 0 discards


def on_turn(hand):
    game = position(hands=(hand, SEAT1, "1589p 1589s ESWNB", SEAT3))
    return view_of(game, 0)


def after_discard():
    game = position(hands=(SEAT0, SEAT1, SEAT2_PAIR, SEAT3))
    apply_ok(game, 0, DISCARDS[kind_of("W5")])
    return game


def fouls(answer, view):
    with pytest.raises(Foul) as caught:
        moves_of(answer, view)
    assert caught.value.answer == answer
    return caught.value.reason


@pytest.mark.parametrize("answer", ["PLAY  W5", "PLAY W5 ", " PLAY W5", "", "PLAY", "PLAY W5 W5",
                                    "PLAY w5", "PLAY W0", "PLAY H9", "play W5", "PASS",
                                    "DISCARD W5"])
def test_answers_that_break_the_grammar_after_a_draw_are_malformed(answer):
    assert fouls(answer, on_turn(SEAT0)).startswith("malformed: ")


def test_a_double_space_is_named_as_botzone_splits_on_single_spaces():
    assert "single spaces" in fouls("PLAY  W5", on_turn(SEAT0))


def test_after_a_draw_play_discards_and_a_tile_not_held_is_illegal():
    view = on_turn(SEAT0)
    assert moves_of("PLAY W5", view) == [DISCARDS[kind_of("W5")]]
    assert moves_of("PLAY J1", view) == [DISCARDS[kind_of("J1")]]
    reason = fouls("PLAY W1", view)
    assert reason.startswith("illegal: ") and "PLAY W5" in reason  # it lists what it may do
    assert fouls("HU", view).startswith("illegal: ")
    assert fouls("GANG W5", view).startswith("illegal: ")


def test_gang_is_four_in_hand_and_bugang_a_promoted_pung():
    concealed = on_turn("1111m 89p 1589s ESWN")
    assert moves_of("GANG W1", concealed) == [KONGS[0]]
    assert "no exposed pung" in fouls("BUGANG W1", concealed)
    promoted = on_turn("pung(111m) 1m 89p 1589s ESWN")
    assert moves_of("BUGANG W1", promoted) == [KONGS[0]]
    assert "BUGANG" in fouls("GANG W1", promoted)


def test_a_pung_answer_names_the_discard_after_it_which_must_be_left_in_hand():
    view = view_of(after_discard(), 2)
    assert moves_of("PENG B1", view) == [PUNG, DISCARDS[kind_of("B1")]]
    assert moves_of("PASS", view) == [PASS]
    assert "no W5 is left" in fouls("PENG W5", view)
    assert fouls("PENG W1", view).startswith("illegal: ")
    for wrong in ("GANG", "HU", "CHI W5 B1"):
        assert fouls(wrong, view).startswith("illegal: ")
    for wrong in ("PLAY B1", "PENG", "PENG B1 B1", "CHI W5", "BUGANG W5"):
        assert fouls(wrong, view).startswith("malformed: ")


def test_a_chow_answer_names_its_middle_tile_and_the_discard_after_it():
    view = view_of(after_discard(), 1)
    assert moves_of("CHI W5 B1", view) == [CHOWS[kind_of("W4")], DISCARDS[kind_of("B1")]]
    for wrong, why in (("CHI W4 B1", "not a claim"), ("CHI W6 B1", "not a claim"),
                       ("CHI W5 W4", "no W4 is left"), ("CHI J1 B1", "no chow with middle J1"),
                       ("CHI W9 B1", "no chow with middle W9"), ("PENG B1", "not a claim"),
                       ("CHI W7 B1", "no chow with middle W7"), ("CHI W5 W6", "no W6 is left")):
        reason = fouls(wrong, view)
        assert reason.startswith("illegal: ") and why in reason, reason


@pytest.mark.parametrize(("answer", "choice", "ok"), [
    ("HU", "rob", True), ("PASS", "rob", True), ("PENG W1", "rob", False), ("GANG", "rob", False),
    ("PASS", None, True), ("HU", None, False), ("PLAY W1", None, False), ("PASS ", None, False),
    ("GANG", "discard", True), ("GANG W1", "discard", False), ("GANG W1", "draw", True),
    ("GANG", "draw", False), ("BUGANG F4", "draw", True), ("BUGANG J4", "draw", False)])
def test_the_grammar_of_each_kind_of_request(answer, choice, ok):
    if ok:
        assert words_of(answer, choice) == answer.split(" ")
    else:
        with pytest.raises(Foul, match="^malformed: "):
            words_of(answer, choice)


def test_answer_of_writes_each_kind_of_move():
    assert answer_of(None) == answer_of([]) == answer_of(PASS) == "PASS"
    assert answer_of(WIN) == "HU" and answer_of(Move("kong")) == "GANG"
    assert answer_of(DISCARDS[kind_of("T9")]) == "PLAY T9"
    assert answer_of(KONGS[0]) == "GANG W1"
    melds = on_turn("pung(111m) 1m 89p 1589s ESWN").hand.melds
    assert answer_of(KONGS[0], melds) == "BUGANG W1"
    assert answer_of([CHOWS[kind_of("B1")], DISCARDS[kind_of("F2")]]) == "CHI B2 F2"
    for odd in ([PUNG], [DISCARDS[0], DISCARDS[1]], [PUNG, WIN]):
        with pytest.raises(ValueError):
            answer_of(odd)
    with pytest.raises(ValueError, match="with the discard after it: PENG t2$"):
        answer_of(PUNG)
    with pytest.raises(ValueError, match="with the discard after it: CHI m t2$"):
        answer_of([CHOWS[0], WIN])


def _with_discard(view, claim):
    """The claim and the first tile left to discard after it."""
    counts = [int(n) for n in view.hand.counts]
    tile = view.window.tile
    used = [tile, tile] if claim.kind == "pung" else [k for k in claim.tiles if k != tile]
    for kind in used:
        counts[kind] -= 1
    return [claim, DISCARDS[next(k for k, n in enumerate(counts) if n > 0)]]


@pytest.mark.parametrize("seed", [b"round-trip-1", b"round-trip-2"])
def test_every_legal_move_written_as_an_answer_reads_back_as_itself(seed):
    game = Rules(seed, hand_no=1, last_hand=3)
    players = [Rung.parse(spec) for spec in ("3-claims", "3", "3-claims", "2")]
    checked = set()
    while game.waiting_on():
        seat = game.waiting_on()[0]
        view = view_of(game, seat)
        for move in view.legal:
            moves = _with_discard(view, move) if move.kind in ("pung", "chow") else [move]
            assert moves_of(answer_of(moves, view.hand.melds), view) == moves
            checked.add(move.kind)
        assert game.apply(seat, players[seat].act(view)) is True
    assert {"discard", "pass", "pung", "chow"} <= checked


def test_a_move_is_spoken_in_botzone_words_or_as_its_repr_when_no_answer_stands_for_it():
    assert [spoken(move) for move in (PASS, WIN, Move("kong"), KONGS[27], DISCARDS[33])] == [
        "PASS", "HU", "GANG", "GANG F1", "PLAY J3"]
    assert spoken(Move("pung")) == "PENG t2" and spoken(Move("chow", tiles=(12, 13, 14))) \
        == "CHI B5 t2"
    assert spoken(DISCARDS[0]) == "PLAY W1" and spoken(Move("discard", tile=41)) == "PLAY H8"
    assert spoken(Move("chow", tiles=(-1, 0, 1))) == "CHI W1 t2"  # spoken as offered
    assert spoken(Move("chow", tiles=(25, 26, 27))) == "CHI T9 t2"
    for odd in (None, "PLAY W1", Move("discard"), Move("discard", tile=99), Move("win", tile=3),
                Move("discard", tile=-1), Move("discard", tile=42), Move("chow", tiles=(-2, -1, 0)),
                Move("chow", tiles=(26, 27, 28))):
        assert spoken(odd) == repr(odd)


def test_a_malformed_answer_names_the_word_and_counts_the_tiles():
    with pytest.raises(Foul, match=r"^malformed: PLAY takes 1 tile\(s\), not 2$"):
        words_of("PLAY W5 W5", "draw")
    with pytest.raises(Foul, match=r"^malformed: CHI takes 2 tile\(s\), not 0$"):
        words_of("CHI", "discard")
    with pytest.raises(Foul, match=r"'X9' \(word 3\) is not a Botzone tile name"):
        words_of("CHI W5 X9", "discard")
    with pytest.raises(Foul, match=r"'W0' \(word 2\) is not a Botzone tile name"):
        words_of("PLAY W0", "draw")


def test_a_seat_with_no_move_may_only_pass_so_any_other_answer_is_malformed():
    view = view_of(after_discard(), 0)  # seat 0 waits while the others answer its discard
    assert not view.legal
    for answer in ("HU", "PENG W1", "PLAY W1"):
        assert fouls(answer, view).startswith("malformed: ")


def test_gang_of_four_in_hand_beside_an_exposed_pung_of_another_tile():
    view = on_turn("pung(111m) 2222m 9p 1589s EN")
    assert moves_of("GANG W2", view) == [KONGS[1]]
    assert "no exposed pung of W2" in fouls("BUGANG W2", view)
    assert answer_of(KONGS[1], view.hand.melds) == "GANG W2"



def test_a_chow_middle_must_be_inside_its_suit_and_next_to_the_discard():
    game = position(hands=(SEAT0, "46m 23p 1589s ESWNG", SEAT2_PAIR, SEAT3))
    apply_ok(game, 0, DISCARDS[kind_of("B1")])
    view = view_of(game, 1)
    assert moves_of("CHI B2 W4", view) == [CHOWS[kind_of("B1")], DISCARDS[kind_of("W4")]]
    for wrong in ("CHI W9 B2", "CHI B1 B2"):  # next to B1, but across the edge of the suit
        reason = fouls(wrong, view)
        assert reason.startswith(f"illegal: no chow with middle {wrong.split()[1]} holds B1"), \
            reason
