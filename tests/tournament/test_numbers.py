"""How shares and p-values are printed: the edges of each rule (mjsim.tournament.numbers)."""

from mjsim.tournament.numbers import p_value, percent


def test_an_exact_share_of_0_or_1_reads_as_it_is():
    assert (percent(0.0), percent(1.0), percent(0.0, 2)) == ("0%", "100%", "0.00%")


def test_a_share_near_0_or_1_gains_decimals_until_it_shows_the_gap():
    assert percent(0.00004) == "0.004%"  # 0%, 0.0%, 0.00% would hide it
    assert percent(0.99996, 1) == "99.996%"
    assert percent(0.5, 2) == "50.00%"


def test_the_decimals_stop_at_six_even_where_the_share_still_reads_0_or_100():
    assert percent(1e-12) == "0.000000%"
    assert percent(1 - 1e-12) == "100.000000%"
    assert percent(1e-8) == "0.000001%"  # a millionth of a percent shows at six


def test_a_p_value_reads_three_decimals_with_its_two_ends():
    assert p_value(0.001) == "0.001"  # the floor itself is no "<0.001"
    assert p_value(0.00099) == "<0.001" and p_value(0.0) == "<0.001"
    assert p_value(0.99949) == "0.999" and p_value(0.99951) == ">0.999"
    assert p_value(1.0) == "1.000" and p_value(0.5) == "0.500"
