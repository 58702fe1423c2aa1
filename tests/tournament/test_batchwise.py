"""A run's tables read a few batches at a time: the same frames as its files read one by one and
concatenated, the same standings and prices as the whole table gives, and analyses of table,
price and ladder runs that never hold a table whole (what keeps a million-hand run's memory
flat)."""

from functools import partial
from itertools import combinations

import pandas as pd
import pytest

from mjsim.tournament import ladder, price, store, table
from mjsim.tournament.estimates import COLUMNS as PRICED_COLUMNS
from mjsim.tournament.estimates import priced_seats
from mjsim.tournament.experiments import wall_sums
from mjsim.tournament.pricing import control_check, paired_differences
from mjsim.tournament.rankings import (
    WALL_COLUMNS,
    WallSums,
    competition,
    contrasts,
    first_shares,
    standings,
)
from mjsim.tournament.records import COLUMNS, TABLES
from mjsim.tournament.schedule import rotations
from mjsim.tournament.store import SORT_KEYS, RunFolder, Tables
from mjsim.tournament.triggers import trigger_rows, with_triggers
from mjsim.ui.cli import main

LINEUP = "1,1,1,2"
WALLS = 5


@pytest.fixture(scope="module")
def run_folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("table")
    table(LINEUP, out, walls=WALLS, seed="batchwise", quiet=True)
    return RunFolder(out)


def file_by_file(folder, name):
    """What loading a table was: each finished batch's file read by pandas, the empty ones left
    out, concatenated and sorted."""
    frames = [pd.read_parquet(folder.path / "tables" / name / f"b{batch:06d}.parquet")
              for batch in sorted(folder.done())]
    frame = pd.concat([frame for frame in frames if not frame.empty], ignore_index=True)
    return frame.sort_values(SORT_KEYS[name], kind="stable", ignore_index=True)


@pytest.mark.parametrize("name", TABLES)
def test_a_table_loads_as_its_files_read_one_by_one_and_concatenated(run_folder, name,
                                                                     monkeypatch):
    monkeypatch.setattr(store, "SCAN_BATCHES", 2)  # three reads of five batches, concatenated
    whole = run_folder.load(name)
    pd.testing.assert_frame_equal(whole, file_by_file(run_folder, name))
    columns = [*SORT_KEYS[name], COLUMNS[name][-1]]
    pd.testing.assert_frame_equal(run_folder.load(name, columns), whole[columns])
    with pytest.raises(ValueError, match="no column nothing"):
        run_folder.load(name, ["seed", "nothing"])


def test_a_scan_reads_batches_a_few_at_a_time_and_only_the_columns_asked_for(run_folder):
    frames = list(run_folder.scan("seats", ["seed", "points"], batches=2))
    assert [len(frame) for frame in frames] == [32, 32, 16]  # 4 games of 4 seats a batch
    assert all(list(frame.columns) == ["seed", "points"] for frame in frames)
    assert [frame["seed"].nunique() for frame in frames] == [2, 2, 1]
    whole = run_folder.load("seats")
    assert sorted(zip(*(pd.concat(frames)[column] for column in ("seed", "points")))) == sorted(
        zip(whole["seed"], whole["points"]))
    extent = run_folder.extent()
    assert extent == (WALLS, 4 * WALLS, ("green-book",))


def seats_row(seed, seat, points, **changes):
    row = {column: 0 for column in COLUMNS["seats"]}
    row.update(seed=seed, lineup="1,1,1,1", ruleset="green-book", seat=seat, variant="1",
               points=points, place=seat + 1)
    row.update(changes)
    return row


def test_files_whose_columns_differ_or_lack_one_load_as_pandas_aligns_them(tmp_path):
    """A batch whose column has no value anywhere has no type, and a folder made before a
    column was recorded lacks it: such files are read by pandas and concatenated, as before."""
    folder = tmp_path / "tables" / "seats"
    folder.mkdir(parents=True)
    frames = [
        pd.DataFrame([seats_row("w-0", seat, 10 - seat) for seat in range(4)]),
        pd.DataFrame([seats_row("w-1", seat, seat, variant=None) for seat in range(4)]),
        pd.DataFrame([seats_row("w-2", seat, 0) for seat in range(4)]).drop(columns="changed"),
        pd.DataFrame(columns=COLUMNS["seats"]),  # a batch without rows
    ]
    for batch, frame in enumerate(frames):
        frame.to_parquet(folder / f"b{batch:06d}.parquet", index=False)
    run = RunFolder(tmp_path)
    expected = file_by_file(run, "seats")
    assert expected["changed"].isna().sum() == 4 and expected["variant"].isna().sum() == 4
    for batches in (1, 2, 4):
        frames_read = list(run.scan("seats", batches=batches))
        assert sum(len(frame) for frame in frames_read) == 12
    pd.testing.assert_frame_equal(run.load("seats"), expected)
    pd.testing.assert_frame_equal(run.load("seats", ["seed", "changed"]),
                                  expected[["seed", "changed"]])
    with pytest.raises(FileNotFoundError):  # a misspelled path is no run without games
        RunFolder(tmp_path / "none").load("seats")


