"""Extending a finished run: more walls on the same folder keep every game played, equal a run of
the larger size played at once, and are reported as a sequential look."""

import pandas as pd
import pytest

from mjsim.tournament import RunFolder, price, run
from mjsim.tournament.schedule import per_wall, wall_seeds

OPTIONS = {"level": 2, "seed": "extend", "backend": "sequential", "quiet": True}


def test_extending_a_run_keeps_its_games_and_equals_one_run(tmp_path):
    first = price(["claims"], tmp_path / "grown", walls=3, **OPTIONS)
    assert "interval" not in first.estimates.columns   # a fixed run: its t interval
    assert first.estimates.loc[0, "estimand"] == "points 2 gains over 2-claims in a field of 2"
    kept = tmp_path / "grown" / "tables" / "seats" / "b000000.parquet"
    written = kept.stat().st_mtime_ns
    grown = price(["claims"], tmp_path / "grown", walls=5, **OPTIONS)
    once = price(["claims"], tmp_path / "once", walls=5, **OPTIONS)
    assert kept.stat().st_mtime_ns == written                 # not played again
    pd.testing.assert_frame_equal(grown.tables["seats"], once.tables["seats"])
    assert RunFolder(tmp_path / "grown").manifest()["looks"] == [3]
    row, fixed = grown.estimates.iloc[0], once.estimates.iloc[0]
    assert row["value_hand"] == fixed["value_hand"] and row["looks"] == "3"
    assert (row["t_low_hand"], row["t_high_hand"]) == (fixed["t_low_hand"],
                                                       fixed["t_high_hand"])
    assert row["low_hand"] < fixed["t_low_hand"] and row["high_hand"] > fixed["t_high_hand"]


def test_a_run_cut_short_or_changed_says_what_differs(tmp_path):
    batches = per_wall(wall_seeds("t", 2), [("1", "1", "1", "1")])
    run(batches, tmp_path, backend="sequential", quiet=True)
    with pytest.raises(ValueError, match="it has 2 walls, more than the 1 asked for"):
        run(batches[:1], tmp_path, backend="sequential", quiet=True)
    with pytest.raises(ValueError, match="its ruleset is green-book, not "):
        run(batches, tmp_path, ruleset="rulebook", backend="sequential", quiet=True)


def test_an_extended_ladder_is_reported_as_a_sequential_look(tmp_path):
    from mjsim.tournament import ladder

    first = ladder(tmp_path, walls=3, seed="look", quiet=True)
    assert "looks" not in first.estimates.columns
    extended = ladder(tmp_path, walls=5, seed="look", quiet=True)
    assert set(extended.estimates["looks"]) == {"3"}
    assert (extended.estimates["low_hand"] <= extended.estimates["t_low_hand"] + 1e-9).all()
    assert (extended.estimates["high_hand"] >= extended.estimates["t_high_hand"] - 1e-9).all()
