"""The null check: a rung with its ties re-keyed, priced against itself."""

from typing import Any

import pytest

from mjsim.players import Rung
from mjsim.players.compare import Shadowed
from mjsim.players.driver import play
from mjsim.players.specs import load_player, parse_spec
from mjsim.tournament import play_game
from mjsim.tournament.null import null_check


def test_salt_zero_is_the_rung_itself_and_a_salt_only_breaks_ties_otherwise() -> None:
    assert str(parse_spec("3-defence?salt=0")) == "3-defence"
    assert load_player("3-defence?salt=2") == Rung(3, frozenset({"defence"}), salt=2)
    plain = play_game("salt", ("3", "3", "3", "3"))
    assert play_game("salt", ("3?salt=0", "3", "3", "3")).hands == plain.hands
    salted = Shadowed(Rung(3, salt=1), Rung(3))
    play(b"salt", [salted, Rung(3), Rung(3), Rung(3)], last_hand=4)
    # Ties are common (equal discards), but most decisions have one best move.
    assert 0 < salted.changed < salted.decisions / 2


def test_null_check_prices_each_replicate_on_its_own_walls(tmp_path: Any) -> None:
    check = null_check(tmp_path, level=1, replicates=3, walls=3, backend="sequential",
                       quiet=True)
    runs = check.runs
    assert list(runs["replicate"]) == [0, 1, 2] and runs["value_game"].nunique() == 3
    assert check.false_alarms == (runs["p"] < 0.05).mean()
    assert check.coverage == ((runs["low_game"] < 0) & (runs["high_game"] > 0)).mean()
    assert f"in {round(check.coverage * 3)} of 3 (" in check.words
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null0", "null1", "null2"]
    again = null_check(tmp_path, level=1, replicates=3, walls=3, backend="sequential",
                       quiet=True)  # resumed from the folders, the same answer
    assert again.runs.equals(runs)


@pytest.mark.parametrize("options, message", [
    ({"replicates": 1}, "^replicates is a whole number from 2 to 1000, not 1$"),
    ({"walls": 1}, "two or more walls"),
    ({"salt": 0}, "0 is the baseline"),
])
def test_null_check_refuses_what_cannot_check(tmp_path: Any, options: dict[str, int],
                                              message: str) -> None:
    with pytest.raises(ValueError, match=message):
        null_check(tmp_path, **options)
