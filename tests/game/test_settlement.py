import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.game.settlement import BASE, HANDS, ROUNDS, SEATS, finished, places, settle, winner


def test_constants_follow_the_rulebook():
    assert (BASE, SEATS, HANDS, ROUNDS) == (8, 4, 16, 4)
    assert HANDS == ROUNDS * SEATS


def test_discard_win_worked_numbers():
    # docs/rules.md#settlement with X = 20: discarder -28, the other two -8, winner +44.
    assert settle(1, "discard", 20, discarder=3) == [-8, 44, -8, -28]


def test_self_drawn_worked_numbers():
    assert settle(0, "self", 20) == [84, -28, -28, -28]


def test_seed_synopsis():
    assert settle(2, "discard", 16, discarder=0) == [-24, -8, 40, -8]


def test_robbing_settles_as_a_discard_by_the_promoter():
    assert settle(0, "rob", 9, discarder=2) == settle(0, "discard", 9, discarder=2)
    assert settle(0, "rob", 9, discarder=2)[2] == -(BASE + 9)


def test_exhausted_moves_nothing():
    assert settle(None, "exhausted") == [0, 0, 0, 0]


def test_a_win_with_no_points_given_pays_the_base_alone():
    assert settle(1, "self") == [-BASE, 3 * BASE, -BASE, -BASE]
    assert settle(1, "discard", discarder=2) == [-BASE, 3 * BASE, -BASE, -BASE]


def test_a_way_of_ending_it_does_not_know_is_named_even_with_a_discarder():
    # With a discarder given, an unknown way would otherwise settle as a discard win.
    with pytest.raises(ValueError, match="^no way of ending a hand called 'tsumo'; the ways "
                                         "are self, discard, rob, exhausted$"):
        settle(0, "tsumo", 8, discarder=1)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 3), st.sampled_from(["self", "discard", "rob"]), st.integers(0, 400),
       st.integers(1, 3))
def test_deltas_sum_to_zero_and_only_the_winner_gains(seat, by, points, offset):
    discarder = None if by == "self" else (seat + offset) % 4
    deltas = settle(seat, by, points, discarder)
    assert sum(deltas) == 0
    assert deltas[seat] > 0 and all(d < 0 for s, d in enumerate(deltas) if s != seat)
    gain = 3 * points + 3 * BASE if by == "self" else points + 3 * BASE
    assert deltas[seat] == gain


@pytest.mark.parametrize("args", [
    (4, "self", 8, None),            # no seat 4
    (-1, "self", 8, None),
    (True, "self", 8, None),         # a bool is not a seat
    (0, "discard", 8, None),         # a discard win needs a discarder
    (0, "rob", 8, None),
    (0, "discard", 8, 0),            # not on one's own discard
    (0, "discard", 8, 5),
    (0, "self", 8, 1),               # a self-drawn win has no discarder
    (0, "tsumo", 8, None),           # a way it does not know
    (0, "exhausted", 0, None),       # an exhausted hand has no winner
    (0, "self", -1, None),
])
def test_bad_arguments_raise(args):
    with pytest.raises(ValueError):
        settle(*args)


def test_seats_level_on_totals_share_the_average_of_the_places_they_span():
    assert places([40, -10, 40, -70]) == [1.5, 3, 1.5, 4]
    assert places([0, 0, 0, 0]) == [2.5, 2.5, 2.5, 2.5]
    assert places([-5, 10, 3, -8]) == [3, 1, 2, 4]
    assert places([7, 7, -7, -7]) == [1.5, 1.5, 3.5, 3.5]
    assert places([9, -3, -3, -3]) == [1, 3, 3, 3]  # Botzone's table: a self-drawn win


def test_winner_is_the_sole_first():
    assert winner([40, -10, 40, -70]) is None
    assert winner([40, -10, 41, -71]) == 2


def test_finished_counts_hands():
    assert not finished(0) and not finished(HANDS - 1)
    assert finished(HANDS)
