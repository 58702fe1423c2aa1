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
    with pytest.raises(ValueError, match="its ruleset is 'green-book', not 'gb-mahjong'"):
        run(batches, tmp_path, ruleset="gb-mahjong", backend="sequential", quiet=True)


def test_an_extended_ladder_is_reported_as_a_sequential_look(tmp_path):
    from mjsim.tournament import ladder

    first = ladder(tmp_path, walls=3, seed="look", quiet=True)
    assert "looks" not in first.estimates.columns
    extended = ladder(tmp_path, walls=5, seed="look", quiet=True)
    assert set(extended.estimates["looks"]) == {"3"}
    assert (extended.estimates["low_hand"] <= extended.estimates["t_low_hand"] + 1e-9).all()
    assert (extended.estimates["high_hand"] >= extended.estimates["t_high_hand"] - 1e-9).all()


def test_a_folder_made_with_a_control_on_every_wall_resumes_and_extends_so(tmp_path):
    """Before the control game became a health check (one every tenth wall), every wall had
    one: such a folder, whose manifest records no ``control_every``, keeps that design."""
    from mjsim.tournament import resume
    from mjsim.tournament.schedule import challenger_games, control_game, priced_walls
    from mjsim.tournament.triggers import shadows

    old = priced_walls(wall_seeds("extend", 2), [(control_game("2"), challenger_games(
        "2", ["2-claims"]))], every=1)
    arguments = {"ideas": ["claims"], "baseline": "2", "walls": 2, "seed": "extend",
                 "until_decided": False, "delta": 0.5, "sd": 3.0}
    run(old, tmp_path, kind="price", arguments=arguments, backend="sequential", quiet=True,
        shadows=shadows("2", ["2-claims"]))
    assert resume(tmp_path, quiet=True).estimates.loc[0, "controls"] == 2
    grown = price(["claims"], tmp_path, walls=3, **OPTIONS)
    manifest = RunFolder(tmp_path).manifest()
    assert manifest["arguments"]["control_every"] == 1 and manifest["looks"] == [2]
    assert all(len(batch) == 5 for batch in manifest["batches"])   # a control on every wall
    assert grown.estimates.loc[0, "controls"] == 3
    new = price(["claims"], tmp_path / "new", walls=3, **OPTIONS)
    assert [len(b) for b in RunFolder(tmp_path / "new").manifest()["batches"]] == [5, 4, 4]
    assert new.estimates.loc[0, "controls"] == 1


def test_a_run_stopped_before_its_end_then_extended_records_no_look(tmp_path):
    # Its results were never read at its old size (a Ctrl-C, or limit), so the extended run's
    # intervals need not pay for a look there.
    batches = per_wall(wall_seeds("t", 4), [("1", "1", "1", "1")])
    run(batches[:3], tmp_path, backend="sequential", quiet=True, table="botzone", limit=2)
    run(batches, tmp_path, backend="sequential", quiet=True, table="botzone")
    assert RunFolder(tmp_path).manifest()["looks"] == []
    assert len(RunFolder(tmp_path).load("seats")) == 4 * 4
