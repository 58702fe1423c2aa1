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


def test_null_check_counts_false_alarms_below_alpha_and_coverage_with_its_ends(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each replicate's estimate is taken on its own walls (SEED-nullR-0, ...), and the rates
    are counted by hand: p exactly 0.05 is no false alarm, an interval ending exactly at 0 holds
    it."""
    from mjsim.tournament import pricing

    given = [(0.0, 1.0, 0.05), (-1.0, 0.0, 0.0499), (0.1, 1.0, 0.2), (-0.5, 0.5, 0.9),
             (-2.0, -0.5, 0.001)]
    seen: list[list[str]] = []

    def fake_estimate(diffs: Any, challenger: str, baseline: str) -> Any:
        assert (challenger, baseline) == ("1?salt=2", "1")
        seen.append(sorted(diffs["seed"].unique()))
        low, high, p = given[len(seen) - 1]
        return pricing.Estimate(challenger, baseline, 2, 8, (low + high) / 2, 1.0, low, high,
                                p, 1.0, 1.0, 1.0, 1)

    monkeypatch.setattr(pricing, "estimate", fake_estimate)
    check = null_check(tmp_path, level=1, replicates=5, walls=2, seed="nc", salt=2,
                       backend="sequential", quiet=True)
    assert seen == [[f"nc-null{r}-0", f"nc-null{r}-1"] for r in range(5)]
    assert list(check.runs["p"]) == [0.05, 0.0499, 0.2, 0.9, 0.001]
    assert (check.false_alarms, check.coverage) == (2 / 5, 3 / 5)
    assert check.words == ("false alarms (p < 0.05) in 2 of 5 runs (40.0%, nominal 5%); the "
                           "interval held 0 in 3 of 5 (60.0%, nominal 95%)")


def test_null_check_takes_only_a_whole_salt(tmp_path: Any) -> None:
    with pytest.raises(TypeError, match="salt is a whole number"):
        null_check(tmp_path, salt=1.5)  # type: ignore[arg-type]