@pytest.mark.parametrize("batches", [1, 2, 100])
def test_the_standings_summed_batch_by_batch_are_those_of_the_whole_table(run_folder, batches):
    seats = run_folder.load("seats")
    sums = WallSums.of_frames(run_folder.scan("seats", WALL_COLUMNS, batches=batches))
    whole = standings(seats)
    pd.testing.assert_frame_equal(standings(sums), whole, check_exact=True)
    order = list(whole["variant"])
    pd.testing.assert_frame_equal(contrasts(sums, order), contrasts(seats, order),
                                  check_exact=True)
    pd.testing.assert_frame_equal(competition(sums, 2), competition(seats, 2), check_exact=True)
    # What the table command found, written with every digit.
    written = pd.read_csv(run_folder.path / "standings.csv", dtype={"variant": str})
    pd.testing.assert_frame_equal(written, whole, check_dtype=False, check_exact=True)


def test_wall_sums_of_frames_that_split_a_wall_add_its_games(run_folder):
    # A frame holds whole games, not whole walls: each wall's games here fall in four frames
    # (one a rotation), and its sums are theirs added.
    seats = run_folder.load("seats", list(WALL_COLUMNS))
    frames = [games for _, games in seats.groupby("lineup")]
    assert len(frames) == 4 and all(games["seed"].nunique() == WALLS for games in frames)
    split, whole = WallSums.of_frames(frames), WallSums.of(seats)
    pd.testing.assert_frame_equal(split.cells, whole.cells, check_exact=True)
    pd.testing.assert_series_equal(split.wins, whole.wins, check_exact=True)


def test_wall_sums_of_no_frames_are_empty_and_make_no_standings():
    sums = WallSums.of_frames(iter([]))  # a run that finished no batch
    assert sums.cells.empty and sums.wins.empty
    with pytest.raises(ValueError, match="^no games to make standings of$"):
        standings(sums)


def test_wall_sums_are_each_walls_games_counted_by_hand(run_folder):
    seats = run_folder.load("seats")
    sums = wall_sums(run_folder.path)
    for (seed, variant), cell in sums.cells.iterrows():
        mine = seats[(seats["seed"] == seed) & (seats["variant"] == variant)]
        assert cell["games"] == len(mine) and cell["points"] == mine["points"].sum()
        assert cell["place"] == mine["place"].sum()
        assert cell["first"] == pytest.approx(first_shares(seats)[mine.index].sum())
    assert sums.cells["rank_points"].groupby(level="seed").sum().eq(10 * 4).all()  # 4 games
    wins: dict[tuple[str, str, str], float] = {}
    for (seed, _), game in seats.groupby(["seed", "lineup"]):
        for a, b in combinations(game.itertuples(), 2):
            if a.variant == b.variant:
                continue
            for one, other in ((a, b), (b, a)):
                key = (seed, one.variant, other.variant)
                score = 1.0 if one.place < other.place else 0.5 if one.place == other.place else 0
                wins[key] = wins.get(key, 0.0) + score
    assert sums.wins.to_dict() == wins


@pytest.fixture
def reads(monkeypatch):
    """The reads of a run's files (files, columns, whether whole), two batches at a time; loading
    a table whole fails."""
    def whole(*_args, **_kwargs):
        raise AssertionError("the analysis read a whole table")

    reads = []
    read = store._read

    def counted(paths, columns, whole):
        reads.append((len(paths), tuple(columns), whole))
        return read(paths, columns, whole)

    monkeypatch.setattr(RunFolder, "load", whole)
    monkeypatch.setattr(Tables, "__getitem__", whole)
    monkeypatch.setattr(store, "_read", counted)
    monkeypatch.setattr(store, "SCAN_BATCHES", 2)
    return reads


def test_the_analysis_of_a_table_run_reads_batches_never_a_whole_table(tmp_path, reads, capsys):
    """The command plays, sums the standings and draws its figures reading two batches at a
    time and only the columns it needs: loading a table would fail here."""
    out = tmp_path / "run"
    argv = ["table", LINEUP, "--walls", "3", "--jobs", "1", "--quiet", "--out", str(out)]
    assert main(argv) == 0
    assert "points/game" in capsys.readouterr().out and (out / "standings.png").exists()
    assert reads and all(paths <= 2 and not whole for paths, _, whole in reads)
    assert {columns for _, columns, _ in reads} == {WALL_COLUMNS, ("seed", "lineup", "ruleset")}
    reads.clear()
    assert main(argv) == 0  # the finished run again: its analysis alone
    assert reads and all(paths <= 2 for paths, _, _ in reads)


