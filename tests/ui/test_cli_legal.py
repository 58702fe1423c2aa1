"""`mjsim shanten` shows the legal distance beside the shanten."""

from mjsim.ui.cli import main


def test_shanten_shows_the_legal_distance(capsys):
    assert main(["shanten", "123m 567p 234s 678s 9p"]) == 0
    out = capsys.readouterr().out
    assert "shanten: 0 (ready)" in out
    assert "legal distance: 2 (draws to an 8-point win on a discard)" in out


def test_a_far_hand_shows_the_bound(capsys):
    assert main(["shanten", "1m 5m 9m 2p 6p 1s 5s 9s E S W N R"]) == 0
    assert "legal distance: at least 4" in capsys.readouterr().out
