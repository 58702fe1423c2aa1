"""Moves as values, and the window's priority logic on its own."""

import itertools
import json

import numpy as np
import pytest

from mjsim.game.moves import (
    CHOWS,
    DISCARDS,
    KONG,
    KONGS,
    MOVE_KINDS,
    PASS,
    PUNG,
    WIN,
    Move,
    claimed_meld,
)
from mjsim.game.window import Window, claim_key
from mjsim.tiles.meld import Meld


def test_repr_reads_back_as_code():
    for move in (Move("discard", tile=5), Move("chow", tiles=(3, 4, 5)), Move("pass"),
                 Move("kong", tile=31)):
        assert eval(repr(move)) == move
    assert repr(Move("discard", tile=5)) == "Move('discard', tile=5)"


def test_equal_moves_compare_equal_and_hash_alike():
    move = Move("discard", tile=5)
    assert move == DISCARDS[5] and hash(move) == hash(DISCARDS[5])
    assert Move("chow", tiles=[5, 3, 4]) == CHOWS[3]
    assert len({Move("pung"), PUNG, Move("kong"), KONG, KONGS[0], Move("kong", tile=0)}) == 3
    assert Move("discard", tile=np.int64(5)) == DISCARDS[5]
    assert type(Move("discard", tile=np.uint8(5)).tile) is int


def test_moves_are_frozen():
    with pytest.raises(AttributeError):
        PASS.kind = "win"


@pytest.mark.parametrize(("args", "error"), [
    (("riichi",), ValueError),
    (("discard", "5m"), TypeError),
    (("discard", True), TypeError),
    (("chow", None, ("a", "b", "c")), TypeError),
])
def test_bad_moves_raise(args, error):
    with pytest.raises(error):
        Move(*args)


def test_dict_form_round_trips_through_json():
    for kind in MOVE_KINDS:
        for move in (Move(kind), Move(kind, tile=7), Move(kind, tiles=(1, 2, 3))):
            assert Move.from_dict(json.loads(json.dumps(move.to_dict()))) == move


def test_claim_order_win_then_pung_or_kong_then_chow_then_nearness():
    for source in range(4):
        seats = [(source + d) % 4 for d in (1, 2, 3)]
        wins = [claim_key(WIN, s, source) for s in seats]
        assert wins == sorted(wins, reverse=True)              # nearer wins first
        assert min(wins) > max(claim_key(m, s, source) for m in (PUNG, KONG) for s in seats)
        assert min(claim_key(m, s, source) for m in (PUNG, KONG) for s in seats) \
            > claim_key(CHOWS[0], seats[0], source) > claim_key(PASS, seats[0], source)


def test_window_waits_only_on_seats_that_could_change_the_outcome():
    window = Window("discard", 4, source=0, may={1: [CHOWS[3]], 2: [WIN], 3: [WIN, PUNG]})
    assert window.waiting_on() == [1, 2, 3]
    window.answer(3, WIN)
    assert window.waiting_on() == [2]                 # seat 1 can only chow: moot
    window.answer(2, PASS)
    assert window.waiting_on() == [] and window.outcome() == (3, WIN)


def test_window_every_order_of_answers_gives_the_best_claim():
    may = {1: [CHOWS[3], WIN], 2: [WIN], 3: [PUNG]}
    choices = {1: [CHOWS[3], WIN, PASS], 2: [WIN, PASS], 3: [PUNG, PASS]}
    for answers in itertools.product(*choices.values()):
        chosen = dict(zip(choices, answers))
        for order in itertools.permutations(chosen):
            window = Window("discard", 4, source=0, may={s: list(m) for s, m in may.items()})
            for seat in order:
                if seat in window.waiting_on():
                    window.answer(seat, chosen[seat])
            best = max(((claim_key(m, s, 0), s, m) for s, m in chosen.items()
                        if m is not PASS), default=None)
            assert window.waiting_on() == []
            assert window.outcome() == (None if best is None else (best[1], best[2]))


def test_window_as_dict():
    window = Window("rob", 20, source=0, may={3: [WIN], 2: [WIN]})
    window.answer(3, PASS)
    assert window.as_dict() == {"kind": "rob", "tile": 20, "from": 0,
                                "may": {2: [WIN], 3: [WIN]}, "answers": {3: PASS}}
    copy = window.copy()
    copy.answer(2, WIN)
    assert window.answers == {3: PASS}


def test_claimed_meld_is_the_meld_a_window_move_makes_of_the_discard():
    assert claimed_meld(PUNG, 7, 3) == Meld.pung(7, claimed=7, source=3)
    assert claimed_meld(KONG, 30, 0) == Meld.kong(30, claimed=30, source=0)
    assert claimed_meld(CHOWS[18], 20, 1) == Meld.chow(18, claimed=20, source=1)
    with pytest.raises(ValueError, match="makes no meld"):
        claimed_meld(PASS, 7, 3)