def test_a_ladders_standings_are_those_of_its_rotated_games(tmp_path):
    report = ladder(tmp_path, rungs=("1", "2"), walls=2, seed="batchwise", quiet=True)
    seats = RunFolder(tmp_path).load("seats")
    rotated = {",".join(lineup) for lineup in rotations(("1", "1", "2", "2"))}
    pd.testing.assert_frame_equal(report.standings,
                                  standings(seats[seats["lineup"].isin(rotated)]),
                                  check_exact=True)
    assert report.standings["games"].sum() == 2 * 4 * len(rotated)
    # Each step of the ladder, then each idea of its top rung, priced against that rung.
    assert list(zip(report.estimates["kind"], report.estimates["baseline"],
                    report.estimates["challenger"])) == [
        ("step", "1", "2"), ("idea", "2", "2-shanten"), ("idea", "2", "2-claims")]



IDEAS = ["shanten", "claims"]
PRICED = {"level": 2, "walls": 11, "seed": "batchwise", "quiet": True}
"""Rung 2's two ideas on eleven walls: control games on walls 0 and 10."""
LADDER = {"rungs": ("1", "2"), "walls": 3, "seed": "batchwise", "quiet": True}


@pytest.fixture(scope="module")
def price_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("price")
    price(IDEAS, out, **PRICED)
    return RunFolder(out)


@pytest.fixture(scope="module")
def ladder_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("ladder")
    ladder(out, **LADDER)
    return RunFolder(out)


@pytest.mark.parametrize("batches", [1, 2, 100])
def test_what_a_price_reads_batch_by_batch_is_what_the_whole_table_gives(price_run, ladder_run,
                                                                        batches):
    challengers = [f"2-{idea}" for idea in IDEAS]
    estimates = pd.DataFrame({"challenger": [*challengers, "2"]})  # "2": a step, no counts
    # The price's control games are on walls 0 and 10; the ladder's on wall 0, for each step.
    for run, controls in ((price_run, {"2": 2}), (ladder_run, {"1": 1, "2": 1})):
        seats = run.load("seats")
        read = priced_seats(run.path, list(controls), batches)
        frames = list(run.scan("seats", PRICED_COLUMNS, batches))
        assert len(frames) == -(-len(run.done()) // batches)
        for baseline, played in controls.items():
            whole = paired_differences(seats, baseline)
            assert len(whole) > 0
            pd.testing.assert_frame_equal(read.differences[baseline], whole, check_exact=True)
            assert read.health(baseline) == control_check(seats, baseline) == (played, 0.0)
        pd.testing.assert_frame_equal(trigger_rows(read.counts, challengers),
                                      trigger_rows(seats, challengers), check_exact=True)
        pd.testing.assert_frame_equal(with_triggers(estimates, read.counts),
                                      with_triggers(estimates, seats), check_exact=True)


def whole_table_report(run, analyse, monkeypatch):
    """The report of ``analyse`` reading the seats table in one frame: the whole table."""
    seats = run.load("seats")
    with monkeypatch.context() as patched:
        patched.setattr(RunFolder, "scan",
                        lambda self, table, columns, batches=None: iter([seats[list(columns)]]))
        return analyse()


@pytest.mark.parametrize("batches", [1, 2, 100])
def test_prices_and_a_ladder_read_batch_by_batch_equal_those_of_the_whole_table(
        price_run, ladder_run, batches, monkeypatch):
    analyses = [(price_run, partial(price, IDEAS, price_run.path, **PRICED)),
                (ladder_run, partial(ladder, ladder_run.path, **LADDER))]
    expected = [whole_table_report(run, analyse, monkeypatch) for run, analyse in analyses]
    monkeypatch.setattr(store, "SCAN_BATCHES", batches)
    for (_, analyse), whole in zip(analyses, expected):
        report = analyse()
        assert len(report.estimates) >= 2 and report.estimates["value_hand"].notna().all()
        pd.testing.assert_frame_equal(report.estimates, whole.estimates, check_exact=True)
        pd.testing.assert_frame_equal(report.standings, whole.standings, check_exact=True)


@pytest.mark.parametrize("command", [
    ["price", "shanten", "claims", "--level", "2"], ["ladder", "--rungs", "1,2"]])
def test_the_analysis_of_a_price_or_a_ladder_reads_batches_never_a_whole_table(
        tmp_path, reads, capsys, command):
    """A price and a ladder (its standings too) read their seats table two batches at a time,
    only the columns each part of their analysis needs."""
    out = tmp_path / "run"
    argv = [*command, "--walls", "3", "--jobs", "1", "--quiet", "--out", str(out)]
    assert main(argv) == 0
    assert "shanten" in capsys.readouterr().out and (out / "prices.png").exists()
    assert reads and all(paths <= 2 and not whole for paths, _, whole in reads)
    read = {columns for _, columns, _ in reads}
    assert read == {PRICED_COLUMNS, ("seed", "lineup", "ruleset"),
                    *([WALL_COLUMNS] if command[0] == "ladder" else [])}
    reads.clear()
    assert main(argv) == 0  # the finished run again: its analysis alone
    assert reads and all(paths <= 2 and not whole for paths, _, whole in reads)
